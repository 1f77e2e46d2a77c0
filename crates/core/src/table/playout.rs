//! One world played out to its end: the seat's first move given, then the
//! greedy policy ([`crate::greedy`]) for every seat.

use crate::engine::{Claim, Engine, EngineError, Event, Move};
use crate::greedy;
use crate::rng::Rng;

/// How a world ended for the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ending {
    /// The seat's final score.
    pub score: i32,
    /// Every seat's final score.
    #[cfg_attr(not(test), allow(dead_code))]
    pub scores: [i32; 4],
    /// The seat won.
    pub won: bool,
    /// The seat's first move was a discard, and another seat won on it.
    pub dealt_in: bool,
}

/// Steps after which a playout is cut (a game takes about 200).
const MAX_STEPS: usize = 2_000;

/// Whether another seat wins on the discard of `first` in `engine`: the
/// first step of [`play_out`] (the other seats' answers greedy's), then a
/// HU of the minimum fan or more open to another seat on that discard.
pub(crate) fn deals_in(mut engine: Engine, seat: u8, first: Move, rng: &mut Rng) -> Result<bool, EngineError> {
    let mut answers: [String; 4] = Default::default();
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    for s in 0..4u8 {
        let m = if s == seat { first } else { greedy_answer(&engine, s, &mut moves, rng) };
        let text = &mut answers[s as usize];
        if !m.write_answer(text) {
            text.push_str("PASS");
        }
    }
    let turn = engine.step([&answers[0], &answers[1], &answers[2], &answers[3]].map(String::as_str))?;
    if !matches!(turn.event,
        Event::Play { player, .. } | Event::Peng { player, .. } | Event::Chi { player, .. } if player == seat)
    {
        return Ok(false);
    }
    let min = engine.min_win_fans();
    Ok((0..4u8).filter(|&o| o != seat).any(|o| engine.hu_fans(o).is_some_and(|f| f >= min)))
}

/// The greedy policy's answer of seat `s` (its only legal answer when it
/// has one, PASS when none).
fn greedy_answer(engine: &Engine, s: u8, moves: &mut Vec<Move>, rng: &mut Rng) -> Move {
    moves.clear();
    engine.legal_moves(s, |m| moves.push(m));
    if moves.len() <= 1 {
        moves.first().copied().unwrap_or(Move::PASS)
    } else {
        greedy::greedy(engine, s, moves, &mut |n| rng.below(n.max(1)))
    }
}

/// Plays `engine` (at a decision of `seat`) to its end: `first` is the
/// seat's answer now, the greedy policy gives every other answer (ties
/// broken by `rng`).
pub(crate) fn play_out(mut engine: Engine, seat: u8, first: Move, rng: &mut Rng) -> Result<Ending, EngineError> {
    let mut answers: [String; 4] = Default::default();
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    let discards = matches!(first.claim, Claim::Play(_) | Claim::Peng | Claim::Chi { .. });
    let mut watch = false;
    for step in 0..MAX_STEPS {
        for s in 0..4u8 {
            let m = if step == 0 && s == seat { first } else { greedy_answer(&engine, s, &mut moves, rng) };
            let text = &mut answers[s as usize];
            text.clear();
            if !m.write_answer(text) {
                text.push_str("PASS");
            }
        }
        let turn = engine.step([&answers[0], &answers[1], &answers[2], &answers[3]].map(String::as_str))?;
        if let Some(scores) = turn.event.scores() {
            let won = matches!(turn.event, Event::Hu { player, .. } if player == seat);
            let dealt_in = watch && matches!(turn.event, Event::Hu { player, .. } if player != seat);
            return Ok(Ending { score: scores[seat as usize], scores, won, dealt_in });
        }
        watch = step == 0
            && discards
            && matches!(turn.event,
                Event::Play { player, .. } | Event::Peng { player, .. } | Event::Chi { player, .. } if player == seat);
    }
    Err(EngineError::Internal(format!("a playout did not end in {MAX_STEPS} steps")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::sample::{hand_sizes, world, Sampler};

    #[test]
    fn a_playout_ends_zero_sum_with_the_seat_winning_only_when_it_scores() {
        let mut ended = [0usize; 3]; // the seat won, another seat won, a draw game
        for game in 0..8u64 {
            for (e, seat) in crate::table::sample::tests::decisions(game, 4) {
                let w = world(&e, seat, hand_sizes(&e), Sampler::Uniform, &mut Rng::stream(game, 1)).unwrap();
                let mut moves = Vec::new();
                w.legal_moves(seat, |m| moves.push(m));
                for (i, &first) in moves.iter().enumerate().step_by(3) {
                    let at = format!("game {game} seat {seat} move {i}");
                    let end = play_out(w, seat, first, &mut Rng::new(game ^ i as u64)).unwrap();
                    assert_eq!(end.scores.iter().sum::<i32>(), 0, "{at}: scores {:?}", end.scores);
                    assert_eq!(end.score, end.scores[seat as usize], "{at}");
                    if end.won {
                        assert!(end.score > 0, "{at}: a win scoring {:?}", end.scores);
                        ended[0] += 1;
                    } else if end.scores.iter().any(|&s| s != 0) {
                        assert!(end.score <= 0, "{at}: a loss scoring {:?}", end.scores);
                        assert!(
                            end.scores.iter().filter(|&&s| s > 0).count() == 1,
                            "{at}: one winner {:?}",
                            end.scores
                        );
                        ended[1] += 1;
                    } else {
                        ended[2] += 1;
                    }
                    assert!(!end.dealt_in || (!end.won && end.score < 0), "{at}: a deal-in scoring {:?}", end.scores);
                }
            }
        }
        assert!(ended.iter().all(|&n| n > 0), "endings (seat won, another won, draw): {ended:?}");
    }
}
