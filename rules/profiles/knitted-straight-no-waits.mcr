# No wait fan (边张, 嵌张, 单钓) on a win tile that is one of the nine tiles of a
# knitted straight; a win tile outside them is scored as before.
# Oracle: pymahjonggb 1.4.0 built with KNITTED_STRAIGHT_BODY_WITH_ECS 0.
extends pymahjonggb-1.4
about "no edge, closed or single wait on a knitted straight's tiles"

fan 独听・边张
    when  unique_wait && win_at_chow_end && !win_in_knitted_straight
fan 独听・嵌张
    when  unique_wait && win_in_chow_middle && !win_in_knitted_straight
fan 独听・单钓
    when  unique_wait && win_on_pair && !win_in_knitted_straight

# Played at the platform's table: its displays, not the public judge's.
game display = platform
