//! Waits: did the hand, before its win tile, wait on one tile kind only?
//!
//! This follows the reference calculator's wait analysis, including its
//! limits: only regular and seven-pairs waits are seen, the search works on
//! unsigned 16-bit counts (so a win tile missing from the counts wraps
//! around, as it does for some knitted-straight hands), and a pair plus a
//! partial set is judged from the first partial set found.

use crate::tiles::{Tile, TileCounts, TILE_KINDS};

type Counts16 = [u16; TILE_KINDS];

/// `concealed` holds the standing tiles *with* the win tile; `tile_count` is
/// the number of standing tiles without it (13, 10, 7, 4 or 1).
pub fn is_unique_wait(concealed: &TileCounts, tile_count: i32, win: Tile) -> bool {
    let mut counts: Counts16 = [0; TILE_KINDS];
    for (c, &n) in counts.iter_mut().zip(concealed) {
        *c = n as u16;
    }
    is_unique_wait16(&mut counts, tile_count, win)
}

/// Whether the hand (16-bit counts, the win tile included) waited on `win` only.
pub fn is_unique_wait16(counts: &mut Counts16, tile_count: i32, win: Tile) -> bool {
    let w = win.index();
    let mut waiting = [false; TILE_KINDS];
    counts[w] = counts[w].wrapping_sub(1);
    if tile_count == 13 {
        seven_pairs_waits(counts, &mut waiting);
    }
    regular_waits(counts, tile_count, 0, &mut waiting);
    counts[w] = counts[w].wrapping_add(1);
    waiting.iter().filter(|&&x| x).count() == 1
}

fn seven_pairs_waits(counts: &Counts16, waiting: &mut [bool; TILE_KINDS]) {
    if let Some(t) = seven_pairs_wait(counts.iter().copied()) {
        waiting[t] = true;
    }
}

/// With six pairs (a four counts as two), the tile that makes the seventh.
fn seven_pairs_wait(counts: impl Iterator<Item = u16> + Clone) -> Option<usize> {
    let pairs: u32 = counts
        .clone()
        .map(|n| match n {
            2 | 3 => 1,
            4 => 2,
            _ => 0,
        })
        .sum();
    if pairs == 6 {
        counts.into_iter().position(|n| n == 1 || n == 3)
    } else {
        None
    }
}

/// The partial set left beside a pair: its waits, from the first tile that
/// forms one.
fn partial_set_waits(counts: &Counts16, waiting: &mut [bool; TILE_KINDS]) {
    for t in 0..TILE_KINDS {
        if counts[t] < 1 {
            continue;
        }
        if counts[t] > 1 {
            waiting[t] = true;
            return;
        }
        let tile = Tile::from_index(t as u8);
        if tile.is_suited() {
            let r = tile.rank();
            if r > 1 && counts[t - 1] > 0 {
                if r < 9 {
                    waiting[t + 1] = true;
                }
                if r > 2 {
                    waiting[t - 2] = true;
                }
                return;
            }
            if r > 2 && counts[t - 2] > 0 {
                waiting[t - 1] = true;
                return;
            }
        }
    }
}

fn regular_waits(counts: &mut Counts16, tile_count: i32, prev_key: u32, waiting: &mut [bool; TILE_KINDS]) {
    if tile_count == 1 {
        if let Some(t) = counts.iter().position(|&n| n == 1) {
            waiting[t] = true;
        }
        return;
    }
    if tile_count == 4 {
        for t in 0..TILE_KINDS {
            if counts[t] < 2 {
                continue;
            }
            counts[t] -= 2;
            partial_set_waits(counts, waiting);
            counts[t] += 2;
        }
    }
    for t in 0..TILE_KINDS {
        if counts[t] < 1 {
            continue;
        }
        if counts[t] > 2 {
            let key = ((t as u32) << 2) | 1;
            if key > prev_key {
                counts[t] -= 3;
                regular_waits(counts, tile_count - 3, key, waiting);
                counts[t] += 3;
            }
        }
        let tile = Tile::from_index(t as u8);
        if tile.is_suited() && tile.rank() < 8 && counts[t + 1] > 0 && counts[t + 2] > 0 {
            let key = ((t as u32) << 2) | 2;
            if key >= prev_key {
                counts[t] -= 1;
                counts[t + 1] -= 1;
                counts[t + 2] -= 1;
                regular_waits(counts, tile_count - 3, key, waiting);
                counts[t] += 1;
                counts[t + 1] += 1;
                counts[t + 2] += 1;
            }
        }
    }
}

/// The same answer for the regular reading's wait, found from the suit
/// tables: the tiles that complete the hand as sets and a pair, plus the
/// seven-pairs wait of a 13-tile hand. (The search above sees exactly these
/// waits when no count wraps, which cannot happen with the win tile among
/// the counted tiles.) Falls back to the search when a suit count passes 4.
/// `held`: the kinds in `concealed`. `regular`: `concealed` is known to read
/// as sets and a pair, so the suits other than the win tile's read whole.
pub fn is_unique_wait_fast(concealed: &TileCounts, held: u64, tile_count: i32, win: Tile, regular: bool) -> bool {
    let complete = if regular { 0b111 & !(1u8 << (win.index() / 9)) } else { 0 };
    let mut c = *concealed;
    c[win.index()] -= 1;
    let held = if c[win.index()] == 0 { held & !(1 << win.index()) } else { held };
    // A regular reading's other suits read whole, and hold the pair exactly
    // when the win tile's suit does not: so when that suit, without the win
    // tile, reads neither way, a completing tile can only go there, and the
    // table's answer (by its tile total) is the hand's.
    let short_suit =
        (regular && win.is_suited()).then(|| super::tables::broken_suit_waits(&c, win.index() / 9)).flatten();
    let mut waiting = match short_suit {
        Some(ranks) => (ranks as u64) << (win.index() / 9 * 9),
        None => match super::tables::Pattern::new(&c, complete) {
            Some(pattern) => pattern.completed_by(&c),
            None => return is_unique_wait(concealed, tile_count, win),
        },
    };
    // Six pairs and a single are at most seven kinds.
    if tile_count == 13 && held.count_ones() <= 7 {
        if let Some(t) = seven_pairs_wait(c.iter().map(|&n| n as u16)) {
            waiting |= 1 << t;
        }
    }
    waiting.count_ones() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift), so failures repeat.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// Adds a random set to `c`, or `None` when it would pass four copies.
    fn add_set(c: &mut TileCounts, rng: &mut Rng, suits: u64) -> Option<()> {
        let t = if suits == 4 { rng.below(34) as usize } else { (rng.below(suits) * 9 + rng.below(9)) as usize };
        if t < 27 && t % 9 < 7 && rng.below(2) == 0 {
            (t..t + 3).all(|u| c[u] < 4).then(|| (t..t + 3).for_each(|u| c[u] += 1))
        } else {
            (c[t] <= 1).then(|| c[t] += 3)
        }
    }

    /// The suit-wait table gives the search's answer: winning hands of four
    /// sets and a pair (some in one or two suits, so waits pile up and fifth
    /// copies come in), each tile taken as the win tile.
    #[test]
    fn wait_table_agrees_with_search() {
        let mut rng = Rng(0x5eed_1234_abcd);
        let (mut hands, mut unique) = (0, 0);
        while hands < 20_000 {
            let suits = [1, 2, 4][rng.below(3) as usize];
            let mut c = [0u8; 34];
            if (0..4).any(|_| add_set(&mut c, &mut rng, suits).is_none()) {
                continue;
            }
            let p = rng.below(34) as usize;
            if c[p] > 2 {
                continue;
            }
            c[p] += 2;
            let held = (0..34).filter(|&t| c[t] > 0).fold(0u64, |m, t| m | 1 << t);
            for w in (0..34).filter(|&t| c[t] > 0) {
                let win = Tile::from_index(w as u8);
                let fast = is_unique_wait_fast(&c, held, 13, win, true);
                assert_eq!(fast, is_unique_wait(&c, 13, win), "counts {c:?}, win {w}");
                unique += fast as u32;
            }
            hands += 1;
        }
        // Both answers occur.
        assert!(unique > 1000, "{unique}");
    }

    /// The table's honours rule: a pair waiting for its pung beside another
    /// pair, a single waiting for its pair; a fifth copy of a suit tile.
    #[test]
    fn wait_table_edge_cases() {
        let counts = |tiles: &[(usize, u8)]| {
            let mut c = [0u8; 34];
            for &(t, n) in tiles {
                c[t] = n;
            }
            c
        };
        let held = |c: &TileCounts| (0..34).filter(|&t| c[t] > 0).fold(0u64, |m, t| m | 1 << t);
        for c in [
            // 111 222 333m 55p EE + E (two pairs: E or 5p)
            counts(&[(0, 3), (1, 3), (2, 3), (13, 2), (27, 3)]),
            // 1111 2222 3333m + 5p (the hand holds four of three tiles)
            counts(&[(0, 4), (1, 4), (2, 4), (13, 2)]),
            // 11112345678999m (nine gates with a fourth 1: waits everywhere)
            counts(&[(0, 4), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 3)]),
        ] {
            for w in (0..34).filter(|&t| c[t] > 0) {
                let win = Tile::from_index(w as u8);
                assert_eq!(is_unique_wait_fast(&c, held(&c), 13, win, false), is_unique_wait(&c, 13, win), "{c:?} {w}");
            }
        }
    }
}
