//! The table as the self-test keeps it: each seat's standing tiles as
//! counts, its melds, and what is left of its wall segment.

use mcr_core::tiles::{Tile, TILE_KINDS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MeldKind {
    Peng,
    Chi,
    Gang,
    AnGang,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Meld {
    pub(super) kind: MeldKind,
    pub(super) tile: Tile,
}

/// Per-seat hand as tile counts plus up to four melds.
#[derive(Clone, Copy)]
pub(super) struct Seat {
    pub(super) counts: [u8; TILE_KINDS],
    pub(super) len: usize,
    pub(super) melds: [Option<Meld>; 4],
    pub(super) meld_count: usize,
    /// Tiles left in the seat's wall segment.
    pub(super) remain: usize,
}

impl Seat {
    pub(super) fn has(&self, t: Tile, n: u8) -> bool {
        self.counts[t.index()] >= n
    }
    pub(super) fn take(&mut self, t: Tile, n: u8) {
        self.counts[t.index()] -= n;
        self.len -= n as usize;
    }
    pub(super) fn add(&mut self, t: Tile) {
        self.counts[t.index()] += 1;
        self.len += 1;
    }
    pub(super) fn push_meld(&mut self, kind: MeldKind, tile: Tile) -> bool {
        if self.meld_count == 4 {
            return false;
        }
        self.melds[self.meld_count] = Some(Meld { kind, tile });
        self.meld_count += 1;
        true
    }
}

impl Seat {
    /// Before the deal: no tiles, a full segment.
    pub(super) const EMPTY: Seat =
        Seat { counts: [0; TILE_KINDS], len: 0, melds: [None; 4], meld_count: 0, remain: 34 };
}
