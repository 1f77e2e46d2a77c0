//! Thirteen orphans (十三幺): 13 standing tiles. Shanten 13 minus the kinds
//! of terminals and honours held, one less with a pair among them; useful are
//! all thirteen kinds, or with a pair the kinds still missing.

use super::{ShapeShanten, TileSet};
use crate::decompose::{THIRTEEN_ORPHANS, THIRTEEN_ORPHANS_MASK};
use crate::tiles::TileCounts;

/// The thirteen-orphans shanten of 13 standing tiles (`n`), else `None`.
pub fn shanten(c: &TileCounts, n: usize) -> Option<ShapeShanten> {
    if n != 13 {
        return None;
    }
    let held = THIRTEEN_ORPHANS.iter().filter(|&&t| c[t as usize] > 0).fold(0u64, |m, &t| m | 1 << t);
    let pair = THIRTEEN_ORPHANS.iter().any(|&t| c[t as usize] > 1);
    let kinds = held.count_ones() as i32;
    let (shanten, useful) =
        if pair { (12 - kinds, THIRTEEN_ORPHANS_MASK & !held) } else { (13 - kinds, THIRTEEN_ORPHANS_MASK) };
    Some(ShapeShanten { shanten, useful: TileSet(useful) })
}
