//! `_VecEnv`: the library's `env::VecEnv` stepped into numpy arrays the
//! Python wrapper (`mcr_engine.env.VecEnv`) allocates once.
//!
//! The binding needs no numpy crate: it reads each array's
//! `__array_interface__` (data pointer, typestr, shape, strides) once when the
//! output arrays are bound, keeps a reference to them (so their memory lives
//! as long as the env) and, per step, the actions array's. It requires
//! C-contiguous, writeable arrays of the exact dtype and shape and refuses
//! overlapping ones, so the slices it hands to the library are valid and
//! disjoint. The GIL is released while the tables are stepped.

use mcr_engine::env::{Buffers, EnvError as CoreEnvError, ObsKind, VecEnv, VecEnvConfig, NUM_ACTIONS};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::EnvError;

/// A numpy array's memory, as `__array_interface__` describes it.
#[derive(Clone, Copy, Debug)]
struct Region {
    ptr: usize,
    len: usize,
    bytes: usize,
}

impl Region {
    fn overlaps(&self, other: &Region) -> bool {
        self.ptr < other.ptr + other.bytes && other.ptr < self.ptr + self.bytes
    }
}

/// Checks `array` is a C-contiguous array of `typestr` (e.g. `"|u1"`) and
/// `shape`, writeable when `write`; returns its memory.
fn region(
    name: &str,
    array: &Bound<'_, PyAny>,
    typestr: &str,
    item: usize,
    shape: &[usize],
    write: bool,
) -> PyResult<Region> {
    let bad = |why: String| EnvError::new_err(format!("{name}: {why}"));
    // Only numpy's own arrays: any object can claim an `__array_interface__`
    // with a pointer that is not its memory.
    let ty = array.get_type();
    if ty.name()?.to_cow()? != "ndarray" || ty.module()?.to_cow()? != "numpy" {
        return Err(bad(format!(
            "expected a numpy array (numpy.ndarray), got {}",
            ty.name().map(|n| n.to_string()).unwrap_or_default()
        )));
    }
    let iface = array.getattr("__array_interface__").map_err(|_| {
        bad(format!(
            "expected a numpy array, got {}",
            array.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    let iface = iface.downcast::<PyDict>().map_err(|_| bad("__array_interface__ is not a dict".into()))?;
    let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        iface.get_item(key)?.ok_or_else(|| bad(format!("__array_interface__ has no {key:?}")))
    };
    let ts: String = get("typestr")?.extract()?;
    if ts != typestr {
        return Err(bad(format!("dtype {ts}, expected {typestr}")));
    }
    let got: Vec<usize> = get("shape")?.extract()?;
    if got != shape {
        return Err(bad(format!("shape {got:?}, expected {shape:?}")));
    }
    if !iface.get_item("strides")?.is_none_or(|s| s.is_none()) {
        return Err(bad("not C-contiguous".into()));
    }
    let data = get("data")?;
    let data = data.downcast::<PyTuple>().map_err(|_| bad("data is not a (pointer, read-only) tuple".into()))?;
    let (ptr, readonly): (usize, bool) = data.extract()?;
    if write && readonly {
        return Err(bad("read-only array".into()));
    }
    let len: usize = shape.iter().product();
    if ptr == 0 || ptr % item != 0 {
        return Err(bad("null or misaligned data".into()));
    }
    Ok(Region { ptr, len, bytes: len * item })
}

struct Bound5 {
    /// Held so the arrays' memory lives as long as the binding.
    _arrays: [PyObject; 5],
    obs: Region,
    mask: Region,
    reward: Region,
    done: Region,
    hu_fans: Region,
}

/// The native half of `mcr_engine.VecEnv` (use that class).
#[pyclass(module = "mcr_engine._native", name = "_VecEnv")]
pub struct NativeVecEnv {
    env: VecEnv,
    out: Option<Bound5>,
}

fn env_err(e: CoreEnvError) -> PyErr {
    EnvError::new_err(e.to_string())
}

/// The output buffers as the library's slices.
///
/// Safety: the regions were checked (dtype, shape, contiguity, writeable,
/// pairwise disjoint) and their arrays are kept alive by `Bound5::arrays`.
unsafe fn buffers<'a>(r: [Region; 5]) -> Buffers<'a> {
    Buffers {
        obs: std::slice::from_raw_parts_mut(r[0].ptr as *mut u8, r[0].len),
        mask: std::slice::from_raw_parts_mut(r[1].ptr as *mut u8, r[1].len),
        reward: std::slice::from_raw_parts_mut(r[2].ptr as *mut f32, r[2].len),
        done: std::slice::from_raw_parts_mut(r[3].ptr as *mut u8, r[3].len),
        hu_fans: std::slice::from_raw_parts_mut(r[4].ptr as *mut i32, r[4].len),
    }
}

impl NativeVecEnv {
    fn regions(&self) -> PyResult<[Region; 5]> {
        let b = self.out.as_ref().ok_or_else(|| EnvError::new_err("no output arrays bound"))?;
        Ok([b.obs, b.mask, b.reward, b.done, b.hu_fans])
    }
}

#[pymethods]
impl NativeVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, seed, obs, duplicate, records, threads, skip_forced, rules="botzone"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        seed: u64,
        obs: &str,
        duplicate: bool,
        records: bool,
        threads: usize,
        skip_forced: bool,
        rules: &str,
    ) -> PyResult<Self> {
        let kind = ObsKind::parse(obs)
            .ok_or_else(|| EnvError::new_err(format!("obs {obs:?}: expected \"compact\" or \"feature\"")))?;
        let mut cfg = VecEnvConfig::new(num_envs, seed);
        cfg.obs = kind;
        cfg.duplicate = duplicate;
        cfg.records = records;
        cfg.threads = threads;
        cfg.skip_forced = skip_forced;
        cfg.profile = crate::rules::profile(rules)?;
        Ok(NativeVecEnv { env: VecEnv::new(cfg).map_err(env_err)?, out: None })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    #[getter]
    fn obs_len(&self) -> usize {
        self.env.obs_len()
    }

    /// Binds the output arrays (obs u8 [N,4,L], mask u8 [N,4,235], reward
    /// f32 [N,4], done u8 [N], hu_fans i32 [N,4]; C-contiguous, writeable,
    /// disjoint). They are kept alive and written by every reset and step.
    fn bind(
        &mut self,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        reward: &Bound<'_, PyAny>,
        done: &Bound<'_, PyAny>,
        hu_fans: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let n = self.env.num_envs();
        let l = self.env.obs_len();
        let regions = [
            region("obs", obs, "|u1", 1, &[n, 4, l], true)?,
            region("mask", mask, "|u1", 1, &[n, 4, NUM_ACTIONS], true)?,
            region("reward", reward, "<f4", 4, &[n, 4], true)?,
            region("done", done, "|u1", 1, &[n], true)?,
            region("hu_fans", hu_fans, "<i4", 4, &[n, 4], true)?,
        ];
        for i in 0..5 {
            for j in i + 1..5 {
                if regions[i].overlaps(&regions[j]) {
                    return Err(EnvError::new_err("output arrays overlap"));
                }
            }
        }
        let arrays = [obs, mask, reward, done, hu_fans].map(|a| a.clone().unbind());
        let [o, m, r, d, h] = regions;
        self.out = Some(Bound5 { _arrays: arrays, obs: o, mask: m, reward: r, done: d, hu_fans: h });
        Ok(())
    }

    /// New games on every table; writes the bound arrays.
    fn reset(&mut self, py: Python<'_>) -> PyResult<()> {
        let r = self.regions()?;
        let env = &mut self.env;
        // SAFETY: see `buffers`: the regions were checked and their arrays
        // are kept alive by the bound outputs.
        py.allow_threads(|| env.reset(unsafe { buffers(r) })).map_err(env_err)
    }

    /// One decision of every seat of every table; `actions`: int64 [N, 4],
    /// C-contiguous, not overlapping the outputs.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let r = self.regions()?;
        let a = region("actions", actions, "<i8", 8, &[self.env.num_envs(), 4], false)?;
        if r.iter().any(|o| o.overlaps(&a)) {
            return Err(EnvError::new_err("actions: overlaps an output array"));
        }
        let env = &mut self.env;
        py.allow_threads(|| {
            // SAFETY: `actions` is borrowed for this call (alive), checked
            // and disjoint from the outputs.
            let acts = unsafe { std::slice::from_raw_parts(a.ptr as *const i64, a.len) };
            // SAFETY: the outputs were checked and are kept alive: see `buffers`.
            env.step(acts, unsafe { buffers(r) })
        })
        .map_err(env_err)
    }

    /// Records (corpus-schema JSON lines) of the games finished since the
    /// last call (with `records=True`).
    fn take_records(&mut self) -> Vec<String> {
        self.env.take_records()
    }

    /// (games finished, steps, judge steps played).
    fn counters(&self) -> (u64, u64, u64) {
        self.env.counters()
    }

    /// The answers the judge accepts now from `seat` at table `env` (the
    /// engine's `legal_moves`: PENG/CHI with their discards).
    fn legal_answers(&self, env: usize, seat: u8) -> PyResult<Vec<String>> {
        if env >= self.env.num_envs() || seat > 3 {
            return Err(EnvError::new_err(format!("table {env} seat {seat} out of range")));
        }
        let mut out = Vec::new();
        self.env.game(env).engine().legal_moves(seat, |m| {
            let mut s = String::new();
            if m.write_answer(&mut s) {
                out.push(s);
            }
        });
        Ok(out)
    }

    /// Table `env` is waiting for the discards of PENG/CHI claims.
    fn choosing_discard(&self, env: usize) -> PyResult<bool> {
        if env >= self.env.num_envs() {
            return Err(EnvError::new_err(format!("table {env} out of range")));
        }
        Ok(self.env.game(env).choosing_discard())
    }
}

/// The name of action `index` (`"play W1"`, `"chi T3 k=0"`, ...).
#[pyfunction]
fn action_name(index: usize) -> PyResult<String> {
    if index >= NUM_ACTIONS {
        return Err(EnvError::new_err(format!("action {index} out of range 0..{NUM_ACTIONS}")));
    }
    Ok(mcr_engine::env::action::describe(index))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeVecEnv>()?;
    m.add_function(wrap_pyfunction!(action_name, m)?)?;
    m.add("NUM_ACTIONS", NUM_ACTIONS)
}
