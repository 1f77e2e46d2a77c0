# botzone-local: the judge binary that ailab-pku/botzone-local ships for
# Chinese Standard Mahjong (botzone/online/game/ChineseStandardMahjong.elfbin,
# 2021). It scores with the platform's 2018 calculator (`botzone`: the names
# 边张, 嵌张, 单钓将, the 2018 ties) and shows the public judge/main.cpp's
# displays: INIT with canHu -4 and strlen and no tileCnt; the discarder's
# canHu as computed on PLAY, PENG and CHI; no tileCnt on HU and verdicts.
# Oracle: that binary, driven with the public games' answers
# (tests/data/botzone-local/).
extends botzone
about "botzone-local's judge binary: the 2018 calculator with the public judge/main.cpp's displays"

game display = public_judge
