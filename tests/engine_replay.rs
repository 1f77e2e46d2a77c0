//! Replays the recorded corpora through the engine.

use std::path::Path;

use mcr_engine::engine::Engine;
use mcr_engine::record::{read_all, GameRecord, Located};
use mcr_engine::replay::{replay, Compare};

fn corpus(name: &str) -> Vec<Located<GameRecord>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    let (good, bad) = read_all::<GameRecord>(&path);
    assert!(bad.is_empty(), "{name}: unreadable records: {bad:?}");
    assert!(!good.is_empty(), "{name}: no records");
    good
}

/// Replays every game; panics listing the first failures.
fn replay_corpus(name: &str, compare: Compare) {
    let games = corpus(name);
    let mut engine = Engine::new();
    let mut failures = Vec::new();
    for g in &games {
        if let Err(d) = replay(&mut engine, &g.record, compare) {
            failures.push(format!("{} (line {}): {d}", g.record.game_id, g.line));
        }
    }
    assert!(
        failures.is_empty(),
        "{name} {compare:?}: {}/{} games diverged; first ones:\n{}",
        failures.len(),
        games.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn golden_masked() {
    replay_corpus("golden.jsonl.gz", Compare::MaskFans);
}
#[test]
fn errors_masked() {
    replay_corpus("errors.jsonl.gz", Compare::MaskFans);
}
#[test]
fn games_masked() {
    replay_corpus("games.jsonl.gz", Compare::MaskFans);
}

#[test]
fn golden_exact() {
    replay_corpus("golden.jsonl.gz", Compare::Exact);
}
