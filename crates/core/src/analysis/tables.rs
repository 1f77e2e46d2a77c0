//! Lookups in the generated shanten tables (build/decompose.rs): for a suit's
//! or the honours' counts, ten entries `distance << 9 | lowering ranks`, one
//! per (sets, pair) asked of it (see [`super::distance`]). Patterns the tables
//! do not hold (a count over 4) are computed with the generator's own
//! recurrence.

use super::distance::{self, ENTRIES};
use crate::decompose::tables::{HONOR_RANK_OFFSETS, HONOR_SHANTEN, SUIT_RANK_OFFSETS, SUIT_SHANTEN};

/// The ten entries of one component of a hand.
pub type Entries = [u16; ENTRIES];

/// Largest count and total of the tables' patterns.
const MAX_COUNT: usize = 4;
const MAX_SUM: usize = 13;

#[inline]
fn index(offsets: &[u32], c: &[u8]) -> Option<usize> {
    let (mut index, mut before) = (0usize, 0usize);
    for (rank, &v) in c.iter().enumerate() {
        let v = v as usize;
        if v > MAX_COUNT || before + v > MAX_SUM {
            return None;
        }
        index += offsets[(rank * (MAX_SUM + 1) + before) * (MAX_COUNT + 1) + v] as usize;
        before += v;
    }
    Some(index)
}

#[inline]
fn read(table: &[u8], i: usize) -> Entries {
    let bytes: &[u8; 2 * ENTRIES] = table[i * 2 * ENTRIES..(i + 1) * 2 * ENTRIES].try_into().unwrap();
    std::array::from_fn(|j| u16::from_le_bytes([bytes[2 * j], bytes[2 * j + 1]]))
}

/// Entries of a suit (nine counts).
#[inline]
pub fn suit(c: &[u8]) -> Entries {
    match index(&SUIT_RANK_OFFSETS, c) {
        Some(i) => read(SUIT_SHANTEN, i),
        None => computed(c, true),
    }
}

/// Entries of the honours (seven counts).
#[inline]
pub fn honors(c: &[u8]) -> Entries {
    match index(&HONOR_RANK_OFFSETS, c) {
        Some(i) => read(HONOR_SHANTEN, i),
        None => computed(c, false),
    }
}

/// The entries of a pattern outside the tables, by the generator's
/// recurrence (memoised for this call only: such hands are rare).
#[cold]
fn computed(c: &[u8], chows: bool) -> Entries {
    type Memo = std::collections::HashMap<(Vec<u8>, u8), distance::Distances>;
    fn get(c: &[u8], flags: u8, chows: bool, memo: &mut Memo) -> distance::Distances {
        if let Some(d) = memo.get(&(c.to_vec(), flags)) {
            return *d;
        }
        let d = distance::distances(c, chows, flags, &mut |s, f| get(s, f, chows, memo));
        memo.insert((c.to_vec(), flags), d);
        d
    }
    let mut memo = Memo::new();
    distance::entries(c, &mut |s| get(s, 0, chows, &mut memo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_recurrence_on_sampled_patterns() {
        // Every 97th pattern of nine ranks, and every honour pattern.
        let r = distance::Ranking::new(9, 4, 13);
        assert_eq!(SUIT_SHANTEN.len(), r.len * 2 * ENTRIES);
        for c in r.patterns().into_iter().step_by(97) {
            assert_eq!(suit(&c), computed(&c, true), "{c:?}");
        }
        let h = distance::Ranking::new(7, 4, 13);
        for c in h.patterns().into_iter().step_by(7) {
            assert_eq!(honors(&c[..7]), computed(&c[..7], false), "{c:?}");
        }
    }

    #[test]
    fn hand_checked_suit_entries() {
        let d = |e: u16| e >> 9;
        let low = |e: u16| e & 0x1FF;
        // 1 2 3 4: one set (0 missing), a set and a pair: 1 missing (pair 1 or 4).
        let e = suit(&[1, 1, 1, 1, 0, 0, 0, 0, 0]);
        assert_eq!(d(e[2]), 0);
        assert_eq!(d(e[3]), 1);
        assert_eq!(low(e[3]), 0b1001);
        // Empty suit: a set costs 3, and any rank lowers it.
        let e = suit(&[0; 9]);
        assert_eq!((d(e[2]), low(e[2])), (3, 0x1FF));
        // Four East: a pung and a pair cost one more East (a fifth copy).
        let e = honors(&[4, 0, 0, 0, 0, 0, 0]);
        assert_eq!((d(e[3]), low(e[3])), (1, 1));
    }
}
