//! Full games in every protocol mode: `mcr bot` (JSON and simple I/O,
//! with and without keep-running, raw and JSON-quoted requests), a Python
//! bot printing multi-line JSON, a C++ bot; data and globaldata carried as
//! the platform carries them; every record valid and self-tested.

use crate::common;
use crate::helpers::*;

#[test]
fn mcr_bot_in_every_mode_plays_full_games() {
    let m = mcr_bin();
    let entries = vec![
        entry("greedy-json-kr", &[m, "bot", "--keep-running"], "keep_running = true"),
        entry("greedy-simple", &[m, "bot", "--io", "simple"], "io = \"simple\""),
        entry(
            "random-simple-kr",
            &[m, "bot", "--policy", "random", "--io", "simple", "--keep-running", "--seed", "3"],
            "io = \"simple\"\nkeep_running = true",
        ),
        entry("greedy-json-quoted", &[m, "bot", "--keep-running"], "keep_running = true\nquote_requests = true"),
    ];
    let (dir, file) = bots_file("every_mode", &entries);
    let (run, records) = arena(&file, &dir, &["--games", "6", "--seed", "11", "--jobs", "2"]);
    assert!(run.ok(), "{run:?}");
    assert_eq!(records.len(), 6);
    assert!(run.stderr.contains("6 records written"), "{}", run.stderr);
    let mut endings = std::collections::BTreeSet::new();
    for r in &records {
        assert_eq!(
            r["players"],
            serde_json::json!(["greedy-json-kr", "greedy-simple", "random-simple-kr", "greedy-json-quoted"])
        );
        assert_eq!(r["arena"]["bots"], r["players"]);
        assert_eq!(r["arena"]["time_limit_ms"], serde_json::json!([1000, 1000, 1000, 1000]));
        assert_eq!(r["arena"]["seed"], 11);
        let (action, _) = ending(r);
        assert!(action == "HU" || action == "HUANG", "an arena game of legal bots ends in HU or HUANG, not {action}");
        endings.insert(action);
        // Every turn with answers has a time for each seat.
        for t in r["turns"].as_array().unwrap() {
            if t.get("responses").is_some() {
                assert_eq!(t["times_ms"].as_object().map(|m| m.len()), Some(4), "{t}");
                assert!(t.get("verdicts").is_none());
            }
        }
    }
    let games: Vec<u64> = {
        let mut g: Vec<u64> = records.iter().map(|r| r["arena"]["game"].as_u64().unwrap()).collect();
        g.sort();
        g
    };
    assert_eq!(games, [0, 1, 2, 3, 4, 5]);
    assert!(endings.contains("HU"), "greedy bots win some games: {endings:?}");
    assert_valid(&dir, 6);
}

#[test]
fn decide_bots_play_full_games() {
    let m = mcr_bin();
    let entries = vec![
        entry("decide-json-kr", &[m, "bot", "--policy", "decide", "--keep-running"], "keep_running = true"),
        entry(
            "decide-win-prob-simple",
            &[m, "bot", "--policy", "decide-win-prob", "--io", "simple"],
            "io = \"simple\"",
        ),
        entry("greedy", &[m, "bot", "--keep-running"], "keep_running = true"),
        entry("decide-json", &[m, "bot", "--policy", "decide"], ""),
    ];
    let (dir, file) = bots_file("decide", &entries);
    let (run, records) = arena(&file, &dir, &["--games", "3", "--seed", "7"]);
    assert!(run.ok(), "{run:?}");
    assert_eq!(records.len(), 3);
    for r in &records {
        let (action, _) = ending(r);
        assert!(action == "HU" || action == "HUANG", "legal bots end in HU or HUANG, not {action}");
    }
    assert_valid(&dir, 3);
}

#[test]
fn the_same_seed_deals_the_same_games() {
    let m = mcr_bin();
    let e = entry("greedy", &[m, "bot", "--keep-running"], "keep_running = true");
    let (dir, file) = bots_file("same_seed", &vec![e; 4]);
    let (a, ra) = arena(&file, &dir, &["--games", "2", "--seed", "5"]);
    let (b, rb) = arena(&file, &dir, &["--games", "2", "--seed", "5"]);
    assert!(a.ok() && b.ok());
    let strip = |r: &serde_json::Value| {
        let mut r = r.clone();
        for t in r["turns"].as_array_mut().unwrap() {
            t.as_object_mut().unwrap().remove("times_ms");
        }
        r
    };
    assert_eq!(ra.iter().map(strip).collect::<Vec<_>>(), rb.iter().map(strip).collect::<Vec<_>>());
}

#[test]
fn python_multiline_json_and_cpp_bots_play() {
    let Some(py) = python_or_skip() else { return };
    let dir = common::temp_dir("cpp_build");
    let exe = dir.join("tsumogiri");
    let cxx = std::process::Command::new("c++")
        .args(["-O1", "-o", exe.to_str().unwrap(), &bot_script("tsumogiri.cpp")])
        .status();
    if !cxx.is_ok_and(|s| s.success()) {
        common::skip("MCR_REQUIRE_CXX", "no C++ compiler (c++)");
        return;
    }
    let script = bot_script("tsumogiri.py");
    let exe = exe.to_str().unwrap();
    let entries = vec![
        entry("py", &[py, &script], ""),
        entry("py-kr", &[py, &script, "--keep-running"], "keep_running = true\nquote_requests = true"),
        entry("cpp", &[exe], "io = \"simple\""),
        entry("cpp-kr", &[exe, "keep"], "io = \"simple\"\nkeep_running = true"),
    ];
    let (dir, file) = bots_file("py_cpp", &entries);
    let (run, records) = arena(&file, &dir, &["--games", "1"]);
    assert!(run.ok(), "{run:?}");
    assert_eq!(records.len(), 1);
    // Bots that only discard what they draw never claim: the walls run out.
    assert_eq!(ending(&records[0]).0, "HUANG");
    assert_valid(&dir, 1);
}

#[test]
fn data_and_globaldata_are_carried_and_debug_kept() {
    let Some(py) = python_or_skip() else { return };
    let script = bot_script("tsumogiri.py");
    let m = mcr_bin();
    let entries = vec![
        entry("data", &[py, &script, "--data"], ""),
        entry("greedy", &[m, "bot"], ""),
        entry("greedy", &[m, "bot"], ""),
        entry("greedy", &[m, "bot"], ""),
    ];
    let (dir, file) = bots_file("data", &entries);
    let (run, records) = arena(&file, &dir, &["--games", "2", "--keep-debug"]);
    assert!(run.ok(), "{run:?}");
    for (g, r) in records.iter().enumerate() {
        let turns = r["turns"].as_array().unwrap();
        let mut k = 0;
        for t in turns.iter().filter(|t| t.get("responses").is_some()) {
            k += 1;
            // data counts the turns of this game; globaldata the games of the run.
            let game = r["arena"]["game"].as_u64().unwrap() + 1;
            assert_eq!(t["debug"]["0"], format!("turn {k} game {game}"), "game {g}: {t}");
            assert!(t["debug"].get("1").is_none(), "mcr bot prints no debug");
        }
    }
    assert_valid(&dir, 2);
    // Without --keep-debug, no debug key.
    let (_, records) = arena(&file, &dir, &["--games", "1"]);
    assert!(records[0]["turns"].as_array().unwrap().iter().all(|t| t.get("debug").is_none()));
}

#[test]
fn a_keep_running_bot_that_exits_without_the_marker_restarts_with_the_history() {
    // `mcr bot` without --keep-running answers and exits: with the switch on,
    // each turn starts it afresh with the full history (its answers then
    // depend on the replayed view being right).
    let m = mcr_bin();
    let leaves = entry("leaves", &[m, "bot"], "keep_running = true");
    let stays = entry("stays", &[m, "bot", "--keep-running"], "keep_running = true");
    let (dir, file) = bots_file("leaves", &[leaves.clone(), stays.clone(), leaves, stays]);
    let (run, records) = arena(&file, &dir, &["--games", "2", "--seed", "3"]);
    assert!(run.ok(), "{run:?}");
    for r in &records {
        let (action, _) = ending(r);
        assert!(action == "HU" || action == "HUANG", "{action}");
    }
    assert_valid(&dir, 2);
}
