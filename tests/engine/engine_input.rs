//! Bad input to the engine and to `mcr validate`: clear errors naming where
//! the problem is, never a panic.

use crate::common;
use common::corpus::{self, GOLDEN};

use mcr_engine::engine::{Engine, EngineError};
use mcr_engine::record::GameRecord;
use mcr_engine::tiles::Tile;

fn golden_game() -> GameRecord {
    corpus::shared_records(GOLDEN)[0].clone()
}

#[test]
fn wall_of_the_wrong_size() {
    let g = golden_game();
    let mut e = Engine::new();
    assert_eq!(e.reset(&g.wall[..135], 0, 1).unwrap_err(), EngineError::WallSize(135));
    let mut long = g.wall.clone();
    long.push("W1".into());
    assert_eq!(e.reset(&long, 0, 1).unwrap_err(), EngineError::WallSize(137));
    assert_eq!(e.reset::<&str>(&[], 0, 1).unwrap_err(), EngineError::WallSize(0));
}

#[test]
fn unknown_tile_is_named_with_its_index() {
    let g = golden_game();
    let mut wall = g.wall.clone();
    wall[57] = "H1".into();
    let err = Engine::new().reset(&wall, 0, 1).unwrap_err();
    assert_eq!(err, EngineError::UnknownTile { index: 57, text: "H1".into() });
    assert_eq!(err.to_string(), "wall tile 57: unknown tile \"H1\"");
    wall[57] = "w1".into();
    assert!(matches!(Engine::new().reset(&wall, 0, 1), Err(EngineError::UnknownTile { index: 57, .. })));
}

#[test]
fn fifth_copy_of_a_tile() {
    let g = golden_game();
    let mut wall = g.wall.clone();
    // Replace the last tile with a copy of the first: one kind now has 5.
    let first = wall[0].clone();
    wall[135] = first.clone();
    let err = Engine::new().reset(&wall, 0, 1).unwrap_err();
    let index = (0..136).filter(|&i| wall[i] == first).nth(4).unwrap();
    assert_eq!(err, EngineError::FifthCopy { index, tile: Tile::parse(&first).unwrap() });
    assert!(err.to_string().contains(&format!("wall tile {index}: a fifth {first}")), "{err}");
}

#[test]
fn quan_and_srand_out_of_range() {
    let g = golden_game();
    let mut e = Engine::new();
    assert_eq!(e.reset(&g.wall, 4, 1).unwrap_err(), EngineError::BadQuan(4));
    assert_eq!(e.reset(&g.wall, -1, 1).unwrap_err(), EngineError::BadQuan(-1));
    assert_eq!(e.reset(&g.wall, 0, 1 << 40).unwrap_err(), EngineError::BadSrand(1 << 40));
    // A negative seed is echoed as the judge's unsigned int.
    let init = e.reset(&g.wall, 3, -1).unwrap();
    assert_eq!(init.display_json()["srand"], serde_json::json!(u32::MAX));
    assert_eq!(init.display_json()["quan"], serde_json::json!(3));
    assert_eq!(init.requests().unwrap()[2], "0 2 3");
}

#[test]
fn step_before_reset_and_after_the_end() {
    let g = golden_game();
    let mut e = Engine::new();
    assert_eq!(e.step(["PASS"; 4]).unwrap_err(), EngineError::NotStarted);
    e.reset(&g.wall, g.quan, g.srand).unwrap();
    let end = e.step(["PASS", "PASS", "HU", "PASS"]).unwrap();
    assert!(end.is_terminal() && e.is_over());
    assert_eq!(e.step(["PASS"; 4]).unwrap_err(), EngineError::GameOver);
    // A refused reset changes nothing; a good one starts afresh.
    assert!(e.reset(&g.wall[..10], 0, 0).is_err());
    assert_eq!(e.step(["PASS"; 4]).unwrap_err(), EngineError::GameOver);
    assert_eq!(e.reset(&g.wall, g.quan, g.srand).unwrap().event.action(), "INIT");
    assert_eq!(e.step(["PASS"; 4]).unwrap().event.action(), "DEAL");
}

#[test]
fn missing_response_in_a_record_map() {
    let g = golden_game();
    let mut e = Engine::new();
    e.reset(&g.wall, g.quan, g.srand).unwrap();
    let mut m = std::collections::BTreeMap::new();
    for s in ["0", "1", "3"] {
        m.insert(s.to_string(), "PASS".to_string());
    }
    assert_eq!(e.step_map(&m).unwrap_err(), EngineError::MissingResponse(2));
}

// ------------------------------------------------------------ mcr validate

/// Raw lines of golden draw games whose record has no winning canHu: they
/// replay exactly whatever the state of the fan calculator.
fn draw_game_lines(n: usize) -> Vec<String> {
    corpus::file_lines(&corpus::data(GOLDEN))
        .filter(|l| {
            let r: GameRecord = serde_json::from_str(l).unwrap();
            r.expected.ending == "draw"
                && r.turns
                    .iter()
                    .skip(1) // INIT shows every canHu as 0 on the platform
                    .all(|t| t.display["canHu"].as_array().unwrap().iter().all(|c| c.as_i64().unwrap() < 0))
        })
        .take(n)
        .collect()
}

#[test]
fn validate_reports_malformed_lines_and_goes_on() {
    let games = draw_game_lines(2);
    assert_eq!(games.len(), 2);
    let dir = common::temp_dir("engine-input");
    let path = dir.join("mixed.jsonl");
    std::fs::write(&path, format!("{}\n{{\"game_id\": \n\n{}\n", games[0], games[1])).unwrap();
    let p = path.to_str().unwrap();
    let (ok, out, _) = common::mcr(&["validate", p, "--jobs", "2"]).parts();
    assert!(!ok, "{out}");
    assert!(out.contains(&format!("{p}:2: malformed record")), "{out}");
    assert!(out.ends_with("validate: 2/3 games reproduced exactly\n"), "{out}");

    let (ok, out, _) = common::mcr(&["validate", p, "--limit", "1"]).parts();
    assert!(ok, "{out}");
    assert_eq!(out, "validate: 1/1 games reproduced exactly\n");
}

#[test]
fn validate_prints_the_first_diverging_turn() {
    let mut record: serde_json::Value = serde_json::from_str(&draw_game_lines(1)[0]).unwrap();
    record["turns"][5]["display"]["tile"] = serde_json::json!("J3");
    let recorded = record["turns"][5]["display"].to_string();
    let dir = common::temp_dir("engine-input");
    let path = dir.join("diverging.jsonl");
    std::fs::write(&path, format!("{record}\n")).unwrap();
    let (ok, out, _) = common::mcr(&["validate", path.to_str().unwrap()]).parts();
    assert!(!ok);
    assert!(out.contains("turn 5 display diverged"), "{out}");
    assert!(out.contains(&format!("record: {recorded}")), "{out}");
    assert!(out.ends_with("validate: 0/1 games reproduced exactly\n"), "{out}");
    // Loose mode also compares the tile.
    let ok = common::mcr(&["validate", "--loose", path.to_str().unwrap()]).ok();
    assert!(!ok);
}

#[test]
fn validate_counts_a_missing_file_as_a_failure() {
    let (ok, out, _) = common::mcr(&["validate", "/nonexistent/games.jsonl"]).parts();
    assert!(!ok);
    assert!(out.contains("/nonexistent/games.jsonl: cannot open"), "{out}");
    assert!(out.ends_with("validate: 0/1 games reproduced exactly\n"), "{out}");
}

#[test]
fn validate_reports_a_truncated_gzip_after_its_whole_games() {
    use std::io::Write;
    let games = draw_game_lines(3);
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    for g in &games {
        writeln!(enc, "{g}").unwrap();
    }
    let full = enc.finish().unwrap();
    let dir = common::temp_dir("engine-input");
    let path = dir.join("truncated.jsonl.gz");
    std::fs::write(&path, &full[..full.len() - 20]).unwrap();
    let p = path.to_str().unwrap();
    let (ok, out, _) = common::mcr(&["validate", p]).parts();
    assert!(!ok, "{out}");
    assert!(out.contains(&format!("FAIL {p}:3: read error (truncated or corrupt file?)")), "{out}");
    assert!(out.ends_with("validate: 2/3 games reproduced exactly\n"), "{out}");
}
