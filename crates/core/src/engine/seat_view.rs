//! The engine as one seat sees it: built from that seat's requests alone
//! (what a bot is told), so that a bot can ask the engine's own
//! [`Engine::legal_claims`] / [`Engine::legal_moves`] for its answers.
//!
//! Everything a seat's legal answers depend on is public to it: its hand
//! and melds, the current tile, the stage, the shown-tile counts (passed
//! discards, melds, promoted kongs), the kong flags and every wall
//! segment's count. Other seats' hands stay empty (their melds are kept
//! when their tiles are told). The state changes below are the judge's
//! (`step` in `engine/mod.rs`), read off the next request.

use super::state::DEALT;
use super::{DiscardKind, Engine, KongKind, Stage};
use crate::hand::{Pack, PackKind};
use crate::tiles::Tile;

/// A request this seat cannot have been sent after the previous ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatViewError {
    /// The request.
    pub request: String,
    /// Why it cannot be.
    pub why: String,
}

impl std::fmt::Display for SeatViewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let SeatViewError { request, why } = self;
        write!(f, "request {request:?}: {why}")
    }
}

impl std::error::Error for SeatViewError {}

/// One seat's view, fed request by request.
#[derive(Clone)]
pub struct SeatView {
    engine: Engine,
    seat: u8,
    started: bool,
    /// Concealed kongs of each seat this view has no pack for (another
    /// seat's: its tile is not told).
    hidden_kongs: [u8; 4],
}

impl Default for SeatView {
    fn default() -> Self {
        SeatView::new(crate::fans::Profile::default())
    }
}

impl SeatView {
    /// A seat's view before its first request, under `profile`.
    #[inline]
    pub fn new(profile: &'static crate::fans::Profile) -> SeatView {
        SeatView { engine: Engine::with_profile(profile), seat: 0, started: false, hidden_kongs: [0; 4] }
    }

    /// The engine, for `legal_claims`, `legal_moves`, `hand`, `packs`...
    #[inline]
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The seat (from the first request).
    #[inline]
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The concealed tiles each seat holds at a decision of this one: 13
    /// less three for each pack, the concealed kongs it is not told the
    /// tile of included (what the table model deals,
    /// [`crate::table::hand_sizes`] for an engine that knows every pack).
    pub fn hand_sizes(&self) -> [u8; 4] {
        std::array::from_fn(|s| {
            let packs = self.engine.packs(s as u8).len() as u8 + self.hidden_kongs[s];
            13u8.saturating_sub(3 * packs)
        })
    }

    /// Takes in the next request. `my_answer` is this seat's answer to the
    /// previous request (it names a concealed kong's tile, which the
    /// request does not).
    pub fn observe(&mut self, request: &str, my_answer: Option<&str>) -> Result<(), SeatViewError> {
        let bad = |why: &str| SeatViewError { request: request.to_string(), why: why.to_string() };
        let w: Vec<&str> = request.split(' ').collect();
        let num = |i: usize| {
            w.get(i).and_then(|s| s.parse::<u8>().ok()).filter(|&n| n < 4).ok_or_else(|| bad("bad seat or wind"))
        };
        let tile = |i: usize| w.get(i).and_then(|s| Tile::parse(s).ok()).ok_or_else(|| bad("bad tile"));
        let e = &mut self.engine;
        let me = self.seat;
        match w.first().copied() {
            Some("0") if w.len() == 3 => {
                let (seat, quan) = (num(1)?, num(2)?);
                *e = Engine::with_profile(e.profile);
                self.hidden_kongs = [0; 4];
                e.quan = quan;
                e.stage = Stage::Init;
                self.seat = seat;
                self.started = true;
                return Ok(());
            }
            _ if !self.started => return Err(bad("the first request must be 0 <seat> <wind>")),
            Some("1") if w.len() == 5 + DEALT && e.stage == Stage::Init => {
                for s in 0..4 {
                    for _ in 0..DEALT {
                        e.table.seats[s].draw();
                    }
                }
                for i in 0..DEALT {
                    if !e.table.seats[me as usize].add(tile(5 + i)?) {
                        return Err(bad("hand full"));
                    }
                }
                e.stage = Stage::Deal;
            }
            Some("2") if w.len() == 2 => {
                let t = tile(1)?;
                self.before_draw(me).map_err(|why| bad(&why))?;
                let e = &mut self.engine;
                e.table.seats[me as usize].draw().ok_or_else(|| bad("own wall segment already empty"))?;
                e.tile = t;
                e.stage = Stage::Draw(me);
            }
            Some("3") if w.len() >= 3 => {
                let p = num(1)?;
                match (w[2], w.len()) {
                    ("DRAW", 3) => {
                        self.before_draw(p).map_err(|why| bad(&why))?;
                        let e = &mut self.engine;
                        e.table.seats[p as usize].draw().ok_or_else(|| bad("wall segment already empty"))?;
                        e.stage = Stage::Draw(p);
                    }
                    ("PLAY", 4) => {
                        let t = tile(3)?;
                        self.drawer_answered(p, |seat, drawn| seat.add(drawn) && seat.take(t, 1))
                            .map_err(|why| bad(&why))?;
                        let e = &mut self.engine;
                        e.table.kong.rotate();
                        e.tile = t;
                        e.stage = Stage::Discard(p, DiscardKind::Play);
                    }
                    ("PENG", 4) => {
                        let discard = tile(3)?;
                        let (d, claimed) = self.live_discard().ok_or_else(|| bad("PENG with no live discard"))?;
                        let e = &mut self.engine;
                        let offer = (d + 4 - p) % 4;
                        let seat = &mut e.table.seats[p as usize];
                        if p == me && !(seat.take(claimed, 2) && seat.take(discard, 1)) {
                            return Err(bad("own PENG without the tiles"));
                        }
                        seat.push_pack(Pack::new(PackKind::Pung, claimed, offer));
                        e.table.shown[claimed.index()] += 3;
                        e.tile = discard;
                        e.stage = Stage::Discard(p, DiscardKind::Peng);
                    }
                    ("CHI", 5) => {
                        let (middle, discard) = (tile(3)?, tile(4)?);
                        let (_, claimed) = self.live_discard().ok_or_else(|| bad("CHI with no live discard"))?;
                        let run = super::legal::chow_around(middle, claimed)
                            .ok_or_else(|| bad("CHI not around the discard"))?;
                        let e = &mut self.engine;
                        let seat = &mut e.table.seats[p as usize];
                        if p == me
                            && !(seat.add(claimed) && run.iter().all(|&t| seat.take(t, 1)) && seat.take(discard, 1))
                        {
                            return Err(bad("own CHI without the tiles"));
                        }
                        seat.push_pack(Pack::new(PackKind::Chow, middle, claimed.rank() + 2 - middle.rank()));
                        for t in run {
                            e.table.shown[t.index()] += 1;
                        }
                        e.tile = discard;
                        e.stage = Stage::Discard(p, DiscardKind::Chi { middle });
                    }
                    ("GANG", 3) => match self.engine.stage {
                        Stage::Draw(s) if s == p => {
                            // A concealed kong: its tile is told only to its owner (by its own answer).
                            let own = if p == me {
                                let t = my_answer
                                    .and_then(|a| a.strip_prefix("GANG "))
                                    .and_then(|t| Tile::parse(t).ok())
                                    .ok_or_else(|| bad("own concealed kong without a GANG <tile> answer"))?;
                                Some(t)
                            } else {
                                self.hidden_kongs[p as usize] += 1;
                                None
                            };
                            self.drawer_answered(p, |seat, drawn| match own {
                                Some(t) => {
                                    seat.add(drawn)
                                        && seat.take(t, 4)
                                        && seat.push_pack(Pack::new(PackKind::Kong, t, 0))
                                }
                                None => true,
                            })
                            .map_err(|why| bad(&why))?;
                            let e = &mut self.engine;
                            e.table.kong.set_angang();
                            e.table.kong.rotate();
                            if let Some(t) = own {
                                e.tile = t;
                            }
                            e.stage = Stage::Kong(p, KongKind::Concealed);
                        }
                        Stage::Discard(..) => {
                            let (d, claimed) = self.live_discard().ok_or_else(|| bad("GANG with no live discard"))?;
                            let e = &mut self.engine;
                            let seat = &mut e.table.seats[p as usize];
                            if p == me && !seat.take(claimed, 3) {
                                return Err(bad("own GANG without the tiles"));
                            }
                            seat.push_pack(Pack::new(PackKind::Kong, claimed, (d + 4 - p) % 4));
                            e.table.shown[claimed.index()] = 4;
                            e.table.kong.set_melded_gang();
                            e.stage = Stage::Kong(p, KongKind::Melded);
                        }
                        _ => return Err(bad("GANG out of turn")),
                    },
                    ("BUGANG", 4) => {
                        let t = tile(3)?;
                        self.drawer_answered(p, |seat, drawn| {
                            seat.promote_pung(t) && (drawn == t || seat.add(drawn) && seat.take(t, 1))
                        })
                        .map_err(|why| bad(&why))?;
                        let e = &mut self.engine;
                        if p != me {
                            e.table.seats[p as usize].promote_pung(t);
                        }
                        e.table.shown[t.index()] = 4;
                        e.table.kong.set_bugang();
                        e.table.kong.rotate();
                        e.tile = t;
                        e.stage = Stage::Kong(p, KongKind::Promoted);
                    }
                    _ => return Err(bad("unknown request")),
                }
            }
            _ => return Err(bad("unknown request")),
        }
        self.engine.can_hu = [-4; 4];
        Ok(())
    }

    /// The live discard: its discarder and tile.
    fn live_discard(&self) -> Option<(u8, Tile)> {
        match self.engine.stage {
            Stage::Discard(d, _) => Some((d, self.engine.tile)),
            _ => None,
        }
    }

    /// What the judge does between the previous event and a draw by `p`:
    /// a discard nobody claimed becomes shown; a kong's player draws again.
    fn before_draw(&mut self, p: u8) -> Result<(), String> {
        let e = &mut self.engine;
        match e.stage {
            Stage::Deal if p == 0 => {}
            Stage::Discard(d, _) if p == (d + 1) % 4 => e.table.shown[e.tile.index()] += 1,
            Stage::Kong(k, _) if k == p => {}
            _ => return Err(format!("a draw by seat {p} cannot follow the previous request")),
        }
        Ok(())
    }

    /// The drawer `p` answered: for this seat, `apply` changes its hand
    /// (the drawn tile given); another seat's hand is not known.
    fn drawer_answered(
        &mut self,
        p: u8,
        apply: impl FnOnce(&mut super::state::Seat, Tile) -> bool,
    ) -> Result<(), String> {
        let e = &mut self.engine;
        if e.stage != Stage::Draw(p) {
            return Err(format!("seat {p} acts out of turn"));
        }
        if p == self.seat {
            let drawn = e.tile;
            if !apply(&mut e.table.seats[p as usize], drawn) {
                return Err("an answer this hand cannot have given".into());
            }
        }
        Ok(())
    }
}
