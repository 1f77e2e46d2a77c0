//! Compares what the engine emits, replaying a game record with its own
//! answers ([`super::Replayer`]), with what the record holds, turn by turn, as `tests/data/validate_engine.py` does: request
//! strings exactly, displays as JSON objects whose null-valued keys are
//! ignored.
//!
//! Two forms of the record: a parsed [`GameRecord`] ([`replay`], which words
//! a divergence with the JSON of both sides), and a borrowed [`GameView`]
//! that holds the whole record ([`reproduces`], the validator's fast path:
//! typed comparison, nothing rendered, only a yes or no).

use std::fmt;

use serde_json::Value;

use super::{Replayer, Stop};
use crate::record::view::{same_text, DisplayView, GameView, Ints4, PerSeat, Text};
use crate::record::GameRecord;
use mcr_core::engine::protocol::Display;
use mcr_core::engine::{Engine, EngineError, Turn};
use mcr_core::tiles::Tile;

/// How displays are compared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Compare {
    /// Every key (null-valued keys ignored).
    Exact,
    /// Only action, player, tile, tileCHI, hand, fan, fanCnt, score.
    Loose,
    /// Every key except what depends on the fan calculator: `canHu`, and on a
    /// final HU or WH display its action, `fan`, `fanCnt` and `score` (a HU
    /// answer is granted or refused by the fan count). For checking the
    /// state machine independently of the calculator.
    MaskFans,
}

/// The keys of a judge display.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    /// `action`.
    Action,
    /// `canHu`.
    CanHu,
    /// `player`.
    Player,
    /// `quan`.
    Quan,
    /// `srand`.
    Srand,
    /// `strlen`.
    Strlen,
    /// `hand`.
    Hand,
    /// `tile`.
    Tile,
    /// `tileCHI`.
    TileChi,
    /// `fanCnt`.
    FanCnt,
    /// `fan`.
    Fan,
    /// `score`.
    Score,
    /// `tileCnt`.
    TileCnt,
}

impl Key {
    /// Every key.
    pub const ALL: [Key; 13] = [
        Key::Action,
        Key::CanHu,
        Key::Player,
        Key::Quan,
        Key::Srand,
        Key::Strlen,
        Key::Hand,
        Key::Tile,
        Key::TileChi,
        Key::FanCnt,
        Key::Fan,
        Key::Score,
        Key::TileCnt,
    ];
    /// What `--loose` compares.
    pub const LOOSE: [Key; 8] =
        [Key::Action, Key::Player, Key::Tile, Key::TileChi, Key::Hand, Key::Fan, Key::FanCnt, Key::Score];

    /// The key as the display writes it.
    pub fn name(self) -> &'static str {
        match self {
            Key::Action => "action",
            Key::CanHu => "canHu",
            Key::Player => "player",
            Key::Quan => "quan",
            Key::Srand => "srand",
            Key::Strlen => "strlen",
            Key::Hand => "hand",
            Key::Tile => "tile",
            Key::TileChi => "tileCHI",
            Key::FanCnt => "fanCnt",
            Key::Fan => "fan",
            Key::Score => "score",
            Key::TileCnt => "tileCnt",
        }
    }
}

/// Where the engine first disagreed with the record.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// Index into `turns`.
    pub turn: usize,
    /// What differs.
    pub what: DivergenceKind,
}

#[derive(Clone, Debug, PartialEq)]
/// How the engine disagreed with the record.
pub enum DivergenceKind {
    /// The displays differ.
    Display {
        /// The engine's display.
        engine: Value,
        /// The record's display.
        record: Value,
    },
    /// The requests differ.
    Requests {
        /// The engine's requests (`None`: it sent none).
        engine: Option<Value>,
        /// The record's requests.
        record: Value,
    },
    /// The engine refused the record's input.
    Engine(EngineError),
    /// A record with no turns.
    Empty,
    /// Every turn reproduced, but the record stops before the game's end
    /// (no HU, HUANG or verdict): it is cut short, not reproduced.
    Incomplete,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.turn;
        match &self.what {
            DivergenceKind::Display { engine, record } => {
                write!(f, "turn {k} display diverged:\n  engine: {engine}\n  record: {record}")
            }
            DivergenceKind::Requests { engine, record } => {
                let engine = engine.as_ref().map_or("(none: game over)".to_string(), Value::to_string);
                write!(f, "turn {k} request strings diverged:\n  engine: {engine}\n  record: {record}")
            }
            DivergenceKind::Engine(e) => write!(f, "turn {k}: engine error: {e}"),
            DivergenceKind::Empty => write!(f, "record has no turns"),
            DivergenceKind::Incomplete => {
                write!(f, "incomplete record: it ends at turn {k} before the game's end (no HU, HUANG or verdict)")
            }
        }
    }
}

/// Replays `record`; returns the number of turns reproduced.
pub fn replay(engine: &mut Engine, record: &GameRecord, compare: Compare) -> Result<usize, Divergence> {
    let turns = &record.turns;
    let mut r = Replayer::new(*engine, record);
    let mut result = Ok(turns.len());
    while let Some(step) = r.next() {
        let failed = match step {
            Ok(step) => {
                check_turn(step.turn, &turns[step.index], compare).map_err(|what| Divergence { turn: step.index, what })
            }
            Err(stop) => Err(divergence(stop, record)),
        };
        if let Err(d) = failed {
            result = Err(d);
            break;
        }
    }
    *engine = r.into_engine();
    result
}

/// A [`Stop`] in the validator's words: a record that goes on after the
/// game's end is reported as the step the engine was asked for (the first
/// missing answer to the last turn, else a step after the end).
fn divergence(stop: Stop, record: &GameRecord) -> Divergence {
    let (turn, what) = match stop {
        Stop::Empty => (0, DivergenceKind::Empty),
        Stop::Engine { turn, error } => (turn, DivergenceKind::Engine(error)),
        Stop::MissingAnswer { turn, seat } => (turn + 1, DivergenceKind::Engine(EngineError::MissingResponse(seat))),
        Stop::Incomplete { turn } => (turn, DivergenceKind::Incomplete),
        Stop::GoesOn { turn } => {
            let missing = record.turns[turn].responses_by_seat().iter().position(Option::is_none);
            let error = missing.map_or(EngineError::GameOver, |seat| EngineError::MissingResponse(seat as u8));
            (turn + 1, DivergenceKind::Engine(error))
        }
    };
    Divergence { turn, what }
}

/// Whether the engine reproduces `game`, which must hold the whole record
/// ([`GameView::parse_whole`]): the same verdict as [`replay`] on the
/// record, at a fraction of the cost. Word a `false` with [`replay`].
pub fn reproduces(engine: &mut Engine, game: &GameView, compare: Compare) -> bool {
    let turns = &game.turns;
    let mut request = String::with_capacity(64);
    let mut r = Replayer::new(*engine, game);
    let mut same = true;
    while let Some(step) = r.next() {
        same = step.is_ok_and(|step| {
            let turn = &turns[step.index];
            let out = step.turn;
            view_matches(&out.display(), &turn.display, compare)
                && turn.request.as_ref().is_none_or(|r| r.is_empty() || requests_match(out, r, &mut request))
        });
        if !same {
            break;
        }
    }
    *engine = r.into_engine();
    same
}

fn check_turn(out: &Turn, turn: &crate::record::TurnRecord, compare: Compare) -> Result<(), DivergenceKind> {
    let shown = out.display_json();
    if !displays_equal(&shown, &turn.display, compare) {
        return Err(DivergenceKind::Display { engine: shown, record: turn.display.clone() });
    }
    if let Some(request) = turn.request.as_ref().filter(|r| !r.is_empty()) {
        let engine = out.requests();
        let same = engine.as_ref().is_some_and(|e| {
            request.len() == 4 && (0..4).all(|s| request.get(crate::record::SEAT_KEYS[s]) == Some(&e[s]))
        });
        if !same {
            return Err(DivergenceKind::Requests {
                engine: out.requests_json(),
                record: serde_json::to_value(request).unwrap_or(Value::Null),
            });
        }
    }
    Ok(())
}

/// A non-empty request map of a record view against the engine's four
/// request strings (written into `buf`).
fn requests_match(out: &Turn, recorded: &PerSeat, buf: &mut String) -> bool {
    (0..4).all(|seat| {
        buf.clear();
        out.write_request(seat, buf) && recorded.get(seat).is_some_and(|r| same_text(r, buf))
    })
}

/// What [`Compare::MaskFans`] leaves out, by whether both displays are HU
/// or WH.
fn fans_masked(fan_ending: bool) -> &'static [Key] {
    if fan_ending {
        &[Key::CanHu, Key::Action, Key::Fan, Key::FanCnt, Key::Score]
    } else {
        &[Key::CanHu]
    }
}

fn is_fan_ending(action: &str) -> bool {
    matches!(action, "HU" | "WH")
}

/// Display comparison of the reference validator (plus the calculator mask).
pub fn displays_equal(engine: &Value, record: &Value, compare: Compare) -> bool {
    match compare {
        Compare::Loose => Key::LOOSE.iter().all(|k| match (non_null(engine, k.name()), non_null(record, k.name())) {
            (Some(a), Some(b)) => py_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }),
        Compare::Exact => same_keys_and_values(engine, record, &[]),
        Compare::MaskFans => {
            let fan_ending = |v: &Value| v.get("action").and_then(Value::as_str).is_some_and(is_fan_ending);
            same_keys_and_values(engine, record, fans_masked(fan_ending(engine) && fan_ending(record)))
        }
    }
}

fn non_null<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.get(key).filter(|x| !x.is_null())
}

/// Object equality ignoring null-valued keys and the `skip` keys.
fn same_keys_and_values(a: &Value, b: &Value, skip: &[Key]) -> bool {
    let (Value::Object(a), Value::Object(b)) = (a, b) else { return py_eq(a, b) };
    let kept = |(k, v): &(&String, &Value)| !v.is_null() && !skip.iter().any(|s| s.name() == k.as_str());
    a.iter().filter(kept).count() == b.iter().filter(kept).count()
        && a.iter().filter(kept).all(|(k, v)| b.get(k).is_some_and(|w| py_eq(v, w)))
}

/// JSON equality as the Python validator's `==` sees it: numbers by value
/// (`0.0 == 0`, exactly: `2**53 + 1 != 2.0**53`), `true == 1` and
/// `false == 0` (Python's bool is an int), the rest structurally.
pub fn py_eq(a: &Value, b: &Value) -> bool {
    /// A number or bool as an exact integer, or else as a float.
    enum Num {
        Int(i128),
        Float(f64),
    }
    fn num(v: &Value) -> Option<Num> {
        match v {
            Value::Bool(b) => Some(Num::Int(*b as i128)),
            Value::Number(n) => Some(match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => Num::Int(i as i128),
                (_, Some(u)) => Num::Int(u as i128),
                _ => Num::Float(n.as_f64()?),
            }),
            _ => None,
        }
    }
    fn int_eq_float(i: i128, f: f64) -> bool {
        // Exact: f must be integral and convert back to the same integer.
        f.fract() == 0.0 && f.abs() < 1.8e19 && f as i128 == i
    }
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| py_eq(p, q)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| py_eq(v, w)))
        }
        _ => match (num(a), num(b)) {
            (Some(Num::Int(i)), Some(Num::Int(j))) => i == j,
            (Some(Num::Float(f)), Some(Num::Float(g))) => f == g,
            (Some(Num::Int(i)), Some(Num::Float(f))) | (Some(Num::Float(f)), Some(Num::Int(i))) => int_eq_float(i, f),
            _ => a == b,
        },
    }
}

/// [`displays_equal`] on typed displays: the view holds every key of the
/// record's display (absent and null alike are `None`), the engine's
/// [`Display`] every key of its own.
fn view_matches(shown: &Display, rec: &DisplayView, compare: Compare) -> bool {
    let same = |k: &Key| same_value(shown, rec, *k);
    match compare {
        Compare::Loose => Key::LOOSE.iter().all(same),
        Compare::Exact => Key::ALL.iter().all(same),
        Compare::MaskFans => {
            let skip = fans_masked(is_fan_ending(shown.action) && is_fan_ending(rec.action.as_str()));
            Key::ALL.iter().filter(|k| !skip.contains(k)).all(same)
        }
    }
}

/// One key of both displays: both absent, or both present and equal as JSON.
fn same_value(shown: &Display, rec: &DisplayView, key: Key) -> bool {
    fn int<T: Into<i64>>(rec: Option<i64>, shown: Option<T>) -> bool {
        rec == shown.map(Into::into)
    }
    fn ints<T: Into<i64> + Copy>(rec: Option<Ints4>, shown: Option<[T; 4]>) -> bool {
        match (rec, shown) {
            (None, None) => true,
            (Some(r), Some(s)) => r.four() == Some(s.map(Into::into)),
            _ => false,
        }
    }
    fn tile(rec: &Option<Text>, shown: Option<Tile>) -> bool {
        match (rec, shown) {
            (None, None) => true,
            (Some(r), Some(t)) => same_text(r.as_str(), t.name()),
            _ => false,
        }
    }
    match key {
        Key::Action => same_text(rec.action.as_str(), shown.action),
        Key::CanHu => ints(rec.can_hu, Some(shown.can_hu)),
        Key::Player => int(rec.player, shown.player),
        Key::Quan => int(rec.quan, shown.quan),
        Key::Srand => int(rec.srand, shown.srand),
        Key::Strlen => rec.strlen == shown.strlen.map(|n| n as i64),
        Key::Hand => match (&rec.hand, shown.hand) {
            (None, None) => true,
            (Some(r), Some(h)) => {
                r.len() == h.len()
                    && r.iter().zip(h).all(|(r, h)| {
                        r.len() == h.len() && r.iter().zip(h).all(|(a, b)| same_text(a.as_str(), b.name()))
                    })
            }
            _ => false,
        },
        Key::Tile => tile(&rec.tile, shown.tile),
        Key::TileChi => tile(&rec.tile_chi, shown.tile_chi),
        Key::FanCnt => int(rec.fan_cnt, shown.fans.map(|f| f.result)),
        Key::Fan => {
            // The engine writes `fan` only when some fan counted.
            let list = shown.fans.map(|f| f.fans()).into_iter().flatten();
            match &rec.fan {
                None => list.count() == 0,
                Some(r) => {
                    let mut list = list.peekable();
                    list.peek().is_some()
                        && r.iter().all(|f| {
                            list.next().is_some_and(|(info, cnt)| {
                                f.name.as_str() == info.name
                                    && f.cnt == i64::from(cnt)
                                    && f.value == i64::from(info.value)
                            })
                        })
                        && list.next().is_none()
                }
            }
        }
        Key::Score => ints(rec.score, shown.score),
        Key::TileCnt => ints(rec.tile_cnt, shown.tile_cnt),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::io::BufRead;

    /// Edits of one record, each paired with the turn it touches.
    fn edits(rec: &Value) -> Vec<Value> {
        let turns = rec["turns"].as_array().unwrap().len();
        let last = turns - 1;
        let mid = turns / 2;
        let mut out = Vec::new();
        let mut edit = |k: usize, f: &dyn Fn(&mut Value)| {
            let mut r = rec.clone();
            f(&mut r["turns"][k]);
            out.push(r);
        };
        edit(0, &|t| t["display"]["srand"] = json!(t["display"]["srand"].as_i64().unwrap() + 1));
        edit(0, &|t| t["display"]["strlen"] = Value::Null);
        edit(1, &|t| t["display"]["hand"][2][5] = json!("J1"));
        edit(1, &|t| t["display"]["player"] = Value::Null);
        edit(1, &|t| t["display"]["fan"] = json!([]));
        edit(mid, &|t| t["display"]["tile"] = json!("B9"));
        edit(mid, &|t| t["display"]["canHu"][0] = json!(7));
        edit(mid, &|t| t["display"]["tileCnt"] = json!([1, 2, 3]));
        edit(mid, &|t| t["display"]["score"] = Value::Null);
        edit(mid, &|t| t["display"]["player"] = json!(9));
        edit(mid, &|t| {
            t["display"].as_object_mut().unwrap().remove("tileCnt");
        });
        edit(mid, &|t| t["request"]["2"] = json!("3 0 DRAW"));
        edit(mid, &|t| t["request"] = json!({}));
        edit(mid, &|t| {
            t["responses"].as_object_mut().unwrap().remove("3");
        });
        edit(last, &|t| t["display"]["action"] = json!("HUANG"));
        edit(last, &|t| {
            if let Some(s) = t["display"]["score"].as_array_mut() {
                s[1] = json!(11);
            }
        });
        edit(last, &|t| t["display"]["fanCnt"] = json!(t["display"]["fanCnt"].as_i64().unwrap_or(0) + 1));
        edit(last, &|t| {
            if let Some(f) = t["display"]["fan"].as_array_mut() {
                f[0]["cnt"] = json!(f[0]["cnt"].as_i64().unwrap() + 1);
            }
        });
        edit(last, &|t| t["display"]["fan"] = Value::Null);
        edit(last, &|t| t["request"] = json!({"0": "x", "1": "x", "2": "x", "3": "x"}));
        out
    }

    /// The fast path reaches the verdict of the JSON comparison, record by
    /// record, on the public corpora and edits of them, in every mode.
    #[test]
    fn typed_comparison_agrees_with_json_comparison() {
        let mut engine = Engine::new();
        let (mut fast, mut checked) = (0, 0);
        for name in ["errors.jsonl.gz", "golden.jsonl.gz"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data").join(name);
            for line in crate::record::open_lines(&path).unwrap().lines().take(60) {
                let rec: Value = serde_json::from_str(&line.unwrap()).unwrap();
                for text in std::iter::once(rec.clone()).chain(edits(&rec)).map(|r| r.to_string()) {
                    let record: GameRecord = serde_json::from_str(&text).unwrap();
                    let view = GameView::parse_whole(&text);
                    for compare in [Compare::Exact, Compare::Loose, Compare::MaskFans] {
                        let slow = replay(&mut engine, &record, compare).is_ok();
                        if let Some(view) = &view {
                            assert_eq!(reproduces(&mut engine, view, compare), slow, "{name} {compare:?}: {text}");
                            fast += 1;
                        }
                        checked += 1;
                    }
                }
            }
        }
        // Only the edits that make a display not whole leave the fast path.
        assert!(fast * 10 > checked * 9, "{fast} of {checked}");
    }
}
