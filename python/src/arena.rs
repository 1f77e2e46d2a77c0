//! `_Arena`: the library's arena (`mcr_engine::arena`) from Python. Seats are
//! bot programs (a dict of the bots file's keys) or Python callables
//! `policy(obs: bytes, mask: bytes) -> int` (the wrapper `mcr_engine.Arena`
//! hands them numpy arrays). The GIL is released while games run; a policy
//! takes it for its call.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use mcr_engine::arena::duplicate::Format;
use mcr_engine::arena::policy::builtin::{Builtin, Kind};
use mcr_engine::arena::program::spec;
use mcr_engine::arena::run::local;
use mcr_engine::arena::run::sequential::{self, Plan};
use mcr_engine::arena::stats::sprt::Sprt;
use mcr_engine::arena::{self, ArenaConfig, ArenaError, BotSpec, Io, LocalFactory, LocalPlayer, SeatSpec, SeatTurn};
use mcr_engine::env::ObsKind;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::McrError;

struct PyPolicy {
    f: PyObject,
    kind: ObsKind,
    /// The first Python exception a call raised, to re-raise after the run.
    error: Arc<Mutex<Option<PyErr>>>,
}

impl LocalPlayer for PyPolicy {
    fn answer(&mut self, turn: &SeatTurn<'_>) -> Result<String, arena::BoxError> {
        local::policy_answer(turn, self.kind, |obs, mask| {
            Python::with_gil(|py| {
                let r = self
                    .f
                    .call1(py, (PyBytes::new(py, obs), PyBytes::new(py, mask)))
                    .and_then(|v| v.extract::<i64>(py));
                match r {
                    // A negative index is outside every mask: rejected as any other.
                    Ok(a) => Ok(usize::try_from(a).unwrap_or(usize::MAX)),
                    Err(e) => {
                        let msg = e.to_string();
                        self.error.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                        Err(msg.into())
                    }
                }
            })
        })
    }
}

struct PyFactory {
    f: PyObject,
    kind: ObsKind,
    error: Arc<Mutex<Option<PyErr>>>,
}

impl LocalFactory for PyFactory {
    fn make(&self) -> Box<dyn LocalPlayer> {
        let f = Python::with_gil(|py| self.f.clone_ref(py));
        Box::new(PyPolicy { f, kind: self.kind, error: self.error.clone() })
    }
}

/// A batched policy: the wrapper's `call(obs: bytes, mask: bytes, rows) ->
/// bytes` (the int64 actions).
struct PyBatch {
    f: PyObject,
    kind: ObsKind,
    error: Arc<Mutex<Option<PyErr>>>,
}

impl arena::run::batch::BatchPolicy for PyBatch {
    fn obs(&self) -> ObsKind {
        self.kind
    }

    fn act(&mut self, obs: &[u8], mask: &[u8], actions: &mut [i64]) -> Result<(), arena::BoxError> {
        Python::with_gil(|py| {
            let r = self
                .f
                .call1(py, (PyBytes::new(py, obs), PyBytes::new(py, mask), actions.len()))
                .and_then(|v| Ok(v.downcast_bound::<PyBytes>(py)?.as_bytes().to_vec()));
            match r {
                Ok(bytes) if bytes.len() == actions.len() * 8 => {
                    for (a, b) in actions.iter_mut().zip(bytes.chunks_exact(8)) {
                        *a = i64::from_le_bytes(b.try_into().expect("8 bytes"));
                    }
                    Ok(())
                }
                Ok(bytes) => Err(format!("{} action bytes for {} rows", bytes.len(), actions.len()).into()),
                Err(e) => {
                    let msg = e.to_string();
                    self.error.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                    Err(msg.into())
                }
            }
        })
    }
}

fn bad(msg: String) -> PyErr {
    crate::ArgumentError::new_err(msg)
}

/// A bot program from a dict with the bots file's keys.
fn bot_from_dict(i: usize, d: &Bound<'_, PyDict>) -> PyResult<BotSpec> {
    let known = [
        "name",
        "command",
        "io",
        "time_limit_ms",
        "keep_running_limit_ms",
        "memory_mb",
        "dir",
        "keep_running",
        "quote_requests",
    ];
    for k in d.keys() {
        let k: String = k.extract()?;
        if !known.contains(&k.as_str()) {
            return Err(bad(format!("seat {i}: unknown key {k:?} (keys: {})", known.join(", "))));
        }
    }
    let command = d.get_item("command")?.ok_or_else(|| bad(format!("seat {i}: no command")))?;
    let argv: Vec<String> = match command.extract::<String>() {
        Ok(s) => shlex_split(&s).ok_or_else(|| bad(format!("seat {i}: command {s:?}: unbalanced quotes")))?,
        Err(_) => command.extract().map_err(|_| bad(format!("seat {i}: command is a string or a list of strings")))?,
    };
    if argv.is_empty() || argv[0].is_empty() || argv.iter().any(|a| a.contains('\0')) {
        return Err(bad(format!("seat {i}: empty command or a NUL in it")));
    }
    let io = match d.get_item("io")?.map(|v| v.extract::<String>()).transpose()?.as_deref() {
        None | Some("json") => Io::Json,
        Some("simple") => Io::Simple,
        Some(other) => return Err(bad(format!("seat {i}: io {other:?}: \"json\" or \"simple\""))),
    };
    let name = match d.get_item("name")? {
        Some(n) => n.extract()?,
        None => {
            std::path::Path::new(&argv[0]).file_name().map_or(argv[0].clone(), |f| f.to_string_lossy().into_owned())
        }
    };
    let mut argv = argv;
    // A relative program path with a folder in it is this process's working directory's.
    if argv[0].contains('/') && std::path::Path::new(&argv[0]).is_relative() {
        if let Ok(cwd) = std::env::current_dir() {
            argv[0] = cwd.join(&argv[0]).to_string_lossy().into_owned();
        }
    }
    let mut spec = BotSpec::new(name, argv, io);
    let num = |key: &str, default: u64, max: u64| -> PyResult<u64> {
        match d.get_item(key)? {
            None => Ok(default),
            Some(v) => {
                let n: i64 = v.extract().map_err(|_| bad(format!("seat {i}: {key} is not an integer")))?;
                if n < 1 || n as u64 > max {
                    return Err(bad(format!("seat {i}: {key} = {n}: must be 1..={max}")));
                }
                Ok(n as u64)
            }
        }
    };
    spec.time_limit_ms = num("time_limit_ms", spec::DEFAULT_TIME_LIMIT_MS, spec::MAX_TIME_LIMIT_MS)?;
    spec.keep_running_limit_ms =
        num("keep_running_limit_ms", spec::DEFAULT_KEEP_RUNNING_LIMIT_MS, spec::MAX_TIME_LIMIT_MS)?;
    spec.memory_mb = num("memory_mb", spec::DEFAULT_MEMORY_MB, spec::MAX_MEMORY_MB)?;
    spec.dir = d.get_item("dir")?.map(|v| v.extract::<PathBuf>()).transpose()?;
    spec.keep_running = d.get_item("keep_running")?.map(|v| v.extract::<bool>()).transpose()?.unwrap_or(false);
    spec.quote_requests = d.get_item("quote_requests")?.map(|v| v.extract::<bool>()).transpose()?.unwrap_or(false);
    Ok(spec)
}

fn shlex_split(s: &str) -> Option<Vec<String>> {
    mcr_engine::arena::program::spec::split_command(s)
}

/// One seat from Python: a dict of bot keys (a program) or of built-in keys
/// (`builtin`, `seed`, `random_discards`, `name`), or a callable policy
/// (batched when marked `_mcr_batched`).
fn seat_from_py(
    i: usize,
    item: &Bound<'_, PyAny>,
    kind: ObsKind,
    error: &Arc<Mutex<Option<PyErr>>>,
) -> PyResult<SeatSpec> {
    if let Ok(d) = item.downcast::<PyDict>() {
        if d.contains("builtin")? {
            return builtin_from_dict(i, d);
        }
        return Ok(SeatSpec::Bot(Arc::new(bot_from_dict(i, d)?)));
    }
    if !item.is_callable() {
        return Err(bad(format!(
            "seat {i}: a dict of bot keys, a built-in policy (mcr_engine.policies) or a callable policy(obs, mask) -> action"
        )));
    }
    let batched = item.getattr("_mcr_batched").ok().and_then(|b| b.extract::<bool>().ok()).unwrap_or(false);
    let name = item
        .getattr("name")
        .ok()
        .and_then(|n| n.extract::<String>().ok())
        .or_else(|| item.getattr("__name__").ok().and_then(|n| n.extract::<String>().ok()))
        .unwrap_or_else(|| format!("policy{i}"));
    if batched {
        let policy: Box<dyn arena::run::batch::BatchPolicy> =
            Box::new(PyBatch { f: item.clone().unbind(), kind, error: error.clone() });
        Ok(SeatSpec::Batch { name, policy: Arc::new(Mutex::new(policy)) })
    } else {
        Ok(SeatSpec::Local {
            name,
            factory: Arc::new(PyFactory { f: item.clone().unbind(), kind, error: error.clone() }),
        })
    }
}

/// A built-in policy from a dict: `builtin` ("random", "greedy", "decide"), `seed`
/// (default 0), `random_discards` (default 0), `name` (default the built-in's).
fn builtin_from_dict(i: usize, d: &Bound<'_, PyDict>) -> PyResult<SeatSpec> {
    let known = ["builtin", "seed", "random_discards", "name"];
    for k in d.keys() {
        let k: String = k.extract()?;
        if !known.contains(&k.as_str()) {
            return Err(bad(format!("seat {i}: unknown key {k:?} for a built-in (keys: {})", known.join(", "))));
        }
    }
    let b: String = d.get_item("builtin")?.map(|v| v.extract()).transpose()?.unwrap_or_default();
    let kind = Kind::parse(&b).ok_or_else(|| bad(format!("seat {i}: builtin {b:?}: one of {}", Kind::names())))?;
    let seed: u64 = match d.get_item("seed")? {
        None => 0,
        Some(v) => v.extract().map_err(|_| bad(format!("seat {i}: seed is an integer, 0 or more")))?,
    };
    let random_discards: f64 = match d.get_item("random_discards")? {
        None => 0.0,
        Some(v) => v.extract().map_err(|_| bad(format!("seat {i}: random_discards is a number")))?,
    };
    if !(0.0..=1.0).contains(&random_discards) {
        return Err(bad(format!("seat {i}: random_discards = {random_discards}: a share, 0 to 1")));
    }
    let name: String = match d.get_item("name")? {
        None => kind.name().to_string(),
        Some(v) => v.extract()?,
    };
    Ok(SeatSpec::Native { name, policy: Arc::new(Builtin { kind, seed, random_discards }) })
}

#[pyclass(module = "mcr_engine", name = "_Arena")]
pub struct NativeArena {
    cfg: ArenaConfig,
    error: Arc<Mutex<Option<PyErr>>>,
}

#[pymethods]
impl NativeArena {
    /// `seats`: four items, each a dict of bot keys or a callable; or
    /// `bots_file` (a BOTS.toml path) for the four.
    #[new]
    #[pyo3(signature = (seats=None, bots_file=None, games=1, seed=0, jobs=1, keep_debug=false, rules="botzone", obs="compact"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seats: Option<&Bound<'_, PyList>>,
        bots_file: Option<PathBuf>,
        games: u64,
        seed: u64,
        jobs: usize,
        keep_debug: bool,
        rules: &str,
        obs: &str,
    ) -> PyResult<NativeArena> {
        let profile = crate::rules::profile(rules)?;
        let kind = ObsKind::parse(obs).ok_or_else(|| bad(format!("obs {obs:?}: \"compact\" or \"feature\"")))?;
        let error = Arc::new(Mutex::new(None));
        let specs: Vec<SeatSpec> = match (seats, bots_file) {
            (Some(_), Some(_)) => return Err(bad("give seats or bots_file, not both".into())),
            (None, None) => return Err(bad("give seats (four) or bots_file".into())),
            (None, Some(path)) => {
                spec::load(&path).map_err(|e| bad(e.to_string()))?.into_iter().map(|b| b.seat()).collect()
            }
            (Some(list), None) => {
                if list.len() != 4 {
                    return Err(bad(format!("{} seats: a game needs exactly four", list.len())));
                }
                let mut out = Vec::new();
                for (i, item) in list.iter().enumerate() {
                    out.push(seat_from_py(i, &item, kind, &error)?);
                }
                out
            }
        };
        let seats: [SeatSpec; 4] = specs.try_into().map_err(|_| bad("four seats".into()))?;
        Ok(NativeArena {
            cfg: ArenaConfig {
                seats,
                games,
                seed,
                jobs: jobs.max(1),
                keep_debug,
                profile,
                duplicate: None,
                format: Format::Duplicate,
                sprt: None,
                done: None,
                max_line_bytes: mcr_engine::record::DEFAULT_MAX_LINE_BYTES,
            },
            error,
        })
    }

    /// Plays the games; returns the records (JSON strings) in the order the
    /// games ended. Ctrl-C between games stops the run (KeyboardInterrupt).
    fn run(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        arena::clear_interrupt();
        let mut records = Vec::new();
        let mut signal: Option<PyErr> = None;
        let cfg = &self.cfg;
        let result = py.allow_threads(|| {
            arena::run(cfg, |_, game| {
                records.push(game.record);
                if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                    signal = Some(e);
                    arena::interrupt();
                }
                Ok(())
            })
        });
        if let Some(e) = signal {
            return Err(e);
        }
        if let Some(e) = self.error.lock().unwrap_or_else(|p| p.into_inner()).take() {
            return Err(e);
        }
        match result {
            Ok(_) => Ok(records),
            Err(ArenaError::Interrupted { .. }) => {
                Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("arena interrupted"))
            }
            Err(e) => Err(McrError::new_err(e.to_string())),
        }
    }

    /// A duplicate tournament of `walls` walls (the shard `index/count` of
    /// it): the batched runner when every seat is a batched policy, else
    /// the arena's. Returns (records as JSON lines, or none without
    /// `keep_records`; the standings' JSON; their text table).
    #[pyo3(signature = (walls, shard_index=0, shard_count=1, tables=arena::run::batch::TABLES, keep_records=true))]
    fn duplicate(
        &self,
        py: Python<'_>,
        walls: u64,
        shard_index: u64,
        shard_count: u64,
        tables: usize,
        keep_records: bool,
    ) -> PyResult<(Vec<String>, String, String)> {
        if shard_count == 0 || shard_index >= shard_count {
            return Err(bad(format!("shard {shard_index}/{shard_count}: expected 0 <= index < count")));
        }
        let games = walls
            .checked_mul(arena::duplicate::GAMES_PER_WALL)
            .ok_or_else(|| bad(format!("walls {walls}: too many")))?;
        let mut cfg = self.cfg.clone();
        cfg.games = games;
        cfg.duplicate = Some(arena::duplicate::Shard { index: shard_index, count: shard_count });
        arena::clear_interrupt();
        let mut records = Vec::new();
        let mut builder = arena::stats::standings::Builder::default();
        let mut signal: Option<PyErr> = None;
        let mut n = 0usize;
        let result = py.allow_threads(|| {
            let each = |_: u64, game: arena::GameOutcome| -> Result<(), arena::BoxError> {
                n += 1;
                match game.summary.map_or_else(|| arena::stats::standings::read::summarize(game.record.as_bytes()), Ok)
                {
                    Ok(g) => builder.add(g, format!("game {n}")),
                    Err(e) => builder.errors.push(format!("game {n}: {e}")),
                }
                if keep_records {
                    records.push(game.record);
                }
                if !arena::run::batch::all_batched(&cfg) {
                    if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                        signal = Some(e);
                        arena::interrupt();
                    }
                }
                Ok(())
            };
            if arena::run::batch::all_batched(&cfg) {
                arena::run::batch::run(&cfg, tables, keep_records, each)
            } else {
                arena::run(&cfg, each)
            }
        });
        if let Some(e) = signal {
            return Err(e);
        }
        if let Some(e) = self.error.lock().unwrap_or_else(|p| p.into_inner()).take() {
            return Err(e);
        }
        match result {
            Ok(_) => {
                let s = builder.finish();
                Ok((records, arena::stats::standings::format::json(&s), arena::stats::standings::format::text(&s)))
            }
            Err(ArenaError::Interrupted { .. }) => {
                Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("arena interrupted"))
            }
            Err(e) => Err(McrError::new_err(e.to_string())),
        }
    }

    /// The seats' names.
    #[getter]
    fn names(&self) -> Vec<String> {
        self.cfg.seats.iter().map(|s| s.name().to_string()).collect()
    }
}

/// The standings of records (JSON strings): (their JSON form, the text table).
#[pyfunction]
fn standings_of(records: Vec<String>) -> PyResult<(String, String)> {
    let mut b = arena::stats::standings::Builder::default();
    for (i, r) in records.iter().enumerate() {
        let g = arena::stats::standings::read::summarize(r.as_bytes()).map_err(|e| bad(format!("record {i}: {e}")))?;
        b.add(g, format!("record {i}"));
    }
    let s = b.finish();
    Ok((arena::stats::standings::format::json(&s), arena::stats::standings::format::text(&s)))
}

/// A sequential test of `candidate` against `baseline` (seats as for
/// `_Arena`): returns the test's report as JSON (`mcr standings`' `sprt`
/// key). `out`: the records' file (continued when it exists), else none
/// is kept. `progress(walls, games, llr)` after each batch.
#[pyfunction]
#[pyo3(signature = (candidate, baseline, d0, d1, alpha=0.05, beta=0.05, format="1v3", max_walls=10_000, seed=0, jobs=1, out=None, rules="botzone", obs="compact", progress=None))]
#[allow(clippy::too_many_arguments)]
fn sprt_run(
    py: Python<'_>,
    candidate: &Bound<'_, PyAny>,
    baseline: &Bound<'_, PyAny>,
    d0: f64,
    d1: f64,
    alpha: f64,
    beta: f64,
    format: &str,
    max_walls: u64,
    seed: u64,
    jobs: usize,
    out: Option<PathBuf>,
    rules: &str,
    obs: &str,
    progress: Option<PyObject>,
) -> PyResult<String> {
    let profile = crate::rules::profile(rules)?;
    let kind = ObsKind::parse(obs).ok_or_else(|| bad(format!("obs {obs:?}: \"compact\" or \"feature\"")))?;
    let format = Format::parse(format)
        .filter(|f| f.is_pair())
        .ok_or_else(|| bad(format!("format {format:?}: \"1v3\" or \"2v2\"")))?;
    let test = Sprt::new(d0, d1, alpha, beta).map_err(|e| bad(e.to_string()))?;
    let error = Arc::new(Mutex::new(None));
    let c = seat_from_py(0, candidate, kind, &error)?;
    let b = seat_from_py(1, baseline, kind, &error)?;
    if c.name() == b.name() {
        return Err(bad(format!(
            "the candidate and the baseline are both named {:?}: give each its own name",
            c.name()
        )));
    }
    let seats = match format {
        Format::TwoVsTwo => [c.clone(), c, b.clone(), b],
        _ => [c, b.clone(), b.clone(), b],
    };
    let cfg = ArenaConfig {
        seats,
        games: 0,
        seed,
        jobs: jobs.max(1),
        keep_debug: false,
        profile,
        duplicate: Some(arena::duplicate::Shard::ALL),
        format,
        sprt: Some(test),
        done: None,
        max_line_bytes: mcr_engine::record::DEFAULT_MAX_LINE_BYTES,
    };
    let plan = Plan { test, max_walls, batch_walls: mcr_engine::arena::stats::sprt::MIN_WALLS };
    arena::clear_interrupt();
    let mut signal: Option<PyErr> = None;
    let result = py.allow_threads(|| {
        let o = out.as_deref().map(arena::run::output::Out::File);
        sequential::run(&cfg, &plan, o, |p| {
            let r = Python::with_gil(|py| {
                py.check_signals()?;
                if let Some(f) = &progress {
                    f.call1(py, (p.walls, p.games, p.path.last_llr()))?;
                }
                Ok::<(), PyErr>(())
            });
            if let Err(e) = r {
                signal.get_or_insert(e);
                arena::interrupt();
            }
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    if let Some(e) = error.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(e);
    }
    let report = result.map_err(|e| McrError::new_err(e.to_string()))?;
    match report.stopped {
        None => {}
        Some(ArenaError::Interrupted { .. }) => {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("arena interrupted"))
        }
        Some(e) => return Err(McrError::new_err(e.to_string())),
    }
    let r = arena::stats::standings::SprtReport::of(&report.path, &report.walls, format.name());
    serde_json::to_string(&r).map_err(|e| McrError::new_err(e.to_string()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeArena>()?;
    m.add_function(wrap_pyfunction!(sprt_run, m)?)?;
    m.add_function(wrap_pyfunction!(standings_of, m)?)?;
    Ok(())
}
