# The fans of Chinese Standard Mahjong (MCR), as the Botzone platform's judge
# counts them: the 2018 mahjong-algorithm, pymahjonggb 1.1.0's calculator
# (profiles/pymahjonggb-1.4.mcr states what the 2024 algorithm changes). The order of the fans below IS the fan
# index (1, 2, ...; 0 is "none"): fan lists are printed in this order.
#
#   fan <名> "<English name>" = <value> [extension on|off]
#       when  <condition>            the fan counts once when the condition holds
#       when  chows(N): <relation>   a relation between N chows (see README)
#       when  pungs(N): <relation>   a relation between N pungs or kongs
#       count <number>               the fan counts this many times
#       at_most N                    ... but at most N times
#       omits <fan>, <fan> x1, ...   不计: fans this one makes uncountable
#                                    (`x1`: only one of them; on a set fan:
#                                    only the sets this fan uses)
#
# Conditions are written with the primitives listed in rules/README.md.
# Every fan appears in the reading (decomposition) that scores best; a fan
# that is omitted omits nothing itself.

# Wind and dragon groups are of different winds or dragons (distinct_tiles):
# the reference names the tiles, so two pungs of one kind (a fifth or sixth
# copy, which it does not refuse) are not two of them. 双箭刻 only asks for dragons.
fan 大四喜 "Big Four Winds" = 88
    when  pungs(4): all(wind) && distinct_tiles
    omits 碰碰和, 幺九刻, 圈风刻, 门风刻

fan 大三元 "Big Three Dragons" = 88
    when  pungs(3): all(dragon) && distinct_tiles
    omits 箭刻

fan 绿一色 "All Green" = 88
    when  all_tiles(green)
    omits 混一色, 缺一门

fan 九莲宝灯 "Nine Gates" = 88
    when  nine_gates
    omits 清一色, 门前清, 不求人, 无字, 幺九刻 x1

fan 四杠 "Four Kongs" = 88
    when  kongs == 4
    omits 碰碰和, 单钓将

fan 连七对 "Seven Shifted Pairs" = 88
    when  seven_pairs && shifted_pairs
    omits 七对, 清一色, 无字, 门前清, 不求人, 单钓将

fan 十三幺 "Thirteen Orphans" = 88
    when  thirteen_orphans
    omits 五门齐, 混幺九, 门前清, 不求人, 单钓将

fan 清幺九 "All Terminals" = 64
    when  all_tiles(terminal)
    omits 混幺九, 碰碰和, 全带幺, 幺九刻, 无字, 双同刻

fan 小四喜 "Little Four Winds" = 64
    when  pung_kinds(wind) == 3 && pair_is(wind)
    omits 三风刻, 幺九刻

# Two pungs of dragons (of one dragon too, with six copies) and a dragon pair;
# three pungs of the three dragons alone are 大三元, as in the reference.
fan 小三元 "Little Three Dragons" = 64
    when  pair_is(dragon) && count_pungs(dragon) >= 2 && !(count_pungs(dragon) == 3 && pung_kinds(dragon) == 3)
    omits 双箭刻, 箭刻

fan 字一色 "All Honors" = 64
    when  all_tiles(honor)
    omits 混幺九, 碰碰和, 全带幺, 幺九刻, 缺一门

fan 四暗刻 "Four Concealed Pungs" = 64
    when  concealed_pungs == 4
    omits 碰碰和, 门前清, 不求人

fan 一色双龙会 "Pure Terminal Chows" = 64
    when  chows(4): same_suit && ranks(2, 2, 8, 8) && pair_rank(5) && pair_same_suit
    omits 清一色, 平和, 无字

fan 一色四同顺 "Quadruple Chow" = 48
    when  chows(4): same_tile
    omits 四归一

fan 一色四节高 "Four Pure Shifted Pungs" = 48
    when  pungs(4): all(numbered) && same_suit && shifted(1)
    omits 碰碰和

fan 一色四步高 "Four Pure Shifted Chows" = 32
    when  chows(4): same_suit && (shifted(1) || shifted(2))

fan 三杠 "Three Kongs" = 32
    when  kongs == 3

fan 混幺九 "All Terminals and Honors" = 32
    when  all_tiles(terminal_or_honor)
    omits 碰碰和, 全带幺, 幺九刻

fan 七对 "Seven Pairs" = 24
    when  seven_pairs
    omits 门前清, 不求人, 单钓将

fan 七星不靠 "Greater Honors and Knitted Tiles" = 24
    when  honors_knitted && distinct_honors == 7
    omits 全不靠, 五门齐, 门前清, 不求人, 单钓将

fan 全双刻 "All Even Pungs" = 24
    when  regular && all_packs_pung_of(even)
    omits 碰碰和, 断幺, 无字

fan 清一色 "Full Flush" = 24
    when  voided_suits == 2 && !any_tile(honor)
    omits 无字

fan 一色三同顺 "Pure Triple Chow" = 24
    when  chows(3): same_tile

fan 一色三节高 "Pure Shifted Pungs" = 24
    when  pungs(3): all(numbered) && same_suit && shifted(1)

fan 全大 "Upper Tiles" = 24
    when  all_tiles(rank_in(7, 9))
    omits 大于五, 无字

# Fourteen 4s (or 6s) take five copies of two kinds; the reference counts
# them 小于五 (大于五), not 全中.
fan 全中 "Middle Tiles" = 24
    when  all_tiles(rank_in(4, 6)) && !all_tiles(rank(4)) && !all_tiles(rank(6))
    omits 断幺, 无字

fan 全小 "Lower Tiles" = 24
    when  all_tiles(rank_in(1, 3))
    omits 小于五, 无字

fan 清龙 "Pure Straight" = 16
    when  chows(3): same_suit && ranks(2, 5, 8)

fan 三色双龙会 "Three-Suited Terminal Chows" = 16
    when  chows(4): ranks(2, 2, 8, 8) && suit_count == 2 && each_suit_ranks(2, 8) && pair_rank(5) && pair_new_suit
    omits 平和, 无字

fan 一色三步高 "Pure Shifted Chows" = 16
    when  chows(3): same_suit && (shifted(1) || shifted(2))

fan 全带五 "All Five" = 16
    when  regular && all_packs_contain(rank(5))
    omits 断幺, 无字

fan 三同刻 "Triple Pung" = 16
    when  pungs(3): all(numbered) && mixed_suits && same_rank

fan 三暗刻 "Three Concealed Pungs" = 16
    when  concealed_pungs == 3

fan 全不靠 "Lesser Honors and Knitted Tiles" = 12
    when  honors_knitted
    omits 五门齐, 门前清, 不求人, 单钓将

fan 组合龙 "Knitted Straight" = 12
    when  knitted_straight

fan 大于五 "Upper Four" = 12
    when  all_tiles(rank_in(6, 9))
    omits 无字

fan 小于五 "Lower Four" = 12
    when  all_tiles(rank_in(1, 4))
    omits 无字

fan 三风刻 "Big Three Winds" = 12
    when  pungs(3): all(wind) && distinct_tiles
    omits 幺九刻

fan 花龙 "Mixed Straight" = 8
    when  chows(3): mixed_suits && ranks(2, 5, 8)

fan 推不倒 "Reversible Tiles" = 8
    when  all_tiles(reversible)
    omits 缺一门

fan 三色三同顺 "Mixed Triple Chow" = 8
    when  chows(3): mixed_suits && same_rank

fan 三色三节高 "Mixed Shifted Pungs" = 8
    when  pungs(3): all(numbered) && mixed_suits && shifted(1)

fan 无番和 "Chicken Hand" = 8
    when  regular && no_other_fan

fan 妙手回春 "Last Tile Draw" = 8
    when  self_drawn && wall_last
    omits 自摸

fan 海底捞月 "Last Tile Claim" = 8
    when  !self_drawn && wall_last

fan 杠上开花 "Out with Replacement Tile" = 8
    when  self_drawn && about_kong
    omits 自摸

fan 抢杠和 "Robbing The Kong" = 8
    when  !self_drawn && about_kong
    omits 和绝张

fan 碰碰和 "All Pungs" = 6
    when  pungs == 4

fan 混一色 "Half Flush" = 6
    when  voided_suits == 2 && any_tile(honor)

fan 三色三步高 "Mixed Shifted Chows" = 6
    when  chows(3): mixed_suits && shifted(1)

fan 五门齐 "All Types" = 6
    when  voided_suits == 0 && any_tile(wind) && any_tile(dragon)

fan 全求人 "Melded Hand" = 6
    when  melded_sets == 4 && !self_drawn
    omits 单钓将

fan 双暗杠 "Two Concealed Kongs" = 6
    when  concealed_kongs == 2 && kongs == 2
    omits 双暗刻

fan 双箭刻 "Two Dragons Pungs" = 6
    when  pungs(2): all(dragon)
    omits 箭刻

fan 全带幺 "Outside Hand" = 4
    when  regular && all_packs_contain(terminal_or_honor)

fan 不求人 "Fully Concealed Hand" = 4
    when  melded_sets == 0 && self_drawn
    omits 自摸

fan 双明杠 "Two Melded Kongs" = 4
    when  melded_kongs == 2 && kongs == 2

fan 和绝张 "Last Tile" = 4
    when  fourth_tile

fan 箭刻 "Dragon Pung" = 2
    when  pungs(1): all(dragon)

fan 圈风刻 "Prevalent Wind" = 2
    when  pungs(1): is_prevalent_wind
    at_most 1
    omits 幺九刻

fan 门风刻 "Seat Wind" = 2
    when  pungs(1): is_seat_wind
    at_most 1
    omits 幺九刻

fan 门前清 "Concealed Hand" = 2
    when  melded_sets == 0 && !self_drawn

fan 平和 "All Chows" = 2
    when  chows > 0 && pungs == 0 && pair_is(numbered)
    omits 无字

fan 四归一 "Tile Hog" = 2
    count tile_hogs

fan 双同刻 "Double Pung" = 2
    when  pungs(2): all(numbered) && same_rank

fan 双暗刻 "Two Concealed Pungs" = 2
    when  concealed_pungs == 2

fan 暗杠 "Concealed Kong" = 2
    when  concealed_kongs == 1 && kongs <= 2

fan 断幺 "All Simples" = 2
    when  !any_tile(terminal_or_honor)
    omits 无字

fan 一般高 "Pure Double Chow" = 1
    when  chows(2): same_tile

fan 喜相逢 "Mixed Double Chow" = 1
    when  chows(2): mixed_suits && same_rank

fan 连六 "Short Straight" = 1
    when  chows(2): same_suit && shifted(3)

fan 老少副 "Two Terminal Chows" = 1
    when  chows(2): same_suit && ranks(2, 8)

fan 幺九刻 "Pung of Terminals or Honors" = 1
    when  pungs(1): all(terminal) || all(wind)

fan 明杠 "Melded Kong" = 1
    when  melded_kongs == 1 && kongs <= 2

fan 缺一门 "One Voided Suit" = 1
    when  voided_suits == 1

fan 无字 "No Honors" = 1
    when  !any_tile(honor)

# The three wait fans count on a hand that waited on one tile kind only. On
# a knitted-straight win (组合龙), the 2018 algorithm counts none when the win
# tile is one of the straight's nine tiles (the MIL ruling of 2023, which
# pymahjonggb 1.2.0 and later follow, counts them).
fan 边张 "Edge Wait" = 1
    when  unique_wait && win_at_chow_end && !win_in_knitted_straight
    omits 嵌张, 单钓将

fan 嵌张 "Closed Wait" = 1
    when  unique_wait && win_in_chow_middle && !win_in_knitted_straight
    omits 单钓将

fan 单钓将 "Single Wait" = 1
    when  unique_wait && win_on_pair && !win_in_knitted_straight

fan 自摸 "Self-Drawn" = 1
    when  self_drawn

fan 花牌 "Flower Tiles" = 1
    count flowers

# Not one of the 81 official fans: the reference build counts one concealed
# and one melded kong as one 5-fan combination. Switch to `off` to count
# 明杠 and 暗杠 separately instead.
fan 明暗杠 "Concealed Kong and Melded Kong" = 5 extension on
    when  melded_kongs == 1 && concealed_kongs == 1 && kongs == 2
    omits 明杠, 暗杠

# ---------------------------------------------------------------------------
# Win flags as the calculator receives them are first corrected (the
# reference's rules on 绝张 and 杠). `flag <name> on|off when <condition>`,
# applied in this order; the primitives are those of the hand as given.

flag fourth_tile off when win_copies_concealed != 1     # the win tile is already in the standing hand
flag fourth_tile on  when win_copies_melded == 3        # it completes the 4th copy of tiles shown in melds
flag about_kong  off when self_drawn && fixed_kongs == 0
flag about_kong  off when !self_drawn && (win_copies_melded != 0 || win_copies_concealed != 1)

# ---------------------------------------------------------------------------
# Global principles of the reference calculator.

# Special readings tried in this order on a hand (with no melded set, or one
# for knitted_straight); the first that fits is the special reading.
policy special_readings = seven_pairs, honors_knitted, thirteen_orphans, knitted_straight

# Regular readings (4 sets + pair) are scored when there is no special
# reading, or when the special reading has one of these fans.
policy regular_readings_also_after = 七对

# Ties between readings of equal total: a later regular reading replaces the
# kept one when it has one of `tie_prefers`, or when the special reading has
# one of `tie_yields`. The 2018 algorithm keeps the first reading found
# (pungs before chows, so 一色三节高 over 一色三同顺; seven pairs over a
# regular reading); pymahjonggb 1.4.0 prefers 一色三同顺 and 三同刻, and lets
# seven pairs yield.
policy tie_prefers =
policy tie_yields =

# 套算一次 (account once): n chows yield at most n-1 pair fans, less one per
# chow related to no other; the excess is trimmed in this order, first down
# to one of each fan, then to none.
policy chow_pairs = account_once: 老少副, 连六, 喜相逢, 一般高

# Pung pairs (双同刻, 双箭刻) count for every related pair.
policy pung_pairs = every_pair

# A concealed pung completed by a discarded win tile counts as melded unless
# the win tile can be read into a concealed chow. (As in the reference, a
# concealed kong of the win tile's kind does too: six copies, a kong beside
# the pair the discard completes.)
policy discard_completes_pung = melded

# A hand that holds a kind more than 4 times (its packs, standing tiles and
# win tile together: a kong of a kind also held, two pungs of one kind) is
# refused as the 2018 algorithm refuses it (result -2). pymahjonggb 1.4.0
# scores such hands (`none`).
policy tile_limit = 4

# Counted after the best reading is chosen, outside every reading.
policy outside_readings = 花牌

# The game around the fans (the Botzone judge's): the minimum for a HU, the
# score formula's base, and the false-win (WH) penalty.
game min_fan = 8             # a HU below 8 fan is a false win
game base_score = 8          # self-drawn: each other seat pays 8 + fan; on a discard the discarder pays 8 + fan, the others 8
game false_win_penalty = 10  # a false win: the offender pays 10 to each other seat (-30, +10 each)

# The judge's displays: `platform`, the Botzone platform's as its real match
# logs show them (INIT shows canHu [0,0,0,0] and tileCnt [21,21,21,21] and no
# strlen; on PLAY, PENG and CHI the discarder's canHu is -4, not asked; HU and
# the verdict displays carry tileCnt); `public_judge`, the public
# judge/main.cpp's.
game display = platform
