//! The walk over a record's events: rotation, the deal and the draws from
//! the wall segments, and the legality of every discard, claim and kong.
//! What the answers ask for is `claims.rs`; the end is `ending.rs`.

use super::events::{Action, Event};
use super::state::{Meld, MeldKind, Seat};
use super::{fail, Check, CheckFailure, Facts, GameView};
use crate::record::view::{DisplayView, PerSeat};
use mcr_core::engine::state::{DEALT, SEGMENT};
use mcr_core::fans::{Displays, GameRules};
use mcr_core::tiles::Tile;

pub(super) struct Replay<'g, 'a> {
    pub(super) g: &'g GameView<'a>,
    /// The game's rules around the fans (minimum, scores, penalty).
    pub(super) rules: &'g GameRules,
    pub(super) wall: &'g [Tile; 136],
    pub(super) ev: &'g [Event],
    pub(super) seats: [Seat; 4],
    dealt: bool,
    /// The unclaimed discard on the table and who made it.
    pub(super) live: Option<(Tile, usize)>,
    pub(super) facts: Facts,
    /// Index of the WA/WH display in an error game.
    pub(super) verdict_at: Option<usize>,
    /// Scratch for the request strings.
    pub(super) buf: String,
}

/// What an answer (a draw, discard or kong) is checked against.
#[derive(Clone, Copy)]
enum FollowUp {
    /// The next turn is a WA/WH verdict: the answer is judged by the verdict
    /// check, not here.
    Verdict,
    /// The next turn of the record (`None` when the record ends here).
    Turn(Option<Event>),
}

impl<'g, 'a> Replay<'g, 'a> {
    pub(super) fn new(g: &'g GameView<'a>, rules: &'g GameRules, wall: &'g [Tile; 136], ev: &'g [Event]) -> Self {
        Replay {
            g,
            rules,
            wall,
            ev,
            seats: [Seat::EMPTY; 4],
            dealt: false,
            live: None,
            facts: Facts::default(),
            verdict_at: None,
            buf: String::with_capacity(64),
        }
    }

    pub(super) fn is_error_game(&self) -> bool {
        self.g.expected.ending.as_str() == "error"
    }

    pub(super) fn run(&mut self) -> Result<(), CheckFailure> {
        let n = self.ev.len();
        ensure!(n >= 2, None, Init, "{} turns: a game needs at least INIT and DEAL", n);
        let last = self.ev[n - 1].action;
        ensure!(
            last.is_terminal(),
            Some(n - 1),
            Ending,
            "incomplete record: it ends with {} before the game's end (no HU, HUANG or verdict)",
            last.name()
        );
        for k in 0..n {
            let e = self.ev[k];
            let prev = if k > 0 { Some(self.ev[k - 1]) } else { None };
            let next = self.ev.get(k + 1).copied();
            ensure!(
                !e.action.is_terminal() || next.is_none(),
                Some(k),
                Ending,
                "{} is not the last turn",
                e.action.name()
            );
            ensure!(
                self.dealt || matches!(e.action, Action::Init | Action::Deal) || e.action.is_verdict(),
                Some(k),
                Rotation,
                "{} before the deal",
                e.action.name()
            );
            // Answers that provoked a verdict are judged by the verdict check, not
            // against the next event.
            let follow = match next {
                Some(n) if n.action.is_verdict() => FollowUp::Verdict,
                other => FollowUp::Turn(other),
            };
            match e.action {
                Action::Init => {
                    self.init(k)?;
                    if let FollowUp::Turn(_) = follow {
                        self.after_notice(k, "INIT")?;
                    }
                }
                Action::Deal => {
                    self.deal(k, prev)?;
                    if let FollowUp::Turn(_) = follow {
                        self.after_notice(k, "DEAL")?;
                    }
                }
                Action::Draw => self.draw(k, e, prev, follow)?,
                Action::Play | Action::Peng | Action::Chi => self.discard(k, e, prev, follow)?,
                Action::Gang => self.gang(k, e, prev, follow)?,
                Action::BuGang => self.bugang(k, e, prev, follow)?,
                Action::Huang => self.huang(k, prev)?,
                Action::Hu => {}
                Action::Wa | Action::Wh | Action::Platform => {
                    ensure!(
                        self.is_error_game(),
                        Some(k),
                        Ending,
                        "verdict {} but expected ending is {:?}",
                        e.action.name(),
                        self.g.expected.ending.as_str()
                    );
                    self.verdict_at = Some(k);
                }
            }
            self.check_tile_count(k, e)?;
            self.check_request(k, e)?;
        }
        Ok(())
    }

    pub(super) fn display(&self, k: usize) -> &'g DisplayView<'a> {
        &self.g.turns[k].display
    }

    fn responses(&self, k: usize) -> Option<&'g PerSeat<'a>> {
        self.g.turns[k].responses.as_ref()
    }

    /// Seat `s`'s answer on turn `k` as written ("" when absent).
    pub(super) fn raw_answer(&self, k: usize, s: usize) -> &'g str {
        self.responses(k).and_then(|r| r.get(s)).unwrap_or("")
    }

    fn init(&mut self, k: usize) -> Result<(), CheckFailure> {
        ensure!(k == 0, Some(k), Init, "INIT at turn {k}");
        let d = self.display(k);
        ensure!(d.quan == Some(self.g.quan), Some(k), Init, "INIT quan {:?} != record quan {}", d.quan, self.g.quan);
        // The judge takes `srand` only when it is a signed 32-bit integer
        // (JsonCpp's isInt), keeps it in an `unsigned int` and shows that:
        // -1294967296 is shown as 3000000000. Any other value makes it seed
        // from the clock, which no record can be checked against.
        let Ok(seed) = i32::try_from(self.g.srand) else {
            return Err(fail(
                Some(k),
                Check::Init,
                format!("srand {} is not a signed 32-bit integer: the judge would seed from the clock", self.g.srand),
            ));
        };
        let shown = i64::from(seed as u32);
        ensure!(
            d.srand == Some(shown),
            Some(k),
            Init,
            "INIT srand {:?} != {shown}, the judge's display of record srand {}",
            d.srand,
            self.g.srand
        );
        match self.rules.display {
            // The platform shows no strlen, every canHu as 0 and the walls
            // as they stand after the deal.
            Displays::Platform => {
                ensure!(d.strlen.is_none(), Some(k), Init, "INIT strlen {:?}: the platform shows none", d.strlen);
                let zero = d.can_hu.as_ref().and_then(|c| c.four()) == Some([0; 4]);
                ensure!(zero, Some(k), Init, "INIT canHu {:?} != [0, 0, 0, 0]", d.can_hu);
                let dealt = (SEGMENT - DEALT) as i64;
                let walls = d.tile_cnt.as_ref().and_then(|c| c.four()) == Some([dealt; 4]);
                ensure!(walls, Some(k), Init, "INIT tileCnt {:?} != [{dealt}; 4]", d.tile_cnt);
            }
            // The public judge reports the length of the space-separated
            // walltiles string.
            Displays::PublicJudge => {
                let strlen = self.g.wall.iter().map(|t| t.as_str().len()).sum::<usize>() + self.g.wall.len() - 1;
                ensure!(d.strlen == Some(strlen as i64), Some(k), Init, "INIT strlen {:?} != {strlen}", d.strlen);
            }
        }
        Ok(())
    }

    fn deal(&mut self, k: usize, prev: Option<Event>) -> Result<(), CheckFailure> {
        ensure!(
            k == 1 && prev.map(|p| p.action) == Some(Action::Init),
            Some(k),
            Deal,
            "DEAL must follow INIT at turn 1"
        );
        let hands = self
            .display(k)
            .hand
            .as_ref()
            .ok_or_else(|| fail(Some(k), Check::Display, "DEAL display without hand".into()))?;
        ensure!(hands.len() == 4, Some(k), Deal, "DEAL has {} hands", hands.len());
        for (s, hand) in hands.iter().enumerate() {
            let seg = &self.wall[34 * s..34 * s + 34];
            let ok = hand.len() == 13 && hand.iter().enumerate().all(|(i, t)| t.as_str() == seg[33 - i].name());
            ensure!(ok, Some(k), Deal, "seat {s} dealt hand != last-13-reversed of wall segment");
            let seat = &mut self.seats[s];
            for t in &seg[21..] {
                seat.add(*t);
            }
            seat.remain = 21;
        }
        self.dealt = true;
        Ok(())
    }

    fn draw(&mut self, k: usize, e: Event, prev: Option<Event>, follow: FollowUp) -> Result<(), CheckFailure> {
        let (s, t) = (e.p(), e.t());
        let Some(prev) = prev else { return Err(fail(Some(k), Check::Rotation, "DRAW at turn 0".into())) };
        match prev.action {
            Action::Gang | Action::BuGang => {
                ensure!(s == prev.p(), Some(k), Rotation, "replacement draw by seat {s}, kong was seat {}", prev.p())
            }
            a if a.is_discard() => ensure!(
                s == (prev.p() + 1) % 4,
                Some(k),
                Rotation,
                "draw out of rotation: seat {s} after seat {}'s discard",
                prev.p()
            ),
            Action::Deal => ensure!(s == 0, Some(k), Rotation, "first draw not by dealer (seat 0)"),
            a => return Err(fail(Some(k), Check::Rotation, format!("DRAW after {}", a.name()))),
        }
        let seat = &mut self.seats[s];
        ensure!(seat.remain > 0, Some(k), DrawOrder, "seat {s} draws from empty segment");
        let want = self.wall[34 * s + seat.remain - 1];
        ensure!(want == t, Some(k), DrawOrder, "draw {t} != wall order tile {want}");
        seat.remain -= 1;
        seat.add(t);
        self.live = None;

        match follow {
            FollowUp::Turn(next) => self.after_draw(k, s, next),
            FollowUp::Verdict => Ok(()),
        }
    }

    fn discard(&mut self, k: usize, e: Event, prev: Option<Event>, follow: FollowUp) -> Result<(), CheckFailure> {
        let s = e.p();
        match e.action {
            Action::Play => {
                ensure!(prev.is_some_and(|p| p.is(Action::Draw, s)), Some(k), Rotation, "PLAY not after own draw");
            }
            Action::Peng => {
                let Some((ct, _)) = self.live.filter(|&(_, from)| from != s) else {
                    return Err(fail(Some(k), Check::Peng, "PENG with no live discard".into()));
                };
                let seat = &mut self.seats[s];
                ensure!(seat.has(ct, 2), Some(k), Peng, "PENG of {ct} without 2 matching tiles in hand");
                seat.take(ct, 2);
                ensure!(seat.push_meld(MeldKind::Peng, ct), Some(k), Peng, "a fifth meld");
                self.facts.peng += 1;
            }
            _ => {
                let Some((ct, from)) = self.live else {
                    return Err(fail(Some(k), Check::Chi, "CHI with no live discard".into()));
                };
                ensure!((s + 4 - from) % 4 == 1, Some(k), Chi, "CHI by seat {s} from non-left neighbour seat {from}");
                let mid = e.mid.unwrap_or_default();
                ensure!(
                    mid.is_suited() && ct.suit() == mid.suit(),
                    Some(k),
                    Chi,
                    "CHI suit mismatch: run middle {mid}, claimed {ct}"
                );
                ensure!((2..=8).contains(&mid.rank()), Some(k), Chi, "CHI middle tile {mid} cannot be a run's middle");
                ensure!(
                    ct.rank().abs_diff(mid.rank()) <= 1,
                    Some(k),
                    Chi,
                    "claimed tile {ct} not part of the run around {mid}"
                );
                let seat = &mut self.seats[s];
                for x in [mid.prev(), Some(mid), mid.next()].into_iter().flatten().filter(|&x| x != ct) {
                    ensure!(seat.has(x, 1), Some(k), Chi, "CHI filler {x} not in hand");
                    seat.take(x, 1);
                }
                ensure!(seat.push_meld(MeldKind::Chi, mid), Some(k), Chi, "a fifth meld");
                self.facts.chi += 1;
            }
        }
        // The plain or embedded (PENG/CHI follow-up) discard.
        let out = e.t();
        let seat = &mut self.seats[s];
        ensure!(seat.has(out, 1), Some(k), Discard, "discard {out} not in hand");
        seat.take(out, 1);
        let want = 13 - 3 * seat.meld_count;
        ensure!(seat.len == want, Some(k), HandSize, "seat {s} hand size {} with {} melds", seat.len, seat.meld_count);
        self.live = Some((out, s));

        match follow {
            FollowUp::Turn(next) => self.after_discard(k, s, next),
            FollowUp::Verdict => Ok(()),
        }
    }

    fn gang(&mut self, k: usize, e: Event, prev: Option<Event>, follow: FollowUp) -> Result<(), CheckFailure> {
        let s = e.p();
        if let Some((ct, from)) = self.live {
            // A GANG while a discard is live is a melded kong of that discard.
            ensure!(s != from, Some(k), Gang, "GANG of own discard");
            ensure!(e.tile == Some(ct), Some(k), Gang, "melded GANG tile {:?} != live discard {ct}", e.tile);
            let seat = &mut self.seats[s];
            ensure!(seat.counts[ct.index()] == 3, Some(k), Gang, "melded GANG of {ct} without 3 in hand");
            seat.take(ct, 3);
            ensure!(seat.push_meld(MeldKind::Gang, ct), Some(k), Gang, "a fifth meld");
            self.live = None;
            self.facts.minggang += 1;
        } else {
            // No live discard: a concealed kong right after one's own draw.
            ensure!(prev.is_some_and(|p| p.is(Action::Draw, s)), Some(k), AnGang, "AnGang not after own draw");
            let Some(t) = e.tile else {
                return Err(fail(Some(k), Check::AnGang, "concealed GANG display without tile".into()));
            };
            let seat = &mut self.seats[s];
            ensure!(seat.counts[t.index()] == 4, Some(k), AnGang, "AnGang of {t} without 4 in hand");
            seat.take(t, 4);
            ensure!(seat.push_meld(MeldKind::AnGang, t), Some(k), AnGang, "a fifth meld");
            self.facts.angang += 1;
        }
        match follow {
            FollowUp::Turn(next) => self.after_kong(k, s, false, next),
            FollowUp::Verdict => Ok(()),
        }
    }

    fn bugang(&mut self, k: usize, e: Event, prev: Option<Event>, follow: FollowUp) -> Result<(), CheckFailure> {
        let (s, t) = (e.p(), e.t());
        ensure!(prev.is_some_and(|p| p.is(Action::Draw, s)), Some(k), BuGang, "BUGANG not after own draw");
        let seat = &mut self.seats[s];
        let Some(i) = seat.melds[..seat.meld_count]
            .iter()
            .position(|m| m.is_some_and(|m| m.kind == MeldKind::Peng && m.tile == t))
        else {
            return Err(fail(Some(k), Check::BuGang, format!("BUGANG of {t} without matching PENG meld")));
        };
        ensure!(seat.has(t, 1), Some(k), BuGang, "BUGANG tile {t} not in hand");
        seat.take(t, 1);
        seat.melds[i] = Some(Meld { kind: MeldKind::Gang, tile: t });
        self.live = None;
        self.facts.bugang += 1;

        match follow {
            FollowUp::Turn(next) => self.after_kong(k, s, true, next),
            FollowUp::Verdict => Ok(()),
        }
    }

    fn huang(&mut self, k: usize, prev: Option<Event>) -> Result<(), CheckFailure> {
        let Some(prev) = prev else { return Err(fail(Some(k), Check::Huang, "HUANG at turn 0".into())) };
        let drawer = match prev.action {
            a if a.is_discard() => (prev.p() + 1) % 4,
            Action::Gang | Action::BuGang => prev.p(),
            Action::Deal => 0,
            a => return Err(fail(Some(k), Check::Huang, format!("HUANG after {}", a.name()))),
        };
        let left = self.seats[drawer].remain;
        ensure!(left == 0, Some(k), Huang, "HUANG but next drawer seat {drawer} still has {left} wall tiles");
        Ok(())
    }
}
