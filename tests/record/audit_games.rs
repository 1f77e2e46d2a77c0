//! `mcr audit --games`: the cai-style flag model against the corpus's
//! `known_discrepancy` evidence, the self-found discrepancies on a
//! tag-stripped copy, the flag evidence of hand-checked games, the JSON keys,
//! and hostile records (reported as bad, never audited as agreeing).

use crate::common;
use common::corpus::{self, GAMES, GOLDEN};

use mcr_engine::audit::games::{audit_game, GameAudit, Kind, Replay};
use mcr_engine::record::GameRecord;
use serde_json::Value;
use std::collections::BTreeMap;

/// The public games, streamed (the whole file parsed at once would take
/// far more memory than the audit needs).
fn games() -> impl Iterator<Item = GameRecord> {
    corpus::each(&corpus::data(GAMES))
}

/// The status the corpus's tags give a game (the tagged set).
fn tagged_status(g: &GameRecord) -> Option<&'static str> {
    if g.tags.iter().any(|t| t == "gb_discrepancy") {
        Some("cai_replay_below_8fan_gate")
    } else if g.tags.iter().any(|t| t == "gb_fan_diff") {
        Some("cai_replay_fan_diff")
    } else {
        None
    }
}

#[test]
fn cai_replay_reproduces_every_known_discrepancy_of_the_public_file() {
    let mut by_status: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut known, mut hu) = (0, 0);
    for g in games() {
        let a = &audit_game(&g, Replay::Cai);
        assert!(a.kind == Kind::Hu || a.kind == Kind::Draw, "{}: {:?} {:?}", g.game_id, a.kind, a.problem);
        let Some(w) = &a.win else { continue };
        hu += 1;
        assert!(w.agree, "{}: engine list differs from the record", g.game_id);
        let c = w.cai.as_ref().unwrap();
        *by_status.entry(c.status).or_default() += 1;
        // Differences are found from the replay alone; tags only confirm.
        assert_eq!(Some(c.status).filter(|s| *s != "agree"), tagged_status(&g), "{}", g.game_id);
        assert!(c.corrected_agrees, "{}: the corrected model should match the judge", g.game_id);
        if let Some(k) = &c.known {
            known += 1;
            assert!(k.list_equal && k.status_equal, "{}: {k:?} vs {:?}", g.game_id, c.fans);
            assert_eq!(c.explained_by, vec!["is4thTile"], "{}", g.game_id);
        }
    }
    // The figures for the public file: 56 below the gate, 57 milder.
    assert_eq!(by_status.get("cai_replay_below_8fan_gate"), Some(&56));
    assert_eq!(by_status.get("cai_replay_fan_diff"), Some(&57));
    assert_eq!(known, 113);
    assert_eq!(hu, 2892);
}

#[test]
fn summary_lines_on_the_gate_relevant_games() {
    let file = common::data("games.jsonl.gz");
    let (ok, out, err) =
        crate::common::mcr(&["audit", "--games", file.to_str().unwrap(), "--tag", "gb_discrepancy", "--replay", "cai"])
            .parts();
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.trim_end().lines().collect();
    assert_eq!(
        lines[lines.len() - 2..],
        [
            "audit: 56/56 fan lists agree with the record",
            "cai replay: 56 games differ (56 below the 8-fan gate); known discrepancies reproduced: 56/56"
        ]
    );
    assert!(out.contains("explained by: is4thTile"), "{out}");
    assert!(out.contains("BELOW the 8-fan gate"), "{out}");
}

/// Every documented key of the JSON form, as `path.to.key`.
const JSON_KEYS: &[&str] = &[
    "game_id",
    "file",
    "line",
    "kind",
    "tags",
    "problem",
    "verdict",
    "differs",
    "win",
    "win.winner",
    "win.ending",
    "win.discarder",
    "win.win_turn",
    "win.win_tile",
    "win.hand",
    "win.trace",
    "win.fan_rows",
    "win.readings",
    "win.agree",
    "win.flags.given.fourth_tile",
    "win.flags.used.about_kong",
    "win.flags.shown",
    "win.flags.kong",
    "win.flags.wall_seat",
    "win.flags.wall_left",
    "win.engine.total",
    "win.engine.fans",
    "win.recorded.total",
    "win.recorded.fans",
    "win.cai.flags.check",
    "win.cai.flags.shown_tiles",
    "win.cai.flags.cai.fourth_tile",
    "win.cai.flags.corrected.fourth_tile",
    "win.cai.flags.kong",
    "win.cai.flags.wall_seat",
    "win.cai.flags.wall_left",
    "win.cai.fans.total",
    "win.cai.fans.fans",
    "win.cai.corrected.total",
    "win.cai.corrected_agrees",
    "win.cai.differing",
    "win.cai.explained_by",
    "win.cai.status",
    "win.cai.known",
];

fn has_key(v: &Value, path: &str) -> bool {
    let mut cur = v;
    for k in path.split('.') {
        match cur.get(k) {
            Some(x) => cur = x,
            None => return false,
        }
    }
    true
}

#[test]
fn finds_the_discrepancies_by_itself_on_a_tag_stripped_copy() {
    let mut tagged = BTreeMap::new();
    let mut stripped = String::new();
    for mut v in corpus::each::<Value>(&corpus::data(GAMES)) {
        let g: GameRecord = serde_json::from_value(v.clone()).unwrap();
        if let Some(s) = tagged_status(&g) {
            tagged.insert(g.game_id.clone(), s.to_string());
        }
        let o = v.as_object_mut().unwrap();
        o.remove("tags");
        o.remove("known_discrepancy");
        stripped.push_str(&serde_json::to_string(&v).unwrap());
        stripped.push('\n');
    }
    let file = common::temp_file("stripped.jsonl", &stripped);
    let (ok, out, err) =
        crate::common::mcr(&["audit", "--games", &file, "--replay", "cai", "--differing", "--format", "json"]).parts();
    assert!(ok, "{err}");
    assert!(
        err.contains("cai replay: 113 games differ (56 below the 8-fan gate); known discrepancies reproduced: 0/0"),
        "{err}"
    );
    let mut found = BTreeMap::new();
    for line in out.lines() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        for k in JSON_KEYS {
            if *k != "win.cai.flags.kong" && *k != "win.flags.kong" {
                assert!(has_key(&v, k), "missing key {k} in {line}");
            }
        }
        assert_eq!(v["kind"], "hu");
        found.insert(
            v["game_id"].as_str().unwrap().to_string(),
            v["win"]["cai"]["status"].as_str().unwrap().to_string(),
        );
    }
    assert_eq!(found.len(), 113);
    assert_eq!(found, tagged);
}

fn audit_of(id: &str) -> GameAudit {
    let g = games().find(|g| g.game_id == id).unwrap_or_else(|| panic!("{id} not in the public file"));
    audit_game(&g, Replay::Cai)
}

// The games below were checked by hand against their records.

#[test]
fn evidence_of_the_last_of_its_kind() {
    // W3: discarded by seat 3 (turn 100), in seat 1's chow W3-W4-W5 (turn
    // 111), discarded by seat 2 (turn 113); seat 2 draws the fourth (136).
    let a = audit_of("ce19600ccf32a1ddc7610743");
    let w = a.win.as_ref().unwrap();
    assert_eq!((w.ending, w.winner, w.win_turn, w.win_tile.as_str()), ("zimo", 2, 136, "W3"));
    assert!(w.flags.given.fourth_tile);
    let turns: Vec<(usize, &str, &str)> = w.flags.shown.iter().map(|s| (s.turn, s.action, s.what)).collect();
    assert_eq!(turns, [(100, "PLAY", "discard"), (111, "CHI", "chow"), (113, "PLAY", "discard")]);
    let c = w.cai.as_ref().unwrap();
    assert_eq!(c.flags.shown_tiles, 3);
    assert!(!c.flags.cai.fourth_tile && c.flags.corrected.fourth_tile);
    assert_eq!(c.status, "cai_replay_below_8fan_gate");
    assert_eq!((c.fans.total, w.engine.total), (4, 8));
    let text = mcr_engine::audit::text::game_text(&a);
    assert!(text.contains("3 other copies of W3 shown: turn 100 PLAY by seat 3 (discard, +1); turn 111 CHI by seat 1 (chow, +1); turn 113 PLAY by seat 2 (discard, +1)"), "{text}");
}

#[test]
fn fan_rows_give_each_fan_its_status_omitter_and_rules_line() {
    // The same hand: 和绝张, 平和, 嵌张, 自摸 counted; 无字 holds but
    // 平和 omits it.
    let a = audit_of("ce19600ccf32a1ddc7610743");
    let w = a.win.as_ref().unwrap();
    let rows: Vec<(&str, &str, Vec<&str>, u8, u8)> =
        w.fan_rows.iter().map(|r| (r.name, r.status, r.omitted_by.clone(), r.engine, r.recorded)).collect();
    assert_eq!(
        rows,
        [
            ("和绝张", "counted", vec![], 1, 1),
            ("平和", "counted", vec![], 1, 1),
            ("无字", "omitted", vec!["平和"], 0, 0),
            ("嵌张", "counted", vec![], 1, 1),
            ("自摸", "counted", vec![], 1, 1),
        ]
    );
    // Each line is its fan's declaration in rules/fans.mcr, and the rule is
    // the text of that declaration.
    let rules = common::repo_file("rules/fans.mcr");
    let lines: Vec<&str> = rules.lines().collect();
    for r in &w.fan_rows {
        let at = r.line as usize - 1;
        assert!(lines[at].starts_with(&format!("fan {} ", r.name)), "{}: line {} is {:?}", r.name, r.line, lines[at]);
        let block: Vec<&str> =
            lines[at..].iter().take_while(|l| !l.trim().is_empty()).flat_map(|l| l.split_whitespace()).collect();
        let rule = r.rule.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(block.join(" ").contains(&rule), "{}: {rule:?} not in its block {block:?}", r.name);
    }
    let chosen: Vec<_> = w.readings.iter().filter(|r| r.chosen).collect();
    assert_eq!(chosen.len(), 1);
    assert_eq!(chosen[0].total, 8);
    assert_eq!(chosen[0].omitted, [("无字", 1, "平和")]);
    // The text trace is made from the same rows.
    assert!(w.trace.contains("holds but omitted by 平和"), "{}", w.trace);
}

#[test]
fn evidence_of_a_win_on_a_kong_replacement() {
    // Seat 1 promotes its pung of B8 (turn 155) and wins on the replacement F3.
    let a = audit_of("54b3cfde940fe0dc5d0e3c1c");
    let w = a.win.as_ref().unwrap();
    assert_eq!((w.ending, w.win_turn), ("zimo", 156));
    assert!(w.flags.given.about_kong);
    let k = w.flags.kong.unwrap();
    assert_eq!((k.turn, k.seat, k.kind, k.tile.name()), (155, 1, "promoted", "B8"));
    let c = w.cai.as_ref().unwrap();
    assert!(c.flags.cai.about_kong && c.flags.kong == Some(k));
    assert_eq!(c.status, "agree");
    assert!(w.engine.fans.iter().any(|f| f.name == "杠上开花"));
}

#[test]
fn evidence_of_a_robbed_kong() {
    // Seat 2 promotes B2 (turn 98); seat 3 robs it.
    let a = audit_of("17388bcc8cdf2ff80343a361");
    let w = a.win.as_ref().unwrap();
    assert_eq!((w.ending, w.winner, w.discarder, w.win_turn), ("qianggang", 3, Some(2), 98));
    let k = w.flags.kong.unwrap();
    assert_eq!((k.turn, k.seat, k.kind, k.tile.name()), (98, 2, "promoted", "B2"));
    let c = w.cai.as_ref().unwrap();
    assert_eq!(c.flags.check, mcr_engine::audit::cai::Check::RobKong);
    assert!(c.flags.cai.about_kong);
    assert_eq!(c.status, "agree");
}

#[test]
fn evidence_of_the_last_wall_tile() {
    // Self-drawn: seat 3 draws at turn 164 with seat 0's segment empty.
    let a = audit_of("4cdc0142213611466983c6a2");
    let w = a.win.as_ref().unwrap();
    assert!(w.flags.given.wall_last);
    assert_eq!((w.flags.wall_seat, w.flags.wall_left, w.win_turn), (0, 0, 164));
    assert!(w.engine.fans.iter().any(|f| f.name == "妙手回春"));
    // On a discard: seat 3 discards at turn 166, seat 0's segment empty.
    let a = audit_of("074682bca62c1c4cc10ebec7");
    let w = a.win.as_ref().unwrap();
    assert_eq!((w.ending, w.discarder, w.flags.wall_seat, w.flags.wall_left), ("ron", Some(3), 0, 0));
    let c = w.cai.as_ref().unwrap();
    assert!(c.flags.cai.wall_last && w.flags.given.wall_last);
    assert!(w.engine.fans.iter().any(|f| f.name == "海底捞月"));
}

// ------------------------------------------------------------ hostile records

/// The shortest won game of the golden file, as JSON.
fn short_game() -> Value {
    corpus::values(GOLDEN)
        .into_iter()
        .filter(|v| v["expected"]["ending"] != "draw" && v["expected"]["ending"] != "error")
        .min_by_key(|v| v["turns"].as_array().unwrap().len())
        .unwrap()
}

fn audit_value(v: &Value) -> GameAudit {
    audit_game(&serde_json::from_value::<GameRecord>(v.clone()).unwrap(), Replay::Cai)
}

fn last_display(v: &mut Value) -> &mut Value {
    let turns = v["turns"].as_array_mut().unwrap();
    let n = turns.len();
    &mut turns[n - 1]["display"]
}

#[test]
fn the_short_game_is_audited_as_agreeing() {
    let a = audit_value(&short_game());
    assert_eq!(a.kind, Kind::Hu);
    assert!(a.win.unwrap().agree);
}

#[test]
fn a_one_turn_record_whose_only_display_is_hu_is_a_bad_record() {
    let mut v = short_game();
    let hu = last_display(&mut v).clone();
    v["turns"] = serde_json::json!([{ "display": hu }]);
    let a = audit_value(&v);
    assert_eq!(a.kind, Kind::Bad);
    assert!(a.problem.as_deref().unwrap().starts_with("turn 0: the engine does not reproduce"), "{:?}", a.problem);
    let file = common::temp_file("one-turn.jsonl", format!("{v}\n"));
    let (ok, out, err) = crate::common::mcr(&["audit", "--games", &file]).parts();
    assert!(!ok);
    assert!(err.contains("one-turn.jsonl:1: game") && !err.contains("panicked"), "{err}");
    assert!(out.contains("1 bad records") && out.contains("audit: 0/0 fan lists agree"), "{out}");
}

#[test]
fn out_of_range_winners_are_bad_records() {
    for player in [serde_json::json!(4), serde_json::json!(257), serde_json::json!(-1)] {
        let mut v = short_game();
        last_display(&mut v)["player"] = player.clone();
        let a = audit_value(&v);
        assert_eq!(a.kind, Kind::Bad, "player {player}");
        assert!(a.differs && a.win.is_none());
    }
}

#[test]
fn fan_numbers_beyond_32_bits_are_bad_records() {
    let big = serde_json::json!(4294967304u64); // 2^32 + 8
    let mut v = short_game();
    last_display(&mut v)["fanCnt"] = big.clone();
    let a = audit_value(&v);
    assert_eq!(a.kind, Kind::Bad);
    assert!(a.problem.as_deref().unwrap().contains("\"fanCnt\" is 4294967304"), "{:?}", a.problem);

    let mut v = short_game();
    last_display(&mut v)["fan"][0]["value"] = big.clone();
    let a = audit_value(&v);
    assert_eq!(a.kind, Kind::Bad);
    assert!(a.problem.as_deref().unwrap().contains("\"value\" is 4294967304"), "{:?}", a.problem);

    let mut v = short_game();
    last_display(&mut v)["fan"][0]["cnt"] = big.clone();
    assert_eq!(audit_value(&v).kind, Kind::Bad);

    // In `expected`, the record cannot be read: reported with file:line.
    let mut v = short_game();
    v["expected"]["fan_total"] = big;
    let good = short_game();
    let file = common::temp_file("big.jsonl", format!("{good}\n{v}\n"));
    let (ok, out, err) = crate::common::mcr(&["audit", "--games", &file, "--replay", "cai"]).parts();
    assert!(!ok);
    assert!(err.contains("big.jsonl:2: malformed record"), "{err}");
    assert!(out.contains("games: 1 read, 1 HU, 0 draws, 0 error games, 0 bad records, 1 unreadable"), "{out}");
    assert!(out.contains("audit: 1/1 fan lists agree with the record"), "{out}");
}

#[test]
fn audit_hands_fails_on_a_missing_file_bad_records_or_no_records() {
    let (ok, _, err) = crate::common::mcr(&["audit", "--hands", "/nonexistent/hands.jsonl"]).parts();
    assert!(!ok && err.contains("/nonexistent/hands.jsonl: cannot open"), "{err}");
    let (ok, _, err) = crate::common::mcr(&["audit", "--hands", &common::temp_file("empty.jsonl", "")]).parts();
    assert!(!ok && err.contains("no hand record read"), "{err}");
    let (ok, _, err) =
        crate::common::mcr(&["audit", "--hands", &common::temp_file("junk.jsonl", "{not json\n")]).parts();
    assert!(!ok && err.contains("junk.jsonl:1: malformed record"), "{err}");
    let (ok, _, err) = crate::common::mcr(&["audit", "--games", &common::temp_file("empty-games.jsonl", "")]).parts();
    assert!(!ok && err.contains("no game record read"), "{err}");
    let (ok, _, err) = crate::common::mcr(&["audit", "--games", "/nonexistent/games.jsonl"]).parts();
    assert!(!ok && err.contains("cannot open"), "{err}");
}

#[test]
fn draws_and_error_games_are_listed_as_such() {
    let (ok, out, err) =
        crate::common::mcr(&["audit", "--games", common::data("errors.jsonl.gz").to_str().unwrap(), "--replay", "cai"])
            .parts();
    assert!(ok, "{err}");
    assert!(out.contains(": error game, verdict WA by seat"), "{out}");
    assert!(out.contains(" error games, 0 bad records, 0 unreadable"), "{out}");
    // A WH verdict: the refused HU explained against the display's count.
    assert!(out.contains("verdict WH by seat 3 [error]\nthe HU refused: seat 3 on B8 (turn 10)"), "{out}");
    assert!(out.contains("recorded result -3, engine -3: agree"), "{out}");
    let (_, out, _) =
        crate::common::mcr(&["audit", "--games", common::data("golden.jsonl.gz").to_str().unwrap()]).parts();
    assert!(out.contains(": draw (荒庄), nothing to score"), "{out}");
}

#[test]
fn win_hand_refuses_a_seat_beyond_3() {
    let e = mcr_engine::engine::Engine::new();
    assert!(e.win_hand(4).is_err());
    assert!(e.win_hand(255).is_err());
}
