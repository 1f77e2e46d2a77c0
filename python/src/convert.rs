//! Conversions between Python values and the library's types: JSON,
//! tiles, packs and hands in; turns, fan tuples, seats and file names.

use mcr_engine::hand::{HandInput, Pack, PackKind, WinFlags};
use mcr_engine::tiles::Tile;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

use crate::{mahjonggb, EngineError, HandError};
use mcr_engine::engine::Turn;
use mcr_engine::fans::FanResult;
use pyo3::types::PyTuple;
use std::path::PathBuf;

/// A turn as the validator's dict: `{"requests": {seat: text}, "display": {...}}`.
pub fn turn_dict<'py>(py: Python<'py>, turn: &Turn) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let requests = PyDict::new(py);
    if let Some(r) = turn.requests() {
        for (seat, text) in r.iter().enumerate() {
            requests.set_item(mcr_engine::record::SEAT_KEYS[seat], text)?;
        }
    }
    d.set_item("requests", requests)?;
    d.set_item("display", json_to_py(py, &turn.display_json())?)?;
    Ok(d)
}

/// A seat number from Python (0..=3), else EngineError.
pub fn seat(seat: i64) -> PyResult<u8> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| s < 4)
        .ok_or_else(|| EngineError::new_err(format!("seat {seat} out of range 0..=3")))
}

/// pymahjonggb's fan tuple for a result of any profile: `((points, name),
/// ...)`, or verbose `((value, count, name, name_en), ...)`. A new
/// reference.
pub(crate) fn fan_tuple(py: Python<'_>, r: &FanResult, verbose: bool) -> PyResult<PyObject> {
    if let Some(v) = mahjonggb::version_of(r.profile) {
        // The drop-in's cached tuples (a pymahjonggb version's table).
        // SAFETY: the GIL is held (`py`); the tuple is a new reference.
        return unsafe {
            Bound::from_owned_ptr_or_err(py, mahjonggb::fan_tuple(v, &r.counts, verbose)).map(|b| b.unbind())
        };
    }
    let items: Vec<PyObject> = r
        .fans()
        .map(|(f, c)| -> PyResult<PyObject> {
            Ok(if verbose {
                (f.value, c, f.name, f.name_en).into_pyobject(py)?.into_any().unbind()
            } else {
                (f.value as u32 * c as u32, f.name).into_pyobject(py)?.into_any().unbind()
            })
        })
        .collect::<PyResult<_>>()?;
    Ok(PyTuple::new(py, items)?.into_any().unbind())
}

/// The file name `path` (str, bytes or os.PathLike) as `open()` takes it:
/// `os.fsencode`'s bytes (a str holding a surrogate that no file name can
/// hold is a RecordError of the file, like a missing file).
pub fn file_name(path: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    let py = path.py();
    let fsencode = py.import("os")?.getattr("fsencode")?;
    let bytes = match fsencode.call1((path,)) {
        Ok(b) => b,
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyUnicodeError>(py) => {
            let shown = path.str().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            return Err(crate::record_error(py, std::path::Path::new(&shown), 0, &format!("not a file name: {e}")));
        }
        Err(e) => return Err(e),
    };
    let bytes: &[u8] = bytes.downcast::<pyo3::types::PyBytes>()?.as_bytes();
    #[cfg(unix)]
    let name = PathBuf::from(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(bytes));
    #[cfg(not(unix))]
    let name = PathBuf::from(String::from_utf8_lossy(bytes).into_owned());
    Ok(name)
}

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
        let text: &str = &item.extract::<String>().map_err(|_| {
            HandError::new_err(format!(
                "{what}: tiles are names such as \"W1\", got {}",
                item.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
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
