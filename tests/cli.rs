//! The `mcr` command line: exit codes, closing lines, errors with locations.

mod common;

use std::process::Command;

fn mcr(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mcr")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("mcr-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into()
}

#[test]
fn fan_scores_a_typed_hand() {
    let (ok, out, _) = mcr(&["fan", "[chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S prevalent=E"]);
    assert!(ok);
    assert!(out.contains("圈风刻") && out.contains("total 4 fan"), "{out}");
    assert!(out.contains("reading: regular:"), "{out}");
    let (ok, _, err) = mcr(&["fan", "W1 X9 +W1"]);
    assert!(!ok && err.contains("X9"), "{err}");
}

#[test]
fn hands_reports_mismatches_and_bad_lines() {
    let good = r#"{"id": "a", "packs": [["CHI", "B6", 3], ["CHI", "W5", 1], ["CHI", "T4", 1]], "hand": ["W7", "W7", "W4", "W3"], "win_tile": "W5", "flags": {"self_drawn": false, "fourth_tile": false, "about_kong": false, "wall_last": false}, "seat_wind": 2, "prevalent_wind": 0, "flower_count": 0, "expected": {"result": 11, "fan": [["三色三步高", 6, 1], ["平和", 2, 1], ["断幺", 2, 1], ["喜相逢", 1, 1]], "fan_total": 11}}"#;
    let wrong = good.replace("\"result\": 11", "\"result\": 12").replace("\"id\": \"a\"", "\"id\": \"b\"");
    let bad_tile = good.replace("\"W3\"", "\"W0\"").replace("\"id\": \"a\"", "\"id\": \"c\"");
    let file = temp("hands.jsonl", &format!("{good}\n{wrong}\n{{not json\n{bad_tile}\n"));
    let (ok, out, err) = mcr(&["hands", &file]);
    assert!(!ok);
    assert!(out.contains("MISMATCH b"), "{out}");
    assert!(out.trim_end().ends_with("hands: 1/4 match"), "{out}");
    assert!(err.contains("hands.jsonl:3: malformed record"), "{err}");
    assert!(err.contains("hands.jsonl:4: c: unknown tile \"W0\""), "{err}");
    let (ok, out, _) = mcr(&["hands", &temp("one.jsonl", good)]);
    assert!(ok && out.contains("hands: 1/1 match"));
}

#[test]
fn audit_agrees_with_every_recorded_hu_of_the_golden_games() {
    let golden = common::data("golden.jsonl.gz");
    let (ok, out, err) = mcr(&["audit", "--games", golden.to_str().unwrap(), "--differing"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("audit: 189/189 fan lists agree with the record"), "{out}");
}

#[test]
fn audit_explains_omissions_and_flags() {
    let hands = common::data("hands.jsonl.gz");
    let (ok, out, _) = mcr(&["audit", "--hands", hands.to_str().unwrap(), "--id", "h100001"]);
    assert!(ok, "{out}");
    assert!(out.contains("about kong flag dropped"), "{out}");
    assert!(out.contains("equal total, tie-break rule: kept"), "{out}");
    assert!(out.contains("无字") && out.contains("holds but omitted by 清一色"), "{out}");
    assert!(out.contains("recorded result 67, engine 67: agree"), "{out}");
}

#[test]
fn a_closed_pipe_is_not_a_crash() {
    use std::io::Read;
    use std::process::Stdio;
    let golden = common::data("golden.jsonl.gz");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcr"))
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
    child.wait().unwrap();
    assert!(!err.contains("panicked"), "{err}");
}
