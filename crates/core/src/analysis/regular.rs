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

/// The least sum over shares of (k, p) between `a` and `b`, for up to `S`
/// sets (entries past `S` are left infinite).
#[inline(always)]
fn combine<const S: usize>(a: &Costs, b: &Costs) -> Costs {
    let mut out = [INF; 10];
    for k in 0..=S {
        let (mut none, mut pair) = (INF, INF);
        for k1 in 0..=k {
            let k2 = k - k1;
            none = none.min(a[2 * k1] + b[2 * k2]);
            pair = pair.min(a[2 * k1 + 1] + b[2 * k2]).min(a[2 * k1] + b[2 * k2 + 1]);
        }
        out[2 * k] = none;
        out[2 * k + 1] = pair;
    }
    out
}

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
    match sets {
        0 => solve_for::<0>(parts),
        1 => solve_for::<1>(parts),
        2 => solve_for::<2>(parts),
        3 => solve_for::<3>(parts),
        _ => solve_for::<4>(parts),
    }
}

fn solve_for<const S: usize>(parts: &[Entries; 4]) -> (u16, u64) {
    let d: [Costs; 4] = [distance(&parts[0]), distance(&parts[1]), distance(&parts[2]), distance(&parts[3])];
    // The best of the other three parts for each part, from the two pairs of
    // parts (suits 0 and 1, suit 2 and the honours).
    let first = combine::<S>(&d[0], &d[1]);
    let second = combine::<S>(&d[2], &d[3]);
    let others = [
        combine::<S>(&d[1], &second),
        combine::<S>(&d[0], &second),
        combine::<S>(&first, &d[3]),
        combine::<S>(&first, &d[2]),
    ];
    let total = (0..=S)
        .map(|k| d[0][2 * k + 1] + others[0][2 * (S - k)])
        .chain((0..=S).map(|k| d[0][2 * k] + others[0][2 * (S - k) + 1]))
        .min()
        .unwrap_or(INF);
    let mut useful = 0u64;
    for s in 0..4 {
        let mut lowering = 0u64;
        for k in 0..=S {
            for p in 0..2 {
                let i = 2 * k + p;
                if d[s][i] + others[s][2 * (S - k) + 1 - p] == total {
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
