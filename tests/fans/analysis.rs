//! Hand analysis: hand-checked cases per shape, the discard table, waits
//! scored as the reference scored the completed hands, and the shanten corpus
//! through `mcr analyse`.

use crate::common;

use mcr_engine::analysis::{self, discards, waits, ShantenError, Shape, TileSet};
use mcr_engine::hand::WinFlags;
use mcr_engine::notation::{parse_hand_text, parse_tiles};
use mcr_engine::record::hand_inputs;
use mcr_engine::tiles::Tile;
use std::process::Command;

fn tiles(text: &str) -> Vec<Tile> {
    text.split_whitespace().flat_map(|w| parse_tiles(w).unwrap()).collect()
}

fn set(text: &str) -> TileSet {
    tiles(text).into_iter().collect()
}

fn shape(shape: Shape, hand: &str) -> (i32, TileSet) {
    let s = analysis::shape_shanten(shape, &tiles(hand)).unwrap();
    (s.shanten, s.useful)
}

#[test]
fn regular_shape_by_hand() {
    // Three chows, a pair of 9s, 1p and 5p alone: one set short (a chow from
    // 1p or 5p, or a pung of 9s and a pair from a single).
    assert_eq!(shape(Shape::Regular, "123456789m 15p 99s"), (1, set("9s 1234567p")));
    // Waiting on a single tile; with four packs, the last tile waits for its pair.
    assert_eq!(shape(Shape::Regular, "123456789m 123p 5p"), (0, set("5p")));
    assert_eq!(shape(Shape::Regular, "5p"), (0, set("5p")));
    // Seven standing tiles (two packs): two partners (45s, 79p) and a pair
    // for the two sets still missing; the 1m alone helps nothing.
    assert_eq!(shape(Shape::Regular, "45s 11z 7p 9p 1m"), (1, set("36s 8p")));
}

#[test]
fn a_shape_may_have_no_useful_tile() {
    // Three honour pungs and a pair of East: one more set needed, but every
    // tile that could make it is held four times (skipped while not
    // waiting), and a sixth East makes no second East pung for the reference.
    assert_eq!(shape(Shape::Regular, "11111z 2222z 3333z"), (1, TileSet::EMPTY));
}

#[test]
fn seven_pairs_by_hand() {
    // A kong's count of tiles makes two pairs.
    assert_eq!(shape(Shape::SevenPairs, "1111m 2233p 4455s 6z"), (0, set("6z")));
    assert_eq!(shape(Shape::SevenPairs, "1357m 2468p 13579s"), (6, set("1357m 2468p 13579s")));
    assert_eq!(analysis::seven_pairs_shanten(&tiles("1111m 223344p")), Err(ShantenError::InvalidHand));
}

#[test]
fn thirteen_orphans_by_hand() {
    assert_eq!(shape(Shape::ThirteenOrphans, "19m 19s 19p 1234567z"), (0, set("19m 19s 19p 1234567z")));
    // With a pair, only the kinds still missing.
    assert_eq!(shape(Shape::ThirteenOrphans, "19m 19s 19p 123456z 1z"), (0, set("7z")));
    assert_eq!(shape(Shape::ThirteenOrphans, "2345678m 234567p"), (13, set("19m 19s 19p 1234567z")));
}

#[test]
fn knitted_shapes_by_hand() {
    // Honours and knitted tiles: 13 of the 16 kinds of one straight.
    assert_eq!(shape(Shape::HonorsKnitted, "147m 258s 369p 1234z"), (0, set("567z")));
    // Knitted straight with a fixed pack (10 standing tiles): the straight
    // whole, the 5p waiting for its pair.
    assert_eq!(shape(Shape::KnittedStraight, "147m 258s 369p 5p"), (0, set("5p")));
    // Two packs: the knitted shapes do not apply.
    assert_eq!(analysis::knitted_straight_shanten(&tiles("147m 258s 3p")), Err(ShantenError::InvalidHand));
    assert_eq!(analysis::honors_and_knitted_shanten(&tiles("147m 258s 369p 5p")), Err(ShantenError::InvalidHand));
    // 13 tiles, one straight tile missing, the rest a set and a pair.
    assert_eq!(shape(Shape::KnittedStraight, "147m 258s 36p 11z 234p"), (0, set("9p")));
}

#[test]
fn overall_shanten_and_errors() {
    let h = tiles("147m 258s 369p 1234z");
    assert_eq!(analysis::mahjong_shanten(&[], &h), Ok(0));
    assert_eq!(analysis::mahjong_shanten(&[], &tiles("123456789m 12345p")), Err(ShantenError::InvalidHandOrPack));
    assert_eq!(ShantenError::InvalidHandOrPack.to_string(), "ERROR_INVALID_HAND_OR_PACK");
    assert_eq!(ShantenError::InvalidHand.to_string(), "ERROR_INVALID_HAND");
    assert_eq!(analysis::corpus::reference_pack("CHI", "W2", 4), Err(ShantenError::WrongOfferCode));
    assert_eq!(analysis::corpus::reference_pack("KONG", "W2", 1), Err(ShantenError::WrongPackCode));
    assert_eq!(analysis::corpus::reference_tile("W0"), Err(ShantenError::WrongTileCode));
}

#[test]
fn discard_table_by_hand() {
    let h = parse_hand_text("123456789m 123p 5p 9s").unwrap();
    let rows = discards(&h.packs, &h.standing, &[]).unwrap();
    let row = |t: &str| rows.iter().find(|d| d.tile == Tile::parse(t).unwrap()).unwrap();
    assert_eq!(
        (rows[0].tile, rows[0].shanten, rows[0].useful, rows[0].unseen),
        (Tile::parse("T9").unwrap(), 0, set("5p"), 3)
    );
    assert_eq!((row("B5").shanten, row("B5").useful, row("B5").unseen), (0, set("9s"), 3));
    assert!(rows
        .windows(2)
        .all(|w| (w[0].shanten, std::cmp::Reverse(w[0].unseen)) <= (w[1].shanten, std::cmp::Reverse(w[1].unseen))));
    // Tiles reported visible are not unseen.
    let rows = discards(&h.packs, &h.standing, &tiles("5p 5p")).unwrap();
    assert_eq!((rows[0].tile, rows[0].unseen), (Tile::parse("B5").unwrap(), 3));
    assert!(discards(&h.packs, &h.standing[1..], &[]).is_err());
    // The hand holds one 5p: three more visible make four, a fourth makes five.
    assert!(discards(&h.packs, &h.standing, &tiles("5p 5p 5p")).is_ok());
    let five = Err(ShantenError::TooManyCopies(Tile::parse("B5").unwrap()));
    assert_eq!(discards(&h.packs, &h.standing, &tiles("5p 5p 5p 5p")), five);
    // A chow pack's tiles count too.
    let packed = parse_hand_text("[chi 456p] 123456789m 5p 9s").unwrap();
    assert_eq!(discards(&packed.packs, &packed.standing, &tiles("5p 5p 5p")), five);
    assert_eq!(
        ShantenError::TooManyCopies(Tile::parse("B5").unwrap()).to_string(),
        "more than 4 copies of B5 among the hand, its packs and the visible tiles"
    );
}

#[test]
fn waits_score_as_the_reference_scored_the_completed_hands() {
    // Every winning hand of the corpus, its win tile taken out: the tile is a
    // wait, and its fans (self-drawn or not, as recorded) are the reference's.
    let mut checked = 0;
    for item in hand_inputs(&common::data("hands.jsonl.gz")).take(3000) {
        let (rec, input) = item.unwrap();
        if rec.record.expected.result < 0 {
            continue;
        }
        let found = waits(
            input.packs(),
            input.standing(),
            input.flags,
            input.seat_wind,
            input.prevalent_wind,
            input.flower_count,
        )
        .unwrap();
        let w = found
            .iter()
            .find(|w| w.tile == input.win_tile)
            .unwrap_or_else(|| panic!("{}: win tile not among the waits", rec.record.id));
        let r = if input.flags.self_drawn { &w.self_drawn } else { &w.discard };
        assert_eq!(
            (r.result, r.fan_list()),
            (rec.record.expected.result, rec.record.expected.fan.clone()),
            "{}",
            rec.record.id
        );
        checked += 1;
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn waits_of_a_typed_hand() {
    let h = parse_hand_text("1112345678999m").unwrap();
    let found = waits(&h.packs, &h.standing[..13], WinFlags::default(), 0, 0, 0).unwrap();
    assert_eq!(found.iter().map(|w| w.tile).collect::<TileSet>(), set("123456789m"));
    assert!(found.iter().all(|w| common::has_fan(&w.discard, "九莲宝灯")));
    // A hand that wins only below the minimum is marked.
    let h = parse_hand_text("[peng 1z] 234s 789s 55p 67p").unwrap();
    let found = waits(&h.packs, &h.standing, WinFlags::default(), 1, 2, 0).unwrap();
    assert_eq!(found.iter().map(|w| w.tile).collect::<TileSet>(), set("58p"));
    assert!(found.iter().all(|w| w.below_minimum() == (true, true)));
}

#[test]
fn analyse_matches_the_shanten_corpus() {
    let corpus = common::data("shanten.jsonl.gz");
    let out = Command::new(crate::common::mcr_bin()).args(["analyse", corpus.to_str().unwrap()]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.trim_end().ends_with("analyse: 60000/60000 match"), "{stdout}");
}

#[test]
fn analyse_reports_mismatches_and_bad_lines() {
    // A record of the reference (pymahjonggb 1.4.0).
    let good = r#"{"id": "a", "packs": [], "hand": ["W1","W2","W3","W4","W5","W6","W7","W8","W9","B1","B2","B3","B5"], "expected": {"shanten": 0, "forms": {"regular": [0, ["B5"]], "seven_pairs": [6, ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "B1", "B2", "B3", "B5"]], "thirteen_orphans": [10, ["W1", "W9", "T1", "T9", "B1", "B9", "F1", "F2", "F3", "F4", "J1", "J2", "J3"]], "honors_knitted": [8, ["T1", "T3", "T4", "T6", "T7", "T9", "B8", "F1", "F2", "F3", "F4", "J1", "J2", "J3"]], "knitted_straight": [5, ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "T1", "T3", "T4", "T6", "T7", "T9", "B1", "B2", "B3", "B8"]]}}}"#;
    let dir = common::temp_dir("analysis");
    let file = dir.join("s.jsonl");
    // The third line repeats a key of `expected` (the last value would match).
    let repeated = good.replace("\"expected\": {\"shanten\": 0", "\"expected\": {\"shanten\": 3, \"shanten\": 0");
    std::fs::write(
        &file,
        format!("{good}\n{}\n{{oops\n{repeated}\n", good.replace("\"shanten\": 0", "\"shanten\": 1")),
    )
    .unwrap();
    let out = Command::new(crate::common::mcr_bin()).args(["analyse", file.to_str().unwrap()]).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success());
    assert!(stdout.contains("MISMATCH a (") && stdout.contains("s.jsonl:2)"), "{stdout}");
    assert!(stderr.contains("s.jsonl:3: malformed record"), "{stderr}");
    assert!(stderr.contains("s.jsonl:4: malformed record: duplicate key \"shanten\""), "{stderr}");
    assert!(stdout.trim_end().ends_with("analyse: 1/4 match"), "{stdout}");
}

#[test]
fn shanten_and_waits_on_the_command_line() {
    let (code, out, _) = crate::common::mcr(&["shanten", "[chi 456m] 123s 789s 4p 5p 6z 6z"]).coded();
    assert_eq!(code, Some(0));
    assert!(out.starts_with("regular            0  B3 B6 (2 kinds)\n"), "{out}");
    assert!(
        out.contains("seven pairs        -  (not for 10 standing tiles)") && out.ends_with("shanten 0 (waiting)\n"),
        "{out}"
    );
    let (_, out, _) = crate::common::mcr(&["shanten", "123456789m 15p 99s", "--format", "json"]).coded();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["shanten"], 1);
    assert_eq!(v["forms"]["regular"], serde_json::json!([1, ["T9", "B1", "B2", "B3", "B4", "B5", "B6", "B7"]]));
    // Fourteen tiles: the discard table, best first.
    let (code, out, _) =
        crate::common::mcr(&["shanten", "123m 456m 789m 1p 5p 9s 3z +2p", "--visible", "3p3p3p"]).coded();
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "discard  shanten  kinds  unseen  useful tiles");
    assert_eq!(lines[1], "T9             1      3       7  B3 B5 F3");
    // Wrong counts and bad words: exit 2 with the reason.
    let (code, _, err) = crate::common::mcr(&["shanten", "123m 456m"]).coded();
    assert_eq!(code, Some(2));
    assert!(err.contains("6 standing tiles and 0 packs make 6 tiles"), "{err}");
    let (code, _, err) = crate::common::mcr(&["shanten", "123m X9"]).coded();
    assert!(code == Some(2) && err.contains("X9"), "{err}");
    // More copies seen than exist; --visible where there is no discard table.
    let (code, _, err) =
        crate::common::mcr(&["shanten", "123m 456m 789m 1p 5p 9s 3z +2p", "--visible", "3z3z3z3z"]).coded();
    assert!(code == Some(2) && err.contains("more than 4 copies of F3"), "{err}");
    let (code, _, err) = crate::common::mcr(&["shanten", "123456789m 15p 99s", "--visible", "3p"]).coded();
    assert!(code == Some(2) && err.contains("--visible") && err.contains("14th tile"), "{err}");

    let (code, out, _) = crate::common::mcr(&["waits", "[peng 1z] 234s 789s 55p 67p", "seat=E", "prevalent=E"]).coded();
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("B5  self-drawn  6 fan  (below the 8-fan minimum)  圈风刻 2, 门风刻 2, 缺一门 1, 自摸 1\n"),
        "{out}"
    );
    assert!(out.ends_with("waits: 2 (0 reach 8 fan: )\n"), "{out}");
    let (_, out, _) = crate::common::mcr(&["waits", "1112345678999m", "--format", "json"]).coded();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["waits"].as_array().unwrap().len(), 9);
    assert_eq!(v["waits"][0]["discard"]["total"], 106);
    let (code, _, err) = crate::common::mcr(&["waits", "1112345678999m +1m"]).coded();
    assert!(code == Some(2) && err.contains("leave out the +tile"), "{err}");
    let (_, out, _) = crate::common::mcr(&["waits", "1357m 2468p 13579s"]).coded();
    assert_eq!(out, "not waiting: no tile completes the hand\n");
}
