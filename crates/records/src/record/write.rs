//! Writing game records: the one writer of the corpus schema
//! (that of `tests/data/games.jsonl.gz`). [`GameRecord`] serialises as it parses
//! (`serde_json::to_string(&record)`), keys in the corpus files' order:
//! `game_id, srand, quan, players, wall, [wall_known], turns, expected, tags`,
//! then the optional `injected, known_discrepancy, rules, arena, source`.
//! Self-play (`env::game`), the arena and the importers build their records
//! here from what the engine emitted: [`TurnRecord::from_turn`] and
//! [`Expected::from_events`].

use std::collections::BTreeMap;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::{Expected, GameRecord, TurnRecord, SEAT_KEYS};
use mcr_core::engine::{Event, Turn};

impl GameRecord {
    /// A record of a game on `wall` with no turns yet; every other field
    /// empty (set them after).
    pub fn new(game_id: String, srand: i64, quan: i64, wall: Vec<String>) -> GameRecord {
        GameRecord {
            game_id,
            srand,
            quan,
            players: Vec::new(),
            wall,
            wall_known: None,
            turns: Vec::new(),
            expected: Expected::default(),
            tags: Vec::new(),
            injected: None,
            known_discrepancy: None,
            rules: None,
            arena: None,
            source: None,
        }
    }

    /// The record as one JSON line (without the newline).
    pub fn to_json(&self) -> String {
        // Every field is a string, a number, a map by string key or a JSON
        // value: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A by-seat map with the seats that have a value (`None` when none has).
pub fn seat_map<T, U>(items: &[Option<T>; 4], f: impl Fn(&T) -> U) -> Option<BTreeMap<String, U>> {
    let m: BTreeMap<String, U> =
        items.iter().enumerate().filter_map(|(s, v)| v.as_ref().map(|v| (SEAT_KEYS[s].to_string(), f(v)))).collect();
    (!m.is_empty()).then_some(m)
}

impl TurnRecord {
    /// The turn `turn` of the engine as the record keeps it: its requests
    /// and display as emitted, the four `answers` to it (`None` for the
    /// last turn, which has none) and the platform's `verdicts` on them.
    pub fn from_turn(turn: &Turn, answers: Option<[&str; 4]>, verdicts: [Option<&str>; 4]) -> TurnRecord {
        TurnRecord {
            request: turn
                .requests()
                .map(|r| r.into_iter().enumerate().map(|(s, t)| (SEAT_KEYS[s].to_string(), t)).collect()),
            display: turn.display_json(),
            responses: answers
                .map(|a| a.iter().enumerate().map(|(s, t)| (SEAT_KEYS[s].to_string(), t.to_string())).collect()),
            verdicts: seat_map(&verdicts, |v| v.to_string()),
            times_ms: None,
            debug: None,
        }
    }
}

impl Expected {
    /// The `expected` block of a game whose last event is `last` (`before`
    /// the one before it): ending, winner, discarder, robbing, fans and
    /// scores; offender, verdict and scores for a game ended by a verdict.
    /// A `last` that does not end a game gives the empty block.
    pub fn from_events(last: &Event, before: Option<&Event>) -> Expected {
        let mut e = Expected::default();
        match last {
            Event::Huang => {
                e.ending = "draw".into();
                e.qianggang = Some(false);
                e.fan_total = Some(0);
                e.scores = vec![0; 4];
            }
            Event::Hu { player, fans, score } => {
                let (ending, discarder, qianggang) = match before {
                    Some(Event::Draw { .. }) => ("zimo", None, false),
                    Some(Event::BuGang { player, .. }) => ("ron", Some(*player), true),
                    Some(e) => ("ron", e.player(), false),
                    None => ("ron", None, false),
                };
                e.ending = ending.into();
                e.winner = Some(*player);
                e.discarder = discarder;
                e.qianggang = Some(qianggang);
                e.fan = fans.fan_list();
                e.fan_total = Some(fans.result);
                e.scores = score.to_vec();
            }
            Event::WrongAnswer { player, .. } | Event::WrongHu { player, .. } => {
                e.ending = "error".into();
                e.offender = Some(*player);
                e.verdict = Some(last.action().to_string());
                e.scores = last.scores().map(|s| s.to_vec()).unwrap_or_default();
            }
            _ => {}
        }
        e
    }
}

impl Serialize for Expected {
    /// By its ending, as the corpus files have it: a verdict game
    /// `{ending, offender, verdict, scores}`; a win or a draw `{ending,
    /// winner, discarder, qianggang, fan, fan_total, scores}` (null where a
    /// draw has none); the empty block `{}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        if self.ending.is_empty() {
            return m.end();
        }
        m.serialize_entry("ending", &self.ending)?;
        if self.ending == "error" {
            m.serialize_entry("offender", &self.offender)?;
            m.serialize_entry("verdict", &self.verdict)?;
        } else {
            m.serialize_entry("winner", &self.winner)?;
            m.serialize_entry("discarder", &self.discarder)?;
            m.serialize_entry("qianggang", &self.qianggang.unwrap_or(false))?;
            m.serialize_entry("fan", &self.fan)?;
            m.serialize_entry("fan_total", &self.fan_total)?;
        }
        m.serialize_entry("scores", &self.scores)?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use std::io::BufRead;

    /// The public record files re-serialised: byte for byte the lines of
    /// the corpus files (written compactly in this key order), the same
    /// JSON for the match-log records (written with spaces).
    #[test]
    fn records_serialise_as_they_parse() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/");
        for (file, bytes) in
            [("golden.jsonl.gz", true), ("errors.jsonl.gz", true), ("botzone_logs_records.jsonl.gz", false)]
        {
            let path = std::path::PathBuf::from(format!("{dir}{file}"));
            let mut n = 0;
            for line in crate::record::open_lines(&path).unwrap().lines().step_by(7) {
                let line = line.unwrap();
                let rec: GameRecord = serde_json::from_str(&line).unwrap();
                let out = rec.to_json();
                // JSON values (`injected`, `known_discrepancy`) are kept
                // with their keys sorted.
                if bytes && rec.injected.is_none() && rec.known_discrepancy.is_none() {
                    let at =
                        out.bytes().zip(line.bytes()).position(|(a, b)| a != b).unwrap_or(out.len().min(line.len()));
                    assert!(
                        out == line,
                        "{file}: {}: differs at byte {at}: {:?}",
                        rec.game_id,
                        &out[at.saturating_sub(40)..(at + 40).min(out.len())]
                    );
                }
                let same =
                    serde_json::from_str::<Value>(&out).unwrap() == serde_json::from_str::<Value>(&line).unwrap();
                assert!(same, "{file}: {}: not the same JSON", rec.game_id);
                n += 1;
            }
            assert!(n > 10, "{file}: {n} records");
        }
    }
}
