//! Arbitration of the other seats' answers to an event, driven by the
//! generated claim table (`rules/claims.txt`): the actor must PASS, then the
//! levels are walked in order and the first claim examined is tried. What a
//! claim does to the table is the caller's business (`attempt`).

use crate::engine::answer::Answer;
use crate::engine::Stop;
use crate::rules::claims::{ClaimAction, ClaimLevel, Otherwise};

/// The seat whose claim was granted, `None` when every examined seat passed.
/// `attempt(seat, action, answer)` applies a claim; it returns `Err` when the
/// claim is illegal (or, for HU, always: the game ends either way).
pub(crate) fn arbitrate<F>(levels: &[ClaimLevel], actor: u8, answers: &[Answer; 4], mut attempt: F) -> Result<Option<u8>, Stop>
where
    F: FnMut(u8, ClaimAction, &Answer) -> Result<(), Stop>,
{
    if !answers[actor as usize].is_pass() {
        return Err(Stop::wrong_answer(actor));
    }
    for (rank, level) in levels.iter().enumerate() {
        let later = &levels[rank + 1..];
        for seat in level.order.seats(actor) {
            let answer = &answers[seat as usize];
            if answer.is_pass() {
                continue;
            }
            if let Some(&action) = level.actions.iter().find(|a| names(answer, **a)) {
                if !level.from_for(action).allows(actor, seat) {
                    return Err(Stop::wrong_answer(seat));
                }
                attempt(seat, action, answer)?;
                return Ok(Some(seat));
            }
            // The judge sorts answers by word count first: one shaped like a
            // later level's claim waits for that level.
            let deferred = later.iter().any(|l| l.actions.iter().any(|a| a.arity() == answer.arity));
            if !deferred && level.otherwise == Otherwise::Reject {
                return Err(Stop::wrong_answer(seat));
            }
        }
    }
    Ok(None)
}

/// The answer is this action, by verb and word count.
fn names(answer: &Answer, action: ClaimAction) -> bool {
    use crate::engine::answer::Verb;
    let verb = match action {
        ClaimAction::Hu => Verb::Hu,
        ClaimAction::Peng => Verb::Peng,
        ClaimAction::Gang => Verb::Gang,
        ClaimAction::Chi => Verb::Chi,
    };
    answer.is(verb, action.arity())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::event::Event;
    use crate::rules::claims::{ON_BUGANG, ON_DISCARD, ON_GANG};

    /// Runs the arbitration with every claim succeeding; returns the granted
    /// (seat, action) or the offender of a WA.
    fn run(levels: &[ClaimLevel], actor: u8, texts: [&str; 4]) -> Result<Option<(u8, ClaimAction)>, u8> {
        let answers = texts.map(Answer::parse);
        let mut granted = None;
        match arbitrate(levels, actor, &answers, |seat, action, _| {
            granted = Some((seat, action));
            Ok(())
        }) {
            Ok(Some(_)) => Ok(granted),
            Ok(None) => Ok(None),
            Err(Stop::End(Event::WrongAnswer { player, .. })) => Err(player),
            Err(other) => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn hu_beats_peng_and_nearest_downstream_hu_wins() {
        assert_eq!(run(ON_DISCARD, 1, ["PENG W1", "PASS", "PASS", "HU"]), Ok(Some((3, ClaimAction::Hu))));
        assert_eq!(run(ON_DISCARD, 1, ["HU", "PASS", "HU", "HU"]), Ok(Some((2, ClaimAction::Hu))));
        assert_eq!(run(ON_DISCARD, 3, ["HU", "HU", "PASS", "PASS"]), Ok(Some((0, ClaimAction::Hu))));
    }

    #[test]
    fn peng_beats_chi_and_chi_only_from_the_left() {
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "CHI W2 W5", "PENG B1", "PASS"]), Ok(Some((2, ClaimAction::Peng))));
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "CHI W2 W5", "PASS", "PASS"]), Ok(Some((1, ClaimAction::Chi))));
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "PASS", "CHI W2 W5", "PASS"]), Err(2));
        // Seats are examined 0..3: a non-left CHI before the left one is WA.
        assert_eq!(run(ON_DISCARD, 1, ["CHI W2 W5", "PASS", "CHI W2 W5", "PASS"]), Err(0));
    }

    #[test]
    fn answers_after_a_granted_claim_are_not_examined() {
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "GANG", "PASS ", "garbage"]), Ok(Some((1, ClaimAction::Gang))));
        // A 4-word answer is only rejected by the PENG/GANG level, after HU.
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "A B C D", "HU", "PASS"]), Ok(Some((2, ClaimAction::Hu))));
        // A 3-word answer waits for the CHI level; a PENG before it wins.
        assert_eq!(run(ON_DISCARD, 2, ["FOO A B", "PASS", "PASS", "PENG W1"]), Ok(Some((3, ClaimAction::Peng))));
        assert_eq!(run(ON_DISCARD, 2, ["FOO A B", "PASS", "PASS", "PASS"]), Err(0));
    }

    #[test]
    fn malformed_answers_are_wa() {
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "PASS ", "PASS", "PASS"]), Err(1));
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "PASS", "", "PASS"]), Err(2));
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "PASS", "PASS", "PENG"]), Err(3));
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "PASS", "PASS", "HU HU"]), Err(3));
        assert_eq!(run(ON_DISCARD, 0, ["PLAY W1", "PASS", "PASS", "HU"]), Err(0), "the discarder first");
        assert_eq!(run(ON_DISCARD, 0, ["PASS", "PASS", "PASS", "PASS"]), Ok(None));
    }

    #[test]
    fn kongs() {
        assert_eq!(run(ON_BUGANG, 2, ["HU", "PASS", "PASS", "HU"]), Ok(Some((3, ClaimAction::Hu))));
        assert_eq!(run(ON_BUGANG, 2, ["HU", "PASS", "PASS", "PENG W1"]), Err(3));
        assert_eq!(run(ON_BUGANG, 2, ["PASS", "PASS", "HU", "PASS"]), Err(2), "the kong player cannot rob himself");
        assert_eq!(run(ON_GANG, 2, ["HU", "PASS", "PASS", "PASS"]), Err(0));
        assert_eq!(run(ON_GANG, 2, ["PASS", "PASS", "PASS", "PASS"]), Ok(None));
    }

    /// One level whose actions take different `from` rules
    /// (`PENG GANG CHI | order seat | from any, CHI left`): PENG from any
    /// seat and CHI from the left, at equal priority in seat order.
    #[test]
    fn a_level_with_per_action_from() {
        use crate::rules::claims::{Eligible, Otherwise, SeatOrder};
        let levels = [
            ON_DISCARD[0],
            ClaimLevel {
                actions: &[ClaimAction::Peng, ClaimAction::Gang, ClaimAction::Chi],
                order: SeatOrder::SeatIndex,
                from: Eligible::AnyOther,
                from_by_action: &[(ClaimAction::Chi, Eligible::LeftNeighbour)],
                otherwise: Otherwise::Reject,
            },
        ];
        // CHI by the left neighbour (1) comes before PENG by seat 2 in seat order.
        assert_eq!(run(&levels, 0, ["PASS", "CHI W2 W5", "PENG B1", "PASS"]), Ok(Some((1, ClaimAction::Chi))));
        assert_eq!(run(&levels, 0, ["PASS", "PASS", "PENG B1", "PASS"]), Ok(Some((2, ClaimAction::Peng))));
        assert_eq!(run(&levels, 0, ["PASS", "PASS", "CHI W2 W5", "PASS"]), Err(2));
    }
}
