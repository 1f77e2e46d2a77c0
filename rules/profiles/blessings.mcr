# Blessings: 天和, 地和, 人和 for a hand won with the dealt hand or on the
# first discard (the `initial` win flag: `flags.initial` in hand records,
# `initial` in the notation), and the heavenly hand's rules.
# Oracle: pymahjonggb 1.4.0 built with SUPPORT_BLESSINGS 1.
extends pymahjonggb-1.4
about "天和 地和 人和 for wins on the dealt hand or the first discard (the initial flag)"

# Seat East is the dealer. A blessing needs a hand with no declared pack
# (a concealed kong rules it out too).
fan 天和 "Blessing of Heaven" = 8
    when  initial && self_drawn && seat_wind == 0 && fixed_packs == 0
    omits 不求人, 自摸
fan 地和 "Blessing of Earth" = 8
    when  initial && !self_drawn && seat_wind != 0 && fixed_packs == 0
    omits 门前清
# Won on another non-dealer's first discard: who discarded is not an input,
# so this fan is never counted (the reference scores 地和; a caller who knows
# relabels it).
fan 人和Ⅰ "Blessing of Human I" = 8 extension off
    when  initial && !self_drawn && seat_wind != 0 && fixed_packs == 0
    omits 门前清
fan 人和Ⅱ "Blessing of Human II" = 8
    when  initial && self_drawn && seat_wind != 0 && fixed_packs == 0
    omits 不求人, 自摸

# The heavenly hand (dealer, self-drawn on the dealt hand) has no wait.
fan 独听・边张
    when  unique_wait && win_at_chow_end && !(initial && self_drawn && seat_wind == 0 && fixed_packs == 0)
fan 独听・嵌张
    when  unique_wait && win_in_chow_middle && !(initial && self_drawn && seat_wind == 0 && fixed_packs == 0)
fan 独听・单钓
    when  unique_wait && win_on_pair && !(initial && self_drawn && seat_wind == 0 && fixed_packs == 0)

# The heavenly hand is nine gates whenever its 14 tiles are 1112345678999 of
# one suit plus one tile of it, whichever tile was drawn last: it is read as
# won on the extra tile (see the policy in rules/README.md).
policy nine_gates_whole_hand = initial && self_drawn && seat_wind == 0 && fixed_packs == 0

# Played at the platform's table: its displays, not the public judge's.
game display = platform
