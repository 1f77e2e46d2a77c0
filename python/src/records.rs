//! `read_games(path)`, `read_hands(path)`: the records of a `.jsonl` or
//! `.jsonl.gz` file, read by the library (`record::Records`, the reader of
//! `mcr validate` and `mcr hands`) and checked against its schema.

use std::path::PathBuf;
use std::sync::Mutex;

use mcr_engine::record::unique::UniqueValue;
use mcr_engine::record::{GameRecord, HandRecord, Records};
use pyo3::prelude::*;
use serde::Deserialize;

use crate::convert::{file_name, json_to_py};
use crate::RecordError;

#[derive(Clone, Copy)]
enum Kind {
    Games,
    Hands,
}

/// Iterator over the records of one file (dicts, as the JSON holds them).
/// A bad line raises RecordError (`on_error="raise"`) or is yielded as a
/// RecordError instance (`on_error="yield"`); the lines after it are still
/// read. A truncated or corrupt file ends the iteration with one error.
/// Any thread may iterate it (one at a time: the GIL is held throughout).
#[pyclass(module = "mcr_engine")]
pub struct RecordReader {
    kind: Kind,
    path: PathBuf,
    // A Mutex only to be `Sync` (the reader is `Send`, not `Sync`); reached
    // through `&mut self`, it is never locked.
    /// Each line read with unique keys (a repeated key is a located error).
    inner: Mutex<Option<Records<UniqueValue>>>,
    yield_errors: bool,
}

pub(crate) fn record_error(py: Python<'_>, path: &std::path::Path, line: usize, message: &str) -> PyErr {
    let text = if line == 0 { format!("{}: {message}", path.display()) } else { format!("{}:{line}: {message}", path.display()) };
    let err = RecordError::new_err(text);
    let value = err.value(py);
    let _ = value.setattr("path", path.to_string_lossy().into_owned());
    let _ = value.setattr("line", line);
    let _ = value.setattr("reason", message);
    err
}

impl RecordReader {
    fn open(path: PathBuf, kind: Kind, on_error: &str) -> PyResult<RecordReader> {
        let yield_errors = match on_error {
            "raise" => false,
            "yield" => true,
            other => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "on_error must be \"raise\" or \"yield\", not {other:?}"
                )))
            }
        };
        let inner = Records::<UniqueValue>::open(&path)
            .map_err(|e| Python::with_gil(|py| record_error(py, &e.file, e.line, &e.message)))?;
        Ok(RecordReader { kind, path, inner: Mutex::new(Some(inner)), yield_errors })
    }
}

#[pymethods]
impl RecordReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let slot = self.inner.get_mut().unwrap_or_else(|e| e.into_inner());
        let Some(inner) = slot.as_mut() else { return Ok(None) };
        let Some(item) = inner.next() else {
            *slot = None;
            return Ok(None);
        };
        let err = match item {
            Ok(located) => {
                let record = &located.record.0;
                let check = match self.kind {
                    Kind::Games => GameRecord::deserialize(record).map(|_| ()),
                    Kind::Hands => HandRecord::deserialize(record).map(|_| ()),
                };
                match check {
                    Ok(()) => return Ok(Some(json_to_py(py, record)?)),
                    Err(e) => record_error(py, &self.path, located.line, &format!("not a valid record: {e}")),
                }
            }
            Err(e) => record_error(py, &e.file, e.line, &e.message),
        };
        if self.yield_errors {
            Ok(Some(err.into_value(py).into_any()))
        } else {
            Err(err)
        }
    }
}

/// Game records of `path` (`.jsonl` or `.jsonl.gz`), one dict per line.
#[pyfunction]
#[pyo3(signature = (path, *, on_error="raise"))]
fn read_games(path: &Bound<'_, PyAny>, on_error: &str) -> PyResult<RecordReader> {
    RecordReader::open(file_name(path)?, Kind::Games, on_error)
}

/// Hand records of `path` (`.jsonl` or `.jsonl.gz`), one dict per line.
#[pyfunction]
#[pyo3(signature = (path, *, on_error="raise"))]
fn read_hands(path: &Bound<'_, PyAny>, on_error: &str) -> PyResult<RecordReader> {
    RecordReader::open(file_name(path)?, Kind::Hands, on_error)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RecordReader>()?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(read_hands, m)?)?;
    Ok(())
}
