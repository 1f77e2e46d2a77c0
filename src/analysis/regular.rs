//! The regular shape (four sets and a pair) from the per-suit tables.
//!
//! The reference takes the least `8 - 2 x sets - partners - pair` over the
//! ways to cut the tiles (partners capped at the sets still missing); that is
//! the least number of tiles to add for the sets still missing and a pair,
//! minus one (a 13 - 3n tile hand always has a leftover tile to start a group
//! with). Here that number is the least sum, over the ways to share the sets
//! and the pair among the three suits and the honours, of each part's
//! distance from the tables; a tile is useful when adding it lowers the sum,
//! that is when it lowers its part's distance in one of the best shares.

use super::tables::{self, Entries};
use super::ShapeShanten;
use crate::tiles::TileCounts;

const INF: u16 = 0x3F;

/// Least distance of a group of parts for each (sets, pair) at `2k + p`.
type Costs = [u16; 10];

#[inline]
fn distance(e: &Entries) -> Costs {
    e.map(|x| x >> 9)
}

/// The least sum over shares of (k, p) between `a` and `b`.
#[inline]
fn combine(a: &Costs, b: &Costs, sets: usize) -> Costs {
    let mut out = [INF; 10];
    for k in 0..=sets {
        for p in 0..2 {
            let mut best = INF;
            for k1 in 0..=k {
                for p1 in 0..=p {
                    best = best.min(a[2 * k1 + p1] + b[2 * (k - k1) + p - p1]);
                }
            }
            out[2 * k + p] = best;
        }
    }
    out
}

/// Costs of no part at all: nothing asked costs nothing.
const NONE: Costs = {
    let mut c = [INF; 10];
    c[0] = 0;
    c
};

/// The least distance for `sets` sets and a pair, and the useful tiles (as a
/// mask over tile indices), of the counts `c`.
pub fn distance_and_useful(c: &TileCounts, sets: usize) -> (u16, u64) {
    solve(&parts(c), sets)
}

/// The table entries of the three suits and the honours of `c`.
#[inline]
pub fn parts(c: &TileCounts) -> [Entries; 4] {
    [tables::suit(&c[0..9]), tables::suit(&c[9..18]), tables::suit(&c[18..27]), tables::honors(&c[27..34])]
}

/// [`distance_and_useful`] from the parts' entries.
pub fn solve(parts: &[Entries; 4], sets: usize) -> (u16, u64) {
    let d: [Costs; 4] = [distance(&parts[0]), distance(&parts[1]), distance(&parts[2]), distance(&parts[3])];
    // Best costs of the parts before (prefix) and after (suffix) each part.
    let mut prefix = [NONE; 4];
    for s in 1..4 {
        prefix[s] = combine(&prefix[s - 1], &d[s - 1], sets);
    }
    let mut suffix = [NONE; 4];
    for s in (0..3).rev() {
        suffix[s] = combine(&suffix[s + 1], &d[s + 1], sets);
    }
    let total = combine(&prefix[3], &d[3], sets)[2 * sets + 1];
    let mut useful = 0u64;
    for s in 0..4 {
        let others = combine(&prefix[s], &suffix[s], sets);
        let mut lowering = 0u64;
        for k in 0..=sets {
            for p in 0..2 {
                let i = 2 * k + p;
                if d[s][i] + others[2 * (sets - k) + 1 - p] == total {
                    lowering |= (parts[s][i] & 0x1FF) as u64;
                }
            }
        }
        useful |= lowering << (9 * s);
    }
    (total, useful)
}

/// The reference's regular shanten of counts `c`, `sets` sets still to make,
/// with its useful tiles: a tile the hand holds four of is skipped unless the
/// hand is already waiting.
pub fn shanten_for_sets(c: &TileCounts, sets: usize) -> ShapeShanten {
    shanten_of_parts(c, &parts(c), sets)
}

/// [`shanten_for_sets`] with the entries of `c`'s parts already looked up.
pub fn shanten_of_parts(c: &TileCounts, parts: &[Entries; 4], sets: usize) -> ShapeShanten {
    let (total, mut useful) = solve(parts, sets);
    let shanten = total as i32 - 1;
    if shanten > 0 {
        for (i, &n) in c.iter().enumerate() {
            if n == 4 {
                useful &= !(1 << i);
            }
        }
    }
    ShapeShanten { shanten, useful: super::TileSet(useful) }
}

/// `regular_shanten`: 13, 10, 7, 4 or 1 standing tiles (counts `c`).
pub fn shanten(c: &TileCounts, n: usize) -> Option<ShapeShanten> {
    matches!(n, 13 | 10 | 7 | 4 | 1).then(|| shanten_for_sets(c, 4 - (13 - n) / 3))
}
