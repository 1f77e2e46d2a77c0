//! Which answers the judge accepts now. The checks here are the engine's own
//! answer validation: `step` calls them before it applies an answer, and
//! [`Engine::legal_claims`] / [`Engine::legal_discard`] enumerate with them,
//! so the legal actions and the judge's verdicts cannot drift apart. Who may
//! claim what comes from the claim table (`rules/claims.txt`).
//!
//! "Legal" means: the judge accepts the answer when it examines it, the other
//! seats answering PASS (or, for the drawer of a draw, a legal answer). An
//! answer that is never examined (a claim beaten by a higher one) is neither.

use crate::analysis::TileSet;
use crate::engine::{Engine, Stage};
use crate::hand::PackKind;
use crate::rules::claim_priority::{ClaimAction, ClaimLevel, ON_BUGANG, ON_DISCARD, ON_GANG};
use crate::tiles::{Tile, TILE_KINDS};

/// A decision, the claimed tile implicit (the current tile of the engine).
/// PENG and CHI need a follow-up discard to become an answer ([`Move`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Claim {
    /// Let the tile go.
    Pass,
    /// Win on the tile.
    Hu,
    /// Discard after one's own draw.
    Play(Tile),
    /// Chow the live discard into the run around `middle`.
    Chi {
        /// The run's middle tile.
        middle: Tile,
    },
    /// Pung the live discard.
    Peng,
    /// Melded kong of the live discard (`GANG`).
    Gang,
    /// Concealed kong after one's own draw (`GANG <tile>`).
    AnGang(Tile),
    /// Promote one's pung after one's own draw (`BUGANG <tile>`).
    BuGang(Tile),
}

/// A complete answer: a claim and, for PENG and CHI, the follow-up discard.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    /// The claim.
    pub claim: Claim,
    /// The discard that follows a PENG or CHI.
    pub discard: Option<Tile>,
}

impl Move {
    /// The answer PASS.
    pub const PASS: Move = Move { claim: Claim::Pass, discard: None };

    /// A move with no follow-up discard.
    #[inline]
    pub fn new(claim: Claim) -> Move {
        Move { claim, discard: None }
    }

    /// Appends the answer string (the judge's wire format) to `out`; false
    /// (nothing written) for a PENG or CHI without its discard.
    pub fn write_answer(&self, out: &mut String) -> bool {
        let mut put = |words: &[&str]| {
            for (i, w) in words.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(w);
            }
        };
        match (self.claim, self.discard) {
            (Claim::Pass, _) => put(&["PASS"]),
            (Claim::Hu, _) => put(&["HU"]),
            (Claim::Play(t), _) => put(&["PLAY", t.name()]),
            (Claim::Gang, _) => put(&["GANG"]),
            (Claim::AnGang(t), _) => put(&["GANG", t.name()]),
            (Claim::BuGang(t), _) => put(&["BUGANG", t.name()]),
            (Claim::Peng, Some(d)) => put(&["PENG", d.name()]),
            (Claim::Chi { middle }, Some(d)) => put(&["CHI", middle.name(), d.name()]),
            (Claim::Peng | Claim::Chi { .. }, None) => return false,
        }
        true
    }

    /// The answer string; `None` for a PENG or CHI without its discard.
    #[inline]
    pub fn answer(&self) -> Option<String> {
        let mut s = String::with_capacity(12);
        self.write_answer(&mut s).then_some(s)
    }
}

impl Engine {
    /// The fewest fans a HU needs: below it the judge's verdict is WH. The
    /// one place the engine reads the minimum from (the profile's `game
    /// min_fan`, 8 for botzone).
    #[inline]
    pub fn min_win_fans(&self) -> i32 {
        self.profile.game.min_fan
    }

    /// The claim table of the current event and its actor, when the other
    /// seats may answer it with claims.
    #[inline]
    pub fn claim_levels(&self) -> Option<(&'static [ClaimLevel], u8)> {
        match self.stage {
            Stage::Discard(s, _) => Some((ON_DISCARD, s)),
            Stage::Kong(s, super::KongKind::Promoted) => Some((ON_BUGANG, s)),
            Stage::Kong(s, _) => Some((ON_GANG, s)),
            _ => None,
        }
    }

    /// Copies of `t` the drawer holds once its drawn tile has joined the hand.
    #[inline]
    fn drawer_count(&self, s: u8, t: Tile) -> u8 {
        self.table.seats[s as usize].count(t) + u8::from(t == self.tile)
    }

    /// The drawer's answers other than HU: PLAY, concealed GANG, BUGANG.
    #[inline]
    pub(crate) fn drawer_may(&self, s: u8, claim: Claim) -> bool {
        let seat = &self.table.seats[s as usize];
        match claim {
            Claim::Play(t) => self.drawer_count(s, t) >= 1,
            Claim::AnGang(t) => self.drawer_count(s, t) >= 4 && seat.packs().len() < 4 && self.kong_walls_ok(s),
            Claim::BuGang(t) => {
                self.drawer_count(s, t) >= 1
                    && seat.packs().iter().any(|p| p.kind == PackKind::Pung && p.tile == t)
                    && self.kong_walls_ok(s)
            }
            _ => false,
        }
    }

    /// A kong after one's own draw needs tiles in one's own segment and the
    /// next seat's.
    #[inline]
    pub(crate) fn kong_walls_ok(&self, s: u8) -> bool {
        self.table.seats[s as usize].remaining() > 0 && self.table.seats[(s as usize + 1) % 4].remaining() > 0
    }

    /// A meld made on `actor`'s discard or kong stands only if the seat after
    /// `actor` still has tiles to draw (otherwise the judge's verdict is WA
    /// for the claimer, when it emits the meld).
    #[inline]
    pub(crate) fn meld_wall_ok(&self, actor: u8) -> bool {
        self.table.seats[(actor as usize + 1) % 4].remaining() > 0
    }

    /// A claim of the live discard by `p` (HU aside: its verdict is the
    /// calculator's): the tiles it needs, and for PENG/CHI the discard.
    #[inline]
    pub(crate) fn discard_claim_ok(&self, discarder: u8, p: u8, action: ClaimAction, args: [Option<Tile>; 2]) -> bool {
        match action {
            ClaimAction::Hu => true,
            ClaimAction::Gang => self.meld_ok(discarder, p, action, None),
            ClaimAction::Peng => {
                let Some(d) = args[0] else { return false };
                self.meld_ok(discarder, p, action, None) && self.keeps_after_meld(p, action, None, d)
            }
            ClaimAction::Chi => {
                let (Some(middle), Some(d)) = (args[0], args[1]) else { return false };
                self.meld_ok(discarder, p, action, Some(middle)) && self.keeps_after_meld(p, action, Some(middle), d)
            }
        }
    }

    /// The meld part of a PENG, GANG or CHI (around `middle`) of the live
    /// discard: room for a meld, the tiles for it, and a wall to go on with.
    #[inline]
    fn meld_ok(&self, discarder: u8, p: u8, action: ClaimAction, middle: Option<Tile>) -> bool {
        let seat = &self.table.seats[p as usize];
        let claimed = self.tile;
        if seat.packs().len() >= 4 || !self.meld_wall_ok(discarder) {
            return false;
        }
        match (action, middle) {
            (ClaimAction::Gang, _) => seat.count(claimed) >= 3,
            (ClaimAction::Peng, _) => seat.count(claimed) >= 2,
            (ClaimAction::Chi, Some(middle)) => chow_around(middle, claimed)
                .is_some_and(|run| run.iter().all(|&t| seat.count(t) + u8::from(t == claimed) >= 1)),
            _ => false,
        }
    }

    /// After the meld, the hand still holds `discard`.
    #[inline]
    fn keeps_after_meld(&self, p: u8, action: ClaimAction, middle: Option<Tile>, discard: Tile) -> bool {
        let seat = &self.table.seats[p as usize];
        let claimed = self.tile;
        let n = seat.count(discard);
        match (action, middle) {
            (ClaimAction::Peng, _) => n > 2 * u8::from(discard == claimed),
            (ClaimAction::Chi, Some(middle)) => {
                let in_run = chow_around(middle, claimed).is_some_and(|run| run.contains(&discard));
                n + u8::from(discard == claimed) > u8::from(in_run)
            }
            _ => false,
        }
    }

    /// The claims `seat` may answer the current request with (HU only when it
    /// reaches the minimum), each given to `f` once; PENG and CHI only when
    /// some discard completes them ([`Engine::legal_discard`]).
    #[inline]
    pub fn legal_claims(&self, seat: u8, mut f: impl FnMut(Claim)) {
        match self.stage {
            Stage::Init | Stage::Deal => f(Claim::Pass),
            Stage::Draw(s) if s == seat => {
                if self.hu_fans(seat).is_some_and(|r| r >= self.min_win_fans()) {
                    f(Claim::Hu);
                }
                for t in Tile::all() {
                    if self.drawer_count(seat, t) == 0 {
                        continue;
                    }
                    f(Claim::Play(t));
                    if self.drawer_may(seat, Claim::AnGang(t)) {
                        f(Claim::AnGang(t));
                    }
                    if self.drawer_may(seat, Claim::BuGang(t)) {
                        f(Claim::BuGang(t));
                    }
                }
            }
            Stage::Draw(_) => f(Claim::Pass),
            Stage::Discard(..) | Stage::Kong(..) => {
                f(Claim::Pass);
                let Some((levels, actor)) = self.claim_levels() else { return };
                if seat == actor {
                    return;
                }
                for level in levels.iter().filter(|l| l.from.allows(actor, seat)) {
                    for &action in level.actions {
                        match action {
                            ClaimAction::Hu => {
                                if self.hu_fans(seat).is_some_and(|r| r >= self.min_win_fans()) {
                                    f(Claim::Hu);
                                }
                            }
                            ClaimAction::Gang => {
                                if self.claim_ok(actor, seat, action, [None; 2]) {
                                    f(Claim::Gang);
                                }
                            }
                            ClaimAction::Peng => {
                                if self.any_discard(seat, Claim::Peng) {
                                    f(Claim::Peng);
                                }
                            }
                            ClaimAction::Chi => {
                                let claimed = self.tile;
                                for middle in [claimed.prev(), Some(claimed), claimed.next()].into_iter().flatten() {
                                    let claim = Claim::Chi { middle };
                                    if self.any_discard(seat, claim) {
                                        f(claim);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Stage::NotStarted | Stage::Over => {}
        }
    }

    /// A claim the current event's table gives `seat`, checked as the step
    /// checks it.
    fn claim_ok(&self, actor: u8, seat: u8, action: ClaimAction, args: [Option<Tile>; 2]) -> bool {
        match self.stage {
            Stage::Discard(..) => self.discard_claim_ok(actor, seat, action, args),
            // A kong's claims can only be HU (the step faults on others).
            _ => action == ClaimAction::Hu,
        }
    }

    #[inline]
    fn any_discard(&self, seat: u8, claim: Claim) -> bool {
        let (action, middle) = match claim {
            Claim::Peng => (ClaimAction::Peng, None),
            Claim::Chi { middle } => (ClaimAction::Chi, Some(middle)),
            _ => return false,
        };
        let Some((_, actor)) = self.claim_levels() else { return false };
        matches!(self.stage, Stage::Discard(..))
            && self.meld_ok(actor, seat, action, middle)
            && self.held(seat).any(|d| self.legal_discard(seat, claim, d))
    }

    /// The kinds `seat` holds concealed, in tile order: the only discards
    /// that can follow a PENG or CHI (whose melds take tiles, never add one;
    /// see `keeps_after_meld`).
    fn held(&self, seat: u8) -> impl Iterator<Item = Tile> {
        TileSet(crate::tiles::kinds_held(self.table.seats[seat as usize % 4].counts())).iter()
    }

    /// Whether `seat` may answer PENG or CHI (`claim`) with `discard` as its
    /// follow-up discard.
    pub fn legal_discard(&self, seat: u8, claim: Claim, discard: Tile) -> bool {
        let Some((levels, actor)) = self.claim_levels() else { return false };
        let (action, args) = match claim {
            Claim::Peng => (ClaimAction::Peng, [Some(discard), None]),
            Claim::Chi { middle } => (ClaimAction::Chi, [Some(middle), Some(discard)]),
            _ => return false,
        };
        seat != actor
            && levels.iter().any(|l| l.actions.contains(&action) && l.from.allows(actor, seat))
            && self.claim_ok(actor, seat, action, args)
    }

    /// Discards that complete `claim` (PENG or CHI) for `seat`, by tile index.
    pub fn legal_discards(&self, seat: u8, claim: Claim) -> [bool; TILE_KINDS] {
        let mut out = [false; TILE_KINDS];
        for t in self.held(seat) {
            out[t.index()] = self.legal_discard(seat, claim, t);
        }
        out
    }

    /// The calculator's result for a HU by `seat` now (what canHu shows),
    /// when HU is an answer `seat` may give; `None` otherwise. A value in
    /// `0..min_win_fans()` is a winning shape that would be judged WH.
    pub fn hu_fans(&self, seat: u8) -> Option<i32> {
        let may = match self.stage {
            Stage::Draw(s) => s == seat,
            Stage::Discard(..) | Stage::Kong(..) => self.claim_levels().is_some_and(|(levels, actor)| {
                seat != actor
                    && levels.iter().any(|l| l.actions.contains(&ClaimAction::Hu) && l.from.allows(actor, seat))
            }),
            _ => false,
        };
        if !may {
            return None;
        }
        let cached = self.can_hu[seat as usize];
        if cached != -4 {
            return Some(cached);
        }
        self.can_hu(seat).ok()
    }

    /// Every complete answer `seat` may give now, PENG and CHI with each
    /// legal discard.
    pub fn legal_moves(&self, seat: u8, mut f: impl FnMut(Move)) {
        self.legal_claims(seat, |claim| match claim {
            Claim::Peng | Claim::Chi { .. } => {
                for d in Tile::all() {
                    if self.legal_discard(seat, claim, d) {
                        f(Move { claim, discard: Some(d) });
                    }
                }
            }
            _ => f(Move::new(claim)),
        });
    }
}

/// The run around `middle` that contains `claimed`, low to high.
#[inline]
pub fn chow_around(middle: Tile, claimed: Tile) -> Option<[Tile; 3]> {
    if !middle.is_suited() || middle.suit() != claimed.suit() || middle.rank().abs_diff(claimed.rank()) > 1 {
        return None;
    }
    Some([middle.prev()?, middle, middle.next()?])
}
