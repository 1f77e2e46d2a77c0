//! What the judge remembers between steps: each seat's wall segment, concealed
//! tiles and melds, the shown-tile counts and the kong flags. Fixed-size
//! arrays only, so a step allocates nothing.

use crate::hand::{Pack, PackKind};
use crate::tiles::{Tile, TILE_KINDS};

/// Tiles in each seat's own wall segment.
pub const SEGMENT: usize = 34;
/// Tiles dealt to each seat.
pub const DEALT: usize = 13;

#[derive(Clone, Copy, Debug)]
/// One seat: its wall segment, concealed tiles and packs.
pub struct Seat {
    /// `wall[34s .. 34s+34]`; drawn from the back.
    segment: [Tile; SEGMENT],
    remaining: u8,
    /// Concealed tiles by kind (the judge's order within the hand never shows).
    hand: [u8; TILE_KINDS],
    /// The same tiles sorted, kept up to date so that building a hand for
    /// the calculator is a copy.
    sorted: [Tile; 14],
    sorted_len: u8,
    packs: [Pack; 4],
    pack_count: u8,
}

impl Seat {
    /// A seat that draws from `segment`.
    pub fn new(segment: [Tile; SEGMENT]) -> Seat {
        Seat {
            segment,
            remaining: SEGMENT as u8,
            hand: [0; TILE_KINDS],
            sorted: [Tile::from_index(0); 14],
            sorted_len: 0,
            packs: [Pack::new(PackKind::Pung, Tile::from_index(0), 1); 4],
            pack_count: 0,
        }
    }

    /// Tiles left in the segment (the display's `tileCnt`).
    #[inline]
    pub fn remaining(&self) -> u8 {
        self.remaining
    }

    /// Takes the last tile of the segment.
    #[inline]
    pub fn draw(&mut self) -> Option<Tile> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        Some(self.segment[self.remaining as usize])
    }

    /// Concealed tiles by kind.
    #[inline]
    pub fn counts(&self) -> &[u8; TILE_KINDS] {
        &self.hand
    }

    #[inline]
    /// Concealed copies of `tile`.
    pub fn count(&self, tile: Tile) -> u8 {
        self.hand[tile.index()]
    }

    /// Adds a tile; false if the hand is full (14 tiles: cannot happen in
    /// a game, where a hand holds at most 13 + the tile just drawn).
    #[inline]
    pub fn add(&mut self, tile: Tile) -> bool {
        let len = self.sorted_len as usize;
        if len == self.sorted.len() {
            return false;
        }
        let at = self.sorted[..len].partition_point(|&t| t <= tile);
        self.sorted.copy_within(at..len, at + 1);
        self.sorted[at] = tile;
        self.sorted_len += 1;
        self.hand[tile.index()] += 1;
        true
    }

    /// Removes `n` copies of `tile` if the hand holds that many; otherwise
    /// leaves the hand alone and says no.
    #[inline]
    pub fn take(&mut self, tile: Tile, n: u8) -> bool {
        let c = &mut self.hand[tile.index()];
        if *c < n {
            return false;
        }
        *c -= n;
        let len = self.sorted_len as usize;
        let at = self.sorted[..len].partition_point(|&t| t < tile);
        let n = n as usize;
        self.sorted.copy_within(at + n..len, at);
        self.sorted_len -= n as u8;
        true
    }

    #[inline]
    /// The packs, in the order declared.
    pub fn packs(&self) -> &[Pack] {
        &self.packs[..self.pack_count as usize]
    }

    /// Adds a meld; false when four are already there (a hand cannot get
    /// there and still have the tiles for another meld).
    #[inline]
    pub fn push_pack(&mut self, pack: Pack) -> bool {
        if self.pack_count as usize == self.packs.len() {
            return false;
        }
        self.packs[self.pack_count as usize] = pack;
        self.pack_count += 1;
        true
    }

    /// Turns the pung of `tile` into a kong (same offerer); false if there is
    /// no such pung.
    pub fn promote_pung(&mut self, tile: Tile) -> bool {
        let count = self.pack_count as usize;
        match self.packs[..count].iter_mut().find(|p| p.kind == PackKind::Pung && p.tile == tile) {
            Some(p) => {
                p.kind = PackKind::Kong;
                true
            }
            None => false,
        }
    }

    /// Replaces what another seat cannot see of this one: its undrawn
    /// tiles (`undrawn[i]` is the segment's position `i`, so the last one
    /// is drawn next; exactly [`Seat::remaining`] of them) and, when given,
    /// its concealed tiles. The packs, the drawn part of the segment and
    /// the number of tiles left stay.
    pub(crate) fn redeal(&mut self, undrawn: &[Tile], hand: Option<&[u8; TILE_KINDS]>) {
        let n = (self.remaining as usize).min(undrawn.len());
        self.segment[..n].copy_from_slice(&undrawn[..n]);
        if let Some(hand) = hand {
            self.hand = [0; TILE_KINDS];
            self.sorted_len = 0;
            for t in Tile::all() {
                for _ in 0..hand[t.index()] {
                    self.add(t);
                }
            }
        }
    }

    /// The concealed tiles in tile order.
    #[inline]
    pub fn standing(&self) -> &[Tile] {
        &self.sorted[..self.sorted_len as usize]
    }
}

/// The judge's kong flags. A flag set while a seat acts (`curr_*`) moves to
/// `last_*` when the drawer's answer has been read; they decide the
/// about-kong win flag (杠上开花 / 抢杠和) and who pays for a robbed kong.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KongFlags {
    /// A promoted kong this turn.
    pub curr_bugang: bool,
    /// A promoted kong last turn.
    pub last_bugang: bool,
    /// A concealed kong this turn.
    pub curr_angang: bool,
    /// A concealed kong last turn.
    pub last_angang: bool,
    /// A melded kong is in force until its player's replacement draw has been
    /// answered. (The judge also keeps a `lastGANG` that nothing reads.)
    pub curr_gang: bool,
}

impl KongFlags {
    /// Win flag "about kong" for a win on the current tile.
    #[inline]
    pub fn about_kong(&self) -> bool {
        self.last_bugang || self.last_angang || self.curr_gang
    }

    /// After the answers to a draw: what happened this turn becomes "last".
    #[inline]
    pub fn rotate(&mut self) {
        self.last_bugang = self.curr_bugang;
        self.last_angang = self.curr_angang;
        self.curr_bugang = false;
        self.curr_angang = false;
        self.curr_gang = false;
    }

    /// A concealed kong was declared.
    #[inline]
    pub fn set_angang(&mut self) {
        *self = KongFlags { curr_angang: true, last_angang: self.last_angang, ..KongFlags::default() };
    }

    /// A pung was promoted to a kong.
    #[inline]
    pub fn set_bugang(&mut self) {
        *self = KongFlags { curr_bugang: true, last_bugang: self.last_bugang, ..KongFlags::default() };
    }

    /// A melded kong of the discard was declared.
    #[inline]
    pub fn set_melded_gang(&mut self) {
        *self = KongFlags { curr_gang: true, ..KongFlags::default() };
    }
}

/// Everything on the table.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    /// The four seats.
    pub seats: [Seat; 4],
    /// Tiles of each kind visible to everybody (for 和绝张: a win on the last
    /// unseen copy). Passed discards +1, PENG +3, CHI +1 on each run tile,
    /// melded kong and BUGANG set 4; concealed kongs stay hidden.
    pub shown: [u8; TILE_KINDS],
    /// The kong flags.
    pub kong: KongFlags,
}

impl Table {
    /// The table dealt from four wall segments.
    #[inline]
    pub fn new(segments: [[Tile; SEGMENT]; 4]) -> Table {
        Table { seats: segments.map(Seat::new), shown: [0; TILE_KINDS], kong: KongFlags::default() }
    }

    /// Tiles left in each seat's segment.
    #[inline]
    pub fn tile_counts(&self) -> [u8; 4] {
        [0, 1, 2, 3].map(|s| self.seats[s].remaining())
    }
}
