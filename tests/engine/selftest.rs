//! The dataset self-test: every public record passes, and each deliberate
//! corruption of a real record fails naming the check it breaks.

use crate::common;
use common::corpus::{self, data, ERRORS, GAMES, GOLDEN};
use mcr_engine::record::{GameRecord, Records};
use mcr_engine::selftest::{check_json, check_record, Check, CheckFailure, Outcome};
use serde_json::{json, Value};

fn check(rec: &Value) -> Result<Outcome, CheckFailure> {
    let text = serde_json::to_vec(rec).unwrap();
    check_json(&text).expect("still a well-formed record").map(|f| f.outcome)
}

/// Asserts that the corrupted record fails `want` (and that the original passed).
#[track_caller]
fn assert_fails(original: &Value, corrupted: &Value, want: Check) -> CheckFailure {
    assert!(check(original).is_ok(), "original {} should pass", original["game_id"]);
    match check(corrupted) {
        Ok(_) => panic!("corruption of {} passed; expected a {want} failure", original["game_id"]),
        Err(f) => {
            assert_eq!(f.check, want, "{} failed the wrong check: {f}", original["game_id"]);
            f
        }
    }
}

fn action(turn: &Value) -> &str {
    turn["display"]["action"].as_str().unwrap()
}

fn turns(rec: &Value) -> &Vec<Value> {
    rec["turns"].as_array().unwrap()
}

/// First game and turn index where `pred(turns, k)` holds.
fn find(games: &'static [Value], pred: impl Fn(&[Value], usize) -> bool) -> (Value, usize) {
    for g in games {
        let ts = turns(g);
        if let Some(k) = (0..ts.len()).find(|&k| pred(ts, k)) {
            return (g.clone(), k);
        }
    }
    panic!("no game in the corpus has the feature this test corrupts");
}

fn seat(turn: &Value) -> usize {
    turn["display"]["player"].as_u64().unwrap() as usize
}

fn tile_of(turn: &Value) -> String {
    turn["display"]["tile"].as_str().unwrap().to_string()
}

/// Seat 0's first discard is turn 3 (INIT, DEAL, DRAW, PLAY); seats 1-3 then
/// still hold exactly their dealt tiles.
fn first_discard_game(pred: impl Fn(&Value) -> bool) -> Value {
    corpus::shared_values(GOLDEN)
        .iter()
        .find(|g| {
            let ts = turns(g);
            action(&ts[2]) == "DRAW" && action(&ts[3]) == "PLAY" && action(&ts[4]) == "DRAW" && pred(g)
        })
        .expect("a game whose first discard is unclaimed")
        .clone()
}

fn dealt(g: &Value, s: usize) -> Vec<String> {
    g["turns"][1]["display"]["hand"][s].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect()
}

const TILES: [&str; 34] = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "B1",
    "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "F1", "F2", "F3", "F4", "J1", "J2", "J3",
];

// ------------------------------------------------------------ the corpora

#[test]
fn every_public_record_passes() {
    for (name, want) in [("golden.jsonl.gz", 222), ("games.jsonl.gz", 4200), ("errors.jsonl.gz", 150)] {
        let mut n = 0;
        for (i, l) in corpus::lines(name).iter().enumerate() {
            match check_json(l.as_bytes()) {
                Ok(Ok(_)) => n += 1,
                Ok(Err(f)) => panic!("{name}:{}: {f}", i + 1),
                Err(e) => panic!("{name}:{}: malformed: {e}", i + 1),
            }
        }
        assert_eq!(n, want, "{name}");
    }
}

#[test]
fn record_api_agrees_with_the_fast_path() {
    for name in ["golden.jsonl.gz", "errors.jsonl.gz"] {
        let fast: Vec<_> = corpus::lines(name).iter().map(|l| check_json(l.as_bytes()).unwrap()).collect();
        let slow: Vec<_> =
            Records::<GameRecord>::open(&data(name)).unwrap().map(|r| check_record(&r.unwrap().record)).collect();
        assert_eq!(fast, slow, "{name}");
    }
}

/// Every game's outcome is the ending its record states (`expected.ending`),
/// and every kind of ending occurs.
#[test]
fn outcomes_are_classified_as_the_record_states() {
    let mut seen = std::collections::BTreeMap::new();
    for name in ["golden.jsonl.gz", "errors.jsonl.gz", "games.jsonl.gz"] {
        for (i, l) in corpus::lines(name).iter().enumerate() {
            let rec: Value = serde_json::from_str(l).unwrap();
            let ending = rec["expected"]["ending"].as_str().unwrap().to_string();
            let want = match ending.as_str() {
                "zimo" => Outcome::Zimo,
                "ron" => Outcome::Ron,
                "draw" => Outcome::Draw,
                "error" => Outcome::Error,
                other => panic!("{name}:{}: unknown ending {other:?}", i + 1),
            };
            let got = check_json(l.as_bytes()).unwrap().unwrap_or_else(|f| panic!("{name}:{}: {f}", i + 1)).outcome;
            assert_eq!(got, want, "{name}:{}: game {} ends {ending}", i + 1, rec["game_id"]);
            *seen.entry(ending).or_insert(0) += 1;
        }
    }
    assert_eq!(seen.keys().collect::<Vec<_>>(), ["draw", "error", "ron", "zimo"], "{seen:?}");
}

// ------------------------------------------------------------ wall and deal

#[test]
fn wall_with_five_of_a_kind() {
    let g = corpus::shared_values(GOLDEN)[0].clone();
    let mut bad = g.clone();
    let w = bad["wall"].as_array_mut().unwrap();
    let other = w.iter().position(|t| *t != w[0]).unwrap();
    w[other] = w[0].clone();
    let f = assert_fails(&g, &bad, Check::Wall);
    assert_eq!(f.turn, None);
}

#[test]
fn wall_with_unknown_tile() {
    let g = corpus::shared_values(GOLDEN)[0].clone();
    let mut bad = g.clone();
    bad["wall"][7] = json!("X9");
    let f = assert_fails(&g, &bad, Check::Wall);
    assert!(f.message.contains("wall[7]"), "{f}");
}

#[test]
fn init_quan_mismatch() {
    let g = corpus::shared_values(GOLDEN)[0].clone();
    let mut bad = g.clone();
    bad["turns"][0]["display"]["quan"] = json!((g["quan"].as_i64().unwrap() + 1) % 4);
    assert_fails(&g, &bad, Check::Init);
}

#[test]
fn dealt_hand_out_of_wall_order() {
    let g = corpus::shared_values(GOLDEN)[0].clone();
    let mut bad = g.clone();
    let h = bad["turns"][1]["display"]["hand"][2].as_array_mut().unwrap();
    let j = (1..13).find(|&j| h[j] != h[0]).unwrap();
    h.swap(0, j);
    assert_fails(&g, &bad, Check::Deal);
}

// ------------------------------------------------------------ draws

#[test]
fn drawn_tile_swapped() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| k > 10 && action(&ts[k]) == "DRAW");
    let mut bad = g.clone();
    let t = tile_of(&g["turns"][k]);
    let other = TILES.iter().find(|&&x| x != t).unwrap();
    bad["turns"][k]["display"]["tile"] = json!(other);
    let f = assert_fails(&g, &bad, Check::DrawOrder);
    assert_eq!(f.turn, Some(k));
}

#[test]
fn wrong_tile_count() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| k > 10 && action(&ts[k]) == "PLAY");
    let mut bad = g.clone();
    let c = bad["turns"][k]["display"]["tileCnt"][2].as_i64().unwrap();
    bad["turns"][k]["display"]["tileCnt"][2] = json!(c + 1);
    let f = assert_fails(&g, &bad, Check::TileCount);
    assert_eq!(f.turn, Some(k));
}

#[test]
fn first_draw_not_by_dealer() {
    let g = first_discard_game(|_| true);
    let mut bad = g.clone();
    bad["turns"][2]["display"]["player"] = json!(1);
    let f = assert_fails(&g, &bad, Check::Rotation);
    assert_eq!(f.turn, Some(2));
}

// ------------------------------------------------------------ discards and melds

#[test]
fn discard_not_in_hand() {
    let g = first_discard_game(|_| true);
    let ts = turns(&g);
    let mut held = dealt(&g, 0);
    held.push(tile_of(&ts[2]));
    let absent = TILES.iter().find(|t| !held.iter().any(|h| h == *t)).unwrap();
    let mut bad = g.clone();
    bad["turns"][2]["responses"]["0"] = json!(format!("PLAY {absent}"));
    bad["turns"][3]["display"]["tile"] = json!(absent);
    let f = assert_fails(&g, &bad, Check::Discard);
    assert_eq!(f.turn, Some(3));
}

/// Seat `o` claims seat 0's first discard with `answer`, and the next
/// display is made to grant it as `event`.
fn claim_first_discard(g: &Value, o: usize, answer: &str, event: Value) -> Value {
    let mut bad = g.clone();
    bad["turns"][3]["responses"][o.to_string()] = json!(answer);
    bad["turns"][4]["display"] = event;
    bad
}

#[test]
fn peng_without_the_tiles() {
    // Seat 1 holds fewer than two of seat 0's first discard.
    let g = first_discard_game(|g| {
        let t = tile_of(&turns(g)[3]);
        dealt(g, 1).iter().filter(|x| **x == t).count() < 2
    });
    let t = tile_of(&turns(&g)[3]);
    let out = dealt(&g, 1)[0].clone();
    let ev = json!({"action": "PENG", "player": 1, "tile": out, "canHu": [-4, -4, -4, -4], "tileCnt": g["turns"][3]["display"]["tileCnt"]});
    let bad = claim_first_discard(&g, 1, &format!("PENG {out}"), ev);
    let f = assert_fails(&g, &bad, Check::Peng);
    assert_eq!(f.turn, Some(4));
    assert!(f.message.contains(&t), "{f}");
}

#[test]
fn chi_from_a_non_left_seat() {
    // Seat 2 is not seat 0's left neighbour (seat 1 is).
    let g = first_discard_game(|g| {
        let t = tile_of(&turns(g)[3]);
        !t.starts_with('F') && !t.starts_with('J')
    });
    let t = tile_of(&turns(&g)[3]);
    let rank: u8 = t[1..].parse().unwrap();
    let mid = format!("{}{}", &t[..1], rank.clamp(2, 8));
    let out = dealt(&g, 2)[0].clone();
    let ev = json!({"action": "CHI", "player": 2, "tile": out, "tileCHI": mid, "canHu": [-4, -4, -4, -4], "tileCnt": g["turns"][3]["display"]["tileCnt"]});
    let bad = claim_first_discard(&g, 2, &format!("CHI {mid} {out}"), ev);
    // The judge answers a CHI from another seat with WA: the answer fails
    // before the event it would have led to.
    let f = assert_fails(&g, &bad, Check::Response);
    assert!(f.message.contains("seat 2 answered") && f.message.contains("WA"), "{f}");
}

#[test]
fn claim_given_to_the_wrong_seat() {
    // A PENG is granted to seat w; make another seat the claimer instead.
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| {
        let a = action(&ts[k]);
        (a == "PLAY") && k + 1 < ts.len() && action(&ts[k + 1]) == "PENG"
    });
    let ts = turns(&g);
    let (d, w) = (seat(&ts[k]), seat(&ts[k + 1]));
    let other = (0..4).find(|&o| o != d && o != w).unwrap();
    let mut bad = g.clone();
    let r = bad["turns"][k]["responses"].as_object_mut().unwrap();
    let answer = r[&w.to_string()].clone();
    r.insert(w.to_string(), json!("PASS"));
    r.insert(other.to_string(), answer);
    let f = assert_fails(&g, &bad, Check::ClaimPriority);
    assert_eq!(f.turn, Some(k));
}

#[test]
fn hu_outranks_a_granted_peng() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| {
        action(&ts[k]) == "PLAY" && k + 1 < ts.len() && action(&ts[k + 1]) == "PENG"
    });
    let ts = turns(&g);
    let (d, w) = (seat(&ts[k]), seat(&ts[k + 1]));
    let other = (0..4).find(|&o| o != d && o != w).unwrap();
    let mut bad = g.clone();
    bad["turns"][k]["responses"][other.to_string()] = json!("HU");
    let f = assert_fails(&g, &bad, Check::ClaimPriority);
    assert!(f.message.contains(&format!("seat {other}")), "{f}");
}

#[test]
fn peng_follow_up_discard_differs_from_answer() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| {
        action(&ts[k]) == "PLAY" && k + 1 < ts.len() && action(&ts[k + 1]) == "PENG"
    });
    let w = seat(&turns(&g)[k + 1]);
    let mut bad = g.clone();
    let out = tile_of(&turns(&g)[k + 1]);
    let other = TILES.iter().find(|&&x| x != out).unwrap();
    bad["turns"][k]["responses"][w.to_string()] = json!(format!("PENG {other}"));
    assert_fails(&g, &bad, Check::Response);
}

#[test]
fn melded_gang_tile_mismatch() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| {
        action(&ts[k]) == "GANG" && ts[k - 1]["display"]["action"] != "DRAW"
    });
    let mut bad = g.clone();
    let t = tile_of(&g["turns"][k]);
    let other = TILES.iter().find(|&&x| x != t).unwrap();
    bad["turns"][k]["display"]["tile"] = json!(other);
    let f = assert_fails(&g, &bad, Check::Gang);
    assert!(f.message.contains("live discard"), "{f}");
}

#[test]
fn concealed_gang_without_four() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| {
        action(&ts[k]) == "GANG" && ts[k - 1]["display"]["action"] == "DRAW"
    });
    let s = seat(&turns(&g)[k]);
    let t = tile_of(&turns(&g)[k]);
    let other = TILES.iter().find(|&&x| x != t).unwrap();
    let mut bad = g.clone();
    bad["turns"][k - 1]["responses"][s.to_string()] = json!(format!("GANG {other}"));
    bad["turns"][k]["display"]["tile"] = json!(other);
    let f = assert_fails(&g, &bad, Check::AnGang);
    assert_eq!(f.turn, Some(k));
}

#[test]
fn bugang_without_a_peng() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| action(&ts[k]) == "BUGANG");
    let s = seat(&turns(&g)[k]);
    // Promote another tile: seat s has no PENG of it, or does not hold it;
    // both are the bugang check.
    let t = tile_of(&turns(&g)[k]);
    let other = TILES.iter().find(|&&x| x != t).unwrap();
    let mut bad = g.clone();
    bad["turns"][k - 1]["responses"][s.to_string()] = json!(format!("BUGANG {other}"));
    bad["turns"][k]["display"]["tile"] = json!(other);
    let f = assert_fails(&g, &bad, Check::BuGang);
    assert_eq!(f.turn, Some(k));
}

// ------------------------------------------------------------ protocol strings

#[test]
fn drawer_answer_not_honored() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| {
        action(&ts[k]) == "DRAW" && k + 1 < ts.len() && action(&ts[k + 1]) == "PLAY"
    });
    let s = seat(&turns(&g)[k]);
    let out = tile_of(&turns(&g)[k + 1]);
    let other = TILES.iter().find(|&&x| x != out).unwrap();
    let mut bad = g.clone();
    bad["turns"][k]["responses"][s.to_string()] = json!(format!("PLAY {other}"));
    assert_fails(&g, &bad, Check::Response);
}

#[test]
fn answer_with_trailing_space() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| {
        action(&ts[k]) == "PLAY" && k + 1 < ts.len() && action(&ts[k + 1]) == "DRAW"
    });
    let d = seat(&turns(&g)[k]);
    let mut bad = g.clone();
    bad["turns"][k]["responses"][((d + 1) % 4).to_string()] = json!("PASS ");
    assert_fails(&g, &bad, Check::Response);
}

#[test]
fn request_string_differs_from_display() {
    let (g, k) = find(corpus::shared_values(GOLDEN), |ts, k| action(&ts[k]) == "PLAY");
    let mut bad = g.clone();
    let t = tile_of(&turns(&g)[k]);
    let other = TILES.iter().find(|&&x| x != t).unwrap();
    bad["turns"][k]["request"]["2"] = json!(format!("3 {} PLAY {other}", seat(&turns(&g)[k])));
    assert_fails(&g, &bad, Check::Request);
}

#[test]
fn unknown_display_action() {
    let g = corpus::shared_values(GOLDEN)[0].clone();
    let mut bad = g.clone();
    bad["turns"][5]["display"]["action"] = json!("DISCARD");
    let f = assert_fails(&g, &bad, Check::Display);
    assert_eq!(f.turn, Some(5));
}

// ------------------------------------------------------------ terminal

fn hu_game(ending: &str, qianggang: bool) -> Value {
    corpus::shared_values(GOLDEN)
        .iter()
        .find(|g| g["expected"]["ending"] == ending && g["expected"]["qianggang"] == qianggang)
        .unwrap()
        .clone()
}

#[test]
fn huang_while_the_next_drawer_has_tiles() {
    // Cut a game after an unclaimed discard and end it there as a draw.
    let (g, k) =
        find(corpus::shared_values(GOLDEN), |ts, k| k > 20 && action(&ts[k]) == "PLAY" && action(&ts[k + 1]) == "DRAW");
    let mut bad = g.clone();
    let cnt = g["turns"][k]["display"]["tileCnt"].clone();
    let ts = bad["turns"].as_array_mut().unwrap();
    ts.truncate(k + 1);
    ts.push(json!({"display": {"action": "HUANG", "canHu": [-4, -4, -4, -4], "tileCnt": cnt}}));
    bad["expected"] = json!({"ending": "draw", "winner": null, "discarder": null, "qianggang": false, "fan": [], "fan_total": 0, "scores": [0, 0, 0, 0]});
    let f = assert_fails(&g, &bad, Check::Huang);
    assert_eq!(f.turn, Some(k + 1));
}

#[test]
fn fan_list_does_not_sum_to_fan_total() {
    let g = hu_game("ron", false);
    let mut bad = g.clone();
    let v = bad["expected"]["fan"][0][1].as_i64().unwrap();
    bad["expected"]["fan"][0][1] = json!(v + 1);
    let f = assert_fails(&g, &bad, Check::Fan);
    assert!(f.message.contains("sums to"), "{f}");
}

#[test]
fn winning_event_can_hu_differs() {
    let g = hu_game("zimo", false);
    let mut bad = g.clone();
    let n = turns(&g).len();
    let w = g["expected"]["winner"].as_u64().unwrap() as usize;
    let v = bad["turns"][n - 2]["display"]["canHu"][w].as_i64().unwrap();
    bad["turns"][n - 2]["display"]["canHu"][w] = json!(v + 1);
    let f = assert_fails(&g, &bad, Check::Fan);
    assert_eq!(f.turn, Some(n - 2));
}

#[test]
fn wrong_ending() {
    let g = hu_game("ron", false);
    let mut bad = g.clone();
    bad["expected"]["ending"] = json!("zimo");
    assert_fails(&g, &bad, Check::Ending);
}

#[test]
fn wrong_winner() {
    let g = hu_game("zimo", false);
    let mut bad = g.clone();
    let w = g["expected"]["winner"].as_u64().unwrap();
    bad["expected"]["winner"] = json!((w + 1) % 4);
    assert_fails(&g, &bad, Check::Winner);
}

#[test]
fn robbed_kong_flag() {
    let g = hu_game("ron", true);
    let mut bad = g.clone();
    bad["expected"]["qianggang"] = json!(false);
    assert_fails(&g, &bad, Check::Winner);
}

#[test]
fn score_changed() {
    let g = hu_game("ron", false);
    let mut bad = g.clone();
    let s = bad["expected"]["scores"][0].as_i64().unwrap();
    bad["expected"]["scores"][0] = json!(s + 1);
    assert_fails(&g, &bad, Check::Score);
}

#[test]
fn score_arithmetic_wrong_but_consistent() {
    // Move a point between two seats in both the display and the expected
    // block: the sum stays 0, only the arithmetic is wrong.
    let g = hu_game("zimo", false);
    let mut bad = g.clone();
    let n = turns(&g).len();
    for path in ["/expected/scores".to_string(), format!("/turns/{}/display/score", n - 1)] {
        let v = bad.pointer_mut(&path).unwrap();
        let a = v[0].as_i64().unwrap();
        let b = v[1].as_i64().unwrap();
        v[0] = json!(a + 1);
        v[1] = json!(b - 1);
    }
    let f = assert_fails(&g, &bad, Check::Score);
    assert!(f.message.contains("arithmetic"), "{f}");
}

// ------------------------------------------------------------ error games

#[test]
fn verdict_on_the_wrong_seat() {
    let g = corpus::shared_values(ERRORS)[0].clone();
    let mut bad = g.clone();
    let off = g["expected"]["offender"].as_u64().unwrap();
    bad["expected"]["offender"] = json!((off + 1) % 4);
    assert_fails(&g, &bad, Check::Verdict);
}

#[test]
fn verdict_code_mismatch() {
    let g = corpus::shared_values(ERRORS).iter().find(|g| g["expected"]["verdict"] == "WA").unwrap().clone();
    let mut bad = g.clone();
    bad["expected"]["verdict"] = json!("WH");
    assert_fails(&g, &bad, Check::Verdict);
}

#[test]
fn verdict_scores_not_minus_thirty() {
    let g = corpus::shared_values(ERRORS)[0].clone();
    let mut bad = g.clone();
    let n = turns(&g).len();
    for path in ["/expected/scores".to_string(), format!("/turns/{}/display/score", n - 1)] {
        for x in bad.pointer_mut(&path).unwrap().as_array_mut().unwrap() {
            let s = x.as_i64().unwrap();
            *x = json!(if s < 0 { -24 } else { 8 });
        }
    }
    assert_fails(&g, &bad, Check::Score);
}

#[test]
fn error_game_without_verdict() {
    let g = hu_game("zimo", false);
    let mut bad = g.clone();
    bad["expected"] = json!({"ending": "error", "offender": 0, "verdict": "WA", "scores": [-30, 10, 10, 10]});
    let f = assert_fails(&g, &bad, Check::Ending);
    assert!(f.message.contains("instead of a WA/WH verdict"), "{f}");
}

#[test]
fn turns_before_the_verdict_are_checked() {
    let g = corpus::shared_values(ERRORS).iter().find(|g| turns(g).len() > 12).unwrap().clone();
    let mut bad = g.clone();
    let k = (4..turns(&g).len()).find(|&k| action(&turns(&g)[k]) == "DRAW").unwrap();
    let t = tile_of(&turns(&g)[k]);
    let other = TILES.iter().find(|&&x| x != t).unwrap();
    bad["turns"][k]["display"]["tile"] = json!(other);
    assert_fails(&g, &bad, Check::DrawOrder);
}

#[test]
fn verdict_in_a_normal_game() {
    let g = hu_game("ron", false);
    let mut bad = g.clone();
    let n = turns(&g).len();
    bad["turns"][n - 1]["display"]["action"] = json!("WA");
    assert_fails(&g, &bad, Check::Ending);
}

// ------------------------------------------------------------ the command

#[test]
fn command_passes_the_public_files() {
    let files: Vec<String> =
        ["golden.jsonl.gz", "errors.jsonl.gz"].iter().map(|f| data(f).display().to_string()).collect();
    let (ok, out, _) = common::mcr(&["validate", "--self-test", &files[0], &files[1], "--jobs", "2"]).parts();
    assert!(ok, "{out}");
    assert_eq!(out.lines().last(), Some("self-test: 372/372 games PASS"), "{out}");
    let (ok, out, _) = common::mcr(&["validate", "--self-test", &files[0], "--limit", "10", "--jobs", "1"]).parts();
    assert!(ok);
    assert_eq!(out.lines().last(), Some("self-test: 10/10 games PASS"), "{out}");
}

#[test]
fn command_reports_failures_and_malformed_lines() {
    let dir = common::temp_dir("selftest");
    let path = dir.join("mixed.jsonl");
    let good = serde_json::to_string(&corpus::shared_values(GOLDEN)[0]).unwrap();
    let mut bad = corpus::shared_values(GOLDEN)[1].clone();
    bad["expected"]["winner"] = json!(if bad["expected"]["winner"] == 1 { 2 } else { 1 });
    let bad = serde_json::to_string(&bad).unwrap();
    std::fs::write(&path, format!("{good}\n{{\"game_id\": \"x\", \"turns\": \n\n{bad}\n{good}\n")).unwrap();
    let (ok, out, _) = common::mcr(&["validate", "--self-test", path.to_str().unwrap()]).parts();
    assert!(!ok, "{out}");
    let fails: Vec<&str> = out.lines().filter(|l| l.starts_with("FAIL ")).collect();
    assert_eq!(fails.len(), 2, "{out}");
    assert!(fails[0].starts_with(&format!("FAIL {}:2", path.display())) && fails[0].contains("malformed"), "{out}");
    let id = corpus::shared_values(GOLDEN)[1]["game_id"].as_str().unwrap();
    assert!(fails[1].starts_with(&format!("FAIL {id}: turn ")) && fails[1].contains(": winner: "), "{out}");
    assert_eq!(out.lines().last(), Some("self-test: 2/4 games PASS"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn command_fails_on_a_missing_file() {
    let (ok, out, _) = common::mcr(&["validate", "--self-test", "/nonexistent/games.jsonl"]).parts();
    assert!(!ok);
    assert!(out.contains("FAIL /nonexistent/games.jsonl: cannot open"), "{out}");
}

#[test]
fn corrupted_bytes_never_panic() {
    // Deterministic pseudo-random edits of real lines: whatever the damage,
    // the answer is a parse error or a named failure, never a panic.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let alphabet = b"0123456789-[]{}\",:WTBFJ .eAHUNGPLYS";
    let sources: Vec<Vec<u8>> = corpus::shared_values(GOLDEN)
        .iter()
        .chain(corpus::shared_values(ERRORS))
        .step_by(9)
        .map(|g| serde_json::to_vec(g).unwrap())
        .collect();
    let mut outcomes = [0usize; 3];
    for src in &sources {
        for _ in 0..60 {
            let mut line = src.clone();
            for _ in 0..1 + next() % 3 {
                let i = (next() as usize) % line.len();
                line[i] = alphabet[(next() as usize) % alphabet.len()];
            }
            match check_json(&line) {
                Err(_) => outcomes[0] += 1,
                Ok(Err(_)) => outcomes[1] += 1,
                Ok(Ok(_)) => outcomes[2] += 1,
            }
        }
    }
    // Both kinds of rejection occur, so the edits reach the checker.
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}

// ------------------------------------------------ what the judge writes passes
//
// The judge stops examining answers once it grants a claim (or a zimo), and
// examines PENG/GANG in seat order 0..3. Each record below is a real game
// with answers the judge never looks at turned into junk; the engine, which
// reproduces the judge byte for byte, replays it exactly, so it is a record
// the judge writes, and the self-test must pass it.

/// The engine reproduces `rec` exactly (so the judge writes it), and the
/// self-test passes it.
#[track_caller]
fn judge_writes_and_self_test_passes(rec: &Value) {
    let record: GameRecord = serde_json::from_value(rec.clone()).unwrap();
    let mut engine = mcr_engine::engine::Engine::new();
    if let Err(d) = mcr_engine::replay::replay(&mut engine, &record, mcr_engine::replay::Compare::Exact) {
        panic!("the engine does not reproduce the edited {}: {d}", rec["game_id"]);
    }
    if let Err(f) = check(rec) {
        panic!("self-test rejects a record the judge writes ({}): {f}", rec["game_id"]);
    }
}

/// First (game, turn) of golden then games where `pred` holds.
fn find_any(pred: impl Fn(&[Value], usize) -> bool) -> (Value, usize) {
    // The larger corpus is read only when the golden games lack the feature.
    for name in [GOLDEN, GAMES] {
        for g in corpus::shared_values(name) {
            let ts = turns(g);
            if let Some(k) = (0..ts.len().saturating_sub(1)).find(|&k| pred(ts, k)) {
                return (g.clone(), k);
            }
        }
    }
    panic!("no public game has the feature this test needs");
}

fn set_answer(rec: &mut Value, k: usize, seat: usize, answer: &str) {
    rec["turns"][k]["responses"][seat.to_string()] = json!(answer);
}

fn is_discard(t: &Value) -> bool {
    matches!(action(t), "PLAY" | "PENG" | "CHI")
}

/// A discard at `k` claimed with `claim` at `k + 1` by a seat that has a
/// seat after it in the order the judge examines (`later`).
fn claimed(claim: &'static str, later: fn(usize, usize) -> Vec<usize>) -> (Value, usize, Vec<usize>) {
    let (g, k) = find_any(|ts, k| {
        is_discard(&ts[k]) && action(&ts[k + 1]) == claim && !later(seat(&ts[k]), seat(&ts[k + 1])).is_empty()
    });
    let ts = turns(&g);
    let seats = later(seat(&ts[k]), seat(&ts[k + 1]));
    (g, k, seats)
}

/// Seats after `p` in seat order, other than the discarder `d`.
fn after_in_seat_order(d: usize, p: usize) -> Vec<usize> {
    (p + 1..4).filter(|&s| s != d).collect()
}

#[test]
fn junk_after_a_granted_peng_or_gang_is_not_examined() {
    for claim in ["PENG", "GANG"] {
        let (g, k, seats) = claimed(claim, after_in_seat_order);
        let mut rec = g.clone();
        for s in seats {
            set_answer(&mut rec, k, s, "junk after the claim");
        }
        judge_writes_and_self_test_passes(&rec);
    }
}

#[test]
fn junk_after_a_granted_chi_is_not_examined() {
    // The CHI round comes after every seat passed the PENG/GANG round (where
    // three words wait): a later seat's three-word junk is never examined.
    let (g, k, seats) = claimed("CHI", after_in_seat_order);
    let mut rec = g.clone();
    for s in seats {
        set_answer(&mut rec, k, s, "NOT A CHI");
    }
    judge_writes_and_self_test_passes(&rec);
}

#[test]
fn junk_after_a_granted_ron_is_not_examined() {
    // HU is examined downstream from the discarder: seats beyond the winner never are.
    let beyond = |d: usize, w: usize| (1..4).map(|i| (d + i) % 4).skip_while(|&s| s != w).skip(1).collect::<Vec<_>>();
    let (g, k) = find_any(|ts, k| {
        is_discard(&ts[k]) && action(&ts[k + 1]) == "HU" && !beyond(seat(&ts[k]), seat(&ts[k + 1])).is_empty()
    });
    let mut rec = g.clone();
    let ts = turns(&g);
    for s in beyond(seat(&ts[k]), seat(&ts[k + 1])) {
        set_answer(&mut rec, k, s, "PENG junk");
    }
    judge_writes_and_self_test_passes(&rec);
}

#[test]
fn junk_after_a_zimo_is_not_examined() {
    let (g, k) = find_any(|ts, k| action(&ts[k]) == "DRAW" && action(&ts[k + 1]) == "HU" && seat(&ts[k]) < 3);
    let mut rec = g.clone();
    for s in seat(&turns(&g)[k]) + 1..4 {
        set_answer(&mut rec, k, s, "CHI junk");
    }
    judge_writes_and_self_test_passes(&rec);
}

#[test]
fn junk_after_a_robbing_hu_is_not_examined() {
    let beyond = |a: usize, w: usize| (1..4).map(|i| (a + i) % 4).skip_while(|&s| s != w).skip(1).collect::<Vec<_>>();
    let (g, k) = find_any(|ts, k| {
        action(&ts[k]) == "BUGANG" && action(&ts[k + 1]) == "HU" && !beyond(seat(&ts[k]), seat(&ts[k + 1])).is_empty()
    });
    let mut rec = g.clone();
    let ts = turns(&g);
    for s in beyond(seat(&ts[k]), seat(&ts[k + 1])) {
        set_answer(&mut rec, k, s, "junk");
    }
    judge_writes_and_self_test_passes(&rec);
}

#[test]
fn peng_gang_ties_go_by_seat_order_not_distance() {
    // A later seat, nearer downstream than the granted one, also claims: the
    // judge examines seat order and never reaches it (the Python validator
    // would pick the nearer seat).
    let nearer_later = |d: usize, p: usize| {
        let dist = |s: usize| (s + 4 - d) % 4;
        (p + 1..4).filter(|&s| s != d && dist(s) < dist(p)).collect::<Vec<_>>()
    };
    for claim in ["PENG", "GANG"] {
        let (g, k) = find_any(|ts, k| {
            is_discard(&ts[k])
                && action(&ts[k + 1]) == claim
                && !nearer_later(seat(&ts[k]), seat(&ts[k + 1])).is_empty()
        });
        let mut rec = g.clone();
        let ts = turns(&g);
        for s in nearer_later(seat(&ts[k]), seat(&ts[k + 1])) {
            set_answer(&mut rec, k, s, if claim == "PENG" { "GANG" } else { "PENG W1" });
        }
        judge_writes_and_self_test_passes(&rec);
    }
}

#[test]
fn junk_the_judge_does_examine_still_fails() {
    // The same junk before the granted seat is a WA the record does not show.
    let (g, k) = find_any(|ts, k| {
        is_discard(&ts[k]) && action(&ts[k + 1]) == "PENG" && (0..seat(&ts[k + 1])).any(|s| s != seat(&ts[k]))
    });
    let ts = turns(&g);
    let (d, p) = (seat(&ts[k]), seat(&ts[k + 1]));
    let s = (0..p).find(|&s| s != d).unwrap();
    let mut rec = g.clone();
    set_answer(&mut rec, k, s, "junk");
    let f = assert_fails(&g, &rec, Check::Response);
    assert!(f.message.contains("WA"), "{f}");
}

#[test]
fn huge_fan_values_do_not_wrap_the_sum() {
    // A fan worth 2^62 counted 4 times wraps an i64 to 0; with fan_total 0
    // plus a real entry, an unchecked sum would agree.
    let g = hu_game("zimo", false);
    let mut bad = g.clone();
    let total = bad["expected"]["fan_total"].as_i64().unwrap();
    let mut fan = bad["expected"]["fan"].as_array().unwrap().clone();
    fan.push(json!(["wrap", 1i64 << 62, 4]));
    bad["expected"]["fan"] = json!(fan);
    // The display says the same, so only the sum can tell.
    let last = turns(&g).len() - 1;
    let mut shown = bad["turns"][last]["display"]["fan"].as_array().unwrap().clone();
    shown.push(json!({"name": "wrap", "cnt": 4, "value": 1i64 << 62}));
    bad["turns"][last]["display"]["fan"] = json!(shown);
    let f = assert_fails(&g, &bad, Check::Fan);
    assert!(f.message.contains("more than an i64 holds") && f.message.contains(&total.to_string()), "{f}");
}

#[test]
fn srand_follows_the_judges_unsigned_seed() {
    // The judge reads srand only as a signed 32-bit integer and shows it as
    // unsigned: the engine and the self-test agree on both sides of 2^31.
    let g = corpus::shared_values(GOLDEN)[0].clone();
    let mut wrapped = g.clone();
    wrapped["srand"] = json!(-1294967296i64);
    wrapped["turns"][0]["display"]["srand"] = json!(3000000000u64);
    judge_writes_and_self_test_passes(&wrapped);
    let mut big = g.clone();
    big["srand"] = json!(3000000000u64);
    big["turns"][0]["display"]["srand"] = json!(3000000000u64);
    let f = assert_fails(&g, &big, Check::Init);
    assert!(f.message.contains("clock"), "{f}");
    let record: GameRecord = serde_json::from_value(big).unwrap();
    let refused =
        mcr_engine::replay::replay(&mut mcr_engine::engine::Engine::new(), &record, mcr_engine::replay::Compare::Exact);
    assert!(refused.is_err_and(|d| d.to_string().contains("clock")));
}
