//! Lookup tables for suit patterns, computed by build.rs (see build/decompose.rs).
//!
//! A suit's counts (nine ranks, 0..=4 each) are encoded base 5; two bitmaps
//! tell whether the pattern splits into sets only, or into sets and one pair.
//! Honours, having no chows, are checked directly.

include!(concat!(env!("OUT_DIR"), "/suit_tables.rs"));

use crate::tiles::TileCounts;

#[inline]
fn suit_key(counts: &TileCounts, suit: usize) -> Option<usize> {
    let mut key = 0usize;
    for r in (0..9).rev() {
        let n = counts[suit * 9 + r];
        if n > 4 {
            return None;
        }
        key = key * 5 + n as usize;
    }
    Some(key)
}

#[inline]
fn bit(map: &[u8], key: usize) -> bool {
    map[key >> 3] & (1 << (key & 7)) != 0
}

/// Can these tiles (counts of a whole concealed part, a multiple of 3 plus 2)
/// be read as sets and exactly one pair? `None` when some count is over 4
/// (the caller then searches without tables).
pub fn is_complete_regular(counts: &TileCounts) -> Option<bool> {
    let mut pairs = 0;
    for suit in 0..3 {
        let key = suit_key(counts, suit)?;
        let total: u32 = counts[suit * 9..suit * 9 + 9].iter().map(|&n| n as u32).sum();
        match total % 3 {
            0 => {
                if !bit(SETS_ONLY, key) {
                    return Some(false);
                }
            }
            2 => {
                if !bit(SETS_AND_PAIR, key) {
                    return Some(false);
                }
                pairs += 1;
            }
            _ => return Some(false),
        }
    }
    for &n in &counts[27..] {
        match n {
            0 | 3 => {}
            2 => pairs += 1,
            _ => return Some(false),
        }
    }
    Some(pairs == 1)
}
