//! Small corpora for the tests: the first records of the bundled ones, as
//! they are or with 平和 recorded at 3 instead of 2 (what the rules would
//! answer after the edit `fan 平和 "All Chows" = 3`).

use super::common::corpus::{first_values as first, write_gz, ERRORS, GAMES, GOLDEN, HANDS};
use super::common::{temp_dir, TempDir};
use serde_json::Value;
use std::path::PathBuf;

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
    pub root: TempDir,
    pub hands_changed: usize,
    pub games_changed: usize,
}

impl Scratch {
    pub fn new(name: &str, edit: bool) -> Scratch {
        let root = temp_dir(&format!("rules-base-{name}"));
        let mut s = Scratch { root, hands_changed: 0, games_changed: 0 };
        s.write(edit);
        s
    }

    /// (Re)writes the corpora, with 平和 at 3 when `edit`.
    pub fn write(&mut self, edit: bool) {
        let data = self.root.join("tests/data");
        let mut hands = first(HANDS, 3000);
        let mut games = first(GAMES, 400);
        self.hands_changed = if edit { hands.iter_mut().map(pinghe_3_in_hand).filter(|&b| b).count() } else { 0 };
        self.games_changed = if edit { games.iter_mut().map(pinghe_3_in_game).filter(|&b| b).count() } else { 0 };
        write_gz(&data, HANDS, &hands);
        write_gz(&data, GAMES, &games);
        write_gz(&data, ERRORS, first(ERRORS, 40));
        write_gz(&data, GOLDEN, first(GOLDEN, 20));
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.root.join("tests/data").join(name)
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
