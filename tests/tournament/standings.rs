//! Standings from records: a separate reading of the records, shards in any
//! order, the bootstrap recomputed directly.

use super::common;
use super::records::{duplicate_lines, standings_json, BOTS};
use common::corpus::write_lines;
use mcr_engine::env::wall::Rng;
use serde_json::Value;
use std::collections::BTreeMap;

/// Per bot: (seat-games, score sum, wins, deal-ins) read straight from the lines.
fn direct(lines: &[String]) -> BTreeMap<String, (u64, i64, u64, u64)> {
    let mut out = BTreeMap::new();
    for l in lines {
        let r: Value = serde_json::from_str(l).unwrap();
        let last = r["turns"].as_array().unwrap().last().unwrap()["display"].clone();
        for s in 0..4 {
            let name = r["arena"]["bots"][s].as_str().unwrap().to_string();
            let e: &mut (u64, i64, u64, u64) = out.entry(name).or_default();
            e.0 += 1;
            // The final display's score, not expected.scores: another reading.
            e.1 += last["score"].as_array().map_or(0, |a| a[s].as_i64().unwrap());
            let hu = last["action"] == "HU";
            e.2 += (hu && last["player"].as_u64() == Some(s as u64)) as u64;
            e.3 += (hu && r["expected"]["discarder"].as_u64() == Some(s as u64)) as u64;
        }
    }
    out
}

#[test]
fn standings_equal_a_separate_reading_and_any_split_of_the_files() {
    let dir = common::temp_dir("tournament-standings");
    let lines = duplicate_lines(&dir, 6, 11);
    let whole = write_lines(&dir, "whole.jsonl", &lines);
    let s = standings_json(&[&whole]);
    assert_eq!(s["format"], "mcr-standings/1");
    assert_eq!(s["records"], 144);
    assert_eq!(s["units"], 6);
    assert_eq!(s["bootstrap"]["unit"], "wall");
    let want = direct(&lines);
    let bots = s["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 4);
    let mut last_mean = f64::INFINITY;
    for (i, b) in bots.iter().enumerate() {
        let name = b["name"].as_str().unwrap();
        assert!(BOTS.contains(&name));
        let (games, sum, wins, deal_ins) = want[name];
        assert_eq!(b["games"], games, "{name}");
        assert_eq!(b["games"], 144, "{name}: every bot plays every game once");
        assert_eq!(b["score_sum"], sum, "{name}");
        assert!((b["mean_score"].as_f64().unwrap() - sum as f64 / games as f64).abs() < 1e-12);
        assert_eq!(b["wins"], wins, "{name}");
        assert_eq!(b["deal_ins"], deal_ins, "{name}");
        assert_eq!(b["rank"], i + 1);
        let m = b["mean_score"].as_f64().unwrap();
        assert!(m <= last_mean);
        last_mean = m;
        let [lo, hi] = [b["ci95"][0].as_f64().unwrap(), b["ci95"][1].as_f64().unwrap()];
        assert!(lo <= m && m <= hi, "{name}: {lo} {m} {hi}");
        let t = &b["time_ms"];
        assert!(t["max"].as_f64().unwrap() >= t["p99"].as_f64().unwrap());
        if name == "delta" {
            assert!(t["mean"].as_f64().unwrap() > 5.0);
        } else {
            assert!(t["mean"].as_f64().unwrap() < 3.5);
        }
    }
    // Scores of a game sum to zero: the means sum to zero over the four.
    let total: i64 = bots.iter().map(|b| b["score_sum"].as_i64().unwrap()).sum();
    assert_eq!(total, 0);

    // Shards in any order, and a resumed run's repeat, give the same table.
    let odd: Vec<String> = lines.iter().skip(1).step_by(2).rev().cloned().collect();
    let even: Vec<String> = lines.iter().step_by(2).cloned().collect();
    let a = write_lines(&dir, "odd.jsonl", &odd);
    let b = write_lines(&dir, "even.jsonl", &even);
    let split = standings_json(&[&a, &b]);
    assert_eq!(split["bots"], s["bots"]);
    assert_eq!(split["pairwise"], s["pairwise"]);
    let repeated = write_lines(&dir, "repeat.jsonl", &lines[..30]);
    let again = common::mcr(&[
        "standings",
        "--format",
        "json",
        b.to_str().unwrap(),
        repeated.to_str().unwrap(),
        a.to_str().unwrap(),
    ]);
    assert!(again.stderr.contains("counted once"), "{}", again.stderr);
    let again: Value = serde_json::from_str(&again.stdout).unwrap();
    assert_eq!(again["bots"], s["bots"]);
    assert_eq!(again["repeats"], 30);

    // The bootstrap, recomputed: resample r draws 6 walls with
    // Rng::stream(SEED, r); the interval is the 2.5/97.5 points (type 7).
    let mut per_wall: BTreeMap<(u64, String), (i64, u64)> = BTreeMap::new();
    for l in &lines {
        let r: Value = serde_json::from_str(l).unwrap();
        for seat in 0..4 {
            let e = per_wall
                .entry((r["arena"]["wall"].as_u64().unwrap(), r["arena"]["bots"][seat].as_str().unwrap().to_string()))
                .or_default();
            e.0 += r["expected"]["scores"][seat].as_i64().unwrap();
            e.1 += 1;
        }
    }
    let seed = s["bootstrap"]["seed"].as_u64().unwrap();
    let resamples = s["bootstrap"]["resamples"].as_u64().unwrap();
    for b in bots {
        let name = b["name"].as_str().unwrap().to_string();
        let mut means: Vec<f64> = (0..resamples)
            .map(|r| {
                let mut rng = Rng::stream(seed, r);
                let (mut sum, mut n) = (0i64, 0u64);
                for _ in 0..6 {
                    let w = rng.below(6) as u64;
                    let (s, k) = per_wall[&(w, name.clone())];
                    sum += s;
                    n += k;
                }
                sum as f64 / n as f64
            })
            .collect();
        means.sort_by(|a, b| a.total_cmp(b));
        let q = |p: f64| {
            let h = (means.len() - 1) as f64 * p;
            let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
            means[lo] + (h - lo as f64) * (means[hi] - means[lo])
        };
        assert!((b["ci95"][0].as_f64().unwrap() - q(0.025)).abs() < 1e-9, "{name}");
        assert!((b["ci95"][1].as_f64().unwrap() - q(0.975)).abs() < 1e-9, "{name}");
    }
    // Pairwise: antisymmetric, equal to the differences of the means.
    let p = &s["pairwise"];
    for i in 0..4 {
        for j in 0..4 {
            if i == j {
                assert!(p["diff"][i][j].is_null());
                continue;
            }
            let d = p["diff"][i][j].as_f64().unwrap();
            assert!((d + p["diff"][j][i].as_f64().unwrap()).abs() < 1e-12);
            assert!(
                (d - (bots[i]["mean_score"].as_f64().unwrap() - bots[j]["mean_score"].as_f64().unwrap())).abs() < 1e-12
            );
        }
    }
}

#[test]
fn a_bad_line_is_located_and_the_rest_counted() {
    let dir = common::temp_dir("tournament-bad");
    let mut lines = duplicate_lines(&dir, 1, 2);
    lines.insert(3, "{\"not\": \"a record\"}".to_string());
    let f = write_lines(&dir, "bad.jsonl", &lines);
    let run = common::mcr(&["standings", "--format", "json", f.to_str().unwrap()]);
    assert!(!run.ok());
    assert!(run.stderr.contains("bad.jsonl:4:"), "{}", run.stderr);
    let s: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(s["records"], 24);
    assert_eq!(s["errors"], 1);
}

#[test]
fn arena_standings_is_the_standings_command() {
    let dir = common::temp_dir("tournament-arena-standings");
    let lines = duplicate_lines(&dir, 1, 2);
    let f = write_lines(&dir, "t.jsonl", &lines);
    let direct = common::mcr(&["standings", "--format", "csv", f.to_str().unwrap()]);
    let under_arena = common::mcr(&["arena", "standings", "--format", "csv", f.to_str().unwrap()]);
    assert!(direct.ok() && under_arena.ok(), "{}\n{}", direct.stderr, under_arena.stderr);
    assert!(direct.stdout.lines().count() > 4, "{}", direct.stdout);
    assert_eq!(under_arena.stdout, direct.stdout);
    // Without the subcommand the arena still asks for its bots file.
    let bare = common::mcr(&["arena"]);
    assert!(!bare.ok() && bare.stderr.contains("--bots"), "{}", bare.stderr);
}
