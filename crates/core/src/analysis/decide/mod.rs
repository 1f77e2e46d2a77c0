//! Decision analysis that knows the fan minimum: for every discard of a seat
//! holding its draw, the chance to win with the rules' minimum fan (8 under
//! `botzone`) or more within the draws left, the expected points of that win,
//! and the fewest draws that can bring it.
//!
//! # The model
//!
//! - **The decision.** The deciding seat holds `14 - 3*len(packs)` standing
//!   tiles (its draw included) and its packs. It discards one standing tile.
//! - **The draws.** The seat then draws `draws_left` more tiles, one at a
//!   time, uniformly without replacement from the pool `unseen` (34 counts:
//!   what the seat cannot see). Nothing else happens: no claims, no other
//!   player's win, no kongs.
//! - **Winning.** After each draw, a winning hand worth 8 fan or more is
//!   declared at once. Otherwise the seat discards again.
//! - **Scoring.** The win is scored by the profile's calculator:
//!   - self-drawn;
//!   - 4th tile iff `shown[tile] == 3`, where `shown` is the judge's
//!     shownTile (34 counts);
//!   - not about-kong, not wall-last, no flowers;
//!   - the seat's wind and the prevalent wind.
//! - **`shown` moves with the model's discards.** Each discard of the model,
//!   the first included, passes unclaimed and adds 1 to its kind's count, as
//!   the judge counts it.
//! - **The figures**, per discard:
//!   - `win_prob`: the probability of such a win, under the discards that
//!     maximise it;
//!   - `exp_points`: the expected `3 * (8 + fan)` of the win (0 if none),
//!     under the discards that maximise it;
//!   - `min_draws`: the least number of draws after which some draws of
//!     positive probability, with some discards, reach such a win; null if
//!     none within `draws_left`.
//!
//! The minimum (8) and the points (`3 * (8 + fan)`, what the three other
//! seats pay a self-drawn win) are the profile's `game` rules
//! ([`crate::fans::GameRules`]): another profile's minimum and base score
//! take their place.
//!
//! # Exact search
//!
//! Up to [`Options::exact_draws`] draws (3 by default) the figures are exact
//! under the model: an expectimax over every discard and every draw, with
//! two prunings that lose nothing. A hand whose shanten (the least over the
//! five shapes of [`super::analyse_counts`]) is `s` needs at least `s + 1`
//! draws to win, so a discard leaving more than the draws left is worth 0;
//! and when it needs exactly the draws left, only its useful tiles can keep
//! it on time, so only they are drawn further. Decisions reached by several
//! orders of the same draws and discards are searched once, and every hand
//! is scored once (by the calculator, after its `cannot_win` test).
//!
//! # Deeper horizons
//!
//! Past [`Options::exact_draws`] the search keeps the model but follows only
//! the draws that lower the hand's shanten: any other draw is taken as
//! discarded at once (the hand stays as it is, and one draw is spent). A
//! waiting hand's useful draws are the tiles that win with the minimum fan;
//! a win below it counts as a draw discarded at once. After a useful draw it
//! tries only the discards that keep the lowered shanten. A useful tile's
//! chance at each draw is its unseen count (less the copies drawn on the
//! way) over the tiles left in the pool, and a tile is scored as the 4th
//! when `shown` says so with the path's own discards from the hand counted
//! (not the draws discarded at once). Each hand is searched once for all
//! numbers of draws left (its figures are a vector indexed by the draws
//! left), so the cost grows with the hands within reach, not with the
//! draws. At most [`Options::node_budget`] hands are expanded per decision,
//! shared among the discards (each its share, and what the earlier ones
//! left); a hand past the budget counts as worth 0
//! ([`Decision::budget_hit`] says so).
//!
//! Its error against the exact figures, measured on real states (every 5th
//! own-draw decision of the first 30 games of `tests/data/games.jsonl.gz`,
//! each cut to 3 and then 4 draws left; the deeper search run with
//! [`Options::exact_draws`] 2, the exact one with 4; profile `botzone`):
//!
//! | draws left | states | discards | `win_prob` abs. error, mean / max | `exp_points` abs. error, mean / max | `min_draws` equal | same best discard | `exp_points` lost by its choice |
//! |---|---|---|---|---|---|---|---|
//! | 3 | 394 | 3,720 | 5.3e-4 / 0.079 | 0.040 / 9.7 | 95.7% | 90.9% | 0.019 a state (1.8% of the best's 1.09) |
//! | 4 | 382 | 3,626 | 1.4e-3 / 0.135 | 0.100 / 15.5 | 91.0% | 63.4% | 0.036 a state (2.2% of the best's 1.66) |
//!
//! Measured with `mcr bench decide --games 30 --every 5 --error`. The exact
//! search took 2.4 ms (3 draws) and 61 ms (4 draws) a state on average, the
//! deeper one 0.6 ms and 3.4 ms.
//!
//! Speed at the real draws left (up to 21), one thread, the default options
//! (`mcr bench decide --games 100`: 6,771 decisions): median 2.1 ms, p90
//! 10.2 ms, p99 15.9 ms, max 32 ms per decision; the node budget was reached
//! in 4,057 of them (early hands, far from any win).

mod order;
mod search;

pub use order::{counts_from_judge_order, counts_to_judge_order, JUDGE_ORDER};

use super::discard::pack_counts;
use crate::fans::Profile;
use crate::hand::{HandError, HandInput, Pack, WinFlags};
use crate::tiles::{Tile, TileCounts};
use search::{Search, Value, NONE};

/// One decision: a seat holding its draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The seat's fixed packs (at most 4).
    pub packs: Vec<Pack>,
    /// Its standing tiles, the drawn one included: `14 - 3 * packs`.
    pub hand: Vec<Tile>,
    /// Its wind, 0 (east) ..= 3.
    pub seat: u8,
    /// The prevalent wind, 0 ..= 3.
    pub prevalent: u8,
    /// The judge's shownTile, by tile index.
    pub shown: TileCounts,
    /// What the seat cannot see, by tile index: the pool of its draws.
    pub unseen: TileCounts,
    /// How many more tiles the seat draws.
    pub draws_left: u32,
}

/// The figures of one discard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiscardFigures {
    /// The tile discarded.
    pub tile: Tile,
    /// The chance of a win of the minimum fan or more, under the discards
    /// that maximise it.
    pub win_prob: f64,
    /// The expected points of that win (0 without one), under the discards
    /// that maximise them.
    pub exp_points: f64,
    /// The fewest draws that can reach such a win; `None` if none can
    /// within the draws left.
    pub min_draws: Option<u32>,
}

crate::ser_struct! { DiscardFigures;
    "tile" => tile,
    "win_prob" => win_prob,
    "exp_points" => exp_points,
    "min_draws" => min_draws,
}

/// The analysis of one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Whether the tiles held already win with the minimum fan or more,
    /// self-drawn, one of them taken as the drawn tile.
    pub wins_now: bool,
    /// The fan of the best such win (0 when none).
    pub fan_now: i32,
    /// One row per kind held, in the judge's tile order (W, B, T, F, J).
    pub discards: Vec<DiscardFigures>,
    /// Whether every figure is exact under the model (draws left at most
    /// [`Options::exact_draws`]); otherwise they come from the deeper search.
    pub exact: bool,
    /// Whether the deeper search reached its node budget (some hands within
    /// reach were then counted as worth 0).
    pub budget_hit: bool,
}

impl Decision {
    /// The row with the highest `exp_points` (ties: higher `win_prob`, then
    /// the first in order).
    pub fn best_by_points(&self) -> Option<&DiscardFigures> {
        self.discards.iter().reduce(|a, b| if (b.exp_points, b.win_prob) > (a.exp_points, a.win_prob) { b } else { a })
    }

    /// The row with the highest `win_prob` (ties: higher `exp_points`, then
    /// the first in order).
    pub fn best_by_win_prob(&self) -> Option<&DiscardFigures> {
        self.discards.iter().reduce(|a, b| if (b.win_prob, b.exp_points) > (a.win_prob, a.exp_points) { b } else { a })
    }
}

/// How the analysis searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Up to this many draws left the search is exact (default 3).
    pub exact_draws: u32,
    /// Past them, at most this many hands are searched per discard
    /// (default 1,000).
    pub node_budget: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options { exact_draws: 3, node_budget: 1_000 }
    }
}

/// Why a state cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecideError {
    /// The seat does not hold `total - 3 * packs` standing tiles (14 with
    /// its draw).
    TileCount {
        /// The standing tiles given.
        standing: usize,
        /// The packs given.
        packs: usize,
        /// The tiles a seat holds with its draw, packs counted as three.
        total: usize,
    },
    /// The hand or its packs are not a hand the calculator takes.
    Hand(HandError),
    /// More than four copies of one kind between the hand, the packs and
    /// the unseen pool.
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// The copies counted.
        count: u32,
    },
    /// `shown` counts more than four of a kind.
    TooManyShown {
        /// The kind.
        tile: Tile,
        /// Its count in `shown`.
        count: u8,
    },
    /// The seat would draw more tiles than the pool holds.
    DrawsPastPool {
        /// `draws_left`.
        draws: u32,
        /// The tiles in `unseen`.
        pool: u32,
    },
}

impl std::fmt::Display for DecideError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecideError::TileCount { standing, packs, total } => {
                write!(f, "{standing} standing tiles beside {packs} packs: expected {total} - 3 x packs")
            }
            DecideError::Hand(v0) => write!(f, "{v0}"),
            DecideError::TooManyCopies { tile, count } => {
                write!(f, "{count} copies of {tile} among the hand, the packs and the unseen tiles (at most 4)")
            }
            DecideError::TooManyShown { tile, count } => write!(f, "shown counts {count} of {tile} (at most 4)"),
            DecideError::DrawsPastPool { draws, pool } => {
                write!(f, "draws_left {draws} is more than the {pool} unseen tiles")
            }
        }
    }
}

impl std::error::Error for DecideError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DecideError::Hand(v0) => Some(v0),
            _ => None,
        }
    }
}

impl From<HandError> for DecideError {
    fn from(e: HandError) -> DecideError {
        DecideError::Hand(e)
    }
}

/// The analysis of `state` under `profile`, with the default [`Options`].
pub fn decide(profile: &'static Profile, state: &State) -> Result<Decision, DecideError> {
    decide_with(profile, state, Options::default())
}

/// [`decide`] with the search's options.
pub fn decide_with(profile: &'static Profile, state: &State, options: Options) -> Result<Decision, DecideError> {
    check(state)?;
    let mut search = Search::new(profile, state, options);
    let (wins_now, fan_now) = search.wins_now();
    let mut discards = Vec::new();
    let exact = state.draws_left <= options.exact_draws;
    let kinds = JUDGE_ORDER.iter().filter(|t| search.hand[t.index()] > 0).count();
    for tile in JUDGE_ORDER {
        let x = tile.index();
        if search.hand[x] == 0 {
            continue;
        }
        // Each discard may use its share of the budget, and what the
        // earlier ones left.
        search.node_limit = options.node_budget * (discards.len() + 1) / kinds;
        let v = if state.draws_left == 0 {
            Value::ZERO
        } else if state.draws_left <= options.exact_draws {
            search.discard_exact(x, state.draws_left)
        } else {
            search.discard_deep(x)
        };
        discards.push(DiscardFigures {
            tile,
            win_prob: v.win_prob,
            exp_points: v.exp_points,
            min_draws: (v.min_draws != NONE).then_some(v.min_draws),
        });
    }
    Ok(Decision { wins_now, fan_now, discards, exact, budget_hit: search.budget_hit })
}

/// The figures of a seat that holds `13 - 3 * packs` standing tiles and
/// waits for its next draw (after a discard, or to weigh a claim against
/// passing): the same model, its first draw next. The row's `tile` is the
/// first tile held.
pub fn waiting_figures(
    profile: &'static Profile,
    state: &State,
    options: Options,
) -> Result<DiscardFigures, DecideError> {
    check_tiles(state, 13)?;
    let mut search = Search::new(profile, state, options);
    let k = state.draws_left;
    let v = if k == 0 {
        Value::ZERO
    } else if k <= options.exact_draws {
        let (dist, useful) = search.distance();
        if dist > k {
            Value::ZERO
        } else {
            search.draws_exact(k, dist, useful)
        }
    } else {
        let node = search.deep_node();
        search.deep_values[node][k as usize]
    };
    Ok(DiscardFigures {
        tile: state.hand[0],
        win_prob: v.win_prob,
        exp_points: v.exp_points,
        min_draws: (v.min_draws != NONE).then_some(v.min_draws),
    })
}

fn check(state: &State) -> Result<(), DecideError> {
    check_tiles(state, 14)
}

/// [`check`] for a hand of `total - 3 * packs` standing tiles.
fn check_tiles(state: &State, total: usize) -> Result<(), DecideError> {
    let (standing, packs) = (state.hand.len(), state.packs.len());
    if packs > 4 || standing + 3 * packs != total {
        return Err(DecideError::TileCount { standing, packs, total });
    }
    // The packs and winds, as the calculator takes them.
    let n = standing.min(13);
    HandInput::new(
        &state.packs,
        &state.hand[..n - 1],
        state.hand[n - 1],
        WinFlags::default(),
        state.seat,
        state.prevalent,
        0,
    )?;
    let mut own = pack_counts(&state.packs);
    state.hand.iter().for_each(|t| own[t.index()] += 1);
    for tile in Tile::all() {
        let i = tile.index();
        let count = own[i] as u32 + state.unseen[i] as u32;
        if count > 4 {
            return Err(DecideError::TooManyCopies { tile, count });
        }
        if state.shown[i] > 4 {
            return Err(DecideError::TooManyShown { tile, count: state.shown[i] });
        }
    }
    let pool: u32 = state.unseen.iter().map(|&n| n as u32).sum();
    if state.draws_left > pool {
        return Err(DecideError::DrawsPastPool { draws: state.draws_left, pool });
    }
    Ok(())
}
