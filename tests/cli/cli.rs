//! The `mcr` command line: exit codes, closing lines, errors with locations.

use crate::common;

use common::{mcr, Run};
use std::process::Command;

/// Asserts exit code, stdout and stderr of a run, all three exactly.
#[track_caller]
fn assert_run(run: &Run, code: i32, stdout: &str, stderr: &str) {
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (Some(code), stdout, stderr), "{run:#?}");
}

#[test]
fn fan_scores_a_typed_hand() {
    let run = mcr(&["fan", "[chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S prevalent=E"]);
    assert_run(
        &run,
        0,
        "  2  圈风刻  (Prevalent Wind)\n  1  单钓将  (Single Wait)\n  1  自摸  (Self-Drawn)\n\
         total 4 fan (below the 8-fan minimum)\n\
         reading: regular: [W4 W5 W6] [F1 F1 F1] (T2 T3 T4) (T7 T8 T9) (B9 B9)\n",
        "",
    );
    let run = mcr(&["fan", "W1 X9 +W1"]);
    assert_run(&run, 2, "", "mcr fan: `X9`: not a tile (write W1 or 1m; see `mcr fan --help`)\n");
}

#[test]
fn an_unknown_command_is_a_usage_error() {
    let run = mcr(&["nosuch"]);
    assert_eq!(run.code, Some(2), "{run:#?}");
    assert_eq!(run.stdout, "");
    assert!(run.stderr.starts_with("error: unrecognized subcommand 'nosuch'\n"), "{run:#?}");
}

#[test]
fn hands_reports_mismatches_and_bad_lines() {
    let good = r#"{"id": "a", "packs": [["CHI", "B6", 3], ["CHI", "W5", 1], ["CHI", "T4", 1]], "hand": ["W7", "W7", "W4", "W3"], "win_tile": "W5", "flags": {"self_drawn": false, "fourth_tile": false, "about_kong": false, "wall_last": false}, "seat_wind": 2, "prevalent_wind": 0, "flower_count": 0, "expected": {"result": 11, "fan": [["三色三步高", 6, 1], ["平和", 2, 1], ["断幺", 2, 1], ["喜相逢", 1, 1]], "fan_total": 11}}"#;
    let wrong = good.replace("\"result\": 11", "\"result\": 12").replace("\"id\": \"a\"", "\"id\": \"b\"");
    let bad_tile = good.replace("\"W3\"", "\"W0\"").replace("\"id\": \"a\"", "\"id\": \"c\"");
    let file = common::temp_file("hands.jsonl", format!("{good}\n{wrong}\n{{not json\n{bad_tile}\n"));
    let fans = r#"[("三色三步高", 6, 1), ("平和", 2, 1), ("断幺", 2, 1), ("喜相逢", 1, 1)]"#;
    assert_run(
        &mcr(&["hands", &file]),
        1,
        &format!("MISMATCH b ({file}:2)\n  expected: 12 {fans}\n  got:      11 {fans}\nhands: 1/4 match\n"),
        &format!(
            "{file}:3: malformed record: key must be a string at line 1 column 2\n\
             {file}:4: c: unknown tile \"W0\" (expected W1-W9, T1-T9, B1-B9, F1-F4 or J1-J3)\n"
        ),
    );
    assert_run(&mcr(&["hands", &common::temp_file("one.jsonl", good)]), 0, "hands: 1/1 match\n", "");
}

#[test]
fn audit_agrees_with_every_recorded_hu_of_the_golden_games() {
    let golden = common::data("golden.jsonl.gz");
    let run = mcr(&["audit", "--games", golden.to_str().unwrap(), "--differing"]);
    assert_run(
        &run,
        0,
        "games: 222 read, 189 HU, 33 draws, 0 error games, 0 bad records, 0 unreadable
audit: 189/189 fan lists agree with the record
",
        "",
    );
}

#[test]
fn audit_explains_omissions_and_flags() {
    let hands = common::data("hands.jsonl.gz");
    let run = mcr(&["audit", "--hands", hands.to_str().unwrap(), "--id", "h100001"]);
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "{run:#?}");
    let out = &run.stdout;
    assert!(out.contains("about kong flag dropped"), "{out}");
    // The platform's calculator keeps the first of readings of equal total.
    assert!(out.contains("equal total: the earlier reading stays"), "{out}");
    assert!(out.contains("无字") && out.contains("holds but omitted by 清一色"), "{out}");
    assert!(out.contains("recorded result 67, engine 67: agree"), "{out}");
    // pymahjonggb 1.4.0 prefers the reading with 一色三同顺.
    let hands = common::data("pymahjonggb-1.4/hands.jsonl.gz");
    let run = mcr(&["audit", "--hands", hands.to_str().unwrap(), "--id", "h100001", "--rules", "pymahjonggb-1.4"]);
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "{run:#?}");
    assert!(run.stdout.contains("equal total, tie-break rule: kept"), "{}", run.stdout);
    assert!(run.stdout.contains("recorded result 67, engine 67: agree"), "{}", run.stdout);
}

/// A reader that goes away is not an error: `mcr` ends as Unix filters do,
/// by SIGPIPE, with nothing on stderr (no panic, no error message).
#[test]
#[cfg(unix)]
fn a_closed_pipe_is_not_a_crash() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let golden = common::data("golden.jsonl.gz");
    let mut child = Command::new(crate::common::mcr_bin())
        .args(["audit", "--games", golden.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child.stderr.as_mut().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(err, "", "stderr after the pipe closed");
    assert_eq!((status.code(), status.signal()), (None, Some(13)), "ended by SIGPIPE: {status:?}");
}

#[test]
fn a_command_that_cannot_go_on_says_so_once_named_with_its_exit_code() {
    // Input errors: exit 2, `COMMAND: what is wrong`, nothing on stdout.
    let run = mcr(&["audit"]);
    assert_run(&run, 2, "", "mcr audit: give a hand (see `mcr fan --help`), --hands FILE or --games FILE...\n");
    let run = mcr(&["waits", "123m 456m 789s 1p 2p 3z 3z +3p"]);
    assert_run(&run, 2, "", "mcr waits: a waiting hand has no winning tile yet: leave out the +tile\n");
    let run = mcr(&["review", "--threshold", "-1", "no-such-file.jsonl"]);
    assert_run(&run, 2, "", "mcr review: --threshold -1: a number of points, 0 or more\n");
    // Failures: exit 1.
    let run = mcr(&["bench", "env", "--obs", "pixels"]);
    assert_run(&run, 1, "", "bench env: unknown observation encoder \"pixels\" (compact or feature)\n");
    // A command that reports every problem, then fails after its summary.
    let run = mcr(&["rules", "check", "no-such-rules.mcr"]);
    assert_eq!((run.code, run.stdout.as_str()), (Some(1), ""), "{run:#?}");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{run:#?}");
    assert!(lines[0].starts_with("error: no-such-rules.mcr: cannot read: "), "{run:#?}");
    assert_eq!(lines[1], "rules check: 1 error(s)");
}
