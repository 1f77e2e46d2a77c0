//! Botzone match logs in and out (`formats::log`, `mcr import`, `mcr
//! export`), checked against what the real judge wrote:
//! `botzone_logs.jsonl.gz` (120 match logs made by driving the real judge,
//! 37 ending on a platform verdict) and `botzone_logs_records.jsonl.gz` (the
//! same games as records, made field by field without any game logic).
//!
//! Not reproducible from a log, so left out of the comparisons: a record's
//! `tags`, `known_discrepancy` and `injected` (corpus metadata, not in a
//! log), and `source` (the import's file and line).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use mcr_engine::convert;
use mcr_engine::formats::{self, Format};
use mcr_engine::record::DEFAULT_MAX_LINE_BYTES;
use serde_json::Value;

use crate::common;

/// A record without what a match log cannot hold.
fn comparable(mut r: Value) -> Value {
    let o = r.as_object_mut().unwrap();
    for k in ["tags", "known_discrepancy", "injected", "source"] {
        o.remove(k);
    }
    r
}

/// The records `convert::import` writes for `inputs`, and its summary.
fn import(inputs: &[PathBuf], from: Option<Format>) -> (Vec<Value>, convert::Summary) {
    let mut out = Vec::new();
    let s = convert::import(inputs, from, DEFAULT_MAX_LINE_BYTES, &mut out).unwrap();
    let records = out.lines().map(|l| serde_json::from_str(&l.unwrap()).unwrap()).collect();
    (records, s)
}

fn export(inputs: &[PathBuf], to: Format) -> (Vec<Value>, convert::Summary) {
    let mut out = Vec::new();
    let s = convert::export(inputs, to, DEFAULT_MAX_LINE_BYTES, &mut out).unwrap();
    let lines = out.lines().map(|l| serde_json::from_str(&l.unwrap()).unwrap()).collect();
    (lines, s)
}

fn write_lines(name: &str, lines: &[Value]) -> PathBuf {
    let mut text = Vec::new();
    for l in lines {
        serde_json::to_writer(&mut text, l).unwrap();
        text.push(b'\n');
    }
    PathBuf::from(common::temp_file(name, text))
}

fn logs() -> Vec<Value> {
    common::corpus::file_values(&common::data("botzone_logs.jsonl.gz"))
}

#[test]
fn importing_the_match_logs_gives_the_original_records() {
    let (got, s) = import(&[common::data("botzone_logs.jsonl.gz")], None);
    assert_eq!((s.read, s.written), (120, 120), "{:?}", s.reasons);
    let want = common::corpus::file_values(&common::data("botzone_logs_records.jsonl.gz"));
    assert_eq!(got.len(), want.len());
    let mut verdict_games = 0;
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g["source"]["format"], "botzone-log");
        assert_eq!(comparable(g.clone()), comparable(w.clone()), "{}", w["game_id"]);
        verdict_games += g["turns"].as_array().unwrap().iter().any(|t| t.get("verdicts").is_some()) as usize;
    }
    assert_eq!(verdict_games, 37);
}

#[test]
fn exporting_the_records_gives_the_original_logs() {
    let (got, s) = export(&[common::data("botzone_logs_records.jsonl.gz")], Format::BotzoneLog);
    assert_eq!((s.read, s.written), (120, 120), "{:?}", s.reasons);
    let want = logs();
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w, "{}", w["_id"]);
    }
    assert_eq!(got.len(), want.len());
}

#[test]
fn import_then_export_then_import_is_the_identity() {
    let (records, _) = import(&[common::data("botzone_logs.jsonl.gz")], None);
    let file = write_lines("roundtrip-records.jsonl", &records);
    let (logs_out, s) = export(&[file], Format::BotzoneLog);
    assert_eq!(s.written, 120);
    assert_eq!(logs_out, logs());
    let again = write_lines("roundtrip-logs.jsonl", &logs_out);
    let (records2, s) = import(&[again], Some(Format::BotzoneLog));
    assert_eq!(s.written, 120);
    for (a, b) in records.iter().zip(&records2) {
        assert_eq!(comparable(a.clone()), comparable(b.clone()));
    }
    // Records in, records out: the same records.
    let (records3, s) = import(&[write_lines("roundtrip-records2.jsonl", &records)], None);
    assert_eq!((s.read, s.written), (120, 120));
    assert_eq!(records3, records);
}

#[test]
fn the_format_is_told_from_the_first_line() {
    assert_eq!(formats::detect(b"Match 001499d06c100840d6c7b368"), Some(Format::BotzoneText));
    assert_eq!(formats::detect(br#"{"_id": "x", "log": []}"#), Some(Format::BotzoneLog));
    assert_eq!(formats::detect(br#"{"game_id": "x", "turns": []}"#), Some(Format::Record));
    // A bad first line is still told by its keys.
    assert_eq!(formats::detect(br#"{"_id": "x", "initdata": {"quan": 1, "#), Some(Format::BotzoneLog));
    assert_eq!(formats::detect(b"hello"), None);
    // Any other object is read as a record (and refused line by line).
    assert_eq!(formats::detect(br#"{"id": "h1", "packs": []}"#), Some(Format::Record));
    let blank_first =
        common::temp_file("blank-first.jsonl", format!("\n  \n{}\n", serde_json::to_string(&logs()[0]).unwrap()));
    let input = formats::open(Path::new(&blank_first), DEFAULT_MAX_LINE_BYTES).unwrap();
    assert_eq!(input.format, Some(Format::BotzoneLog));
    let (got, s) = import(&[PathBuf::from(&blank_first)], None);
    assert_eq!((s.read, s.written, got.len()), (1, 1, 1));
    assert_eq!(got[0]["source"]["line"], 3, "line numbers hold after the look at the first line");
}

/// The one sniffer: a line's kind, by its top-level keys (by its bytes when
/// it is not a whole object).
#[test]
fn a_line_is_told_by_its_top_level_keys() {
    use formats::Kind;
    let cases: [(&[u8], Option<Kind>); 10] = [
        (br#"{"game_id": "g", "wall": [], "turns": []}"#, Some(Kind::Game)),
        (br#"{"turns": [{"display": {}}], "source": {"_id": "x"}}"#, Some(Kind::Game)),
        (br#"{"id": "h1", "packs": [], "hand": ["W1"]}"#, Some(Kind::OtherRecord)),
        // Keys below the top level, or in a string, are not the line's.
        (br#"{"id": "h1", "tags": ["turns"], "x": {"turns": 1, "log": 2}}"#, Some(Kind::OtherRecord)),
        (br#"{"game_id": "g\"turns\"", "_id": 1}"#, Some(Kind::OtherRecord)),
        (br#"{"_id": "x", "log": []}"#, Some(Kind::Log)),
        (br#"[{"keep_running": false}]"#, Some(Kind::Log)),
        (b"Match 001499d06c100840d6c7b368", Some(Kind::Text)),
        // A cut line: its keys anywhere in its bytes.
        (br#"{"game_id": "g", "wall": ["W1"], "turns": [{"display": "#, Some(Kind::Game)),
        (b"hello", None),
    ];
    for (line, kind) in cases {
        assert_eq!(formats::kind(line), kind, "{}", String::from_utf8_lossy(line));
        assert_eq!(formats::detect(line), kind.map(Kind::format));
    }
}

/// Variants the platform writes: `logs` for a single match, `initdata` as
/// the JSON text of an object or left out (the judge's first output has
/// it), MongoDB's `{"$oid": ...}` ids; time and debug kept.
#[test]
fn platform_variants_are_read() {
    let mut m = logs()[3].clone();
    let id = m["_id"].as_str().unwrap().to_string();
    let o = m.as_object_mut().unwrap();
    let log = o.remove("log").unwrap();
    o.insert("logs".into(), log);
    o.insert("_id".into(), serde_json::json!({"$oid": id}));
    let init = o["initdata"].to_string();
    let mut as_text = m.clone();
    as_text["initdata"] = Value::String(init);
    let mut absent = m.clone();
    absent.as_object_mut().unwrap().remove("initdata");
    let mut timed = m.clone();
    timed["logs"][1]["2"]["time"] = serde_json::json!(812);
    timed["logs"][1]["2"]["debug"] = serde_json::json!("thinking");
    let file = write_lines("variants.jsonl", &[m, as_text, absent, timed]);
    let (got, s) = import(std::slice::from_ref(&file), None);
    assert_eq!((s.read, s.written), (4, 4), "{:?}", s.reasons);
    let want = comparable(common::corpus::file_values(&common::data("botzone_logs_records.jsonl.gz"))[3].clone());
    for g in &got[..3] {
        assert_eq!(comparable(g.clone()), want);
    }
    // Once one time is measured, every seat's is kept (0 included).
    assert_eq!(got[3]["turns"][0]["times_ms"], serde_json::json!({"0": 0.0, "1": 0.0, "2": 812.0, "3": 0.0}));
    assert_eq!(got[3]["turns"][0]["debug"], serde_json::json!({"2": "thinking"}));
    // And written back.
    let records = write_lines("variants-records.jsonl", &got[3..]);
    let (out, _) = export(&[records], Format::BotzoneLog);
    assert_eq!(
        out[0]["log"][1]["2"],
        serde_json::json!({"time": 812, "memory": 0, "verdict": "OK", "response": "PASS", "debug": "thinking"})
    );
}

/// One bad match of each kind among good ones: each is reported with the
/// file, its line, its `_id` and the log entry; every other game is kept.
#[test]
fn bad_matches_are_located_and_the_others_kept() {
    let good = logs();
    let id = |i: usize| good[i]["_id"].as_str().unwrap().to_string();
    let mut lines: Vec<String> = good[..12].iter().map(|m| m.to_string()).collect();
    // 1. A judge display that disagrees with the engine (a drawn tile changed).
    let mut m = good[1].clone();
    let k = (2..m["log"].as_array().unwrap().len())
        .step_by(2)
        .find(|&i| m["log"][i]["output"]["display"]["action"] == "DRAW")
        .unwrap();
    let tile = m["log"][k]["output"]["display"]["tile"].as_str().unwrap().to_string();
    m["log"][k]["output"]["display"]["tile"] = Value::String(if tile == "W1" { "W2".into() } else { "W1".into() });
    lines[1] = m.to_string();
    // 2. A seat missing from a bots' entry.
    let mut m = good[2].clone();
    m["log"][7].as_object_mut().unwrap().remove("2");
    lines[2] = m.to_string();
    // 3. Bad JSON.
    lines[3] = lines[3][..lines[3].len() / 2].to_string();
    // 4. Cut short: the end of the game is missing (ends on a request), or
    //    the last judge output is (ends on the bots' answers).
    let mut m = good[4].clone();
    let n = m["log"].as_array().unwrap().len();
    m["log"].as_array_mut().unwrap().truncate(n - 2);
    lines[4] = m.to_string();
    let mut m = good[5].clone();
    m["log"].as_array_mut().unwrap().truncate(n.min(41) - 1);
    lines[5] = m.to_string();
    // 5. A request that is not the engine's.
    let mut m = good[6].clone();
    m["log"][2]["output"]["content"]["1"] = Value::String("1 0 0 0 0 W1".into());
    lines[6] = m.to_string();
    // 6. No wall.
    let mut m = good[7].clone();
    m["initdata"].as_object_mut().unwrap().remove("walltiles");
    m["log"][0]["output"].as_object_mut().unwrap().remove("initdata");
    lines[7] = m.to_string();
    let file = PathBuf::from(common::temp_file("bad-logs.jsonl", lines.join("\n") + "\n"));
    let (got, s) = import(std::slice::from_ref(&file), None);
    assert_eq!((s.read, s.written), (12, 5), "{:#?}", s.reasons);
    let kept: Vec<&str> = got.iter().map(|r| r["game_id"].as_str().unwrap()).collect();
    assert_eq!(kept, [0, 8, 9, 10, 11].map(id));
    let f = file.display().to_string();
    let expect = [
        format!("{f}:2: match {}: log[{k}]: the judge's display differs from the engine's: tile: log \"", id(1)),
        format!("{f}:3: match {}: log[7]: seat 2 has neither an answer nor a verdict (a missing seat)", id(2)),
        format!("{f}:4: malformed record"),
        format!("{f}:5: match {}: log[{}]: the log ends here but the game does not", id(4), n - 3),
        format!("{f}:6: match {}: log[{}]: the log ends on the bots' answers", id(5), n.min(41) - 2),
        format!("{f}:7: match {}: log[2]: the judge's content", id(6)),
        format!("{f}:8: match {}: initdata: initdata has no walltiles", id(7)),
    ];
    assert_eq!(s.reasons.len(), expect.len(), "{:#?}", s.reasons);
    for (r, e) in s.reasons.iter().zip(&expect) {
        assert!(r.starts_with(e.as_str()), "{r}\n  wanted {e}...");
    }
}

/// A truncated gzip file keeps the matches read before the cut; an
/// over-long line is skipped without being kept; stdin is read.
#[test]
fn truncated_files_long_lines_and_stdin() {
    let text: String = logs()[..30].iter().map(|m| m.to_string() + "\n").collect();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes()).unwrap();
    let mut bytes = gz.finish().unwrap();
    bytes.truncate(bytes.len() * 2 / 3);
    let file = PathBuf::from(common::temp_file("cut.jsonl.gz", bytes));
    let (got, s) = import(&[file], None);
    assert!(got.len() > 5 && got.len() < 30, "{}", got.len());
    assert_eq!(s.read, got.len() + 1);
    assert!(s.reasons[0].contains("truncated or corrupt"), "{:?}", s.reasons);

    let long = format!(
        "{{\"_id\": \"long\", \"log\": [\"{}\"]}}\n",
        "x".repeat(mcr_engine::record::DEFAULT_MAX_LINE_BYTES + 10)
    );
    let file = PathBuf::from(common::temp_file(
        "long.jsonl",
        format!("{}{long}{}", text.lines().next().unwrap().to_string() + "\n", text.lines().nth(1).unwrap()),
    ));
    let (got, s) = import(&[file], None);
    assert_eq!((s.read, s.written, got.len()), (3, 2, 2), "{:?}", s.reasons);
    assert!(s.reasons[0].contains(":2: line of "), "{:?}", s.reasons);

    let run = common::mcr_with_input(&["import", "-", "-o", "-"], text.into_bytes());
    assert!(run.ok(), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 30);
    assert_eq!(run.stderr.lines().last(), Some("import: 30/30 games imported"));
}

#[test]
fn the_commands_report_counts_and_fail_unless_all_were_imported() {
    let dir = common::temp_dir("logs-cli");
    let out = dir.join("out.jsonl.gz");
    let logs_file = common::data("botzone_logs.jsonl.gz");
    let run = common::mcr(&["import", logs_file.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(run.ok(), "{}", run.stderr);
    assert_eq!(run.stderr.lines().last(), Some("import: 120/120 games imported"));
    assert_eq!(common::corpus::file_values(&out).len(), 120);
    let back = dir.join("back.jsonl");
    let run = common::mcr(&["export", out.to_str().unwrap(), "--to", "botzone-log", "-o", back.to_str().unwrap()]);
    assert!(run.ok(), "{}", run.stderr);
    assert_eq!(common::corpus::file_values(&back), logs());
    // One bad game: exit 1, the count, then the reason.
    let mut lines: Vec<String> = logs()[..3].iter().map(|m| m.to_string()).collect();
    lines[1].truncate(100);
    let bad = common::temp_file("cli-bad.jsonl", lines.join("\n"));
    let run = common::mcr(&["import", &bad, "--from", "botzone-log", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let tail: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(tail[tail.len() - 2], "import: 2/3 games imported");
    assert!(tail[tail.len() - 1].contains(&format!("{bad}:2: malformed record")), "{}", run.stderr);
}
