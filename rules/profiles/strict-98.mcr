# The strict 1998 rule book. Oracle: pymahjonggb 1.4.0 built with
# STRICT_98_RULE.
extends pymahjonggb-1.4
about "strict 1998 rule book: seven pairs without whole-hand tile fans, more 缺一门 exclusions"

# 1. Seven pairs does not combine with the whole-hand tile fans.
fan 绿一色
    when  all_tiles(green) && !seven_pairs
fan 字一色
    when  all_tiles(honor) && !seven_pairs
fan 清幺九
    when  all_tiles(terminal) && !seven_pairs
    omits 三同刻                      # 3. all terminals also omits triple pung
fan 混幺九
    when  all_tiles(terminal_or_honor) && !seven_pairs
fan 全大
    when  all_tiles(rank_in(7, 9)) && !seven_pairs
fan 全中
    when  all_tiles(rank_in(4, 6)) && !seven_pairs
fan 全小
    when  all_tiles(rank_in(1, 3)) && !seven_pairs
fan 大于五
    when  all_tiles(rank_in(6, 9)) && !seven_pairs
fan 小于五
    when  all_tiles(rank_in(1, 4)) && !seven_pairs

# 缺一门 counts once per missing suit (an all-honours seven pairs shows it
# three times); two missing suits are 混一色 or 清一色, which omit it (and so
# does every fan that omits them).
fan 缺一门
    count voided_suits
fan 混一色
    omits 缺一门
fan 清一色
    omits 缺一门
fan 九莲宝灯
    omits 缺一门
fan 连七对
    omits 缺一门
fan 一色双龙会
    omits 缺一门

# 2. More fans omit 缺一门.
fan 大三元
    omits 缺一门
fan 小三元
    omits 缺一门
fan 一色四同顺
    omits 缺一门
fan 一色四节高
    omits 缺一门
fan 一色四步高
    omits 缺一门
fan 三风刻
    omits 缺一门

# Played at the platform's table: its displays, not the public judge's.
game display = platform
