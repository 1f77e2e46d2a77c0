//! Conversions between Python values and the library's types.

use mcr_engine::hand::{HandInput, Pack, PackKind, WinFlags};
use mcr_engine::tiles::Tile;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

use crate::HandError;

/// A JSON value as Python objects (dict, list, str, int, float, bool, None).
pub fn json_to_py(py: Python<'_>, v: &Value) -> PyResult<PyObject> {
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any().unbind()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any().unbind()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any().unbind()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(json_to_py(py, x)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any().unbind()
        }
    })
}

pub fn tile(text: &str) -> PyResult<Tile> {
    Tile::parse(text).map_err(|e| HandError::new_err(e.to_string()))
}

/// At most this many items are read from a sequence of tiles or packs (as
/// many tiles as a wall holds: more fit no call), so an endless iterable
/// raises HandError instead of filling memory.
pub const MAX_ITEMS: usize = 136;

fn too_many(what: &str) -> PyErr {
    HandError::new_err(format!("{what}: more than {MAX_ITEMS} items"))
}

pub fn tiles(items: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Tile>> {
    let mut out = Vec::new();
    for item in items.try_iter()? {
        let item = item?;
        if out.len() == MAX_ITEMS {
            return Err(too_many(what));
        }
        let text: &str = &item
            .extract::<String>()
            .map_err(|_| HandError::new_err(format!("{what}: tiles are names such as \"W1\", got {}", item.repr().map(|r| r.to_string()).unwrap_or_default())))?;
        out.push(tile(text)?);
    }
    Ok(out)
}

/// Packs from `(kind, tile, offer)` triples; kind is CHI/PENG/GANG.
pub fn packs(items: &Bound<'_, PyAny>) -> PyResult<Vec<Pack>> {
    let mut out = Vec::new();
    for item in items.try_iter()? {
        let item = item?;
        if out.len() == MAX_ITEMS {
            return Err(too_many("pack"));
        }
        let bad = || {
            HandError::new_err(format!(
                "pack: expected (\"CHI\"|\"PENG\"|\"GANG\", tile, offer), got {}",
                item.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        };
        let parts: Vec<Bound<'_, PyAny>> = item.extract().map_err(|_| bad())?;
        let [kind, t, offer] = &parts[..] else { return Err(bad()) };
        let (kind, t, offer): (String, String, i64) =
            (kind.extract().map_err(|_| bad())?, t.extract().map_err(|_| bad())?, offer.extract().map_err(|_| bad())?);
        let kind = PackKind::parse(&kind)
            .ok_or_else(|| HandError::new_err(format!("pack: unknown kind {kind:?} (expected CHI, PENG or GANG)")))?;
        let offer = u8::try_from(offer)
            .ok()
            .filter(|&o| o <= 3)
            .ok_or_else(|| HandError::new_err(format!("pack: offer {offer} out of range 0..=3")))?;
        out.push(Pack::new(kind, tile(&t)?, offer));
    }
    Ok(out)
}

/// The calculator input from the Pythonic arguments: `hand` is either the
/// compact notation (`"[chi 456m] 234s ... +9p zimo"`, everything in it) or
/// the standing tiles, with `win_tile` and the keywords.
#[allow(clippy::too_many_arguments)]
pub fn hand_input(
    hand: &Bound<'_, PyAny>,
    pack: Option<&Bound<'_, PyAny>>,
    win_tile: Option<&str>,
    flower_count: u8,
    self_drawn: bool,
    fourth_tile: bool,
    about_kong: bool,
    wall_last: bool,
    seat_wind: u8,
    prevalent_wind: u8,
) -> PyResult<HandInput> {
    if let Ok(text) = hand.extract::<String>() {
        if win_tile.is_some() || pack.is_some() {
            return Err(HandError::new_err(
                "a hand in notation carries its packs and win tile: pass no pack= or win_tile= with it",
            ));
        }
        return mcr_engine::notation::parse_hand(&text).map_err(HandError::new_err);
    }
    let standing = tiles(hand, "hand")?;
    let packs = match pack {
        Some(p) => packs(p)?,
        None => Vec::new(),
    };
    let win = tile(win_tile.ok_or_else(|| HandError::new_err("win_tile is required with a list of tiles"))?)?;
    let flags = WinFlags { self_drawn, fourth_tile, about_kong, wall_last, initial: false };
    HandInput::new(&packs, &standing, win, flags, seat_wind, prevalent_wind, flower_count)
        .map_err(|e| HandError::new_err(e.to_string()))
}
