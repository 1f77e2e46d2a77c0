//! `rules=`: a rule profile by name, for every call that scores or plays
//! (the library's `fans::Profile`), and `profiles()`.

use mcr_engine::fans::{FanResult, Profile};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::{mahjonggb, UnknownRules};

/// The profile named `name`; `UnknownRules` (a ValueError) naming the known
/// ones otherwise.
pub(crate) fn profile(name: &str) -> PyResult<&'static Profile> {
    Profile::by_name(name)
        .ok_or_else(|| UnknownRules::new_err(format!("unknown rules {name:?} (profiles: {})", Profile::names().join(", "))))
}

/// pymahjonggb's fan tuple for a result of any profile: `((points, name),
/// ...)`, or verbose `((value, count, name, name_en), ...)`. A new
/// reference.
pub(crate) fn fan_tuple(py: Python<'_>, r: &FanResult, verbose: bool) -> PyResult<PyObject> {
    if r.profile == Profile::default() {
        // The drop-in's cached tuples (botzone's table).
        return unsafe { Bound::from_owned_ptr_or_err(py, mahjonggb::fan_tuple(&r.counts, verbose)).map(|b| b.unbind()) };
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

/// The rule profiles, `botzone` (the reference) first: a dict from each
/// name to its `about` line. Pass a name as `rules=`.
#[pyfunction]
fn profiles(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for p in Profile::all() {
        d.set_item(p.name, p.about)?;
    }
    Ok(d)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(profiles, m)?)?;
    Ok(())
}
