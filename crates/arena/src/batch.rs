//! The batched runner: a run whose four entries are all in-process
//! policies deciding many rows at once (a model evaluated on a batch), for
//! a training loop's evaluation of a checkpoint against fixed policies.
//!
//! Many games are played at once (`tables`); at each step every seat with a
//! choice (two or more legal actions) is a row of its entry's batch: the
//! observation and mask of `env` ([`mcr_records::env::game::Game`]: PENG and CHI
//! are two decisions, an action outside the mask is sent as rejected), and
//! each entry's policy is called once per step with all its rows. A seat with
//! one legal action plays it unasked, as in [`super::run`] ([`super::local`]),
//! so the records are the ones [`super::run`] writes for the same policies
//! (without `times_ms`: no seat is timed), handed over in run order.
//!
//! # Example
//!
//! A policy over a batch (here: the legal action of lowest index) against
//! three copies of the built-in greedy policy, over one duplicate wall (24
//! games), and the standings of the games, without records:
//!
//! ```
//! use std::sync::{Arc, Mutex};
//!
//! use mcr_arena::batch::{self, BatchPolicy};
//! use mcr_arena::builtin::{Builtin, Kind};
//! use mcr_arena::duplicate::{Format, Shard, GAMES_PER_WALL};
//! use mcr_arena::standings::Builder;
//! use mcr_arena::{ArenaConfig, SeatSpec};
//! use mcr_records::env::action::NUM_ACTIONS;
//! use mcr_records::env::obs::ObsKind;
//! use mcr_core::fans::Profile;
//!
//! struct Lowest;
//!
//! impl BatchPolicy for Lowest {
//!     fn obs(&self) -> ObsKind {
//!         ObsKind::Compact
//!     }
//!
//!     fn act(&mut self, _obs: &[u8], mask: &[u8], actions: &mut [i64]) -> Result<(), String> {
//!         for (row, action) in mask.chunks_exact(NUM_ACTIONS).zip(actions) {
//!             *action = row.iter().position(|&legal| legal != 0).unwrap_or(0) as i64;
//!         }
//!         Ok(())
//!     }
//! }
//!
//! let greedy = |seed| SeatSpec::Native {
//!     name: format!("greedy-{seed}"),
//!     policy: Arc::new(Builtin::new(Kind::Greedy, seed)),
//! };
//! let lowest = SeatSpec::Batch {
//!     name: "lowest".into(),
//!     policy: Arc::new(Mutex::new(Box::new(Lowest) as Box<dyn BatchPolicy>)),
//! };
//! let cfg = ArenaConfig {
//!     seats: [lowest, greedy(1), greedy(2), greedy(3)],
//!     games: GAMES_PER_WALL,
//!     seed: 7,
//!     jobs: 1,
//!     keep_debug: false,
//!     profile: Profile::default(),
//!     duplicate: Some(Shard::ALL),
//!     format: Format::Duplicate,
//!     sprt: None,
//!     done: None,
//!     max_line_bytes: mcr_records::record::DEFAULT_MAX_LINE_BYTES,
//! };
//! assert!(batch::all_batched(&cfg));
//! let mut standings = Builder::default();
//! let mut points = [0i64; 4];
//! let played = batch::run(&cfg, 64, false, |g, outcome| {
//!     // Seat s of game g is entry `seating[s]`.
//!     let seating = cfg.seating(g);
//!     for s in 0..4 {
//!         points[seating[s]] += i64::from(outcome.scores[s]);
//!     }
//!     let summary = outcome.summary.ok_or("the batched runner summarises every game")?;
//!     standings.add(summary, format!("game {g}"));
//!     Ok(())
//! })?;
//! assert_eq!(played, 24);
//! assert_eq!(points.iter().sum::<i64>(), 0);
//! let table = standings.finish();
//! assert!(table.bots.iter().all(|b| b.games == 24));
//! # Ok::<(), mcr_arena::ArenaError>(())
//! ```

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::builtin::{Decision, NativePolicy};
use super::game::{dress, GameOutcome, LocalPlayer, SeatTurn};
use super::standings::read;
use super::{ArenaConfig, ArenaError, GameError, SeatSpec};
use mcr_core::engine::Event;
use mcr_records::env::action::NUM_ACTIONS;
use mcr_records::env::game::Game;
use mcr_records::env::obs::ObsKind;
use mcr_records::record::{GameRecord, TurnRecord};

/// A policy over a batch: `obs` holds `rows` observations of
/// `self.obs().len()` bytes, `mask` `rows` masks of 235; one action index
/// per row goes into `actions`. An error stops the run.
pub trait BatchPolicy: Send {
    /// The observation encoding it reads: each row's observation is
    /// [`ObsKind::len`] bytes.
    fn obs(&self) -> ObsKind;

    /// Chooses one action per row: `obs` holds the rows' observations
    /// back to back, `mask` their legal masks ([`NUM_ACTIONS`] bytes each,
    /// non-zero for a legal action), and `actions[r]` gets row r's action
    /// index. An index outside its mask is sent as a refused answer (the
    /// judge rejects it), as the environment does. An `Err` stops the run
    /// ([`ArenaError::Output`]).
    fn act(&mut self, obs: &[u8], mask: &[u8], actions: &mut [i64]) -> Result<(), String>;
}

/// A batch policy shared by the games (one call at a time).
pub type Shared = Arc<Mutex<Box<dyn BatchPolicy>>>;

/// A batch policy asked one row at a time (a seat of [`super::run`]).
pub(crate) struct OneRow(pub Shared);

impl LocalPlayer for OneRow {
    fn answer(&mut self, turn: &SeatTurn<'_>) -> Result<String, String> {
        let mut p = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let kind = p.obs();
        super::local::policy_answer(turn, kind, |obs, mask| {
            let mut a = [0i64];
            p.act(obs, mask, &mut a)?;
            Ok(usize::try_from(a[0]).unwrap_or(usize::MAX))
        })
    }
}

/// Games played at once by default (the `tables` of [`run`]).
pub const TABLES: usize = 512;

/// One table's rows of a step: (entry, row in the entry's batch,
/// observation, mask).
type TableRows = Vec<(usize, usize, Vec<u8>, Vec<u8>)>;

struct Table {
    /// Position in run order, game index.
    k: u64,
    g: u64,
    game: Game,
    deal: mcr_records::env::wall::Deal,
    info: super::GameInfo,
    /// Bot entry by seat.
    seating: [usize; 4],
    /// Rows asked this step: (seat, entry, row in the entry's batch).
    asked: Vec<(u8, usize, usize)>,
    done: Option<Result<GameOutcome, GameError>>,
}

/// True when every seat of `cfg` is a batch policy or a native one
/// ([`super::builtin`]): the runner of this module can play it.
pub fn all_batched(cfg: &ArenaConfig) -> bool {
    cfg.seats.iter().all(|s| matches!(s, SeatSpec::Batch { .. } | SeatSpec::Native { .. }))
}

/// Plays `cfg` (every seat a [`SeatSpec::Batch`] or [`SeatSpec::Native`];
/// a native seat decides inside the tables' parallel step) with `tables` games at
/// once, handing each game to `each` in run order (the contract of
/// [`super::run`]); `cfg.jobs` is the number of threads stepping the tables.
/// Without `records`, no record is made (the costliest part of a game).
/// Each outcome holds the standings' summary either way, made by the same
/// reading ([`read::summary_of`]) of the same end of game (`expected`) the
/// record holds.
pub fn run(
    cfg: &ArenaConfig,
    tables: usize,
    records: bool,
    mut each: impl FnMut(u64, GameOutcome) -> Result<(), String>,
) -> Result<u64, ArenaError> {
    let mut policies: Vec<Option<Shared>> = Vec::new();
    let mut natives: Vec<Option<Arc<dyn NativePolicy>>> = Vec::new();
    for s in &cfg.seats {
        match s {
            SeatSpec::Batch { policy, .. } => {
                policies.push(Some(policy.clone()));
                natives.push(None);
            }
            SeatSpec::Native { policy, .. } => {
                policies.push(None);
                natives.push(Some(policy.clone()));
            }
            other => return Err(ArenaError::Output(format!("seat {:?} is not a batch policy", other.name()))),
        }
    }
    let kinds: Vec<ObsKind> = policies
        .iter()
        .map(|p| p.as_ref().map_or(ObsKind::Compact, |p| p.lock().unwrap_or_else(|e| e.into_inner()).obs()))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs.max(1))
        .build()
        .map_err(|e| ArenaError::Output(format!("thread pool: {e}")))?;
    let mut schedule = cfg.schedule().enumerate().map(|(k, g)| (k as u64, g));
    let mut active: Vec<Table> = Vec::new();
    let mut waiting: BTreeMap<u64, (u64, GameOutcome)> = BTreeMap::new();
    let (mut next, mut handed) = (0u64, 0u64);
    let mut obs: Vec<Vec<u8>> = vec![Vec::new(); 4];
    let mut masks: Vec<Vec<u8>> = vec![Vec::new(); 4];
    let mut actions: Vec<Vec<i64>> = vec![Vec::new(); 4];
    loop {
        if super::is_interrupted() {
            return Err(ArenaError::Interrupted { done: handed });
        }
        // Fill the tables from the schedule.
        let fresh: Vec<(u64, u64)> = schedule.by_ref().take(tables.max(1).saturating_sub(active.len())).collect();
        let started: Vec<Result<Table, ArenaError>> = pool.install(|| {
            fresh
                .into_par_iter()
                .map(|(k, g)| {
                    let (deal, info) = super::setup(cfg, g);
                    let mut game = Game::logged(cfg.profile, deal.clone(), info.game_id.clone())
                        .map_err(|e| ArenaError::Game { game: g, error: e.into() })?;
                    play_forced(&mut game).map_err(|error| ArenaError::Game { game: g, error })?;
                    Ok(Table { k, g, game, deal, info, seating: cfg.seating(g), asked: Vec::new(), done: None })
                })
                .collect()
        });
        for t in started {
            active.push(t?);
        }
        if active.is_empty() {
            break;
        }
        // The rows of each entry.
        let mut rows = [0usize; 4];
        for t in &mut active {
            t.asked.clear();
            for seat in 0..4u8 {
                if t.game.legal_count(seat) >= 2 {
                    let e = t.seating[seat as usize];
                    if natives[e].is_some() {
                        // Decided in the step itself.
                        t.asked.push((seat, e, usize::MAX));
                    } else {
                        t.asked.push((seat, e, rows[e]));
                        rows[e] += 1;
                    }
                }
            }
        }
        for e in 0..4 {
            obs[e].resize(rows[e] * kinds[e].len(), 0);
            masks[e].resize(rows[e] * NUM_ACTIONS, 0);
            actions[e].clear();
            actions[e].resize(rows[e], 0);
        }
        // Write the observations and masks (tables in parallel: each writes
        // its own rows, collected then copied in place).
        let written: Vec<TableRows> = pool.install(|| {
            active
                .par_iter()
                .with_min_len(16)
                .map(|t| {
                    t.asked
                        .iter()
                        .filter(|&&(_, e, _)| natives[e].is_none())
                        .map(|&(seat, e, row)| {
                            let mut o = vec![0u8; kinds[e].len()];
                            t.game.write_seat_obs(kinds[e], seat, &mut o);
                            (e, row, o, t.game.mask(seat).to_vec())
                        })
                        .collect()
                })
                .collect()
        });
        for (e, row, o, m) in written.into_iter().flatten() {
            let l = kinds[e].len();
            obs[e][row * l..(row + 1) * l].copy_from_slice(&o);
            masks[e][row * NUM_ACTIONS..(row + 1) * NUM_ACTIONS].copy_from_slice(&m);
        }
        for e in 0..4 {
            if let (true, Some(p)) = (rows[e] > 0, &policies[e]) {
                let mut p = p.lock().unwrap_or_else(|x| x.into_inner());
                p.act(&obs[e], &masks[e], &mut actions[e])
                    .map_err(|message| ArenaError::Output(format!("policy {:?}: {message}", cfg.seats[e].name())))?;
            }
        }
        // Step every table and play its forced steps; finished games make their record.
        pool.install(|| {
            active.par_iter_mut().with_min_len(8).for_each(|t| {
                let mut a: [usize; 4] = std::array::from_fn(|s| {
                    t.game.legal_actions(s as u8).next().unwrap_or(mcr_records::env::action::PASS)
                });
                for &(seat, e, row) in &t.asked {
                    a[seat as usize] = match &natives[e] {
                        Some(p) => p.decide(&Decision {
                            engine: t.game.engine(),
                            seen: t.game.seen(),
                            seat,
                            pending: t.game.pending(seat),
                            mask: t.game.mask(seat),
                        }),
                        None => usize::try_from(actions[e][row]).unwrap_or(usize::MAX),
                    };
                }
                let r = t.game.step(a).map_err(GameError::from).and_then(|_| play_forced(&mut t.game));
                t.done = match r {
                    Err(e) => Some(Err(e)),
                    Ok(()) if t.game.is_over() => Some(outcome(t, records)),
                    Ok(()) => None,
                };
            })
        });
        let mut i = 0;
        while i < active.len() {
            if active[i].done.is_none() {
                i += 1;
                continue;
            }
            let t = active.swap_remove(i);
            match t.done {
                Some(Ok(o)) => {
                    waiting.insert(t.k, (t.g, o));
                }
                Some(Err(error)) => return Err(ArenaError::Game { game: t.g, error }),
                None => {}
            }
        }
        while let Some((g, o)) = waiting.remove(&next) {
            each(g, o).map_err(ArenaError::Output)?;
            next += 1;
            handed += 1;
        }
    }
    Ok(handed)
}

/// Plays the steps where no seat has a choice.
fn play_forced(game: &mut Game) -> Result<(), GameError> {
    while let Some(forced) = game.forced() {
        game.step(forced)?;
    }
    Ok(())
}

/// The summary of a finished table and, with `records`, its record as
/// [`super::run`] writes it.
fn outcome(t: &Table, records: bool) -> Result<GameOutcome, GameError> {
    let turns: Vec<(&mcr_core::engine::Turn, Option<[&str; 4]>)> =
        t.game.turns().map(|it| it.collect()).unwrap_or_default();
    let last: &Event = &turns[turns.len() - 1].0.event;
    let before = turns.len().checked_sub(2).map(|k| &turns[k].0.event);
    let scores = last.scores().unwrap_or([0; 4]);
    // The standings' summary from the end of game itself, with or without
    // the record (reading it back from the record's text costs a parse).
    let arena = super::game::arena_keys(&t.info);
    let summary =
        read::summary_of(t.info.game_id.clone(), arena, mcr_records::record::Expected::from_events(last, before))
            .map_err(|message| GameError::Local { seat: 0, message })?;
    if !records {
        return Ok(GameOutcome { record: String::new(), scores, summary: Some(summary) });
    }
    let wall: Vec<String> = t.deal.wall.iter().map(|t| t.name().to_string()).collect();
    let mut record = GameRecord::new(t.info.game_id.clone(), t.deal.srand.into(), t.deal.quan.into(), wall);
    record.turns = turns.iter().map(|(turn, answers)| TurnRecord::from_turn(turn, *answers, [None; 4])).collect();
    let record = dress(record, &t.info, last, before);
    Ok(GameOutcome { record: record.to_json(), scores, summary: Some(summary) })
}
