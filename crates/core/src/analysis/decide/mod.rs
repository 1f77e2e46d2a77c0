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

use std::collections::HashMap;

use super::analyse_counts;
use super::discard::pack_counts;
use crate::fans::{self, Profile};
use crate::hand::{HandError, HandInput, Pack, WinFlags};
use crate::tiles::{kinds_held, Tile, TileCounts, TILE_KINDS};

/// The judge's order of the 34 counts (`shown`, `unseen`): W1-W9, B1-B9,
/// T1-T9, F1-F4, J1-J3. (The library's tile order has T before B.)
pub const JUDGE_ORDER: [Tile; TILE_KINDS] = {
    let mut order = [Tile::from_index(0); TILE_KINDS];
    let mut j = 0;
    while j < TILE_KINDS {
        let i = match j {
            9..=17 => j + 9,
            18..=26 => j - 9,
            _ => j,
        };
        order[j] = Tile::from_index(i as u8);
        j += 1;
    }
    order
};

/// 34 counts in the judge's order as counts by tile index.
pub fn counts_from_judge_order(judge: &[u8; TILE_KINDS]) -> TileCounts {
    let mut c = [0u8; TILE_KINDS];
    for (j, &n) in judge.iter().enumerate() {
        c[JUDGE_ORDER[j].index()] = n;
    }
    c
}

/// Counts by tile index in the judge's order.
pub fn counts_to_judge_order(c: &TileCounts) -> [u8; TILE_KINDS] {
    std::array::from_fn(|j| c[JUDGE_ORDER[j].index()])
}

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

/// "No win reachable" as a number of draws.
const NONE: u32 = u32::MAX;

/// The three figures of a node.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Value {
    win_prob: f64,
    exp_points: f64,
    min_draws: u32,
}

impl Value {
    const ZERO: Value = Value { win_prob: 0.0, exp_points: 0.0, min_draws: NONE };

    /// Keeps the better of each figure (the discards maximising each).
    fn keep_best(&mut self, v: Value) {
        self.win_prob = self.win_prob.max(v.win_prob);
        self.exp_points = self.exp_points.max(v.exp_points);
        self.min_draws = self.min_draws.min(v.min_draws);
    }
}

/// A hasher for the search's keys (counts packed into integers): one
/// multiply-rotate per word, far cheaper than the default SipHash for keys
/// no adversary chooses.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type Map<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// Bits of one kind in a counts key.
const BITS: u32 = 3;

#[inline]
fn unit(i: usize) -> u128 {
    1u128 << (BITS as usize * i)
}

fn key_of(c: &TileCounts) -> u128 {
    c.iter().enumerate().fold(0, |k, (i, &n)| k | (n as u128) << (BITS as usize * i))
}

/// The search's state: the hand, pool and shown counts as they move along a
/// path, and the caches shared by every path.
struct Search {
    profile: &'static Profile,
    packs: Vec<Pack>,
    seat: u8,
    prevalent: u8,
    min_fan: i32,
    /// Standing tiles after a discard (13 - 3 x packs).
    waiting: usize,
    hand: TileCounts,
    unseen: TileCounts,
    shown: TileCounts,
    pool: u32,
    /// Key of `hand`, and of the tiles drawn and discarded on the path.
    hand_key: u128,
    drawn_key: u128,
    discarded_key: u128,
    /// Points of a win by (hand key, win tile, 4th tile); 0 when it is no
    /// win of the minimum fan.
    points: Map<(u128, u8, bool), f64>,
    /// Shanten + 1 and useful tiles of a hand after its discard.
    distance: Map<u128, (u32, u64)>,
    /// Figures of a decision by the draws and discards that led to it.
    decisions: Map<(u128, u128), Value>,
    /// The deeper search: the root's draws, hand, pool and shown counts.
    root_draws: u32,
    root_hand: TileCounts,
    root_unseen: TileCounts,
    root_shown: TileCounts,
    root_pool: u32,
    node_limit: usize,
    /// Hands the deeper search expanded, over every discard.
    deep_nodes: usize,
    budget_hit: bool,
    /// Hands searched (by key) and their figures per draws left.
    deep_memo: Map<u128, usize>,
    deep_values: Vec<Vec<Value>>,
}

impl Search {
    fn new(profile: &'static Profile, state: &State, options: Options) -> Search {
        let mut hand = [0u8; TILE_KINDS];
        state.hand.iter().for_each(|t| hand[t.index()] += 1);
        Search {
            profile,
            packs: state.packs.clone(),
            seat: state.seat,
            prevalent: state.prevalent,
            min_fan: profile.game.min_fan,
            waiting: 13 - 3 * state.packs.len(),

            hand,
            unseen: state.unseen,
            shown: state.shown,
            pool: state.unseen.iter().map(|&n| n as u32).sum(),
            hand_key: key_of(&hand),
            drawn_key: 0,
            discarded_key: 0,
            points: Map::default(),
            distance: Map::default(),
            decisions: Map::default(),
            root_draws: state.draws_left,
            root_hand: hand,
            root_unseen: state.unseen,
            root_shown: state.shown,
            root_pool: state.unseen.iter().map(|&n| n as u32).sum(),
            node_limit: options.node_budget,
            deep_nodes: 0,
            budget_hit: false,
            deep_memo: Map::default(),
            deep_values: Vec::new(),
        }
    }

    /// The points of the current 14 tiles won self-drawn on `t` (0 if it is
    /// not a win of the minimum fan), and the fan.
    fn score(&mut self, t: usize) -> (f64, i32) {
        let fourth = self.shown[t] == 3;
        (self.score_as(t, fourth), 0)
    }

    /// [`Search::score`] with the 4th-tile flag given.
    fn score_as(&mut self, t: usize, fourth: bool) -> f64 {
        let key = (self.hand_key, t as u8, fourth);
        if let Some(&p) = self.points.get(&key) {
            return p;
        }
        let (p, _) = self.score_uncached(t, fourth);
        self.points.insert(key, p);
        p
    }

    fn score_uncached(&self, t: usize, fourth: bool) -> (f64, i32) {
        if self.profile.cannot_win(&self.hand, self.packs.len()) {
            return (0.0, 0);
        }
        let mut standing = [Tile::default(); 14];
        let mut n = 0;
        for (i, &c) in self.hand.iter().enumerate() {
            let c = c - (i == t) as u8;
            for _ in 0..c {
                standing[n] = Tile::from_index(i as u8);
                n += 1;
            }
        }
        let flags = WinFlags { self_drawn: true, fourth_tile: fourth, ..WinFlags::default() };
        let Ok(h) =
            HandInput::new(&self.packs, &standing[..n], Tile::from_index(t as u8), flags, self.seat, self.prevalent, 0)
        else {
            return (0.0, 0);
        };
        let fan = fans::calculate_total_with(self.profile, &h);
        if fan < self.min_fan {
            return (0.0, 0);
        }
        (self.profile.game.hu_scores(self.seat, fan, None)[self.seat as usize] as f64, fan)
    }

    /// Whether the 14 tiles held win now (the best over the kinds held as
    /// the drawn tile), and the fan.
    fn wins_now(&mut self) -> (bool, i32) {
        let mut best = 0;
        for t in 0..TILE_KINDS {
            if self.hand[t] > 0 {
                let (p, fan) = self.score_uncached(t, self.shown[t] == 3);
                if p > 0.0 {
                    best = best.max(fan);
                }
            }
        }
        (best > 0, best)
    }

    /// Shanten + 1 (the fewest draws to a winning shape) and the useful
    /// tiles of the hand after a discard.
    fn distance(&mut self) -> (u32, u64) {
        if let Some(&d) = self.distance.get(&self.hand_key) {
            return d;
        }
        let shapes = analyse_counts(&self.hand, self.waiting);
        let d = match shapes.shanten() {
            Ok(s) => ((s + 1).max(0) as u32, shapes.useful().0),
            Err(_) => (NONE, 0),
        };
        self.distance.insert(self.hand_key, d);
        d
    }

    #[inline]
    fn take(&mut self, x: usize) {
        self.hand[x] -= 1;
        self.hand_key -= unit(x);
        self.shown[x] += 1;
        self.discarded_key += unit(x);
    }

    #[inline]
    fn untake(&mut self, x: usize) {
        self.hand[x] += 1;
        self.hand_key += unit(x);
        self.shown[x] -= 1;
        self.discarded_key -= unit(x);
    }

    #[inline]
    fn draw(&mut self, t: usize) {
        self.hand[t] += 1;
        self.hand_key += unit(t);
        self.unseen[t] -= 1;
        self.pool -= 1;
        self.drawn_key += unit(t);
    }

    #[inline]
    fn undraw(&mut self, t: usize) {
        self.hand[t] -= 1;
        self.hand_key -= unit(t);
        self.unseen[t] += 1;
        self.pool += 1;
        self.drawn_key -= unit(t);
    }

    /// Kinds with copies in the pool.
    fn available(&self) -> u64 {
        kinds_held(&self.unseen)
    }

    /// Exact: discard `x`, then `k` draws (k >= 1).
    fn discard_exact(&mut self, x: usize, k: u32) -> Value {
        self.take(x);
        let (dist, useful) = self.distance();
        let v = if dist > k { Value::ZERO } else { self.draws_exact(k, dist, useful) };
        self.untake(x);
        v
    }

    /// Exact: the next draw of a hand waiting `dist` draws from a winning
    /// shape, `k` draws left.
    fn draws_exact(&mut self, k: u32, dist: u32, useful: u64) -> Value {
        let mut candidates = self.available();
        if dist == k {
            candidates &= useful;
        }
        let pool = self.pool as f64;
        let mut v = Value::ZERO;
        while candidates != 0 {
            let t = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let p = self.unseen[t] as f64 / pool;
            self.draw(t);
            let (points, _) = if dist == 1 { self.score(t) } else { (0.0, 0) };
            if points > 0.0 {
                v.win_prob += p;
                v.exp_points += p * points;
                v.min_draws = 1;
            } else if k > 1 {
                let w = self.decision_exact(k - 1);
                v.win_prob += p * w.win_prob;
                v.exp_points += p * w.exp_points;
                if w.min_draws != NONE {
                    v.min_draws = v.min_draws.min(w.min_draws + 1);
                }
            }
            self.undraw(t);
        }
        v
    }

    /// Exact: a decision with `k` draws left after it (the hand does not win).
    fn decision_exact(&mut self, k: u32) -> Value {
        let key = (self.drawn_key, self.discarded_key);
        if let Some(&v) = self.decisions.get(&key) {
            return v;
        }
        let mut best = Value::ZERO;
        let mut held = kinds_held(&self.hand);
        while held != 0 {
            let x = held.trailing_zeros() as usize;
            held &= held - 1;
            best.keep_best(self.discard_exact(x, k));
        }
        self.decisions.insert(key, best);
        best
    }

    /// The deeper search (see the module docs): the figures of discarding
    /// `x` with all the draws left.
    fn discard_deep(&mut self, x: usize) -> Value {
        self.take(x);
        // The pool and shown counts move from the hand after this discard:
        // a hand's figures depend on it, so each discard searches anew.
        self.root_hand = self.hand;
        self.root_shown = self.shown;
        self.deep_memo.clear();
        self.deep_values.clear();
        let node = self.deep_node();
        let v = self.deep_values[node][self.root_draws as usize];
        self.untake(x);
        v
    }

    /// The deeper search's figures of the hand held after a discard, for
    /// every number of draws left (0 ..= the root's): an index into
    /// `deep_values`.
    fn deep_node(&mut self) -> usize {
        if let Some(&i) = self.deep_memo.get(&self.hand_key) {
            return i;
        }
        let d = self.root_draws as usize;
        let mut values = vec![Value::ZERO; d + 1];
        let (dist, useful) = self.distance();
        if dist as usize > d || self.deep_nodes >= self.node_limit {
            self.budget_hit |= dist as usize <= d;
            let i = self.deep_values.len();
            self.deep_values.push(values);
            self.deep_memo.insert(self.hand_key, i);
            return i;
        }
        // Reserve the slot first: the budget counts it.
        self.deep_nodes += 1;
        let slot = self.deep_values.len();
        self.deep_values.push(Vec::new());
        self.deep_memo.insert(self.hand_key, slot);
        // The useful draws: (copies left, points of a win or 0, index of
        // the best continuation per figure).
        let mut branches: Vec<(u32, f64, Vec<Value>)> = Vec::new();
        let mut bits = useful;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let gained = self.hand[t].saturating_sub(self.root_hand[t]);
            let copies = self.root_unseen[t].saturating_sub(gained) as u32;
            if copies == 0 {
                continue;
            }
            if dist == 1 {
                let discarded = self.root_hand[t].saturating_sub(self.hand[t]);
                let fourth = self.root_shown[t] + discarded == 3;
                self.add(t);
                let points = self.score_as(t, fourth);
                self.remove(t);
                if points > 0.0 {
                    branches.push((copies, points, Vec::new()));
                }
                continue;
            }
            self.add(t);
            let mut best = vec![Value::ZERO; d + 1];
            let mut held = kinds_held(&self.hand);
            while held != 0 {
                let x = held.trailing_zeros() as usize;
                held &= held - 1;
                if x == t {
                    continue;
                }
                self.remove(x);
                if self.distance().0 + 1 == dist {
                    let child = self.deep_node();
                    for (b, v) in best.iter_mut().zip(&self.deep_values[child]) {
                        b.keep_best(*v);
                    }
                }
                self.add(x);
            }
            self.remove(t);
            if best.iter().any(|v| v.min_draws != NONE) {
                branches.push((copies, 0.0, best));
            }
        }
        for k in 1..=d {
            let pool = (self.root_pool - (d - k) as u32) as f64;
            let mut v = Value::ZERO;
            let mut taken = 0.0;
            for (copies, points, next) in &branches {
                let p = *copies as f64 / pool;
                taken += p;
                if *points > 0.0 {
                    v.win_prob += p;
                    v.exp_points += p * points;
                    v.min_draws = 1;
                } else {
                    let w = next[k - 1];
                    v.win_prob += p * w.win_prob;
                    v.exp_points += p * w.exp_points;
                    if w.min_draws != NONE {
                        v.min_draws = v.min_draws.min(w.min_draws + 1);
                    }
                }
            }
            let rest = (1.0 - taken).max(0.0);
            let stay = values[k - 1];
            v.win_prob += rest * stay.win_prob;
            v.exp_points += rest * stay.exp_points;
            if rest > 0.0 && stay.min_draws != NONE {
                v.min_draws = v.min_draws.min(stay.min_draws + 1);
            }
            values[k] = v;
        }
        self.deep_values[slot] = values;
        slot
    }

    #[inline]
    fn add(&mut self, t: usize) {
        self.hand[t] += 1;
        self.hand_key += unit(t);
    }

    #[inline]
    fn remove(&mut self, t: usize) {
        self.hand[t] -= 1;
        self.hand_key -= unit(t);
    }
}
