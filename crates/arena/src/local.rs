//! In-process seats that choose by action index (a model's policy): the
//! observation and legal mask of the environment (`env::obs`,
//! `env::action`), PENG and CHI as two decisions (the claim, then its
//! discard), the chosen indices turned into the answer string the judge
//! reads. An index outside the mask is sent as `env::game::REJECTED`
//! (a HU as `HU`), as the environment does. A decision with one legal
//! action (most turns: PASS) is played without asking the policy, in both
//! runners ([`super::run`] and [`super::batch`]).

use super::game::SeatTurn;
use mcr_core::engine::{Claim, Move};
use mcr_core::tiles::Tile;
use mcr_records::env::action::{self, NUM_ACTIONS};
use mcr_records::env::game::REJECTED;
use mcr_records::env::obs::{self, ObsKind};

/// The answer of a policy `choose(obs, mask) -> index` to this turn.
pub fn policy_answer(
    turn: &SeatTurn<'_>,
    kind: ObsKind,
    mut choose: impl FnMut(&[u8], &[u8]) -> Result<usize, String>,
) -> Result<String, String> {
    let mut obs_buf = vec![0u8; kind.len()];
    decide_answer(turn, |pending, mask| {
        obs::write(kind, turn.engine, turn.seen, turn.seat, pending, &mut obs_buf);
        choose(&obs_buf, mask)
    })
}

/// The answer of a policy `choose(pending, mask) -> index` to this turn:
/// `pending` is `None` at the first decision, the claim at the second
/// decision of a PENG / CHI (its discard). A decision with one legal action
/// is not asked.
pub fn decide_answer(
    turn: &SeatTurn<'_>,
    mut choose: impl FnMut(Option<Claim>, &[u8]) -> Result<usize, String>,
) -> Result<String, String> {
    let (e, seat) = (turn.engine, turn.seat);
    let mut mask = [0u8; NUM_ACTIONS];
    action::write_mask(e, seat, &mut mask);
    let a = only_one(&mask).map_or_else(|| choose(None, &mask), Ok)?;
    let legal = mask.get(a).is_some_and(|&m| m != 0);
    let current = e.current_tile();
    let m = match action::decode(a, current) {
        Some(c @ (Claim::Peng | Claim::Chi { .. })) if legal => {
            action::write_discard_mask(e, seat, c, &mut mask);
            let d = only_one(&mask).map_or_else(|| choose(Some(c), &mask), Ok)?;
            let discard = d.checked_sub(action::PLAY).filter(|&t| t < 34).and_then(|t| Tile::new(t as u8));
            discard.map(|d| Move { claim: c, discard: Some(d) })
        }
        Some(c) if legal => Some(Move::new(c)),
        Some(Claim::Hu) => Some(Move::new(Claim::Hu)),
        _ => None,
    };
    Ok(m.and_then(|m| m.answer()).unwrap_or_else(|| REJECTED.to_string()))
}

/// The only legal action of `mask`, when there is one.
pub fn only_one(mask: &[u8]) -> Option<usize> {
    let mut it = mask.iter().enumerate().filter(|(_, &m)| m != 0).map(|(i, _)| i);
    match (it.next(), it.next()) {
        (Some(a), None) => Some(a),
        _ => None,
    }
}
