//! Small corpora for the tests: the first records of the bundled ones, as
//! they are or with 平和 recorded at 3 instead of 2 (what the rules would
//! answer after the edit `fan 平和 "All Chows" = 3`).

use serde_json::Value;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The first `n` lines of a bundled corpus, parsed.
pub fn first(name: &str, n: usize) -> Vec<Value> {
    let file = std::fs::File::open(super::common::data(name)).unwrap();
    std::io::BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .take(n)
        .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
        .collect()
}

/// Writes records as a gzipped JSON lines file.
pub fn write(path: &Path, records: &[Value]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut enc = flate2::write::GzEncoder::new(std::fs::File::create(path).unwrap(), flate2::Compression::fast());
    for r in records {
        writeln!(enc, "{r}").unwrap();
    }
    enc.finish().unwrap();
}

/// 平和 recorded at 3 in a hand record; true when it had the fan.
pub fn pinghe_3_in_hand(h: &mut Value) -> bool {
    let e = &mut h["expected"];
    let Some(f) = e["fan"].as_array_mut().unwrap().iter_mut().find(|f| f[0] == "平和") else { return false };
    assert_eq!(f[1], 2);
    f[1] = 3.into();
    e["result"] = (e["result"].as_i64().unwrap() + 1).into();
    e["fan_total"] = (e["fan_total"].as_i64().unwrap() + 1).into();
    true
}

/// 平和 recorded at 3 on a game's final HU display; true when it had the fan.
pub fn pinghe_3_in_game(g: &mut Value) -> bool {
    let d = &mut g["turns"].as_array_mut().unwrap().last_mut().unwrap()["display"];
    let Some(list) = d.get_mut("fan").and_then(Value::as_array_mut) else { return false };
    let Some(f) = list.iter_mut().find(|f| f["name"] == "平和") else { return false };
    assert_eq!(f["value"], 2);
    f["value"] = 3.into();
    d["fanCnt"] = (d["fanCnt"].as_i64().unwrap() + 1).into();
    true
}

/// A checkout-like folder with the snapshot corpora (the first records of
/// each), edited by `edit` (hands, then games); the records it changed.
pub struct Scratch {
    pub root: PathBuf,
    pub hands_changed: usize,
    pub games_changed: usize,
}

impl Scratch {
    pub fn new(name: &str, edit: bool) -> Scratch {
        let root = std::env::temp_dir().join(format!("mcr-rules-base-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let mut s = Scratch { root, hands_changed: 0, games_changed: 0 };
        s.write(edit);
        s
    }

    /// (Re)writes the corpora, with 平和 at 3 when `edit`.
    pub fn write(&mut self, edit: bool) {
        let data = self.root.join("tests/data");
        let mut hands = first("hands.jsonl.gz", 3000);
        let mut games = first("games.jsonl.gz", 400);
        self.hands_changed = if edit { hands.iter_mut().map(pinghe_3_in_hand).filter(|&b| b).count() } else { 0 };
        self.games_changed = if edit { games.iter_mut().map(pinghe_3_in_game).filter(|&b| b).count() } else { 0 };
        write(&data.join("hands.jsonl.gz"), &hands);
        write(&data.join("games.jsonl.gz"), &games);
        write(&data.join("errors.jsonl.gz"), &first("errors.jsonl.gz", 40));
        write(&data.join("golden.jsonl.gz"), &first("golden.jsonl.gz", 20));
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.root.join("tests/data").join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// The line of a fan's header in rules/fans.mcr.
pub fn fan_line(name: &str) -> usize {
    let rules = std::fs::read_to_string(super::common::repo().join("rules/fans.mcr")).unwrap();
    rules.lines().position(|l| l.starts_with(&format!("fan {name} "))).unwrap() + 1
}

/// Whether the base rules are the reference's, as accepted in
/// rules/snapshots/botzone.txt. The tests here edit the records against
/// the reference's answers; after an accepted change of the base (its
/// effect is checked by `the_base_agrees_with_the_bundled_corpora_as_accepted`)
/// they say so and check nothing more.
pub fn base_is_the_reference(test: &str) -> bool {
    let accepted =
        std::fs::read_to_string(super::common::repo().join(mcr_engine::rules::snapshot::BASE_SNAPSHOT)).unwrap();
    let same = accepted.contains("the rules agree with every record");
    if !same {
        eprintln!("{test}: not run: the base differs from the reference as accepted in rules/snapshots/botzone.txt");
    }
    same
}
