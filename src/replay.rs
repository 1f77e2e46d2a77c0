//! Replays a game record through the engine with the record's own answers and
//! compares every turn, as `shared/seeds/validate_engine.py` does: request
//! strings exactly, displays as JSON objects whose null-valued keys are
//! ignored.

use std::fmt;

use serde_json::{Map, Value};

use crate::engine::{Engine, EngineError, Turn};
use crate::record::GameRecord;

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

pub const LOOSE_KEYS: [&str; 8] = ["action", "player", "tile", "tileCHI", "hand", "fan", "fanCnt", "score"];

/// Where the engine first disagreed with the record.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// Index into `turns`.
    pub turn: usize,
    pub what: DivergenceKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DivergenceKind {
    Display { engine: Value, record: Value },
    Requests { engine: Option<Value>, record: Value },
    Engine(EngineError),
    /// A record with no turns.
    Empty,
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
        }
    }
}

/// Replays `record`; returns the number of turns reproduced.
pub fn replay(engine: &mut Engine, record: &GameRecord, compare: Compare) -> Result<usize, Divergence> {
    let fail = |turn: usize, what: DivergenceKind| Divergence { turn, what };
    if record.turns.is_empty() {
        return Err(fail(0, DivergenceKind::Empty));
    }
    let mut out = engine
        .reset(&record.wall, record.quan, record.srand)
        .map_err(|e| fail(0, DivergenceKind::Engine(e)))?;
    let last = record.turns.len() - 1;
    for (k, turn) in record.turns.iter().enumerate() {
        check_turn(&out, turn, compare).map_err(|what| fail(k, what))?;
        if k < last {
            let empty = Default::default();
            let responses = turn.responses.as_ref().unwrap_or(&empty);
            out = engine.step_map(responses).map_err(|e| fail(k + 1, DivergenceKind::Engine(e)))?;
        }
    }
    Ok(record.turns.len())
}

fn check_turn(out: &Turn, turn: &crate::record::TurnRecord, compare: Compare) -> Result<(), DivergenceKind> {
    let shown = out.display_json();
    if !displays_equal(&shown, &turn.display, compare) {
        return Err(DivergenceKind::Display { engine: shown, record: turn.display.clone() });
    }
    if let Some(request) = turn.request.as_ref().filter(|r| !r.is_empty()) {
        let engine = out.requests();
        let same = engine
            .as_ref()
            .is_some_and(|e| request.len() == 4 && (0..4).all(|s| request.get(&s.to_string()) == Some(&e[s])));
        if !same {
            return Err(DivergenceKind::Requests {
                engine: out.requests_json(),
                record: serde_json::to_value(request).unwrap_or(Value::Null),
            });
        }
    }
    Ok(())
}

/// Display comparison of the reference validator (plus the calculator mask).
pub fn displays_equal(engine: &Value, record: &Value, compare: Compare) -> bool {
    match compare {
        Compare::Loose => LOOSE_KEYS.iter().all(|k| non_null(engine, k) == non_null(record, k)),
        Compare::Exact => same_keys_and_values(engine, record, &[]),
        Compare::MaskFans => {
            let fan_ending = |v: &Value| matches!(v.get("action").and_then(Value::as_str), Some("HU" | "WH"));
            if fan_ending(engine) && fan_ending(record) {
                same_keys_and_values(engine, record, &["canHu", "action", "fan", "fanCnt", "score"])
            } else {
                same_keys_and_values(engine, record, &["canHu"])
            }
        }
    }
}

fn non_null<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.get(key).filter(|x| !x.is_null())
}

/// Object equality ignoring null-valued keys and the `skip` keys.
fn same_keys_and_values(a: &Value, b: &Value, skip: &[&str]) -> bool {
    let (Value::Object(a), Value::Object(b)) = (a, b) else { return a == b };
    let kept = |m: &'_ Map<String, Value>| {
        m.iter().filter(|(k, v)| !v.is_null() && !skip.contains(&k.as_str())).count()
    };
    kept(a) == kept(b)
        && a.iter()
            .filter(|(k, v)| !v.is_null() && !skip.contains(&k.as_str()))
            .all(|(k, v)| b.get(k) == Some(v))
}
