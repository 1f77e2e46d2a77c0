# No 明暗杠: one melded and one concealed kong score 明杠 + 暗杠 (their
# conditions, `kongs <= 2`, already take the mixed two-kong case).
# Oracle: pymahjonggb 1.4.0 built with SUPPORT_CONCEALED_KONG_AND_MELDED_KONG 0.
extends pymahjonggb-1.4
about "without the 明暗杠 extension (the official fan table)"

remove 明暗杠

# Played at the platform's table: its displays, not the public judge's.
game display = platform
