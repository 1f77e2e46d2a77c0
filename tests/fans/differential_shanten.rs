//! Differential test: the hand analysis against the Python oracle
//! pymahjonggb 1.4.0 (`tests/oracle/pymahjonggb_shanten_oracle.py`) on random
//! hands: `MahjongShanten(packs, hand)` and the five per-shape functions,
//! shanten and useful tiles, or the error raised.
//!
//! Hands (seeded xorshift, deterministic): 13 - 3n standing tiles drawn from
//! a wall (0-4 packs), tiles drawn near the special shapes (knitted
//! straights with honours, terminals and honours, pairs), fifth copies,
//! wrong numbers of tiles (0 to 14), and a few unknown tile names, offers and
//! pack types.
//!
//! Environment: `MCR_DIFF_SHANTEN_HANDS` (default 20000),
//! `MCR_DIFF_SEED`. pymahjonggb 1.4.0 is installed into
//! `target/oracle/pymahjonggb-1.4.0` when missing (`common::oracle_install`);
//! where it cannot be (no python3, pip or network) and the environment has
//! no pymahjonggb 1.4.0 of its own, the test prints `SKIPPED: ...` naming
//! what is missing and the command that installs it, and passes, unless
//! `MCR_REQUIRE_ORACLE=1` or `CI=true`.

use crate::common;

use common::{env_num, run_oracle, Oracle, XorShift};

use std::io::Write;

use mcr_engine::analysis::corpus::answer;
use mcr_engine::tiles::TILE_NAMES;
use serde_json::{json, Value};

/// Tile pools the hands draw from (indices into TILE_NAMES).
fn pool(rng: &mut XorShift) -> Vec<usize> {
    match rng.below(6) {
        // a knitted straight, the honours and a few others
        0 => {
            let starts = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]][rng.below(6)];
            let mut p: Vec<usize> = (0..3).flat_map(|s| (0..3).map(move |j| 9 * s + starts[s] + 3 * j)).collect();
            p.extend(27..34);
            p.extend((0..4).map(|_| rng.below(34)));
            p
        }
        // terminals and honours
        1 => vec![0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 1, 10],
        // one suit and the honours
        2 => {
            let s = rng.below(3);
            (9 * s..9 * s + 9).chain(27..34).collect()
        }
        // a few kinds only (pairs, pungs)
        3 => (0..7).map(|_| rng.below(34)).collect(),
        _ => (0..34).collect(),
    }
}

fn random_record(rng: &mut XorShift, id: usize) -> Value {
    let kinds = ["CHI", "PENG", "GANG"];
    let packs_n = rng.below(5);
    let mut packs: Vec<Value> = (0..packs_n)
        .map(|_| {
            let kind = kinds[rng.below(3)];
            let tile = if kind == "CHI" { 9 * rng.below(3) + 1 + rng.below(7) } else { rng.below(34) };
            json!([kind, TILE_NAMES[tile], rng.below(4)])
        })
        .collect();
    let mut n = 13 - 3 * packs_n;
    if rng.below(12) == 0 {
        n = rng.below(15); // a wrong count (or, by chance, a right one)
    }
    let p = pool(rng);
    let fifth = rng.below(10) == 0;
    // A few kinds (case 3 of `pool` may repeat one) may not hold n tiles.
    let mut kinds_in_pool = p.clone();
    kinds_in_pool.sort_unstable();
    kinds_in_pool.dedup();
    let n = n.min(kinds_in_pool.len() * if fifth { 6 } else { 4 });
    let mut counts = [0usize; 34];
    let mut hand: Vec<String> = Vec::new();
    while hand.len() < n {
        let t = p[rng.below(p.len())];
        if counts[t] >= 4 && !(fifth && counts[t] < 6) {
            continue;
        }
        counts[t] += 1;
        hand.push(TILE_NAMES[t].to_string());
    }
    match rng.below(60) {
        0 if !hand.is_empty() => hand[0] = "X1".into(),
        1 if !packs.is_empty() => packs[0][2] = json!(4),
        2 if !packs.is_empty() => packs[0][0] = json!("KONG"),
        3 if !packs.is_empty() => packs[0][1] = json!("W0"),
        _ => {}
    }
    json!({ "id": id.to_string(), "packs": packs, "hand": hand })
}

#[test]
fn analysis_matches_pymahjonggb_on_random_hands_requires_python() {
    let n = env_num("MCR_DIFF_SHANTEN_HANDS", 20_000) as usize;
    let seed = env_num("MCR_DIFF_SEED", 0x7368_616e_7465_6e21);
    let mut rng = XorShift::new(seed);
    let records: Vec<Value> = (0..n).map(|i| random_record(&mut rng, i)).collect();
    let dir = common::temp_dir("diff-shanten");
    let input = dir.join("hands.jsonl");
    let mut f = std::fs::File::create(&input).unwrap();
    for r in &records {
        writeln!(f, "{r}").unwrap();
    }
    drop(f);
    let expected = match run_oracle("pymahjonggb_shanten_oracle.py", &["1.4.0"], &["--version", "1.4.0"], &input) {
        Oracle::Ran(v) => v,
        Oracle::Missing(why) => {
            common::skip("MCR_REQUIRE_ORACLE", &format!("shanten differential test against pymahjonggb 1.4.0: {why}"));
            return;
        }
    };
    assert_eq!(expected.len(), records.len(), "the oracle answered every hand");
    let mut mismatches = Vec::new();
    for (rec, exp) in records.iter().zip(&expected) {
        let packs: Vec<(String, String, i64)> = serde_json::from_value(rec["packs"].clone()).unwrap();
        let hand: Vec<String> = serde_json::from_value(rec["hand"].clone()).unwrap();
        let got = answer(&packs, &hand);
        if got != exp["expected"] {
            mismatches.push(format!("{rec}\n  expected {}\n  got      {got}", exp["expected"]));
        }
    }
    eprintln!("shanten differential: {}/{} hands agree (seed {seed:#x})", n - mismatches.len(), n);
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first ones:\n{}",
        mismatches.len(),
        mismatches.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}
