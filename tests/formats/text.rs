//! The Botzone human-game text format: `tests/data/golden.txt` (the 222
//! golden games written in it) imported gives the golden records' requests
//! and displays (tests/data/golden.jsonl.gz, written by the real judge),
//! written back gives the same text, and bad input is located.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::Path;

use mcr_engine::formats::text;
use mcr_engine::formats::ImportError;
use mcr_engine::record::{GameRecord, Records};

use crate::common::data;

fn golden_text() -> String {
    std::fs::read_to_string(data("golden.txt")).expect("tests/data/golden.txt")
}

fn golden_records() -> Vec<GameRecord> {
    Records::<GameRecord>::open(&data("golden.jsonl.gz")).unwrap().map(|r| r.unwrap().record).collect()
}

fn import(text: &str) -> Vec<Result<text::rebuild::Rebuilt, ImportError>> {
    let mut games = text::games(Cursor::new(text.as_bytes()), Path::new("t.txt"));
    std::iter::from_fn(|| games.next_rebuilt()).collect()
}

#[test]
fn golden_text_imports_to_the_golden_records() {
    let originals: HashMap<String, GameRecord> = golden_records().into_iter().map(|r| (r.game_id.clone(), r)).collect();
    let imported = import(&golden_text());
    assert_eq!(imported.len(), 222);
    for r in imported {
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        let rec = &r.record;
        let orig = &originals[&rec.game_id];
        assert_eq!(rec.quan, orig.quan, "{}", rec.game_id);
        assert_eq!(rec.turns.len(), orig.turns.len(), "{}: turns", rec.game_id);
        for (k, (a, b)) in rec.turns.iter().zip(&orig.turns).enumerate() {
            assert_eq!(a.request, b.request, "{} turn {k}: request", rec.game_id);
            let mut da = a.display.clone();
            let mut db = b.display.clone();
            if k == 0 {
                // INIT's srand: the text has none.
                assert_eq!(da["srand"], 0);
                da.as_object_mut().unwrap().remove("srand");
                db.as_object_mut().unwrap().remove("srand");
            }
            assert_eq!(da, db, "{} turn {k}: display", rec.game_id);
        }
        // The wall positions the text shows are the original wall's.
        for s in 0..4 {
            let known = r.wall_known[s] as usize;
            let seg = 34 * s..34 * s + 34;
            assert_eq!(
                rec.wall[seg.end - known..seg.end],
                orig.wall[seg.end - known..seg.end],
                "{} seat {s}",
                rec.game_id
            );
        }
        let (e, o) = (&rec.expected, &orig.expected);
        assert_eq!(
            (&e.ending, e.winner, e.discarder, e.qianggang, &e.fan, e.fan_total, &e.scores),
            (&o.ending, o.winner, o.discarder, o.qianggang, &o.fan, o.fan_total, &o.scores),
            "{}: expected",
            rec.game_id
        );
        assert!(r.notes.is_empty(), "{}: {:?}", rec.game_id, r.notes);
    }
}

#[test]
fn golden_text_round_trips() {
    let golden = golden_text();
    let mut out = Vec::new();
    for r in import(&golden) {
        text::write(&mut out, &r.unwrap().record).unwrap();
    }
    assert!(String::from_utf8(out).unwrap() == golden, "text -> record -> text differs from golden.txt");
}

#[test]
fn golden_records_export_to_golden_text() {
    // The judge's own records (their bots' answers, not ours) written as text.
    let golden = golden_text();
    let mut out = Vec::new();
    for r in golden_records() {
        text::write(&mut out, &r).unwrap();
    }
    let out = String::from_utf8(out).unwrap();
    for (i, (a, b)) in out.lines().zip(golden.lines()).enumerate() {
        assert_eq!(a, b, "line {}", i + 1);
    }
    assert!(out == golden);
}
