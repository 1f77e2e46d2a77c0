//! Real Botzone match logs as the platform hands them out
//! (`tests/data/platform/`, 20 matches: `<id>_chunjiandu_full_log.json`, a
//! pretty-printed JSON array; `<id>_lite.json`, `{"status", "logs"}`;
//! `<id>_metadata.json`, `matchId`, `players`, `initdata`): read from the
//! folder, from each file alone, with and without the metadata, by
//! `convert::import`, `mcr import` and `mcr validate`.
//!
//! The tests named `platform_judge_*` need the engine to reproduce the
//! platform's judge output for output (its displays and its 2018 fan
//! calculator): every judge output of a log is checked against the engine,
//! and a match whose log the engine does not reproduce is not imported.
//! The other tests hold whatever the engine displays.

use std::path::{Path, PathBuf};

use mcr_engine::convert;
use mcr_engine::formats::{self, log, Format};
use mcr_engine::record::DEFAULT_MAX_LINE_BYTES;
use mcr_engine::replay::{displays_equal, Compare};
use mcr_engine::tiles::Tile;
use serde_json::Value;

use crate::common;

/// The folder of the 20 matches.
fn folder() -> PathBuf {
    common::data("platform")
}

/// The 20 match ids, in the order of their files' names.
fn ids() -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(folder())
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().unwrap().strip_suffix("_metadata.json").map(String::from))
        .collect();
    ids.sort();
    assert_eq!(ids.len(), 20);
    ids
}

fn full_log(id: &str) -> PathBuf {
    folder().join(format!("{id}_chunjiandu_full_log.json"))
}

fn lite(id: &str) -> PathBuf {
    folder().join(format!("{id}_lite.json"))
}

fn metadata(id: &str) -> PathBuf {
    folder().join(format!("{id}_metadata.json"))
}

fn json(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The records `convert::import` writes for `inputs`, and its summary.
fn import(inputs: &[PathBuf]) -> (Vec<Value>, convert::Summary) {
    let mut out = Vec::new();
    let s = convert::import(inputs, None, DEFAULT_MAX_LINE_BYTES, &mut out).unwrap();
    let records = out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(|l| serde_json::from_slice(l).unwrap());
    (records.collect(), s)
}

/// A fresh folder holding copies of `files`, under `name`.
fn folder_of(name: &str, files: &[PathBuf]) -> common::TempDir {
    let dir = common::temp_dir(name);
    for f in files {
        std::fs::copy(f, dir.join(f.file_name().unwrap())).unwrap();
    }
    dir
}

/// A record without where it was read from.
fn without_source(mut r: Value) -> Value {
    r.as_object_mut().unwrap().remove("source");
    r
}

/// The match id an import reason names (`file:line: match ID: ...`).
fn reason_id(reason: &str) -> Option<String> {
    let rest = &reason[reason.find(": match ")? + ": match ".len()..];
    Some(rest[..rest.find(':')?].to_string())
}

#[test]
fn the_shapes_are_told_by_their_content() {
    // A pretty-printed document opens on a line of its own; a log may be an array.
    assert_eq!(formats::detect(b"["), Some(Format::BotzoneLog));
    assert_eq!(formats::detect(b"  {  "), Some(Format::BotzoneLog));
    assert_eq!(formats::detect(br#"[{"keep_running": false}]"#), Some(Format::BotzoneLog));
    assert_eq!(formats::detect(br#"{"status": "finished", "logs": []}"#), Some(Format::BotzoneLog));
    assert_eq!(formats::detect(br#"{"matchId": "x", "players": []}"#), Some(Format::BotzoneLog));
    assert!(formats::opens_document(b"[") && formats::opens_document(b"{") && formats::opens_document(b"[{}]"));
    assert!(!formats::opens_document(br#"{"_id": "x"}"#));
    // A line of nested arrays is junk, not a log: the lines after it are still read.
    assert!(!formats::opens_document(b"[[[1]]]") && formats::detect(b"[[[1]]]").is_none());
    // Records and text are still what they were.
    assert_eq!(formats::detect(br#"{"game_id": "x", "turns": []}"#), Some(Format::Record));
    assert_eq!(formats::detect(b"Match 1"), Some(Format::BotzoneText));
    let id = &ids()[0];
    let sniff = |p: &Path| {
        let input = formats::open(p, DEFAULT_MAX_LINE_BYTES).unwrap();
        (input.format, input.document, log::sniff(input))
    };
    assert_eq!(sniff(&full_log(id)), (Some(Format::BotzoneLog), true, Some((log::Shape::Match, None))));
    assert_eq!(sniff(&lite(id)), (Some(Format::BotzoneLog), false, Some((log::Shape::Match, None))));
    assert_eq!(sniff(&metadata(id)), (Some(Format::BotzoneLog), true, Some((log::Shape::Metadata, Some(id.clone())))));
    // A file of matches with their ids is read as it is, not grouped.
    let pack = common::data("botzone_logs.jsonl.gz");
    assert_eq!(sniff(&pack), (Some(Format::BotzoneLog), false, None));
    assert_eq!(formats::name_id(&full_log(id)).as_ref(), Some(id));
}

/// The wall the import rebuilds when there is no `initdata`: the tiles the
/// log shows are those of the real wall, at their places, and `quan` and
/// `srand` are the metadata's.
#[test]
fn the_wall_is_rebuilt_from_the_log() {
    for id in ids() {
        let log = json(&full_log(&id));
        let (wall, known, quan, srand) = log::wall_from_log(log.as_array().unwrap()).unwrap();
        let meta = json(&metadata(&id));
        let init = &meta["initdata"];
        let real: Vec<Tile> = init["walltiles"].as_str().unwrap().split(' ').map(|t| Tile::parse(t).unwrap()).collect();
        assert_eq!(real.len(), 136);
        assert_eq!((quan, srand), (init["quan"].as_i64().unwrap(), init["srand"].as_i64().unwrap()), "{id}");
        let mut shown = 0;
        for (s, &k) in known.iter().enumerate() {
            let k = k as usize;
            assert!((13..=34).contains(&k), "{id}: seat {s} shows {k} tiles");
            assert_eq!(wall[34 * s + 34 - k..34 * (s + 1)], real[34 * s + 34 - k..34 * (s + 1)], "{id}: seat {s}");
            shown += k;
        }
        assert!(shown < 136, "{id}: some tiles were never drawn");
        let (mut a, mut b) = (wall.clone(), real.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "{id}: the rebuilt wall holds every tile four times");
    }
}

/// The folder is 20 matches, each read once (not once per file), each
/// imported or refused with its own id; a match whose display disagrees
/// with the engine is refused with its id and entry, the others are kept.
#[test]
fn the_folder_is_each_match_once() {
    let ids = ids();
    let (got, s) = import(&[folder()]);
    assert_eq!(s.read, 20, "{:#?}", s.reasons);
    assert_eq!(s.read, s.written + s.reasons.len());
    let mut seen: Vec<String> = got.iter().map(|r| r["game_id"].as_str().unwrap().to_string()).collect();
    seen.extend(s.reasons.iter().map(|r| reason_id(r).unwrap_or_else(|| panic!("no match id in {r}"))));
    seen.sort();
    assert_eq!(seen, ids, "each match once");
    // Listing the files instead of the folder, in any order, is the same.
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder()).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|f| f.extension().is_some_and(|e| e == "json"));
    files.reverse();
    let (_, s) = import(&files);
    assert_eq!(s.read, 20, "{:#?}", s.reasons);

    // One match's INIT display changed (its quan): refused, with its id and entry.
    let id = &ids[3];
    let dir = folder_of("platform-one-bad", &[full_log(id), metadata(id), full_log(&ids[4]), lite(&ids[4])]);
    let mut log = json(&full_log(id));
    let quan = log[0]["output"]["display"]["quan"].as_i64().unwrap();
    log[0]["output"]["display"]["quan"] = Value::from((quan + 1) % 4);
    let bad = dir.join(full_log(id).file_name().unwrap());
    std::fs::write(&bad, serde_json::to_string_pretty(&log).unwrap()).unwrap();
    let (_, s) = import(&[dir.to_path_buf()]);
    assert_eq!(s.read, 2, "{:#?}", s.reasons);
    let reason = s.reasons.iter().find(|r| reason_id(r).as_ref() == Some(id)).unwrap();
    let head = format!("{}:1: match {id}: log[0]: the judge's display differs from the engine's: ", bad.display());
    assert!(reason.starts_with(&head), "{reason}\n  wanted {head}...");
    assert!(reason.contains(&format!("quan: log {}, engine {quan}", (quan + 1) % 4)), "{reason}");
}

/// A metadata alone is no game: one error naming the match.
#[test]
fn a_metadata_without_its_log_is_one_error() {
    let id = &ids()[0];
    let (got, s) = import(&[metadata(id)]);
    assert!(got.is_empty());
    assert_eq!((s.read, s.written), (1, 0));
    let want = format!("{}: match {id}: a match's metadata, without its log", metadata(id).display());
    assert!(s.reasons[0].starts_with(&want), "{}\n  wanted {want}...", s.reasons[0]);
}

/// Bad files: each one error naming the file, the match and the place;
/// never a panic; the other matches are kept.
#[test]
fn bad_files_are_located() {
    let ids = ids();
    let (a, b) = (&ids[0], &ids[1]);
    let log_a = std::fs::read_to_string(full_log(a)).unwrap();
    // Cut short anywhere: one error, with the match's id.
    for cut in [1, 2, 30, log_a.len() / 3, log_a.len() / 2, log_a.len() - 3] {
        let dir = folder_of(&format!("platform-cut-{cut}"), &[]);
        let file = dir.join(full_log(a).file_name().unwrap());
        std::fs::write(&file, &log_a[..cut]).unwrap();
        let (got, s) = import(&[dir.to_path_buf()]);
        assert_eq!((got.len(), s.read), (0, 1), "cut at {cut}: {:#?}", s.reasons);
        assert!(s.reasons[0].starts_with(&format!("{}:1: match {a}: ", file.display())), "{}", s.reasons[0]);
    }
    let cut = |name: &str| {
        let dir = folder_of(name, &[]);
        let file = dir.join(full_log(a).file_name().unwrap());
        std::fs::write(&file, &log_a[..log_a.len() / 2]).unwrap();
        (dir, file)
    };
    let (_dir, file) = cut("platform-cut-reason");
    let (_, s) = import(std::slice::from_ref(&file));
    let want =
        format!("{}:1: match {a}: not a JSON document (cut short or corrupt?): EOF while parsing", file.display());
    assert!(s.reasons[0].starts_with(&want), "{}\n  wanted {want}...", s.reasons[0]);

    // The metadata of another match beside a log.
    let dir = folder_of("platform-other-meta", &[full_log(a)]);
    std::fs::copy(metadata(b), dir.join(format!("{a}_metadata.json"))).unwrap();
    let (_, s) = import(&[dir.join(full_log(a).file_name().unwrap())]);
    assert_eq!((s.read, s.written), (1, 0));
    assert!(s.reasons[0].contains(&format!("match {a}: metadata: ")), "{}", s.reasons[0]);
    assert!(s.reasons[0].contains(&format!("is the metadata of match {b}, not of {a}")), "{}", s.reasons[0]);

    // No metadata and a draw request naming no tile: the wall cannot be rebuilt.
    let mut log = json(&full_log(a));
    let k = (2..log.as_array().unwrap().len()).step_by(2).find(|&k| log[k]["output"]["display"]["action"] == "DRAW");
    let (k, seat) = (k.unwrap(), log[k.unwrap()]["output"]["display"]["player"].as_u64().unwrap());
    log[k]["output"]["content"][seat.to_string()] = Value::from("2 X9");
    let dir = folder_of("platform-bad-draw", &[]);
    let file = dir.join(full_log(a).file_name().unwrap());
    std::fs::write(&file, serde_json::to_string_pretty(&log).unwrap()).unwrap();
    let (_, s) = import(std::slice::from_ref(&file));
    let want =
        format!("{}:1: match {a}: log[{k}]: seat {seat}'s draw request \"2 X9\" does not name a tile", file.display());
    assert_eq!(s.reasons, [want]);

    // An entry that is not an object.
    let mut log = json(&full_log(a));
    log[5] = Value::from(7);
    std::fs::write(&file, serde_json::to_string_pretty(&log).unwrap()).unwrap();
    let (_, s) = import(std::slice::from_ref(&file));
    assert_eq!(s.reasons, [format!("{}:1: match {a}: log[5]: the entry is not an object", file.display())]);

    // A document over the bound.
    let mut out = Vec::new();
    let s = convert::import(&[full_log(a)], None, 1 << 12, &mut out).unwrap();
    assert_eq!((s.read, s.written), (1, 0));
    assert!(s.reasons[0].contains("is longer than the limit of 4096 bytes: skipped"), "{}", s.reasons[0]);

    // A log on stdin has no file name to give its id.
    let run = common::mcr_with_input(&["import", "-", "-o", "-"], log_a.clone().into_bytes());
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("-:1: _id: the match has no id"), "{}", run.stderr);
}

/// `mcr import` of the folder counts its 20 matches (whether imported or not).
#[test]
fn mcr_import_reads_a_folder() {
    let dir = common::temp_dir("platform-cli");
    let out = dir.join("out.jsonl");
    let run = common::mcr(&["import", folder().to_str().unwrap(), "-o", out.to_str().unwrap()]);
    let last = run.stderr.lines().find(|l| l.ends_with(" games imported")).unwrap_or_default().to_string();
    assert!(last.starts_with("import: ") && last.ends_with("/20 games imported"), "{}", run.stderr);
    assert!(!run.stderr.contains("Is a directory"), "{}", run.stderr);
    // Its README is no game, and is named.
    assert!(run.stderr.contains("README.md: skipped: in none of the formats"), "{}", run.stderr);
}

/// Every match imports from the folder, and its records hold every judge
/// output of its log: each request as the log's content, each display
/// equal to the log's.
#[test]
fn platform_judge_the_folder_imports() {
    let ids = ids();
    let (got, s) = import(&[folder()]);
    assert_eq!((s.read, s.written), (20, 20), "{:#?}", s.reasons);
    let kept: Vec<&str> = got.iter().map(|r| r["game_id"].as_str().unwrap()).collect();
    assert_eq!(kept, ids);
    for r in &got {
        let id = r["game_id"].as_str().unwrap();
        let meta = json(&metadata(id));
        let log = json(&full_log(id));
        let init = &meta["initdata"];
        let wall: Vec<&str> = init["walltiles"].as_str().unwrap().split(' ').collect();
        assert_eq!(r["wall"], serde_json::json!(wall), "{id}: the metadata's wall");
        assert_eq!((&r["quan"], &r["srand"]), (&init["quan"], &init["srand"]), "{id}");
        assert_eq!(r["players"], serde_json::json!(vec!["[pycc]chunjiandu"; 4]), "{id}: the metadata's players");
        assert!(r.get("wall_known").is_none(), "{id}");
        assert_eq!(r["source"]["metadata"], metadata(id).display().to_string());
        let turns = r["turns"].as_array().unwrap();
        let outputs: Vec<&Value> = log.as_array().unwrap().iter().step_by(2).map(|e| &e["output"]).collect();
        assert_eq!(turns.len(), outputs.len(), "{id}");
        for (k, (t, o)) in turns.iter().zip(&outputs).enumerate() {
            if o["command"] == "request" {
                for seat in 0..4 {
                    assert_eq!(
                        t["request"][seat.to_string()],
                        o["content"][seat.to_string()],
                        "{id}: turn {k}, seat {seat}"
                    );
                }
            }
            assert!(displays_equal(&t["display"], &o["display"], Compare::Exact), "{id}: turn {k}");
        }
    }
}

/// Each file shape alone: the full log and the lite each give the same
/// record, their metadata beside them joined; both together are one game.
#[test]
fn platform_judge_each_shape_imports_alone() {
    for id in ids() {
        let (full, s) = import(&[full_log(&id)]);
        assert_eq!((s.read, s.written), (1, 1), "{id}: {:#?}", s.reasons);
        let (lite_only, s) = import(&[lite(&id)]);
        assert_eq!((s.read, s.written), (1, 1), "{id}: {:#?}", s.reasons);
        assert_eq!(full[0]["game_id"], id.as_str());
        assert_eq!(full[0]["source"]["metadata"], metadata(&id).display().to_string());
        assert_eq!(without_source(full[0].clone()), without_source(lite_only[0].clone()), "{id}");
        let (both, s) = import(&[lite(&id), full_log(&id), metadata(&id)]);
        assert_eq!((s.read, s.written), (1, 1), "{id}: {:#?}", s.reasons);
        assert_eq!(without_source(both[0].clone()), without_source(full[0].clone()), "{id}");
    }
}

/// Without the metadata, the wall is rebuilt from the draws: the game
/// replays the same, the tiles the log shows are the real wall's.
#[test]
fn platform_judge_imports_without_metadata() {
    let ids = ids();
    let (with, s) = import(&[folder()]);
    assert_eq!(s.written, 20, "{:#?}", s.reasons);
    let logs: Vec<PathBuf> = ids.iter().map(|id| full_log(id)).chain(ids.iter().map(|id| lite(id))).collect();
    let dir = folder_of("platform-no-metadata", &logs);
    let (without, s) = import(&[dir.to_path_buf()]);
    assert_eq!((s.read, s.written), (20, 20), "{:#?}", s.reasons);
    for (w, r) in with.iter().zip(&without) {
        let id = w["game_id"].as_str().unwrap();
        assert_eq!(r["game_id"], id, "the id from the file's name");
        assert_eq!(r["turns"], w["turns"], "{id}: the same game");
        assert_eq!((&r["quan"], &r["srand"]), (&w["quan"], &w["srand"]), "{id}");
        assert_eq!(r["expected"], w["expected"], "{id}");
        let known = r["wall_known"].as_array().unwrap();
        for (s, k) in known.iter().enumerate() {
            let k = k.as_u64().unwrap() as usize;
            let seg = |v: &Value| v["wall"].as_array().unwrap()[34 * s + 34 - k..34 * (s + 1)].to_vec();
            assert_eq!(seg(r), seg(w), "{id}: seat {s}'s known tiles");
        }
    }
}

/// `mcr import` then `mcr validate`: every judge output reproduced; and
/// `mcr validate` reads the folder itself.
#[test]
fn platform_judge_validate_reproduces_the_imported_records() {
    let dir = common::temp_dir("platform-validate");
    let out = dir.join("platform.jsonl");
    let run = common::mcr(&["import", folder().to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(run.ok(), "{}", run.stderr);
    assert_eq!(run.stderr.lines().last(), Some("import: 20/20 games imported"));
    let run = common::mcr(&["validate", out.to_str().unwrap()]);
    assert!(run.ok(), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("validate: 20/20 games reproduced exactly"), "{}", run.stdout);
    let run = common::mcr(&["validate", folder().to_str().unwrap()]);
    assert!(run.ok(), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("validate: 20/20 games reproduced exactly"), "{}", run.stdout);
}
