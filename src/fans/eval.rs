// Scoring a hand: correct the win flags, list its readings, score each with
// the generated rules, keep the best (with the rules' tie-break), add the
// fans counted outside readings. The same code explains itself when asked
// (`explain`), and costs nothing extra when not.

//
// This file is compiled once per profile (see `fans/mod.rs`): `super::rules`
// is that profile's generated tables, so each profile's calculator is
// specialised to its rules as the default one always was.

use super::rules;
use crate::fans::view::{FlagView, GroupMembers, GroupView, HandFacts, HandView};
use crate::fans::{fans_of, Explanation, FanResult, ReadingTrace, Tally, Verdict, NOT_WIN, WRONG_TILE_COUNT};
use crate::decompose::{self, tables, waits, Reading, Set, SetKind, Shape};
use crate::hand::{HandInput, PackKind};
use crate::rules::profiles::MAX_FAN_TABLE_SIZE as FAN_TABLE_SIZE;
use crate::tiles::{Tile, TileCounts};
use std::cell::OnceCell;
use std::sync::LazyLock;

type Counts = [u8; FAN_TABLE_SIZE];

/// Kinds among the standing tiles and the win tile.
fn held_kinds(hand: &HandInput) -> u64 {
    hand.standing().iter().fold(1 << hand.win_tile.index(), |m, t| m | 1 << t.index())
}

fn facts(hand: &HandInput, concealed: TileCounts) -> HandFacts {
    let fixed = decompose::fixed_counts(hand);
    let (fixed_sets, fixed_count) = decompose::fixed_sets(hand);
    let held = held_kinds(hand);
    let present = fixed_sets[..fixed_count as usize].iter().fold(held, |m, s| m | s.kinds());
    // Over every kind, without a branch.
    let fours = (0..concealed.len()).fold(0u64, |m, t| m | ((concealed[t] + fixed[t] == 4) as u64) << t);
    let w = hand.win_tile.index();
    let mut fv = FlagView {
        flags: hand.flags,
        win_copies_concealed: concealed[w] as u32,
        win_copies_melded: fixed[w] as u32,
        fixed_kongs: hand.packs().iter().filter(|p| p.kind == PackKind::Kong).count() as u32,
        seat_wind: hand.seat_wind,
        fixed_packs: hand.packs().len() as u8,
    };
    rules::apply_flag_rules(&mut fv);
    HandFacts {
        concealed,
        held,
        present,
        fours,
        fixed_sets,
        fixed_count,
        melded_sets: fixed_sets[..fixed_count as usize].iter().filter(|s| s.melded).count() as u32,
        standing_count: hand.standing().len() as u8,
        win: hand.win_tile,
        flags: fv.flags,
        seat_wind: hand.seat_wind,
        prevalent_wind: hand.prevalent_wind,
        flowers: hand.flower_count,
    }
}

fn tile_count_ok(hand: &HandInput) -> bool {
    let standing = hand.standing().len();
    standing > 0 && hand.packs().len() * 3 + standing == 13
}

/// Special reading of the hand, if one fits (in the rules' order).
fn special_reading(f: &HandFacts) -> Option<Reading> {
    let fixed = f.fixed_sets();
    rules::SPECIAL_READINGS.iter().find_map(|shape| match shape {
        Shape::SevenPairs => decompose::seven_pairs(&f.concealed, fixed.len()),
        Shape::ThirteenOrphans => decompose::thirteen_orphans(&f.concealed, fixed.len()),
        Shape::HonorsKnitted => decompose::honors_knitted(&f.concealed, fixed.len()),
        Shape::KnittedStraight => decompose::knitted_straight(&f.concealed, fixed),
        Shape::Regular => None,
    })
}

/// The wait as the reference sees it for this reading.
fn unique_wait_for(f: &HandFacts, reading: &Reading, regular_wait: &OnceCell<bool>) -> bool {
    match reading.shape {
        Shape::KnittedStraight => {
            let k = reading.knitted.unwrap_or(0) as usize;
            let seq = &decompose::KNITTED_STRAIGHTS[k];
            if f.fixed_count == 0 {
                // The tiles beside the knitted straight, win tile included.
                let mut rest = [0u16; 34];
                for t in 0..34 {
                    rest[t] = f.concealed[t] as u16;
                }
                for &t in seq {
                    rest[t as usize] -= 1;
                }
                waits::is_unique_wait16(&mut rest, 4, f.win)
            } else {
                !seq.contains(&(f.win.index() as u8)) || f.concealed[f.win.index()] == 3
            }
        }
        _ => *regular_wait.get_or_init(|| waits::is_unique_wait_fast(&f.concealed, f.held, f.standing_count as i32, f.win, reading.shape == Shape::Regular)),
    }
}

fn has_any(t: &Tally, fans: &[u8]) -> bool {
    fans.iter().any(|&i| t.present & 1 << i != 0)
}

/// The sets of one kind (chows, or pungs and kongs) in a reading, by tile:
/// where they are in the reading, and their tiles for group views. Groups
/// are bitmasks over positions in `idx`.
struct SetsOfKind<'a> {
    idx: [u8; 4],
    n: usize,
    /// Their tiles, ascending.
    tiles: [u8; 4],
    reading: &'a Reading,
    f: &'a HandFacts,
    /// Made when a group is first viewed (most are answered by tables).
    members: OnceCell<GroupMembers>,
}

impl<'a> SetsOfKind<'a> {
    fn of(f: &'a HandFacts, reading: &'a Reading, chows: bool) -> SetsOfKind<'a> {
        // Gathered a byte at a time in registers: stored a byte at a time,
        // they would be read back as a block before the stores land.
        let (mut idx, mut tiles, mut n) = (0u32, 0u32, 0);
        for (i, s) in reading.sets().iter().enumerate() {
            if (s.kind == SetKind::Chow) == chows {
                idx |= (i as u32) << (8 * n);
                tiles |= (s.tile.index() as u32) << (8 * n);
                n += 1;
            }
        }
        let (mut idx, mut tiles) = (idx.to_le_bytes(), tiles.to_le_bytes());
        // Insertion sort: at most four, and the sets read from the standing
        // tiles come sorted.
        for i in 1..n {
            let mut j = i;
            while j > 0 && tiles[j - 1] > tiles[j] {
                tiles.swap(j - 1, j);
                idx.swap(j - 1, j);
                j -= 1;
            }
        }
        SetsOfKind { idx, n, tiles, reading, f, members: OnceCell::new() }
    }

    /// The group `ks` (bits over positions in `idx`).
    fn view(&self, ks: u8) -> GroupView {
        let (r, f) = (self.reading, self.f);
        let members = self.members.get_or_init(|| {
            GroupMembers::new(self.idx[..self.n].iter().map(|&i| r.sets[i as usize].tile), r.pair, f.seat_wind, f.prevalent_wind)
        });
        members.view(ks)
    }

    /// The tiles of the group `ks`, ascending, as a [`group_key`].
    fn key(&self, ks: u8) -> usize {
        group_key(&self.tiles[..self.n], ks)
    }
}

/// A generated group matcher: the first fan the group shows.
type Matcher = fn(&GroupView) -> Option<u8>;

/// Answers of the matchers of two and three sets that read the group's
/// tiles only (see `*_BY_TILES`), by tiles: 0 = no fan. Made once
/// from the generated matchers, so a lookup replaces a view and a chain of
/// conditions.
struct GroupTables {
    /// [chows, pungs] by [arity - 2]: 34^arity entries, keyed by
    /// [`SetsOfKind::key`] (only ascending keys are filled).
    by_kind: [[Vec<u8>; 2]; 2],
}

/// Every ascending list of `n` values below `values` (repeats allowed).
fn ascending_groups(n: usize, values: u8, mut visit: impl FnMut(&[u8])) {
    let mut v = vec![0u8; n];
    loop {
        visit(&v);
        let Some(i) = v.iter().rposition(|&x| x < values - 1) else { break };
        v[i] += 1;
        let from = v[i];
        v[i..].fill(from);
    }
}

/// The tiles picked by `ks` (bits over `tiles`) as a key of the group
/// tables (base 34).
fn group_key(tiles: &[u8], ks: u8) -> usize {
    (0..tiles.len()).filter(|&k| ks & 1 << k != 0).fold(0, |key, k| key * 34 + tiles[k] as usize)
}

static GROUP_TABLES: LazyLock<GroupTables> = LazyLock::new(|| {
    let table = |arity: usize, matcher: Matcher| {
        let mut out = vec![0u8; 34usize.pow(arity as u32)];
        ascending_groups(arity, 34, |tiles| {
            let group = GroupMembers::new(tiles.iter().map(|&t| Tile::from_index(t)), None, 0, 0);
            out[group_key(tiles, !0)] = matcher(&group.view((1 << arity) - 1)).unwrap_or(0);
        });
        out
    };
    GroupTables {
        by_kind: [
            [table(2, rules::chows_2), table(3, rules::chows_3)],
            [table(2, rules::pungs_2), table(3, rules::pungs_3)],
        ],
    }
});

/// A chow's middle tile (ranks 2 to 8 of a suit) numbered 0..21, and back.
fn chow_number(tile: u8) -> u8 {
    tile - 2 * (tile / 9) - 1
}

fn chow_middle(number: u8) -> u8 {
    number + 2 * (number / 7) + 1
}

/// Could four chows with these tiles show a `chows(4)` fan, with some pair
/// (and some winds, when the matchers read them)? Bits by [`multiset_rank`]
/// of the chow numbers. Made once from the generated matcher: four chows
/// whose tiles cannot are not viewed.
static CHOWS_4_MAY_MATCH: LazyLock<Vec<u64>> = LazyLock::new(|| {
    let winds: Vec<(u8, u8)> = if rules::CHOWS_4_READS_WINDS { (0..16).map(|w| (w / 4, w % 4)).collect() } else { vec![(0, 0)] };
    let mut out = vec![0u64; (BINOMIAL[24][4] as usize).div_ceil(64)];
    ascending_groups(4, 21, |numbers| {
        let tiles = numbers.iter().map(|&k| Tile::from_index(chow_middle(k)));
        let may = std::iter::once(None).chain((0..34u8).map(Some)).any(|pair| {
            winds.iter().any(|&(seat, prevalent)| {
                let group = GroupMembers::new(tiles.clone(), pair.map(Tile::from_index), seat, prevalent);
                rules::chows_4(&group.view(0b1111)).is_some()
            })
        });
        let rank = multiset_rank(numbers);
        out[rank / 64] |= (may as u64) << (rank % 64);
    });
    out
});

/// Answers of the single-set matchers that read the set's tile and the
/// winds only (see `*_1_BY_TILE`): the fans hit, by [`single_key`]. Made
/// once from the generated matchers.
static SINGLE_TABLES: LazyLock<[Vec<u128>; 2]> = LazyLock::new(|| {
    let table = |matcher: SingleMatcher| {
        let mut out = vec![0u128; 34 * 16];
        for t in 0..34u8 {
            for (seat, prevalent) in (0..4u8).flat_map(|s| (0..4u8).map(move |p| (s, p))) {
                let set = GroupMembers::new(std::iter::once(Tile::from_index(t)), None, seat, prevalent);
                let hits = &mut out[single_key(t, seat, prevalent)];
                matcher(&set.view(1), &mut |fan| *hits |= 1 << fan);
            }
        }
        out
    };
    [table(rules::chows_1), table(rules::pungs_1)]
});

/// A generated single-set matcher: every fan the set shows.
type SingleMatcher = fn(&GroupView, &mut dyn FnMut(u8));

fn single_key(tile: u8, seat_wind: u8, prevalent_wind: u8) -> usize {
    tile as usize * 16 + seat_wind as usize * 4 + prevalent_wind as usize
}

/// Fans of single sets: each marks the set it stands on.
/// (Generic over the kind, so the rules' constants for it fold away.)
fn single_set_fans<const CHOWS: bool>(sets: &SetsOfKind, used_sets: &mut [u8; FAN_TABLE_SIZE]) {
    let (by_tile, matcher): (bool, SingleMatcher) =
        if CHOWS { (rules::CHOWS_1_BY_TILE, rules::chows_1) } else { (rules::PUNGS_1_BY_TILE, rules::pungs_1) };
    for k in 0..sets.n {
        let set = 1 << sets.idx[k];
        if by_tile {
            let hits = SINGLE_TABLES[!CHOWS as usize][single_key(sets.tiles[k], sets.f.seat_wind, sets.f.prevalent_wind)];
            for fan in fans_of(hits) {
                used_sets[fan] |= set;
            }
        } else {
            matcher(&sets.view(1 << k), &mut |fan| used_sets[fan as usize] |= set);
        }
    }
}

/// Groups of three out of four (as bitmasks), each with the set left over.
const SUBSETS_OF_4: [(u8, usize); 4] = [(0b0111, 3), (0b1011, 2), (0b1101, 1), (0b1110, 0)];

/// The account-once principle over `n` sets of one kind (2 to 4), once no
/// group of four shows a fan: the first group of three and the left-over
/// set once with it; else pairs (chow pairs trimmed, pung pairs all).
/// `matching(ks)`: the fan of the group `ks` (bits over the `n` sets).
/// Emits each fan counted once, as (fan, count, sets it stands on); a pair
/// fan trimmed to zero still marks its sets.
fn account_once<const CHOWS: bool>(n: usize, matching: impl Fn(u8) -> Option<u8>, mut emit: impl FnMut(u8, u8, u8)) {
    if n >= 3 {
        let subsets: &[(u8, usize)] = if n == 4 { &SUBSETS_OF_4 } else { &[(0b0111, usize::MAX)] };
        for (k, &(three, left)) in subsets.iter().enumerate() {
            if let Some(fan) = matching(three) {
                // Policy chow_triples_prefer: a later group showing a fan
                // preferred over this one is counted instead.
                if CHOWS && !rules::CHOW_TRIPLE_PREFER.is_empty() {
                    let later = rules::CHOW_TRIPLE_PREFER.iter().filter(|&&(_, over)| over == fan).find_map(|&(better, _)| {
                        subsets[k + 1..].iter().find(|&&(t, _)| matching(t) == Some(better)).map(|&(t, l)| (better, t, l))
                    });
                    if let Some((better, t, l)) = later {
                        emit(better, 1, t);
                        if let Some((f2, k2)) = (0..n).filter(|&k| t & 1 << k != 0).filter_map(|k| matching(1 << k | 1 << l).map(|f| (f, k))).min_by_key(|(f, _)| *f) {
                            emit(f2, 1, 1 << k2 | 1 << l);
                        }
                        return;
                    }
                }
                emit(fan, 1, three);
                if left != usize::MAX {
                    // The left-over set combines once: the best pair fan.
                    let best = (0..n)
                        .filter(|&k| three & 1 << k != 0)
                        .filter_map(|k| matching(1 << k | 1 << left).map(|fan| (fan, k)))
                        .min_by_key(|(fan, _)| *fan);
                    if let Some((fan, k)) = best {
                        emit(fan, 1, 1 << k | 1 << left);
                    }
                }
                return;
            }
        }
    }
    // Pairs.
    let mut pair_fans: [(u8, u8); 6] = [(0, 0); 6];
    let mut np = 0;
    let mut related = 0u8;
    for a in 0..n {
        for b in a + 1..n {
            let ks = 1 << a | 1 << b;
            if let Some(fan) = matching(ks) {
                pair_fans[np] = (fan, ks);
                np += 1;
                related |= ks;
            }
        }
    }
    let mut local: Counts = [0; FAN_TABLE_SIZE];
    for &(fan, _) in &pair_fans[..np] {
        local[fan as usize] += 1;
    }
    if CHOWS && np > 1 {
        let unrelated = n - related.count_ones() as usize;
        let max = (n as i32 - 1 - unrelated as i32).max(0) as usize;
        let mut total = np;
        // First down to one of each, then to none, in trim order.
        for limit in [1u8, 0] {
            for &fan in rules::CHOW_PAIR_TRIM {
                while total > max && local[fan as usize] > limit {
                    local[fan as usize] -= 1;
                    total -= 1;
                }
            }
        }
    }
    let mut emitted = 0u128;
    for (i, &(fan, _)) in pair_fans[..np].iter().enumerate() {
        if emitted & 1 << fan == 0 {
            emitted |= 1 << fan;
            let sets = pair_fans[i..np].iter().filter(|p| p.0 == fan).fold(0, |m, p| m | p.1);
            emit(fan, local[fan as usize], sets);
        }
    }
}

/// What [`account_once`] makes of a group of sets, when its fans depend on
/// the sets' tiles only: up to four (fan + 1, count, sets) entries of 16 bits
/// (`fan + 1` in the low byte, 0 = none), or [`Outcome::TOO_MANY`].
#[derive(Clone, Copy)]
struct Outcome(u64);

impl Outcome {
    const TOO_MANY: Outcome = Outcome(u64::MAX);

    fn of<const CHOWS: bool>(n: usize, matching: impl Fn(u8) -> Option<u8>) -> Outcome {
        let (mut packed, mut k) = (0u64, 0);
        account_once::<CHOWS>(n, matching, |fan, count, sets| {
            if k < 4 && count < 16 {
                packed |= (fan as u64 + 1 | (count as u64) << 8 | (sets as u64) << 12) << (16 * k);
            } else {
                packed = u64::MAX;
            }
            k += 1;
        });
        Outcome(packed)
    }

    fn entries(self) -> impl Iterator<Item = (u8, u8, u8)> {
        (0..4).map(move |k| (self.0 >> (16 * k)) as u16).take_while(|&e| e & 0xFF != 0).map(|e| ((e & 0xFF) as u8 - 1, (e >> 8 & 0xF) as u8, (e >> 12) as u8))
    }
}

/// How many values sets of a kind are ranked by: chow numbers, or pung tiles.
const fn set_values(chows: bool) -> u8 {
    if chows { 21 } else { 34 }
}

/// Rank of an ascending list of values (repeats allowed) among all such
/// lists of its length: the combinatorial number system on `v[k] + k`.
fn multiset_rank(values: &[u8]) -> usize {
    values.iter().enumerate().map(|(k, &v)| BINOMIAL[v as usize + k][k + 1] as usize).sum()
}

/// Binomial coefficients C(n, k) for n < 40, k <= 4.
const BINOMIAL: [[u32; 5]; 40] = {
    let mut c = [[0u32; 5]; 40];
    let mut n = 0;
    while n < 40 {
        c[n][0] = 1;
        let mut k = 1;
        while k < 5 && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// Outcomes of groups of two to four sets whose groups of two and three read
/// tiles only, by [`multiset_rank`] of their values (chow numbers, or pung
/// tiles): [chows, pungs][n - 2]. Made once from the generated matchers
/// (through [`GROUP_TABLES`]), so a group is one lookup.
static OUTCOMES: LazyLock<[[Vec<Outcome>; 3]; 2]> = LazyLock::new(|| {
    fn table<const CHOWS: bool>(n: usize) -> Vec<Outcome> {
        let by_tiles = if CHOWS { rules::CHOWS_2_BY_TILES && rules::CHOWS_3_BY_TILES } else { rules::PUNGS_2_BY_TILES && rules::PUNGS_3_BY_TILES };
        if !by_tiles {
            return Vec::new();
        }
        let values = set_values(CHOWS);
        let tables = &GROUP_TABLES.by_kind[!CHOWS as usize];
        let mut out = vec![Outcome(0); BINOMIAL[values as usize + n - 1][n] as usize];
        ascending_groups(n, values, |v| {
            let tiles: Vec<u8> = v.iter().map(|&x| if CHOWS { chow_middle(x) } else { x }).collect();
            let matching = |ks: u8| Some(tables[ks.count_ones() as usize - 2][group_key(&tiles, ks)]).filter(|&fan| fan != 0);
            out[multiset_rank(v)] = Outcome::of::<CHOWS>(n, matching);
        });
        out
    }
    [[table::<true>(2), table::<true>(3), table::<true>(4)], [table::<false>(2), table::<false>(3), table::<false>(4)]]
});

/// Group fans of one kind of set (chows or pungs), by the account-once
/// principle: a group of four first, then [`account_once`].
/// (Generic over the kind, so the rules' constants for it fold away.)
fn group_fans<const CHOWS: bool>(sets: &SetsOfKind, tally: &mut Tally, used_sets: &mut [u8; FAN_TABLE_SIZE]) {
    let SetsOfKind { idx, n, .. } = sets;
    let n = *n;
    if n < 2 {
        return;
    }
    let mask = |ks: u8| (0..n).filter(|&k| ks & 1 << k != 0).fold(0u8, |m, k| m | 1 << idx[k]);
    let mut record = |fan: u8, count: u8, ks: u8| {
        tally.add(fan, count);
        used_sets[fan as usize] |= mask(ks);
    };
    let (m4, m3, m2): (Matcher, Matcher, Matcher) = if CHOWS {
        (rules::chows_4, rules::chows_3, rules::chows_2)
    } else {
        (rules::pungs_4, rules::pungs_3, rules::pungs_2)
    };
    let mut values = [0u8; 4];
    for k in 0..n {
        values[k] = if CHOWS { chow_number(sets.tiles[k]) } else { sets.tiles[k] };
    }
    let rank = multiset_rank(&values[..n]);
    if n == 4 && (!CHOWS || CHOWS_4_MAY_MATCH[rank / 64] & 1 << (rank % 64) != 0) {
        if let Some(fan) = m4(&sets.view(0b1111)) {
            record(fan, 1, 0b1111);
            return;
        }
    }
    if let Some(&outcome) = OUTCOMES[!CHOWS as usize][n - 2].get(rank) {
        if outcome.0 != Outcome::TOO_MANY.0 {
            for (fan, count, ks) in outcome.entries() {
                record(fan, count, ks);
            }
            return;
        }
    }
    // Groups of two and three from the tables where the rules allow.
    let by_tiles = if CHOWS { [rules::CHOWS_2_BY_TILES, rules::CHOWS_3_BY_TILES] } else { [rules::PUNGS_2_BY_TILES, rules::PUNGS_3_BY_TILES] };
    let tables = &GROUP_TABLES.by_kind[!CHOWS as usize];
    let matching = |ks: u8| {
        let arity = ks.count_ones() as usize - 2;
        if by_tiles[arity] {
            Some(tables[arity][sets.key(ks)]).filter(|&fan| fan != 0)
        } else {
            (if arity == 0 { m2 } else { m3 })(&sets.view(ks))
        }
    };
    account_once::<CHOWS>(n, matching, record);
}

/// Scores a reading into `tally`; returns its total.
fn score_reading(f: &HandFacts, reading: &Reading, unique_wait: &dyn Fn() -> bool, trace: Option<&mut ReadingTrace>, tally: &mut Tally) -> i32 {
    *tally = Tally::EMPTY;
    let mut view = HandView::new(f, reading, unique_wait, rules::DISCARD_COMPLETES_PUNG_MELDED);
    rules::hand_fans(&view, tally);
    // Sets each fan stands on: set fans are omitted set by set.
    let mut used_sets = [0u8; FAN_TABLE_SIZE];
    let (chows, pungs) = (SetsOfKind::of(f, reading, true), SetsOfKind::of(f, reading, false));
    group_fans::<true>(&chows, tally, &mut used_sets);
    group_fans::<false>(&pungs, tally, &mut used_sets);
    single_set_fans::<true>(&chows, &mut used_sets);
    single_set_fans::<false>(&pungs, &mut used_sets);
    for i in fans_of(rules::SET_FANS) {
        tally.set(i as u8, used_sets[i].count_ones() as u8);
    }
    let found = trace.is_some().then_some(tally.counts);
    let mut omissions = Vec::new();
    // Fans present that omit others present, by their place in the omission
    // order; an omitted fan comes later and is skipped once at zero.
    let present = tally.present;
    let mut pending = fans_of(present & rules::OMITTERS)
        .fold(0u128, |m, i| m | ((rules::OMITS_MASK[i] & present != 0) as u128) << rules::OMISSION_RANK[i]);
    while pending != 0 {
        let fan = rules::OMISSION_ORDER[pending.trailing_zeros() as usize] as usize;
        pending &= pending - 1;
        if tally.present & 1 << fan == 0 || rules::OMITS_MASK[fan] & tally.present == 0 {
            continue;
        }
        let whole = rules::OMITS_WHOLE[fan] & tally.present;
        for t in fans_of(whole) {
            if found.is_some() {
                omissions.push((fan as u8, t as u8, tally.counts[t]));
            }
            tally.counts[t] = 0;
        }
        tally.present &= !whole;
        for o in rules::OMITS_COUNTED[fan] {
            let t = o.fan as usize;
            let before = tally.counts[t];
            if before == 0 {
                continue;
            }
            let after = if rules::SET_FAN[t] {
                let own = used_sets[fan];
                if own != 0 && o.limit == 0 {
                    used_sets[t] &= !own;
                } else if o.limit == 0 {
                    used_sets[t] = 0;
                } else {
                    for _ in 0..o.limit {
                        used_sets[t] &= used_sets[t].wrapping_sub(1);
                    }
                }
                used_sets[t].count_ones() as u8
            } else {
                before.saturating_sub(o.limit)
            };
            tally.set(o.fan, after);
            if found.is_some() && after != before {
                omissions.push((fan as u8, o.fan, before - after));
            }
        }
    }
    if tally.present == 0 {
        view.set_no_other_fan(true);
        rules::last_pass_fans(&view, tally);
    }
    let total = tally.total(&rules::FANS);
    if let (Some(t), Some(found)) = (trace, found) {
        *t = ReadingTrace { reading: *reading, found, omissions, counts: tally.counts, total, verdict: Verdict::Unjudged };
    }
    total
}

/// The calculation, optionally traced.
pub(crate) fn evaluate(hand: &HandInput, explain: Option<&mut Explanation>) -> FanResult {
    evaluate_counts(hand, hand.concealed_counts(), explain)
}

/// Policy `nine_gates_whole_hand`: when its condition holds and the 14
/// concealed tiles are 1112345678999 of one suit plus one tile of it, the
/// hand is read as nine gates won on the extra tile (the one making a pair
/// among 2-8, or the fourth 1). As the reference does, a fourth 9 is read
/// as a 2 (its rank table has no entry for it). None otherwise.
fn nine_gates_whole_hand(hand: &HandInput, concealed: &TileCounts) -> Option<HandInput> {
    if !hand.packs().is_empty() {
        return None;
    }
    let fv = FlagView { flags: hand.flags, win_copies_concealed: 0, win_copies_melded: 0, fixed_kongs: 0, seat_wind: hand.seat_wind, fixed_packs: 0 };
    if !rules::nine_gates_whole_hand(&fv) || !hand.win_tile.is_suited() {
        return None;
    }
    let base = hand.win_tile.index() / 9 * 9;
    let suit = &concealed[base..base + 9];
    if suit.iter().map(|&n| n as u32).sum::<u32>() != 14 || suit.iter().skip(1).take(7).any(|&n| n == 0) || suit[0] < 3 || suit[8] < 3 {
        return None;
    }
    let mut c = *concealed;
    let extra = match (suit[0], suit[8], (1..8).find(|&r| suit[r] == 2)) {
        (3, 3, Some(r)) => base + r,
        (4, 3, None) => base,
        (3, 4, None) => {
            c[base + 8] -= 1;
            c[base + 1] += 1;
            base + 1
        }
        _ => return None,
    };
    let win = Tile::from_index(extra as u8);
    c[extra] -= 1;
    let standing: Vec<Tile> = (0..c.len()).flat_map(|t| std::iter::repeat(Tile::from_index(t as u8)).take(c[t] as usize)).collect();
    HandInput::new(&[], &standing, win, hand.flags, hand.seat_wind, hand.prevalent_wind, hand.flower_count).ok()
}

/// [`evaluate`] with the concealed counts already made.
#[inline]
fn evaluate_counts(hand: &HandInput, concealed: TileCounts, explain: Option<&mut Explanation>) -> FanResult {
    if rules::NINE_GATES_WHOLE_HAND && tile_count_ok(hand) {
        if let Some(read_as) = nine_gates_whole_hand(hand, &concealed) {
            return evaluate_counts_as_read(&read_as, read_as.concealed_counts(), explain);
        }
    }
    evaluate_counts_as_read(hand, concealed, explain)
}

#[inline(always)]
fn evaluate_counts_as_read(hand: &HandInput, concealed: TileCounts, mut explain: Option<&mut Explanation>) -> FanResult {
    let mut result = FanResult { result: WRONG_TILE_COUNT, counts: [0; FAN_TABLE_SIZE], profile: &super::PROFILE };
    if !tile_count_ok(hand) {
        if let Some(e) = explain {
            e.result = result.clone();
        }
        return result;
    }
    let f = facts(hand, concealed);
    if let Some(e) = explain.as_deref_mut() {
        e.flags_given = hand.flags;
        e.flags_used = f.flags;
    }
    let regular_wait = OnceCell::new();
    // The reading kept and the one being scored take turns in two slots
    // (no copies): `best` is the slot kept, and its total.
    let mut tallies = [Tally::EMPTY; 2];
    let mut best: Option<(usize, i32)> = None;
    let score = |reading: &Reading, explain: &mut Option<&mut Explanation>, tally: &mut Tally| {
        let wait = OnceCell::new();
        let uw = &|| *wait.get_or_init(|| unique_wait_for(&f, reading, &regular_wait));
        match explain.as_deref_mut() {
            Some(e) => {
                let mut t = ReadingTrace { reading: *reading, found: [0; FAN_TABLE_SIZE], omissions: Vec::new(), counts: [0; FAN_TABLE_SIZE], total: 0, verdict: Verdict::Unjudged };
                let total = score_reading(&f, reading, uw, Some(&mut t), tally);
                e.readings.push(t);
                total
            }
            None => score_reading(&f, reading, uw, None, tally),
        }
    };
    // After a special reading: whether regular readings are scored too, and
    // whether it yields a tie to one.
    let (mut regular_too, mut yields) = (true, false);
    if let Some(sp) = could_be_special(&f.concealed, f.held, f.fixed_count as usize).then(|| special_reading(&f)).flatten() {
        let total = score(&sp, &mut explain, &mut tallies[0]);
        regular_too = has_any(&tallies[0], rules::REGULAR_READINGS_ALSO_AFTER);
        yields = has_any(&tallies[0], rules::TIE_YIELDS);
        if let Some(e) = explain.as_deref_mut() {
            e.chosen = Some(0);
            e.readings[0].verdict = Verdict::SpecialKept;
        }
        best = Some((0, total));
    }
    if regular_too {
        let mut readings = decompose::Readings::new();
        decompose::regular_readings(&f.concealed, f.held, f.fixed_sets(), &mut readings);
        for r in readings.iter() {
            let slot = best.map_or(0, |(kept, _)| 1 - kept);
            let total = score(r, &mut explain, &mut tallies[slot]);
            let best_total = best.map_or(0, |(_, total)| total);
            let (take, why) = if total > best_total {
                (true, Verdict::HigherTotal)
            } else if total == best_total && (has_any(&tallies[slot], rules::TIE_PREFERS) || yields) {
                (true, Verdict::TieBreakKept)
            } else if total == best_total {
                (false, Verdict::EqualEarlierStays)
            } else {
                (false, Verdict::LowerTotal)
            };
            if let Some(e) = explain.as_deref_mut() {
                let last = e.readings.len() - 1;
                e.readings[last].verdict = why;
                if take {
                    if let Some(prev) = e.chosen {
                        let v = &mut e.readings[prev].verdict;
                        if v.is_kept() {
                            *v = if *v == Verdict::SpecialKept { Verdict::SpecialReplaced } else { Verdict::Replaced };
                        }
                    }
                    e.chosen = Some(last);
                }
            }
            if take {
                best = Some((slot, total));
            }
        }
    }
    match best {
        None => result.result = NOT_WIN,
        Some((kept, total)) => {
            result.counts = tallies[kept].counts;
            let no_reading = Reading { shape: Shape::Regular, sets: [Set::EMPTY; 4], set_count: 0, pair: None, knitted: None };
            let view = HandView::new(&f, &no_reading, &|| false, false);
            let mut outside = Tally::EMPTY;
            rules::outside_fans(&view, &mut outside);
            for i in outside.fans() {
                result.counts[i] = outside.counts[i];
            }
            result.result = total + outside.total(&rules::FANS);
        }
    }
    if let Some(e) = explain {
        e.result = result.clone();
    }
    result
}

/// The calculation with its reasons.
pub fn explain(hand: &HandInput) -> Explanation {
    let mut e = Explanation {
        flags_given: hand.flags,
        flags_used: hand.flags,
        readings: Vec::new(),
        chosen: None,
        result: FanResult { result: WRONG_TILE_COUNT, counts: [0; FAN_TABLE_SIZE], profile: &super::PROFILE },
    };
    evaluate(hand, Some(&mut e));
    e
}

/// Only the raw result. A hand with no possible reading is rejected from the
/// suit tables before anything else is built.
pub(crate) fn total(hand: &HandInput) -> i32 {
    if !tile_count_ok(hand) {
        return WRONG_TILE_COUNT;
    }
    let concealed = hand.concealed_counts();
    if tables::is_complete_regular(&concealed) == Some(false) && !could_be_special(&concealed, held_kinds(hand), hand.packs().len()) {
        return NOT_WIN;
    }
    evaluate_counts(hand, concealed, None).result
}

/// Cheap necessary conditions for the special readings: seven pairs (all
/// counts even), honours and knitted tiles (no count over 1), thirteen
/// orphans (terminals and honours only), a knitted straight held.
fn could_be_special(c: &TileCounts, held: u64, fixed: usize) -> bool {
    if fixed > 1 {
        return false;
    }
    let has_knitted = || decompose::KNITTED_STRAIGHT_MASKS.iter().any(|&k| held & k == k);
    let kinds = held.count_ones();
    match fixed {
        // Even counts need at most 7 kinds; counts of 1 need 14 kinds.
        0 => {
            (kinds <= 7 && c.iter().all(|&n| n & 1 == 0))
                || (kinds == 14 && c.iter().all(|&n| n <= 1))
                || held & !decompose::THIRTEEN_ORPHANS_MASK == 0
                || has_knitted()
        }
        1 => has_knitted(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair choice: none, or any of the 34 kinds.
    fn every_pair() -> impl Iterator<Item = Option<Tile>> + Clone {
        std::iter::once(None).chain((0..34u8).map(|t| Some(Tile::from_index(t))))
    }

    /// Chow numbers run over 0..21, one for each middle tile, in tile order;
    /// every group of four chows that shows a fan with some pair (every pair
    /// choice, and every pair of winds when the matcher reads them) is let
    /// through the filter, and the filter lets nothing else through.
    #[test]
    fn chows_4_filter_lets_fans_through() {
        let middles: Vec<u8> = (0..27u8).filter(|t| (1..=7).contains(&(t % 9))).collect();
        assert_eq!(middles.iter().map(|&t| chow_number(t)).collect::<Vec<_>>(), (0..21).collect::<Vec<_>>());
        assert_eq!((0..21).map(chow_middle).collect::<Vec<_>>(), middles);
        let winds: Vec<(u8, u8)> = (0..16).map(|w| (w / 4, w % 4)).collect();
        let (mut groups, mut passed) = (0, 0);
        ascending_groups(4, 21, |numbers| {
            let tiles = numbers.iter().map(|&k| Tile::from_index(chow_middle(k)));
            let shows = every_pair().any(|pair| {
                winds.iter().any(|&(seat, prevalent)| {
                    rules::chows_4(&GroupMembers::new(tiles.clone(), pair, seat, prevalent).view(0b1111)).is_some()
                })
            });
            let rank = multiset_rank(numbers);
            let may = CHOWS_4_MAY_MATCH[rank / 64] & 1 << (rank % 64) != 0;
            assert_eq!(may, shows, "chows {:?}", numbers.iter().map(|&k| Tile::from_index(chow_middle(k)).name()).collect::<Vec<_>>());
            groups += 1;
            passed += may as usize;
        });
        assert_eq!(groups, BINOMIAL[24][4] as usize);
        // The filter is worth having: most groups show no fan of four.
        assert!(passed > 0 && passed < groups / 10, "{passed} of {groups}");
    }

    /// Hand-checked outcomes of groups of chows and pungs under the botzone
    /// rules (`rules/fans.mcr`), each checked against pymahjonggb 1.4.0 on a
    /// whole hand (the comments give the hand's group fans there). Sets are
    /// given as they sort (by middle tile or pung tile: W < T < B < F < J);
    /// `sets` is the bit mask of the sets each fan stands on.
    #[test]
    fn outcomes_checked_by_hand() {
        if super::super::PROFILE.name != "botzone" {
            return; // the cases name botzone's fans and policies
        }
        // (chows?, sets by middle tile or pung tile, [(fan, count, sets)]).
        #[rustfmt::skip]
        let cases: &[(bool, &[&str], &[(&str, u8, u8)])] = &[
            // Two chows: each pair relation alone.
            (true, &["W2", "W2"], &[("一般高", 1, 0b11)]),            // 123W 123W: same tile
            (true, &["W2", "T2"], &[("喜相逢", 1, 0b11)]),            // 123W 123T: same rank, other suit
            (true, &["W2", "W5"], &[("连六", 1, 0b11)]),              // 123W 456W: six in a row
            (true, &["W2", "W8"], &[("老少副", 1, 0b11)]),            // 123W 789W: the two ends
            (true, &["W2", "T5"], &[]),                               // 123W 456T: nothing
            (true, &["W2", "W3"], &[]),                               // 123W 234W: overlapping, nothing of two
            // Three chows: a fan of three uses them all; its pairs are not counted again.
            (true, &["W2", "W5", "W8"], &[("清龙", 1, 0b111)]),        // 123 456 789 W (not 连六 nor 老少副)
            (true, &["W2", "T2", "B2"], &[("三色三同顺", 1, 0b111)]),  // 123 in each suit (not 喜相逢)
            (true, &["W2", "T3", "B4"], &[("三色三步高", 1, 0b111)]),  // 123W 234T 345B
            (true, &["W2", "W3", "W4"], &[("一色三步高", 1, 0b111)]),  // 123W 234W 345W
            (true, &["W2", "W2", "W2"], &[("一色三同顺", 1, 0b111)]),  // 123W x3
            // Three chows without a fan of three: at most two pair fans (n - 1).
            // Oracle, 123W 456W 123T + a pung: 喜相逢 1 + 连六 1.
            (true, &["W2", "W5", "T2"], &[("连六", 1, 0b011), ("喜相逢", 1, 0b101)]),
            // Oracle, 123W 123T 123T + a pung: 一般高 1 + 喜相逢 1 (three pair
            // fans found, 喜相逢 twice; trimmed to one of each).
            (true, &["W2", "T2", "T2"], &[("喜相逢", 1, 0b111), ("一般高", 1, 0b110)]),
            // Four chows: a fan of three, then the left-over chow once with one of them.
            // Oracle, 123W 456W 789W 789W: 清龙 + 一般高.
            (true, &["W2", "W5", "W8", "W8"], &[("清龙", 1, 0b0111), ("一般高", 1, 0b1100)]),
            // Oracle, 123W 123T 123B 789W: 三色三同顺 + 老少副.
            (true, &["W2", "W8", "T2", "B2"], &[("三色三同顺", 1, 0b1101), ("老少副", 1, 0b0011)]),
            // Four chows, pairs only: six pair fans trimmed to three, first down
            // to one of each in trim order (老少副, 连六, ...). Oracle, 123W 123W
            // 456W 456W (one chow melded): 一般高 2 + 连六 1.
            (true, &["W2", "W2", "W5", "W5"], &[("一般高", 2, 0b1111), ("连六", 1, 0b1111)]),
            // Pungs: every pair counts (policy pung_pairs = every_pair).
            (false, &["W2", "T2"], &[("双同刻", 1, 0b11)]),
            (false, &["J1", "J2"], &[("双箭刻", 1, 0b11)]),
            (false, &["W2", "W3"], &[]),
            (false, &["W2", "T2", "B2"], &[("三同刻", 1, 0b111)]),
            (false, &["W1", "W2", "W3"], &[("一色三节高", 1, 0b111)]),
            (false, &["W1", "T2", "B3"], &[("三色三节高", 1, 0b111)]),
            (false, &["F1", "F2", "F3"], &[("三风刻", 1, 0b111)]),
            (false, &["J1", "J2", "J3"], &[("大三元", 1, 0b111)]),
            // Oracle, 222W 333W 222T 333T: 双同刻 2 (no trim for pungs).
            (false, &["W2", "W3", "T2", "T3"], &[("双同刻", 2, 0b0101 | 0b1010)]),
            // Oracle, 111W 222W 333W 222T: 一色三节高, then 222T with 222W: 双同刻.
            (false, &["W1", "W2", "W3", "T2"], &[("一色三节高", 1, 0b0111), ("双同刻", 1, 0b1010)]),
        ];
        for &(chows, sets, expect) in cases {
            let values: Vec<u8> = sets.iter().map(|s| {
                let t = Tile::parse(s).unwrap().index() as u8;
                if chows { chow_number(t) } else { t }
            }).collect();
            assert!(values.windows(2).all(|w| w[0] <= w[1]), "{sets:?} not sorted");
            let outcome = OUTCOMES[!chows as usize][values.len() - 2][multiset_rank(&values)];
            let mut got: Vec<(&str, u8, u8)> = outcome.entries().map(|(fan, count, ks)| (rules::FANS[fan as usize].name, count, ks)).collect();
            let mut want = expect.to_vec();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{} {sets:?}", if chows { "chows" } else { "pungs" });
        }
    }

    /// The tables stand for matchers that read tiles only: whatever the pair
    /// (every choice) and the winds (all 16), a matcher says what its table says.
    #[test]
    fn group_tables_agree_with_matchers() {
        let matchers: [[(bool, Matcher); 2]; 2] = [
            [(rules::CHOWS_2_BY_TILES, rules::chows_2), (rules::CHOWS_3_BY_TILES, rules::chows_3)],
            [(rules::PUNGS_2_BY_TILES, rules::pungs_2), (rules::PUNGS_3_BY_TILES, rules::pungs_3)],
        ];
        for (kind, by_arity) in matchers.iter().enumerate() {
            for (a, &(by_tiles, matcher)) in by_arity.iter().enumerate() {
                if !by_tiles {
                    continue;
                }
                let arity = a + 2;
                ascending_groups(arity, 34, |tiles| {
                    let key = group_key(tiles, !0);
                    for (pair, seat, prevalent) in every_pair().flat_map(|p| (0..16u8).map(move |w| (p, w / 4, w % 4))) {
                        let group = GroupMembers::new(tiles.iter().map(|&t| Tile::from_index(t)), pair, seat, prevalent);
                        let expect = matcher(&group.view((1 << arity) - 1)).unwrap_or(0);
                        assert_eq!(GROUP_TABLES.by_kind[kind][a][key], expect, "{tiles:?}");
                    }
                });
            }
        }
    }

    /// Each group outcome says what the account-once principle makes of its
    /// tiles with the generated matchers asked directly, and is found by the
    /// rank of its values (all groups of two to four chows, and of two and
    /// three pungs).
    #[test]
    fn outcome_tables_agree_with_matchers() {
        for (chows, largest) in [(true, 4usize), (false, 4)] {
            let (m3, m2): (Matcher, Matcher) = if chows { (rules::chows_3, rules::chows_2) } else { (rules::pungs_3, rules::pungs_2) };
            for n in 2..=largest {
                let table = &OUTCOMES[!chows as usize][n - 2];
                let (mut seen, mut ranked) = (0, vec![false; table.len()]);
                ascending_groups(n, set_values(chows), |v| {
                    let tiles: Vec<Tile> = v.iter().map(|&x| Tile::from_index(if chows { chow_middle(x) } else { x })).collect();
                    let matching = |ks: u8| {
                        let group = GroupMembers::new((0..n).filter(|&k| ks & 1 << k != 0).map(|k| tiles[k]), Some(Tile::from_index(31)), 0, 0);
                        let all = (1u8 << ks.count_ones()) - 1;
                        (if ks.count_ones() == 2 { m2 } else { m3 })(&group.view(all))
                    };
                    let mut expect = Vec::new();
                    if chows {
                        account_once::<true>(n, matching, |fan, count, sets| expect.push((fan, count, sets)));
                    } else {
                        account_once::<false>(n, matching, |fan, count, sets| expect.push((fan, count, sets)));
                    }
                    // Ranks number the groups one to one.
                    let rank = multiset_rank(v);
                    assert!(!std::mem::replace(&mut ranked[rank], true), "{v:?}");
                    let outcome = table[rank];
                    assert_ne!(outcome.0, Outcome::TOO_MANY.0, "{tiles:?}");
                    assert_eq!(outcome.entries().collect::<Vec<_>>(), expect, "{tiles:?}");
                    seen += 1;
                });
                assert_eq!(seen, table.len());
            }
        }
    }

    /// Likewise the single-set tables, whatever the pair.
    #[test]
    fn single_tables_agree_with_matchers() {
        let matchers: [(bool, SingleMatcher); 2] = [(rules::CHOWS_1_BY_TILE, rules::chows_1), (rules::PUNGS_1_BY_TILE, rules::pungs_1)];
        for (kind, &(by_tile, matcher)) in matchers.iter().enumerate() {
            if !by_tile {
                continue;
            }
            for t in 0..34u8 {
                for (seat, prevalent, pair) in [(0, 1, Some(4u8)), (0, 0, Some(27)), (3, 2, None), (1, 1, Some(t))] {
                    let set = GroupMembers::new(std::iter::once(Tile::from_index(t)), pair.map(Tile::from_index), seat, prevalent);
                    let mut expect = 0u128;
                    matcher(&set.view(1), &mut |fan| expect |= 1 << fan);
                    assert_eq!(SINGLE_TABLES[kind][single_key(t, seat, prevalent)], expect, "{t}");
                }
            }
        }
    }
}
