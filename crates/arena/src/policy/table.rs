//! The `table` policy: the decision analysis proposes, the table model
//! ([`mcr_core::table`]) chooses.
//!
//! - HU when legal.
//! - The candidates: the `decide` policy's move first (greedy's when the
//!   analysis sees no win), the greedy move and, after its own draw, the
//!   [`CANDIDATES`] discards of highest expected points of the decision
//!   analysis; after a PENG / CHI, the analysis's and greedy's discards for
//!   it. With [`TableBudget::danger_worlds`] above 0, also the safest
//!   discard (the least deal-in chance over that many worlds; ties to the
//!   analysis's better row).
//! - One candidate is played at once. Between several, the table model
//!   plays each in the same [`TableBudget::worlds`] sampled worlds, and the
//!   policy plays the one of highest expected final score. With
//!   [`TableBudget::margin`] above 0, it leaves the first candidate only
//!   for one higher by more than that many standard errors of the paired
//!   difference.
//!
//! The single-player analysis sees the 8-fan minimum and the seat's own
//! draws exactly; the table model sees the other seats' wins, claims and
//! deal-ins, with cheap greedy players. The first narrows the choice to
//! moves worth making, the second weighs them at the table. The defaults
//! are the settings measured in the manual (`docs/src/table.md`).

use std::time::Duration;

use super::moves::{after_claim, decide_claim_discard, decide_move, greedy};
use mcr_core::engine::{Claim, Engine, Move};
use mcr_core::table::{analyse, deal_in_chances, Options};
use mcr_records::analysis::decide::{decide_with, seat_state, Options as DecideOptions};

/// Discards of the decision analysis's best that are candidates after an own draw.
pub const CANDIDATES: usize = 3;

/// How the `table` policy analyses: worlds, the time limit of one
/// decision and the margin a candidate must win by (the table model's
/// options, its seed set per decision).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableBudget {
    /// Worlds per candidate (default 64).
    pub worlds: usize,
    /// Worlds the safest discard is looked for in, to add it to the
    /// candidates (default 128; 0: not looked for).
    pub danger_worlds: usize,
    /// Time after which no world is added (default 500 ms; the
    /// candidates' analyses share it).
    pub time_limit: Duration,
    /// Standard errors of the paired difference by which a candidate must
    /// beat the first one to be played instead (default 2; 0: the
    /// candidate of highest expected score is played).
    pub margin: f64,
}

impl Default for TableBudget {
    fn default() -> TableBudget {
        TableBudget { worlds: 64, danger_worlds: 128, time_limit: Duration::from_millis(500), margin: 2.0 }
    }
}

/// The `table` policy's move for `seat` of `e` among its legal `moves`
/// (`sizes`: the concealed tiles each seat holds), reading only what the
/// seat may see; `seed` draws the worlds.
pub fn table_move(e: &Engine, seat: u8, sizes: [u8; 4], moves: &[Move], budget: TableBudget, seed: u64) -> Move {
    if let Some(hu) = moves.iter().find(|m| m.claim == Claim::Hu) {
        return *hu;
    }
    let mut candidates: Vec<Move> = Vec::new();
    let add = |m: Move, c: &mut Vec<Move>| {
        if moves.contains(&m) && !c.contains(&m) {
            c.push(m);
        }
    };
    if let Some(m) = decide_move(e, seat, moves, false) {
        add(m, &mut candidates);
    }
    add(greedy(e, seat, moves, &mut |_| 0), &mut candidates);
    if moves.iter().any(|m| matches!(m.claim, Claim::Play(_))) {
        let mut with = e.hand(seat);
        with[e.current_tile().index()] += 1;
        // The analysis's rows, best first (none when it fails).
        let mut rows = decide_with(e.profile(), &seat_state(e, seat, &with), DecideOptions::default())
            .map(|d| d.discards)
            .unwrap_or_default();
        rows.sort_by(|a, b| (b.exp_points, b.win_prob).partial_cmp(&(a.exp_points, a.win_prob)).unwrap());
        for r in rows.iter().filter(|r| r.exp_points > 0.0).take(CANDIDATES) {
            add(Move::new(Claim::Play(r.tile)), &mut candidates);
        }
        if let Some(m) = safest(e, seat, sizes, moves, &rows, budget, seed) {
            add(m, &mut candidates);
        }
    }
    choose(e, seat, sizes, moves, candidates, budget, seed)
}

/// The `table` policy's discard after its `claim` (PENG or CHI) of the
/// current tile: among the moves of that claim, the analysis's and
/// greedy's discards, weighed by the table model.
pub fn table_claim_discard(
    e: &Engine,
    seat: u8,
    sizes: [u8; 4],
    claim: Claim,
    moves: &[Move],
    budget: TableBudget,
    seed: u64,
) -> Option<Move> {
    let of_claim: Vec<Move> = moves.iter().copied().filter(|m| m.claim == claim).collect();
    let mut candidates: Vec<Move> = Vec::new();
    let allowed = |t| of_claim.iter().any(|m| m.discard == Some(t));
    if let Some(t) = decide_claim_discard(e, seat, claim, &allowed, false) {
        candidates.push(Move { claim, discard: Some(t) });
    }
    if let Some(state) = after_claim(e, seat, claim) {
        let mut counts = [0u8; mcr_core::tiles::TILE_KINDS];
        state.hand.iter().for_each(|t| counts[t.index()] += 1);
        let best = of_claim.iter().filter_map(|m| m.discard).min_by_key(|&t| {
            let mut c = counts;
            c[t.index()] = c[t.index()].saturating_sub(1);
            super::moves::shanten(&c)
        });
        if let Some(t) = best {
            let m = Move { claim, discard: Some(t) };
            if !candidates.contains(&m) {
                candidates.push(m);
            }
        }
    }
    if candidates.is_empty() {
        return of_claim.first().copied();
    }
    Some(choose(e, seat, sizes, &of_claim, candidates, budget, seed))
}

/// The discard of least deal-in chance over `budget.danger_worlds`
/// worlds, ties to the better of the analysis's `rows` (best first), then
/// to tile order.
fn safest(
    e: &Engine,
    seat: u8,
    sizes: [u8; 4],
    moves: &[Move],
    rows: &[mcr_records::analysis::decide::DiscardFigures],
    budget: TableBudget,
    seed: u64,
) -> Option<Move> {
    let plays: Vec<Move> = moves.iter().copied().filter(|m| matches!(m.claim, Claim::Play(_))).collect();
    if budget.danger_worlds == 0 || plays.len() < 2 {
        return None;
    }
    let options = Options {
        worlds: 1,
        seed: seed ^ 0x5AFE,
        time_limit: Some(budget.time_limit / 4),
        deal_in_worlds: budget.danger_worlds,
        ..Options::default()
    };
    let chances = deal_in_chances(e, seat, sizes, &plays, &options).ok()?;
    let rank = |m: &Move| rows.iter().position(|r| Claim::Play(r.tile) == m.claim).unwrap_or(rows.len());
    plays
        .iter()
        .zip(chances)
        .filter_map(|(m, p)| p.map(|p| (m, p)))
        .min_by(|a, b| a.1.total_cmp(&b.1).then(rank(a.0).cmp(&rank(b.0))))
        .map(|(m, _)| *m)
}

/// The first candidate, unless another's expected final score is higher
/// by more than `budget.margin` standard errors of the paired difference
/// (then the best such); the first one when alone, or when the analysis
/// fails.
fn choose(
    e: &Engine,
    seat: u8,
    sizes: [u8; 4],
    moves: &[Move],
    candidates: Vec<Move>,
    budget: TableBudget,
    seed: u64,
) -> Move {
    match candidates.len() {
        0 => return moves.first().copied().unwrap_or(Move::PASS),
        1 => return candidates[0],
        _ => {}
    }
    // The policy ranks by the expected score: no worlds for the deal-in chance alone.
    let options = Options {
        worlds: budget.worlds,
        seed,
        time_limit: Some(budget.time_limit),
        deal_in_worlds: 0,
        ..Options::default()
    };
    let Ok(a) = analyse(e, seat, sizes, &candidates, &options) else { return candidates[0] };
    match a.best() {
        Some(b) if b != 0 => {
            let (gain, se) = a.paired(b, 0);
            if gain > budget.margin * se {
                a.actions[b].action
            } else {
                candidates[0]
            }
        }
        _ => candidates[0],
    }
}
