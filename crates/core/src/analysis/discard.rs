//! The discard table of a hand holding its 14th tile: for each kind it could
//! discard, the shanten of what remains (the least over the five shapes), the
//! useful tiles of the shapes at that shanten, and how many copies of them
//! are unseen: four, minus those in the hand (the discard included), in its
//! packs and among the tiles the caller reports visible.

use super::{analyse_counts, HandShanten, ShantenError, TileSet};
use crate::hand::{Pack, PackKind};
use crate::tiles::{Tile, TileCounts, TILE_KINDS};

/// One row of the discard table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Discard {
    /// The tile discarded.
    pub tile: Tile,
    /// The least shanten over the shapes after the discard.
    pub shanten: i32,
    /// Useful tiles of the shapes at that shanten.
    pub useful: TileSet,
    /// Unseen copies of the useful tiles.
    pub unseen: u32,
    /// Every shape after the discard.
    pub shapes: HandShanten,
}

/// Tiles of the packs by kind (a chow's three, a pung's three, a kong's four).
pub fn pack_counts(packs: &[Pack]) -> TileCounts {
    let mut c = [0u8; TILE_KINDS];
    for p in packs {
        let i = p.tile.index();
        match p.kind {
            // A chow's tile is its middle one (an edge tile counts alone).
            PackKind::Chow => match (p.tile.prev(), p.tile.next()) {
                (Some(_), Some(_)) => (i - 1..=i + 1).for_each(|j| c[j] += 1),
                _ => c[i] += 1,
            },
            PackKind::Pung => c[i] += 3,
            PackKind::Kong => c[i] += 4,
        }
    }
    c
}

/// The discard table, best first: least shanten, then most unseen useful
/// copies, then most useful kinds, then tile order. `standing` holds
/// 14 - 3 x packs tiles; otherwise `ERROR_INVALID_HAND`. More than four
/// copies of a kind in all (hand, packs, `visible`): `TooManyCopies`.
pub fn discards(packs: &[Pack], standing: &[Tile], visible: &[Tile]) -> Result<Vec<Discard>, ShantenError> {
    if packs.len() > 4 || standing.len() + 3 * packs.len() != 14 {
        return Err(ShantenError::InvalidHand);
    }
    let mut hand = [0u8; TILE_KINDS];
    standing.iter().for_each(|t| hand[t.index()] += 1);
    let mut seen = pack_counts(packs);
    for i in 0..TILE_KINDS {
        seen[i] = seen[i].saturating_add(hand[i]);
    }
    visible.iter().for_each(|t| seen[t.index()] = seen[t.index()].saturating_add(1));
    if let Some(t) = Tile::all().find(|t| seen[t.index()] > 4) {
        return Err(ShantenError::TooManyCopies(t));
    }
    let mut rows = Vec::new();
    for t in Tile::all().filter(|t| hand[t.index()] > 0) {
        let mut rest = hand;
        rest[t.index()] -= 1;
        let shapes = analyse_counts(&rest, standing.len() - 1);
        let Ok(shanten) = shapes.shanten() else { continue };
        let useful = shapes.useful();
        let unseen = useful.iter().map(|u| 4u32.saturating_sub(seen[u.index()] as u32)).sum();
        rows.push(Discard { tile: t, shanten, useful, unseen, shapes });
    }
    rows.sort_by_key(|d| (d.shanten, std::cmp::Reverse(d.unseen), std::cmp::Reverse(d.useful.len()), d.tile));
    Ok(rows)
}
