//! Lookup tables for suit patterns, computed by build.rs (see build/decompose.rs).
//!
//! A suit's counts (nine ranks, 0..=4 each) are encoded base 5; two bitmaps
//! tell whether the pattern splits into sets only, or into sets and one pair.
//! Honours, having no chows, are checked directly.

include!(concat!(env!("OUT_DIR"), "/suit_tables.rs"));

use crate::tiles::TileCounts;

/// The suit's key and its number of tiles, in one pass.
#[inline]
fn suit_key_and_total(counts: &TileCounts, suit: usize) -> Option<(usize, u32)> {
    let (mut key, mut total) = (0usize, 0u32);
    for &n in counts[suit * 9..suit * 9 + 9].iter().rev() {
        if n > 4 {
            return None;
        }
        key = key * 5 + n as usize;
        total += n as u32;
    }
    Some((key, total))
}

#[inline]
fn bit(map: &[u8], key: usize) -> bool {
    map[key >> 3] & (1 << (key & 7)) != 0
}

/// How one component of a hand (a suit, or the honours) reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// Sets only (or empty).
    Sets,
    /// Sets and one pair.
    SetsAndPair,
    Neither,
}

impl Part {
    #[inline]
    fn pairs(self) -> u32 {
        (self == Part::SetsAndPair) as u32
    }
}

/// A suit's reading from its key and tile total.
#[inline]
fn suit_part(key: usize, total: u32) -> Part {
    match total % 3 {
        0 if bit(SETS_ONLY, key) => Part::Sets,
        2 if bit(SETS_AND_PAIR, key) => Part::SetsAndPair,
        _ => Part::Neither,
    }
}

/// The honours' reading (no chows: threes, and at most one two).
#[inline]
fn honor_part(h: &[u8]) -> Part {
    let mut pairs = 0;
    for &n in h {
        match n {
            0 | 3 => {}
            2 => pairs += 1,
            _ => return Part::Neither,
        }
    }
    match pairs {
        0 => Part::Sets,
        1 => Part::SetsAndPair,
        _ => Part::Neither,
    }
}

/// Can these tiles (counts of a whole concealed part, a multiple of 3 plus 2)
/// be read as sets and exactly one pair? `None` when some count is over 4
/// (the caller then searches without tables).
pub fn is_complete_regular(counts: &TileCounts) -> Option<bool> {
    let mut pairs = 0;
    for s in 0..3 {
        let (key, total) = suit_key_and_total(counts, s)?;
        match suit_part(key, total) {
            Part::Neither => return Some(false),
            p => pairs += p.pairs(),
        }
    }
    let h = honor_part(&counts[27..34]);
    Some(h != Part::Neither && pairs + h.pairs() == 1)
}

const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/// A hand's concealed counts read part by part (three suits, the honours),
/// for asking cheaply which single added tile completes it: adding a tile
/// changes one part only. Parts are bits 0..3 (bit 3: honours).
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    key: [u32; 3],
    total: [u32; 3],
    /// Parts that read as neither sets nor sets and a pair.
    bad: u8,
    /// Parts that read as sets and a pair.
    paired: u8,
}

impl Pattern {
    /// `None` when a suit count is over 4. `complete`: suits known to read
    /// as sets, or sets and a pair (which of the two their tile total
    /// tells), so their tables are not asked.
    pub fn new(c: &TileCounts, complete: u8) -> Option<Pattern> {
        let mut p = Pattern { key: [0; 3], total: [0; 3], bad: 0, paired: 0 };
        for s in 0..3 {
            let (key, total) = suit_key_and_total(c, s)?;
            (p.key[s], p.total[s]) = (key as u32, total);
            let part = if complete & 1 << s != 0 {
                if total % 3 == 2 { Part::SetsAndPair } else { Part::Sets }
            } else {
                suit_part(key, total)
            };
            p.mark(s, part);
        }
        p.mark(3, honor_part(&c[27..34]));
        Some(p)
    }

    #[inline]
    fn mark(&mut self, s: usize, part: Part) {
        self.bad = self.bad & !(1 << s) | ((part == Part::Neither) as u8) << s;
        self.paired = self.paired & !(1 << s) | (part.pairs() as u8) << s;
    }

    /// Bitmask of the parts a completing tile may go to: every other part
    /// must already read as sets, or sets and a pair.
    pub fn open_parts(&self) -> u8 {
        match self.bad.count_ones() {
            0 => 0xF,
            1 => self.bad,
            _ => 0,
        }
    }

    /// Does one more tile `t` (counts `c` before it, no count over 3 at
    /// `t`) complete the hand?
    #[inline]
    pub fn completed_by(&self, c: &TileCounts, t: usize) -> bool {
        let (s, part) = if t >= 27 {
            let mut h = [0u8; 7];
            h.copy_from_slice(&c[27..34]);
            h[t - 27] += 1;
            (3, honor_part(&h))
        } else {
            let s = t / 9;
            (s, suit_part((self.key[s] + POW5[t % 9]) as usize, self.total[s] + 1))
        };
        // Only part `s` changes.
        let others = !(1u8 << s);
        self.bad & others == 0 && part != Part::Neither && (self.paired & others).count_ones() + part.pairs() == 1
    }
}
