//! Running games: who plays each seat ([`SeatSpec`]), a run's
//! configuration ([`ArenaConfig`]), and [`run`], many games in parallel,
//! each record handed over in run order.
//!
//! - `game`: the match loop and its record;
//! - [`local`]: in-process seats choosing by action index;
//! - [`batch`]: many tables of in-process policies stepped together;
//! - [`resume`]: continuing an interrupted output;
//! - [`output`]: a run into a record file (resume, in-order writing, the
//!   standings at the end);
//! - [`sequential`]: a pair played until the sequential test decides.

pub mod batch;
pub(crate) mod game;
pub mod local;
pub mod output;
pub mod resume;
pub mod sequential;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use crate::duplicate;
use crate::interrupt::is_interrupted;
use crate::policy::builtin;
use crate::program::process;
use crate::program::sandbox;
use crate::program::spec::{BotEntry, BotSpec};
use crate::stats::sprt;
use game::{GameError, GameInfo, GameOutcome, LocalPlayer, Seat};
use mcr_core::fans::Profile;
use mcr_records::env::wall;

/// Makes a seat's in-process player for each game.
pub trait LocalFactory: Send + Sync {
    /// A fresh player for one seat of one game: [`run`] calls it once per
    /// game for each seat the entry holds, from its worker threads.
    fn make(&self) -> Box<dyn LocalPlayer>;
}

impl BotEntry {
    /// The seat that plays it.
    pub fn seat(&self) -> SeatSpec {
        match self {
            BotEntry::Program(b) => SeatSpec::Bot(Arc::new(b.clone())),
            BotEntry::Builtin { name, policy } => SeatSpec::Native { name: name.clone(), policy: Arc::new(*policy) },
        }
    }
}

/// Who plays a seat.
#[derive(Clone)]
pub enum SeatSpec {
    /// A bot program, run under the platform's protocol, limits and
    /// verdicts (`process`); only [`run`] plays it.
    Bot(Arc<BotSpec>),
    /// A player in this process ([`LocalPlayer`]: a Python policy, a Rust
    /// closure) answering the judge's request strings; only [`run`] plays it.
    Local {
        /// Shown in records and standings.
        name: String,
        /// Makes the player of each game.
        factory: Arc<dyn LocalFactory>,
    },
    /// A policy deciding many rows at once ([`batch`]); in [`run`] it is
    /// asked one row at a time.
    Batch {
        /// Shown in records and standings.
        name: String,
        /// The policy, shared by every game and seat of the entry.
        policy: batch::Shared,
    },
    /// A policy deciding from the game itself ([`builtin`]): played in
    /// process by both runners.
    Native {
        /// Shown in records and standings.
        name: String,
        /// The policy: a [`builtin::Builtin`], or another
        /// [`builtin::NativePolicy`].
        policy: Arc<dyn builtin::NativePolicy>,
    },
}

impl SeatSpec {
    /// The entry's name, as records (`players`, `arena.bots`) and the
    /// standings show it.
    pub fn name(&self) -> &str {
        match self {
            SeatSpec::Bot(b) => &b.name,
            SeatSpec::Local { name, .. } | SeatSpec::Batch { name, .. } | SeatSpec::Native { name, .. } => name,
        }
    }
}

/// A run of games.
#[derive(Clone)]
pub struct ArenaConfig {
    /// The four entries. In a plain run seat i of every game is entry i;
    /// in a walled run the format seats them ([`ArenaConfig::seating`]).
    /// One [`SeatSpec::Bot`] entry seated twice shares its `globaldata`,
    /// as one bot does on Botzone.
    pub seats: [SeatSpec; 4],
    /// Games in the run: their run indices are `0..games` (a walled run:
    /// walls x the format's games per wall). A shard or a resumed output
    /// plays part of them ([`ArenaConfig::schedule`]).
    pub games: u64,
    /// Seed of the deals (the walls, their judge seeds and, outside the
    /// duplicate format, the prevalent winds) and of the records' game ids:
    /// one seed, one set of games.
    pub seed: u64,
    /// Games played at once by [`run`] (clamped to 1..=256); threads
    /// stepping the tables in [`batch::run`].
    pub jobs: usize,
    /// Keep each bot's `debug` output in the records' turns (at most
    /// `crate::program::protocol::MAX_DEBUG_BYTES` a turn); otherwise it is dropped.
    pub keep_debug: bool,
    /// The rule profile the engine scores by; a record names it (`rules`)
    /// when it is not [`Profile::default`].
    pub profile: &'static Profile,
    /// `Some`: a walled run ([`duplicate`]): game `g` is wall `g / G` under
    /// seating `g % G`, G the `format`'s games per wall (24 in the duplicate
    /// format), and only the games of the shard are played. `None`: game
    /// `g` is its own deal, seat i the i-th entry.
    pub duplicate: Option<duplicate::Shard>,
    /// How a wall's games seat the entries, when `duplicate` is `Some`
    /// (`games` is walls x [`duplicate::Format::games_per_wall`]).
    pub format: duplicate::Format,
    /// The sequential test the run is for, if any: part of its identity.
    pub sprt: Option<sprt::Sprt>,
    /// Games already played (a resumed output): not played again.
    pub done: Option<Arc<BTreeSet<u64>>>,
    /// No line of a resumed output longer than this is read.
    pub max_line_bytes: usize,
}

impl ArenaConfig {
    /// Entry of `seats` by seat in game `g`.
    pub fn seating(&self, g: u64) -> [usize; 4] {
        match self.duplicate {
            Some(_) => self.format.seats(self.format.game(g).perm).map(usize::from),
            None => [0, 1, 2, 3],
        }
    }

    /// The games this run plays, in run order: the shard's, in index
    /// order, less the ones already done.
    pub fn schedule(&self) -> impl Iterator<Item = u64> + Send + '_ {
        let shard = self.duplicate.unwrap_or(duplicate::Shard::ALL);
        let done = self.done.clone();
        (shard.index..self.games)
            .step_by(shard.count as usize)
            .filter(move |g| !done.as_ref().is_some_and(|d| d.contains(g)))
    }

    /// The number of games this run plays.
    pub fn games_played(&self) -> u64 {
        let shard = self.duplicate.unwrap_or(duplicate::Shard::ALL);
        let all = self.games.saturating_sub(shard.index).div_ceil(shard.count);
        let done =
            self.done.as_ref().map_or(0, |d| d.iter().filter(|&&g| g < self.games && shard.contains(g)).count() as u64);
        all - done
    }

    /// The keys every record of this tournament carries in `"arena"` and an
    /// output to be continued must hold ([`resume`]): the entries' names in
    /// bots-file order, a hash of their programs and limits, the seed, the
    /// rule profile and the format.
    pub fn identity(&self) -> resume::Identity {
        resume::Identity {
            entries: Some(self.seats.iter().map(|s| s.name().to_string()).collect()),
            bots_hash: Some(bots_hash(&self.seats)),
            seed: Some(self.seed),
            rules: Some(self.profile.name.to_string()),
            format: Some(if self.duplicate.is_some() { self.format.name() } else { "plain" }.to_string()),
            sprt: self.sprt.map(|t| vec![t.d0, t.d1, t.alpha, t.beta]),
            ..resume::Identity::default()
        }
    }
}

/// FNV-1a (64 bits) of the entries' names, programs and limits (not their
/// folders): two bots files that play the same programs under the same
/// limits have the same hash.
pub fn bots_hash(seats: &[SeatSpec; 4]) -> String {
    let canon: Vec<serde_json::Value> = seats
        .iter()
        .map(|s| match s {
            SeatSpec::Bot(b) => serde_json::json!([
                b.name,
                b.argv,
                b.io.name(),
                b.time_limit_ms,
                b.keep_running_limit_ms,
                b.memory_mb,
                b.keep_running,
                b.quote_requests
            ]),
            SeatSpec::Local { name, .. } | SeatSpec::Batch { name, .. } => serde_json::json!([name, "local"]),
            SeatSpec::Native { name, policy } => serde_json::json!([name, "builtin", policy.describe()]),
        })
        .collect();
    let text = serde_json::Value::Array(canon).to_string();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The error of a caller's code: an in-process player or policy, or the
/// callback a runner hands each game to. Its text is the caller's.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Why a bot's program cannot start (the paths as found).
#[derive(Debug)]
#[non_exhaustive]
pub enum StartError {
    /// The bot's `dir` is not a folder.
    DirNotFolder(PathBuf),
    /// A program name without a `/` not found on `PATH`, and no `PATH`.
    NotOnPath(String),
    /// The program does not exist.
    Missing(PathBuf),
    /// The program is not an executable file.
    NotExecutable(PathBuf),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::DirNotFolder(v0) => write!(f, "its dir {} is not a folder", v0.display()),
            StartError::NotOnPath(v0) => write!(f, "{v0} is not on PATH"),
            StartError::Missing(v0) => write!(f, "{} does not exist", v0.display()),
            StartError::NotExecutable(v0) => write!(f, "{} is not an executable file", v0.display()),
        }
    }
}

impl std::error::Error for StartError {}

/// Why a run stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum ArenaError {
    /// A bot's program or folder is missing or unusable ([`check_bots`]):
    /// no game was played.
    CannotStart {
        /// Its entry's index in [`ArenaConfig::seats`].
        seat: usize,
        /// Its entry's name.
        name: String,
        /// What is wrong, with the path.
        why: StartError,
    },
    /// A game could not be played to its end: the run stopped there.
    Game {
        /// The game's run index.
        game: u64,
        /// Why it could not be played.
        error: GameError,
    },
    /// The run was interrupted ([`crate::interrupt()`], Ctrl-C, SIGTERM). The games
    /// finished by then were handed over; a game cut short was not (a
    /// resumed run plays it).
    Interrupted {
        /// Games handed over before the stop.
        done: u64,
    },
    /// The callback a finished game was handed to failed (a record that
    /// could not be written): the run stopped there.
    Hand {
        /// The game's run index.
        game: u64,
        /// The callback's error.
        source: BoxError,
    },
    /// The output file cannot be continued ([`resume`]).
    Resume(resume::ResumeError),
    /// The output could not be written or closed.
    Write {
        /// The output as shown (`-` for standard output).
        path: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// A batch policy returned an error ([`batch::BatchPolicy::act`]).
    Policy {
        /// Its entry's name.
        name: String,
        /// The policy's error.
        source: BoxError,
    },
    /// A seat the batched runner cannot play (a bot program, a per-game
    /// player).
    NotBatched {
        /// Its entry's name.
        name: String,
    },
    /// The batched runner's threads could not be made.
    ThreadPool(rayon::ThreadPoolBuildError),
    /// A sequential test asked of a format that is not a pair's.
    NotAPair {
        /// The format's name.
        format: &'static str,
    },
}

impl std::fmt::Display for ArenaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArenaError::CannotStart { seat, name, why } => write!(f, "bot {name:?} (seat {seat}) cannot start: {why}"),
            ArenaError::Game { game, error } => write!(f, "game {game}: {error}"),
            ArenaError::Interrupted { done } => write!(f, "interrupted after {done} games"),
            ArenaError::Hand { game, source } => write!(f, "game {game}: {source}"),
            ArenaError::Resume(v0) => std::fmt::Display::fmt(v0, f),
            ArenaError::Write { path, source } => write!(f, "{path}: {source}"),
            ArenaError::Policy { name, source } => write!(f, "policy {name:?}: {source}"),
            ArenaError::NotBatched { name } => write!(f, "seat {name:?} is not a batch policy"),
            ArenaError::ThreadPool(v0) => write!(f, "thread pool: {v0}"),
            ArenaError::NotAPair { format } => write!(f, "format {format}: a sequential test needs 1v3 or 2v2"),
        }
    }
}

impl std::error::Error for ArenaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ArenaError::Hand { source, .. } => Some(source.as_ref()),
            ArenaError::Resume(v0) => std::error::Error::source(v0),
            ArenaError::Write { source, .. } => Some(source),
            ArenaError::Policy { source, .. } => Some(source.as_ref()),
            ArenaError::ThreadPool(v0) => Some(v0),
            _ => None,
        }
    }
}

impl From<resume::ResumeError> for ArenaError {
    fn from(e: resume::ResumeError) -> ArenaError {
        ArenaError::Resume(e)
    }
}

impl From<rayon::ThreadPoolBuildError> for ArenaError {
    fn from(e: rayon::ThreadPoolBuildError) -> ArenaError {
        ArenaError::ThreadPool(e)
    }
}

/// Checks, before any game, that each bot's program and folder are there
/// (a missing file or a missing execute bit is named with its bot).
pub fn check_bots(seats: &[SeatSpec; 4]) -> Result<(), ArenaError> {
    for (seat, s) in seats.iter().enumerate() {
        let SeatSpec::Bot(b) = s else { continue };
        let fail = |why: StartError| ArenaError::CannotStart { seat, name: b.name.clone(), why };
        if let Some(d) = &b.dir {
            if !d.is_dir() {
                return Err(fail(StartError::DirNotFolder(d.clone())));
            }
        }
        let prog = Path::new(&b.argv[0]);
        let found: Option<PathBuf> = if b.argv[0].contains('/') {
            let p = match (&b.dir, prog.is_relative()) {
                (Some(d), true) if !prog.exists() => d.join(prog),
                _ => prog.to_path_buf(),
            };
            Some(p)
        } else {
            std::env::var_os("PATH").map(|p| {
                std::env::split_paths(&p)
                    .map(|d| d.join(prog))
                    .find(|c| is_executable(c))
                    .unwrap_or_else(|| prog.to_path_buf())
            })
        };
        let Some(p) = found else { return Err(fail(StartError::NotOnPath(b.argv[0].clone()))) };
        if !p.exists() {
            return Err(fail(StartError::Missing(p)));
        }
        if !is_executable(&p) {
            return Err(fail(StartError::NotExecutable(p)));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(p.as_os_str().as_bytes()) else { return false };
    // SAFETY: `c` is a NUL-terminated string that lives through the call,
    // which only reads it.
    p.is_file() && unsafe { libc::access(c.as_ptr(), libc::X_OK) } == 0
}

/// Off Unix there is no executable bit: a file will do.
#[cfg(not(unix))]
fn is_executable(p: &Path) -> bool {
    p.is_file()
}

/// The record's game id of game `g` of a run seeded `seed`.
pub fn game_id(seed: u64, g: u64) -> String {
    format!("arena-{seed}-{g}")
}

/// Games finished ahead of the oldest one still in flight, at most (per
/// job): the reorder buffer of [`run`] stays bounded.
const AHEAD_PER_JOB: u64 = 32;

/// Plays the games of `cfg` ([`ArenaConfig::schedule`]), handing each
/// finished game to `each` in run order (one at a time, on the calling
/// thread), whatever `jobs`: the same games give the same sequence. Stops
/// at the first error of a game or of `each`, and on an interrupt; the
/// games finished by then are still handed over (the ones after a game
/// still in flight out of run order), a game cut by the interrupt is not;
/// every bot process is gone when it returns.
pub fn run(
    cfg: &ArenaConfig,
    mut each: impl FnMut(u64, GameOutcome) -> Result<(), BoxError>,
) -> Result<u64, ArenaError> {
    check_bots(&cfg.seats)?;
    // A bot closing its input must not end the arena.
    #[cfg(unix)]
    // SAFETY: SIG_IGN installs no handler code; a write to a closed pipe
    // then fails with EPIPE, which the runner treats as a closed input.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    sandbox::tracking();
    let globaldata: Vec<process::GlobalData> = (0..4).map(|_| Arc::new(Mutex::new(String::new()))).collect();
    // The same bot entry seated twice shares its globaldata (as one bot on Botzone).
    let gd_of: Vec<process::GlobalData> = (0..4)
        .map(|s| {
            let first = (0..s).find(|&k| same_bot(&cfg.seats[k], &cfg.seats[s])).unwrap_or(s);
            globaldata[first].clone()
        })
        .collect();
    // (position in run order, game index), taken in order by the workers.
    let schedule = Mutex::new(cfg.schedule().enumerate().map(|(k, g)| (k as u64, g)));
    let handed = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let jobs = cfg.jobs.clamp(1, 256).min(cfg.games_played().clamp(1, 256) as usize);
    let ahead = AHEAD_PER_JOB * jobs as u64;
    let (tx, rx) = mpsc::sync_channel::<(u64, u64, Result<GameOutcome, GameError>)>(jobs * 2);
    let mut done = 0u64;
    let mut failure: Option<ArenaError> = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (schedule, handed, stop, gd_of) = (&schedule, &handed, &stop, &gd_of);
            scope.spawn(move || {
                let scratch: Vec<Option<sandbox::ScratchDir>> = cfg
                    .seats
                    .iter()
                    .map(|s| match s {
                        SeatSpec::Bot(b) if b.dir.is_none() => sandbox::ScratchDir::new().ok(),
                        _ => None,
                    })
                    .collect();
                let jails: Vec<Arc<sandbox::Jail>> = cfg
                    .seats
                    .iter()
                    .map(|s| match s {
                        SeatSpec::Bot(b) => Arc::new(sandbox::Jail::new(b.memory_mb)),
                        _ => Arc::new(sandbox::Jail::default()),
                    })
                    .collect();
                loop {
                    if stop.load(Ordering::Relaxed) || is_interrupted() {
                        break;
                    }
                    let Some((k, g)) = schedule.lock().unwrap_or_else(|p| p.into_inner()).next() else {
                        break;
                    };
                    // Not too far ahead of the oldest game not yet handed over.
                    while k >= handed.load(Ordering::Acquire) + ahead
                        && !stop.load(Ordering::Relaxed)
                        && !is_interrupted()
                    {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    let order = cfg.seating(g);
                    let mut seats: [Seat; 4] = std::array::from_fn(|s| {
                        let e = order[s];
                        match &cfg.seats[e] {
                            SeatSpec::Bot(b) => {
                                let dir = b
                                    .dir
                                    .clone()
                                    .or_else(|| scratch[e].as_ref().map(|d| d.0.clone()))
                                    .unwrap_or_else(std::env::temp_dir);
                                Seat::Bot(process::BotRunner::new(b.clone(), dir, gd_of[e].clone(), jails[e].clone()))
                            }
                            SeatSpec::Local { factory, .. } => Seat::Local(factory.make()),
                            SeatSpec::Batch { policy, .. } => Seat::Local(Box::new(batch::OneRow(policy.clone()))),
                            SeatSpec::Native { policy, .. } => Seat::Local(Box::new(local::NativeSeat(policy.clone()))),
                        }
                    });
                    let result = play_one(cfg, g, &mut seats);
                    drop(seats);
                    if tx.send((k, g, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finished ahead of run order, by position.
        let mut waiting: BTreeMap<u64, (u64, GameOutcome)> = BTreeMap::new();
        let mut next = 0u64;
        let mut hand = |g: u64, outcome: GameOutcome, failure: &mut Option<ArenaError>| {
            // Nothing finished is lost, unless the output itself failed.
            if matches!(failure, Some(ArenaError::Hand { .. })) {
                return;
            }
            if let Err(e) = each(g, outcome) {
                *failure = Some(ArenaError::Hand { game: g, source: e });
                stop.store(true, Ordering::Relaxed);
            } else {
                done += 1;
            }
        };
        for (k, g, result) in rx {
            match result {
                Ok(outcome) => {
                    waiting.insert(k, (g, outcome));
                }
                // Cut short: played again by the next run.
                Err(GameError::Interrupted) => {}
                Err(error) => {
                    if failure.is_none() {
                        failure = Some(ArenaError::Game { game: g, error });
                    }
                    stop.store(true, Ordering::Relaxed);
                }
            }
            while let Some((g, outcome)) = waiting.remove(&next) {
                hand(g, outcome, &mut failure);
                next += 1;
                handed.store(next, Ordering::Release);
            }
        }
        // Stopped early: the finished games after a missing one.
        for (_, (g, outcome)) in std::mem::take(&mut waiting) {
            hand(g, outcome, &mut failure);
        }
    });
    sandbox::sweep_orphans();
    if let Some(f) = failure {
        return Err(f);
    }
    if is_interrupted() {
        return Err(ArenaError::Interrupted { done });
    }
    Ok(done)
}

fn same_bot(a: &SeatSpec, b: &SeatSpec) -> bool {
    match (a, b) {
        (SeatSpec::Bot(x), SeatSpec::Bot(y)) => x == y,
        _ => false,
    }
}

/// Plays game `g` of `cfg` with `seats`, seat i of the game being
/// `seats[i]` (in a walled run, seat them by [`ArenaConfig::seating`]): the
/// deal and the record's keys are the ones [`run`] gives game `g`.
pub fn play_one(cfg: &ArenaConfig, g: u64, seats: &mut [Seat; 4]) -> Result<GameOutcome, GameError> {
    let (deal, info) = setup(cfg, g);
    game::play(&deal, seats, &info)
}

/// The deal and the record keys of game `g` of the run.
pub(crate) fn setup(cfg: &ArenaConfig, g: u64) -> (wall::Deal, GameInfo) {
    let order = cfg.seating(g);
    let mut extra = cfg.identity();
    let deal = match cfg.duplicate {
        Some(_) => {
            let d = cfg.format.game(g);
            extra.wall = Some(d.wall);
            extra.perm = Some(d.perm);
            cfg.format.deal(&d, cfg.seed)
        }
        None => wall::deal(cfg.seed, g, false),
    };
    let info = GameInfo {
        game_id: game_id(cfg.seed, g),
        bots: std::array::from_fn(|s| cfg.seats[order[s]].name().to_string()),
        game: g,
        seed: cfg.seed,
        time_limit_ms: std::array::from_fn(|s| match &cfg.seats[order[s]] {
            SeatSpec::Bot(b) => b.time_limit_ms,
            _ => 0,
        }),
        extra,
        keep_debug: cfg.keep_debug,
        profile: cfg.profile,
    };
    (deal, info)
}
