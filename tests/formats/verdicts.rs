//! Platform verdicts (`"verdicts": {"<seat>": "TLE"}` on a turn): the engine
//! ends the game as the judge's `playerError` does. Checked against the real
//! judge's outputs: the 120 match logs of `botzone_logs.jsonl.gz` (37 end on
//! a verdict) as records, and 444 games where the real judge was given a
//! verdict on one or two seats of a random turn (often the last answers,
//! where a HU examined first wins over the verdict).

use mcr_engine::engine::{Engine, Event};
use mcr_engine::record::GameRecord;
use mcr_engine::replay::{replay, Compare};
use mcr_engine::selftest;
use serde_json::Value;

use crate::common::corpus::{self, VERDICTS_INJECTED};

/// Each record of corpus `name` with its line.
fn lines_and_records(name: &str) -> Vec<(String, GameRecord)> {
    let parse = |l: String| {
        let r = serde_json::from_str(&l).unwrap_or_else(|e| panic!("{name}: {e}"));
        (l, r)
    };
    corpus::lines(name).into_iter().map(parse).collect()
}

/// Every record replays exactly and passes the self-test (independent of
/// the engine); returns the number that end on a platform verdict.
fn all_reproduced(name: &str) -> usize {
    let mut engine = Engine::new();
    let mut platform = 0;
    for (_, rec) in lines_and_records(name) {
        replay(&mut engine, &rec, Compare::Exact).unwrap_or_else(|d| panic!("{name} {}: {d}", rec.game_id));
        selftest::check_record(&rec).unwrap_or_else(|f| panic!("{name} {}: self-test: {f:?}", rec.game_id));
        let last = rec.turns.last().unwrap().display["action"].as_str().unwrap().to_string();
        if !matches!(last.as_str(), "HU" | "HUANG" | "WA" | "WH") {
            platform += 1;
        }
    }
    platform
}

#[test]
fn match_log_records_reproduce_with_their_verdicts() {
    assert_eq!(all_reproduced("botzone_logs_records.jsonl.gz"), 37);
}

#[test]
fn judge_given_verdicts_reproduce() {
    assert!(all_reproduced("verdicts_injected.jsonl.gz") > 300);
}

/// The judge's order: an answer examined before the failed seat that ends
/// the game (a HU) wins; the engine agrees on which, and the self-test
/// refuses a record claiming the verdict instead.
#[test]
fn a_hu_examined_first_wins_over_a_verdict() {
    let mut hu_first = 0;
    for (line, rec) in lines_and_records(VERDICTS_INJECTED) {
        let n = rec.turns.len();
        if rec.turns[n - 1].display["action"] != "HU" {
            continue;
        }
        hu_first += 1;
        let v = rec.turns[n - 2].verdicts.as_ref().unwrap();
        let (seat, verdict) = v.iter().next().unwrap();
        let mut forged: Value = serde_json::from_str(&line).unwrap();
        let seat: u8 = seat.parse().unwrap();
        let mut score = [10; 4];
        score[seat as usize] = -30;
        forged["turns"][n - 1] = serde_json::json!({"display": {"action": verdict, "canHu": [-4, -4, -4, -4], "player": seat, "score": score}});
        forged["expected"] =
            serde_json::json!({"ending": "error", "offender": seat, "verdict": verdict, "scores": score});
        let forged: GameRecord = serde_json::from_value(forged).unwrap();
        assert!(
            selftest::check_record(&forged).is_err(),
            "{}: self-test took a verdict the judge never reaches",
            rec.game_id
        );
        assert!(replay(&mut Engine::new(), &forged, Compare::Exact).is_err());
    }
    assert!(hu_first > 20, "{hu_first}");
}

/// The engine API: a verdict on a seat asked only to PASS ends the game with
/// the verdict as the action; `OK` is no verdict; the INIT answer keeps strlen.
#[test]
fn engine_step_with_verdicts() {
    let (_, rec) = lines_and_records("golden.jsonl.gz").into_iter().next().unwrap();
    let mut engine = Engine::new();
    engine.reset(&rec.wall, rec.quan, rec.srand).unwrap();
    let t = engine.step_with_verdicts(["PASS"; 4], [None, None, Some("RE"), None]).unwrap();
    assert_eq!(
        t.event,
        Event::WrongAnswer {
            player: 2,
            strlen: Some(rec.wall.iter().map(|t| t.len() + 1).sum::<usize>() - 1),
            platform: Some("RE".into())
        }
    );
    assert_eq!(t.display_json()["action"], "RE");
    assert_eq!(t.display_json()["score"], serde_json::json!([10, 10, -30, 10]));
    assert!(engine.is_over());
    engine.reset(&rec.wall, rec.quan, rec.srand).unwrap();
    let t = engine.step_with_verdicts(["PASS"; 4], [Some("OK"), None, None, None]).unwrap();
    assert_eq!(t.event.action(), "DEAL");
    // The first failed seat in the judge's order (0..3 after DEAL).
    let t = engine.step_with_verdicts(["PASS", "", "", "PASS"], [None, Some("TLE"), Some("MLE"), None]).unwrap();
    assert_eq!((t.event.action(), t.event.player()), ("TLE", Some(1)));
    assert!(t.requests().is_none());
}
