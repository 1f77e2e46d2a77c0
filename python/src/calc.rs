//! The Pythonic calculator: `calculate` (a result object), `explain` (the
//! audit's words), and the batch calls over many hands.

use mcr_engine::fans::{self, FanResult, FANS};
use mcr_engine::hand::HandInput;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::convert::hand_input;
use crate::mahjonggb;

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
            .map(|(f, c)| Fan { name: f.name, name_en: f.name_en, value: f.value, count: c, points: f.value as u32 * c as u32 })
            .collect()
    }
    /// The reading the total was taken from (sets and pair, or the special
    /// shape), as `mcr fan` prints it; None when the hand does not win.
    #[getter]
    fn reading(&self) -> Option<String> {
        let e = fans::explain(&self.hand);
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
        unsafe { Bound::from_owned_ptr_or_err(py, mahjonggb::fan_tuple(&self.r.counts, verbose)).map(|b| b.unbind()) }
    }
    fn __repr__(&self) -> String {
        let fans: Vec<String> = self.r.fans().map(|(f, c)| if c > 1 { format!("{} x{c}", f.name) } else { f.name.to_string() }).collect();
        format!("Result(result={}, fans=[{}])", self.r.result, fans.join(", "))
    }
}

/// Scores one hand. `hand` is the compact notation
/// (`"[chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S"`) or the standing
/// tiles (names such as "W1"), then with `win_tile` and the keywords.
#[pyfunction]
#[pyo3(signature = (hand, pack=None, win_tile=None, *, flower_count=0, self_drawn=false, fourth_tile=false,
                    about_kong=false, wall_last=false, seat_wind=0, prevalent_wind=0))]
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
) -> PyResult<Result> {
    let hand = hand_input(hand, pack, win_tile, flower_count, self_drawn, fourth_tile, about_kong, wall_last, seat_wind, prevalent_wind)?;
    Ok(Result { r: fans::calculate(&hand), hand })
}

/// Every reading weighed, every fan counted or omitted and why (the text of
/// `mcr audit`). Same arguments as `calculate`.
#[pyfunction]
#[pyo3(signature = (hand, pack=None, win_tile=None, *, flower_count=0, self_drawn=false, fourth_tile=false,
                    about_kong=false, wall_last=false, seat_wind=0, prevalent_wind=0))]
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
) -> PyResult<String> {
    let hand = hand_input(hand, pack, win_tile, flower_count, self_drawn, fourth_tile, about_kong, wall_last, seat_wind, prevalent_wind)?;
    Ok(mcr_engine::audit::report(&hand, None).text)
}

/// The batch call: `hands` is a list (or tuple) of `MahjongFanCalculator`
/// argument tuples `(pack, hand, winTile, flowerCount, isSelfDrawn,
/// is4thTile, isAboutKong, isWallLast, seatWind, prevalentWind)`, read with
/// the same checks. Returns a list with, per hand, the raw result (total fan,
/// or -1 wrong tile count, -3 not a win); with `fans=True`, the fan tuple
/// `MahjongFanCalculator` would return (`verbose` as given), or the raw
/// result for a hand that does not win. The first malformed item raises
/// the exception `MahjongFanCalculator` raises for it.
#[pyfunction]
#[pyo3(signature = (hands, fans=false, verbose=false))]
fn calculate_many(py: Python<'_>, hands: &Bound<'_, PyAny>, fans: bool, verbose: bool) -> PyResult<PyObject> {
    let seq = hands.as_ptr();
    unsafe {
        let is_list = ffi::PyList_Check(seq) != 0;
        if !is_list && ffi::PyTuple_Check(seq) == 0 {
            return Err(pyo3::exceptions::PyTypeError::new_err("calculate_many: hands must be a list or tuple of argument tuples"));
        }
        let n = if is_list { ffi::PyList_Size(seq) } else { ffi::PyTuple_Size(seq) };
        let out = Bound::from_owned_ptr_or_err(py, ffi::PyList_New(n))?;
        let at = |i: ffi::Py_ssize_t| if is_list { ffi::PyList_GetItem(seq, i) } else { ffi::PyTuple_GetItem(seq, i) };
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
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "calculate_many: item {i} is not a tuple of MahjongFanCalculator arguments"
                )));
            }
            let Some((hand, _)) = mahjonggb::parse_call(item, std::ptr::null_mut()) else {
                return Err(PyErr::fetch(py));
            };
            let value = if fans {
                let r = fans::calculate(&hand);
                if r.result < 0 {
                    ffi::PyLong_FromLong(r.result as std::ffi::c_long)
                } else {
                    mahjonggb::fan_tuple(&r.counts, verbose)
                }
            } else {
                ffi::PyLong_FromLong(fans::calculate_total(&hand) as std::ffi::c_long)
            };
            if value.is_null() {
                return Err(PyErr::fetch(py));
            }
            ffi::PyList_SetItem(out.as_ptr(), i, value);
        }
        Ok(out.unbind())
    }
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
    Ok(())
}
