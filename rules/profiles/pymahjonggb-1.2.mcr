# pymahjonggb 1.2.0 and 1.3.0: the platform's 2018 calculator (`botzone`)
# with the MIL ruling of 2023 on knitted straights: a knitted-straight win
# may count a wait fan (边张, 嵌张, 单钓将) on the straight's tiles. Names and
# ties are the 2018 algorithm's.
# Oracle: pymahjonggb 1.3.0 (and 1.2.0, which scores the same).
extends botzone
about "pymahjonggb 1.2.0-1.3.0: the 2018 calculator with wait fans on knitted-straight wins"

fan 边张
    when  unique_wait && win_at_chow_end
fan 嵌张
    when  unique_wait && win_in_chow_middle
fan 单钓将
    when  unique_wait && win_on_pair
