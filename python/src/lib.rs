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
//! - [`arena`]: `_Arena`, the native half of `mcr_engine.Arena`;
//! - [`error`]: the exceptions, all `McrError`s.

use pyo3::prelude::*;

mod analysis;
mod arena;
mod calc;
mod convert;
mod decide;
mod env;
mod error;
mod game;
mod mahjonggb;
mod records;
mod rules;
mod samples;

pub(crate) use error::{
    ArgumentError, ArgumentTypeError, EngineError, EnvError, HandError, McrError, RecordError, UnknownRules,
    UnsupportedInput,
};

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
    error::register(m)?;
    m.add("BUILD_ID", env!("MCR_PY_BUILD_ID"))?;
    mahjonggb::register(m, UnsupportedInput::type_object(py)?)?;
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
