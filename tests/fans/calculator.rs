//! The fan calculator against the reference: the whole public hands corpus,
//! the generated tables pinned, bad input.

use crate::common;

use mcr_engine::fans::{self, FANS, FAN_TABLE_SIZE};
use mcr_engine::hand::{HandError, HandInput, Pack, PackKind, WinFlags};
use mcr_engine::record::{read_all, HandRecord};
use mcr_engine::tiles::Tile;

#[test]
fn public_hands_corpus_matches_result_code_and_fan_list() {
    let (records, errors) = read_all::<HandRecord>(&common::data("hands.jsonl.gz"));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(records.len(), 101_350);
    let mut mismatches = Vec::new();
    for rec in &records {
        let h = &rec.record;
        let input = h.to_input().unwrap_or_else(|e| panic!("{}: {e}", h.id));
        let got = fans::calculate(&input);
        let list = got.fan_list();
        if got.result != h.expected.result || list != h.expected.fan {
            mismatches.push(format!(
                "{}: expected {} {:?}, got {} {:?}",
                h.id, h.expected.result, h.expected.fan, got.result, list
            ));
        }
        // The fast path agrees with the full calculation.
        assert_eq!(fans::calculate_total(&input), got.result, "{}", h.id);
    }
    if !mismatches.is_empty() {
        common::differs_from_reference(&format!(
            "{} mismatches, first: {:#?}",
            mismatches.len(),
            &mismatches[..mismatches.len().min(5)]
        ));
    }
}

/// The explanation against the reference, not against the calculator (both
/// run the same evaluation): its result and the fans of the reading it keeps
/// are the recorded `expected` ones, and no reading it scored totals more.
#[test]
fn explanation_keeps_the_reference_reading_and_none_scores_higher() {
    let (records, _) = read_all::<HandRecord>(&common::data("hands.jsonl.gz"));
    let (mut wins, mut differing) = (0, Vec::new());
    for rec in records.iter().step_by(97) {
        let h = &rec.record;
        let input = h.to_input().unwrap();
        let e = fans::explain(&input);
        if (e.result.result, e.result.fan_list()) != (h.expected.result, h.expected.fan.clone()) {
            // The base's answer is not the reference's (public_hands_corpus_... tells why).
            differing.push(h.id.clone());
            continue;
        }
        assert_eq!(e.result.result, h.expected.result, "{}: result", h.id);
        if h.expected.result < 0 {
            assert_eq!(e.chosen, None, "{}: a hand that does not win has no reading kept", h.id);
            continue;
        }
        wins += 1;
        assert_eq!(e.result.fan_list(), h.expected.fan, "{}: the explanation's fan list", h.id);
        let chosen = &e.readings[e.chosen.expect("a winning hand has a chosen reading")];
        // The kept reading's own counts, with the flowers (counted outside
        // every reading), are the reference's fan list.
        let mut counts = chosen.counts;
        counts[fans::fan_by_name("花牌").unwrap().index as usize] = input.flower_count;
        let from_reading = fans::FanResult {
            result: chosen.total + input.flower_count as i32,
            counts,
            profile: fans::Profile::default(),
        };
        assert_eq!(
            (from_reading.result, from_reading.fan_list()),
            (h.expected.result, h.expected.fan.clone()),
            "{}: the kept reading",
            h.id
        );
        for (i, r) in e.readings.iter().enumerate() {
            assert!(
                r.total <= chosen.total,
                "{}: reading {i} totals {} > the kept reading's {}",
                h.id,
                r.total,
                chosen.total
            );
        }
    }
    assert!(wins + differing.len() > 900, "only {wins} winning hands sampled");
    if !differing.is_empty() {
        common::differs_from_reference(&format!(
            "{} sampled hands differ from the reference, first {:?}",
            differing.len(),
            &differing[..differing.len().min(5)]
        ));
    }
}

#[test]
fn fan_table_is_the_reference_table() {
    let text = std::fs::read_to_string(common::data("fans.json")).unwrap();
    let reference: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(reference.len(), FAN_TABLE_SIZE);
    for (r, f) in reference.iter().zip(FANS.iter()) {
        assert_eq!(r["index"].as_u64().unwrap(), f.index as u64);
        assert_eq!(r["name"].as_str().unwrap(), f.name);
        assert_eq!(r["name_en"].as_str().unwrap(), f.name_en);
        if r["value"].as_u64().unwrap() != f.value as u64 {
            common::differs_from_reference(&format!(
                "{}: value {} in rules/fans.mcr, {} in the reference table",
                f.name, f.value, r["value"]
            ));
        }
    }
    assert_eq!(fans::fan_by_name("清龙").unwrap().index, 28);
    assert_eq!(fans::fan_by_name("Pure Straight").unwrap().index, 28);
    assert_eq!(fans::fan_by_name("明暗杠").unwrap().extension, Some(true));
    assert!(fans::fan_by_name("清一龙").is_none());
    assert_eq!(FANS.iter().filter(|f| f.extension.is_none()).count(), 82, "81 official fans and 无");
}

/// Whether the counts of one suit split into sets (pungs, chows), with one
/// pair when `pair`: the first rank held is taken by a pair, a pung or a chow.
fn splits(c: &mut [u8; 9], pair: bool) -> bool {
    let Some(i) = c.iter().position(|&x| x > 0) else { return !pair };
    let try_take = |c: &mut [u8; 9], take: &[(usize, u8)], pair_left: bool| {
        if take.iter().any(|&(r, n)| r >= 9 || c[r] < n) {
            return false;
        }
        take.iter().for_each(|&(r, n)| c[r] -= n);
        let ok = splits(c, pair_left);
        take.iter().for_each(|&(r, n)| c[r] += n);
        ok
    };
    (pair && try_take(c, &[(i, 2)], false))
        || try_take(c, &[(i, 3)], pair)
        || try_take(c, &[(i, 1), (i + 1, 1), (i + 2, 1)], pair)
}

/// Patterns of one suit (0..=4 of each rank, at most 14 tiles) that split
/// into sets only, and into sets and a pair.
fn brute_force_suit_patterns() -> (usize, usize) {
    let (mut sets, mut with_pair) = (0, 0);
    for n in 0..5usize.pow(9) {
        let mut c = [0u8; 9];
        let mut m = n;
        for r in c.iter_mut() {
            *r = (m % 5) as u8;
            m /= 5;
        }
        let total: u8 = c.iter().sum();
        if total > 14 {
            continue;
        }
        sets += usize::from(total.is_multiple_of(3) && splits(&mut c, false));
        with_pair += usize::from(total % 3 == 2 && splits(&mut c, true));
    }
    (sets, with_pair)
}

#[test]
fn generated_tables_are_pinned() {
    use mcr_engine::rules::fans as generated;
    // Omission order: every fan comes before all the fans it omits.
    let pos: Vec<usize> = (0..FAN_TABLE_SIZE)
        .map(|i| generated::OMISSION_ORDER.iter().position(|&f| f as usize == i).unwrap_or(usize::MAX))
        .collect();
    for (fan, omits) in generated::OMITS.iter().enumerate() {
        for o in omits.iter() {
            assert!(
                pos[fan] < pos[o.fan as usize],
                "{} must come before {}",
                FANS[fan].name,
                FANS[o.fan as usize].name
            );
        }
    }
    assert_eq!(generated::OMISSION_ORDER.len(), FAN_TABLE_SIZE - 1);
    let names = |l: &[u8]| l.iter().map(|&i| FANS[i as usize].name).collect::<Vec<_>>();
    assert_eq!(names(generated::CHOW_PAIR_TRIM), ["老少副", "连六", "喜相逢", "一般高"]);
    // The platform's 2018 calculator keeps the first of readings of equal
    // total (pymahjonggb-1.4 prefers 一色三同顺 and 三同刻, seven pairs yields).
    assert!(generated::TIE_PREFERS.is_empty() && generated::TIE_YIELDS.is_empty());
    assert_eq!(names(generated::OUTSIDE_READINGS), ["花牌"]);
    assert!(generated::RULE_TEXT[28].0.contains("chows(3)"));
    // Suit pattern tables: counts of one suit splitting into sets (and a pair).
    use mcr_engine::decompose::tables;
    // Counted independently by brute force over all 5^9 patterns of at most
    // 14 tiles (the empty one included): 2869 and 18874.
    let (sets_only, sets_and_pair) = brute_force_suit_patterns();
    assert_eq!((sets_only, sets_and_pair), (2869, 18874));
    assert_eq!(tables::SUIT_PATTERNS_SETS_ONLY, sets_only);
    assert_eq!(tables::SUIT_PATTERNS_SETS_AND_PAIR, sets_and_pair);
    let c = |s: &str| {
        let mut counts = [0u8; 34];
        for t in mcr_engine::notation::parse_tiles(s).unwrap() {
            counts[t.index()] += 1;
        }
        counts
    };
    assert_eq!(tables::is_complete_regular(&c("11123456789999m")), Some(true), "11 123 456 789 999");
    assert_eq!(tables::is_complete_regular(&c("1112345678999m1p")), Some(false));
    assert_eq!(tables::is_complete_regular(&c("1112345678999m5m")), Some(true));
    assert_eq!(tables::is_complete_regular(&c("123m456p789s11z")), Some(true), "three sets and a pair");
    assert_eq!(tables::is_complete_regular(&c("123m456p789s12z")), Some(false));
    assert_eq!(tables::is_complete_regular(&c("123m456p789s111z22z")), Some(true));
    assert_eq!(tables::is_complete_regular(&c("11111m")), None);
}

#[test]
fn wrong_tile_count_and_not_a_win() {
    let t = |s: &str| Tile::parse(s).unwrap();
    let h = HandInput::new(&[], &[t("W1"); 10], t("W1"), WinFlags::default(), 0, 0, 0).unwrap();
    assert_eq!(fans::calculate(&h).result, fans::WRONG_TILE_COUNT);
    assert_eq!(fans::calculate_total(&h), fans::WRONG_TILE_COUNT);
    let h = HandInput::new(&[], &[], t("W1"), WinFlags::default(), 0, 0, 0).unwrap();
    assert_eq!(fans::calculate(&h).result, fans::WRONG_TILE_COUNT);
    let r = common::score("123m 456m 789m 123p 5s +9s");
    assert_eq!(r.result, fans::NOT_WIN);
    assert_eq!(r.fans().count(), 0);
}

#[test]
fn invalid_input_is_an_error_value() {
    let t = |s: &str| Tile::parse(s).unwrap();
    let f = WinFlags::default();
    assert!(matches!(
        HandInput::new(&[Pack::new(PackKind::Pung, t("W1"), 1); 5], &[], t("W1"), f, 0, 0, 0),
        Err(HandError::TooManyPacks(5))
    ));
    assert!(matches!(HandInput::new(&[], &[t("W1"); 14], t("W1"), f, 0, 0, 0), Err(HandError::TooManyTiles(14))));
    assert!(matches!(
        HandInput::new(&[Pack::new(PackKind::Chow, t("W9"), 1)], &[], t("W1"), f, 0, 0, 0),
        Err(HandError::BadPack(..))
    ));
    assert!(matches!(
        HandInput::new(&[Pack::new(PackKind::Chow, t("F2"), 1)], &[], t("W1"), f, 0, 0, 0),
        Err(HandError::BadPack(..))
    ));
    assert!(matches!(
        HandInput::new(&[Pack::new(PackKind::Pung, t("W2"), 0)], &[], t("W1"), f, 0, 0, 0),
        Err(HandError::BadPack(..))
    ));
    assert!(matches!(HandInput::new(&[], &[], t("W1"), f, 4, 0, 0), Err(HandError::BadWind(4))));
    assert!(Tile::parse("W0").is_err());
}

#[test]
fn five_copies_of_a_tile_do_not_panic() {
    // pymahjonggb 1.4.0 does not reject a tile over 4: it scores this hand
    // (5 x W1) 29, with the fan list below; pymahjonggb 1.1.0, the
    // platform's, raises ERROR_TILE_COUNT_GREATER_THAN_4 (-2). Both run
    // through tests/oracle/pymahjonggb_oracle.py.
    let cases: [(&str, &[(&str, i32, i32)]); 1] =
        [("11111m 234m 567m 99m +9m", &[("清一色", 24, 1), ("门前清", 2, 1), ("连六", 1, 1), ("幺九刻", 1, 2)])];
    assert_legacy_scores_and_refused(&cases);
}

/// Each hand (notation) scores exactly these fans (name, value, count),
/// their sum the total, under `profile`.
#[track_caller]
fn assert_scores_under(profile: &'static mcr_engine::fans::Profile, cases: &[(&str, &[(&str, i32, i32)])]) {
    for &(hand, want) in cases {
        let input = mcr_engine::notation::parse_hand(hand).unwrap_or_else(|e| panic!("{hand}: {e}"));
        let r = mcr_engine::fans::calculate_with(profile, &input);
        let total = want.iter().map(|(_, v, c)| v * c).sum::<i32>();
        let want: Vec<_> = want.iter().map(|&(n, v, c)| (n.to_string(), v, c)).collect();
        assert_eq!((r.result, r.fan_list()), (total, want), "{hand}");
    }
}

/// pymahjonggb 1.4.0's answers to hands holding a kind more than four
/// times, and the platform's 2018 calculator refusing them (-2,
/// `policy tile_limit = 4`), as pymahjonggb 1.1.0 does.
fn assert_legacy_scores_and_refused(cases: &[(&str, &[(&str, i32, i32)])]) {
    let legacy = mcr_engine::fans::Profile::by_name("pymahjonggb-1.4").expect("the profile is built in");
    assert_scores_under(legacy, cases);
    for &(hand, _) in cases {
        assert_eq!(common::score(hand).result, mcr_engine::fans::TILE_MORE_THAN_4, "{hand}");
        let input = mcr_engine::notation::parse_hand(hand).unwrap();
        assert_eq!(mcr_engine::fans::calculate_total(&input), mcr_engine::fans::TILE_MORE_THAN_4, "{hand}");
    }
}

#[test]
fn two_pungs_of_one_honour_are_not_two_winds_or_dragons() {
    // Six copies (the reference does not refuse them): its wind and dragon
    // groups name the tiles, so two pungs of East are not two winds
    // (distinct_tiles), while 双箭刻 asks only for dragons. pymahjonggb 1.4.0's answers.
    let cases: [(&str, &[(&str, i32, i32)]); 3] = [
        (
            "[peng F1 3] F1 W9 F3 F3 W9 F4 F4 F3 F1 F1 +F4 flowers=3 seat=1 prevalent=1",
            &[("混幺九", 32, 1), ("三风刻", 12, 1), ("混一色", 6, 1), ("双暗刻", 2, 1), ("花牌", 1, 3)],
        ),
        (
            "[peng J1 1] J1 J1 J1 J2 J2 J2 W1 W2 W3 W5 +W5",
            &[("混一色", 6, 1), ("双箭刻", 6, 3), ("双暗刻", 2, 1), ("独听・单钓", 1, 1)],
        ),
        (
            "[peng J1 1] J1 J1 J1 J2 J2 J2 J3 J3 W1 W1 +J3",
            &[("大三元", 88, 1), ("混幺九", 32, 1), ("混一色", 6, 1), ("双箭刻", 6, 1), ("双暗刻", 2, 1)],
        ),
    ];
    assert_legacy_scores_and_refused(&cases);
}

#[test]
fn six_copies_score_as_the_reference_reads_them() {
    // pymahjonggb 1.4.0's answers. Two pungs of one wind count the wind once
    // (`at_most 1`) and lose 幺九刻 on both; two pungs of one dragon beside a
    // dragon pair are 小三元; a concealed kong of the win tile's kind beside
    // its pair won on a discard loses its concealment (双暗刻, not 三暗刻);
    // fourteen 4s are 小于五, not 全中.
    let cases: [(&str, &[(&str, i32, i32)]); 5] = [
        (
            "[peng F4 1] [peng F4 2] [peng B1 3] F2 F2 F2 B7 +B7 seat=2 prevalent=3",
            &[("碰碰和", 6, 1), ("混一色", 6, 1), ("圈风刻", 2, 1), ("幺九刻", 1, 2), ("独听・单钓", 1, 1)],
        ),
        (
            "[peng F1 1] F1 F1 F1 T2 T3 T4 W5 W5 W5 J1 +J1 zimo",
            &[
                ("圈风刻", 2, 1),
                ("门风刻", 2, 1),
                ("双暗刻", 2, 1),
                ("缺一门", 1, 1),
                ("独听・单钓", 1, 1),
                ("自摸", 1, 1),
            ],
        ),
        (
            "[peng J1 1] J1 T9 J3 W7 W7 J1 J3 J1 W7 T9 +T9 flowers=1 seat=1 prevalent=3",
            &[
                ("小三元", 64, 1),
                ("碰碰和", 6, 1),
                ("双暗刻", 2, 1),
                ("幺九刻", 1, 1),
                ("缺一门", 1, 1),
                ("花牌", 1, 1),
            ],
        ),
        (
            "[gang F1 0] W2 W2 W2 T3 T3 T3 B5 B6 B7 F1 +F1",
            &[
                ("圈风刻", 2, 1),
                ("门风刻", 2, 1),
                ("门前清", 2, 1),
                ("四归一", 2, 255),
                ("双暗刻", 2, 1),
                ("暗杠", 2, 1),
                ("独听・单钓", 1, 1),
            ],
        ),
        (
            "[peng W4 2] T4 T4 T4 B4 T4 T4 W4 B4 W4 W4 +B4 last seat=2",
            &[
                ("全双刻", 24, 1),
                ("三同刻", 16, 1),
                ("小于五", 12, 1),
                ("海底捞月", 8, 1),
                ("双同刻", 2, 1),
                ("双暗刻", 2, 1),
            ],
        ),
    ];
    assert_legacy_scores_and_refused(&cases);
}

#[test]
fn a_kong_whose_kind_is_held_a_fifth_time() {
    // pymahjonggb 1.4.0's answers (found by the Python differential test
    // with 400,000 random calls). In a regular reading the reference counts
    // 四归一 as a uint8_t of (kinds held four times - kongs): 0 - 1 wraps to
    // 255 (510 fan); a knitted straight's fourth set is looked at directly,
    // and a kong is never a hog.
    let cases: [(&str, &[(&str, i32, i32)]); 3] = [
        (
            "[gang T6 1] T5 T6 T7 W1 W2 W3 W4 W5 W6 B1 +B1",
            &[("四归一", 2, 255), ("连六", 1, 1), ("明杠", 1, 1), ("无字", 1, 1), ("独听・单钓", 1, 1)],
        ),
        (
            "[gang T6 1] T7 B2 T7 W4 T6 T9 W7 B8 T3 B5 +W1 kong seat=3 prevalent=1",
            &[("组合龙", 12, 1), ("抢杠和", 8, 1), ("明杠", 1, 1), ("无字", 1, 1)],
        ),
        (
            "[gang T6 0] T7 B2 T7 W4 T6 T9 W7 B8 T3 B5 +W1 zimo seat=3 prevalent=1",
            &[("组合龙", 12, 1), ("不求人", 4, 1), ("暗杠", 2, 1), ("无字", 1, 1)],
        ),
    ];
    assert_legacy_scores_and_refused(&cases);
}

#[test]
fn the_maintainers_guide_lists_every_primitive_and_class() {
    let guide = std::fs::read_to_string(common::repo().join("rules/README.md")).unwrap();
    use mcr_engine::rules::vocabulary::Shape;
    use mcr_engine::rules::vocabulary::{CLASSES, CLASS_CONSTRUCTORS, PRIMITIVES};
    for p in PRIMITIVES {
        // The whole documented form, so that `all` is not found in `all_tiles(class)`.
        let form = match p.shape {
            Shape::Bool | Shape::Count => format!("`{}`", p.name),
            Shape::BoolOfClass | Shape::CountOfClass => format!("`{}(class)`", p.name),
            Shape::BoolOfNumbers(_) => format!("`{}(n", p.name),
        };
        assert!(guide.contains(&format!("| {form}")), "rules/README.md does not document {form} in a table");
    }
    for (c, _) in CLASSES {
        assert!(guide.contains(&format!("`{c}`")), "rules/README.md does not document class `{c}`");
    }
    for (c, _, _) in CLASS_CONSTRUCTORS {
        assert!(guide.contains(&format!("`{c}(")), "rules/README.md does not document `{c}(...)`");
    }
}
