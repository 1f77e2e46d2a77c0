//! The exact search behind [`super::decide`]: the values of the nodes (win
//! chance, expected points, fewest draws), memoised by a hand's counts, to
//! the horizon of the wall's draws (see the module above for the model).

use std::collections::HashMap;

use super::super::analyse_counts;
use super::{Options, State};
use crate::fans::{self, Profile};
use crate::hand::{HandInput, Pack, WinFlags};
use crate::tiles::{kinds_held, Tile, TileCounts, TILE_KINDS};

/// "No win reachable" as a number of draws.
pub(super) const NONE: u32 = u32::MAX;

/// The three figures of a node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Value {
    pub(super) win_prob: f64,
    pub(super) exp_points: f64,
    pub(super) min_draws: u32,
}

impl Value {
    /// No win reachable.
    pub(super) const ZERO: Value = Value { win_prob: 0.0, exp_points: 0.0, min_draws: NONE };

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
pub(super) struct Search {
    profile: &'static Profile,
    packs: Vec<Pack>,
    seat: u8,
    prevalent: u8,
    min_fan: i32,
    /// Standing tiles after a discard (13 - 3 x packs).
    waiting: usize,
    pub(super) hand: TileCounts,
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
    pub(super) node_limit: usize,
    /// Hands the deeper search expanded, over every discard.
    deep_nodes: usize,
    pub(super) budget_hit: bool,
    /// Hands searched (by key) and their figures per draws left.
    deep_memo: Map<u128, usize>,
    pub(super) deep_values: Vec<Vec<Value>>,
}

impl Search {
    pub(super) fn new(profile: &'static Profile, state: &State, options: Options) -> Search {
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
    pub(super) fn wins_now(&mut self) -> (bool, i32) {
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
    pub(super) fn distance(&mut self) -> (u32, u64) {
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
    pub(super) fn discard_exact(&mut self, x: usize, k: u32) -> Value {
        self.take(x);
        let (dist, useful) = self.distance();
        let v = if dist > k { Value::ZERO } else { self.draws_exact(k, dist, useful) };
        self.untake(x);
        v
    }

    /// Exact: the next draw of a hand waiting `dist` draws from a winning
    /// shape, `k` draws left.
    pub(super) fn draws_exact(&mut self, k: u32, dist: u32, useful: u64) -> Value {
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
    pub(super) fn discard_deep(&mut self, x: usize) -> Value {
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
    pub(super) fn deep_node(&mut self) -> usize {
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
