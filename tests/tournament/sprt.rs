//! Candidate against baseline: built-in policies from the bots file, the
//! 1v3 and 2v2 formats, the sequential test (`--sprt`) checked against a
//! separate reading of its records, continued and sharded runs deciding as
//! one, and the two runners playing a built-in the same way.

use super::records::standings_json as standings;
use crate::common;
use common::corpus::file_values as records;
use mcr_engine::arena::duplicate::{Format, Shard};
use mcr_engine::arena::policy::builtin::{Builtin, Kind};
use mcr_engine::arena::{self, ArenaConfig, SeatSpec};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn pair_file(dir: &Path, name: &str, candidate: &str, baseline: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("[[bot]]\n{candidate}\n\n[[bot]]\n{baseline}\n")).unwrap();
    p
}

/// The test read from the records by hand: per wall, the candidate's mean
/// score per seat-game minus the baseline's; the LLR after each complete
/// wall in order, `n (d1 - d0) (2 mean - d0 - d1) / (2 var)`; the first
/// wall (from the 16th) at which it leaves Wald's bounds.
fn test_by_hand(recs: &[Value], per_wall: usize, d0: f64, d1: f64) -> (Option<&'static str>, u64, f64) {
    let cand = recs[0]["arena"]["entries"][0].as_str().unwrap().to_string();
    let mut walls: BTreeMap<u64, Vec<(f64, f64, f64, f64)>> = BTreeMap::new();
    for r in recs {
        let (mut cs, mut cn, mut bs, mut bn) = (0.0, 0.0, 0.0, 0.0);
        for s in 0..4 {
            let score = r["expected"]["scores"][s].as_f64().unwrap();
            if r["arena"]["bots"][s].as_str().unwrap() == cand {
                (cs, cn) = (cs + score, cn + 1.0);
            } else {
                (bs, bn) = (bs + score, bn + 1.0);
            }
        }
        walls.entry(r["arena"]["wall"].as_u64().unwrap()).or_default().push((cs, cn, bs, bn));
    }
    let diffs: Vec<f64> = walls
        .values()
        .filter(|g| g.len() == per_wall)
        .map(|g| {
            let t = g.iter().fold((0.0, 0.0, 0.0, 0.0), |a, x| (a.0 + x.0, a.1 + x.1, a.2 + x.2, a.3 + x.3));
            t.0 / t.1 - t.2 / t.3
        })
        .collect();
    let bound = (0.95f64 / 0.05).ln();
    let mut llr = 0.0;
    for n in 2..=diffs.len() {
        let x = &diffs[..n];
        let mean = x.iter().sum::<f64>() / n as f64;
        let var = x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        llr = n as f64 * (d1 - d0) * (2.0 * mean - d0 - d1) / (2.0 * var);
        if n >= 16 && llr.abs() >= bound {
            return (Some(if llr > 0.0 { "H1" } else { "H0" }), n as u64, llr);
        }
    }
    (None, diffs.len() as u64, llr)
}

#[test]
fn a_sequential_run_decides_as_its_records_say() {
    let dir = common::temp_dir("sprt-decides");
    let bots = pair_file(&dir, "pair.toml", "builtin = \"greedy\"\nseed = 1", "builtin = \"random\"\nseed = 2");
    let out = dir.join("out.jsonl");
    let o = out.to_str().unwrap();
    let run = common::mcr(&["arena", "--bots", bots.to_str().unwrap(), "--format", "1v3", "--sprt", "0,5", "-o", o]);
    assert!(run.ok(), "{}", run.stderr);
    assert!(run.stderr.contains("LLR"), "{}", run.stderr);
    assert!(run.stdout.contains("decision H1"), "{}", run.stdout);
    let recs = records(&out);
    let (decision, walls, llr) = test_by_hand(&recs, 4, 0.0, 5.0);
    assert_eq!(decision, Some("H1"));
    let s = standings(&[&out]);
    let t = &s["sprt"];
    assert_eq!(t["decision"], "H1");
    assert_eq!(t["walls"].as_u64(), Some(walls));
    assert!((t["llr"].as_f64().unwrap() - llr).abs() < 1e-9, "{t}");
    assert_eq!(t["candidate"], "greedy");
    assert_eq!(t["baseline"], "random");
    assert!(t["estimate"].as_f64().unwrap() > 5.0, "{t}");
    assert_eq!(recs.len() as u64, t["walls_played"].as_u64().unwrap() * 4);
    // The candidate sits in each seat once per wall.
    for w in recs.chunks(4) {
        let seats: Vec<usize> =
            w.iter().map(|r| (0..4).find(|&s| r["arena"]["bots"][s] == "greedy").unwrap()).collect();
        assert_eq!(seats, [0, 1, 2, 3]);
    }
    // The same file under another test is another tournament.
    let run = common::mcr(&["arena", "--bots", bots.to_str().unwrap(), "--format", "1v3", "--sprt", "0,3", "-o", o]);
    assert!(!run.ok());
    assert!(run.stderr.contains("arena.sprt"), "{}", run.stderr);
    // Nor is it continued by a run of fixed size.
    let run = common::mcr(&["arena", "--bots", bots.to_str().unwrap(), "--format", "1v3", "--walls", "30", "-o", o]);
    assert!(!run.ok());
    assert!(run.stderr.contains("a sequential test's record"), "{}", run.stderr);
}

#[test]
fn continued_and_sharded_runs_decide_as_one() {
    let dir = common::temp_dir("sprt-resume");
    let bots = pair_file(
        &dir,
        "pair.toml",
        "name = \"greedy\"\nbuiltin = \"greedy\"\nseed = 1",
        "name = \"weak\"\nbuiltin = \"greedy\"\nseed = 2\nrandom_discards = 0.1",
    );
    let b = bots.to_str().unwrap();
    let play = |out: &Path, extra: &[&str]| {
        let mut args =
            vec!["arena", "--bots", b, "--format", "2v2", "--sprt", "0,20", "--seed", "5", "-o", out.to_str().unwrap()];
        args.extend(extra);
        let run = common::mcr(&args);
        assert!(run.ok(), "{}", run.stderr);
        run
    };
    let whole = dir.join("whole.jsonl");
    play(&whole, &["--max-walls", "20"]);
    let cont = dir.join("cont.jsonl");
    play(&cont, &["--max-walls", "10"]);
    assert_eq!(records(&cont).len(), 60);
    let run = play(&cont, &["--max-walls", "20"]);
    assert!(run.stderr.contains("continued after its 60 records"), "{}", run.stderr);
    let (s0, s1) = (dir.join("s0.jsonl"), dir.join("s1.jsonl"));
    play(&s0, &["--max-walls", "20", "--shard", "0/2"]);
    play(&s1, &["--max-walls", "20", "--shard", "1/2"]);

    let lines = |p: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_to_string(p).unwrap().lines().map(str::to_string).collect();
        v.sort();
        v
    };
    let whole_lines = lines(&whole);
    let mut shard_lines = lines(&s0);
    shard_lines.extend(lines(&s1));
    shard_lines.sort();
    // In process, the records are the same bytes whichever way they were played.
    assert_eq!(lines(&cont), shard_lines);
    assert!(whole_lines.iter().all(|l| shard_lines.binary_search(l).is_ok()));
    let (a, c, s) = (standings(&[&whole]), standings(&[&cont]), standings(&[&s1, &s0]));
    for k in ["decision", "walls", "llr", "d0", "d1"] {
        assert_eq!(a["sprt"][k], c["sprt"][k], "{k}");
        assert_eq!(a["sprt"][k], s["sprt"][k], "{k}");
    }
    let (decision, walls, _) = test_by_hand(&records(&cont), 6, 0.0, 20.0);
    assert_eq!(a["sprt"]["decision"].as_str(), decision);
    assert_eq!(a["sprt"]["walls"].as_u64(), Some(walls));
    // Records of two tests (other walls) together show no test.
    let other = dir.join("other.jsonl");
    let run = common::mcr(&[
        "arena",
        "--bots",
        b,
        "--format",
        "2v2",
        "--sprt",
        "0,10",
        "--seed",
        "6",
        "--max-walls",
        "16",
        "-o",
        other.to_str().unwrap(),
    ]);
    assert!(run.ok(), "{}", run.stderr);
    assert!(standings(&[&other])["sprt"].is_object());
    assert!(standings(&[&whole, &other])["sprt"].is_null());
}

#[test]
fn bad_pair_files_and_tests_are_named() {
    let dir = common::temp_dir("sprt-bad");
    let ok = pair_file(&dir, "ok.toml", "builtin = \"greedy\"", "builtin = \"random\"");
    let out = dir.join("out.jsonl");
    let o = out.to_str().unwrap();
    let cases: Vec<(PathBuf, Vec<&str>, &str)> = vec![
        (
            pair_file(&dir, "kind.toml", "builtin = \"greedy\"", "builtin = \"smart\""),
            vec!["--sprt", "0,5"],
            "kind.toml:5:11: builtin \"smart\"",
        ),
        (
            pair_file(&dir, "same.toml", "builtin = \"greedy\"", "builtin = \"greedy\""),
            vec!["--sprt", "0,5"],
            "both named \"greedy\"",
        ),
        (
            pair_file(&dir, "share.toml", "builtin = \"greedy\"\nrandom_discards = -1", "builtin = \"random\""),
            vec!["--sprt", "0,5"],
            "share.toml:3:19: random_discards = -1",
        ),
        (ok.clone(), vec!["--sprt", "5,0"], "D0 < D1"),
        (ok.clone(), vec!["--sprt", "0,5", "--alpha", "0.7"], "alpha = 0.7"),
        (ok.clone(), vec!["--sprt", "x"], "expected D0,D1"),
        (ok.clone(), vec![], "needs --walls W"),
    ];
    for (file, extra, want) in cases {
        let mut args = vec!["arena", "--bots", file.to_str().unwrap(), "--format", "1v3", "-o", o];
        args.extend(extra);
        let run = common::mcr(&args);
        assert!(!run.ok(), "{args:?}");
        assert!(run.stderr.contains(want), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    // Four entries where the format needs two.
    let four = dir.join("four.toml");
    std::fs::write(&four, "[[bot]]\nbuiltin = \"greedy\"\n".repeat(4)).unwrap();
    let run = common::mcr(&["arena", "--bots", four.to_str().unwrap(), "--format", "2v2", "--walls", "1", "-o", o]);
    assert!(run.stderr.contains("four.toml:5:1: 4 [[bot]] entries"), "{}", run.stderr);
}

/// A built-in seat decides the same way in the arena runner (one game per
/// thread, a seat asked by request) and in the batched runner (many tables,
/// rows decided in the parallel step): the same records, times aside.
#[test]
fn both_runners_play_a_builtin_alike() {
    let seat = |name: &str, kind, seed, rd| SeatSpec::Native {
        name: name.into(),
        policy: Arc::new(Builtin { kind, seed, random_discards: rd }),
    };
    let cfg = ArenaConfig {
        seats: [
            seat("g", Kind::Greedy, 1, 0.0),
            seat("w", Kind::Greedy, 2, 0.3),
            seat("w", Kind::Greedy, 2, 0.3),
            seat("w", Kind::Greedy, 2, 0.3),
        ],
        games: 4 * 6,
        seed: 11,
        jobs: 2,
        keep_debug: false,
        profile: mcr_engine::fans::Profile::default(),
        duplicate: Some(Shard::ALL),
        format: Format::OneVsThree,
        sprt: None,
        done: None,
        max_line_bytes: mcr_engine::record::DEFAULT_MAX_LINE_BYTES,
    };
    let strip = |r: &str| -> Value {
        let mut v: Value = serde_json::from_str(r).unwrap();
        for t in v["turns"].as_array_mut().unwrap() {
            t.as_object_mut().unwrap().remove("times_ms");
        }
        v
    };
    let mut by_run = Vec::new();
    arena::run(&cfg, |_, g| {
        by_run.push(strip(&g.record));
        Ok(())
    })
    .unwrap();
    let mut by_batch = Vec::new();
    arena::run::batch::run(&cfg, 7, true, |_, g| {
        by_batch.push(strip(&g.record));
        Ok(())
    })
    .unwrap();
    assert_eq!(by_run.len(), 24);
    assert_eq!(by_run, by_batch);
    // Another seed for the candidate plays other games.
    let mut other = cfg.clone();
    other.seats[0] = seat("g", Kind::Greedy, 9, 0.0);
    let mut by_other = Vec::new();
    arena::run::batch::run(&other, 7, true, |_, g| {
        by_other.push(strip(&g.record));
        Ok(())
    })
    .unwrap();
    assert_ne!(by_other, by_batch);
}

/// The report page of a sequential run draws the test: its decision, the
/// LLR path against its two bounds, the estimate with its interval.
#[test]
fn the_report_page_shows_the_test_in_chromium() {
    let dir = common::temp_dir("sprt-report");
    let bots = pair_file(&dir, "pair.toml", "builtin = \"greedy\"\nseed = 1", "builtin = \"random\"\nseed = 2");
    let out = dir.join("out.jsonl");
    let run = common::mcr(&[
        "arena",
        "--bots",
        bots.to_str().unwrap(),
        "--format",
        "2v2",
        "--sprt",
        "0,5",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(run.ok(), "{}", run.stderr);
    let page = dir.join("report.html");
    let run = common::mcr(&["standings", out.to_str().unwrap(), "--html", page.to_str().unwrap()]);
    assert!(run.ok(), "{}", run.stderr);
    let want = standings(&[&out]);
    let t = &want["sprt"];
    assert_eq!(t["decision"], "H1");
    let Some(mut b) = super::browser::launch_or_skip(&dir) else { return };
    b.viewport(1300, 1000, false).unwrap();
    b.navigate(&format!("file://{}", page.display())).unwrap();
    b.wait_for("!!document.body && document.body.dataset.ready === '1'").unwrap();
    let got = b
        .eval(
            "(() => { const d = document.getElementById('sprt-decision'); return [d.dataset.decision, Number(d.dataset.walls), \
             document.getElementById('sprt-estimate').dataset.estimate, \
             document.querySelectorAll('#sprt-llr line.bound').length, \
             document.querySelector('#sprt-llr polyline.llr').getAttribute('points').trim().split(' ').length, \
             document.querySelectorAll('#sprt-estimate-chart polygon.ci').length]; })()",
        )
        .unwrap();
    let errors = b.page_errors();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(got[0], "H1");
    assert_eq!(got[1], t["walls"]);
    let shown: f64 = got[2].as_str().unwrap().parse().unwrap();
    assert!((shown - t["estimate"].as_f64().unwrap()).abs() <= 0.0051, "{got} {t}");
    assert_eq!(got[3], 2, "the two bounds");
    assert_eq!(got[4].as_u64(), Some(t["llr_path"].as_array().unwrap().len() as u64));
    assert_eq!(got[5], 1, "the interval's band");
    if std::env::var_os("MCR_SCREENSHOT").is_some() {
        b.eval("document.getElementById('sprt').scrollIntoView(); true").unwrap();
        b.screenshot(&common::repo().join("docs/src/sprt_report.png")).unwrap();
    }
}

/// `mcr arena calibrate`: its runs add up, and the noise form reports the
/// walls it played.
#[test]
fn calibrate_reports_its_runs_and_the_noise() {
    let dir = common::temp_dir("sprt-calibrate");
    let bots = pair_file(
        &dir,
        "pair.toml",
        "name = \"a\"\nbuiltin = \"greedy\"\nseed = 1",
        "name = \"b\"\nbuiltin = \"greedy\"\nseed = 2",
    );
    let b = bots.to_str().unwrap();
    let run = common::mcr(&[
        "arena",
        "calibrate",
        "--bots",
        b,
        "--format",
        "1v3",
        "--sprt",
        "0,20",
        "--runs",
        "6",
        "--verbose",
    ]);
    assert!(run.ok(), "{}", run.stderr);
    let runs: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("run ")).collect();
    assert_eq!(runs.len(), 6, "{}", run.stdout);
    // A null test at a wide D1 accepts H0 (each run's own line says so).
    let h0 = runs.iter().filter(|l| l.contains(": H0 ")).count();
    assert!(h0 >= 5, "{}", run.stdout);
    assert!(run.stdout.contains("6 runs: H1"), "{}", run.stdout);
    assert!(run.stdout.contains("fixed-size test"), "{}", run.stdout);
    let run = common::mcr(&["arena", "calibrate", "--bots", b, "--format", "2v2", "--walls", "20"]);
    assert!(run.ok(), "{}", run.stderr);
    assert!(run.stdout.contains("20 walls, 120 games"), "{}", run.stdout);
    assert_eq!(run.stdout.matches("to detect").count(), 3, "{}", run.stdout);
    let run = common::mcr(&["arena", "calibrate", "--bots", b, "--format", "1v3"]);
    assert!(!run.ok());
    assert!(run.stderr.contains("--sprt D0,D1"), "{}", run.stderr);
}
