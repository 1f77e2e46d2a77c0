//! The knitted shapes, each tried against the six knitted straights (147,
//! 258, 369 spread over the three suits) in the reference's order; the least
//! shanten wins and the useful tiles of equal ones are merged.
//!
//! - Honours and knitted tiles (全不靠): 13 standing tiles; 13 minus the
//!   kinds held among the straight's nine tiles and the seven honours; useful
//!   are the kinds missing.
//! - Knitted straight (组合龙): 13 or 10 standing tiles; the straight's
//!   missing tiles, plus the regular shanten of what is left once one of each
//!   straight tile held is taken out (one set and a pair, or a pair), whose
//!   useful tiles join the missing ones.

use super::regular::shanten_of_parts;
use super::tables::{self, Entries};
use super::{ShapeShanten, TileSet};
use crate::decompose::{KNITTED_STRAIGHTS, KNITTED_STRAIGHT_MASKS};
use crate::tiles::{kinds_held, TileCounts};

const HONORS_MASK: u64 = 0x7F << 27;

/// Keeps the least shanten, merging the useful tiles of equal ones.
fn keep_best(best: &mut Option<ShapeShanten>, s: ShapeShanten) {
    match best {
        Some(b) if b.shanten < s.shanten => {}
        Some(b) if b.shanten == s.shanten => b.useful.0 |= s.useful.0,
        _ => *best = Some(s),
    }
}

/// Honours and knitted tiles (全不靠 / 七星不靠): 13 standing tiles, else
/// `None`. Shanten 13 minus the kinds held of the best knitted straight and
/// the seven honours; useful are the kinds of that set not held.
pub fn honors_and_knitted_shanten(c: &TileCounts, n: usize) -> Option<ShapeShanten> {
    if n != 13 {
        return None;
    }
    let held = kinds_held(c);
    let mut best = None;
    for mask in KNITTED_STRAIGHT_MASKS {
        let wanted = mask | HONORS_MASK;
        let have = (held & wanted).count_ones() as i32;
        keep_best(&mut best, ShapeShanten { shanten: 13 - have, useful: TileSet(wanted & !held) });
    }
    best
}

/// A knitted straight (组合龙) with one set and a pair (13 standing tiles)
/// or a pair alone (10), else `None`: the best of the six straights, each
/// with the rest of the hand decomposed as a regular hand.
pub fn knitted_straight_shanten(c: &TileCounts, n: usize) -> Option<ShapeShanten> {
    if n != 13 && n != 10 {
        return None;
    }
    let sets = 4 - (13 - n) / 3 - 3;
    let held = kinds_held(c);
    // A straight takes ranks 147, 258 or 369 of each suit: nine suit parts
    // cover the six straights' rests (looked up when a straight is tried);
    // the honours are untouched.
    let mut suit_parts: [[Option<Entries>; 3]; 3] = [[None; 3]; 3];
    let mut suit_part = |s: usize, start: usize| {
        *suit_parts[s][start].get_or_insert_with(|| {
            let mut ranks: [u8; 9] = c[9 * s..9 * s + 9].try_into().unwrap();
            for r in (start..9).step_by(3) {
                ranks[r] = ranks[r].saturating_sub(1);
            }
            tables::suit(&ranks)
        })
    };
    let honors: Entries = tables::honors(&c[27..34]);
    let mut best: Option<ShapeShanten> = None;
    // Straights missing fewest tiles first, so the others are mostly cut
    // short (the result does not depend on the order: the least shanten,
    // ties merged).
    let mut order: [(u32, usize); 6] = std::array::from_fn(|i| ((KNITTED_STRAIGHT_MASKS[i] & !held).count_ones(), i));
    order.sort_unstable();
    for (seq, mask) in order.iter().map(|&(_, i)| (&KNITTED_STRAIGHTS[i], KNITTED_STRAIGHT_MASKS[i])) {
        let missing = mask & !held;
        let missing_count = missing.count_ones() as i32;
        // The rest's shanten is at least -1: skip straights that cannot tie.
        if best.is_some_and(|b| missing_count - 1 > b.shanten) {
            continue;
        }
        let mut rest = *c;
        for &t in seq {
            rest[t as usize] = rest[t as usize].saturating_sub(1);
        }
        let start = |s: usize| seq[3 * s] as usize - 9 * s;
        let parts = [suit_part(0, start(0)), suit_part(1, start(1)), suit_part(2, start(2)), honors];
        let r = shanten_of_parts(&rest, &parts, sets);
        keep_best(
            &mut best,
            ShapeShanten { shanten: missing_count + r.shanten, useful: TileSet(missing | r.useful.0) },
        );
    }
    best
}
