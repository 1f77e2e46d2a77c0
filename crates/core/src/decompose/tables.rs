//! Lookup tables for suit patterns, computed by build.rs (see build/decompose.rs).
//!
//! A suit's counts (nine ranks, 0..=4 each) are encoded base 5; two bitmaps
//! tell whether the pattern splits into sets only, or into sets and one pair.
//! Honours, having no chows, are checked directly.

include!(concat!(env!("OUT_DIR"), "/suit_tables.rs"));

use crate::tiles::TileCounts;

/// The suit's key (its counts as a number base 5, rank 1 lowest) and its
/// number of tiles; `None` when a count is over 4. Ranks 1 to 8 are read as
/// one word and combined in lanes, a pair of ranks, then two pairs, then
/// four (no loop: this is the calculator's and canHu's first check).
#[inline]
fn suit_key_and_total(counts: &TileCounts, suit: usize) -> Option<(usize, u32)> {
    const BYTES: u64 = 0x0101_0101_0101_0101;
    let low = u64::from_le_bytes(counts[suit * 9..suit * 9 + 8].try_into().expect("8 counts"));
    let ninth = counts[suit * 9 + 8];
    // A byte over 4 has its top bit set once 0x7B is added (or had it).
    if (low.wrapping_add(0x7B * BYTES) | low) & (0x80 * BYTES) != 0 || ninth > 4 {
        return None;
    }
    let pairs = (low & 0x00FF_00FF_00FF_00FF) + ((low >> 8) & 0x00FF_00FF_00FF_00FF) * 5;
    let quads = (pairs & 0x0000_FFFF_0000_FFFF) + ((pairs >> 16) & 0x0000_FFFF_0000_FFFF) * 25;
    let key = (quads & 0xFFFF_FFFF) + (quads >> 32) * 625 + ninth as u64 * 390_625;
    let total = (low.wrapping_mul(BYTES) >> 56) as u32 + ninth as u32;
    Some((key as usize, total))
}

#[inline]
fn bit(map: &[u8], key: usize) -> bool {
    map[key >> 3] & (1 << (key & 7)) != 0
}

/// The ranks (bit r: rank r + 1) that complete a suit pattern one tile short
/// of sets, or of sets and a pair (which, its tile total tells).
#[inline]
pub fn suit_waits(key: u32) -> u16 {
    let mask = SUIT_WAITS.len() / 4 - 1;
    let mut i = (key.wrapping_mul(SUIT_HASH) >> (32 - WAIT_TABLE_BITS)) as usize;
    loop {
        let slot = u32::from_le_bytes(SUIT_WAITS[4 * i..4 * i + 4].try_into().unwrap());
        if slot == 0 {
            return 0;
        }
        if slot >> 9 == key {
            return slot as u16 & 0x1FF;
        }
        i = (i + 1) & mask;
    }
}

/// The ranks that complete suit `s` of `c` when it reads neither as sets
/// nor as sets and a pair; `None` when it does (or holds a count over 4).
/// Meant for hands whose other parts read whole with the right number of
/// pairs: the completing tile can then only go to this suit.
pub fn broken_suit_waits(c: &TileCounts, s: usize) -> Option<u16> {
    let (key, total) = suit_key_and_total(c, s)?;
    (suit_part(key, total) == Part::Neither).then(|| suit_waits(key as u32))
}

/// How one component of a hand (a suit, or the honours) reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// Sets only (or empty).
    Sets,
    /// Sets and one pair.
    SetsAndPair,
    /// Neither sets only nor sets and one pair.
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

/// The honours' reading (no chows: pungs, and at most one pair).
#[inline]
fn honor_part(h: &[u8]) -> Part {
    let mut pairs = 0;
    for &n in h {
        match n % 3 {
            0 => {}
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
                if total % 3 == 2 {
                    Part::SetsAndPair
                } else {
                    Part::Sets
                }
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

    /// The tiles (bit t: tile index t) that complete the hand as sets and
    /// one pair when added to it (`c`: its counts), a fifth copy included.
    pub fn completed_by(&self, c: &TileCounts) -> u64 {
        let mut waits = 0u64;
        for s in 0..4 {
            // One tile changes one part; the others must read whole already.
            let others = !(1u8 << s) & 0xF;
            if self.bad & others != 0 {
                continue;
            }
            let pairs_elsewhere = (self.paired & others).count_ones();
            if s == 3 {
                let mut h = [0u8; 7];
                h.copy_from_slice(&c[27..34]);
                // A count that is a multiple of three would be left one over.
                for i in (0..7).filter(|&i| !c[27 + i].is_multiple_of(3)) {
                    h[i] += 1;
                    let part = honor_part(&h);
                    if part != Part::Neither && pairs_elsewhere + part.pairs() == 1 {
                        waits |= 1 << (27 + i);
                    }
                    h[i] -= 1;
                }
            } else {
                // Adding a tile: total % 3 == 2 makes sets and a pair, == 0 sets.
                let pair_needed = (self.total[s] + 1) % 3 == 2;
                if pairs_elsewhere == !pair_needed as u32 {
                    waits |= (suit_waits(self.key[s]) as u64) << (9 * s);
                }
            }
        }
        waits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key and total of 600,000 random suits (counts mostly 0..=4, some
    /// over 4, which are refused), against the counts read one rank at a time.
    #[test]
    fn suit_keys_are_the_counts_base_5() {
        let mut c = [0u8; 34];
        let mut rng = crate::rng::Rng::new(5);
        for round in 0..200_000 {
            for n in c.iter_mut() {
                // Mostly 0..=4, now and then 5 or a byte far over.
                *n = match rng.next_u64() % 64 {
                    0 => 5,
                    1 if round % 7 == 0 => 200,
                    r => (r % 5) as u8,
                };
            }
            for s in 0..3 {
                let ranks = &c[s * 9..s * 9 + 9];
                let want = (ranks.iter().all(|&n| n <= 4)).then(|| {
                    let key = ranks.iter().rev().fold(0usize, |k, &n| k * 5 + n as usize);
                    (key, ranks.iter().map(|&n| n as u32).sum::<u32>())
                });
                assert_eq!(suit_key_and_total(&c, s), want, "{ranks:?}");
            }
        }
        // The largest key: every rank at 4.
        assert_eq!(suit_key_and_total(&[4; 34], 1), Some((5usize.pow(9) - 1, 36)));
    }
}
