//! The one input layer: every command that reads games gets the same games
//! from every input shape (the platform's match files as a folder and one
//! by one, game records, text logs, match logs one a line, and all of them
//! at once). The games expected are counted from each source's own
//! structure (the platform folder's metadata files, a record file's lines,
//! a text file's `Match` lines, a match log file's `_id`s), not by the
//! reader.

#[path = "../common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};

use common::corpus::{self, first_lines, BOTZONE_LOGS, GOLDEN};
use common::{data, mcr, temp_dir};

/// An input and the ids of its games, in input order.
struct Shape {
    name: String,
    paths: Vec<PathBuf>,
    ids: Vec<String>,
}

/// The platform folder's matches: one per `<id>_metadata.json` (its
/// README), in the order of the files' names.
fn platform_ids() -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(data("platform"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix("_metadata.json").map(str::to_string))
        .collect();
    ids.sort();
    ids
}

/// Every input shape, with its games.
fn shapes(dir: &Path) -> Vec<Shape> {
    let mut shapes = Vec::new();
    let platform = platform_ids();
    assert_eq!(platform.len(), 20, "the README says 20 matches");
    shapes.push(Shape { name: "platform folder".into(), paths: vec![data("platform")], ids: platform.clone() });
    for id in &platform[..3] {
        for file in [format!("{id}_chunjiandu_full_log.json"), format!("{id}_lite.json")] {
            shapes.push(Shape { name: file.clone(), paths: vec![data("platform").join(&file)], ids: vec![id.clone()] });
        }
        // A match with its metadata named beside it.
        let pair = vec![
            data("platform").join(format!("{id}_metadata.json")),
            data("platform").join(format!("{id}_lite.json")),
        ];
        shapes.push(Shape { name: format!("{id} metadata and lite"), paths: pair, ids: vec![id.clone()] });
    }
    // Game records: one a line.
    let records = first_lines(GOLDEN, 8);
    let ids = records
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["game_id"].as_str().unwrap().to_string())
        .collect();
    shapes.push(Shape {
        name: "game records".into(),
        paths: vec![corpus::write_gz(dir, "records.jsonl.gz", &records)],
        ids,
    });
    // Text logs: the first three games, each from its `Match` line.
    let text = std::fs::read_to_string(data("golden.txt")).unwrap();
    let starts: Vec<usize> = text
        .match_indices("Match ")
        .filter(|(i, _)| *i == 0 || text.as_bytes()[i - 1] == b'\n')
        .map(|(i, _)| i)
        .collect();
    let three = &text[..starts[3]];
    let ids = three.lines().filter_map(|l| l.strip_prefix("Match ")).map(|id| id.trim().to_string()).collect();
    let path = dir.join("three.txt");
    std::fs::write(&path, three).unwrap();
    shapes.push(Shape { name: "text logs".into(), paths: vec![path], ids });
    // Match logs, one a line, with their `_id`s.
    let logs = first_lines(BOTZONE_LOGS, 4);
    let ids = logs
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["_id"].as_str().unwrap().to_string())
        .collect();
    shapes.push(Shape { name: "match logs".into(), paths: vec![corpus::write_gz(dir, "logs.jsonl.gz", &logs)], ids });
    // All of them at once, in that order.
    let all = Shape {
        name: "all shapes at once".into(),
        paths: [&shapes[0], &shapes[shapes.len() - 3], &shapes[shapes.len() - 2], &shapes[shapes.len() - 1]]
            .iter()
            .flat_map(|s| s.paths.clone())
            .collect(),
        ids: [&shapes[0], &shapes[shapes.len() - 3], &shapes[shapes.len() - 2], &shapes[shapes.len() - 1]]
            .iter()
            .flat_map(|s| s.ids.clone())
            .collect(),
    };
    shapes.push(all);
    shapes
}

/// `mcr` with `args` then the shape's paths.
fn run(args: &[&str], shape: &Shape) -> (bool, String, String) {
    let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    all.extend(shape.paths.iter().map(|p| p.to_string_lossy().into_owned()));
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    mcr(&all).parts()
}

/// The `game_id` of each JSON line of `text`.
fn json_ids(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["game_id"].as_str().unwrap().to_string())
        .collect()
}

/// A number following `prefix` in `text`.
fn number_after(text: &str, prefix: &str) -> Option<usize> {
    let at = text.find(prefix)? + prefix.len();
    text[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[test]
fn every_command_reads_the_same_games_from_every_shape() {
    let dir = temp_dir("inputs");
    for shape in shapes(&dir) {
        let n = shape.ids.len();
        let name = &shape.name;
        let (ok, out, err) = run(&["validate"], &shape);
        assert!(ok && out.ends_with(&format!("validate: {n}/{n} games reproduced exactly\n")), "{name}: {out}{err}");
        let (ok, out, err) = run(&["validate", "--self-test"], &shape);
        assert!(ok && out.ends_with(&format!("self-test: {n}/{n} games PASS\n")), "{name}: {out}{err}");
        let (ok, out, err) = run(&["audit", "--format", "json", "--games"], &shape);
        assert!(ok, "{name}: {err}");
        assert_eq!(json_ids(&out), shape.ids, "{name}: audit --games");
        let (ok, out, err) = run(&["review", "--format", "json"], &shape);
        assert!(ok, "{name}: {err}");
        assert_eq!(json_ids(&out), shape.ids, "{name}: review");
        let import = dir.join("imported.jsonl");
        let (ok, _, err) = run(&["import", "-o", import.to_str().unwrap()], &shape);
        assert!(ok && err.contains(&format!("import: {n}/{n} games imported")), "{name}: {err}");
        assert_eq!(json_ids(&std::fs::read_to_string(&import).unwrap()), shape.ids, "{name}: import");
        // The imported records validate as the inputs did.
        let (ok, out, _) = mcr(&["validate", import.to_str().unwrap()]).parts();
        assert!(ok && out.ends_with(&format!("validate: {n}/{n} games reproduced exactly\n")), "{name}: {out}");
        let export = dir.join("exported.json");
        let (ok, _, err) = run(&["export", "--to", "botzone-log", "-o", export.to_str().unwrap()], &shape);
        assert!(ok && err.contains(&format!("export: {n}/{n} games exported")), "{name}: {err}");
        let view = dir.join("view.html");
        let (ok, out, err) = run(&["view", "-o", view.to_str().unwrap()], &shape);
        let plural = if n == 1 { "" } else { "s" };
        assert!(ok && out.starts_with(&format!("view: {n} game{plural} written")), "{name}: {out}{err}");
        let samples = dir.join("samples");
        let (ok, _, err) = run(&["samples", "-o", samples.to_str().unwrap()], &shape);
        assert!(ok && err.contains(&format!("samples: {n} games,")), "{name}: {err}");
        let (ok, out, err) = run(&["standings", "--format", "json"], &shape);
        // Text logs name no players: each of their games is named as one
        // the standings cannot count.
        let nameless = err.lines().filter(|l| l.contains(": 0 bot names (arena.bots or players)")).count();
        assert!(ok == (nameless == 0), "{name}: {err}");
        assert_eq!(number_after(&out, "\"records\": ").unwrap_or(0) + nameless, n, "{name}: standings: {err}");
        let (ok, out, err) = run(&["rules", "diff", "--format", "json"], &shape);
        assert!(ok, "{name}: {err}");
        assert_eq!(number_after(&out, "\"games\": "), Some(n), "{name}: rules diff");
    }
}

#[test]
fn each_platform_file_alone_is_its_match() {
    // Every log file of the folder alone: its match, the id from its
    // content or its file's name, the metadata beside it joined.
    for id in platform_ids() {
        for file in [format!("{id}_chunjiandu_full_log.json"), format!("{id}_lite.json")] {
            let path = data("platform").join(&file);
            let path = path.to_str().unwrap();
            let (ok, out, err) = mcr(&["validate", path]).parts();
            assert!(ok && out.ends_with("validate: 1/1 games reproduced exactly\n"), "{file}: {out}{err}");
            let (ok, out, err) = mcr(&["validate", "--self-test", path]).parts();
            assert!(ok && out.ends_with("self-test: 1/1 games PASS\n"), "{file}: {out}{err}");
            let (ok, out, _) = mcr(&["audit", "--format", "json", "--games", path]).parts();
            assert!(ok && json_ids(&out) == [id.clone()], "{file}: {out}");
        }
    }
}

#[test]
fn a_folder_names_what_it_skips_and_a_metadata_alone_is_an_error() {
    let (ok, out, err) = mcr(&["validate", data("platform").to_str().unwrap()]).parts();
    assert!(ok, "{out}{err}");
    assert!(err.contains("platform/README.md: skipped: in none of the formats"), "{err}");
    let id = &platform_ids()[0];
    let meta = data("platform").join(format!("{id}_metadata.json"));
    let (ok, out, _) = mcr(&["validate", meta.to_str().unwrap()]).parts();
    assert!(!ok && out.contains(&format!("match {id}: a match's metadata, without its log")), "{out}");
    assert!(out.ends_with("validate: 0/1 games reproduced exactly\n"), "{out}");
}

#[test]
fn bad_input_is_located_and_reading_goes_on() {
    // A folder: a good record file, a cut match log, a malformed record line.
    let dir = temp_dir("inputs-bad");
    let records = first_lines(GOLDEN, 3);
    let mut mixed = records.clone();
    mixed.insert(1, "{\"game_id\": \"x\", \"turns\": [".into());
    std::fs::write(dir.join("a.jsonl"), mixed.join("\n") + "\n").unwrap();
    let full =
        std::fs::read_to_string(data("platform").join(format!("{}_chunjiandu_full_log.json", platform_ids()[0])))
            .unwrap();
    std::fs::write(dir.join("b_chunjiandu_full_log.json"), &full[..full.len() / 2]).unwrap();
    let (ok, out, _) = mcr(&["validate", dir.to_str().unwrap()]).parts();
    assert!(!ok, "{out}");
    assert!(out.contains("a.jsonl:2: malformed record"), "{out}");
    assert!(out.contains("b_chunjiandu_full_log.json:1: match b: not a JSON document"), "{out}");
    assert!(out.ends_with("validate: 3/5 games reproduced exactly\n"), "{out}");
}
