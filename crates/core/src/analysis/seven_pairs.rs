//! Seven pairs (七对): 13 standing tiles. A kong's count makes two pairs (as
//! in the reference); useful are the tiles held an odd number of times.

use super::{ShapeShanten, TileSet};
use crate::tiles::TileCounts;

/// The seven-pairs shanten of 13 standing tiles (`n`), else `None`.
pub fn shanten(c: &TileCounts, n: usize) -> Option<ShapeShanten> {
    if n != 13 {
        return None;
    }
    let pairs: i32 = c.iter().map(|&k| (k / 2) as i32).sum();
    let useful = c.iter().enumerate().filter(|(_, &k)| k % 2 == 1).fold(0u64, |m, (i, _)| m | 1 << i);
    Some(ShapeShanten { shanten: 6 - pairs, useful: TileSet(useful) })
}
