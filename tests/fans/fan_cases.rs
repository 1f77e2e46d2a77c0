//! One test per fan: a hand that shows it and one that must not, with the
//! totals the reference calculator gives them (hands taken from the public
//! hands corpus, ids in the comments). The negative hand is one where a fan
//! that omits this one holds, or else a near miss (a related fan holds);
//! the last argument names that fan, and the test asserts it is shown.

use crate::common;
use crate::fan_case;

// 1 大四喜 (Big Four Winds): positive h001486, negative h048682 (near miss: shows 小四喜)
fan_case!(
    fan_01,
    "大四喜",
    "[peng F2 2] [peng F1 1] F4 F3 F3 J2 F4 J2 F4 +F3 seat=0 prevalent=1",
    152,
    "[chi T7 2] [peng F4 2] [peng F2 3] F1 F3 F3 F1 +F3 seat=0 prevalent=0",
    70,
    "小四喜"
);

// 2 大三元 (Big Three Dragons): positive h006446, negative h016204 (near miss: shows 小三元)
fan_case!(
    fan_02,
    "大三元",
    "[peng J2 3] [peng J3 3] [chi B4 1] J1 J1 W7 W7 +J1 seat=1 prevalent=2",
    89,
    "[peng J1 2] W5 T7 J2 T7 T7 J2 J3 W3 J3 W4 +J2 seat=2 prevalent=3",
    65,
    "小三元"
);

// 3 绿一色 (All Green): positive h037126, negative h000299 (near miss: shows 混一色)
fan_case!(
    fan_03,
    "绿一色",
    "[chi T3 3] T2 J2 J2 T4 T3 T3 T3 T2 T2 T4 +T4 seat=1 prevalent=3",
    136,
    "J1 B2 F2 B6 B8 B7 F2 B7 J3 B6 B2 J3 J1 +B8 seat=2 prevalent=0",
    30,
    "混一色"
);

// 4 九莲宝灯 (Nine Gates): positive h000493, negative h095000 (near miss: shows 清一色)
fan_case!(
    fan_04,
    "九莲宝灯",
    "T9 T6 T9 T7 T3 T8 T2 T1 T9 T5 T1 T4 T1 +T3 seat=0 prevalent=0",
    89,
    "[peng W6 2] [chi W2 2] W5 W3 W7 W4 W7 W9 W7 +W9 seat=2 prevalent=2",
    24,
    "清一色"
);

// 5 四杠 (Four Kongs): positive h011276, negative h001510 (near miss: shows 三杠)
fan_case!(
    fan_05,
    "四杠",
    "[gang T8 3] [gang T6 1] [gang B3 3] [angang W2] J3 +J3 kong seat=3 prevalent=1",
    88,
    "[angang B7] [gang J1 3] [gang B6 1] W2 W2 T2 T2 +T2 seat=0 prevalent=1",
    40,
    "三杠"
);

// 6 连七对 (Seven Shifted Pairs): positive h000457, negative h001278 (near miss: shows 七对)
fan_case!(
    fan_06,
    "连七对",
    "T6 T3 T7 T2 T1 T5 T1 T7 T6 T4 T5 T4 T3 +T2 seat=1 prevalent=0",
    88,
    "B8 W2 T5 B2 B8 W9 J2 W2 B3 B3 J2 W9 T5 +B2 seat=0 prevalent=2",
    24,
    "七对"
);

// 7 十三幺 (Thirteen Orphans): positive h000860, negative h017749 (near miss: shows 混幺九)
fan_case!(
    fan_07,
    "十三幺",
    "W1 F4 F3 J1 F2 F1 J2 F1 W9 T9 T1 J3 B9 +B1 seat=2 prevalent=2",
    88,
    "[peng W1 2] [peng J2 3] B9 T9 J3 B9 J3 B9 T9 +J3 seat=2 prevalent=3",
    38,
    "混幺九"
);

// 8 清幺九 (All Terminals): positive h009893, negative h017749 (near miss: shows 混幺九)
fan_case!(
    fan_08,
    "清幺九",
    "[peng B9 3] [peng T9 2] T1 T1 W1 B1 B1 B1 W1 +T1 seat=3 prevalent=3",
    64,
    "[peng W1 2] [peng J2 3] B9 T9 J3 B9 J3 B9 T9 +J3 seat=2 prevalent=3",
    38,
    "混幺九"
);

// 9 小四喜 (Little Four Winds): positive h048682, negative h050718 (near miss: shows 三风刻)
fan_case!(
    fan_09,
    "小四喜",
    "[chi T7 2] [peng F4 2] [peng F2 3] F1 F3 F3 F1 +F3 seat=0 prevalent=0",
    70,
    "[peng F4 3] [peng F2 3] W3 F3 F3 B8 W3 B6 B7 +F3 seat=0 prevalent=0",
    13,
    "三风刻"
);

// 10 小三元 (Little Three Dragons): positive h016204, negative h017037 (near miss: shows 双箭刻)
fan_case!(
    fan_10,
    "小三元",
    "[peng J1 2] W5 T7 J2 T7 T7 J2 J3 W3 J3 W4 +J2 seat=2 prevalent=3",
    65,
    "[chi B5 2] J1 J3 J1 T8 J1 W6 J3 W6 T7 T6 +J3 4th seat=1 prevalent=0",
    6,
    "双箭刻"
);

// 11 字一色 (All Honors): positive h001486, negative h017749 (near miss: shows 混幺九)
fan_case!(
    fan_11,
    "字一色",
    "[peng F2 2] [peng F1 1] F4 F3 F3 J2 F4 J2 F4 +F3 seat=0 prevalent=1",
    152,
    "[peng W1 2] [peng J2 3] B9 T9 J3 B9 J3 B9 T9 +J3 seat=2 prevalent=3",
    38,
    "混幺九"
);

// 12 四暗刻 (Four Concealed Pungs): positive h018609, negative h070189 (near miss: shows 三暗刻)
fan_case!(
    fan_12,
    "四暗刻",
    "T5 J1 B4 W2 B4 B7 T5 W2 W2 B7 B4 T5 B7 +J1 4th seat=1 prevalent=1",
    65,
    "T2 T2 W8 B7 W8 B6 T2 J1 B3 B3 J1 B5 W8 +B3 zimo seat=2 prevalent=1",
    20,
    "三暗刻"
);

// 13 一色双龙会 (Pure Terminal Chows): positive h007880, negative h004817 (near miss: shows 老少副)
fan_case!(
    fan_13,
    "一色双龙会",
    "[chi W8 3] [chi W2 3] W8 W9 W3 W5 W5 W2 W7 +W1 seat=3 prevalent=1",
    64,
    "[chi T2 1] [chi T8 1] [chi W5 2] F1 B5 B5 F1 +B5 seat=3 prevalent=1",
    1,
    "老少副"
);

// 14 一色四同顺 (Quadruple Chow): positive h004532, negative h009239 (near miss: shows 一色三同顺)
fan_case!(
    fan_14,
    "一色四同顺",
    "[chi B5 1] B5 B5 B6 B5 B6 B4 B6 J2 J2 B4 +B4 seat=0 prevalent=0",
    54,
    "[chi B3 1] [chi B3 1] B4 T7 W8 T7 W9 B3 W7 +B2 seat=1 prevalent=3",
    26,
    "一色三同顺"
);

// 15 一色四节高 (Four Pure Shifted Pungs): positive h011917, negative h014579 (near miss: shows 一色三节高)
fan_case!(
    fan_15,
    "一色四节高",
    "[peng W8 1] [peng W5 3] W9 W7 W6 W6 W7 W9 W6 +W7 seat=3 prevalent=3",
    72,
    "[peng T4 3] B4 T2 T3 F2 T3 B3 B5 F2 T3 T2 +T2 seat=1 prevalent=2",
    25,
    "一色三节高"
);

// 16 一色四步高 (Four Pure Shifted Chows): positive h005290, negative h011848 (near miss: shows 一色三步高)
fan_case!(
    fan_16,
    "一色四步高",
    "[chi B8 1] [chi B6 1] F1 B1 B3 B2 B3 F1 B4 +B5 kong seat=2 prevalent=1",
    38,
    "[chi B8 2] [chi W4 3] [chi W2 2] W5 T2 W6 T2 +W7 seat=0 prevalent=3",
    18,
    "一色三步高"
);

// 17 三杠 (Three Kongs): positive h001510, negative h026243 (near miss: shows 双明杠)
fan_case!(
    fan_17,
    "三杠",
    "[angang B7] [gang J1 3] [gang B6 1] W2 W2 T2 T2 +T2 seat=0 prevalent=1",
    40,
    "[gang B4 2] [gang W6 2] T7 W3 W5 W7 W7 T7 W4 +T7 kong seat=2 prevalent=3",
    6,
    "双明杠"
);

// 18 混幺九 (All Terminals and Honors): positive h017749, negative h000860 (omitted by 十三幺/清幺九/字一色)
fan_case!(
    fan_18,
    "混幺九",
    "[peng W1 2] [peng J2 3] B9 T9 J3 B9 J3 B9 T9 +J3 seat=2 prevalent=3",
    38,
    "W1 F4 F3 J1 F2 F1 J2 F1 W9 T9 T1 J3 B9 +B1 seat=2 prevalent=2",
    88,
    "十三幺"
);

// 19 七对 (Seven Pairs): positive h001278, negative h000457 (omitted by 连七对)
fan_case!(
    fan_19,
    "七对",
    "B8 W2 T5 B2 B8 W9 J2 W2 B3 B3 J2 W9 T5 +B2 seat=0 prevalent=2",
    24,
    "T6 T3 T7 T2 T1 T5 T1 T7 T6 T4 T5 T4 T3 +T2 seat=1 prevalent=0",
    88,
    "连七对"
);

// 20 七星不靠 (Greater Honors and Knitted Tiles): positive h000050, negative h000984 (near miss: shows 全不靠)
fan_case!(
    fan_20,
    "七星不靠",
    "J1 F1 F3 J2 B1 T3 T6 F4 B4 J3 W8 F2 B7 +W5 seat=1 prevalent=1",
    24,
    "B7 J3 F3 F4 F2 F1 W6 T5 W3 T8 J2 B4 T2 +W9 seat=1 prevalent=3",
    12,
    "全不靠"
);

// 21 全双刻 (All Even Pungs): positive h019875, negative h009585 (near miss: shows 碰碰和)
fan_case!(
    fan_21,
    "全双刻",
    "[peng W8 3] [peng T6 3] B2 T4 B8 T4 B2 B8 T4 +B2 seat=3 prevalent=1",
    24,
    "[peng B6 3] [peng T2 2] W5 W4 F1 W4 W4 F1 W5 +W5 seat=0 prevalent=0",
    6,
    "碰碰和"
);

// 22 清一色 (Full Flush): positive h095000, negative h000457 (omitted by 九莲宝灯/连七对/一色双龙会)
fan_case!(
    fan_22,
    "清一色",
    "[peng W6 2] [chi W2 2] W5 W3 W7 W4 W7 W9 W7 +W9 seat=2 prevalent=2",
    24,
    "T6 T3 T7 T2 T1 T5 T1 T7 T6 T4 T5 T4 T3 +T2 seat=1 prevalent=0",
    88,
    "连七对"
);

// 23 一色三同顺 (Pure Triple Chow): positive h009239, negative h001009 (near miss: shows 一般高)
fan_case!(
    fan_23,
    "一色三同顺",
    "[chi B3 1] [chi B3 1] B4 T7 W8 T7 W9 B3 W7 +B2 seat=1 prevalent=3",
    26,
    "[chi T2 3] [chi W3 1] B7 W3 J1 B8 J1 B6 W4 +W2 seat=0 prevalent=2",
    1,
    "一般高"
);

// 24 一色三节高 (Pure Shifted Pungs): positive h014579, negative h012022 (near miss: shows 三色三节高)
fan_case!(
    fan_24,
    "一色三节高",
    "[peng T4 3] B4 T2 T3 F2 T3 B3 B5 F2 T3 T2 +T2 seat=1 prevalent=2",
    25,
    "[peng W6 2] [chi T5 3] B7 B7 T8 T8 T8 J3 J3 +B7 seat=3 prevalent=2",
    8,
    "三色三节高"
);

// 25 全大 (Upper Tiles): positive h001750, negative h002108 (near miss: shows 大于五)
fan_case!(
    fan_25,
    "全大",
    "B7 T7 B9 W9 W7 T9 W8 T9 T7 W7 W9 B9 B7 +W8 seat=3 prevalent=0",
    48,
    "W7 W8 T9 B9 T7 W6 B9 W6 W7 T7 W8 T8 T8 +T9 4th seat=1 prevalent=0",
    36,
    "大于五"
);

// 26 全中 (Middle Tiles): positive h001145, negative h007057 (near miss: shows 断幺)
fan_case!(
    fan_26,
    "全中",
    "B4 W4 B6 T5 W4 W6 T6 T5 B5 W6 B4 B5 B6 +T6 seat=1 prevalent=3",
    48,
    "[peng W6 1] [peng T3 1] W3 B5 B6 B7 W2 B7 W4 +B7 seat=1 prevalent=0",
    2,
    "断幺"
);

// 27 全小 (Lower Tiles): positive h001368, negative h002052 (near miss: shows 小于五)
fan_case!(
    fan_27,
    "全小",
    "W1 T2 W3 T2 W3 T1 B2 B2 B3 T3 T1 B3 T3 +W1 kong seat=0 prevalent=3",
    48,
    "T3 W1 B1 T1 B3 W1 B4 W2 T3 B1 B3 T1 W2 +B4 4th seat=3 prevalent=2",
    36,
    "小于五"
);

// 28 清龙 (Pure Straight): positive h009844, negative h009184 (near miss: shows 连六)
fan_case!(
    fan_28,
    "清龙",
    "[chi B5 2] B2 B1 T7 T5 J2 B8 J2 B7 T6 B3 +B9 seat=1 prevalent=2",
    17,
    "[chi W6 2] [chi W3 1] B3 F4 T7 F4 T6 B4 T8 +B5 seat=2 prevalent=2",
    1,
    "连六"
);

// 29 三色双龙会 (Three-Suited Terminal Chows): positive h007099, negative h005176 (near miss: shows 喜相逢)
fan_case!(
    fan_29,
    "三色双龙会",
    "[chi B8 1] T5 W2 W8 W3 T5 B2 B3 W9 W1 W7 +B1 seat=2 prevalent=2",
    16,
    "[chi B6 2] B8 B6 J1 W2 T5 B7 W1 J1 T6 W3 +T7 seat=3 prevalent=3",
    1,
    "喜相逢"
);

// 30 一色三步高 (Pure Shifted Chows): positive h011848, negative h012985 (near miss: shows 三色三步高)
fan_case!(
    fan_30,
    "一色三步高",
    "[chi B8 2] [chi W4 3] [chi W2 2] W5 T2 W6 T2 +W7 seat=0 prevalent=3",
    18,
    "[chi B6 1] B7 W5 B8 J3 W4 J3 T5 W3 T4 T6 +B9 seat=1 prevalent=2",
    6,
    "三色三步高"
);

// 31 全带五 (All Five): positive h006546, negative h007057 (near miss: shows 断幺)
fan_case!(
    fan_31,
    "全带五",
    "[chi T6 1] B3 T7 B4 T5 W5 T6 W5 W5 B5 B5 +B5 4th seat=3 prevalent=0",
    17,
    "[peng W6 1] [peng T3 1] W3 B5 B6 B7 W2 B7 W4 +B7 seat=1 prevalent=0",
    2,
    "断幺"
);

// 32 三同刻 (Triple Pung): positive h010248, negative h015502 (near miss: shows 双同刻)
fan_case!(
    fan_32,
    "三同刻",
    "[peng T6 1] [peng B6 3] T2 J3 T2 W6 W6 J3 T2 +W6 seat=1 prevalent=0",
    22,
    "[chi T2 3] T5 J3 B5 W4 J3 T5 W6 B5 W5 B5 +T5 seat=1 prevalent=1",
    2,
    "双同刻"
);

// 33 三暗刻 (Three Concealed Pungs): positive h070189, negative h083353 (near miss: shows 双暗刻)
fan_case!(
    fan_33,
    "三暗刻",
    "T2 T2 W8 B7 W8 B6 T2 J1 B3 B3 J1 B5 W8 +B3 zimo seat=2 prevalent=1",
    20,
    "[chi W5 3] F3 T4 T3 B8 T7 T7 B8 T7 F3 B8 +T5 seat=1 prevalent=1",
    2,
    "双暗刻"
);

// 34 全不靠 (Lesser Honors and Knitted Tiles): positive h000984, negative h000050 (omitted by 七星不靠)
fan_case!(
    fan_34,
    "全不靠",
    "B7 J3 F3 F4 F2 F1 W6 T5 W3 T8 J2 B4 T2 +W9 seat=1 prevalent=3",
    12,
    "J1 F1 F3 J2 B1 T3 T6 F4 B4 J3 W8 F2 B7 +W5 seat=1 prevalent=1",
    24,
    "七星不靠"
);

// 35 组合龙 (Knitted Straight): positive h004894, negative h000984 (near miss: shows 全不靠)
fan_case!(
    fan_35,
    "组合龙",
    "[chi B4 2] F1 W5 B9 B3 W8 T7 T1 W2 T4 F1 +B6 seat=3 prevalent=3",
    12,
    "B7 J3 F3 F4 F2 F1 W6 T5 W3 T8 J2 B4 T2 +W9 seat=1 prevalent=3",
    12,
    "全不靠"
);

// 36 大于五 (Upper Four): positive h002108, negative h001750 (omitted by 全大)
fan_case!(
    fan_36,
    "大于五",
    "W7 W8 T9 B9 T7 W6 B9 W6 W7 T7 W8 T8 T8 +T9 4th seat=1 prevalent=0",
    36,
    "B7 T7 B9 W9 W7 T9 W8 T9 T7 W7 W9 B9 B7 +W8 seat=3 prevalent=0",
    48,
    "全大"
);

// 37 小于五 (Lower Four): positive h002052, negative h001368 (omitted by 全小)
fan_case!(
    fan_37,
    "小于五",
    "T3 W1 B1 T1 B3 W1 B4 W2 T3 B1 B3 T1 W2 +B4 4th seat=3 prevalent=2",
    36,
    "W1 T2 W3 T2 W3 T1 B2 B2 B3 T3 T1 B3 T3 +W1 kong seat=0 prevalent=3",
    48,
    "全小"
);

// 38 三风刻 (Big Three Winds): positive h050718, negative h048682 (omitted by 小四喜)
fan_case!(
    fan_38,
    "三风刻",
    "[peng F4 3] [peng F2 3] W3 F3 F3 B8 W3 B6 B7 +F3 seat=0 prevalent=0",
    13,
    "[chi T7 2] [peng F4 2] [peng F2 3] F1 F3 F3 F1 +F3 seat=0 prevalent=0",
    70,
    "小四喜"
);

// 39 花龙 (Mixed Straight): positive h082830, negative h005176 (near miss: shows 喜相逢)
fan_case!(
    fan_39,
    "花龙",
    "[chi W8 1] F3 B4 T3 B3 B4 T1 B5 F3 B5 T2 +B6 seat=2 prevalent=0",
    8,
    "[chi B6 2] B8 B6 J1 W2 T5 B7 W1 J1 T6 W3 +T7 seat=3 prevalent=3",
    1,
    "喜相逢"
);

// 40 推不倒 (Reversible Tiles): positive h000322, negative h000938 (near miss: shows 缺一门)
fan_case!(
    fan_40,
    "推不倒",
    "T9 B5 J3 B5 B1 T4 B1 T8 T4 B8 B8 J3 T9 +T8 4th seat=1 prevalent=0",
    32,
    "[chi T6 3] F3 B6 B5 T5 B7 B8 F3 B6 T4 B4 +T3 seat=0 prevalent=2",
    1,
    "缺一门"
);

// 41 三色三同顺 (Mixed Triple Chow): positive h009855, negative h005176 (near miss: shows 喜相逢)
fan_case!(
    fan_41,
    "三色三同顺",
    "[chi B6 3] B7 T8 W7 B6 J1 J1 T6 T7 W8 W6 +B8 seat=1 prevalent=1",
    8,
    "[chi B6 2] B8 B6 J1 W2 T5 B7 W1 J1 T6 W3 +T7 seat=3 prevalent=3",
    1,
    "喜相逢"
);

// 42 三色三节高 (Mixed Shifted Pungs): positive h012022, negative h015502 (near miss: shows 双同刻)
fan_case!(
    fan_42,
    "三色三节高",
    "[peng W6 2] [chi T5 3] B7 B7 T8 T8 T8 J3 J3 +B7 seat=3 prevalent=2",
    8,
    "[chi T2 3] T5 J3 B5 W4 J3 T5 W6 B5 W5 B5 +T5 seat=1 prevalent=1",
    2,
    "双同刻"
);

// 43 无番和 (Chicken Hand): positive h002636, negative h000938 (near miss: shows 缺一门)
fan_case!(
    fan_43,
    "无番和",
    "[chi W2 1] [chi B8 2] [chi T6 3] T5 F2 F2 T4 +T3 seat=1 prevalent=1",
    8,
    "[chi T6 3] F3 B6 B5 T5 B7 B8 F3 B6 T4 B4 +T3 seat=0 prevalent=2",
    1,
    "缺一门"
);

// 44 妙手回春 (Last Tile Draw): positive h087406, negative h028433 (near miss: shows 海底捞月)
fan_case!(
    fan_44,
    "妙手回春",
    "[peng W5 2] [chi B2 2] [chi T5 3] F1 W7 W8 F1 +W6 zimo last seat=1 prevalent=3",
    8,
    "[chi T6 2] [chi B7 1] [chi B3 1] J3 W8 W8 J3 +W8 last seat=3 prevalent=1",
    8,
    "海底捞月"
);

// 45 海底捞月 (Last Tile Claim): positive h028433, negative h087406 (near miss: shows 妙手回春)
fan_case!(
    fan_45,
    "海底捞月",
    "[chi T6 2] [chi B7 1] [chi B3 1] J3 W8 W8 J3 +W8 last seat=3 prevalent=1",
    8,
    "[peng W5 2] [chi B2 2] [chi T5 3] F1 W7 W8 F1 +W6 zimo last seat=1 prevalent=3",
    8,
    "妙手回春"
);

// 46 杠上开花 (Out with Replacement Tile): positive h008675, negative h000100 (near miss: shows 抢杠和)
fan_case!(
    fan_46,
    "杠上开花",
    "[gang T5 2] [angang W3] [gang B2 3] [gang T6 3] B8 +B8 zimo kong seat=3 prevalent=3",
    98,
    "F4 T9 F1 W1 J3 B1 T1 J1 J3 F2 F3 J2 B9 +W9 4th kong seat=1 prevalent=0",
    96,
    "抢杠和"
);

// 47 抢杠和 (Robbing The Kong): positive h000100, negative h008675 (near miss: shows 杠上开花)
fan_case!(
    fan_47,
    "抢杠和",
    "F4 T9 F1 W1 J3 B1 T1 J1 J3 F2 F3 J2 B9 +W9 4th kong seat=1 prevalent=0",
    96,
    "[gang T5 2] [angang W3] [gang B2 3] [gang T6 3] B8 +B8 zimo kong seat=3 prevalent=3",
    98,
    "杠上开花"
);

// 48 碰碰和 (All Pungs): positive h009585, negative h009893 (omitted by 大四喜/四杠/清幺九/字一色/四暗刻/一色四节高/混幺九/全双刻)
fan_case!(
    fan_48,
    "碰碰和",
    "[peng B6 3] [peng T2 2] W5 W4 F1 W4 W4 F1 W5 +W5 seat=0 prevalent=0",
    6,
    "[peng B9 3] [peng T9 2] T1 T1 W1 B1 B1 B1 W1 +T1 seat=3 prevalent=3",
    64,
    "清幺九"
);

// 49 混一色 (Half Flush): positive h000299, negative h037126 (omitted by 绿一色)
fan_case!(
    fan_49,
    "混一色",
    "J1 B2 F2 B6 B8 B7 F2 B7 J3 B6 B2 J3 J1 +B8 seat=2 prevalent=0",
    30,
    "[chi T3 3] T2 J2 J2 T4 T3 T3 T3 T2 T2 T4 +T4 seat=1 prevalent=3",
    136,
    "绿一色"
);

// 50 三色三步高 (Mixed Shifted Chows): positive h012985, negative h009855 (near miss: shows 三色三同顺)
fan_case!(
    fan_50,
    "三色三步高",
    "[chi B6 1] B7 W5 B8 J3 W4 J3 T5 W3 T4 T6 +B9 seat=1 prevalent=2",
    6,
    "[chi B6 3] B7 T8 W7 B6 J1 J1 T6 T7 W8 W6 +B8 seat=1 prevalent=1",
    8,
    "三色三同顺"
);

// 51 五门齐 (All Types): positive h000056, negative h000050 (omitted by 十三幺/七星不靠/全不靠)
fan_case!(
    fan_51,
    "五门齐",
    "W9 W6 B2 W9 F2 W6 B2 J3 W7 W7 T4 F2 J3 +T4 kong seat=0 prevalent=3",
    30,
    "J1 F1 F3 J2 B1 T3 T6 F4 B4 J3 W8 F2 B7 +W5 seat=1 prevalent=1",
    24,
    "七星不靠"
);

// 52 全求人 (Melded Hand): positive h003829, negative h009585 (near miss: shows 碰碰和)
fan_case!(
    fan_52,
    "全求人",
    "[chi B8 2] [chi T2 1] [peng T7 1] [peng W5 2] J3 +J3 seat=3 prevalent=3",
    6,
    "[peng B6 3] [peng T2 2] W5 W4 F1 W4 W4 F1 W5 +W5 seat=0 prevalent=0",
    6,
    "碰碰和"
);

// 53 双暗杠 (Two Concealed Kongs): positive h003301, negative h055992 (near miss: shows 暗杠)
fan_case!(
    fan_53,
    "双暗杠",
    "[chi W7 3] [chi T3 2] [angang B6] [angang J1] T2 +T2 seat=0 prevalent=0",
    9,
    "[chi B7 1] [angang F1] [chi T5 3] W6 W6 B1 B1 +W6 kong seat=3 prevalent=2",
    3,
    "暗杠"
);

// 54 双箭刻 (Two Dragons Pungs): positive h017037, negative h016204 (omitted by 小三元)
fan_case!(
    fan_54,
    "双箭刻",
    "[chi B5 2] J1 J3 J1 T8 J1 W6 J3 W6 T7 T6 +J3 4th seat=1 prevalent=0",
    6,
    "[peng J1 2] W5 T7 J2 T7 T7 J2 J3 W3 J3 W4 +J2 seat=2 prevalent=3",
    65,
    "小三元"
);

// 55 全带幺 (Outside Hand): positive h001800, negative h009893 (omitted by 清幺九/字一色/混幺九)
fan_case!(
    fan_55,
    "全带幺",
    "[chi B2 3] W8 B1 W7 J2 J2 B2 T2 T3 W9 B3 +T1 seat=0 prevalent=2",
    6,
    "[peng B9 3] [peng T9 2] T1 T1 W1 B1 B1 B1 W1 +T1 seat=3 prevalent=3",
    64,
    "清幺九"
);

// 56 不求人 (Fully Concealed Hand): positive h013134, negative h000050 (omitted by 九莲宝灯/连七对/十三幺/四暗刻/七对/七星不靠/全不靠)
fan_case!(
    fan_56,
    "不求人",
    "T3 B6 F4 B5 T1 F4 W4 B7 T4 T5 W2 W3 T2 +T3 zimo seat=1 prevalent=3",
    4,
    "J1 F1 F3 J2 B1 T3 T6 F4 B4 J3 W8 F2 B7 +W5 seat=1 prevalent=1",
    24,
    "七星不靠"
);

// 57 双明杠 (Two Melded Kongs): positive h026243, negative h012656 (near miss: shows 明杠)
fan_case!(
    fan_57,
    "双明杠",
    "[gang B4 2] [gang W6 2] T7 W3 W5 W7 W7 T7 W4 +T7 kong seat=2 prevalent=3",
    6,
    "[gang B6 1] W9 T7 J3 J3 B7 T8 W7 W8 B8 B9 +T9 seat=0 prevalent=3",
    9,
    "明杠"
);

// 58 和绝张 (Last Tile): positive h054894, negative h000100 (omitted by 抢杠和)
fan_case!(
    fan_58,
    "和绝张",
    "[peng B6 3] T3 W7 F2 W8 W9 W8 W7 F2 T4 T2 +W6 4th seat=3 prevalent=3",
    4,
    "F4 T9 F1 W1 J3 B1 T1 J1 J3 F2 F3 J2 B9 +W9 4th kong seat=1 prevalent=0",
    96,
    "抢杠和"
);

// 59 箭刻 (Dragon Pung): positive h001139, negative h017037 (omitted by 大三元/小三元/双箭刻)
fan_case!(
    fan_59,
    "箭刻",
    "[peng J2 1] [chi B3 3] [chi T6 3] W3 B4 W2 B4 +W1 seat=3 prevalent=3",
    2,
    "[chi B5 2] J1 J3 J1 T8 J1 W6 J3 W6 T7 T6 +J3 4th seat=1 prevalent=0",
    6,
    "双箭刻"
);

// 60 圈风刻 (Prevalent Wind): positive h039329, negative h001486 (omitted by 大四喜)
fan_case!(
    fan_60,
    "圈风刻",
    "[peng F4 3] [chi T4 3] [chi B6 1] B2 W5 W5 B2 +W5 seat=2 prevalent=3",
    2,
    "[peng F2 2] [peng F1 1] F4 F3 F3 J2 F4 J2 F4 +F3 seat=0 prevalent=1",
    152,
    "大四喜"
);

// 61 门风刻 (Seat Wind): positive h022722, negative h001486 (omitted by 大四喜)
fan_case!(
    fan_61,
    "门风刻",
    "[peng F3 1] [chi T7 3] W8 W9 B2 W7 B2 W5 W5 +B2 seat=2 prevalent=0",
    2,
    "[peng F2 2] [peng F1 1] F4 F3 F3 J2 F4 J2 F4 +F3 seat=0 prevalent=1",
    152,
    "大四喜"
);

// 62 门前清 (Concealed Hand): positive h004766, negative h000050 (omitted by 九莲宝灯/连七对/十三幺/四暗刻/七对/七星不靠/全不靠)
fan_case!(
    fan_62,
    "门前清",
    "B3 T8 B2 W5 T2 T3 W7 W6 T7 B1 F1 F1 T4 +T9 seat=0 prevalent=3",
    2,
    "J1 F1 F3 J2 B1 T3 T6 F4 B4 J3 W8 F2 B7 +W5 seat=1 prevalent=1",
    24,
    "七星不靠"
);

// 63 平和 (All Chows): positive h000306, negative h007099 (omitted by 一色双龙会/三色双龙会)
fan_case!(
    fan_63,
    "平和",
    "[chi T6 1] [chi W7 1] B7 B2 W2 W3 B3 B7 W4 +B1 seat=1 prevalent=1",
    2,
    "[chi B8 1] T5 W2 W8 W3 T5 B2 B3 W9 W1 W7 +B1 seat=2 prevalent=2",
    16,
    "三色双龙会"
);

// 64 四归一 (Tile Hog): positive h003307, negative h004532 (omitted by 一色四同顺)
fan_case!(
    fan_64,
    "四归一",
    "[peng B7 3] [chi W5 2] [chi B8 2] J2 T7 J2 T8 +T6 seat=3 prevalent=3",
    2,
    "[chi B5 1] B5 B5 B6 B5 B6 B4 B6 J2 J2 B4 +B4 seat=0 prevalent=0",
    54,
    "一色四同顺"
);

// 65 双同刻 (Double Pung): positive h015502, negative h009893 (omitted by 清幺九)
fan_case!(
    fan_65,
    "双同刻",
    "[chi T2 3] T5 J3 B5 W4 J3 T5 W6 B5 W5 B5 +T5 seat=1 prevalent=1",
    2,
    "[peng B9 3] [peng T9 2] T1 T1 W1 B1 B1 B1 W1 +T1 seat=3 prevalent=3",
    64,
    "清幺九"
);

// 66 双暗刻 (Two Concealed Pungs): positive h083353, negative h003301 (omitted by 双暗杠)
fan_case!(
    fan_66,
    "双暗刻",
    "[chi W5 3] F3 T4 T3 B8 T7 T7 B8 T7 F3 B8 +T5 seat=1 prevalent=1",
    2,
    "[chi W7 3] [chi T3 2] [angang B6] [angang J1] T2 +T2 seat=0 prevalent=0",
    9,
    "双暗杠"
);

// 67 暗杠 (Concealed Kong): positive h055992, negative h012480 (omitted by 明暗杠)
fan_case!(
    fan_67,
    "暗杠",
    "[chi B7 1] [angang F1] [chi T5 3] W6 W6 B1 B1 +W6 kong seat=3 prevalent=2",
    3,
    "[gang B5 1] [angang B7] W7 T2 T4 W5 T3 W5 W6 +W8 seat=0 prevalent=0",
    7,
    "明暗杠"
);

// 68 断幺 (All Simples): positive h007057, negative h019875 (omitted by 全双刻/全中/全带五)
fan_case!(
    fan_68,
    "断幺",
    "[peng W6 1] [peng T3 1] W3 B5 B6 B7 W2 B7 W4 +B7 seat=1 prevalent=0",
    2,
    "[peng W8 3] [peng T6 3] B2 T4 B8 T4 B2 B8 T4 +B2 seat=3 prevalent=1",
    24,
    "全双刻"
);

// 69 一般高 (Pure Double Chow): positive h001009, negative h005176 (near miss: shows 喜相逢)
fan_case!(
    fan_69,
    "一般高",
    "[chi T2 3] [chi W3 1] B7 W3 J1 B8 J1 B6 W4 +W2 seat=0 prevalent=2",
    1,
    "[chi B6 2] B8 B6 J1 W2 T5 B7 W1 J1 T6 W3 +T7 seat=3 prevalent=3",
    1,
    "喜相逢"
);

// 70 喜相逢 (Mixed Double Chow): positive h005176, negative h001009 (near miss: shows 一般高)
fan_case!(
    fan_70,
    "喜相逢",
    "[chi B6 2] B8 B6 J1 W2 T5 B7 W1 J1 T6 W3 +T7 seat=3 prevalent=3",
    1,
    "[chi T2 3] [chi W3 1] B7 W3 J1 B8 J1 B6 W4 +W2 seat=0 prevalent=2",
    1,
    "一般高"
);

// 71 连六 (Short Straight): positive h009184, negative h004817 (near miss: shows 老少副)
fan_case!(
    fan_71,
    "连六",
    "[chi W6 2] [chi W3 1] B3 F4 T7 F4 T6 B4 T8 +B5 seat=2 prevalent=2",
    1,
    "[chi T2 1] [chi T8 1] [chi W5 2] F1 B5 B5 F1 +B5 seat=3 prevalent=1",
    1,
    "老少副"
);

// 72 老少副 (Two Terminal Chows): positive h004817, negative h009184 (near miss: shows 连六)
fan_case!(
    fan_72,
    "老少副",
    "[chi T2 1] [chi T8 1] [chi W5 2] F1 B5 B5 F1 +B5 seat=3 prevalent=1",
    1,
    "[chi W6 2] [chi W3 1] B3 F4 T7 F4 T6 B4 T8 +B5 seat=2 prevalent=2",
    1,
    "连六"
);

// 73 幺九刻 (Pung of Terminals or Honors): positive h003169, negative h009893 (omitted by 大四喜/九莲宝灯/清幺九/小四喜/字一色/混幺九/三风刻/圈风刻/门风刻)
fan_case!(
    fan_73,
    "幺九刻",
    "[chi B5 1] [chi W2 1] T8 B1 F3 T7 F3 B1 T6 +B1 seat=2 prevalent=2",
    1,
    "[peng B9 3] [peng T9 2] T1 T1 W1 B1 B1 B1 W1 +T1 seat=3 prevalent=3",
    64,
    "清幺九"
);

// 74 明杠 (Melded Kong): positive h012656, negative h012480 (omitted by 明暗杠)
fan_case!(
    fan_74,
    "明杠",
    "[gang B6 1] W9 T7 J3 J3 B7 T8 W7 W8 B8 B9 +T9 seat=0 prevalent=3",
    9,
    "[gang B5 1] [angang B7] W7 T2 T4 W5 T3 W5 W6 +W8 seat=0 prevalent=0",
    7,
    "明暗杠"
);

// 75 缺一门 (One Voided Suit): positive h000938, negative h000322 (omitted by 绿一色/字一色/推不倒)
fan_case!(
    fan_75,
    "缺一门",
    "[chi T6 3] F3 B6 B5 T5 B7 B8 F3 B6 T4 B4 +T3 seat=0 prevalent=2",
    1,
    "T9 B5 J3 B5 B1 T4 B1 T8 T4 B8 B8 J3 T9 +T8 4th seat=1 prevalent=0",
    32,
    "推不倒"
);

// 76 无字 (No Honors): positive h001190, negative h000306 (omitted by 九莲宝灯/连七对/清幺九/一色双龙会/全双刻/清一色/全大/全中/全小/三色双龙会/全带五/大于五/小于五/平和/断幺)
fan_case!(
    fan_76,
    "无字",
    "[peng B8 1] [peng T3 2] [chi W8 1] W3 W3 W5 W4 +W3 seat=3 prevalent=3",
    1,
    "[chi T6 1] [chi W7 1] B7 B2 W2 W3 B3 B7 W4 +B1 seat=1 prevalent=1",
    2,
    "平和"
);

// 77 边张 (Edge Wait): positive h004054, negative h001181 (near miss: shows 嵌张)
fan_case!(
    fan_77,
    "边张",
    "[chi B4 2] W5 W3 W2 J1 W6 J1 T8 W4 T9 W4 +T7 seat=2 prevalent=0",
    1,
    "[chi T8 2] [chi B6 2] [peng T4 2] F1 F1 W3 W5 +W4 seat=3 prevalent=3",
    1,
    "嵌张"
);

// 78 嵌张 (Closed Wait): positive h001181, negative h004054 (omitted by 边张)
fan_case!(
    fan_78,
    "嵌张",
    "[chi T8 2] [chi B6 2] [peng T4 2] F1 F1 W3 W5 +W4 seat=3 prevalent=3",
    1,
    "[chi B4 2] W5 W3 W2 J1 W6 J1 T8 W4 T9 W4 +T7 seat=2 prevalent=0",
    1,
    "边张"
);

// 79 单钓将 (Single Wait): positive h001051, negative h000050 (omitted by 四杠/连七对/十三幺/七对/七星不靠/全不靠/全求人/边张/嵌张)
fan_case!(
    fan_79,
    "单钓将",
    "[peng W5 1] [peng B8 2] [peng W3 2] T4 T6 T5 J1 +J1 seat=0 prevalent=1",
    1,
    "J1 F1 F3 J2 B1 T3 T6 F4 B4 J3 W8 F2 B7 +W5 seat=1 prevalent=1",
    24,
    "七星不靠"
);

// 80 自摸 (Self-Drawn): positive h007286, negative h013134 (omitted by 妙手回春/杠上开花/不求人)
fan_case!(
    fan_80,
    "自摸",
    "[peng T8 2] [chi B2 3] [chi W4 2] F4 F4 W4 W5 +W6 zimo seat=1 prevalent=1",
    1,
    "T3 B6 F4 B5 T1 F4 W4 B7 T4 T5 W2 W3 T2 +T3 zimo seat=1 prevalent=3",
    4,
    "不求人"
);

// 81 花牌 (Flower Tiles): positive h000121, negative h007286 (near miss: shows 自摸)
fan_case!(
    fan_81,
    "花牌",
    "B6 W7 F2 F3 F4 T8 T2 W1 B9 W4 J3 J1 J2 +F1 seat=0 prevalent=0 flowers=3",
    27,
    "[peng T8 2] [chi B2 3] [chi W4 2] F4 F4 W4 W5 +W6 zimo seat=1 prevalent=1",
    1,
    "自摸"
);

// 82 明暗杠 (Concealed Kong and Melded Kong): positive h012480, negative h012656 (near miss: shows 明杠)
fan_case!(
    fan_82,
    "明暗杠",
    "[gang B5 1] [angang B7] W7 T2 T4 W5 T3 W5 W6 +W8 seat=0 prevalent=0",
    7,
    "[gang B6 1] W9 T7 J3 J3 B7 T8 W7 W8 B8 B9 +T9 seat=0 prevalent=3",
    9,
    "明杠"
);
