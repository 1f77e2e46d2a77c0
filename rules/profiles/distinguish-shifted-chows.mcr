# 一色四步高 and 一色三步高 split by step (Ⅰ: by 1, Ⅱ: by 2), values unchanged.
# Oracle: pymahjonggb 1.4.0 built with DISTINGUISH_PURE_SHIFTED_CHOWS 1.
extends pymahjonggb-1.4
about "一色四步高 / 一色三步高 split into step-1 (Ⅰ) and step-2 (Ⅱ) fans"

fan 一色四步高Ⅰ "Four Pure Shifted Chows I" = 32 replaces 一色四步高
    when  chows(4): same_suit && shifted(1)
fan 一色四步高Ⅱ "Four Pure Shifted Chows II" = 32 after 一色四步高Ⅰ
    when  chows(4): same_suit && shifted(2)
fan 一色三步高Ⅰ "Pure Shifted Chows I" = 16 replaces 一色三步高
    when  chows(3): same_suit && shifted(1)
fan 一色三步高Ⅱ "Pure Shifted Chows II" = 16 after 一色三步高Ⅰ
    when  chows(3): same_suit && shifted(2)

# Four chows a, a+2, a+3, a+4 of one suit hold both; the step-1 group is counted.
policy chow_triples_prefer = 一色三步高Ⅰ over 一色三步高Ⅱ

# Played at the platform's table: its displays, not the public judge's.
game display = platform
