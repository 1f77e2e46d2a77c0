//! The move choices of the reference bot's policies, for a seat of an
//! engine, reading only what the seat may see: the shanten of a hand, the
//! greedy move, and the decision analysis's move and discard after a
//! claim. The reference bot ([`crate::refbot`]) plays them on its view of
//! the game, the built-ins ([`super::builtin`]) on the arena's engine.

use mcr_core::engine::{Claim, Engine, Move};
pub use mcr_core::greedy::{greedy, shanten};
use mcr_core::hand::{Pack, PackKind};
use mcr_core::tiles::Tile;
use mcr_records::analysis::decide::{decide_with, seat_state, waiting_figures, DiscardFigures, Options, State};

/// The figure a policy ranks by: (primary, secondary).
fn rank(f: &DiscardFigures, by_win_prob: bool) -> (f64, f64) {
    if by_win_prob {
        (f.win_prob, f.exp_points)
    } else {
        (f.exp_points, f.win_prob)
    }
}

/// The hand of `seat` after `claim` (PENG, CHI or a melded kong) of the
/// current tile, as the analysis takes it: the claim's pack added, its
/// tiles taken from the concealed ones, before the discard that follows.
pub fn after_claim(e: &Engine, seat: u8, claim: Claim) -> Option<State> {
    let current = e.current_tile();
    let mut after = e.hand(seat);
    let pack = match claim {
        Claim::Peng => {
            after[current.index()] = after[current.index()].saturating_sub(2);
            Pack::new(PackKind::Pung, current, 1)
        }
        Claim::Gang => {
            after[current.index()] = after[current.index()].saturating_sub(3);
            Pack::new(PackKind::Kong, current, 1)
        }
        Claim::Chi { middle } => {
            after[current.index()] += 1;
            for t in [middle.prev(), Some(middle), middle.next()].into_iter().flatten() {
                after[t.index()] = after[t.index()].saturating_sub(1);
            }
            Pack::new(PackKind::Chow, middle, 1)
        }
        _ => return None,
    };
    let mut state = seat_state(e, seat, &after);
    state.packs.push(pack);
    Some(state)
}

/// The `decide` policy's move for `seat` of `e` among its legal `moves`
/// (reading only what the seat may see); `None` when the analysis sees no
/// win within the draws left (the caller then plays greedy).
pub fn decide_move(e: &Engine, seat: u8, moves: &[Move], by_win_prob: bool) -> Option<Move> {
    if moves.iter().any(|m| m.claim == Claim::Hu) {
        return Some(Move::new(Claim::Hu));
    }
    let profile = e.profile();
    let options = Options::default();
    let hand = e.hand(seat);
    let current = e.current_tile();
    let zero = |f: &DiscardFigures| f.exp_points == 0.0 && f.win_prob == 0.0;
    if moves.iter().any(|m| matches!(m.claim, Claim::Play(_))) {
        let mut with = hand;
        with[current.index()] += 1;
        let d = decide_with(profile, &seat_state(e, seat, &with), options).ok()?;
        let best = if by_win_prob { d.best_by_win_prob() } else { d.best_by_points() }?;
        if zero(best) {
            return None;
        }
        for m in moves {
            let mut after = with;
            match m.claim {
                Claim::AnGang(t) => after[t.index()] -= 4,
                Claim::BuGang(t) => after[t.index()] -= 1,
                _ => continue,
            }
            // The kong's pack is not in the view yet: weigh the hand after it
            // with the packs it will have.
            let mut state = seat_state(e, seat, &after);
            match m.claim {
                Claim::AnGang(t) => state.packs.push(Pack::new(PackKind::Kong, t, 0)),
                Claim::BuGang(t) => {
                    if let Some(p) = state.packs.iter_mut().find(|p| p.kind == PackKind::Pung && p.tile == t) {
                        p.kind = PackKind::Kong;
                    }
                }
                _ => {}
            }
            state.draws_left += 1;
            if let Ok(f) = waiting_figures(profile, &state, options) {
                if rank(&f, by_win_prob) >= rank(best, by_win_prob) {
                    return Some(*m);
                }
            }
        }
        return Some(Move::new(Claim::Play(best.tile)));
    }
    // Another seat's tile: each claim against passing.
    let pass = waiting_figures(profile, &seat_state(e, seat, &hand), options).ok()?;
    let mut best: Option<((f64, f64), Move)> = None;
    let mut any = !zero(&pass);
    let mut analysed: Vec<(Claim, Option<mcr_core::analysis::decide::Decision>)> = Vec::new();
    for m in moves {
        let Some(mut state) = after_claim(e, seat, m.claim) else { continue };
        let figures = if m.claim == Claim::Gang {
            state.draws_left += 1;
            waiting_figures(profile, &state, options).ok()
        } else {
            let known = analysed.iter().find(|(c, _)| *c == m.claim).map(|(_, d)| d.clone());
            let d = match known {
                Some(d) => d,
                None => {
                    let d = decide_with(profile, &state, options).ok();
                    analysed.push((m.claim, d.clone()));
                    d
                }
            };
            d.and_then(|d| d.discards.iter().find(|r| Some(r.tile) == m.discard).copied())
        };
        let Some(f) = figures else { continue };
        any |= !zero(&f);
        let r = rank(&f, by_win_prob);
        if r > rank(&pass, by_win_prob) && best.is_none_or(|(b, _)| r > b) {
            best = Some((r, *m));
        }
    }
    if !any {
        return None;
    }
    Some(best.map_or(Move::PASS, |(_, m)| m))
}

/// The `decide` policy's discard after its `claim` (PENG or CHI) of the
/// current tile, among the tiles `allowed`: the analysis's best row of the
/// hand after the claim; `None` when it sees no win (every row 0).
pub fn decide_claim_discard(
    e: &Engine,
    seat: u8,
    claim: Claim,
    allowed: &dyn Fn(Tile) -> bool,
    by_win_prob: bool,
) -> Option<Tile> {
    let state = after_claim(e, seat, claim)?;
    let d = decide_with(e.profile(), &state, Options::default()).ok()?;
    let best = d.discards.iter().filter(|r| allowed(r.tile)).reduce(|a, b| {
        if rank(b, by_win_prob) > rank(a, by_win_prob) {
            b
        } else {
            a
        }
    })?;
    (best.exp_points > 0.0 || best.win_prob > 0.0).then_some(best.tile)
}
