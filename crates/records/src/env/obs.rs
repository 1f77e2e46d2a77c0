//! Per-seat observations, built only from what that seat may see: its own
//! hand, every seat's melds (a concealed kong's tile only for its owner) and
//! discards in order, the winds, the tiles left in each wall segment, the
//! current event. Two encoders, both flat `u8` per seat:
//!
//! **Compact** (`ObsKind::Compact`, [`COMPACT_LEN`] = 195 bytes). Seats are
//! relative: r = 0 self, 1 the next seat (who plays after me), 2 opposite,
//! 3 the previous seat (whose discards I may chow).
//!
//! | offset | len | content |
//! |---|---|---|
//! | 0 | 34 | own concealed tiles by kind, 0..4 (the drawer's drawn tile included; while a PENG/CHI discard is chosen, the hand after that meld) |
//! | 34 | 48 | melds: 4 rel. seats × 4 slots × [kind, tile+1, offer]; kind 0 none, 1 chi, 2 peng, 3 melded or promoted kong, 4 concealed kong; tile = chi's middle tile, 0 when hidden (another seat's concealed kong); offer as the judge encodes it |
//! | 82 | 100 | discards: 4 rel. seats × 25 slots in order, tile+1, +64 when another seat claimed it, 0 empty |
//! | 182 | 1 | seat wind 0..3 (= seat) |
//! | 183 | 1 | prevalent wind 0..3 |
//! | 184 | 4 | tiles left in each rel. seat's wall segment (0..34) |
//! | 188 | 1 | current event: 0 INIT, 1 DEAL, 2 DRAW, 3 PLAY, 4 PENG, 5 CHI, 6 GANG, 7 BUGANG, 8 game over |
//! | 189 | 1 | the event's rel. seat, 255 none |
//! | 190 | 1 | the event's tile+1 (drawn tile to its drawer only; a kong's tile when public or one's own), 0 none/hidden |
//! | 191 | 1 | a CHI event's middle tile+1, else 0 |
//! | 192 | 1 | pending claim whose discard is to choose: 0 none, 1 chi, 2 peng |
//! | 193 | 1 | the pending chi's middle tile+1, else 0 |
//! | 194 | 1 | HU now: 0 not possible, else 1 + the fan count (capped at 255), below the minimum included (see the HU fans output) |
//!
//! **FeatureAgent** (`ObsKind::Feature`, [`FEATURE_LEN`] = 216 = 6×4×9): the
//! baseline's planes; plane 0 the seat wind, 1 the prevalent wind (one-hot at
//! F1..F4), 2..5 own tiles with at least 1..4 copies; the 36 cells of a plane
//! are the 34 tiles in action order, then 2 zeros.

use mcr_core::engine::{Claim, Engine, Event, Turn};
use mcr_core::hand::PackKind;
use mcr_core::tiles::{Tile, TILE_KINDS};

/// Bytes of a compact observation.
pub const COMPACT_LEN: usize = 195;
/// Bytes of a baseline observation (6×4×9 planes).
pub const FEATURE_LEN: usize = 6 * 4 * 9;
/// Most discards a seat can make: 21 draws from its segment and 4 claims.
pub const MAX_DISCARDS: usize = 25;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// An observation encoding.
pub enum ObsKind {
    /// The compact encoding.
    Compact,
    /// The baseline FeatureAgent's 6×4×9 planes.
    Feature,
}

impl ObsKind {
    /// Bytes of one observation.
    #[allow(clippy::len_without_is_empty, reason = "a kind of observation, never empty")]
    pub fn len(self) -> usize {
        match self {
            ObsKind::Compact => COMPACT_LEN,
            ObsKind::Feature => FEATURE_LEN,
        }
    }

    /// The encoding of a name (`compact`, `feature`).
    pub fn parse(name: &str) -> Option<ObsKind> {
        match name {
            "compact" => Some(ObsKind::Compact),
            "feature" => Some(ObsKind::Feature),
            _ => None,
        }
    }
}

/// What every seat has seen of the game: the public record of events,
/// updated from each [`Turn`].
#[derive(Clone, Debug)]
pub struct Seen {
    discards: [[u8; MAX_DISCARDS]; 4],
    count: [u8; 4],
    quan: u8,
    event: u8,
    player: Option<u8>,
    tile: Option<Tile>,
    middle: Option<Tile>,
    /// The tile of the event is public (a discard, a melded kong, BUGANG).
    public_tile: bool,
    /// Seat whose discard is live.
    live: Option<u8>,
}

impl Seen {
    /// What a seat has seen at the start of a game under prevalent wind `quan`.
    pub fn new(quan: u8) -> Seen {
        Seen {
            discards: [[0; MAX_DISCARDS]; 4],
            count: [0; 4],
            quan,
            event: 0,
            player: None,
            tile: None,
            middle: None,
            public_tile: false,
            live: None,
        }
    }

    fn push_discard(&mut self, seat: u8, tile: Tile) {
        let n = self.count[seat as usize] as usize;
        if n < MAX_DISCARDS {
            self.discards[seat as usize][n] = tile.index() as u8 + 1;
            self.count[seat as usize] += 1;
        }
    }

    fn mark_claimed(&mut self) {
        if let Some(d) = self.live.take() {
            if let Some(n) = (self.count[d as usize] as usize).checked_sub(1) {
                self.discards[d as usize][n] |= 64;
            }
        }
    }

    /// Takes in the event of a turn.
    pub fn observe(&mut self, turn: &Turn) {
        let (event, player, tile, middle, public) = match turn.event {
            Event::Init { quan, .. } => {
                *self = Seen::new(quan);
                (0, None, None, None, false)
            }
            Event::Deal { .. } => (1, None, None, None, false),
            Event::Draw { player, tile } => {
                self.live = None;
                (2, Some(player), Some(tile), None, false)
            }
            Event::Play { player, tile } => {
                self.push_discard(player, tile);
                self.live = Some(player);
                (3, Some(player), Some(tile), None, true)
            }
            Event::Peng { player, tile } | Event::Chi { player, tile, .. } => {
                self.mark_claimed();
                self.push_discard(player, tile);
                self.live = Some(player);
                let middle = match turn.event {
                    Event::Chi { middle, .. } => Some(middle),
                    _ => None,
                };
                (if middle.is_some() { 5 } else { 4 }, Some(player), Some(tile), middle, true)
            }
            Event::Gang { player, tile } => {
                let melded = self.live.is_some_and(|d| d != player);
                if melded {
                    self.mark_claimed();
                }
                self.live = None;
                (6, Some(player), Some(tile), None, melded)
            }
            Event::BuGang { player, tile } => {
                self.live = None;
                (7, Some(player), Some(tile), None, true)
            }
            Event::Hu { .. } | Event::Huang | Event::WrongAnswer { .. } | Event::WrongHu { .. } => {
                if matches!(turn.event, Event::Hu { .. }) {
                    self.mark_claimed();
                }
                (8, turn.event.player(), None, None, false)
            }
        };
        self.event = event;
        self.player = player;
        self.tile = tile;
        self.middle = middle;
        self.public_tile = public;
    }

    /// `seat` drew the tile of the current event and has not answered yet.
    fn holds_drawn(&self, seat: u8) -> Option<Tile> {
        (self.event == 2 && self.player == Some(seat)).then_some(self.tile).flatten()
    }
}

/// `seat`'s concealed tiles as the observation shows them (the drawn tile
/// included; while a PENG/CHI discard is chosen, the hand after that meld).
pub fn shown_hand(engine: &Engine, seen: &Seen, seat: u8, pending: Option<Claim>) -> [u8; TILE_KINDS] {
    let mut hand = engine.hand(seat);
    if let Some(t) = seen.holds_drawn(seat) {
        hand[t.index()] += 1;
    }
    let claimed = engine.current_tile().index();
    match pending {
        Some(Claim::Peng) => hand[claimed] = hand[claimed].saturating_sub(2),
        Some(Claim::Chi { middle }) => {
            hand[claimed] += 1;
            for t in [middle.prev(), Some(middle), middle.next()].into_iter().flatten() {
                hand[t.index()] = hand[t.index()].saturating_sub(1);
            }
        }
        _ => {}
    }
    hand
}

/// Writes `seat`'s observation into `out` (`kind.len()` bytes).
pub fn write(kind: ObsKind, engine: &Engine, seen: &Seen, seat: u8, pending: Option<Claim>, out: &mut [u8]) {
    match kind {
        ObsKind::Compact => write_compact(engine, seen, seat, pending, out),
        ObsKind::Feature => write_feature(engine, seen, seat, pending, out),
    }
}

fn write_compact(engine: &Engine, seen: &Seen, seat: u8, pending: Option<Claim>, out: &mut [u8]) {
    let out = &mut out[..COMPACT_LEN];
    out.fill(0);
    out[..TILE_KINDS].copy_from_slice(&shown_hand(engine, seen, seat, pending));
    let walls = engine.walls_remaining();
    for r in 0..4u8 {
        let s = (seat + r) % 4;
        for (j, p) in engine.packs(s).iter().enumerate() {
            let at = 34 + 12 * r as usize + 3 * j;
            let concealed = p.is_concealed_kong();
            out[at] = match p.kind {
                PackKind::Chow => 1,
                PackKind::Pung => 2,
                PackKind::Kong if concealed => 4,
                PackKind::Kong => 3,
            };
            out[at + 1] = if concealed && s != seat { 0 } else { p.tile.index() as u8 + 1 };
            out[at + 2] = p.offer;
        }
        let at = 82 + MAX_DISCARDS * r as usize;
        out[at..at + MAX_DISCARDS].copy_from_slice(&seen.discards[s as usize]);
        out[184 + r as usize] = walls[s as usize];
    }
    out[182] = seat;
    out[183] = seen.quan;
    out[188] = seen.event;
    out[189] = seen.player.map_or(255, |p| (p + 4 - seat) % 4);
    let visible = seen.public_tile || seen.player == Some(seat);
    out[190] = match seen.tile {
        Some(t) if visible => t.index() as u8 + 1,
        _ => 0,
    };
    out[191] = seen.middle.map_or(0, |t| t.index() as u8 + 1);
    match pending {
        Some(Claim::Chi { middle }) => {
            out[192] = 1;
            out[193] = middle.index() as u8 + 1;
        }
        Some(Claim::Peng) => out[192] = 2,
        _ => {}
    }
    out[194] = match engine.hu_fans(seat) {
        Some(r) if r >= 0 => (r + 1).min(255) as u8,
        _ => 0,
    };
}

fn write_feature(engine: &Engine, seen: &Seen, seat: u8, pending: Option<Claim>, out: &mut [u8]) {
    let out = &mut out[..FEATURE_LEN];
    out.fill(0);
    out[Tile::wind(seat).index()] = 1;
    out[36 + Tile::wind(seen.quan).index()] = 1;
    let hand = shown_hand(engine, seen, seat, pending);
    // Plane 2 + k: the kinds held at least k + 1 times (branch-free).
    let (_, planes) = out.split_at_mut(72);
    for (k, plane) in planes.chunks_exact_mut(36).enumerate() {
        for (cell, &n) in plane.iter_mut().zip(hand.iter()) {
            *cell = (n as usize > k) as u8;
        }
    }
}
