//! `rules=`: a rule profile by name, for every call that scores or plays
//! (the library's `fans::Profile`), and `profiles()`.

use mcr_engine::fans::Profile;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::UnknownRules;

/// The profile named `name`; `UnknownRules` (a ValueError) naming the known
/// ones otherwise.
pub(crate) fn profile(name: &str) -> PyResult<&'static Profile> {
    Profile::by_name(name).ok_or_else(|| {
        UnknownRules::new_err(format!("unknown rules {name:?} (profiles: {})", Profile::names().join(", ")))
    })
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
