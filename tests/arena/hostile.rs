//! Hostile bots: each misbehaviour gets the platform's verdict, the game
//! ends as the judge's playerError (the verdict as the display's action,
//! the offender -30, the others +10), the record validates and self-tests,
//! and no process of the bot (children in their own sessions included) is
//! left. Also: an interrupted run stops at once and leaves nothing.

use crate::helpers::*;

/// Seat 0 is `hostile.py MODE` misbehaving on its `at`-th turn; the others are
/// `mcr bot`.
fn hostile_run(mode: &str, at: u32, limits: &str) -> (common::TempDir, common::Run, Vec<serde_json::Value>, String) {
    let py = python().expect("python");
    let tok = token(mode);
    let script = bot_script("hostile.py");
    let at = at.to_string();
    let m = mcr_bin();
    let entries = vec![
        entry("hostile", &[py, &script, mode, &tok, &at], limits),
        entry("greedy", &[m, "bot", "--keep-running"], "keep_running = true"),
        entry("greedy", &[m, "bot", "--keep-running"], "keep_running = true"),
        entry("greedy", &[m, "bot", "--keep-running"], "keep_running = true"),
    ];
    let (dir, file) = bots_file(&format!("hostile_{mode}"), &entries);
    let (run, records) = arena(&file, &dir, &["--games", "1"]);
    (dir, run, records, tok)
}

use crate::common;

fn expect_verdict(mode: &str, at: u32, limits: &str, verdict: &str) {
    let (dir, run, records, tok) = hostile_run(mode, at, limits);
    assert!(run.ok(), "{mode}: {run:?}");
    assert_eq!(records.len(), 1, "{mode}");
    let r = &records[0];
    assert_eq!(ending(r), (verdict.to_string(), Some(0)), "{mode}");
    assert_eq!(r["expected"]["scores"], serde_json::json!([-30, 10, 10, 10]), "{mode}");
    let turns = r["turns"].as_array().unwrap();
    let with_verdict: Vec<&serde_json::Value> = turns.iter().filter(|t| t.get("verdicts").is_some()).collect();
    if verdict == "WA" {
        // The judge's own verdict: no platform verdict on any turn.
        assert!(with_verdict.is_empty(), "{mode}");
    } else {
        assert_eq!(with_verdict.len(), 1, "{mode}: one turn has the verdict");
        assert_eq!(with_verdict[0]["verdicts"], serde_json::json!({ "0": verdict }), "{mode}");
    }
    assert!(run.stderr.contains(&format!("{verdict}:1")), "the standings count it: {}", run.stderr);
    assert_valid(&dir, 1);
    assert_none_left(&tok);
}

#[test]
fn time_memory_output_crashes_and_bad_json_get_their_verdicts() {
    if python_or_skip().is_none() {
        return;
    }
    expect_verdict("sleep", 3, "time_limit_ms = 200", "TLE");
    expect_verdict("spin", 4, "time_limit_ms = 200", "TLE");
    // The first turn of a game gets twice the limit: TLE there too.
    expect_verdict("sleep", 1, "time_limit_ms = 150", "TLE");
    expect_verdict("crash", 3, "", "RE");
    expect_verdict("signal", 5, "", "RE");
    expect_verdict("flood", 3, "", "OLE");
    expect_verdict("nonjson", 3, "", "NJ");
    expect_verdict("nothing", 3, "", "NJ");
    if mcr_engine::arena::program::sandbox::tracking().memory.is_some() {
        expect_verdict("alloc", 3, "memory_mb = 128\ntime_limit_ms = 5000", "MLE");
    } else {
        // Without the memory controller the limit is on the address space: the
        // allocation fails and the bot ends with an error.
        let (_, run, records, tok) = hostile_run("alloc", 3, "memory_mb = 128");
        assert!(run.ok());
        assert!(["MLE", "RE"].contains(&ending(&records[0]).0.as_str()));
        assert_none_left(&tok);
    }
}

#[test]
fn a_garbage_answer_is_the_judge_s_wa() {
    if python_or_skip().is_none() {
        return;
    }
    expect_verdict("garbage", 3, "", "WA");
}

#[test]
// Only the Linux containment finds them (cgroups, the subreaper, /proc):
// the portable Unix path kills the process group (docs/src/arena.md).
#[cfg_attr(
    not(all(target_os = "linux", feature = "linux-sandbox")),
    ignore = "children in sessions of their own escape without the Linux containment"
)]
fn children_in_their_own_sessions_are_killed() {
    if python_or_skip().is_none() {
        return;
    }
    // Forks on its 2nd turn children that outlive it and start their own
    // sessions (then its garbage answer ends the game: WA).
    let (dir, run, records, tok) = hostile_run("fork", 2, "");
    assert!(run.ok(), "{run:?}");
    assert_eq!(ending(&records[0]), ("WA".to_string(), Some(0)));
    assert_valid(&dir, 1);
    assert_none_left(&tok);
}

#[test]
fn an_interrupted_run_stops_and_leaves_nothing() {
    let Some(py) = python_or_skip() else { return };
    let tok = token("interrupt");
    let script = bot_script("hostile.py");
    let e = entry("sleeper", &[py, &script, "sleep", &tok, "1"], "time_limit_ms = 60000");
    let m = mcr_bin();
    let entries = vec![e.clone(), entry("greedy", &[m, "bot"], ""), e.clone(), e];
    let (dir, file) = bots_file("interrupt", &entries);
    let out = dir.join("out.jsonl");
    let run =
        common::mcr_started(&["arena", "--bots", file.to_str().unwrap(), "--games", "3", "-o", out.to_str().unwrap()]);
    // Wait until the sleepers are running, then SIGTERM the arena.
    let t0 = std::time::Instant::now();
    while processes_with(&tok).len() < 3 && t0.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(processes_with(&tok).len() >= 3, "the bots started");
    run.signal(libc::SIGTERM);
    let t1 = std::time::Instant::now();
    let run = run.wait();
    assert!(t1.elapsed().as_secs() < 5, "stopped at once");
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert_none_left(&tok);
    assert!(std::fs::read_to_string(&out).unwrap().is_empty(), "no game finished");
}
