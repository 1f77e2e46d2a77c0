//! Duplicate-format records for the tests, made from the engine's own
//! self-play (`mcr play`) with the arena keys of the record contract added:
//! bots by seat from the schedule's seatings, wall and perm, turn times.

use super::common;
use mcr_engine::arena::duplicate::Game;
use serde_json::{json, Value};
use std::path::Path;

pub const BOTS: [&str; 4] = ["alpha", "beta", "gamma", "delta"];

/// `walls` walls of duplicate records (24 games each), as JSON lines.
pub fn duplicate_lines(dir: &Path, walls: u64, seed: u64) -> Vec<String> {
    let play = common::mcr_play(dir, &format!("play-{walls}-{seed}.jsonl"), walls as usize * 24, seed, None);
    common::corpus::file_lines(&play)
        .enumerate()
        .map(|(i, line)| {
            let mut r: Value = serde_json::from_str(&line).unwrap();
            let g = Game::at(i as u64);
            let bots: Vec<&str> = g.seats().iter().map(|&b| BOTS[b as usize]).collect();
            r["players"] = json!(bots);
            r["arena"] = json!({"bots": bots, "game": i, "seed": seed, "time_limit_ms": [1000, 1000, 1000, 1000], "wall": g.wall, "perm": g.perm});
            let turns = r["turns"].as_array_mut().unwrap();
            for (t, turn) in turns.iter_mut().enumerate() {
                if turn.get("responses").is_some() {
                    // Bot-dependent times: delta is slow.
                    let times: serde_json::Map<String, Value> = (0..4).map(|s| (s.to_string(), json!(((t * 7 + s * 3) % 11) as f64 * 0.25 + if bots[s] == "delta" { 5.0 } else { 0.5 }))).collect();
                    turn["times_ms"] = Value::Object(times);
                }
            }
            serde_json::to_string(&r).unwrap()
        })
        .collect()
}

/// `mcr standings --format json` of `files`.
pub fn standings_json(files: &[&Path]) -> Value {
    let mut args = vec!["standings", "--format", "json"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let run = common::mcr(&args);
    assert!(run.ok(), "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}
