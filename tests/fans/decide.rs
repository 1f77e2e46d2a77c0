//! The decision analysis (`analysis::decide`, `mcr decide`) against
//! `tests/data/decide.jsonl`: 200 states of the public games whose figures
//! an independent brute force computed under the same model, scored by the
//! platform's calculator (the default profile), its search bounded by
//! pymahjonggb 1.4.0's shanten. Every row of every state must agree.

use crate::common;
use common::{run_oracle, Oracle};

use mcr_engine::analysis::decide::{decide, DecideRecord, Decision, State};
use mcr_engine::fans::{self, Profile};
use mcr_engine::hand::{HandInput, WinFlags};
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

/// The rows of `got` that differ from `expected` (an array of `{"tile",
/// "win_prob", "exp_points", "min_draws"}`, in the analysis's order), each
/// named by its line and state; and how many rows were compared.
fn differences(line: usize, id: &str, got: &Decision, expected: &Value) -> (usize, Vec<String>) {
    let expected = expected.as_array().expect("discards");
    let tiles: Vec<&str> = got.discards.iter().map(|d| d.tile.name()).collect();
    let want: Vec<&str> = expected.iter().map(|d| d["tile"].as_str().unwrap()).collect();
    assert_eq!(tiles, want, "decide.jsonl:{line}: the discards, in order");
    let mut out = Vec::new();
    for (g, w) in got.discards.iter().zip(expected) {
        let (wp, ep) = (w["win_prob"].as_f64().unwrap(), w["exp_points"].as_f64().unwrap());
        let min = w["min_draws"].as_u64().map(|m| m as u32);
        if !close(g.win_prob, wp, false) || !close(g.exp_points, ep, true) || g.min_draws != min {
            out.push(format!(
                "decide.jsonl:{line} {id} discard {}: got ({}, {}, {:?}), want ({wp}, {ep}, {min:?})",
                w["tile"], g.win_prob, g.exp_points, g.min_draws
            ));
        }
    }
    (expected.len(), out)
}

/// The analysis of every state of the file, exact (`draws_left` <= 3).
fn analysed() -> Vec<(usize, DecideRecord, Decision, Value)> {
    let profile = Profile::default();
    let states = states();
    assert_eq!(states.len(), 200);
    states
        .into_iter()
        .map(|(line, rec, expected)| {
            let state = rec.to_state().unwrap_or_else(|e| panic!("decide.jsonl:{line}: {e}"));
            let got = decide(profile, &state).unwrap_or_else(|e| panic!("decide.jsonl:{line}: {e}"));
            assert!(got.exact, "decide.jsonl:{line}: draws_left {} is searched exactly", state.draws_left);
            (line, rec, got, expected)
        })
        .collect()
}

#[test]
fn reproduces_the_brute_force_figures() {
    let mut failures = Vec::new();
    let mut rows = 0;
    for (line, rec, got, expected) in analysed() {
        let (n, diff) = differences(line, &rec.id.to_string(), &got, &expected);
        rows += n;
        failures.extend(diff);
    }
    assert!(rows > 1000, "{rows} rows");
    assert!(failures.is_empty(), "{} of {rows} rows differ:\n{}", failures.len(), failures.join("\n"));
}

/// A second expectimax of the same model, written apart from the library
/// in Python, scored by pymahjonggb 1.1.0 and bounded by pymahjonggb 1.4.0's
/// shanten (`tests/oracle/decide_oracle.py`), agrees with the analysis on
/// every row of every state of the file, and gives the file's figures bit
/// for bit: it sums in the same order as the file's brute force.
#[test]
fn agrees_with_an_independent_expectimax_on_every_state_requires_python() {
    let path = common::data("decide.jsonl");
    let answers = match run_oracle("decide_oracle.py", &["1.1.0", "1.4.0"], &["--version", "1.1.0"], &path) {
        Oracle::Ran(a) => a,
        Oracle::Missing(why) => {
            common::skip(
                "MCR_REQUIRE_ORACLE",
                &format!("the decision oracle (pymahjonggb 1.1.0 scoring, 1.4.0 shanten): {why}"),
            );
            return;
        }
    };
    let analysed = analysed();
    assert_eq!(answers.len(), analysed.len(), "the oracle answered {} of {} states", answers.len(), analysed.len());
    let mut failures = Vec::new();
    let mut rows = 0;
    for ((line, rec, got, _), answer) in analysed.iter().zip(&answers) {
        assert_eq!(answer["id"], rec.id, "decide.jsonl:{line}");
        let (n, diff) = differences(*line, &rec.id.to_string(), got, &answer["discards"]);
        rows += n;
        failures.extend(diff);
    }
    assert!(rows > 1000, "{rows} rows");
    assert!(failures.is_empty(), "{} of {rows} rows differ from the oracle:\n{}", failures.len(), failures.join("\n"));

    // The oracle and the file's brute force sum in the same order: their
    // figures are the same floats.
    let mut unequal = Vec::new();
    for ((line, rec, _, expected), answer) in analysed.iter().zip(&answers) {
        for (o, w) in answer["discards"].as_array().unwrap().iter().zip(expected.as_array().unwrap()) {
            let same =
                ["tile", "win_prob", "exp_points", "min_draws"].iter().all(|k| match (o[k].as_f64(), w[k].as_f64()) {
                    (Some(a), Some(b)) => a == b,
                    _ => o[k] == w[k],
                });
            if !same {
                unequal.push(format!("decide.jsonl:{line} {} discard {}: oracle {o}, file {w}", rec.id, w["tile"]));
            }
        }
    }
    assert!(unequal.is_empty(), "the oracle and the file differ in {} rows:\n{}", unequal.len(), unequal.join("\n"));
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
    let dir = common::temp_dir("decide");
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
        assert_eq!(*got, mcr_engine::analysis::decide::decision_line(&lib, &rec.id).to_string());
    }
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

/// The states of `decide.jsonl` were taken from the public games: the
/// record helper finds each at its turn and seat, with the same hand, packs,
/// shown and unseen counts (the file sets its own draws left, 1-3).
#[test]
fn record_decisions_give_the_states_of_the_games() {
    use mcr_engine::analysis::decide::record_decisions;
    use mcr_engine::record::GameRecord;
    use std::collections::HashMap;
    let mut wanted: HashMap<String, Vec<(usize, u8, State)>> = HashMap::new();
    for (line, rec, _) in states() {
        let id = rec.id.as_str().unwrap().to_string();
        let mut parts = id.split(':');
        let (game, turn, seat) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        let state = rec.to_state().unwrap_or_else(|e| panic!("decide.jsonl:{line}: {e}"));
        wanted.entry(game.to_string()).or_default().push((turn.parse().unwrap(), seat.parse().unwrap(), state));
    }
    let mut found = 0;
    for rec in common::corpus::each::<GameRecord>(&common::data(common::corpus::GAMES)) {
        let Some(states) = wanted.get(&rec.game_id) else { continue };
        let (decisions, stop) = record_decisions(&rec, Profile::default());
        assert!(stop.is_none(), "{}: {stop:?}", rec.game_id);
        for d in &decisions {
            let mut sorted = d.state.hand.clone();
            sorted.sort();
            assert_eq!(sorted, d.state.hand, "the hand is in tile order");
            assert_eq!(d.state.hand.len() + 3 * d.state.packs.len(), 14);
            if let Some(p) = d.played {
                assert!(d.state.hand.contains(&p), "{}: turn {} plays a tile held", rec.game_id, d.turn);
            }
        }
        for (turn, seat, want) in states {
            let d = decisions
                .iter()
                .find(|d| d.turn == *turn && d.seat == *seat)
                .unwrap_or_else(|| panic!("{}: no decision of seat {seat} at turn {turn}", rec.game_id));
            let mut hand = want.hand.clone();
            hand.sort();
            assert_eq!(d.state.hand, hand, "{} turn {turn}", rec.game_id);
            assert_eq!(d.state.packs, want.packs, "{} turn {turn}", rec.game_id);
            assert_eq!((d.state.seat, d.state.prevalent), (want.seat, want.prevalent), "{} turn {turn}", rec.game_id);
            assert_eq!(d.state.shown, want.shown, "{} turn {turn}: shown", rec.game_id);
            assert_eq!(d.state.unseen, want.unseen, "{} turn {turn}: unseen", rec.game_id);
            // The file sets its own draws left (1-3); the game's are the segment's.
            assert!(d.state.draws_left <= 21, "{} turn {turn}: draws left", rec.game_id);
            found += 1;
        }
    }
    assert_eq!(found, 200);
}

/// Past the exact draws the deeper search gives figures of the same kind:
/// probabilities, points no more than a probability times the largest win,
/// and the same zero rows as the exact search where no win is reachable.
#[test]
fn deeper_search_stays_close_to_the_exact_one() {
    use mcr_engine::analysis::decide::{decide_with, Options};
    let profile = Profile::default();
    let (mut same_best, mut n) = (0, 0);
    for (_, rec, _) in states().into_iter().filter(|(_, r, _)| r.draws_left == 3) {
        let state = rec.to_state().unwrap();
        let exact = decide(profile, &state).unwrap();
        let deep = decide_with(profile, &state, Options { exact_draws: 2, ..Options::default() }).unwrap();
        assert!(!deep.exact && exact.exact);
        for (a, b) in exact.discards.iter().zip(&deep.discards) {
            assert_eq!(a.tile, b.tile);
            assert!((0.0..=1.0 + 1e-12).contains(&b.win_prob), "{b:?}");
            assert!(b.exp_points >= 0.0 && b.exp_points <= b.win_prob * 3.0 * (8.0 + 400.0), "{b:?}");
            if a.min_draws.is_none() {
                assert_eq!(b.win_prob, 0.0, "{}: no win within the draws, exactly", rec.id);
            }
            assert!((a.win_prob - b.win_prob).abs() < 0.2, "{a:?} {b:?}");
        }
        n += 1;
        same_best += (exact.best_by_points().map(|r| r.tile) == deep.best_by_points().map(|r| r.tile)) as usize;
    }
    assert!(n > 50, "{n} states");
    assert!(same_best * 10 >= n * 7, "the same best discard in {same_best} of {n} states");
}

/// A waiting hand's figures are those of the discard that leaves it, in
/// both searches (the shown count of the discard added, as the model says).
#[test]
fn waiting_figures_are_the_discard_rows() {
    use mcr_engine::analysis::decide::{decide_with, waiting_figures, Options};
    let profile = Profile::default();
    for (line, rec, _) in states().into_iter().step_by(10) {
        // The deeper search with a budget it does not reach (a discard's
        // share of it is smaller than a waiting hand's whole budget).
        for options in [Options::default(), Options { exact_draws: 1, node_budget: 1 << 20 }] {
            let state = rec.to_state().unwrap();
            let d = decide_with(profile, &state, options).unwrap();
            for row in &d.discards {
                let mut w = state.clone();
                let at = w.hand.iter().position(|&t| t == row.tile).unwrap();
                w.hand.remove(at);
                w.shown[row.tile.index()] += 1;
                let f = waiting_figures(profile, &w, options).unwrap();
                assert!(close(f.win_prob, row.win_prob, false), "decide.jsonl:{line} {}: {f:?} {row:?}", row.tile);
                assert!(close(f.exp_points, row.exp_points, true), "decide.jsonl:{line} {}: {f:?} {row:?}", row.tile);
                assert_eq!(f.min_draws, row.min_draws, "decide.jsonl:{line} {}", row.tile);
            }
        }
    }
}
