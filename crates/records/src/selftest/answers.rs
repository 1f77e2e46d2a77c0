//! Which answers the judge looks at, in which order, and what it grants
//! (the judge's `checkInputDRAW`, `checkInputPLAY1..3` and `checkInputGANG`;
//! docs/src/judge_notes.md, "Responses and verdicts"). Written for the self-test from
//! the judge's behaviour, not from the engine's claim table.
//!
//! An answer is split on every single space (`"PASS "` is two words). The
//! judge stops at the first answer it acts on: a granted claim or a zimo
//! ends the examination, a bad answer ends the game with WA. Answers after
//! that point are never looked at, whatever they say.

use super::events::{Action, Event};
use super::replay::Replay;
use super::{fail, Check, CheckFailure};
use mcr_core::tiles::Tile;

/// What the judge does with one turn's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ruling<'t> {
    /// Nobody claims (after a discard or a kong).
    Nothing,
    /// Seat `seat` is granted `claim` (after a draw: the drawer's move).
    Granted { seat: usize, claim: Claim },
    /// The judge ends the game with WA on this seat's answer (`None`: no answer).
    Wrong { seat: usize, answer: Option<&'t str> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Claim {
    Hu,
    /// PENG, then the discard named (`None`: not a tile name).
    Peng(Option<Tile>),
    /// Melded kong of the discard.
    Gang,
    /// CHI with the run's middle tile, then the discard.
    Chi(Option<Tile>, Option<Tile>),
    /// The drawer's moves: a discard, a concealed kong, a promoted kong.
    Play(Option<Tile>),
    AnGang(Option<Tile>),
    BuGang(Option<Tile>),
}

/// The word count of `answer` split on single spaces, and its first three words.
fn words(answer: &str) -> (usize, [&str; 3]) {
    let mut first = [""; 3];
    let mut n = 0;
    for w in answer.split(' ') {
        if n < 3 {
            first[n] = w;
        }
        n += 1;
    }
    (n, first)
}

fn tile(word: &str) -> Option<Tile> {
    Tile::parse(word).ok()
}

/// After seat `drawer`'s draw: seats are examined 0, 1, 2, 3; every other
/// seat must answer exactly PASS; the drawer's HU (zimo) ends the examination.
pub(super) fn on_draw(drawer: usize, answers: [Option<&str>; 4]) -> Ruling<'_> {
    let mut moved = None;
    for (seat, &answer) in answers.iter().enumerate() {
        if seat != drawer {
            if answer != Some("PASS") {
                return Ruling::Wrong { seat, answer };
            }
            continue;
        }
        let (n, w) = words(answer.unwrap_or(""));
        moved = Some(match (n, w[0]) {
            (1, "HU") if answer.is_some() => return Ruling::Granted { seat, claim: Claim::Hu },
            (2, "PLAY") => Claim::Play(tile(w[1])),
            (2, "GANG") => Claim::AnGang(tile(w[1])),
            (2, "BUGANG") => Claim::BuGang(tile(w[1])),
            _ => return Ruling::Wrong { seat, answer },
        });
    }
    match moved {
        Some(claim) => Ruling::Granted { seat: drawer, claim },
        None => Ruling::Wrong { seat: drawer, answer: None },
    }
}

/// After seat `discarder`'s discard: the discarder must PASS; then HU,
/// nearest downstream seat first; then PENG and GANG, seats 0..3 (a
/// three-word answer waits for the CHI round, anything else not PASS is
/// WA); then CHI, seats 0..3, from the discarder's right-hand neighbour only.
pub(super) fn on_discard(discarder: usize, answers: [Option<&str>; 4]) -> Ruling<'_> {
    if answers[discarder] != Some("PASS") {
        return Ruling::Wrong { seat: discarder, answer: answers[discarder] };
    }
    if let Some(seat) = (1..4).map(|i| (discarder + i) % 4).find(|&s| answers[s] == Some("HU")) {
        return Ruling::Granted { seat, claim: Claim::Hu };
    }
    let others = || (0..4).filter(move |&s| s != discarder);
    // A missing answer reads as the empty string: one word, not PASS.
    let text = |s: usize| answers[s].unwrap_or("");
    // Most answers are a plain PASS: no claim, nothing to split.
    let passes = |s: usize| answers[s] == Some("PASS");
    if others().all(passes) {
        return Ruling::Nothing;
    }
    for seat in others() {
        if passes(seat) {
            continue;
        }
        match words(text(seat)) {
            (1, ["PASS", ..]) | (3, _) => {}
            (1, ["GANG", ..]) => return Ruling::Granted { seat, claim: Claim::Gang },
            (2, ["PENG", t, _]) => return Ruling::Granted { seat, claim: Claim::Peng(tile(t)) },
            _ => return Ruling::Wrong { seat, answer: answers[seat] },
        }
    }
    for seat in others().filter(|&s| !passes(s)) {
        if let (3, [verb, mid, out]) = words(text(seat)) {
            if verb != "CHI" || seat != (discarder + 1) % 4 {
                return Ruling::Wrong { seat, answer: answers[seat] };
            }
            return Ruling::Granted { seat, claim: Claim::Chi(tile(mid), tile(out)) };
        }
    }
    Ruling::Nothing
}

/// After INIT and after DEAL: seats 0, 1, 2, 3 in turn, each must answer
/// exactly PASS; the first other answer (or a missing one) is WA.
pub(super) fn on_notice(answers: [Option<&str>; 4]) -> Ruling<'_> {
    match (0..4).find(|&seat| answers[seat] != Some("PASS")) {
        Some(seat) => Ruling::Wrong { seat, answer: answers[seat] },
        None => Ruling::Nothing,
    }
}

/// After seat `actor`'s kong: seats actor, actor+1, .. in turn; the kong
/// player must PASS; the others PASS, or rob a promoted kong with HU (the
/// first one examined wins).
pub(super) fn on_kong(actor: usize, promoted: bool, answers: [Option<&str>; 4]) -> Ruling<'_> {
    for seat in (0..4).map(|i| (actor + i) % 4) {
        match answers[seat] {
            Some("PASS") => {}
            Some("HU") if promoted && seat != actor => return Ruling::Granted { seat, claim: Claim::Hu },
            answer => return Ruling::Wrong { seat, answer },
        }
    }
    Ruling::Nothing
}

impl<'g, 'a> Replay<'g, 'a> {
    /// The four answers of turn `k` (`None`: absent).
    fn answers(&self, k: usize) -> [Option<&'g str>; 4] {
        let r = self.g.turns[k].responses.as_ref();
        [0, 1, 2, 3].map(|s| r.and_then(|r| r.get(s)))
    }

    /// A WA the judge would have given at turn `k`, where the record goes on.
    #[cold]
    #[inline(never)]
    fn wrong(k: usize, seat: usize, answer: Option<&str>, to: &str) -> CheckFailure {
        let message = match answer {
            Some(a) => {
                format!("seat {seat} answered {a:?} to {to}: the judge ends the game there with WA, the record goes on")
            }
            None => format!("seat {seat} has no response to {to}"),
        };
        fail(Some(k), Check::Response, message)
    }

    /// Turn `k` is INIT or DEAL (`what`): every seat must have passed.
    pub(super) fn after_notice(&self, k: usize, what: &str) -> Result<(), CheckFailure> {
        match on_notice(self.answers(k)) {
            Ruling::Wrong { seat, answer } => Err(Self::wrong(k, seat, answer, what)),
            _ => Ok(()),
        }
    }

    /// Turn `k` is seat `s`'s draw; `next` the event after it (`None`: the log ends).
    pub(super) fn after_draw(&self, k: usize, s: usize, next: Option<Event>) -> Result<(), CheckFailure> {
        let (seat, claim) = match on_draw(s, self.answers(k)) {
            Ruling::Granted { seat, claim } => (seat, claim),
            Ruling::Wrong { seat, answer } => return Err(Self::wrong(k, seat, answer, &format!("seat {s}'s draw"))),
            Ruling::Nothing => return Err(Self::wrong(k, s, None, "its own draw")),
        };
        let honored = next.is_some_and(|n| match claim {
            Claim::Hu => n.is(Action::Hu, seat),
            Claim::Play(t) => n.is(Action::Play, seat) && n.tile == t,
            Claim::AnGang(t) => n.is(Action::Gang, seat) && t.is_some() && n.tile == t,
            Claim::BuGang(t) => n.is(Action::BuGang, seat) && n.tile == t,
            _ => false,
        });
        let answer = self.answers(k)[s].unwrap_or("");
        ensure!(honored, Some(k), Response, "seat {s}'s answer {answer:?} not honored by the next event");
        Ok(())
    }

    /// Turn `k` is seat `s`'s discard (plain or after PENG/CHI).
    pub(super) fn after_discard(&mut self, k: usize, s: usize, next: Option<Event>) -> Result<(), CheckFailure> {
        let answers = self.answers(k);
        self.count_claims(s, answers);
        let (seat, claim) = match on_discard(s, answers) {
            Ruling::Granted { seat, claim } => (seat, claim),
            Ruling::Wrong { seat, answer } => return Err(Self::wrong(k, seat, answer, &format!("seat {s}'s discard"))),
            Ruling::Nothing => {
                ensure!(
                    next.is_some_and(|n| matches!(n.action, Action::Draw | Action::Huang)),
                    Some(k),
                    Response,
                    "no claim: expected DRAW/HUANG next, got {}",
                    next.map_or("end of log", |n| n.action.name())
                );
                return Ok(());
            }
        };
        let Some(n) = next else {
            return Err(fail(Some(k), Check::ClaimPriority, "claim pending but log ended".into()));
        };
        let action = match claim {
            Claim::Hu => Action::Hu,
            Claim::Peng(_) => Action::Peng,
            Claim::Chi(..) => Action::Chi,
            _ => Action::Gang,
        };
        ensure!(
            n.player == Some(seat),
            Some(k),
            ClaimPriority,
            "expected seat {seat} to act next, got {} by {}",
            n.action.name(),
            n.player.map_or("nobody".into(), |p| format!("seat {p}"))
        );
        ensure!(
            n.action == action,
            Some(k),
            ClaimPriority,
            "granted claim {} != next event {}",
            action.name(),
            n.action.name()
        );
        match claim {
            Claim::Peng(x) => {
                ensure!(n.tile == x, Some(k), Response, "PENG follow-up discard {x:?} != event tile {:?}", n.tile)
            }
            Claim::Chi(m, x) => ensure!(
                n.mid == m && n.tile == x,
                Some(k),
                Response,
                "CHI mid/follow-up {m:?} {x:?} != event {:?} {:?}",
                n.mid,
                n.tile
            ),
            _ => {}
        }
        Ok(())
    }

    /// Turn `k` is seat `s`'s kong (`promoted`: a BUGANG, which may be robbed).
    pub(super) fn after_kong(
        &self,
        k: usize,
        s: usize,
        promoted: bool,
        next: Option<Event>,
    ) -> Result<(), CheckFailure> {
        let kind = if promoted { "BUGANG" } else { "GANG" };
        match on_kong(s, promoted, self.answers(k)) {
            Ruling::Wrong { seat, answer } => Err(Self::wrong(k, seat, answer, &format!("seat {s}'s {kind}"))),
            Ruling::Granted { seat, .. } => {
                ensure!(
                    next.is_some_and(|n| n.is(Action::Hu, seat)),
                    Some(k),
                    ClaimPriority,
                    "qianggang HU by seat {seat} not honored"
                );
                Ok(())
            }
            Ruling::Nothing => {
                ensure!(
                    next.is_some_and(|n| n.is(Action::Draw, s) || n.action == Action::Huang),
                    Some(k),
                    Response,
                    "no replacement draw after {kind}"
                );
                Ok(())
            }
        }
    }

    /// Facts: discards claimed by two or more seats, or with HU by two or more.
    fn count_claims(&mut self, s: usize, answers: [Option<&str>; 4]) {
        let (mut claims, mut hus) = (0, 0);
        for a in (0..4).filter(|&o| o != s).filter_map(|o| answers[o]).filter(|&a| a != "PASS") {
            let is_claim = matches!(words(a), (1, ["HU" | "GANG", ..]) | (2, ["PENG", ..]) | (3, ["CHI", ..]));
            claims += is_claim as u32;
            hus += (a == "HU") as u32;
        }
        self.facts.multi_claim += (claims > 1) as u32;
        self.facts.multi_hu += (hus > 1) as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Option<Tile> {
        Tile::parse(s).ok()
    }

    fn discard(discarder: usize, a: [&str; 4]) -> Ruling<'_> {
        on_discard(discarder, a.map(Some))
    }

    #[test]
    fn discard_examination_stops_at_the_granted_claim() {
        use Claim::*;
        // HU: nearest downstream; junk elsewhere is never looked at.
        assert_eq!(discard(1, ["junk", "PASS", "PASS", "HU"]), Ruling::Granted { seat: 3, claim: Hu });
        assert_eq!(discard(1, ["HU", "PASS", "HU", "HU"]), Ruling::Granted { seat: 2, claim: Hu });
        // PENG/GANG: seat order 0..3, not distance.
        assert_eq!(discard(2, ["GANG", "PASS", "PASS", "PENG W1"]), Ruling::Granted { seat: 0, claim: Gang });
        assert_eq!(discard(0, ["PASS", "PENG W1", "PASS ", "x"]), Ruling::Granted { seat: 1, claim: Peng(t("W1")) });
        // A three-word answer waits for the CHI round, which a PENG preempts.
        assert_eq!(
            discard(2, ["FOO A B", "PASS", "PASS", "PENG W1"]),
            Ruling::Granted { seat: 3, claim: Peng(t("W1")) }
        );
        assert_eq!(discard(2, ["FOO A B", "PASS", "PASS", "PASS"]), Ruling::Wrong { seat: 0, answer: Some("FOO A B") });
        assert_eq!(
            discard(0, ["PASS", "CHI W2 W5", "PASS", "junk junk"]),
            Ruling::Wrong { seat: 3, answer: Some("junk junk") }
        );
        assert_eq!(
            discard(0, ["PASS", "CHI W2 W5", "PASS", "PASS"]),
            Ruling::Granted { seat: 1, claim: Chi(t("W2"), t("W5")) }
        );
        assert_eq!(
            discard(1, ["CHI W2 W5", "PASS", "CHI W2 W5", "PASS"]),
            Ruling::Wrong { seat: 0, answer: Some("CHI W2 W5") }
        );
        assert_eq!(discard(0, ["PASS ", "PASS", "PASS", "HU"]), Ruling::Wrong { seat: 0, answer: Some("PASS ") });
        assert_eq!(discard(0, ["PASS", "PASS", "PASS", "PASS"]), Ruling::Nothing);
        assert_eq!(
            on_discard(0, [Some("PASS"), None, Some("PASS"), Some("PASS")]),
            Ruling::Wrong { seat: 1, answer: None }
        );
    }

    #[test]
    fn draw_and_kong_examination() {
        use Claim::*;
        let draw = |d: usize, a: [&'static str; 4]| on_draw(d, a.map(Some));
        assert_eq!(draw(1, ["PASS", "HU", "junk", "junk"]), Ruling::Granted { seat: 1, claim: Hu });
        assert_eq!(draw(1, ["junk", "HU", "PASS", "PASS"]), Ruling::Wrong { seat: 0, answer: Some("junk") });
        assert_eq!(draw(1, ["PASS", "PLAY W1", "PASS", "junk"]), Ruling::Wrong { seat: 3, answer: Some("junk") });
        assert_eq!(draw(1, ["PASS", "PLAY W1", "PASS", "PASS"]), Ruling::Granted { seat: 1, claim: Play(t("W1")) });
        assert_eq!(
            draw(0, ["CHI W1 W2", "PASS", "PASS", "PASS"]),
            Ruling::Wrong { seat: 0, answer: Some("CHI W1 W2") }
        );
        assert_eq!(on_notice(["PASS"; 4].map(Some)), Ruling::Nothing);
        assert_eq!(
            on_notice([Some("PASS"), Some("PLAY W1"), None, Some("PASS")]),
            Ruling::Wrong { seat: 1, answer: Some("PLAY W1") }
        );
        assert_eq!(on_notice([Some("PASS"), Some("PASS"), None, Some("x")]), Ruling::Wrong { seat: 2, answer: None });
        let kong = |s: usize, p: bool, a: [&'static str; 4]| on_kong(s, p, a.map(Some));
        assert_eq!(kong(2, true, ["HU", "junk", "PASS", "HU"]), Ruling::Granted { seat: 3, claim: Hu });
        assert_eq!(kong(2, true, ["HU", "PASS", "PASS", "PASS"]), Ruling::Granted { seat: 0, claim: Hu });
        assert_eq!(kong(2, false, ["HU", "PASS", "PASS", "PASS"]), Ruling::Wrong { seat: 0, answer: Some("HU") });
        assert_eq!(kong(2, true, ["PASS", "PASS", "HU", "PASS"]), Ruling::Wrong { seat: 2, answer: Some("HU") });
        assert_eq!(kong(2, true, ["PASS", "PASS", "PASS", "PASS"]), Ruling::Nothing);
    }
}
