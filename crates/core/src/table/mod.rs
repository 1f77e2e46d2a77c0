//! The table model: what each action of a seat is worth at a real table,
//! where three other players draw, claim, discard and win.
//!
//! [`crate::analysis::decide`] is exact under the single-player model:
//! only the seat's own draws happen. This model sees the other three:
//!
//! - **Worlds.** What the seat cannot see (the other seats' concealed
//!   tiles, the order of every wall segment's undrawn tiles) is dealt anew
//!   ([`sample::world`]). Each world is a game the seat cannot tell from the
//!   real one: its own tiles, every pack, every discard, the wall counts and
//!   the hand sizes stay.
//! - **Playouts.** In every world, each candidate action is played, then
//!   the game runs to its end through the engine with the greedy policy
//!   ([`crate::greedy`]) for all four seats: HU when legal, the discard of
//!   least shanten, a PENG / CHI that lowers the shanten, a kong that keeps
//!   it. The engine judges and scores as the judge does, so a world ends in
//!   a win (by discard or self-drawn, with its fan), a draw game or, never
//!   with these policies, a verdict.
//! - **The same worlds for every action.** World `i` and its tie-breaks are
//!   drawn from the seed and `i` alone, so the actions are compared on the
//!   same deals (common random numbers): their differences are far less
//!   noisy than their values. [`Analysis::paired`] gives a difference with
//!   its standard error over the worlds.
//! - **Figures**, per action ([`ActionFigures`]): the seat's expected final
//!   score with its standard error, its chance to win the hand and, for an
//!   action that discards, the chance that another seat wins on that very
//!   discard (the deal-in chance).
//! - **The deal-in chance** is counted over [`Options::deal_in_worlds`]
//!   worlds: those played out, and more in which only the discard is made.
//! - **Budget.** [`Options::worlds`] worlds, or fewer when
//!   [`Options::time_limit`] runs out first (never fewer than
//!   [`MIN_WORLDS`]). Without a time limit the figures depend on the seed
//!   alone.
//!
//! # The sampler
//!
//! [`Sampler::Drawn`] (the default) deals each other seat's concealed tiles
//! as a player's hand after as many draws and claims as that seat has had:
//! a uniform hand from the unseen tiles, then for each draw one more unseen
//! tile taken in and the greedy policy's discard given back. The rest fills
//! the walls uniformly. [`Sampler::Uniform`] deals everything uniformly.
//!
//! Why: a uniform deal needs no model of the players, but it gives players
//! who have drawn ten times hands as far from winning as random tiles are.
//! Measured on greedy self-play (the manual's calibration chapter,
//! `docs/src/table.md`), uniform worlds almost never let another seat win
//! on a discard (the deal-in chance predicted 0 where 1 in 100 discards
//! dealt in, a Brier score no better than the base rate's) and overrate the
//! seat's own score by 4 to 9 points a game in every bin. The drawn worlds
//! use only what every seat sees (the draws each seat has had, its claims)
//! and the policy the playouts assume; they make the others as fast as
//! players are. They do not read which tiles a seat discarded.
//!
//! ```
//! use mcr_core::engine::{Claim, Engine};
//! use mcr_core::rng::Rng;
//! use mcr_core::table::{analyse, hand_sizes, legal_actions, Options};
//! use mcr_core::tiles::Tile;
//!
//! let mut wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
//! let mut rng = Rng::new(7);
//! for i in (1..wall.len()).rev() {
//!     wall.swap(i, rng.below(i + 1));
//! }
//! let mut engine = Engine::new();
//! engine.reset_tiles(&wall, 0, 1)?;
//! engine.step(["PASS"; 4])?; // the deal
//! engine.step(["PASS"; 4])?; // seat 0 draws
//! let actions = legal_actions(&engine, 0);
//! let options = Options { worlds: 8, ..Options::default() };
//! let analysis = analyse(&engine, 0, hand_sizes(&engine), &actions, &options).unwrap();
//! assert_eq!(analysis.worlds, 8);
//! for row in &analysis.actions {
//!     assert!((0.0..=1.0).contains(&row.win_prob));
//!     // Every discard has a deal-in chance; nothing else has one.
//!     assert_eq!(row.deal_in.is_some(), matches!(row.action.claim, Claim::Play(_)));
//! }
//! // Two discards on the same worlds: their difference and its error.
//! let (diff, se) = analysis.paired(0, 1);
//! assert!(se >= 0.0 && diff.is_finite());
//! # Ok::<(), mcr_core::engine::EngineError>(())
//! ```

mod playout;
pub mod sample;

use std::time::{Duration, Instant};

use crate::engine::{Claim, Engine, EngineError, Move};
use crate::rng::Rng;
pub use sample::{hand_sizes, SampleError, Sampler};

/// Fewest worlds an analysis plays, whatever its time limit.
pub const MIN_WORLDS: usize = 4;

/// How an analysis samples and how long it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Worlds to play each action in (default 64).
    pub worlds: usize,
    /// The seed of the worlds and of the playouts' tie-breaks.
    pub seed: u64,
    /// Stop adding worlds once this much time has passed (after
    /// [`MIN_WORLDS`]); `None`: play all of [`Options::worlds`].
    pub time_limit: Option<Duration>,
    /// How the hidden tiles are dealt.
    pub sampler: Sampler,
    /// Worlds the deal-in chance is counted over (default 256): the
    /// playouts' worlds, then more worlds dealt the same way, in each of
    /// which the discard is made and the other seats' HU looked for (no
    /// playout). A small chance needs many worlds to be told from 0.
    pub deal_in_worlds: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options { worlds: 64, seed: 0, time_limit: None, sampler: Sampler::Drawn, deal_in_worlds: 256 }
    }
}

/// The figures of one action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionFigures {
    /// The action (a PENG or CHI with its discard).
    pub action: Move,
    /// The seat's expected final score after it.
    pub mean: f64,
    /// The standard error of [`ActionFigures::mean`] over the worlds.
    pub se: f64,
    /// The chance that the seat wins the hand.
    pub win_prob: f64,
    /// For an action that discards (PLAY, PENG, CHI): the chance that
    /// another seat wins on that discard. `None` for the others.
    pub deal_in: Option<f64>,
}

crate::ser_struct! { ActionFigures;
    "action" => action with(answer_text: Move),
    "mean" => mean,
    "se" => se,
    "win_prob" => win_prob,
    "deal_in" => deal_in,
}

/// A move written as the judge reads it (`PLAY W1`, `PENG B3`, `PASS`).
fn answer_text<S: serde::Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&m.answer().unwrap_or_default())
}

/// The analysis of one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The deciding seat.
    pub seat: u8,
    /// Worlds each action was played in.
    pub worlds: usize,
    /// One row per action, in the order given.
    pub actions: Vec<ActionFigures>,
    /// The seat's final score per action and world.
    scores: Vec<Vec<i32>>,
}

impl Analysis {
    /// The row of the highest expected score (the first of equals).
    pub fn best(&self) -> Option<usize> {
        (0..self.actions.len()).reduce(|a, b| if self.actions[b].mean > self.actions[a].mean { b } else { a })
    }

    /// The row of `action`, if analysed.
    pub fn find(&self, action: Move) -> Option<usize> {
        self.actions.iter().position(|a| a.action == action)
    }

    /// Row `a`'s score less row `b`'s, on the same worlds: the mean
    /// difference and its standard error.
    pub fn paired(&self, a: usize, b: usize) -> (f64, f64) {
        let d: Vec<f64> = self.scores[a].iter().zip(&self.scores[b]).map(|(&x, &y)| (x - y) as f64).collect();
        mean_se(&d)
    }

    /// Row `a`'s final score in each world, in world order.
    pub fn scores(&self, a: usize) -> &[i32] {
        &self.scores[a]
    }

    /// The gain of playing the best row instead of row `played`, measured
    /// on worlds it was not chosen on: the best row of the even-numbered
    /// worlds is compared with `played` on the odd-numbered ones, the best
    /// of the odd-numbered worlds on the even-numbered ones, and the
    /// result is the mean of those world-by-world differences with its
    /// standard error. `best.mean - played.mean` on the same worlds is
    /// biased up (the best of many noisy means came out high, which is
    /// partly why it is the best); this is not. It leans low instead, as a
    /// choice made on half the worlds can be a worse one, and may be below
    /// 0 when `played` is as good as any. With fewer than two worlds: (0, 0).
    ///
    /// ```
    /// use mcr_core::engine::Engine;
    /// use mcr_core::rng::Rng;
    /// use mcr_core::table::{analyse, hand_sizes, legal_actions, Options};
    /// use mcr_core::tiles::Tile;
    ///
    /// let mut wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
    /// let mut rng = Rng::new(7);
    /// for i in (1..wall.len()).rev() {
    ///     wall.swap(i, rng.below(i + 1));
    /// }
    /// let mut e = Engine::new();
    /// e.reset_tiles(&wall, 0, 1)?;
    /// e.step(["PASS"; 4])?; // the deal
    /// e.step(["PASS"; 4])?; // seat 0 draws
    /// let actions = legal_actions(&e, 0);
    /// let a = analyse(&e, 0, hand_sizes(&e), &actions, &Options { worlds: 8, ..Options::default() }).unwrap();
    /// // What the best would gain over the first discard, and its error.
    /// let (gain, se) = a.cross_fitted_gain(0);
    /// assert!(gain.is_finite() && se >= 0.0);
    /// assert_eq!(a.scores(0).len(), 8);
    /// # Ok::<(), mcr_core::engine::EngineError>(())
    /// ```
    pub fn cross_fitted_gain(&self, played: usize) -> (f64, f64) {
        let n = self.scores.get(played).map_or(0, Vec::len);
        if n < 2 {
            return (0.0, 0.0);
        }
        // The best row by its mean over the worlds of one parity (the first
        // of equals), each row's sum taken once.
        let best_on = |parity: usize| {
            let sums: Vec<i64> =
                self.scores.iter().map(|r| r.iter().skip(parity).step_by(2).map(|&x| x as i64).sum()).collect();
            (0..sums.len()).reduce(|a, b| if sums[b] > sums[a] { b } else { a }).unwrap_or(played)
        };
        let chosen = [best_on(1), best_on(0)];
        let d: Vec<f64> = (0..n).map(|w| (self.scores[chosen[w % 2]][w] - self.scores[played][w]) as f64).collect();
        mean_se(&d)
    }

    /// Row `a`'s expected score over the even-numbered worlds and over the
    /// odd-numbered ones: two estimates with independent noise (one to
    /// sort or choose by, the other to measure with).
    pub fn half_means(&self, a: usize) -> (f64, f64) {
        let half = |parity: usize| {
            let v: Vec<f64> = self.scores[a].iter().skip(parity).step_by(2).map(|&x| x as f64).collect();
            mean_se(&v).0
        };
        (half(0), half(1))
    }
}

/// Every complete answer `seat` may give now (PENG and CHI with each legal
/// discard), as [`Engine::legal_moves`] lists them.
pub fn legal_actions(engine: &Engine, seat: u8) -> Vec<Move> {
    let mut v = Vec::new();
    engine.legal_moves(seat, |m| v.push(m));
    v
}

/// Why a decision could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The hand sizes do not fit the tiles the seat cannot see.
    Sample(SampleError),
    /// The engine refused a step of a playout.
    Engine(EngineError),
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Sample(e) => write!(f, "cannot deal a world: {e}"),
            TableError::Engine(e) => write!(f, "a playout failed: {e}"),
        }
    }
}

impl std::error::Error for TableError {}

impl From<EngineError> for TableError {
    fn from(e: EngineError) -> TableError {
        TableError::Engine(e)
    }
}

/// Analyses `actions` of `seat` at the decision `engine` is at, `sizes`
/// the concealed tiles each seat holds ([`hand_sizes`] for an engine that
/// knows every pack). Reads only what `seat` may see of `engine`.
pub fn analyse(
    engine: &Engine,
    seat: u8,
    sizes: [u8; 4],
    actions: &[Move],
    options: &Options,
) -> Result<Analysis, TableError> {
    let start = Instant::now();
    let mut scores: Vec<Vec<i32>> = vec![Vec::with_capacity(options.worlds); actions.len()];
    let mut wins = vec![0usize; actions.len()];
    let mut deal_ins = vec![0usize; actions.len()];
    let mut worlds = 0;
    while worlds < options.worlds.max(1) {
        if worlds >= MIN_WORLDS && options.time_limit.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let mut rng = Rng::stream(options.seed, worlds as u64);
        let world = sample::world(engine, seat, sizes, options.sampler, &mut rng).map_err(TableError::Sample)?;
        let ties = rng.next_u64();
        for (i, &action) in actions.iter().enumerate() {
            let mut rng = Rng::new(ties);
            let end = playout::play_out(world, seat, action, &mut rng)?;
            scores[i].push(end.score);
            wins[i] += end.won as usize;
            deal_ins[i] += end.dealt_in as usize;
        }
        worlds += 1;
    }
    // More worlds for the deal-in chance alone, drawn from the same streams.
    let deal_in_worlds = if actions.iter().any(|&a| discards(a)) {
        count_deal_ins(engine, seat, sizes, actions, options, worlds, start, &mut deal_ins)?
    } else {
        worlds
    };
    let n = worlds as f64;
    let rows = actions
        .iter()
        .enumerate()
        .map(|(i, &action)| {
            let (mean, se) = mean_se(&scores[i].iter().map(|&s| s as f64).collect::<Vec<_>>());
            ActionFigures {
                action,
                mean,
                se,
                win_prob: wins[i] as f64 / n,
                deal_in: discards(action).then(|| deal_ins[i] as f64 / deal_in_worlds as f64),
            }
        })
        .collect();
    Ok(Analysis { seat, worlds, actions: rows, scores })
}

/// The deal-in chance of each of `actions` (`None` for one that does not
/// discard), counted over `options.deal_in_worlds` worlds dealt as
/// [`analyse`] deals them, with no playout: cheaper than [`analyse`] when
/// only the danger of each discard is wanted.
pub fn deal_in_chances(
    engine: &Engine,
    seat: u8,
    sizes: [u8; 4],
    actions: &[Move],
    options: &Options,
) -> Result<Vec<Option<f64>>, TableError> {
    let mut counts = vec![0usize; actions.len()];
    let worlds = count_deal_ins(engine, seat, sizes, actions, options, 0, Instant::now(), &mut counts)?;
    Ok(actions.iter().zip(counts).map(|(&a, k)| discards(a).then(|| k as f64 / worlds as f64)).collect())
}

/// Adds to `counts` the deal-ins of each discarding action in worlds
/// `from..options.deal_in_worlds` (at least one world in all, no world
/// started past the time limit once [`MIN_WORLDS`] are counted); returns
/// the worlds counted in all.
#[allow(clippy::too_many_arguments)]
fn count_deal_ins(
    engine: &Engine,
    seat: u8,
    sizes: [u8; 4],
    actions: &[Move],
    options: &Options,
    from: usize,
    start: Instant,
    counts: &mut [usize],
) -> Result<usize, TableError> {
    let mut worlds = from;
    while worlds < options.deal_in_worlds.max(1) {
        if worlds >= MIN_WORLDS && options.time_limit.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let mut rng = Rng::stream(options.seed, worlds as u64);
        let world = sample::world(engine, seat, sizes, options.sampler, &mut rng).map_err(TableError::Sample)?;
        let ties = rng.next_u64();
        for (i, &action) in actions.iter().enumerate().filter(|(_, &a)| discards(a)) {
            counts[i] += playout::deals_in(world, seat, action, &mut Rng::new(ties))? as usize;
        }
        worlds += 1;
    }
    Ok(worlds)
}

/// Whether an answer discards a tile (PLAY, or PENG / CHI and their discard).
pub fn discards(m: Move) -> bool {
    matches!(m.claim, Claim::Play(_) | Claim::Peng | Claim::Chi { .. })
}

/// The mean of `x` and its standard error (0 with fewer than two values).
fn mean_se(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    if x.is_empty() {
        return (0.0, 0.0);
    }
    let mean = x.iter().sum::<f64>() / n;
    if x.len() < 2 {
        return (mean, 0.0);
    }
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}
