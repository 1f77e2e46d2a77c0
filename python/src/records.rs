//! `read_games(path)`, `read_hands(path)`: the records of a `.jsonl` or
//! `.jsonl.gz` file, read by the library (`record::Records`, the reader of
//! `mcr validate` and `mcr hands`) and checked against its schema.
//! `read_games` reads any input as every command does (the one input layer,
//! `input::Inputs`: game records as they are, Botzone text logs and match
//! logs imported, each game replayed and checked, folders file by file), and
//! `import_games(paths, out)` is `mcr import` (`convert::import`).

use std::path::PathBuf;
use std::sync::Mutex;

use mcr_engine::convert as games;
use mcr_engine::formats::{self, Format, ImportError};
use mcr_engine::input;
use mcr_engine::record::unique::UniqueValue;
use mcr_engine::record::{GameRecord, HandRecord, Records, DEFAULT_MAX_LINE_BYTES};
use pyo3::prelude::*;
use serde::Deserialize;

use crate::convert::{file_name, json_to_py};
use crate::record_error;

/// What a reader reads: records as they are, or games of another format
/// imported (replayed and checked) by the library.
enum Source {
    Records(Records<UniqueValue>),
    Inputs(input::Entries<UniqueValue>),
}

/// An import error as a RecordError, with `game` and `at` too.
fn import_error(py: Python<'_>, e: &ImportError) -> PyErr {
    let err = record_error(py, &e.file, e.line, &e.kind.to_string());
    let value = err.value(py);
    // The located text, as `mcr import` prints it.
    let _ = value.setattr("args", (e.to_string(),));
    let _ = value.setattr("game", e.game.clone());
    let _ = value.setattr("at", e.at.clone());
    err
}

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
    inner: Mutex<Option<Source>>,
    yield_errors: bool,
}

impl RecordReader {
    fn open(path: PathBuf, kind: Kind, on_error: &str) -> PyResult<RecordReader> {
        let yield_errors = yield_errors(on_error)?;
        let inner = Records::<UniqueValue>::open(&path)
            .map_err(|e| Python::with_gil(|py| record_error(py, &e.file, e.line, &e.message())))?;
        Ok(RecordReader { kind, path, inner: Mutex::new(Some(Source::Records(inner))), yield_errors })
    }

    /// Games of any format: records read as they are, the Botzone formats
    /// imported (`from_` overrides the format told from the first line); a
    /// folder, or a platform match file (its metadata beside it joined), as
    /// every command reads them (`input::Inputs`).
    fn open_games(path: PathBuf, from: Option<Format>, on_error: &str) -> PyResult<RecordReader> {
        let yield_errors = yield_errors(on_error)?;
        // A file that cannot be opened is raised now, as by every reader
        // (a pipe is opened once, when read).
        if path.as_os_str() != "-" && std::fs::metadata(&path).is_err() {
            if let Err(e) = formats::open(&path, DEFAULT_MAX_LINE_BYTES) {
                return Err(Python::with_gil(|py| import_error(py, &e)));
            }
        }
        let inputs = input::Inputs::open(&[&path], from, DEFAULT_MAX_LINE_BYTES);
        // Nothing to read (a folder without a game file): raised now too.
        if inputs.sources.is_empty() {
            if let Some(e) = inputs.errors.first() {
                return Err(Python::with_gil(|py| import_error(py, e)));
            }
        }
        let source = Source::Inputs(inputs.entries());
        Ok(RecordReader { kind: Kind::Games, path, inner: Mutex::new(Some(source)), yield_errors })
    }
}

/// `on_error=`: whether bad records are yielded (else raised).
fn yield_errors(on_error: &str) -> PyResult<bool> {
    match on_error {
        "raise" => Ok(false),
        "yield" => Ok(true),
        other => Err(crate::ArgumentError::new_err(format!("on_error must be \"raise\" or \"yield\", not {other:?}"))),
    }
}

#[pymethods]
impl RecordReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let slot = self.inner.get_mut().unwrap_or_else(|e| e.into_inner());
        let Some(source) = slot.as_mut() else { return Ok(None) };
        let inner = match source {
            Source::Records(r) => r,
            Source::Inputs(games) => {
                // The GIL stays held: another thread's `next` waits for it
                // rather than finding the reader borrowed.
                let Some(item) = games.next() else {
                    *slot = None;
                    return Ok(None);
                };
                let err = match item {
                    Ok(input::Entry::Line { value, file, line }) => match GameRecord::deserialize(&value.0) {
                        Ok(_) => return Ok(Some(json_to_py(py, &value.0)?)),
                        Err(e) => record_error(py, &file, line, &format!("not a valid record: {e}")),
                    },
                    Ok(input::Entry::Imported(game)) => match serde_json::to_value(&game.record) {
                        Ok(v) => return Ok(Some(json_to_py(py, &v)?)),
                        Err(e) => record_error(py, &game.file, game.line, &format!("record not written: {e}")),
                    },
                    Err(e) => import_error(py, &e),
                };
                return if self.yield_errors { Ok(Some(err.into_value(py).into_any())) } else { Err(err) };
            }
        };
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
            Err(e) => record_error(py, &e.file, e.line, &e.message()),
        };
        if self.yield_errors {
            Ok(Some(err.into_value(py).into_any()))
        } else {
            Err(err)
        }
    }
}

/// The games of `path` as record dicts: game records (`.jsonl` or
/// `.jsonl.gz`, one dict per line), or Botzone text logs or match logs
/// imported (each game replayed and checked, as `mcr import` does): one
/// match a line, or a match as the platform hands it out (its log array or
/// `{"status", "logs"}` object, its `<id>_metadata.json` beside it joined),
/// or a folder of such files (each match once).
#[pyfunction]
#[pyo3(signature = (path, *, from_=None, on_error="raise"))]
fn read_games(path: &Bound<'_, PyAny>, from_: Option<&str>, on_error: &str) -> PyResult<RecordReader> {
    RecordReader::open_games(file_name(path)?, format_arg(from_)?, on_error)
}

/// `from_=` as a format (`None`: told from the file).
fn format_arg(from: Option<&str>) -> PyResult<Option<Format>> {
    from.map(|name| {
        Format::by_name(name).ok_or_else(|| {
            let names = Format::ALL.map(Format::name).join(", ");
            crate::ArgumentError::new_err(format!("from_ must be one of {names}, not {name:?}"))
        })
    })
    .transpose()
}

/// `mcr import`: the games of `paths` (any of the formats) written as game
/// records to `out` (`.gz` compressed by its name). Returns
/// `{"read", "imported", "reasons", "more"}`; raises only when the output
/// cannot be written.
#[pyfunction]
#[pyo3(signature = (paths, out, *, from_=None))]
fn import_games(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    out: &Bound<'_, PyAny>,
    from_: Option<&str>,
) -> PyResult<PyObject> {
    let from = format_arg(from_)?;
    let inputs: Vec<PathBuf> = if paths.is_instance_of::<pyo3::types::PyString>() || paths.hasattr("__fspath__")? {
        vec![file_name(paths)?]
    } else {
        paths.try_iter()?.map(|p| file_name(&p?)).collect::<PyResult<_>>()?
    };
    let out = file_name(out)?;
    let done = py.allow_threads(|| {
        let mut w = games::Output::create(&out)?;
        let s = games::import(&inputs, from, DEFAULT_MAX_LINE_BYTES, &mut w)?;
        w.finish()?;
        Ok::<_, std::io::Error>(s)
    });
    let s = done.map_err(|e| record_error(py, &out, 0, &format!("cannot write: {e}")))?;
    let summary = serde_json::json!({"read": s.read, "imported": s.written, "reasons": s.reasons, "more": s.more});
    json_to_py(py, &summary)
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
    m.add_function(wrap_pyfunction!(import_games, m)?)?;
    Ok(())
}
