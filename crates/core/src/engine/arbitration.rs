//! Arbitration of the other seats' answers to an event, driven by the
//! generated claim table (`rules/claims.txt`): the actor must PASS, then the
//! levels are walked in order and the first claim examined is tried. What a
//! claim does to the table is the caller's business (`attempt`). What was
//! decided, and by which level, is kept as a [`ClaimDecision`] (the viewer
//! shows it; nothing re-derives the priority).

use crate::engine::answer::Answer;
use crate::engine::event::Event;
use crate::engine::Stop;
use crate::rules::claim_priority::{ClaimAction, ClaimLevel, Otherwise};

/// How the arbitration of one event's answers ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimOutcome {
    /// The claim was applied (for HU: the game ended on it, HU or WH).
    Granted,
    /// The claim was the one examined first but the table does not allow it
    /// (tiles missing, wall empty...): WA for that seat.
    Illegal,
    /// The claim is of this level but the level does not admit the seat
    /// (`from left`): WA.
    NotEligible,
    /// An answer that is neither PASS nor a claim of this or a later level,
    /// at a level with `otherwise reject`: WA.
    Rejected,
    /// The actor did not answer exactly PASS: WA.
    ActorNotPass,
    /// Every examined answer passed: nobody claimed.
    NoClaim,
}

impl ClaimOutcome {
    /// The outcome in words (`granted`, `illegal`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            ClaimOutcome::Granted => "granted",
            ClaimOutcome::Illegal => "illegal",
            ClaimOutcome::NotEligible => "not-eligible",
            ClaimOutcome::Rejected => "rejected",
            ClaimOutcome::ActorNotPass => "actor-not-pass",
            ClaimOutcome::NoClaim => "no-claim",
        }
    }
}

/// What one arbitration decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimDecision {
    /// The section of `rules/claims.txt` walked: `discard`, `bugang`, `gang`.
    pub on: &'static str,
    /// What was decided.
    pub outcome: ClaimOutcome,
    /// The seat granted, or the offender; `None` when nobody claimed.
    pub seat: Option<u8>,
    /// The claim examined (granted, illegal or not eligible).
    pub action: Option<ClaimAction>,
    /// The deciding level (1-based rank in its section) and the level itself;
    /// `None` for the actor's answer and when nobody claimed.
    pub level: Option<(u8, &'static ClaimLevel)>,
}

/// The seat whose claim was granted, `None` when every examined seat passed.
/// `attempt(seat, action, answer)` applies a claim; it returns `Err` when the
/// claim is illegal (or, for HU, always: the game ends either way). The
/// decision is written to `decision`.
pub(crate) fn arbitrate<F>(
    levels: &'static [ClaimLevel],
    actor: u8,
    answers: &[Answer; 4],
    decision: &mut Option<ClaimDecision>,
    mut attempt: F,
) -> Result<Option<u8>, Stop>
where
    F: FnMut(u8, ClaimAction, &Answer) -> Result<(), Stop>,
{
    let on = section(levels);
    let mut decide = |outcome, seat, action, level| {
        *decision = Some(ClaimDecision { on, outcome, seat, action, level });
    };
    if !answers[actor as usize].is_pass() {
        decide(ClaimOutcome::ActorNotPass, Some(actor), None, None);
        return Err(Stop::wrong_answer(actor));
    }
    for (rank, level) in levels.iter().enumerate() {
        let later = &levels[rank + 1..];
        let at = Some((rank as u8 + 1, level));
        for seat in level.order.seats(actor) {
            let answer = &answers[seat as usize];
            if answer.is_pass() {
                continue;
            }
            if let Some(&action) = level.actions.iter().find(|a| names(answer, **a)) {
                if !level.from_for(action).allows(actor, seat) {
                    decide(ClaimOutcome::NotEligible, Some(seat), Some(action), at);
                    return Err(Stop::wrong_answer(seat));
                }
                let applied = attempt(seat, action, answer);
                let outcome = match &applied {
                    Err(Stop::End(Event::WrongAnswer { player, .. })) if *player == seat => ClaimOutcome::Illegal,
                    _ => ClaimOutcome::Granted,
                };
                decide(outcome, Some(seat), Some(action), at);
                applied?;
                return Ok(Some(seat));
            }
            // The judge sorts answers by word count first: one shaped like a
            // later level's claim waits for that level.
            let deferred = later.iter().any(|l| l.actions.iter().any(|a| a.arity() == answer.arity));
            if !deferred && level.otherwise == Otherwise::Reject {
                decide(ClaimOutcome::Rejected, Some(seat), None, at);
                return Err(Stop::wrong_answer(seat));
            }
        }
    }
    decide(ClaimOutcome::NoClaim, None, None, None);
    Ok(None)
}

/// The section of the rules file a table of levels was generated from.
fn section(levels: &'static [ClaimLevel]) -> &'static str {
    use crate::rules::claim_priority::{ON_BUGANG, ON_DISCARD, ON_GANG};
    [(ON_DISCARD, "discard"), (ON_BUGANG, "bugang"), (ON_GANG, "gang")]
        .into_iter()
        .find(|(table, _)| std::ptr::eq(*table, levels))
        .map_or("?", |(_, name)| name)
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
    use crate::rules::claim_priority::{ON_BUGANG, ON_DISCARD, ON_GANG};

    /// Runs the arbitration with every claim succeeding; returns the granted
    /// (seat, action) or the offender of a WA.
    fn run(levels: &'static [ClaimLevel], actor: u8, texts: [&str; 4]) -> Result<Option<(u8, ClaimAction)>, u8> {
        let answers = texts.map(Answer::parse);
        let mut granted = None;
        let mut decision = None;
        match arbitrate(levels, actor, &answers, &mut decision, |seat, action, _| {
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

    #[test]
    fn decisions_name_the_deciding_level() {
        let decide = |levels: &'static [ClaimLevel], actor: u8, texts: [&str; 4]| {
            let answers = texts.map(Answer::parse);
            let mut decision = None;
            let _ = arbitrate(levels, actor, &answers, &mut decision, |_, _, _| Ok(()));
            let d = decision.expect("a decision is always written");
            (d.outcome, d.seat, d.action, d.level.map(|(rank, l)| (rank, l.line)))
        };
        let line = |levels: &[ClaimLevel], i: usize| levels[i].line;
        assert_eq!(
            decide(ON_DISCARD, 0, ["PASS", "CHI W2 W5", "PENG B1", "HU"]),
            (ClaimOutcome::Granted, Some(3), Some(ClaimAction::Hu), Some((1, line(ON_DISCARD, 0))))
        );
        assert_eq!(
            decide(ON_DISCARD, 0, ["PASS", "CHI W2 W5", "PENG B1", "PASS"]),
            (ClaimOutcome::Granted, Some(2), Some(ClaimAction::Peng), Some((2, line(ON_DISCARD, 1))))
        );
        assert_eq!(
            decide(ON_DISCARD, 0, ["PASS", "PASS", "CHI W2 W5", "PASS"]),
            (ClaimOutcome::NotEligible, Some(2), Some(ClaimAction::Chi), Some((3, line(ON_DISCARD, 2))))
        );
        assert_eq!(decide(ON_DISCARD, 0, ["PASS", "PASS", "PASS", "PASS"]), (ClaimOutcome::NoClaim, None, None, None));
        assert_eq!(
            decide(ON_DISCARD, 0, ["PLAY W1", "PASS", "PASS", "PASS"]),
            (ClaimOutcome::ActorNotPass, Some(0), None, None)
        );
        assert_eq!(decide(ON_DISCARD, 0, ["PASS", "PASS", "PASS", "PENG"]).0, ClaimOutcome::Rejected);
        assert!(line(ON_DISCARD, 0) > 0 && line(ON_DISCARD, 0) < line(ON_DISCARD, 1));
        let on = |levels: &'static [ClaimLevel]| {
            let mut decision = None;
            let _ = arbitrate(levels, 0, &["PASS"; 4].map(Answer::parse), &mut decision, |_, _, _| Ok(()));
            decision.unwrap().on
        };
        assert_eq!((on(ON_DISCARD), on(ON_BUGANG), on(ON_GANG)), ("discard", "bugang", "gang"));
    }

    /// One level whose actions take different `from` rules
    /// (`PENG GANG CHI | order seat | from any, CHI left`): PENG from any
    /// seat and CHI from the left, at equal priority in seat order.
    #[test]
    fn a_level_with_per_action_from() {
        use crate::rules::claim_priority::{Eligible, Otherwise, SeatOrder};
        let levels: &'static [ClaimLevel] = Box::leak(Box::new([
            ON_DISCARD[0],
            ClaimLevel {
                actions: &[ClaimAction::Peng, ClaimAction::Gang, ClaimAction::Chi],
                order: SeatOrder::SeatIndex,
                from: Eligible::AnyOther,
                from_by_action: &[(ClaimAction::Chi, Eligible::LeftNeighbour)],
                otherwise: Otherwise::Reject,
                line: 0,
            },
        ]));
        // CHI by the left neighbour (1) comes before PENG by seat 2 in seat order.
        assert_eq!(run(levels, 0, ["PASS", "CHI W2 W5", "PENG B1", "PASS"]), Ok(Some((1, ClaimAction::Chi))));
        assert_eq!(run(levels, 0, ["PASS", "PASS", "PENG B1", "PASS"]), Ok(Some((2, ClaimAction::Peng))));
        assert_eq!(run(levels, 0, ["PASS", "PASS", "CHI W2 W5", "PASS"]), Err(2));
    }
}
