//! Readings of a hand: the ways its tiles split into sets and a pair (regular
//! readings) and the special shapes (seven pairs, thirteen orphans, honours and
//! knitted tiles, knitted straight + set + pair).
//!
//! Regular readings come out in the reference calculator's enumeration order
//! (depth-first over tiles in index order, a pung before the chow starting on
//! the same tile, sets never decreasing), because its tie-break between
//! readings of equal total depends on that order.

pub mod tables;
pub(crate) mod waits;

use crate::hand::{HandInput, PackKind};
use crate::tiles::{Tile, TileCounts, TILE_KINDS};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// The kind of a set.
pub enum SetKind {
    /// Three consecutive tiles of a suit (its tile is the middle one).
    Chow,
    /// Three of a kind.
    Pung,
    /// Four of a kind.
    Kong,
}

/// A set of a reading. `tile` is the middle tile of a chow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Set {
    /// Chow, pung or kong.
    pub kind: SetKind,
    /// The pung's or kong's kind, or the chow's middle tile.
    pub tile: Tile,
    /// Made with another player's tile (a fixed pack with an offer).
    pub melded: bool,
    /// A fixed pack (as opposed to one read from the standing tiles).
    pub fixed: bool,
}

impl Set {
    /// A placeholder set (unused slots).
    pub const EMPTY: Set = Set { kind: SetKind::Pung, tile: Tile::from_index(0), melded: false, fixed: false };

    /// A pung or a kong.
    pub fn is_pung_or_kong(&self) -> bool {
        self.kind != SetKind::Chow
    }

    /// The tiles of the set (a kong counts its tile once more).
    pub fn tiles(&self) -> [Tile; 3] {
        match self.kind {
            SetKind::Chow => {
                let i = self.tile.index() as u8;
                [Tile::from_index(i - 1), self.tile, Tile::from_index(i + 1)]
            }
            _ => [self.tile; 3],
        }
    }

    /// The kinds of the set's tiles, as a bitmask.
    #[inline]
    pub fn kinds(&self) -> u64 {
        match self.kind {
            SetKind::Chow => 7 << (self.tile.index() - 1),
            _ => 1 << self.tile.index(),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// The shape of a reading.
pub enum Shape {
    /// Four sets and a pair.
    Regular,
    /// Seven pairs.
    SevenPairs,
    /// Thirteen orphans (十三幺).
    ThirteenOrphans,
    /// Honors and knitted tiles (全不靠, 七星不靠).
    HonorsKnitted,
    /// A knitted straight with a set and a pair (组合龙).
    KnittedStraight,
}

impl Shape {
    /// The shape's name in the rules files (`seven_pairs`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Shape::Regular => "regular",
            Shape::SevenPairs => "seven_pairs",
            Shape::ThirteenOrphans => "thirteen_orphans",
            Shape::HonorsKnitted => "honors_knitted",
            Shape::KnittedStraight => "knitted_straight",
        }
    }
    /// The shape of a name in the rules files.
    pub fn from_name(name: &str) -> Option<Shape> {
        [Shape::SevenPairs, Shape::ThirteenOrphans, Shape::HonorsKnitted, Shape::KnittedStraight, Shape::Regular]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// One way to read the hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reading {
    /// The reading's shape.
    pub shape: Shape,
    /// Fixed packs first (in the order given), then sets read from the
    /// standing tiles.
    pub sets: [Set; 4],
    /// How many entries of `sets` are used.
    pub set_count: u8,
    /// The pair, for a reading that has one.
    pub pair: Option<Tile>,
    /// For knitted straights: which of the six knitted sequences.
    pub knitted: Option<u8>,
}

impl Reading {
    /// The sets used.
    pub fn sets(&self) -> &[Set] {
        &self.sets[..self.set_count as usize]
    }
}

/// Readings of one hand, stored inline (a hand has a handful at most; the
/// reference keeps 20) and left uninitialised until pushed.
#[derive(Default)]
pub struct Readings {
    items: arrayvec::ArrayVec<Reading, { Readings::CAPACITY }>,
}

impl Readings {
    /// The most readings a hand can have.
    pub const CAPACITY: usize = 24;

    /// No readings.
    pub fn new() -> Readings {
        Readings { items: arrayvec::ArrayVec::new_const() }
    }
    fn push(&mut self, r: &Reading) {
        let _ = self.items.try_push(*r);
    }
    /// How many readings.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// No readings.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// The readings, in the order found.
    pub fn as_slice(&self) -> &[Reading] {
        &self.items
    }
    /// The readings, in the order found.
    pub fn iter(&self) -> std::slice::Iter<'_, Reading> {
        self.items.iter()
    }
}

/// The six knitted straights (147/258/369 spread over the three suits), in
/// the order the reference tries them.
pub const KNITTED_STRAIGHTS: [[u8; 9]; 6] = {
    const fn seq(a: u8, b: u8, c: u8) -> [u8; 9] {
        // a, b, c: the starting rank (1, 2, 3) in characters, bamboo, dots.
        [a - 1, a + 2, a + 5, 9 + b - 1, 9 + b + 2, 9 + b + 5, 18 + c - 1, 18 + c + 2, 18 + c + 5]
    }
    [seq(1, 2, 3), seq(1, 3, 2), seq(2, 1, 3), seq(2, 3, 1), seq(3, 1, 2), seq(3, 2, 1)]
};

/// The knitted straights as bitmasks over tile kinds.
pub const KNITTED_STRAIGHT_MASKS: [u64; 6] = {
    let mut out = [0u64; 6];
    let mut k = 0;
    while k < 6 {
        let mut i = 0;
        while i < 9 {
            out[k] |= 1 << KNITTED_STRAIGHTS[k][i];
            i += 1;
        }
        k += 1;
    }
    out
};

/// 1 and 9 of each suit and the seven honours.
pub const THIRTEEN_ORPHANS: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
/// Tile kinds of thirteen orphans, as a bit mask over tile indices.
pub const THIRTEEN_ORPHANS_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < 13 {
        m |= 1 << THIRTEEN_ORPHANS[i];
        i += 1;
    }
    m
};

/// Counts of the fixed packs' tiles.
pub fn fixed_counts(hand: &HandInput) -> TileCounts {
    let mut c = [0u8; TILE_KINDS];
    for p in hand.packs() {
        let i = p.tile.index();
        match p.kind {
            PackKind::Chow => {
                c[i - 1] += 1;
                c[i] += 1;
                c[i + 1] += 1;
            }
            PackKind::Pung => c[i] += 3,
            PackKind::Kong => c[i] += 4,
        }
    }
    c
}

/// The hand's fixed packs as sets, and how many.
pub fn fixed_sets(hand: &HandInput) -> ([Set; 4], u8) {
    let mut sets = [Set::EMPTY; 4];
    for (s, p) in sets.iter_mut().zip(hand.packs()) {
        *s = Set {
            kind: match p.kind {
                PackKind::Chow => SetKind::Chow,
                PackKind::Pung => SetKind::Pung,
                PackKind::Kong => SetKind::Kong,
            },
            tile: p.tile,
            // The reference tests the offer's low two bits.
            melded: p.offer & 3 != 0,
            fixed: true,
        };
    }
    (sets, hand.packs().len() as u8)
}

/// Regular readings of `standing` (the standing tiles with the win tile;
/// `held`: their kinds) after the fixed sets, in the reference's order,
/// without duplicates.
pub fn regular_readings(standing: &TileCounts, held: u64, fixed: &[Set], out: &mut Readings) {
    let (mut pairs, mut remaining, mut rest) = (false, 0u32, held);
    while rest != 0 {
        let t = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        pairs |= standing[t] >= 2;
        remaining += standing[t] as u32;
    }
    if !pairs || remaining != (4 - fixed.len() as u32) * 3 + 2 {
        return;
    }
    let mut counts = *standing;
    let mut work = Reading { shape: Shape::Regular, sets: [Set::EMPTY; 4], set_count: 4, pair: None, knitted: None };
    work.sets[..fixed.len()].copy_from_slice(fixed);
    divide_from(&mut counts, held, fixed.len(), 0, 0, 0, &mut work, out);
}

/// Sets are compared by (first tile, pung before chow): the reference's
/// "eigen" order, which keeps each reading to one sorted enumeration. Tiles
/// passed over can only end up as the pair, so a branch that strands more
/// than one pair's worth of tiles is cut (same readings, same order).
fn divide(counts: &mut TileCounts, idx: usize, prev_key: u32, work: &mut Reading, out: &mut Readings) {
    let held = (0..TILE_KINDS).filter(|&t| counts[t] > 0).fold(0u64, |m, t| m | 1 << t);
    divide_from(counts, held, idx, prev_key, 0, 0, work, out)
}

/// Suit tiles a chow can start from (ranks 1 to 7).
const CHOW_FIRSTS: u64 = 0x7F | 0x7F << 9 | 0x7F << 18;

/// `held`: the kinds with a nonzero count, so the loop visits only those
/// and a chow is seen from it.
#[allow(clippy::too_many_arguments)]
fn divide_from(
    counts: &mut TileCounts,
    held: u64,
    idx: usize,
    prev_key: u32,
    stranded: u8,
    stranded_kinds: u8,
    work: &mut Reading,
    out: &mut Readings,
) {
    if idx == 4 {
        // The two tiles left must be the pair.
        if held != 0 {
            let t = held.trailing_zeros() as usize;
            if counts[t] == 2 {
                work.pair = Some(Tile::from_index(t as u8));
                if !out.iter().any(|r| r.sets[..4] == work.sets[..4]) {
                    out.push(work);
                }
            }
        }
        return;
    }
    let (mut stranded, mut kinds) = (stranded, stranded_kinds);
    let mut rest = held & (!0u64 << (prev_key >> 2));
    while rest != 0 {
        if stranded > 2 || (stranded == 2 && kinds > 1) {
            return;
        }
        let t = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let tile = Tile::from_index(t as u8);
        if counts[t] >= 3 {
            let key = ((t as u32) << 2) | 1;
            if key > prev_key {
                counts[t] -= 3;
                let h = if counts[t] == 0 { held & !(1 << t) } else { held };
                work.sets[idx] = Set { kind: SetKind::Pung, tile, melded: false, fixed: false };
                divide_from(counts, h, idx + 1, key, stranded, kinds, work, out);
                counts[t] += 3;
            }
        }
        if CHOW_FIRSTS & 1 << t != 0 && held >> (t + 1) & 0b11 == 0b11 {
            let key = ((t as u32) << 2) | 2;
            if key >= prev_key {
                counts[t] -= 1;
                counts[t + 1] -= 1;
                counts[t + 2] -= 1;
                let mut h = held;
                for (u, &n) in counts.iter().enumerate().skip(t).take(3) {
                    if n == 0 {
                        h &= !(1 << u);
                    }
                }
                work.sets[idx] =
                    Set { kind: SetKind::Chow, tile: Tile::from_index(t as u8 + 1), melded: false, fixed: false };
                divide_from(counts, h, idx + 1, key, stranded, kinds, work, out);
                counts[t] += 1;
                counts[t + 1] += 1;
                counts[t + 2] += 1;
            }
        }
        stranded = stranded.saturating_add(counts[t]);
        kinds += 1;
    }
}

/// Seven pairs: no fixed packs, every count even (a four counts as two pairs).
pub fn seven_pairs(standing: &TileCounts, fixed_count: usize) -> Option<Reading> {
    if fixed_count != 0 || standing.iter().any(|&n| n & 1 == 1) {
        return None;
    }
    Some(special(Shape::SevenPairs, None, None))
}

fn special(shape: Shape, pair: Option<Tile>, knitted: Option<u8>) -> Reading {
    Reading { shape, sets: [Set::EMPTY; 4], set_count: 0, pair, knitted }
}

/// Thirteen orphans: the thirteen kinds, one of them twice.
pub fn thirteen_orphans(standing: &TileCounts, fixed_count: usize) -> Option<Reading> {
    if fixed_count != 0 {
        return None;
    }
    let mut pair = None;
    for t in 0..TILE_KINDS {
        let n = standing[t];
        let orphan = THIRTEEN_ORPHANS.contains(&(t as u8));
        match (orphan, n) {
            (true, 1) => {}
            (true, 2) if pair.is_none() => pair = Some(Tile::from_index(t as u8)),
            (false, 0) => {}
            _ => return None,
        }
    }
    pair.map(|p| special(Shape::ThirteenOrphans, Some(p), None))
}

/// Honours and knitted tiles: 14 different tiles, the suit tiles (7 to 9 of
/// them) all from one knitted straight.
pub fn honors_knitted(standing: &TileCounts, fixed_count: usize) -> Option<Reading> {
    if fixed_count != 0 || standing.iter().any(|&n| n > 1) || standing.iter().filter(|&&n| n == 1).count() != 14 {
        return None;
    }
    let numbered: u32 = (0..27).filter(|&t| standing[t] == 1).fold(0, |m, t| m | 1 << t);
    if !(7..=9).contains(&numbered.count_ones()) {
        return None;
    }
    let k = KNITTED_STRAIGHTS.iter().position(|seq| numbered & !seq.iter().fold(0u32, |m, &t| m | 1 << t) == 0)?;
    Some(special(Shape::HonorsKnitted, None, Some(k as u8)))
}

/// Knitted straight + one set + a pair (at most one fixed pack, which is then
/// the set). The reference takes the first knitted straight held and requires
/// the rest to split exactly one way.
pub fn knitted_straight(standing: &TileCounts, fixed: &[Set]) -> Option<Reading> {
    if fixed.len() > 1 || !standing.iter().any(|&n| n >= 2) {
        return None;
    }
    let k = KNITTED_STRAIGHTS.iter().position(|seq| seq.iter().all(|&t| standing[t as usize] > 0))?;
    let mut rest = *standing;
    for &t in &KNITTED_STRAIGHTS[k] {
        rest[t as usize] -= 1;
    }
    let mut found = Readings::new();
    regular_readings_from(&rest, fixed, 3, &mut found);
    if found.len() != 1 {
        return None;
    }
    let r = found.as_slice()[0];
    let mut reading = special(Shape::KnittedStraight, r.pair, Some(k as u8));
    reading.sets[0] = r.sets[3];
    reading.set_count = 1;
    Some(reading)
}

/// Like [`regular_readings`] with `taken` sets already accounted for (the
/// knitted straight stands for three).
fn regular_readings_from(counts: &TileCounts, fixed: &[Set], taken: usize, out: &mut Readings) {
    let mut counts = *counts;
    let mut work = special(Shape::Regular, None, None);
    work.set_count = 4;
    if let Some(f) = fixed.first() {
        work.sets[3] = *f;
    }
    divide(&mut counts, taken + fixed.len(), 0, &mut work, out);
}
