//! `mcr_engine._native`: the Python binding of the mcr-engine library.
//!
//! A thin layer: every answer comes from the library (`fans::calculate`,
//! `fans::explain`, `audit::report`, `engine::Engine`, `record::Records`);
//! this crate only converts arguments and results. The Python package
//! (`python/pysrc/mcr_engine/`) re-exports it with docstrings and type stubs.
//!
//! - [`mahjonggb`]: the drop-in for pymahjonggb 1.4.0 (`MahjongFanCalculator`,
//!   `MahjongShanten` and the five per-shape shanten functions);
//! - [`calc`]: `calculate`, `explain`, the batch calls;
//! - [`analysis`]: `shanten`, `discards`, `waits` (the hand analysis);
//! - [`decide`]: `decide_lines`, `decision_lines`, the native halves of
//!   `mcr_engine.decide` and `mcr_engine.decision_states`;
//! - [`game`]: `Engine` (the judge's reset/step);
//! - [`records`]: `read_games`, `read_hands`;
//! - [`env`]: `_VecEnv`, the native half of `mcr_engine.VecEnv`;
//! - [`samples`]: `SampleStream`, the native half of `mcr_engine.samples`.
//! - [`arena`]: `_Arena`, the native half of `mcr_engine.Arena`.

use pyo3::create_exception;
use pyo3::prelude::*;

mod analysis;
mod arena;
mod calc;
mod convert;
mod decide;
mod env;
mod game;
mod mahjonggb;
mod records;
mod rules;
mod samples;

create_exception!(_native, McrError, pyo3::exceptions::PyException, "Base class of the errors mcr_engine raises.");
create_exception!(
    _native,
    HandError,
    pyo3::exceptions::PyValueError,
    "A hand that cannot be read: unknown tile, bad pack, too many tiles or packs, wind out of range."
);
create_exception!(_native, UnsupportedInput, pyo3::exceptions::PyValueError, "mahjonggb drop-in: an input pymahjonggb 1.4.0 accepts without a stated rule (wind outside 0..3, PENG/CHI with offer 0, CHI not on the middle tile of a run).");
create_exception!(
    _native,
    UnknownRules,
    pyo3::exceptions::PyValueError,
    "`rules=` names no rule profile; the message lists the known ones (`mcr_engine.profiles()`)."
);
create_exception!(
    _native,
    EngineError,
    McrError,
    "The engine refused a command: bad wall, quan or srand, a missing response, step before reset or after the end."
);
create_exception!(_native, EnvError, McrError, "The environment refused a command or its input: bad configuration, arrays of the wrong dtype, shape or layout, actions out of range.");
create_exception!(_native, RecordError, McrError, "A record file could not be read, or one of its lines is not a valid record; `path` and `line` (1-based, 0 = the file itself) say where.");

/// The [`RecordError`] of `path` at `line` (0: the file itself), its
/// `path`, `line` and `reason` attributes set.
pub(crate) fn record_error(py: Python<'_>, path: &std::path::Path, line: usize, message: &str) -> PyErr {
    let text = if line == 0 {
        format!("{}: {message}", path.display())
    } else {
        format!("{}:{line}: {message}", path.display())
    };
    let err = RecordError::new_err(text);
    let value = err.value(py);
    let _ = value.setattr("path", path.to_string_lossy().into_owned());
    let _ = value.setattr("line", line);
    let _ = value.setattr("reason", message);
    err
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("McrError", py.get_type::<McrError>())?;
    m.add("HandError", py.get_type::<HandError>())?;
    m.add("UnsupportedInput", py.get_type::<UnsupportedInput>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("EnvError", py.get_type::<EnvError>())?;
    m.add("UnknownRules", py.get_type::<UnknownRules>())?;
    m.add("BUILD_ID", env!("MCR_PY_BUILD_ID"))?;
    mahjonggb::register(m, py.get_type::<UnsupportedInput>())?;
    calc::register(m)?;
    analysis::register(m)?;
    decide::register(m)?;
    game::register(m)?;
    records::register(m)?;
    env::register(m)?;
    rules::register(m)?;
    samples::register(m)?;
    arena::register(m)?;
    Ok(())
}
