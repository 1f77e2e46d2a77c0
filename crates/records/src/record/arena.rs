//! The optional `"arena"` key of a game record: what the arena adds to the
//! records it writes (the bots by seat, the game's place in its run, the
//! tournament it belongs to). [`ArenaKeys`] is its one schema: the arena
//! writes it, the standings read it, and resuming a run compares it with
//! the run's own.
//!
//! The record reader ([`crate::record::GameRecord`]) keeps the object as
//! JSON, unread: a record is replayed, validated or viewed whatever its
//! `"arena"` holds.

use serde::Serialize;

/// The `"arena"` object of a record. Every key is optional on reading
/// (the standings read records of other runners too) and left out on
/// writing when `None`. The fields are in the order the keys are written
/// (by name, as the records have always had them), so that a record
/// rewritten is the same bytes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArenaKeys {
    /// The bots' names by seat (the entries as seated in this game).
    pub bots: Option<Vec<String>>,
    /// FNV-1a (64 bits, hexadecimal) of the entries' names, programs and
    /// limits (`arena::bots_hash`): two bots files playing the same
    /// programs under the same limits have the same hash.
    pub bots_hash: Option<String>,
    /// The entries' names in bots-file order (a pair format: the candidate
    /// first, the baseline last).
    pub entries: Option<Vec<String>>,
    /// The run's format: `duplicate`, `1v3`, `2v2` or `plain`.
    pub format: Option<String>,
    /// The game's index in its run.
    pub game: Option<u64>,
    /// A walled format: the seating of the entries in this game of its
    /// wall (`0..` the format's games per wall).
    pub perm: Option<u8>,
    /// The name of the rule profile the run was played under.
    pub rules: Option<String>,
    /// The seed of the run's walls and prevalent winds.
    pub seed: Option<u64>,
    /// A sequential test's `[d0, d1, alpha, beta]`.
    pub sprt: Option<Vec<f64>>,
    /// Each seat's time limit per turn, in milliseconds (0 for a seat
    /// played in process).
    pub time_limit_ms: Option<Vec<u64>>,
    /// A walled format: the index of the game's wall (its tiles are those of
    /// every game of the wall).
    pub wall: Option<u64>,
}

mcr_core::ser_struct! { ArenaKeys;
    "bots" => bots if Option::is_none,
    "bots_hash" => bots_hash if Option::is_none,
    "entries" => entries if Option::is_none,
    "format" => format if Option::is_none,
    "game" => game if Option::is_none,
    "perm" => perm if Option::is_none,
    "rules" => rules if Option::is_none,
    "seed" => seed if Option::is_none,
    "sprt" => sprt if Option::is_none,
    "time_limit_ms" => time_limit_ms if Option::is_none,
    "wall" => wall if Option::is_none,
}

mcr_core::de_struct! { ArenaKeys, ignore;
    bots: Option<Vec<String>> = "bots" @default,
    bots_hash: Option<String> = "bots_hash" @default,
    entries: Option<Vec<String>> = "entries" @default,
    format: Option<String> = "format" @default,
    game: Option<u64> = "game" @default,
    perm: Option<u8> = "perm" @default,
    rules: Option<String> = "rules" @default,
    seed: Option<u64> = "seed" @default,
    sprt: Option<Vec<f64>> = "sprt" @default,
    time_limit_ms: Option<Vec<u64>> = "time_limit_ms" @default,
    wall: Option<u64> = "wall" @default,
}

/// A key two [`ArenaKeys`] both hold with different values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyDiffers {
    /// The key's name (`seed`, `bots_hash`, ...).
    pub key: &'static str,
    /// The first's value, as JSON.
    pub this: String,
    /// The other's value, as JSON.
    pub other: String,
}

impl ArenaKeys {
    /// The keys as the record's JSON value.
    pub fn to_value(&self) -> serde_json::Value {
        // Strings, numbers and lists of them: serialising cannot fail.
        serde_json::to_value(self).unwrap_or_default()
    }

    /// The first key, in written order, that `self` and `other` both hold
    /// with different values (a key one of them lacks is not compared).
    pub fn first_difference(&self, other: &ArenaKeys) -> Option<KeyDiffers> {
        fn differs<T: PartialEq + Serialize>(key: &'static str, a: &Option<T>, b: &Option<T>) -> Option<KeyDiffers> {
            let json = |v: &T| serde_json::to_string(v).unwrap_or_default();
            match (a, b) {
                (Some(a), Some(b)) if a != b => Some(KeyDiffers { key, this: json(a), other: json(b) }),
                _ => None,
            }
        }
        let o = other;
        differs("bots", &self.bots, &o.bots)
            .or_else(|| differs("bots_hash", &self.bots_hash, &o.bots_hash))
            .or_else(|| differs("entries", &self.entries, &o.entries))
            .or_else(|| differs("format", &self.format, &o.format))
            .or_else(|| differs("game", &self.game, &o.game))
            .or_else(|| differs("perm", &self.perm, &o.perm))
            .or_else(|| differs("rules", &self.rules, &o.rules))
            .or_else(|| differs("seed", &self.seed, &o.seed))
            .or_else(|| differs("sprt", &self.sprt, &o.sprt))
            .or_else(|| differs("time_limit_ms", &self.time_limit_ms, &o.time_limit_ms))
            .or_else(|| differs("wall", &self.wall, &o.wall))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Map, Value};

    /// Every key set: the keys by name, as a JSON map writes them.
    #[test]
    fn written_in_the_order_of_a_json_map() {
        let keys = ArenaKeys {
            bots: Some(vec!["a".into(), "b\"".into(), "c".into(), "d".into()]),
            bots_hash: Some("a785bdb07886ea97".into()),
            entries: Some(vec!["a".into(), "b\"".into()]),
            format: Some("2v2".into()),
            game: Some(30),
            perm: Some(6),
            rules: Some("botzone".into()),
            seed: Some(5),
            sprt: Some(vec![0.0, 2.5, 0.05, 0.1]),
            time_limit_ms: Some(vec![1000, 0, 500, 1000]),
            wall: Some(1),
        };
        let map: Map<String, Value> = serde_json::from_value(json!({
            "wall": 1, "perm": 6, "time_limit_ms": [1000, 0, 500, 1000], "sprt": [0.0, 2.5, 0.05, 0.1],
            "seed": 5, "rules": "botzone", "game": 30, "format": "2v2", "entries": ["a", "b\""],
            "bots_hash": "a785bdb07886ea97", "bots": ["a", "b\"", "c", "d"],
        }))
        .unwrap();
        let text = Value::Object(map).to_string();
        assert_eq!(serde_json::to_string(&keys).unwrap(), text);
        assert_eq!(keys.to_value().to_string(), text);
        assert_eq!(serde_json::from_str::<ArenaKeys>(&text).unwrap(), keys);
        // Absent keys are left out; unknown ones are not read.
        let few = ArenaKeys { seed: Some(2), ..ArenaKeys::default() };
        assert_eq!(serde_json::to_string(&few).unwrap(), r#"{"seed":2}"#);
        assert_eq!(serde_json::from_str::<ArenaKeys>(r#"{"seed":2,"other":[1]}"#).unwrap(), few);
    }

    #[test]
    fn the_first_difference_in_written_order() {
        let a = ArenaKeys { seed: Some(5), rules: Some("botzone".into()), ..ArenaKeys::default() };
        let b = ArenaKeys { seed: Some(6), rules: Some("house".into()), game: Some(1), ..ArenaKeys::default() };
        let d = a.first_difference(&b).unwrap();
        assert_eq!((d.key, d.this.as_str(), d.other.as_str()), ("rules", "\"botzone\"", "\"house\""));
        assert_eq!(a.first_difference(&ArenaKeys::default()), None);
    }
}
