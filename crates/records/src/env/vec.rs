//! `VecEnv`: many tables stepped together over a thread pool, writing into
//! flat buffers the caller owns (so Python can hand numpy arrays in and
//! read them without copies).
//!
//! Buffers (row-major, `N = num_envs`, `L = obs_len()`):
//!
//! | buffer | dtype | shape |
//! |---|---|---|
//! | `actions` (in) | i64 | `[N, 4]` |
//! | `obs` | u8 | `[N, 4, L]` |
//! | `mask` | u8 | `[N, 4, 235]` |
//! | `reward` | f32 | `[N, 4]` (the judge's scores, at the end of a game; 0 before) |
//! | `done` | u8 | `[N]` |
//! | `hu_fans` | i32 | `[N, 4]` (the calculator's result for a HU now; -4 where HU is not an answer) |
//!
//! Auto-reset: when a game ends, its row of `reward` holds the final scores,
//! `done` is 1, and `obs`/`mask` already show the first decision of the next
//! game on that table. With `skip_forced`, steps where no seat has a choice
//! (INIT, DEAL, most discards) are played inside `step`; otherwise every
//! judge step is a step.

use rayon::prelude::*;

use super::action::NUM_ACTIONS;
use super::game::{Game, Outcome};
use super::obs::ObsKind;
use super::wall;
use mcr_core::engine::EngineError;
use mcr_core::fans::Profile;

#[derive(Clone, Debug)]
/// How a [`VecEnv`] is made: tables, seed, threads, observations, rules.
pub struct VecEnvConfig {
    /// How many tables.
    pub num_envs: usize,
    /// The seed of the walls (the same seed gives the same games).
    pub seed: u64,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The observation encoding.
    pub obs: ObsKind,
    /// Walls in sets of 24 seat permutations (the duplicate format).
    pub duplicate: bool,
    /// Keep every finished game's record (see [`VecEnv::take_records`]).
    pub records: bool,
    /// Play steps where no seat has a choice inside `step`.
    pub skip_forced: bool,
    /// The rule profile the games are scored and judged under (its minimum
    /// fan sets which HUs the masks allow; `botzone` by default).
    pub profile: &'static Profile,
}

impl VecEnvConfig {
    /// `num_envs` tables seeded with `seed`, the defaults otherwise: one thread per core, compact observations, no duplicate walls, no records, forced steps skipped, the `botzone` profile.
    pub fn new(num_envs: usize, seed: u64) -> VecEnvConfig {
        VecEnvConfig {
            num_envs,
            seed,
            threads: 0,
            obs: ObsKind::Compact,
            duplicate: false,
            records: false,
            skip_forced: true,
            profile: Profile::default(),
        }
    }
}

#[derive(Debug)]
/// Why a [`VecEnv`] could not be made or stepped.
#[non_exhaustive]
pub enum EnvError {
    /// No table asked for.
    NoEnvs,
    /// An output buffer of the wrong length.
    BufferSize {
        /// The buffer (`obs`, `mask`, ...).
        name: &'static str,
        /// Its length.
        got: usize,
        /// The length needed.
        want: usize,
    },
    /// The thread pool could not be built.
    Pool(String),
    /// A table's engine refused its input.
    Engine {
        /// The table.
        env: usize,
        /// What the engine said.
        error: EngineError,
    },
}

impl std::fmt::Display for EnvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EnvError::NoEnvs => f.write_str("num_envs must be at least 1"),
            EnvError::BufferSize { name, got, want } => write!(f, "buffer {name} has {got} elements, expected {want}"),
            EnvError::Pool(v0) => write!(f, "thread pool: {v0}"),
            EnvError::Engine { env, error } => write!(f, "table {env}: {error}"),
        }
    }
}

impl std::error::Error for EnvError {}

/// The caller's output buffers (see the module docs for shapes).
pub struct Buffers<'a> {
    /// Observations: `[num_envs, 4, obs_len]` bytes.
    pub obs: &'a mut [u8],
    /// Legal action masks: `[num_envs, 4, NUM_ACTIONS]`, 0 or 1.
    pub mask: &'a mut [u8],
    /// Rewards: `[num_envs, 4]`, the judge's scores at the end of a game, 0 before.
    pub reward: &'a mut [f32],
    /// `[num_envs]`: 1 where the table's game ended on this step.
    pub done: &'a mut [u8],
    /// `[num_envs, 4]`: the calculator's result for a HU now; -4 where HU is not an answer.
    pub hu_fans: &'a mut [i32],
}

struct Table {
    game: Game,
    /// Games started on this table.
    started: u64,
    judge_steps: u64,
    finished: Option<String>,
}

/// Many tables stepped together over a thread pool, writing into the caller's buffers.
pub struct VecEnv {
    cfg: VecEnvConfig,
    tables: Vec<Table>,
    pool: rayon::ThreadPool,
    records: Vec<String>,
    games_done: u64,
    steps: u64,
}

impl VecEnv {
    /// The tables of `cfg`, each dealt its first game.
    pub fn new(cfg: VecEnvConfig) -> Result<VecEnv, EnvError> {
        if cfg.num_envs == 0 {
            return Err(EnvError::NoEnvs);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(cfg.threads)
            .build()
            .map_err(|e| EnvError::Pool(e.to_string()))?;
        let mut env = VecEnv { cfg, tables: Vec::new(), pool, records: Vec::new(), games_done: 0, steps: 0 };
        env.tables = (0..env.cfg.num_envs).map(|i| env.new_table(i)).collect::<Result<_, _>>()?;
        Ok(env)
    }

    fn new_table(&self, env: usize) -> Result<Table, EnvError> {
        let game = start(&self.cfg, env, 0).map_err(|error| EnvError::Engine { env, error })?;
        Ok(Table { game, started: 1, judge_steps: 0, finished: None })
    }

    /// How many tables.
    pub fn num_envs(&self) -> usize {
        self.cfg.num_envs
    }

    /// Observation bytes per seat.
    pub fn obs_len(&self) -> usize {
        self.cfg.obs.len()
    }

    /// The configuration it was made with.
    pub fn config(&self) -> &VecEnvConfig {
        &self.cfg
    }

    /// Games finished so far, steps taken (one per table per `step`), and
    /// judge steps played (forced ones included).
    pub fn counters(&self) -> (u64, u64, u64) {
        (self.games_done, self.steps, self.tables.iter().map(|t| t.judge_steps).sum())
    }

    /// The table `env` (for inspection: its engine, legal actions).
    pub fn game(&self, env: usize) -> &Game {
        &self.tables[env].game
    }

    fn check(&self, out: &Buffers) -> Result<(), EnvError> {
        let n = self.cfg.num_envs;
        let sizes = [
            ("obs", out.obs.len(), n * 4 * self.obs_len()),
            ("mask", out.mask.len(), n * 4 * NUM_ACTIONS),
            ("reward", out.reward.len(), n * 4),
            ("done", out.done.len(), n),
            ("hu_fans", out.hu_fans.len(), n * 4),
        ];
        for (name, got, want) in sizes {
            if got != want {
                return Err(EnvError::BufferSize { name, got, want });
            }
        }
        Ok(())
    }

    /// New games on every table (the seeds continue: a reset never replays
    /// a wall); writes the first observations and masks.
    pub fn reset(&mut self, out: Buffers) -> Result<(), EnvError> {
        self.check(&out)?;
        let cfg = &self.cfg;
        self.pool.install(|| {
            self.tables.par_iter_mut().enumerate().try_for_each(|(env, t)| -> Result<(), EnvError> {
                t.game = start(cfg, env, t.started).map_err(|error| EnvError::Engine { env, error })?;
                t.started += 1;
                if cfg.skip_forced {
                    skip_forced(cfg, env, t, &mut [0.0; 4])?;
                }
                Ok(())
            })
        })?;
        out.reward.fill(0.0);
        out.done.fill(0);
        self.write_all(out);
        Ok(())
    }

    fn write_all(&mut self, out: Buffers) {
        let (l, kind) = (self.obs_len(), self.cfg.obs);
        self.pool.install(|| {
            self.tables
                .par_iter()
                .zip(out.obs.par_chunks_mut(4 * l))
                .zip(out.mask.par_chunks_mut(4 * NUM_ACTIONS))
                .zip(out.hu_fans.par_chunks_mut(4))
                .with_min_len(64)
                .for_each(|(((t, obs), mask), hu)| {
                    t.game.write_obs(kind, obs);
                    t.game.write_masks(mask);
                    hu.copy_from_slice(&t.game.hu_fans());
                });
        });
    }

    /// One decision of every seat of every table (`actions`: `[N, 4]`).
    pub fn step(&mut self, actions: &[i64], out: Buffers) -> Result<(), EnvError> {
        self.check(&out)?;
        let n = self.cfg.num_envs;
        if actions.len() != n * 4 {
            return Err(EnvError::BufferSize { name: "actions", got: actions.len(), want: n * 4 });
        }
        let (l, cfg) = (self.obs_len(), &self.cfg);
        let kind = cfg.obs;
        let done_count = self.pool.install(|| {
            self.tables
                .par_iter_mut()
                .enumerate()
                .zip(actions.par_chunks(4))
                .zip(out.obs.par_chunks_mut(4 * l))
                .zip(out.mask.par_chunks_mut(4 * NUM_ACTIONS))
                .zip(out.reward.par_chunks_mut(4))
                .zip(out.done.par_chunks_mut(1))
                .zip(out.hu_fans.par_chunks_mut(4))
                .with_min_len(64)
                .map(|(((((((env, t), a), obs), mask), reward), done), hu)| -> Result<u64, EnvError> {
                    let a: [usize; 4] = std::array::from_fn(|s| usize::try_from(a[s]).unwrap_or(usize::MAX));
                    let mut r = [0f32; 4];
                    let ended = play(cfg, env, t, a, &mut r)?;
                    reward.copy_from_slice(&r);
                    done[0] = ended as u8;
                    t.game.write_obs(kind, obs);
                    t.game.write_masks(mask);
                    hu.copy_from_slice(&t.game.hu_fans());
                    Ok(ended as u64)
                })
                .try_reduce(|| 0, |x, y| Ok(x + y))
        })?;
        self.games_done += done_count;
        self.steps += n as u64;
        if self.cfg.records {
            for t in &mut self.tables {
                if let Some(r) = t.finished.take() {
                    self.records.push(r);
                }
            }
        }
        Ok(())
    }

    /// Records (JSON lines in the corpus schema) of the games finished since
    /// the last call, when `records` is on.
    pub fn take_records(&mut self) -> Vec<String> {
        std::mem::take(&mut self.records)
    }
}

/// Game `k` of table `env`: game number `k * num_envs + env` of the run.
fn start(cfg: &VecEnvConfig, env: usize, k: u64) -> Result<Game, EngineError> {
    let game_no = k * cfg.num_envs as u64 + env as u64;
    let deal = wall::deal(cfg.seed, game_no, cfg.duplicate);
    let id = format!("{:016x}{:08x}", cfg.seed, game_no);
    Game::new(cfg.profile, deal, id, cfg.records)
}

/// Applies one decision; on the end of a game, adds the scores to `reward`,
/// keeps the record and starts the table's next game. True when a game ended.
fn play(
    cfg: &VecEnvConfig,
    env: usize,
    t: &mut Table,
    actions: [usize; 4],
    reward: &mut [f32; 4],
) -> Result<bool, EnvError> {
    let judged = t.game.judge_steps();
    let outcome = t.game.step(actions).map_err(|error| EnvError::Engine { env, error })?;
    t.judge_steps += (t.game.judge_steps() - judged) as u64;
    let ended = finish(cfg, env, t, outcome, reward)?;
    if cfg.skip_forced {
        return Ok(skip_forced(cfg, env, t, reward)? || ended);
    }
    Ok(ended)
}

fn finish(
    cfg: &VecEnvConfig,
    env: usize,
    t: &mut Table,
    outcome: Option<Outcome>,
    reward: &mut [f32; 4],
) -> Result<bool, EnvError> {
    let Some(outcome) = outcome else { return Ok(false) };
    for (r, s) in reward.iter_mut().zip(outcome.scores) {
        *r += s as f32;
    }
    t.finished = outcome.record;
    t.game = start(cfg, env, t.started).map_err(|error| EnvError::Engine { env, error })?;
    t.started += 1;
    Ok(true)
}

/// Plays the steps where no seat has a choice. A game cannot end twice
/// here: a new game always starts with forced steps but reaches a choice
/// (the dealer's first discard) before it can end.
fn skip_forced(cfg: &VecEnvConfig, env: usize, t: &mut Table, reward: &mut [f32; 4]) -> Result<bool, EnvError> {
    let mut ended = false;
    while let Some(forced) = t.game.forced() {
        let outcome = t.game.step(forced).map_err(|error| EnvError::Engine { env, error })?;
        t.judge_steps += 1;
        ended |= finish(cfg, env, t, outcome, reward)?;
    }
    Ok(ended)
}
