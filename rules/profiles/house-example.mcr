# An example house rule (no oracle): its effect on the bundled corpora is
# the reviewed snapshot rules/snapshots/house-example.txt, checked by
# `cargo test --release --test rules -- profiles::`. After a deliberate
# change, accept the new effect with
#     UPDATE_SNAPSHOTS=1 cargo test --release --test rules -- profiles::
# and review the snapshot's diff before committing it.
extends botzone
about "house rule example: 6-fan minimum, 平和 worth 4, 全带五 worth 20, a new fan 五心"

game min_fan = 6
fan 平和 = 4
fan 全带五 = 20

# A new fan from existing primitives: winning on a 5 in the middle of a chow.
fan 五心 "Five in the Heart" = 2
    when  win_tile(rank(5)) && win_in_chow_middle && unique_wait
