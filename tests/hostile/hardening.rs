//! Hostile input through the command line: every input gives a
//! result or an error naming file:line (or the turn), nothing read correctly
//! is lost, memory stays bounded, exit codes follow one rule. Each case is
//! a minimal record built from the first golden game.

use crate::common;

use serde_json::{json, Value};
use std::io::Write;

fn golden_lines(n: usize) -> Vec<String> {
    common::corpus::first_lines(common::corpus::GOLDEN, n)
}

fn golden_first() -> Value {
    serde_json::from_str(&golden_lines(1)[0]).unwrap()
}

fn file_of(name: &str, records: &[Value]) -> String {
    let text: String = records.iter().map(|r| r.to_string() + "\n").collect();
    common::temp_file(name, text.as_bytes())
}

#[test]
fn no_record_read_is_a_failure_for_every_command() {
    let empty = common::temp_file("empty.jsonl", b"\n\n");
    for (args, says) in [
        (vec!["validate", &empty], "validate: no game record read"),
        (vec!["validate", "--self-test", &empty], "self-test: no game record read"),
        (vec!["hands", &empty], "hands: no hand record read"),
        (vec!["validate", "/nonexistent/x.jsonl"], "validate: no game record read"),
    ] {
        let (code, _, err) = crate::common::mcr(&args).coded();
        assert_eq!(code, Some(1), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn records_cut_short_are_incomplete_not_reproduced() {
    let g = golden_first();
    let cut = |n: usize| {
        let mut r = g.clone();
        r["game_id"] = json!(format!("cut{n}"));
        r["turns"] = json!(g["turns"].as_array().unwrap()[..n].to_vec());
        r
    };
    let file = file_of("cut.jsonl", &[cut(1), cut(2), cut(50), g.clone()]);
    let (code, out, _) = crate::common::mcr(&["validate", &file]).coded();
    assert_eq!(code, Some(1));
    for (line, turn) in [(1, 0), (2, 1), (3, 49)] {
        assert!(
            out.contains(&format!(
                "cut.jsonl:{line}: game cut{}: incomplete record: it ends at turn {turn} before the game's end",
                turn + 1
            )),
            "{out}"
        );
    }
    assert!(out.contains("validate: 1/4 games reproduced exactly"), "{out}");
    let (code, out, _) = crate::common::mcr(&["validate", "--self-test", &file]).coded();
    assert_eq!(code, Some(1));
    assert!(out.contains("self-test: 1/4 games PASS"), "{out}");
    assert!(out.contains("turn 49: ending: incomplete record: it ends with"), "{out}");
}

#[test]
fn a_float_player_equals_the_integer_as_in_the_python_validator() {
    let mut g = golden_first();
    let k = g["turns"].as_array().unwrap().iter().position(|t| t["display"]["player"] == json!(0)).unwrap();
    g["turns"][k]["display"]["player"] = json!(0.0);
    let (code, out, _) = crate::common::mcr(&["validate", &file_of("float.jsonl", &[g.clone()])]).coded();
    assert_eq!(code, Some(0), "{out}");
    g["turns"][k]["display"]["player"] = json!(0.5);
    let (code, out, _) = crate::common::mcr(&["validate", &file_of("float.jsonl", &[g])]).coded();
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains(&format!("turn {k} display diverged")), "{out}");
}

#[test]
fn repeated_game_ids_are_warned_about() {
    let g = golden_first();
    let file = file_of("dup.jsonl", &[g.clone(), g]);
    for args in [vec!["validate", &file], vec!["validate", "--self-test", &file]] {
        let (code, out, err) = crate::common::mcr(&args).coded();
        assert_eq!(code, Some(0), "{out}");
        assert!(err.contains("dup.jsonl:2: game id") && err.contains("repeats line 1"), "{args:?}: {err}");
    }
    // The same game in two files (golden is a subset of games) is no repeat.
    let once = file_of("once.jsonl", &[golden_first()]);
    let again = file_of("again.jsonl", &[golden_first()]);
    let (code, out, err) = crate::common::mcr(&["validate", &once, &again]).coded();
    assert_eq!(code, Some(0), "{out}");
    assert!(!err.contains("repeats"), "{err}");
}

#[test]
fn jobs_are_refused_or_capped_with_a_message() {
    let golden = common::data("golden.jsonl.gz");
    let golden = golden.to_str().unwrap();
    let (code, _, err) = crate::common::mcr(&["validate", "--jobs", "10000", golden]).coded();
    assert_eq!(code, Some(2));
    assert!(err.contains("10000 is not in 1..=4096"), "{err}");
    let (code, _, err) = crate::common::mcr(&["validate", "--self-test", "--jobs", "0", golden]).coded();
    assert_eq!(code, Some(2), "{err}");
    let cores = std::thread::available_parallelism().unwrap().get();
    let (code, out, err) = crate::common::mcr(&["validate", "--jobs", &(cores + 1).to_string(), golden]).coded();
    assert_eq!(code, Some(0), "{out}");
    assert!(err.contains(&format!("--jobs {} capped at {cores}", cores + 1)), "{err}");
}

#[test]
fn an_over_long_line_is_reported_and_skipped() {
    let lines = golden_lines(3);
    let long = format!("{{\"game_id\":\"{}\"}}", "x".repeat(200_000));
    let text = format!("{}\n{long}\n{}\n{}\n", lines[0], lines[1], lines[2]);
    let gz = {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(text.as_bytes()).unwrap();
        e.finish().unwrap()
    };
    let file = common::temp_file("long.jsonl.gz", &gz);
    for (args, summary) in [
        (vec!["validate", "--max-line-bytes", "100000", &file], "validate: 3/4 games reproduced exactly"),
        (vec!["validate", "--self-test", "--max-line-bytes", "100000", &file], "self-test: 3/4 games PASS"),
    ] {
        let (code, out, _) = crate::common::mcr(&args).coded();
        assert_eq!(code, Some(1), "{out}");
        assert!(
            out.contains("long.jsonl.gz:2: line of 200014 bytes is longer than the limit of 100000 bytes"),
            "{out}"
        );
        assert!(out.contains(summary), "{out}");
    }
    // The default bound takes the line (and words what is wrong with it).
    let (_, out, _) = crate::common::mcr(&["validate", &file]).coded();
    assert!(out.contains("long.jsonl.gz:2: malformed record"), "{out}");
    // Every other command that reads records applies the same bound.
    let dir = common::temp_dir("long-out");
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    for args in [
        vec!["samples", &file, "-o", &at("samples")],
        vec!["import", &file, "-o", &at("import.jsonl")],
        vec!["export", &file, "--to", "botzone-text", "-o", &at("export.txt")],
        vec!["standings", &file],
        vec!["rules", "diff", &file],
        vec!["view", &file, "-o", &at("view.html")],
    ] {
        let (_, out, err) = crate::common::mcr(&[&args[..], &["--max-line-bytes", "100000"]].concat()).coded();
        let said = format!("{out}{err}");
        assert!(
            said.contains("long.jsonl.gz:2: line of 200014 bytes is longer than the limit of 100000 bytes"),
            "{args:?}: {said}"
        );
    }
}

#[test]
fn a_bad_line_does_not_end_a_hands_file() {
    let good = r#"{"id": "a", "packs": [["CHI", "B6", 3], ["CHI", "W5", 1], ["CHI", "T4", 1]], "hand": ["W7", "W7", "W4", "W3"], "win_tile": "W5", "flags": {"self_drawn": false, "fourth_tile": false, "about_kong": false, "wall_last": false}, "seat_wind": 2, "prevalent_wind": 0, "flower_count": 0, "expected": {"result": 11, "fan": [["三色三步高", 6, 1], ["平和", 2, 1], ["断幺", 2, 1], ["喜相逢", 1, 1]], "fan_total": 11}}"#;
    let mut bytes = format!("{good}\n").into_bytes();
    bytes.extend_from_slice(b"{\"id\": \"\xff\xfe\"}\n");
    for _ in 0..5 {
        bytes.extend_from_slice(good.as_bytes());
        bytes.push(b'\n');
    }
    let (code, out, err) = crate::common::mcr(&["hands", &common::temp_file("utf8.jsonl", &bytes)]).coded();
    assert_eq!(code, Some(1));
    assert!(err.contains("utf8.jsonl:2: line is not UTF-8"), "{err}");
    assert!(out.contains("hands: 6/7 match"), "{out}");
    let (_, out, _) = crate::common::mcr(&[
        "bench",
        "replay",
        &common::temp_file("utf8-games.jsonl", format!("{}\n\u{0}\u{ff}\n", golden_lines(1)[0]).as_bytes()),
        "--passes",
        "1",
    ])
    .coded();
    assert!(out.contains("bench replay"), "{out}");
}

#[test]
fn deep_nesting_neither_aborts_nor_loses_the_run() {
    let lines = golden_lines(2);
    let deep = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
    // Under a key the record does not hold: skipped (as serde_json skips it).
    let skipped = lines[0].replacen('{', &format!("{{\"note\":{deep},"), 1);
    // Inside a display: serde_json's depth limit, located.
    let in_display = lines[0].replacen("\"display\":{", &format!("\"display\":{{\"x\":{deep},"), 1);
    let file = common::temp_file("deep.jsonl", format!("{skipped}\n{in_display}\n{}\n", lines[1]).as_bytes());
    let (code, out, _) = crate::common::mcr(&["validate", &file]).coded();
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("deep.jsonl:2: malformed record: recursion limit exceeded"), "{out}");
    assert!(out.contains("validate: 2/3 games reproduced exactly"), "{out}");
    let (code, out, _) = crate::common::mcr(&["validate", "--self-test", &file]).coded();
    assert!(code.is_some(), "killed by a signal: {out}");
    assert!(out.contains("self-test: ") && out.contains("/3 games PASS"), "{out}");
}

#[test]
fn notation_errors_are_words() {
    let (code, _, err) = crate::common::mcr(&["fan", "[chi 456m 4] 234s 789s 9p 9p 111z +9p"]).coded();
    assert_eq!(code, Some(2));
    assert!(err.contains("bad pack CHI W5 (offer 4)") && !err.contains("Pack {"), "{err}");
}

#[test]
fn serve_answers_each_line_once_whatever_it_is() {
    let long = "x".repeat(1 << 20);
    let lines = [
        "{\"cmd\":\"step\",\"cmd\":\"step\",\"responses\":{}}".to_string(),
        format!("{{\"cmd\":\"{long}\"}}"),
        "\u{ff}".to_string(),
        "{\"cmd\":\"step\",\"responses\":{\"0\":\"PASS\"}}".to_string(),
    ];
    let input = lines.iter().flat_map(|l| [l.as_bytes(), b"\n".as_slice()]).flatten().copied().collect();
    let out = common::mcr_with_input(&["serve", "--max-line-bytes", "4096"], input).stdout;
    let replies: Vec<&str> = out.lines().collect();
    assert_eq!(replies.len(), 4, "{out}");
    assert!(replies[0].contains("duplicate key \\\"cmd\\\""), "{out}");
    assert!(replies[1].contains("longer than the limit of 4096 bytes"), "{out}");
    assert!(replies.iter().all(|r| r.starts_with("{\"error\":")), "{out}");
}
