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
    let Some(pattern) = super::tables::Pattern::new(&c, complete) else {
        return is_unique_wait(concealed, tile_count, win);
    };
    let mut waiting = pattern.completed_by(&c);
    // Six pairs and a single are at most seven kinds.
    if tile_count == 13 && held.count_ones() <= 7 {
        if let Some(t) = seven_pairs_wait(c.iter().map(|&n| n as u16)) {
            waiting |= 1 << t;
        }
    }
    waiting.count_ones() == 1
}
