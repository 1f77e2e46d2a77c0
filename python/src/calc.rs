//! The Pythonic calculator: `calculate` (a result object), `explain` (the
//! audit's words), and the batch calls over many hands.

use mcr_engine::fans::{self, FanResult, FANS};
use mcr_engine::hand::{packed, HandInput};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::convert::hand_input;
use crate::HandError;
use crate::{mahjonggb, rules};

/// One fan of a result.
#[pyclass(module = "mcr_engine", frozen, get_all)]
#[derive(Clone)]
pub struct Fan {
    /// Chinese name, as the reference and the judge write it (e.g. "清一色").
    name: &'static str,
    /// English name, as pymahjonggb's verbose output writes it.
    name_en: &'static str,
    /// Fan value of one occurrence.
    value: u16,
    /// Occurrences counted.
    count: u8,
    /// value * count.
    points: u32,
}

#[pymethods]
impl Fan {
    fn __repr__(&self) -> String {
        format!("Fan({:?}, {:?}, value={}, count={})", self.name, self.name_en, self.value, self.count)
    }
    fn __eq__(&self, other: &Self) -> bool {
        self.name == other.name && self.count == other.count
    }
}

/// What `calculate` returns.
#[pyclass(module = "mcr_engine", frozen)]
pub struct Result {
    hand: HandInput,
    r: FanResult,
}

impl Result {
    /// A result of the calculator for `hand` (the analysis's waits).
    pub(crate) fn new(hand: HandInput, r: FanResult) -> Result {
        Result { hand, r }
    }
    /// The raw result (total fan, or a negative code).
    pub(crate) fn total_fan(&self) -> i32 {
        self.r.result
    }
}

#[pymethods]
impl Result {
    /// The reference's raw result: the total fan, or -1 (wrong tile count),
    /// -3 (not a winning hand).
    #[getter]
    fn result(&self) -> i32 {
        self.r.result
    }
    /// Total fan (flowers included); 0 when the hand does not win.
    #[getter]
    fn total(&self) -> i32 {
        self.r.result.max(0)
    }
    /// The rule profile that scored it (`rules=`).
    #[getter]
    fn rules(&self) -> &'static str {
        self.r.profile.name
    }
    #[getter]
    fn is_win(&self) -> bool {
        self.r.is_win()
    }
    /// Why the hand is not scored (None when it wins).
    #[getter]
    fn error(&self) -> Option<&'static str> {
        match self.r.result {
            fans::WRONG_TILE_COUNT => Some("wrong tile count"),
            fans::TILE_MORE_THAN_4 => Some("a tile more than four times"),
            x if x < 0 => Some("not a winning hand"),
            _ => None,
        }
    }
    /// The fans counted, in fan-table order.
    #[getter]
    fn fans(&self) -> Vec<Fan> {
        self.r
            .fans()
            .map(|(f, c)| Fan {
                name: f.name,
                name_en: f.name_en,
                value: f.value,
                count: c,
                points: f.value as u32 * c as u32,
            })
            .collect()
    }
    /// The reading the total was taken from (sets and pair, or the special
    /// shape), as `mcr fan` prints it; None when the hand does not win.
    #[getter]
    fn reading(&self) -> Option<String> {
        let e = fans::explain_with(self.r.profile, &self.hand);
        e.chosen.map(|i| mcr_engine::audit::reading_text(&e.readings[i].reading))
    }
    /// The hand in the compact notation.
    #[getter]
    fn hand(&self) -> String {
        mcr_engine::audit::hand_text(&self.hand)
    }
    /// pymahjonggb's tuple: `((points, name), ...)`, or verbose
    /// `((value, count, name, name_en), ...)`.
    #[pyo3(signature = (verbose=false))]
    fn as_tuple(&self, py: Python<'_>, verbose: bool) -> PyResult<PyObject> {
        crate::convert::fan_tuple(py, &self.r, verbose)
    }
    fn __repr__(&self) -> String {
        let fans: Vec<String> =
            self.r.fans().map(|(f, c)| if c > 1 { format!("{} x{c}", f.name) } else { f.name.to_string() }).collect();
        format!("Result(result={}, fans=[{}])", self.r.result, fans.join(", "))
    }
}

/// Scores one hand. `hand` is the compact notation
/// (`"[chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S"`) or the standing
/// tiles (names such as "W1"), then with `win_tile` and the keywords.
/// `rules`: the rule profile (`profiles()`); an unknown name raises
/// `UnknownRules`.
#[pyfunction]
#[pyo3(signature = (hand, pack=None, win_tile=None, *, flower_count=0, self_drawn=false, fourth_tile=false,
                    about_kong=false, wall_last=false, seat_wind=0, prevalent_wind=0, rules="botzone"))]
#[allow(clippy::too_many_arguments)]
fn calculate(
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
    rules: &str,
) -> PyResult<Result> {
    let profile = rules::profile(rules)?;
    let hand = hand_input(
        hand,
        pack,
        win_tile,
        flower_count,
        self_drawn,
        fourth_tile,
        about_kong,
        wall_last,
        seat_wind,
        prevalent_wind,
    )?;
    Ok(Result { r: fans::calculate_with(profile, &hand), hand })
}

/// Every reading weighed, every fan counted or omitted and why (the text of
/// `mcr audit`). Same arguments as `calculate`.
#[pyfunction]
#[pyo3(signature = (hand, pack=None, win_tile=None, *, flower_count=0, self_drawn=false, fourth_tile=false,
                    about_kong=false, wall_last=false, seat_wind=0, prevalent_wind=0, rules="botzone"))]
#[allow(clippy::too_many_arguments)]
fn explain(
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
    rules: &str,
) -> PyResult<String> {
    let profile = rules::profile(rules)?;
    let hand = hand_input(
        hand,
        pack,
        win_tile,
        flower_count,
        self_drawn,
        fourth_tile,
        about_kong,
        wall_last,
        seat_wind,
        prevalent_wind,
    )?;
    Ok(mcr_engine::audit::report_with(profile, &hand, None).text)
}

/// The batch call: `hands` is a list (or tuple) of `MahjongFanCalculator`
/// argument tuples `(pack, hand, winTile, flowerCount, isSelfDrawn,
/// is4thTile, isAboutKong, isWallLast, seatWind, prevalentWind)`, read with
/// the same checks. Returns a list with, per hand, the raw result (total fan,
/// or -1 wrong tile count, -3 not a win); with `fans=True`, the fan tuple
/// `MahjongFanCalculator` would return (`verbose` as given), or the raw
/// result for a hand that does not win. The first malformed item raises
/// the exception `MahjongFanCalculator` raises for it. `rules`: the rule
/// profile (`profiles()`), the tuples naming that profile's fans.
/// `threads`: 1 (the default) calculates on the calling thread; `n > 1` on
/// up to `n` threads (at most one per core), 0 on every core; the hands
/// are read first and the calculation runs without the GIL.
#[pyfunction]
#[pyo3(signature = (hands, fans=false, verbose=false, *, rules="botzone", threads=1))]
fn calculate_many(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    fans: bool,
    verbose: bool,
    rules: &str,
    threads: usize,
) -> PyResult<PyObject> {
    let profile = rules::profile(rules)?;
    let items = argument_tuples(hands, "calculate_many")?;
    // SAFETY: the GIL is held (`py`); `items` is a tuple (argument_tuples)
    // kept alive for the whole block, so its size and items are valid; the
    // list made by PyList_New is filled at indices below its length only.
    unsafe {
        let seq = items.as_ptr();
        let n = ffi::PyTuple_Size(seq);
        if threads == 1 {
            // Read and calculate hand by hand: no copy of the hands.
            let out = Bound::from_owned_ptr_or_err(py, ffi::PyList_New(n))?;
            read_items(py, seq, n, "calculate_many", |i, hand| {
                let value = if fans {
                    fan_value(py, &profile.calculate(&hand), verbose)?
                } else {
                    total_value(profile.calculate_total(&hand))
                };
                set_item(py, &out, i, value)
            })?;
            return Ok(out.unbind());
        }
        let mut read = Vec::with_capacity(n as usize);
        read_items(py, seq, n, "calculate_many", |_, hand| {
            read.push(hand);
            Ok(())
        })?;
        batch_values(py, profile, &read, fans, verbose, threads)
    }
}

/// The hands of a batch call (`what`): a list or tuple, as a tuple. A list
/// is read from a tuple of its items: reading an item may run Python code
/// (a flag's `__bool__`, a wind's `__index__`) that empties or changes the
/// list; the tuple keeps every item alive and in place (copying its
/// pointers costs far less than a hand).
fn argument_tuples<'py>(hands: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: the GIL is held (a `Bound`); `hands` is a live object, the type
    // checks accept any object, and PyList_AsTuple is called on a list only
    // and returns a new reference (or null, which becomes the error).
    unsafe {
        if ffi::PyList_Check(hands.as_ptr()) != 0 {
            Bound::from_owned_ptr_or_err(hands.py(), ffi::PyList_AsTuple(hands.as_ptr()))
        } else if ffi::PyTuple_Check(hands.as_ptr()) != 0 {
            Ok(hands.clone())
        } else {
            Err(crate::ArgumentTypeError::new_err(format!("{what}: hands must be a list or tuple of argument tuples")))
        }
    }
}

/// Reads each argument tuple of `seq` (a tuple of `n`) as
/// `MahjongFanCalculator` does and hands it to `each`; `what` names the
/// call in errors.
unsafe fn read_items(
    py: Python<'_>,
    seq: *mut ffi::PyObject,
    n: ffi::Py_ssize_t,
    what: &str,
    mut each: impl FnMut(ffi::Py_ssize_t, HandInput) -> PyResult<()>,
) -> PyResult<()> {
    let at = |i: ffi::Py_ssize_t| ffi::PyTuple_GetItem(seq, i);
    for i in 0..n {
        // Ahead of use: the argument tuple three hands on, the tuple of
        // tiles two on, the tiles of the next (a corpus's objects lie
        // scattered; waiting for each miss in turn costs more than the
        // calculation).
        if i + 3 < n {
            mahjonggb::prefetch(at(i + 3));
        }
        if i + 2 < n {
            let next = at(i + 2);
            if ffi::PyTuple_CheckExact(next) != 0 && ffi::PyTuple_Size(next) >= 2 {
                mahjonggb::prefetch(ffi::PyTuple_GetItem(next, 0));
                mahjonggb::prefetch(ffi::PyTuple_GetItem(next, 1));
            }
        }
        if i + 1 < n {
            mahjonggb::prefetch_call(at(i + 1));
        }
        let item = at(i);
        if item.is_null() {
            return Err(PyErr::fetch(py));
        }
        if ffi::PyTuple_Check(item) == 0 {
            return Err(crate::ArgumentTypeError::new_err(format!(
                "{what}: item {i} is not a tuple of MahjongFanCalculator arguments"
            )));
        }
        let Some((hand, _)) = mahjonggb::parse_call(item, std::ptr::null_mut()) else {
            return Err(PyErr::fetch(py));
        };
        each(i, hand)?;
    }
    Ok(())
}

/// The raw result as a Python int (a new reference).
fn total_value(total: i32) -> *mut ffi::PyObject {
    // SAFETY: called with the GIL held (from the batch calls); PyLong_FromLong
    // takes no pointer and returns a new reference or null.
    unsafe { ffi::PyLong_FromLong(total as std::ffi::c_long) }
}

/// A result as the batch calls return it with `fans=True`: the fan tuple of
/// a win, the raw result otherwise (a new reference).
fn fan_value(py: Python<'_>, r: &FanResult, verbose: bool) -> PyResult<*mut ffi::PyObject> {
    Ok(if r.result < 0 { total_value(r.result) } else { crate::convert::fan_tuple(py, r, verbose)?.into_ptr() })
}

/// Stores a new reference at `i` of a list made by `PyList_New`.
unsafe fn set_item(
    py: Python<'_>,
    out: &Bound<'_, PyAny>,
    i: ffi::Py_ssize_t,
    value: *mut ffi::PyObject,
) -> PyResult<()> {
    if value.is_null() {
        return Err(PyErr::fetch(py));
    }
    ffi::PyList_SetItem(out.as_ptr(), i, value);
    Ok(())
}

/// The batch calculation of hands already read (`fans::batch`, without the
/// GIL), as a list of the batch calls' values.
fn batch_values(
    py: Python<'_>,
    profile: &'static fans::Profile,
    hands: &[HandInput],
    fans: bool,
    verbose: bool,
    threads: usize,
) -> PyResult<PyObject> {
    // SAFETY: the GIL is held (`py`) except inside allow_threads, which
    // touches no Python object; the new list has `hands.len()` slots and each
    // index set is below it.
    unsafe {
        let out = Bound::from_owned_ptr_or_err(py, ffi::PyList_New(hands.len() as ffi::Py_ssize_t))?;
        if fans {
            let results = py.allow_threads(|| fans::batch::results(profile, hands, threads));
            for (i, r) in results.iter().enumerate() {
                set_item(py, &out, i as ffi::Py_ssize_t, fan_value(py, r, verbose)?)?;
            }
        } else {
            let totals = py.allow_threads(|| fans::batch::totals(profile, hands, threads));
            for (i, &t) in totals.iter().enumerate() {
                set_item(py, &out, i as ffi::Py_ssize_t, total_value(t))?;
            }
        }
        Ok(out.into_any().unbind())
    }
}

/// Bytes per hand in the packed batch format (`encode_hands`,
/// `calculate_packed`; the layout is the library's, `mcr_engine::hand::packed`).
const RECORD: usize = packed::PACKED_BYTES;

/// Packs `MahjongFanCalculator` argument tuples (a list or tuple of them,
/// read as `calculate_many` reads them) into the batch format of
/// `calculate_packed`: 32 bytes per hand.
#[pyfunction]
fn encode_hands(py: Python<'_>, hands: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let items = argument_tuples(hands, "encode_hands")?;
    // SAFETY: the GIL is held (`py`) and `items` is a live tuple.
    let n = unsafe { ffi::PyTuple_Size(items.as_ptr()) };
    let mut out = Vec::with_capacity(n as usize * RECORD);
    // SAFETY: the GIL is held; `items` is a tuple of `n` items, alive for
    // the call.
    unsafe {
        read_items(py, items.as_ptr(), n, "encode_hands", |_, hand| {
            packed::encode(&hand, &mut out);
            Ok(())
        })?
    };
    Ok(pyo3::types::PyBytes::new(py, &out).into_any().unbind())
}

/// The batch call on packed hands (`bytes`, e.g. from `encode_hands` or a
/// numpy `uint8` array's `.tobytes()`): 32 bytes per hand, laid out as
/// `mcr_engine::hand::packed` says (byte 0: packs; 1..13: kind, tile,
/// offer per pack; 13: standing tiles; 14..27: their indices; 27: win tile;
/// 28: flowers; 29: flags 1 self-drawn, 2 fourth tile, 4 about kong, 8 wall
/// last; 30: seat wind; 31: prevalent wind; tiles 0..33 W1..J3). Returns
/// the raw result per hand (total fan, -1 wrong tile count, -3 not a win),
/// or with `fans=True` the fan tuples as `calculate_many`. A malformed
/// record raises HandError naming the record and the byte. `rules` and
/// `threads` as in `calculate_many` (with `threads` other than 1 the
/// records are decoded first and calculated without the GIL).
#[pyfunction]
#[pyo3(signature = (data, fans=false, verbose=false, *, rules="botzone", threads=1))]
fn calculate_packed(
    py: Python<'_>,
    data: &[u8],
    fans: bool,
    verbose: bool,
    rules: &str,
    threads: usize,
) -> PyResult<PyObject> {
    let profile = rules::profile(rules)?;
    if !data.len().is_multiple_of(RECORD) {
        return Err(HandError::new_err(format!("packed hands: {} bytes is not a multiple of {RECORD}", data.len())));
    }
    let decoded =
        |i: usize, r: &[u8]| packed::decode(r).map_err(|e| HandError::new_err(format!("packed hand {i}: {e}")));
    if threads == 1 {
        // Decode and calculate record by record: no copy of the hands.
        // SAFETY: the GIL is held (`py`); PyList_New returns a new reference
        // or null, which becomes the error.
        let out =
            unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New((data.len() / RECORD) as ffi::Py_ssize_t))? };
        for (i, r) in data.chunks_exact(RECORD).enumerate() {
            let hand = decoded(i, r)?;
            let value = if fans {
                fan_value(py, &profile.calculate(&hand), verbose)?
            } else {
                total_value(profile.calculate_total(&hand))
            };
            // SAFETY: `out` is the list made above with one slot per record,
            // and `i` is a record's index.
            unsafe { set_item(py, &out, i as ffi::Py_ssize_t, value)? };
        }
        return Ok(out.into_any().unbind());
    }
    let hands = data.chunks_exact(RECORD).enumerate().map(|(i, r)| decoded(i, r)).collect::<PyResult<Vec<_>>>()?;
    batch_values(py, profile, &hands, fans, verbose, threads)
}

/// The fan table: `(name, name_en, value)` by fan index (index 0 is unused).
#[pyfunction]
fn fan_table(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    PyList::new(py, FANS.iter().map(|f| (f.name, f.name_en, f.value)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Fan>()?;
    m.add_class::<Result>()?;
    m.add_function(wrap_pyfunction!(calculate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(calculate_many, m)?)?;
    m.add_function(wrap_pyfunction!(fan_table, m)?)?;
    m.add_function(wrap_pyfunction!(encode_hands, m)?)?;
    m.add_function(wrap_pyfunction!(calculate_packed, m)?)?;
    Ok(())
}
