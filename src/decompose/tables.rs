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

const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/// A hand's concealed counts as three suit keys and the honour counts, kept
/// up to date tile by tile (for trying each possible win tile cheaply).
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    key: [u32; 3],
    total: [u8; 3],
    honors: [u8; 7],
}

impl Pattern {
    /// `None` when a suit count is over 4.
    pub fn new(c: &TileCounts) -> Option<Pattern> {
        let mut p = Pattern { key: [0; 3], total: [0; 3], honors: [0; 7] };
        for s in 0..3 {
            p.key[s] = suit_key(c, s)? as u32;
            p.total[s] = c[s * 9..s * 9 + 9].iter().sum();
        }
        p.honors.copy_from_slice(&c[27..34]);
        Some(p)
    }

    /// Adds one tile; false (and no change) when a suit count would pass 4.
    #[inline]
    pub fn add(&mut self, t: usize) -> bool {
        if t >= 27 {
            self.honors[t - 27] += 1;
            return true;
        }
        let (s, r) = (t / 9, t % 9);
        if (self.key[s] / POW5[r]) % 5 == 4 {
            return false;
        }
        self.key[s] += POW5[r];
        self.total[s] += 1;
        true
    }

    #[inline]
    pub fn remove(&mut self, t: usize) {
        if t >= 27 {
            self.honors[t - 27] -= 1;
        } else {
            let (s, r) = (t / 9, t % 9);
            self.key[s] -= POW5[r];
            self.total[s] -= 1;
        }
    }

    /// Sets and exactly one pair?
    #[inline]
    pub fn is_complete(&self) -> bool {
        let mut pairs = 0;
        for s in 0..3 {
            let key = self.key[s] as usize;
            match self.total[s] % 3 {
                0 => {
                    if !bit(SETS_ONLY, key) {
                        return false;
                    }
                }
                2 => {
                    if !bit(SETS_AND_PAIR, key) {
                        return false;
                    }
                    pairs += 1;
                }
                _ => return false,
            }
        }
        for &n in &self.honors {
            match n {
                0 | 3 => {}
                2 => pairs += 1,
                _ => return false,
            }
        }
        pairs == 1
    }
}
