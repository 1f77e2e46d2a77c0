//! Built-in policies, played in process: no program, no protocol, no
//! observation bytes. A built-in decides from the engine itself, reading
//! only what its seat may see (its hand, its packs, the current tile, the
//! table's discards), and gives an action index of the environment
//! (`env::action`): PENG and CHI are two decisions, the claim then its
//! discard, as for every in-process seat.
//!
//! - `random`: a uniform choice among the legal action indices;
//! - `greedy`: the reference bot's greedy policy (`mcr bot --policy
//!   greedy`, [`crate::refbot`]): HU when legal, the discard of least
//!   shanten (then most unseen useful copies), a kong that keeps the
//!   shanten, a PENG / CHI that lowers it;
//! - `decide`: the reference bot's decision-analysis policy (`mcr bot
//!   --policy decide`, [`mcr_core::analysis::decide`]): HU when legal, the
//!   discard of highest expected points, kongs and claims weighed against
//!   passing by the same analysis, and after a PENG / CHI the best discard
//!   of the hand it leaves; greedy where the analysis sees no win within
//!   the draws left. It takes milliseconds a decision where the others take
//!   microseconds.
//!
//! Every built-in takes a `seed`: its tie-breaks (equal discard rows for
//! `greedy` and `decide`'s greedy moves, every choice for `random`) are drawn from a hash of the seed and
//! the seat's state, so two copies with different seeds are two players,
//! and one policy with one seed decides the same way in both runners
//! ([`crate::run()`] and [`crate::run::batch`]), whatever the order the games are
//! played in.
//!
//! The handicap `random_discards = p` (0 to 1) replaces each discard the
//! policy would make (after its own draw, or after its PENG / CHI) by a
//! uniformly random legal discard with probability `p`: a known-weaker
//! version of a policy, for power runs.
//!
//! New built-ins are a variant of [`Kind`] and a branch of
//! [`Builtin::decide`].

use std::fmt;

use super::table::TableBudget;
use mcr_core::engine::{Claim, Engine, Move};
use mcr_core::tiles::{Tile, TILE_KINDS};
use mcr_records::env::action::{self, NUM_ACTIONS};
use mcr_records::env::obs::Seen;
use mcr_records::env::wall::Rng;

/// What an in-process policy is given at one decision.
pub struct Decision<'a> {
    /// The game (a policy reads only what `seat` may see).
    pub engine: &'a Engine,
    /// What every seat has seen of the game so far, the public record of
    /// its events.
    pub seen: &'a Seen,
    /// The seat deciding.
    pub seat: u8,
    /// The claim whose discard is being chosen (second decision of PENG /
    /// CHI), else `None`.
    pub pending: Option<Claim>,
    /// The legal actions (`NUM_ACTIONS` bytes, non-zero = legal); at least
    /// two are legal (a seat with one is not asked).
    pub mask: &'a [u8],
}

/// A policy deciding from the game itself, in process.
pub trait NativePolicy: Send + Sync {
    /// The action index to play; one outside the mask is sent as a refused
    /// answer, as for any in-process seat.
    fn decide(&self, d: &Decision<'_>) -> usize;

    /// What identifies the policy's play (kind, seed, parameters): part of
    /// the tournament's identity, so that an output is only continued by
    /// the same players.
    fn describe(&self) -> String;
}

/// The built-in policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Uniform among the legal actions.
    Random,
    /// The reference bot's greedy policy.
    Greedy,
    /// The reference bot's decision-analysis policy (by expected points).
    Decide,
    /// The decision analysis's candidates weighed by the table model
    /// ([`super::table`]).
    Table,
}

impl Kind {
    /// Every built-in, in the order documented.
    pub const ALL: [Kind; 4] = [Kind::Random, Kind::Greedy, Kind::Decide, Kind::Table];

    /// The name used in the bots file (`builtin = "greedy"`) and Python.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
            Kind::Decide => "decide",
            Kind::Table => "table",
        }
    }

    /// The built-in of a name; `None` for an unknown one.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// The names, for error messages.
    pub fn names() -> String {
        Kind::ALL.map(|k| format!("{:?}", k.name())).join(", ")
    }
}

/// A built-in policy with its seed and handicap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Builtin {
    /// Which built-in.
    pub kind: Kind,
    /// Seed of its tie-breaks.
    pub seed: u64,
    /// Share of its discards replaced by a random legal discard (0 to 1).
    pub random_discards: f64,
}

impl Builtin {
    /// `kind` with `seed` and no handicap.
    pub fn new(kind: Kind, seed: u64) -> Builtin {
        Builtin { kind, seed, random_discards: 0.0 }
    }

    /// A short description: `greedy seed=3 random_discards=0.2`.
    pub fn describe(&self) -> String {
        let mut s = format!("{} seed={}", self.kind.name(), self.seed);
        if self.random_discards > 0.0 {
            s.push_str(&format!(" random_discards={}", self.random_discards));
        }
        s
    }

    /// The generator of one decision: the seed and everything the seat
    /// sees that changes from one decision to the next.
    fn rng(&self, d: &Decision<'_>) -> Rng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        let e = d.engine;
        eat(d.seat);
        eat(e.current_tile().index() as u8);
        e.walls_remaining().into_iter().for_each(&mut eat);
        e.hand(d.seat).into_iter().for_each(&mut eat);
        for s in 0..4u8 {
            eat(e.packs(s).len() as u8);
        }
        eat(d.pending.map_or(0, |c| 1 + action::encode(c, e.current_tile()).min(250) as u8));
        d.mask.iter().enumerate().filter(|(_, &m)| m != 0).for_each(|(i, _)| eat(i as u8));
        Rng::stream(self.seed, h)
    }

    /// The action index for `d`.
    pub fn decide(&self, d: &Decision<'_>) -> usize {
        self.decide_with(d, TableBudget::default())
    }

    /// The action index for `d`, the `table` built-in analysing with
    /// `budget` (the others do not read it); [`Builtin::decide`] with the
    /// default budget.
    pub fn decide_with(&self, d: &Decision<'_>, budget: TableBudget) -> usize {
        let mut rng = self.rng(d);
        let legal: Vec<usize> = (0..NUM_ACTIONS.min(d.mask.len())).filter(|&i| d.mask[i] != 0).collect();
        if legal.is_empty() {
            return action::PASS;
        }
        // Drawn first, so that the handicap's draw does not move the
        // policy's own tie-breaks.
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let chosen = match self.kind {
            Kind::Random => legal[rng.below(legal.len())],
            Kind::Greedy => greedy_index(d, &legal, &mut rng),
            Kind::Decide => decide_index(d, &legal, &mut rng),
            Kind::Table => table_index(d, &legal, &mut rng, budget),
        };
        if u < self.random_discards && is_play(chosen) {
            let plays: Vec<usize> = legal.iter().copied().filter(|&i| is_play(i)).collect();
            return plays[rng.below(plays.len())];
        }
        chosen
    }
}

impl NativePolicy for Builtin {
    fn decide(&self, d: &Decision<'_>) -> usize {
        Builtin::decide(self, d)
    }

    fn describe(&self) -> String {
        Builtin::describe(self)
    }
}

impl fmt::Display for Builtin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

fn is_play(i: usize) -> bool {
    (action::PLAY..action::PLAY + 34).contains(&i)
}

/// Greedy in action indices: its move's claim at the first decision, the
/// discard of least shanten after the claim at the second.
fn greedy_index(d: &Decision<'_>, legal: &[usize], rng: &mut Rng) -> usize {
    let e = d.engine;
    let current = e.current_tile();
    if let Some(claim) = d.pending {
        let mut hand = e.hand(d.seat);
        let take = |c: &mut [u8; TILE_KINDS], t: Tile| c[t.index()] = c[t.index()].saturating_sub(1);
        match claim {
            Claim::Peng => {
                take(&mut hand, current);
                take(&mut hand, current);
            }
            Claim::Chi { middle } => {
                hand[current.index()] += 1;
                for t in [middle.prev(), Some(middle), middle.next()].into_iter().flatten() {
                    take(&mut hand, t);
                }
            }
            _ => {}
        }
        let mut best: Vec<usize> = Vec::new();
        let mut best_s = i32::MAX;
        for &i in legal.iter().filter(|&&i| is_play(i)) {
            let mut c = hand;
            if let Some(t) = Tile::new((i - action::PLAY) as u8) {
                take(&mut c, t);
            }
            let s = super::moves::shanten(&c);
            if s < best_s {
                best_s = s;
                best.clear();
            }
            if s == best_s {
                best.push(i);
            }
        }
        return if best.is_empty() { legal[0] } else { best[rng.below(best.len())] };
    }
    let mut moves: Vec<Move> = Vec::new();
    e.legal_moves(d.seat, |m| moves.push(m));
    let m = super::moves::greedy(e, d.seat, &moves, &mut |n| rng.below(n.max(1)));
    let i = action::encode(m.claim, current);
    if d.mask.get(i).is_some_and(|&x| x != 0) {
        i
    } else if legal.contains(&action::PASS) {
        action::PASS
    } else {
        legal[0]
    }
}

/// The `decide` policy in action indices: its move's claim at the first
/// decision, the analysis's best discard after the claim at the second;
/// greedy's where the analysis sees no win.
fn decide_index(d: &Decision<'_>, legal: &[usize], rng: &mut Rng) -> usize {
    let e = d.engine;
    if let Some(claim) = d.pending {
        let play = |t: Tile| action::encode(Claim::Play(t), e.current_tile());
        let allowed = |t: Tile| legal.contains(&play(t));
        return match super::moves::decide_claim_discard(e, d.seat, claim, &allowed, false) {
            Some(t) => play(t),
            None => greedy_index(d, legal, rng),
        };
    }
    let mut moves: Vec<Move> = Vec::new();
    e.legal_moves(d.seat, |m| moves.push(m));
    let Some(m) = super::moves::decide_move(e, d.seat, &moves, false) else {
        return greedy_index(d, legal, rng);
    };
    let i = action::encode(m.claim, e.current_tile());
    if d.mask.get(i).is_some_and(|&x| x != 0) {
        i
    } else {
        greedy_index(d, legal, rng)
    }
}

/// The `table` policy in action indices: its move's claim at the first
/// decision, its discard for the claim at the second.
fn table_index(d: &Decision<'_>, legal: &[usize], rng: &mut Rng, budget: TableBudget) -> usize {
    let e = d.engine;
    let sizes = mcr_core::table::hand_sizes(e);
    let seed = rng.next_u64();
    let mut moves: Vec<Move> = Vec::new();
    e.legal_moves(d.seat, |m| moves.push(m));
    let m = match d.pending {
        Some(claim) => match super::table::table_claim_discard(e, d.seat, sizes, claim, &moves, budget, seed) {
            Some(m) => m,
            None => return greedy_index(d, legal, rng),
        },
        None => super::table::table_move(e, d.seat, sizes, &moves, budget, seed),
    };
    let i = match (d.pending, m.discard) {
        (Some(_), Some(t)) => action::encode(Claim::Play(t), e.current_tile()),
        _ => action::encode(m.claim, e.current_tile()),
    };
    if d.mask.get(i).is_some_and(|&x| x != 0) {
        i
    } else {
        greedy_index(d, legal, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.name()), Some(k));
        }
        assert_eq!(Kind::parse("Greedy"), None);
        assert!(Kind::names().contains("\"greedy\""));
    }
}
