//! `mcr_engine.mahjonggb`: pymahjonggb 1.4.0's functions, argument for
//! argument, result for result, error for error: `MahjongFanCalculator`
//! here, `MahjongShanten` and the five per-shape shanten functions in
//! [`shanten`]; the pack and hand parsing ([`parse_packs`], [`parse_hand`])
//! is shared by all of them.
//!
//! Written against the CPython C API (the stable ABI) rather than PyO3's
//! argument extraction, because the messages must be the interpreter's own:
//! pymahjonggb parses its arguments with `PyArg_ParseTupleAndKeywords`
//! (format `"OOsippppii|p"`) and each pack with `PyArg_ParseTuple` (`"ssi"`),
//! so this function calls the same two functions with the same formats and
//! keyword list: a wrong type, a missing or extra argument, an overflow or an
//! embedded NUL gives the same exception with the same words in any Python
//! version. The checks of its own that follow (`Param ... must be a tuple!`,
//! `ERROE_WRONG_TILE_CODE` ... with its typos) run in its order. The hand is
//! then scored by the library's calculator (`mcr_engine::fans::calculate`).
//!
//! Inputs the library does not take (pymahjonggb scores them from memory
//! past its tables or with rules it does not state) raise
//! `mcr_engine.UnsupportedInput` (a `ValueError`) naming the argument:
//! seat/prevalent wind outside 0..3, a PENG or CHI with offer 0, a CHI whose
//! tile is not the middle of a run of one suit.
//!
//! The shanten functions ([`shanten`]) call the library's analysis
//! (`mcr_engine::analysis`).

use std::ffi::{c_char, c_int, CStr};
use std::ptr::{null, null_mut};
use std::sync::OnceLock;

use mcr_engine::fans::{self, FAN_TABLE_SIZE};
use mcr_engine::hand::{HandError, HandInput, Pack, PackKind, WinFlags};
use mcr_engine::tiles::Tile;
use pyo3::ffi;
use pyo3::prelude::*;

pub mod shanten;

/// The docstring of pymahjonggb's function, unchanged.
const DOC: &CStr = c"Calculate Mahjong Fans.\n\
Parameters:\n\
\tpack - A tuple of fixed packs, each of which is a tuple of form (\"CHI\"/\"PENG\"/\"GANG\", tile, offer:0..3);\n\
\thand - A tuple of standing tiles;\n\
\twinTile - Winning Tile;\n\
\tflowerCount - Number of flower tiles;\n\
\tisSelfDrawn - bool indicate self drawn;\n\
\tis4thTile - bool indicate 4th tile;\n\
\tisAboutKong - bool indicate about kong;\n\
\tisWallLast - bool indicate wall last;\n\
\tseatWind - seat wind of 0..3 indicate east/south/west/north;\n\
\tprevalentWind - prevalent wind of 0..3 indicate east/south/west/north.\n\
\tverbose - (Optional) bool control return format, default to be False.\n\
Returns:\n\
\tA tuple of fans, each of which is a tuple of form (fan_count, fan_name).\n\
\tIf verbose is set to be True, form (fan_point, cnt, fan_name, fan_name_en) is used instead.\n\
Raises:\tTypeError - If any invalid input is encountered.\n";

/// The pymahjonggb versions the drop-in imitates: the module name of each
/// (`mcr_engine.mahjonggb.<module>`), the versions it stands for and the
/// rule profile that scores as they do. The first is the default
/// (`mcr_engine.mahjonggb` itself): the Botzone platform's calculator.
pub const VERSIONS: [(&str, &str, &str); 3] =
    [("v1_1", "1.1.0", "botzone"), ("v1_3", "1.2.0, 1.3.0", "pymahjonggb-1.2"), ("v1_4", "1.4.0", "pymahjonggb-1.4")];

/// The profile of version `v` (an index of [`VERSIONS`]).
fn profile(v: usize) -> &'static fans::Profile {
    fans::Profile::by_name(VERSIONS[v].2).unwrap_or_else(fans::Profile::default)
}

/// The fan names as Python strings, made once per version (index = fan
/// index).
struct Names {
    zh: Vec<*mut ffi::PyObject>,
    en: Vec<*mut ffi::PyObject>,
}
// SAFETY: the objects are immortal for us (one reference held forever) and
// only touched with the GIL held.
unsafe impl Send for Names {}
// SAFETY: as for Send: shared reads happen only with the GIL held.
unsafe impl Sync for Names {}

static NAMES: [OnceLock<Names>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
static UNSUPPORTED: OnceLock<Py<pyo3::types::PyType>> = OnceLock::new();

fn names(v: usize) -> &'static Names {
    NAMES[v].get_or_init(|| {
        // SAFETY: called with the GIL held; the bytes are valid UTF-8 of the
        // given length.
        let make = |s: &str| unsafe { ffi::PyUnicode_FromStringAndSize(s.as_ptr().cast(), s.len() as ffi::Py_ssize_t) };
        let fans = profile(v).fans;
        Names { zh: fans.iter().map(|f| make(f.name)).collect(), en: fans.iter().map(|f| make(f.name_en)).collect() }
    })
}

/// A tile from a C string, as pymahjonggb's `str2tile.find(tile)`: the name
/// is what precedes the first NUL.
unsafe fn tile_of_cstr(p: *const c_char) -> Option<Tile> {
    let b0 = *p as u8;
    if b0 == 0 {
        return None;
    }
    let b1 = *p.add(1) as u8;
    if b1 == 0 || *p.add(2) != 0 {
        return None;
    }
    Tile::from_bytes(b0, b1)
}

/// A tile from a `str`, as pymahjonggb reads a standing tile
/// (`PyUnicode_AsUTF8`, then a C-string lookup: text after a NUL is ignored).
unsafe fn tile_of_str(s: *mut ffi::PyObject) -> Option<Tile> {
    let n = ffi::PyUnicode_GetLength(s);
    if n < 2 {
        return None;
    }
    let c0 = ffi::PyUnicode_ReadChar(s, 0);
    let c1 = ffi::PyUnicode_ReadChar(s, 1);
    if n > 2 && ffi::PyUnicode_ReadChar(s, 2) != 0 {
        return None;
    }
    if c0 == 0 || c1 == 0 || c0 > 127 || c1 > 127 {
        return None;
    }
    Tile::from_bytes(c0 as u8, c1 as u8)
}

pub(crate) unsafe fn type_error(msg: &CStr) -> *mut ffi::PyObject {
    ffi::PyErr_SetString(ffi::PyExc_TypeError, msg.as_ptr());
    null_mut()
}

unsafe fn unsupported(msg: String) -> *mut ffi::PyObject {
    let ty = match UNSUPPORTED.get() {
        Some(t) => t.as_ptr(),
        None => ffi::PyExc_ValueError,
    };
    let text = std::ffi::CString::new(msg).unwrap_or_default();
    ffi::PyErr_SetString(ty, text.as_ptr());
    null_mut()
}

/// The C function behind `MahjongFanCalculator`; `version` is its `self`,
/// the index of its version in [`VERSIONS`] as a Python int.
unsafe extern "C" fn mahjong_fan_calculator(
    version: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let v = (ffi::PyLong_AsLong(version).max(0) as usize).min(VERSIONS.len() - 1);
    let Some((hand, verbose)) = parse_call(args, kwargs) else { return null_mut() };
    let r = fans::calculate_with(profile(v), &hand);
    match r.result {
        fans::WRONG_TILE_COUNT => return type_error(c"ERROR_WRONG_TILES_COUNT"),
        fans::TILE_MORE_THAN_4 => return type_error(c"ERROR_TILE_COUNT_GREATER_THAN_4"),
        x if x < 0 => return type_error(c"ERROR_NOT_WIN"),
        _ => {}
    }
    fan_tuple(v, &r.counts, verbose)
}

/// Reads a `MahjongFanCalculator` call's arguments as pymahjonggb does:
/// the calculator input and `verbose`, or `None` with the Python error set.
pub(crate) unsafe fn parse_call(args: *mut ffi::PyObject, kwargs: *mut ffi::PyObject) -> Option<(HandInput, bool)> {
    parse_call_inner(args, kwargs).ok()
}

/// The error is already set when this returns `Err`.
pub(crate) struct Raised;

fn raised(_: *mut ffi::PyObject) -> Raised {
    Raised
}

unsafe fn parse_call_inner(args: *mut ffi::PyObject, kwargs: *mut ffi::PyObject) -> Result<(HandInput, bool), Raised> {
    if kwargs.is_null() && ffi::PyTuple_CheckExact(args) != 0 {
        if let Some(parsed) = fast_parse(args) {
            return Ok(parsed);
        }
    }
    slow_parse(args, kwargs)
}

/// Asks for `p`'s memory ahead of use: a corpus's tile strings lie scattered
/// in memory, and reading them one by one waits for each miss in turn.
#[inline(always)]
pub(crate) fn prefetch(p: *const ffi::PyObject) {
    // SAFETY: a prefetch is a hint: it never faults, whatever the address,
    // and SSE is part of every x86_64 target.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Prefetches the items of the tuple of standing tiles of a call's `args`.
#[inline]
pub(crate) unsafe fn prefetch_call(args: *mut ffi::PyObject) {
    if ffi::PyTuple_CheckExact(args) == 0 || ffi::PyTuple_Size(args) < 2 {
        return;
    }
    let packs = ffi::PyTuple_GetItem(args, 0);
    let hands = ffi::PyTuple_GetItem(args, 1);
    prefetch(packs);
    prefetch(hands);
    prefetch(ffi::PyTuple_GetItem(args, 2));
    if ffi::PyTuple_CheckExact(hands) != 0 {
        for i in 0..ffi::PyTuple_Size(hands) {
            prefetch(ffi::PyTuple_GetItem(hands, i));
        }
    }
    if ffi::PyTuple_CheckExact(packs) != 0 {
        let n = ffi::PyTuple_Size(packs);
        for i in 0..n {
            prefetch(ffi::PyTuple_GetItem(packs, i));
        }
        for i in 0..n {
            let p = ffi::PyTuple_GetItem(packs, i);
            if ffi::PyTuple_CheckExact(p) != 0 && ffi::PyTuple_Size(p) == 3 {
                prefetch(ffi::PyTuple_GetItem(p, 0));
                prefetch(ffi::PyTuple_GetItem(p, 1));
            }
        }
    }
}

extern "C" {
    // In the stable ABI from 3.10, and exported by every CPython 3 (3.9
    // included) with this signature; for a compact ASCII string it returns
    // the string's own bytes (no copy, no allocation).
    fn PyUnicode_AsUTF8AndSize(unicode: *mut ffi::PyObject, size: *mut ffi::Py_ssize_t) -> *const c_char;
}

/// The bytes of an exact `str` (None on a surrogate: the caller falls back).
#[inline]
unsafe fn exact_str_bytes<'a>(s: *mut ffi::PyObject) -> Option<&'a [u8]> {
    if ffi::PyUnicode_CheckExact(s) == 0 {
        return None;
    }
    let mut n: ffi::Py_ssize_t = 0;
    let p = PyUnicode_AsUTF8AndSize(s, &mut n);
    if p.is_null() {
        ffi::PyErr_Clear();
        return None;
    }
    Some(std::slice::from_raw_parts(p as *const u8, n as usize))
}

/// An exact `str` holding a tile name.
#[inline]
unsafe fn exact_tile(s: *mut ffi::PyObject) -> Option<Tile> {
    match exact_str_bytes(s)? {
        &[b0, b1] => Tile::from_bytes(b0, b1),
        _ => None,
    }
}

/// An exact `int` in the C `int` range.
#[inline]
unsafe fn exact_int(o: *mut ffi::PyObject) -> Option<c_int> {
    if ffi::PyLong_CheckExact(o) == 0 {
        return None;
    }
    let v = ffi::PyLong_AsLong(o);
    if v == -1 && !ffi::PyErr_Occurred().is_null() {
        ffi::PyErr_Clear();
        return None;
    }
    c_int::try_from(v).ok()
}

/// `True`, `False` or an exact `int`, as the `p` format reads them.
#[inline]
unsafe fn exact_flag(o: *mut ffi::PyObject) -> Option<bool> {
    if o == ffi::Py_True() {
        Some(true)
    } else if o == ffi::Py_False() {
        Some(false)
    } else if ffi::PyLong_CheckExact(o) != 0 {
        Some(ffi::PyObject_IsTrue(o) == 1)
    } else {
        None
    }
}

/// The common call (positional, exact built-in types, every value valid)
/// read directly; `None` sends anything else to `slow_parse`, which gives
/// the same result for valid calls and pymahjonggb's errors for the rest.
unsafe fn fast_parse(args: *mut ffi::PyObject) -> Option<(HandInput, bool)> {
    let n = ffi::PyTuple_Size(args);
    if n != 10 && n != 11 {
        return None;
    }
    prefetch_call(args);
    let arg = |i| ffi::PyTuple_GetItem(args, i);
    let packs = arg(0);
    if ffi::PyTuple_CheckExact(packs) == 0 {
        return None;
    }
    let pack_count = ffi::PyTuple_Size(packs);
    if pack_count > 4 {
        return None;
    }
    let mut pack_list = [Pack::new(PackKind::Pung, Tile::default(), 1); 4];
    for i in 0..pack_count {
        let p = ffi::PyTuple_GetItem(packs, i);
        if ffi::PyTuple_CheckExact(p) == 0 || ffi::PyTuple_Size(p) != 3 {
            return None;
        }
        let kind = match exact_str_bytes(ffi::PyTuple_GetItem(p, 0))? {
            b"CHI" => PackKind::Chow,
            b"PENG" => PackKind::Pung,
            b"GANG" => PackKind::Kong,
            _ => return None,
        };
        let tile = exact_tile(ffi::PyTuple_GetItem(p, 1))?;
        let offer = exact_int(ffi::PyTuple_GetItem(p, 2))?;
        if !(0..4).contains(&offer) {
            return None;
        }
        pack_list[i as usize] = Pack::new(kind, tile, offer as u8);
    }
    let hands = arg(1);
    if ffi::PyTuple_CheckExact(hands) == 0 {
        return None;
    }
    let hand_count = ffi::PyTuple_Size(hands);
    if hand_count > 13 {
        return None;
    }
    let mut standing = [Tile::default(); 13];
    for i in 0..hand_count {
        standing[i as usize] = exact_tile(ffi::PyTuple_GetItem(hands, i))?;
    }
    let win = exact_tile(arg(2))?;
    let flower_count = exact_int(arg(3))?;
    let flags = WinFlags {
        self_drawn: exact_flag(arg(4))?,
        fourth_tile: exact_flag(arg(5))?,
        about_kong: exact_flag(arg(6))?,
        wall_last: exact_flag(arg(7))?,
        initial: false,
    };
    let seat_wind = exact_int(arg(8))?;
    let prevalent_wind = exact_int(arg(9))?;
    if !(0..4).contains(&seat_wind) || !(0..4).contains(&prevalent_wind) {
        return None;
    }
    let verbose = if n == 11 { exact_flag(arg(10))? } else { false };
    let hand = HandInput::new(
        &pack_list[..pack_count as usize],
        &standing[..hand_count as usize],
        win,
        flags,
        seat_wind as u8,
        prevalent_wind as u8,
        flower_count as u8,
    )
    .ok()?;
    Some((hand, verbose))
}

/// pymahjonggb's own parsing, step by step (any call).
unsafe fn slow_parse(args: *mut ffi::PyObject, kwargs: *mut ffi::PyObject) -> Result<(HandInput, bool), Raised> {
    let mut kwlist: [*mut c_char; 12] = [
        c"pack".as_ptr() as *mut c_char,
        c"hand".as_ptr() as *mut c_char,
        c"winTile".as_ptr() as *mut c_char,
        c"flowerCount".as_ptr() as *mut c_char,
        c"isSelfDrawn".as_ptr() as *mut c_char,
        c"is4thTile".as_ptr() as *mut c_char,
        c"isAboutKong".as_ptr() as *mut c_char,
        c"isWallLast".as_ptr() as *mut c_char,
        c"seatWind".as_ptr() as *mut c_char,
        c"prevalentWind".as_ptr() as *mut c_char,
        c"verbose".as_ptr() as *mut c_char,
        null_mut(),
    ];
    let mut packs: *mut ffi::PyObject = null_mut();
    let mut hands: *mut ffi::PyObject = null_mut();
    let mut win_tile: *const c_char = null();
    let (mut flower_count, mut self_drawn, mut fourth, mut kong, mut wall_last): (c_int, c_int, c_int, c_int, c_int) =
        (0, 0, 0, 0, 0);
    let (mut seat_wind, mut prevalent_wind, mut verbose): (c_int, c_int, c_int) = (0, 0, 0);
    if ffi::PyArg_ParseTupleAndKeywords(
        args,
        kwargs,
        c"OOsippppii|p".as_ptr(),
        kwlist.as_mut_ptr(),
        &mut packs as *mut *mut ffi::PyObject,
        &mut hands as *mut *mut ffi::PyObject,
        &mut win_tile as *mut *const c_char,
        &mut flower_count as *mut c_int,
        &mut self_drawn as *mut c_int,
        &mut fourth as *mut c_int,
        &mut kong as *mut c_int,
        &mut wall_last as *mut c_int,
        &mut seat_wind as *mut c_int,
        &mut prevalent_wind as *mut c_int,
        &mut verbose as *mut c_int,
    ) == 0
    {
        return Err(Raised);
    }

    let pack_list = parse_packs(packs)?;
    let standing = parse_hand(hands)?;
    let Some(win) = tile_of_cstr(win_tile) else { return Err(raised(type_error(c"ERROE_WRONG_TILE_CODE"))) };
    // pymahjonggb writes a fifth pack or a fourteenth tile past its arrays;
    // its calculator then reports a wrong tile count.
    if pack_list.len() > 4 || standing.len() > 13 {
        return Err(raised(type_error(c"ERROR_WRONG_TILES_COUNT")));
    }
    for (name, w) in [("seatWind", seat_wind), ("prevalentWind", prevalent_wind)] {
        if !(0..4).contains(&w) {
            return Err(raised(unsupported(format!(
                "{name}={w}: mcr_engine takes winds 0..3 (pymahjonggb 1.4.0 reads other values past its wind table)"
            ))));
        }
    }
    let flags = WinFlags {
        self_drawn: self_drawn != 0,
        fourth_tile: fourth != 0,
        about_kong: kong != 0,
        wall_last: wall_last != 0,
        initial: false,
    };
    let hand = match HandInput::new(
        &pack_list,
        &standing,
        win,
        flags,
        seat_wind as u8,
        prevalent_wind as u8,
        // pymahjonggb stores the flower count in a uint8_t.
        flower_count as u8,
    ) {
        Ok(h) => h,
        Err(HandError::BadPack(p, why)) => {
            return Err(raised(unsupported(format!(
                "pack ({:?}, {:?}, {}): {why} (pymahjonggb 1.4.0 accepts it without a stated rule)",
                p.kind.name(),
                p.tile.name(),
                p.offer
            ))))
        }
        Err(e) => return Err(raised(unsupported(e.to_string()))),
    };
    Ok((hand, verbose != 0))
}

/// The packs of a call (`pack`), read and checked as pymahjonggb reads them
/// in `MahjongFanCalculator` and `MahjongShanten`: a tuple of tuples, each
/// parsed with `PyArg_ParseTuple(pack, "ssi")`, then the tile, the offer
/// (0..3) and the kind (CHI, PENG, GANG) checked in that order. More than
/// four packs are read too (pymahjonggb writes them past its table); the
/// caller decides what they mean.
pub(crate) unsafe fn parse_packs(packs: *mut ffi::PyObject) -> Result<Vec<Pack>, Raised> {
    if ffi::PyTuple_Check(packs) == 0 {
        return Err(raised(type_error(c"Param `pack` must be a tuple!")));
    }
    let pack_count = ffi::PyTuple_Size(packs);
    let mut pack_list = Vec::with_capacity(pack_count.clamp(0, 8) as usize);
    for i in 0..pack_count {
        let pack = ffi::PyTuple_GetItem(packs, i);
        if ffi::PyTuple_Check(pack) == 0 {
            return Err(raised(type_error(c"Param `pack` must be a tuple of tuples!")));
        }
        let mut kind: *const c_char = null();
        let mut tile: *const c_char = null();
        let mut offer: c_int = 0;
        if ffi::PyArg_ParseTuple(
            pack,
            c"ssi".as_ptr(),
            &mut kind as *mut *const c_char,
            &mut tile as *mut *const c_char,
            &mut offer as *mut c_int,
        ) == 0
        {
            return Err(Raised);
        }
        let Some(tile) = tile_of_cstr(tile) else { return Err(raised(type_error(c"ERROE_WRONG_TILE_CODE"))) };
        if !(0..4).contains(&offer) {
            return Err(raised(type_error(c"ERROE_WRONG_OFFER_CODE")));
        }
        let Some(kind) = PackKind::parse(CStr::from_ptr(kind).to_str().unwrap_or("")) else {
            return Err(raised(type_error(c"ERROE_WRONG_PACK_CODE")));
        };
        pack_list.push(Pack::new(kind, tile, offer as u8));
    }
    Ok(pack_list)
}

/// The standing tiles of a call (`hand`), read and checked as pymahjonggb
/// reads them in all its functions: a tuple of `str`, each a tile name
/// (text after an embedded NUL ignored). Any number of tiles is read; the
/// caller decides what too many mean.
pub(crate) unsafe fn parse_hand(hands: *mut ffi::PyObject) -> Result<Vec<Tile>, Raised> {
    if ffi::PyTuple_Check(hands) == 0 {
        return Err(raised(type_error(c"Param `hand` must be a tuple!")));
    }
    let hand_count = ffi::PyTuple_Size(hands);
    let mut standing = Vec::with_capacity(hand_count.clamp(0, 16) as usize);
    for i in 0..hand_count {
        let item = ffi::PyTuple_GetItem(hands, i);
        if ffi::PyUnicode_Check(item) == 0 {
            return Err(raised(type_error(c"Param `hand` must be a tuple of strs!")));
        }
        let Some(tile) = tile_of_str(item) else { return Err(raised(type_error(c"ERROE_WRONG_TILE_CODE"))) };
        standing.push(tile);
    }
    Ok(standing)
}

/// Fan entries are shared, immutable tuples for counts up to this.
const CACHED_COUNTS: usize = 8;

/// The result entries `(points, name)` and `(value, count, name, name_en)`
/// made once per fan and count (tuples are immutable: sharing them is
/// invisible to callers, and saves five allocations per fan per call).
struct Entries {
    short: Vec<*mut ffi::PyObject>,
    verbose: Vec<*mut ffi::PyObject>,
}
// SAFETY: the tuples are immortal for us (one reference held forever),
// immutable, and only touched with the GIL held.
unsafe impl Send for Entries {}
// SAFETY: as for Send: shared reads happen only with the GIL held.
unsafe impl Sync for Entries {}

static ENTRIES: [OnceLock<Entries>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

unsafe fn entry(v: usize, i: usize, count: u8, verbose: bool) -> *mut ffi::PyObject {
    let names = names(v);
    let value = profile(v).fans[i].value as std::ffi::c_long;
    if verbose {
        let t = ffi::PyTuple_New(4);
        ffi::PyTuple_SetItem(t, 0, ffi::PyLong_FromLong(value));
        ffi::PyTuple_SetItem(t, 1, ffi::PyLong_FromLong(count as std::ffi::c_long));
        ffi::Py_IncRef(names.zh[i]);
        ffi::PyTuple_SetItem(t, 2, names.zh[i]);
        ffi::Py_IncRef(names.en[i]);
        ffi::PyTuple_SetItem(t, 3, names.en[i]);
        t
    } else {
        let t = ffi::PyTuple_New(2);
        ffi::PyTuple_SetItem(t, 0, ffi::PyLong_FromLong(value * count as std::ffi::c_long));
        ffi::Py_IncRef(names.zh[i]);
        ffi::PyTuple_SetItem(t, 1, names.zh[i]);
        t
    }
}

fn entries(v: usize) -> &'static Entries {
    // SAFETY: called with the GIL held (module set-up, or a call from Python).
    ENTRIES[v].get_or_init(|| unsafe {
        let mut short = Vec::new();
        let mut verbose = Vec::new();
        for i in 0..FAN_TABLE_SIZE {
            for c in 1..=CACHED_COUNTS as u8 {
                short.push(entry(v, i, c, false));
                verbose.push(entry(v, i, c, true));
            }
        }
        Entries { short, verbose }
    })
}

/// pymahjonggb's result tuple for version `v` (an index of [`VERSIONS`]):
/// `(points, name)` per fan, or verbose `(value, count, name, name_en)`, in
/// fan-table order.
pub(crate) unsafe fn fan_tuple(v: usize, counts: &[u8], verbose: bool) -> *mut ffi::PyObject {
    // The drop-in's versions all have pymahjonggb's table.
    let counts = &counts[..FAN_TABLE_SIZE];
    let cache = entries(v);
    let n = counts.iter().filter(|&&c| c > 0).count();
    let out = ffi::PyTuple_New(n as ffi::Py_ssize_t);
    if out.is_null() {
        return null_mut();
    }
    let mut k = 0;
    for (i, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let item = if (c as usize) <= CACHED_COUNTS {
            let e = if verbose { &cache.verbose } else { &cache.short }[i * CACHED_COUNTS + c as usize - 1];
            ffi::Py_IncRef(e);
            e
        } else {
            entry(v, i, c, verbose)
        };
        ffi::PyTuple_SetItem(out, k, item);
        k += 1;
    }
    out
}

/// The index in [`VERSIONS`] of the version that scores with `profile`.
pub(crate) fn version_of(profile: &fans::Profile) -> Option<usize> {
    VERSIONS.iter().position(|v| v.2 == profile.name)
}

static mut METHOD: ffi::PyMethodDef = ffi::PyMethodDef {
    ml_name: c"MahjongFanCalculator".as_ptr(),
    ml_meth: ffi::PyMethodDefPointer { PyCFunctionWithKeywords: mahjong_fan_calculator },
    ml_flags: ffi::METH_VARARGS | ffi::METH_KEYWORDS,
    ml_doc: DOC.as_ptr(),
};

/// Adds `MahjongFanCalculator`, `MahjongShanten` and the five per-shape
/// shanten functions to `m`; `unsupported` is the exception class
/// for inputs outside the library's contract.
pub fn register(m: &Bound<'_, PyModule>, unsupported: Bound<'_, pyo3::types::PyType>) -> PyResult<()> {
    let py = m.py();
    let _ = UNSUPPORTED.set(unsupported.unbind());
    let versions = pyo3::types::PyDict::new(py);
    for (v, (module, which, profile)) in VERSIONS.iter().enumerate() {
        entries(v);
        versions.set_item(*module, (*which, *profile))?;
        // SAFETY: the GIL is held; METHOD lives for the process; the
        // function object holds its own reference to `this`, its `self`.
        unsafe {
            let this = ffi::PyLong_FromLong(v as _);
            let f = ffi::PyCFunction_NewEx(std::ptr::addr_of_mut!(METHOD), this, null_mut());
            ffi::Py_DecRef(this);
            let f = Bound::from_owned_ptr_or_err(py, f)?;
            let name =
                if v == 0 { "MahjongFanCalculator".to_string() } else { format!("MahjongFanCalculator_{module}") };
            m.add(name.as_str(), f)?;
        }
    }
    m.add("MAHJONGGB_VERSIONS", versions)?;
    shanten::register(m)
}
