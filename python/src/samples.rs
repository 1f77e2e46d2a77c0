//! `_SampleStream`: the library's `samples::run::Stream` (the pipeline of
//! `mcr samples`) pulled in batches; each column comes back as a
//! `bytearray` that `mcr_engine.samples` views as a numpy array.

use std::sync::Mutex;

use mcr_engine::env::action::NUM_ACTIONS;
use mcr_engine::samples::run::Stream;
use mcr_engine::samples::{Batch, Encoding, Flags, Options};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};

use crate::UnknownRules;

#[pyclass(module = "mcr_engine")]
pub struct SampleStream {
    // A Mutex only to be `Sync`; reached through `&mut self`.
    inner: Mutex<(Stream, Batch)>,
    /// Samples of the batch already handed out (dropped from its front
    /// only when it is refilled: a fill can bring a chunk of many games).
    taken: usize,
    done: bool,
}

#[pymethods]
impl SampleStream {
    #[new]
    #[pyo3(signature = (paths, encoding="baseline", flags="judge", keep_forced=false, rules=None, jobs=None))]
    fn new(
        paths: Vec<std::path::PathBuf>,
        encoding: &str,
        flags: &str,
        keep_forced: bool,
        rules: Option<&str>,
        jobs: Option<usize>,
    ) -> PyResult<SampleStream> {
        let value = |what: &str, got: &str, allowed: &str| {
            crate::ArgumentError::new_err(format!("{what} must be {allowed}, not {got:?}"))
        };
        let encoding =
            Encoding::parse(encoding).ok_or_else(|| value("encoding", encoding, "\"baseline\" or \"compact\""))?;
        let flags = Flags::parse(flags).ok_or_else(|| value("flags", flags, "\"judge\" or \"cai\""))?;
        let rules = match rules {
            None => None,
            Some(name) => Some(mcr_engine::fans::Profile::by_name(name).ok_or_else(|| {
                UnknownRules::new_err(format!(
                    "unknown rule profile {name:?} (profiles: {})",
                    mcr_engine::fans::Profile::names().join(", ")
                ))
            })?),
        };
        if jobs == Some(0) {
            return Err(value("jobs", "0", "None (every core) or at least 1"));
        }
        let opts = Options { encoding, flags, keep_forced, ..Options::default() };
        let threads = mcr_engine::record::par::worker_threads(jobs);
        let stream = Stream::new(&paths, opts, rules).with_threads(threads);
        Ok(SampleStream { inner: Mutex::new((stream, Batch::new(encoding.len()))), taken: 0, done: false })
    }

    /// The next `n` samples (fewer at the end) as a dict of column name to
    /// bytearray, with "n"; `None` when nothing is left. Problems met on
    /// the way are in `problems()`.
    fn next_batch<'py>(&mut self, py: Python<'py>, n: usize) -> PyResult<Option<Bound<'py, PyDict>>> {
        let n = n.max(1);
        let (stream, pending) = self.inner.get_mut().map_err(|_| crate::McrError::new_err("poisoned"))?;
        let (done, taken) = (&mut self.done, &mut self.taken);
        py.allow_threads(|| {
            if !*done && pending.len() - *taken < n {
                pending.remove_front(*taken);
                *taken = 0;
                *done = !stream.fill(pending, n);
            }
        });
        // The columns copied once, from what is pending.
        let (from, k) = (*taken, n.min(pending.len() - *taken));
        if k == 0 {
            return Ok(None);
        }
        let to = from + k;
        let b = &*pending;
        let d = PyDict::new(py);
        d.set_item("n", k)?;
        d.set_item("obs", PyByteArray::new(py, &b.obs[from * b.obs_len..to * b.obs_len]))?;
        d.set_item("mask", PyByteArray::new(py, &b.mask[from * NUM_ACTIONS..to * NUM_ACTIONS]))?;
        let le = |v: &[i64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let le4 = |v: &[i32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let bytes = |v: &[i8]| v.iter().map(|&x| x as u8).collect::<Vec<u8>>();
        d.set_item("act", PyByteArray::new(py, &le(&b.act[from..to])))?;
        d.set_item("game", PyByteArray::new(py, &le(&b.game[from..to])))?;
        d.set_item("turn", PyByteArray::new(py, &le4(&b.turn[from..to])))?;
        d.set_item("seat", PyByteArray::new(py, &bytes(&b.seat[from..to])))?;
        d.set_item("kind", PyByteArray::new(py, &bytes(&b.kind[from..to])))?;
        d.set_item("score", PyByteArray::new(py, &le4(&b.score[from..to])))?;
        d.set_item("win_flags", PyByteArray::new(py, &b.win_flags[from..to]))?;
        *taken = to;
        Ok(Some(d))
    }

    /// Records skipped so far, as "file:line: why" strings.
    fn problems(&mut self) -> Vec<String> {
        match self.inner.get_mut() {
            Ok((s, _)) => s.report().problems.iter().map(ToString::to_string).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Counts so far: games, samples, not_games, skipped.
    fn counts(&mut self) -> (usize, usize, usize, usize) {
        match self.inner.get_mut() {
            Ok((s, _)) => {
                let r = s.report();
                (r.games, r.samples, r.not_games, r.skipped)
            }
            Err(_) => (0, 0, 0, 0),
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SampleStream>()?;
    Ok(())
}
