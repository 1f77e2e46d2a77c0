//! `mcr serve` against the record: every golden and error game played
//! through one server process, every reply of every turn compared with the
//! recorded display (exactly, null keys ignored) and request strings; and a
//! bad line in the middle of a game answered with an error without losing
//! the game.

use crate::common;
use common::corpus::{self, ERRORS, GOLDEN};

use mcr_engine::record::GameRecord;
use mcr_engine::replay::{displays_equal, Compare};
use serde_json::{json, Value};

fn reset_line(g: &GameRecord) -> String {
    json!({"cmd": "reset", "wall": g.wall, "quan": g.quan, "srand": g.srand}).to_string()
}

fn step_line(g: &GameRecord, k: usize) -> String {
    json!({"cmd": "step", "responses": g.turns[k].responses}).to_string()
}

/// Runs `mcr serve` on `input` (one command a line); its reply lines.
fn serve(input: Vec<String>) -> Vec<Value> {
    let n = input.len();
    let bytes = input.iter().flat_map(|l| [l.as_bytes(), b"\n".as_slice()]).flatten().copied().collect();
    let out = common::mcr_with_input(&["serve"], bytes);
    assert_eq!(out.code, Some(0), "mcr serve: {}", out.stderr);
    assert_eq!(out.stderr, "", "mcr serve wrote on stderr");
    let replies: Vec<Value> =
        out.stdout.lines().map(|l| serde_json::from_str(l).expect("every reply is one JSON line")).collect();
    assert_eq!(replies.len(), n, "one reply per input line");
    replies
}

/// Checks the replies to one game (reset, then a step per recorded turn but
/// the last) against the record; returns how many replies it used.
fn check_game(g: &GameRecord, replies: &[Value]) -> usize {
    let n = g.turns.len();
    for (k, (reply, turn)) in replies[..n].iter().zip(&g.turns).enumerate() {
        let id = &g.game_id;
        assert!(reply.get("error").is_none(), "{id} turn {k}: {reply}");
        assert!(
            displays_equal(&reply["display"], &turn.display, Compare::Exact),
            "{id} turn {k}:\n  served: {}\n  record: {}",
            reply["display"],
            turn.display
        );
        let recorded = match &turn.request {
            Some(r) if !r.is_empty() => serde_json::to_value(r).unwrap(),
            _ => json!({}),
        };
        assert_eq!(reply["requests"], recorded, "{id} turn {k}: requests");
    }
    n
}

#[test]
fn every_turn_of_every_golden_and_error_game_is_the_record() {
    let games: Vec<GameRecord> = corpus::records(GOLDEN).into_iter().chain(corpus::records(ERRORS)).collect();
    assert_eq!(games.len(), 372);
    let mut input = Vec::new();
    for g in &games {
        input.push(reset_line(g));
        input.extend((0..g.turns.len() - 1).map(|k| step_line(g, k)));
    }
    let replies = serve(input);
    let mut at = 0;
    for g in &games {
        at += check_game(g, &replies[at..]);
    }
    assert_eq!(at, replies.len());
}

#[test]
fn a_bad_line_mid_game_is_an_error_and_the_game_goes_on() {
    let g = &corpus::first_records(GOLDEN, 1)[0];
    let mid = g.turns.len() / 2;
    let mut input = vec![reset_line(g)];
    for k in 0..g.turns.len() - 1 {
        if k == mid {
            input.push("{\"cmd\": \"step\", \"responses\": {\"0\": \"PASS\"}}".into());
            input.push("not json".into());
        }
        input.push(step_line(g, k));
    }
    let mut replies = serve(input);
    let bad: Vec<Value> = replies.drain(mid + 1..mid + 3).collect();
    assert_eq!(bad[0], json!({"error": "step: no response for seat 1"}));
    assert!(bad[1]["error"].as_str().is_some_and(|e| e.starts_with("malformed JSON: ")), "{}", bad[1]);
    assert_eq!(check_game(g, &replies), replies.len());
}
