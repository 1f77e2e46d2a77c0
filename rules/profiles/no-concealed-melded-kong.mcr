# No 明暗杠: one melded and one concealed kong score 明杠 + 暗杠 (their
# conditions, `kongs <= 2`, already take the mixed two-kong case).
# Oracle: the reference calculator with SUPPORT_CONCEALED_KONG_AND_MELDED_KONG 0.
extends botzone
about "without the 明暗杠 extension (the official fan table)"

remove 明暗杠
