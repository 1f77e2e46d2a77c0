//! pymahjonggb 1.4.0's shanten functions, argument for argument, result for
//! result, error for error: `MahjongShanten(pack, hand)` (the least shanten
//! over the five shapes, an `int`) and the five per-shape functions
//! `ThirteenOrphansShanten(hand)`, `SevenPairsShanten(hand)`,
//! `HonorsAndKnittedTilesShanten(hand)`, `KnittedStraightShanten(hand)`,
//! `RegularShanten(hand)` (`(shanten, useful_tiles)`, the useful tiles a
//! tuple of names in the reference's tile order).
//!
//! Arguments are parsed as the reference parses them
//! (`PyArg_ParseTupleAndKeywords` with `"OO"` / `"O"` and the same keyword
//! names, then [`super::parse_packs`] and [`super::parse_hand`], shared with
//! `MahjongFanCalculator`); the answers are the library's
//! (`mcr_engine::analysis`, the one implementation); its `ShantenError`
//! displays the reference's messages (`ERROR_INVALID_HAND`,
//! `ERROR_INVALID_HAND_OR_PACK`), raised as `TypeError` like every error of
//! the reference.
//!
//! Counts as the reference reads them: the packs change nothing but are
//! checked (more than four are read and ignored, as the reference writes them
//! past its table without using them); any number of standing tiles is read,
//! and a count no shape takes is an error (the reference's array holds 13,
//! and 14 to 23 tiles leave a count no shape takes).

use std::ffi::{c_char, CStr};
use std::ptr::null_mut;
use std::sync::OnceLock;

use mcr_engine::analysis::{self, ShantenError, ShapeShanten};
use mcr_engine::tiles::{Tile, TILE_KINDS};
use pyo3::ffi;
use pyo3::prelude::*;

use super::{parse_hand, parse_packs, type_error};

const DOC_SHANTEN: &CStr = c"Calculate Mahjong Shanten.\n\
Parameters:\n\
\tpack - A tuple of fixed packs, each of which is a tuple of form (\"CHI\"/\"PENG\"/\"GANG\", tile, offer:0..3);\n\
\thand - A tuple of standing tiles;\n\
Returns:\n\
\tAn integer of shanten.\n\
Raises:\tTypeError - If any invalid input is encountered.\n";

/// pymahjonggb's docstring of a per-shape function (its `SHANTEN_DOC_TEMPLATE`).
macro_rules! shape_doc {
    ($name:literal) => {
        concat!(
            "Calculate Mahjong Shanten For ",
            $name,
            ".\nParameters:\n\thand - A tuple of standing tiles;\nReturns:\n\tA tuple of (shanten, useful), where shanten is an integer, useful is a tuple of useful tiles.\nRaises:\tTypeError - If any invalid input is encountered.\n\0"
        )
    };
}

/// The tile names as Python strings, made once (index = tile index).
struct TileNames(Vec<*mut ffi::PyObject>);
// SAFETY: the strings are held forever (one reference each, never
// released) and only touched with the GIL held.
unsafe impl Send for TileNames {}
// SAFETY: as for Send: shared reads happen only with the GIL held.
unsafe impl Sync for TileNames {}

static TILE_NAMES: OnceLock<TileNames> = OnceLock::new();

fn tile_names() -> &'static TileNames {
    TILE_NAMES.get_or_init(|| {
        TileNames(
            (0..TILE_KINDS as u8)
                .map(|i| {
                    let s = Tile::from_index(i).name();
                    // SAFETY: called with the GIL held (module set-up); the
                    // bytes are valid UTF-8 of the given length.
                    unsafe { ffi::PyUnicode_FromStringAndSize(s.as_ptr().cast(), s.len() as ffi::Py_ssize_t) }
                })
                .collect(),
        )
    })
}

unsafe fn raise(e: ShantenError) -> *mut ffi::PyObject {
    // Not raised by the reference's functions (only by the discard table).
    let other;
    let msg = match e {
        ShantenError::InvalidHand => c"ERROR_INVALID_HAND",
        ShantenError::InvalidHandOrPack => c"ERROR_INVALID_HAND_OR_PACK",
        ShantenError::WrongTileCode => c"ERROE_WRONG_TILE_CODE",
        ShantenError::WrongOfferCode => c"ERROE_WRONG_OFFER_CODE",
        ShantenError::WrongPackCode => c"ERROE_WRONG_PACK_CODE",
        // TooManyCopies, and any error the library adds: its own words.
        _ => {
            other = std::ffi::CString::new(e.to_string()).unwrap_or_default();
            other.as_c_str()
        }
    };
    debug_assert_eq!(msg.to_str().ok(), Some(e.to_string().as_str()));
    type_error(msg)
}

/// `(shanten, (useful tile names...))`, as the reference builds it.
unsafe fn shape_result(r: Result<ShapeShanten, ShantenError>) -> *mut ffi::PyObject {
    let s = match r {
        Ok(s) => s,
        Err(e) => return raise(e),
    };
    let names = tile_names();
    let useful = ffi::PyTuple_New(s.useful.len() as ffi::Py_ssize_t);
    if useful.is_null() {
        return null_mut();
    }
    for (k, t) in s.useful.iter().enumerate() {
        let name = names.0[t.index()];
        ffi::Py_IncRef(name);
        ffi::PyTuple_SetItem(useful, k as ffi::Py_ssize_t, name);
    }
    let shanten = ffi::PyLong_FromLong(s.shanten as std::ffi::c_long);
    if shanten.is_null() {
        ffi::Py_DecRef(useful);
        return null_mut();
    }
    let out = ffi::PyTuple_New(2);
    if out.is_null() {
        ffi::Py_DecRef(useful);
        ffi::Py_DecRef(shanten);
        return null_mut();
    }
    ffi::PyTuple_SetItem(out, 0, shanten);
    ffi::PyTuple_SetItem(out, 1, useful);
    out
}

/// `MahjongShanten(pack, hand)`.
unsafe extern "C" fn mahjong_shanten(
    _module: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let mut kwlist: [*mut c_char; 3] = [c"pack".as_ptr() as *mut c_char, c"hand".as_ptr() as *mut c_char, null_mut()];
    let mut packs: *mut ffi::PyObject = null_mut();
    let mut hands: *mut ffi::PyObject = null_mut();
    if ffi::PyArg_ParseTupleAndKeywords(
        args,
        kwargs,
        c"OO".as_ptr(),
        kwlist.as_mut_ptr(),
        &mut packs as *mut *mut ffi::PyObject,
        &mut hands as *mut *mut ffi::PyObject,
    ) == 0
    {
        return null_mut();
    }
    let Ok(packs) = parse_packs(packs) else { return null_mut() };
    let Ok(standing) = parse_hand(hands) else { return null_mut() };
    match analysis::mahjong_shanten(&packs, &standing) {
        Ok(n) => ffi::PyLong_FromLong(n as std::ffi::c_long),
        Err(e) => raise(e),
    }
}

/// The standing tiles of a per-shape call (`hand`, positional or keyword).
unsafe fn shape_args(args: *mut ffi::PyObject, kwargs: *mut ffi::PyObject) -> Option<Vec<Tile>> {
    let mut kwlist: [*mut c_char; 2] = [c"hand".as_ptr() as *mut c_char, null_mut()];
    let mut hands: *mut ffi::PyObject = null_mut();
    if ffi::PyArg_ParseTupleAndKeywords(
        args,
        kwargs,
        c"O".as_ptr(),
        kwlist.as_mut_ptr(),
        &mut hands as *mut *mut ffi::PyObject,
    ) == 0
    {
        return None;
    }
    parse_hand(hands).ok()
}

/// One per-shape function: its C entry point, calling `$lib` of the library.
macro_rules! shape_function {
    ($fn_name:ident, $lib:path) => {
        unsafe extern "C" fn $fn_name(
            _module: *mut ffi::PyObject,
            args: *mut ffi::PyObject,
            kwargs: *mut ffi::PyObject,
        ) -> *mut ffi::PyObject {
            match shape_args(args, kwargs) {
                Some(standing) => shape_result($lib(&standing)),
                None => null_mut(),
            }
        }
    };
}

shape_function!(thirteen_orphans, analysis::thirteen_orphans_shanten);
shape_function!(seven_pairs, analysis::seven_pairs_shanten);
shape_function!(honors_and_knitted, analysis::honors_and_knitted_shanten);
shape_function!(knitted_straight, analysis::knitted_straight_shanten);
shape_function!(regular, analysis::regular_shanten);

type CFunction = unsafe extern "C" fn(*mut ffi::PyObject, *mut ffi::PyObject, *mut ffi::PyObject) -> *mut ffi::PyObject;

/// The six functions: Python name, entry point, docstring (the reference's).
const FUNCTIONS: [(&CStr, CFunction, &CStr); 6] = [
    (c"MahjongShanten", mahjong_shanten, DOC_SHANTEN),
    (c"ThirteenOrphansShanten", thirteen_orphans, doc(shape_doc!("Thirteen Orphans"))),
    (c"SevenPairsShanten", seven_pairs, doc(shape_doc!("Seven Pairs"))),
    (c"HonorsAndKnittedTilesShanten", honors_and_knitted, doc(shape_doc!("Honors And Knitted Tiles"))),
    (c"KnittedStraightShanten", knitted_straight, doc(shape_doc!("Knitted Straight"))),
    (c"RegularShanten", regular, doc(shape_doc!("Regular Form"))),
];

const fn doc(s: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(s.as_bytes()) {
        Ok(c) => c,
        Err(_) => panic!("docstring with an inner NUL"),
    }
}

/// The method definitions, alive for the process (CPython keeps pointers to them).
struct Defs(Vec<ffi::PyMethodDef>);
// SAFETY: the definitions are written once, never changed, and point only to
// static C strings and functions.
unsafe impl Send for Defs {}
// SAFETY: as for Send: immutable after set-up.
unsafe impl Sync for Defs {}

static DEFS: OnceLock<Defs> = OnceLock::new();

/// Adds `MahjongShanten` and the five per-shape functions to `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    tile_names();
    let defs = DEFS.get_or_init(|| {
        Defs(
            FUNCTIONS
                .iter()
                .map(|&(name, f, doc)| ffi::PyMethodDef {
                    ml_name: name.as_ptr(),
                    ml_meth: ffi::PyMethodDefPointer { PyCFunctionWithKeywords: f },
                    ml_flags: ffi::METH_VARARGS | ffi::METH_KEYWORDS,
                    ml_doc: doc.as_ptr(),
                })
                .collect(),
        )
    });
    for (def, (name, _, _)) in defs.0.iter().zip(FUNCTIONS) {
        // SAFETY: the GIL is held (`py`); `def` lives for the process (DEFS)
        // and CPython never writes through it; the module pointer is live.
        unsafe {
            let f =
                ffi::PyCFunction_NewEx(def as *const ffi::PyMethodDef as *mut ffi::PyMethodDef, m.as_ptr(), null_mut());
            let f = Bound::from_owned_ptr_or_err(py, f)?;
            m.add(name.to_str().unwrap_or_default(), f)?;
        }
    }
    Ok(())
}
