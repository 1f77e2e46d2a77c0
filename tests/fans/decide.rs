//! The decision analysis (`analysis::decide`, `mcr decide`) against
//! `tests/data/decide.jsonl`: 200 states of the public games whose figures
//! an independent brute force computed under the same model, scored by the
//! platform's calculator (the default profile).

use crate::common;

use mcr_engine::analysis::decide::{decide, DecideRecord, State};
use mcr_engine::fans::{self, Profile};
use mcr_engine::hand::{HandInput, WinFlags};
use mcr_engine::record::Records;
use mcr_engine::tiles::Tile;
use serde_json::Value;

/// The states of the file with their expected rows.
fn states() -> Vec<(usize, DecideRecord, Value)> {
    let path = common::data("decide.jsonl");
    let text = std::fs::read_to_string(&path).expect("tests/data/decide.jsonl");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let rec: DecideRecord = serde_json::from_str(line).unwrap_or_else(|e| panic!("decide.jsonl:{}: {e}", i + 1));
        let v: Value = serde_json::from_str(line).unwrap();
        out.push((i + 1, rec, v["expected"]["discards"].clone()));
    }
    out
}

fn close(got: f64, want: f64, relative: bool) -> bool {
    let tolerance = if relative { 1e-9 * want.abs().max(1.0) } else { 1e-9 };
    (got - want).abs() <= tolerance
}

#[test]
fn reproduces_the_brute_force_figures() {
    let profile = Profile::default();
    let states = states();
    assert_eq!(states.len(), 200);
    let mut failures = Vec::new();
    let mut rows = 0;
    for (line, rec, expected) in &states {
        let state = rec.to_state().unwrap_or_else(|e| panic!("decide.jsonl:{line}: {e}"));
        let got = decide(profile, &state).unwrap_or_else(|e| panic!("decide.jsonl:{line}: {e}"));
        assert!(got.exact, "decide.jsonl:{line}: draws_left {} is searched exactly", state.draws_left);
        let expected = expected.as_array().expect("expected.discards");
        let tiles: Vec<&str> = got.discards.iter().map(|d| d.tile.name()).collect();
        let want: Vec<&str> = expected.iter().map(|d| d["tile"].as_str().unwrap()).collect();
        assert_eq!(tiles, want, "decide.jsonl:{line}: the discards, in order");
        for (g, w) in got.discards.iter().zip(expected) {
            rows += 1;
            let (wp, ep) = (w["win_prob"].as_f64().unwrap(), w["exp_points"].as_f64().unwrap());
            let min = w["min_draws"].as_u64().map(|m| m as u32);
            if !close(g.win_prob, wp, false) || !close(g.exp_points, ep, true) || g.min_draws != min {
                failures.push(format!(
                    "decide.jsonl:{line} {} discard {}: got ({}, {}, {:?}), want ({wp}, {ep}, {min:?})",
                    rec.id, w["tile"], g.win_prob, g.exp_points, g.min_draws
                ));
            }
        }
    }
    assert!(rows > 1000, "{rows} rows");
    assert!(failures.is_empty(), "{} of {rows} rows differ:\n{}", failures.len(), failures.join("\n"));
}

/// With one draw left the figures follow from the calculator alone: each
/// drawable tile's chance, when it wins self-drawn with the minimum fan.
#[test]
fn one_draw_is_the_calculator_over_the_pool() {
    let profile = Profile::default();
    let min_fan = profile.game.min_fan;
    let mut winning_rows = 0;
    for (line, rec, _) in states().into_iter().step_by(3) {
        let mut state: State = rec.to_state().unwrap();
        state.draws_left = 1;
        let got = decide(profile, &state).unwrap();
        let pool: u32 = state.unseen.iter().map(|&n| n as u32).sum();
        let n = state.hand.len();
        for row in &got.discards {
            let mut rest = state.hand.clone();
            let at = rest.iter().position(|&t| t == row.tile).unwrap();
            rest.remove(at);
            assert_eq!(rest.len(), n - 1);
            let (mut wp, mut ep) = (0.0, 0.0);
            for t in Tile::all() {
                let copies = state.unseen[t.index()];
                if copies == 0 {
                    continue;
                }
                let mut shown = state.shown;
                shown[row.tile.index()] += 1;
                let flags = WinFlags { self_drawn: true, fourth_tile: shown[t.index()] == 3, ..WinFlags::default() };
                let h = HandInput::new(&state.packs, &rest, t, flags, state.seat, state.prevalent, 0).unwrap();
                let fan = fans::calculate_with(profile, &h).result;
                if fan >= min_fan {
                    let p = copies as f64 / pool as f64;
                    wp += p;
                    ep += p * 3.0 * (8 + fan) as f64;
                }
            }
            winning_rows += (wp > 0.0) as usize;
            assert!(
                close(row.win_prob, wp, false),
                "decide.jsonl:{line} discard {}: {} vs {wp}",
                row.tile,
                row.win_prob
            );
            assert!(
                close(row.exp_points, ep, true),
                "decide.jsonl:{line} discard {}: {} vs {ep}",
                row.tile,
                row.exp_points
            );
            assert_eq!(row.min_draws, (wp > 0.0).then_some(1), "decide.jsonl:{line} discard {}", row.tile);
        }
    }
    assert!(winning_rows > 5, "only {winning_rows} discards can win in one draw");
}

#[test]
fn cli_writes_a_line_per_state_and_reports_bad_lines_with_their_place() {
    let dir = std::env::temp_dir().join(format!("mcr-decide-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("states.jsonl");
    let text = std::fs::read_to_string(common::data("decide.jsonl")).unwrap();
    let good: Vec<&str> = text.lines().take(3).collect();
    let mut bad: Value = serde_json::from_str(good[1]).unwrap();
    bad["unseen"] = serde_json::json!([4, 4]);
    let lines = [good[0], &bad.to_string(), "{not json", good[2]];
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let run = common::mcr(&["decide", file.to_str().unwrap()]);
    assert!(!run.ok(), "bad lines fail the run");
    assert!(run.stderr.contains("states.jsonl:2: \"unseen\": 2 counts, expected 34"), "{}", run.stderr);
    assert!(run.stderr.contains("states.jsonl:3:"), "{}", run.stderr);
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out.len(), 2, "{}", run.stdout);
    for (got, line) in out.iter().zip([good[0], good[2]]) {
        let rec: DecideRecord = serde_json::from_str(line).unwrap();
        let lib = decide(Profile::default(), &rec.to_state().unwrap()).unwrap();
        assert_eq!(*got, lib.to_json(&rec.id).to_string());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_states_are_errors_not_panics() {
    let (_, rec, _) = states().remove(0);
    let state = rec.to_state().unwrap();
    let p = Profile::default();
    let mut short = state.clone();
    short.hand.pop();
    assert!(decide(p, &short).unwrap_err().to_string().contains("standing tiles"));
    let mut crowded = state.clone();
    crowded.unseen[state.hand[0].index()] = 4;
    assert!(decide(p, &crowded).unwrap_err().to_string().contains("copies of"));
    let mut long = state.clone();
    long.draws_left = 200;
    assert!(decide(p, &long).unwrap_err().to_string().contains("unseen tiles"));
    let mut wind = state;
    wind.seat = 9;
    assert!(decide(p, &wind).is_err());
}

#[test]
fn human_form_answers_one_hand() {
    let run = common::mcr(&["decide", "W1 W2 W3 W4 W5 W6 W7 W8 W9 T2 T3 J1 J1 F2", "--draws", "2"]);
    assert!(run.ok(), "{}", run.stderr);
    assert!(run.stdout.contains("discard  win_prob"), "{}", run.stdout);
    let first = run.stdout.lines().nth(2).unwrap();
    assert!(first.starts_with("F2"), "throwing the lone wind keeps the straight's wait: {}", run.stdout);
}
