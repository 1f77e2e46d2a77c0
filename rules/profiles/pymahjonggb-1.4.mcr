# pymahjonggb 1.4.0: the 2024 mahjong-algorithm, and the displays of the
# public judge (judge/main.cpp of ailab-pku/Chinese-Standard-Mahjong). It
# differs from the platform's 2018 calculator (`botzone`) in three ways:
#   - the three wait fans carry the names 独听・边张, 独听・嵌张, 独听・单钓;
#   - a knitted-straight win may count a wait fan on the straight's tiles
#     (the MIL ruling of 2023);
#   - between readings of equal total, one with 一色三同顺 or 三同刻 is
#     preferred, and seven pairs yields to a regular reading;
#   - a hand holding a kind more than 4 times is scored, not refused.
# Oracle: pymahjonggb 1.4.0 (tests/data/pymahjonggb-1.4/).
extends botzone
about "pymahjonggb 1.4.0 (2024 calculator) with the public judge/main.cpp's displays"

fan 独听・边张 "Edge Wait" = 1 replaces 边张
    when  unique_wait && win_at_chow_end
fan 独听・嵌张 "Closed Wait" = 1 replaces 嵌张
    when  unique_wait && win_in_chow_middle
fan 独听・单钓 "Single Wait" = 1 replaces 单钓将
    when  unique_wait && win_on_pair

policy tie_prefers = 一色三同顺, 三同刻
policy tie_yields = 七对
# It scores a hand that holds a kind more than 4 times.
policy tile_limit = none

game display = public_judge
