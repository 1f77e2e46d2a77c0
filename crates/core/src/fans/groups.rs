// The group tables of one profile: what the generated group matchers
// answer, computed once (lazily) and looked up while scoring (`eval.rs`).
// Included once per profile (see `profile_calculators!` in `fans/mod.rs`),
// beside that profile's `eval`, so each profile has its own tables.
//
// - `GROUP_TABLES`: the fan of a group of two or three sets, by tiles;
// - `chows_4_may_match`: which four chows could show a `chows(4)` fan;
// - `SINGLE_TABLES`: the fans of a single set, by tile and winds;
// - `outcome`: the `account_once` outcome of two to four sets, by rank.

use super::rules;
use crate::fans::primitives::{GroupMembers, GroupView};
use crate::rules::profiles::MAX_FAN_TABLE_SIZE as FAN_TABLE_SIZE;
use crate::tiles::Tile;
use std::sync::LazyLock;

type Counts = [u8; FAN_TABLE_SIZE];

/// A generated group matcher: the first fan the group shows.
pub(super) type Matcher = fn(&GroupView) -> Option<u8>;

/// Answers of the matchers of two and three sets that read the group's
/// tiles only (see `*_BY_TILES`), by tiles: 0 = no fan. Made once
/// from the generated matchers, so a lookup replaces a view and a chain of
/// conditions.
pub(super) struct GroupTables {
    /// [chows, pungs] by [arity - 2]: 34^arity entries, keyed by
    /// [`SetsOfKind::key`] (only ascending keys are filled).
    pub(super) by_kind: [[Vec<u8>; 2]; 2],
}

/// Every ascending list of `n` values below `values` (repeats allowed).
pub(super) fn ascending_groups(n: usize, values: u8, mut visit: impl FnMut(&[u8])) {
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
pub(super) fn group_key(tiles: &[u8], ks: u8) -> usize {
    (0..tiles.len()).filter(|&k| ks & 1 << k != 0).fold(0, |key, k| key * 34 + tiles[k] as usize)
}

pub(super) static GROUP_TABLES: LazyLock<GroupTables> = LazyLock::new(|| {
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
pub(super) fn chow_number(tile: u8) -> u8 {
    tile - 2 * (tile / 9) - 1
}

pub(super) fn chow_middle(number: u8) -> u8 {
    number + 2 * (number / 7) + 1
}

/// Could four chows with these chow numbers (`rank` their
/// [`multiset_rank`]) show a `chows(4)` fan, with some pair (and some
/// winds, when the matcher reads them)? Four chows that cannot are not
/// viewed. Worked out from the generated matcher the first time a group is
/// asked about (most never are: building it all would cost every process
/// that scores a win several milliseconds) and remembered.
pub(super) fn chows_4_may_match(numbers: &[u8], rank: usize) -> bool {
    use std::sync::atomic::Ordering::Relaxed;
    // 0: not known yet, 1: no, 2: yes. Threads that race compute the same.
    match CHOWS_4_MAY_MATCH[rank].load(Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let may = chows_4_could_match(numbers);
            CHOWS_4_MAY_MATCH[rank].store(1 + may as u8, Relaxed);
            may
        }
    }
}

/// [`chows_4_may_match`]'s answers so far, by rank.
static CHOWS_4_MAY_MATCH: [std::sync::atomic::AtomicU8; BINOMIAL[24][4] as usize] =
    [const { std::sync::atomic::AtomicU8::new(0) }; BINOMIAL[24][4] as usize];

/// [`chows_4_may_match`] worked out: every pair (none, or any kind) the
/// matcher might read, with every pair of winds when it reads them.
fn chows_4_could_match(numbers: &[u8]) -> bool {
    let winds: &[(u8, u8)] = if rules::CHOWS_4_READS_WINDS { &ALL_WINDS } else { &[(0, 0)] };
    let tiles = numbers.iter().map(|&k| Tile::from_index(chow_middle(k)));
    std::iter::once(None).chain((0..34u8).map(Some)).any(|pair| {
        winds.iter().any(|&(seat, prevalent)| {
            let group = GroupMembers::new(tiles.clone(), pair.map(Tile::from_index), seat, prevalent);
            rules::chows_4(&group.view(0b1111)).is_some()
        })
    })
}

/// Every (seat wind, prevalent wind).
const ALL_WINDS: [(u8, u8); 16] = {
    let mut w = [(0, 0); 16];
    let mut k = 0;
    while k < 16 {
        w[k] = (k as u8 / 4, k as u8 % 4);
        k += 1;
    }
    w
};

/// Answers of the single-set matchers that read the set's tile and the
/// winds only (see `*_1_BY_TILE`): the fans hit, by [`single_key`]. Made
/// once from the generated matchers.
pub(super) static SINGLE_TABLES: LazyLock<[Vec<u128>; 2]> = LazyLock::new(|| {
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
pub(super) type SingleMatcher = fn(&GroupView, &mut dyn FnMut(u8));

pub(super) fn single_key(tile: u8, seat_wind: u8, prevalent_wind: u8) -> usize {
    tile as usize * 16 + seat_wind as usize * 4 + prevalent_wind as usize
}

/// Groups of three out of four (as bitmasks), each with the set left over.
pub(super) const SUBSETS_OF_4: [(u8, usize); 4] = [(0b0111, 3), (0b1011, 2), (0b1101, 1), (0b1110, 0)];

/// The account-once principle over `n` sets of one kind (2 to 4), once no
/// group of four shows a fan: the first group of three and the left-over
/// set once with it; else pairs (chow pairs trimmed, pung pairs all).
/// `matching(ks)`: the fan of the group `ks` (bits over the `n` sets).
/// Emits each fan counted once, as (fan, count, sets it stands on); a pair
/// fan trimmed to zero still marks its sets.
pub(super) fn account_once<const CHOWS: bool>(n: usize, matching: impl Fn(u8) -> Option<u8>, mut emit: impl FnMut(u8, u8, u8)) {
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
pub(super) struct Outcome(pub(super) u64);

impl Outcome {
    pub(super) const TOO_MANY: Outcome = Outcome(u64::MAX);

    fn of<const CHOWS: bool>(n: usize, matching: impl Fn(u8) -> Option<u8>) -> Outcome {
        let (mut packed, mut k) = (0u64, 0);
        account_once::<CHOWS>(n, matching, |fan, count, sets| {
            if k < 4 && count < 16 {
                packed |= ((fan as u64 + 1) | (count as u64) << 8 | (sets as u64) << 12) << (16 * k);
            } else {
                packed = u64::MAX;
            }
            k += 1;
        });
        Outcome(packed)
    }

    pub(super) fn entries(self) -> impl Iterator<Item = (u8, u8, u8)> {
        (0..4).map(move |k| (self.0 >> (16 * k)) as u16).take_while(|&e| e & 0xFF != 0).map(|e| ((e & 0xFF) as u8 - 1, (e >> 8 & 0xF) as u8, (e >> 12) as u8))
    }
}

/// How many values sets of a kind are ranked by: chow numbers, or pung tiles.
pub(super) const fn set_values(chows: bool) -> u8 {
    if chows { 21 } else { 34 }
}

/// Rank of an ascending list of values (repeats allowed) among all such
/// lists of its length: the combinatorial number system on `v[k] + k`.
pub(super) fn multiset_rank(values: &[u8]) -> usize {
    values.iter().enumerate().map(|(k, &v)| BINOMIAL[v as usize + k][k + 1] as usize).sum()
}

/// Binomial coefficients C(n, k) for n < 40, k <= 4.
pub(super) const BINOMIAL: [[u32; 5]; 40] = {
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

/// The outcome of a group of two to four sets with these `values` (chow
/// numbers, or pung tiles, ascending), `rank` their [`multiset_rank`], when
/// the rules let its groups of two and three be read by tiles (`None`
/// otherwise). Worked out from the generated matchers (through
/// [`GROUP_TABLES`]) the first time a group is asked about, and remembered,
/// so a group is then one lookup: working out all 86,000 groups up front
/// cost every process that scores a win about 6 ms, where a run over
/// thousands of games meets a few thousand of them.
pub(super) fn outcome<const CHOWS: bool>(values: &[u8], rank: usize) -> Option<Outcome> {
    use std::sync::atomic::Ordering::Relaxed;
    let by_tiles = if CHOWS { rules::CHOWS_2_BY_TILES && rules::CHOWS_3_BY_TILES } else { rules::PUNGS_2_BY_TILES && rules::PUNGS_3_BY_TILES };
    if !by_tiles {
        return None;
    }
    let slot = &OUTCOMES[!CHOWS as usize][values.len() - 2][rank];
    // 0: not known yet. Threads that race compute the same.
    Some(match slot.load(Relaxed) {
        0 => {
            let outcome = outcome_of::<CHOWS>(values);
            slot.store(outcome.0 ^ NOT_KNOWN, Relaxed);
            outcome
        }
        known => Outcome(known ^ NOT_KNOWN),
    })
}

/// [`outcome`] worked out: the account-once outcome of the group, its
/// groups of two and three looked up by tiles.
fn outcome_of<const CHOWS: bool>(values: &[u8]) -> Outcome {
    let mut tiles = [0u8; 4];
    for (t, &x) in tiles.iter_mut().zip(values) {
        *t = if CHOWS { chow_middle(x) } else { x };
    }
    let tiles = &tiles[..values.len()];
    let tables = &GROUP_TABLES.by_kind[!CHOWS as usize];
    let matching = |ks: u8| Some(tables[ks.count_ones() as usize - 2][group_key(tiles, ks)]).filter(|&fan| fan != 0);
    Outcome::of::<CHOWS>(values.len(), matching)
}

/// What [`OUTCOMES`] holds of an outcome: the outcome xor this, which no
/// outcome is (its first entry would name fan 253), so 0 is "not known".
const NOT_KNOWN: u64 = 0xFFFF_FFFF_FFFF_FFFE;
const _: () = assert!(FAN_TABLE_SIZE < 253);

/// How many groups of `n` sets of a kind there are.
const fn groups(chows: bool, n: usize) -> usize {
    BINOMIAL[set_values(chows) as usize + n - 1][n] as usize
}

type Known = std::sync::atomic::AtomicU64;
static CHOWS_2: [Known; groups(true, 2)] = [const { Known::new(0) }; groups(true, 2)];
static CHOWS_3: [Known; groups(true, 3)] = [const { Known::new(0) }; groups(true, 3)];
static CHOWS_4: [Known; groups(true, 4)] = [const { Known::new(0) }; groups(true, 4)];
static PUNGS_2: [Known; groups(false, 2)] = [const { Known::new(0) }; groups(false, 2)];
static PUNGS_3: [Known; groups(false, 3)] = [const { Known::new(0) }; groups(false, 3)];
static PUNGS_4: [Known; groups(false, 4)] = [const { Known::new(0) }; groups(false, 4)];

/// [`outcome`]'s answers so far: [chows, pungs][n - 2], by rank.
static OUTCOMES: [[&[Known]; 3]; 2] = [[&CHOWS_2, &CHOWS_3, &CHOWS_4], [&PUNGS_2, &PUNGS_3, &PUNGS_4]];

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
            let may = chows_4_may_match(numbers, rank);
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
            let rank = multiset_rank(&values);
            let outcome = if chows { outcome::<true>(&values, rank) } else { outcome::<false>(&values, rank) }.unwrap();
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
                let (mut seen, mut ranked) = (0, vec![false; groups(chows, n)]);
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
                    let outcome = if chows { outcome::<true>(v, rank) } else { outcome::<false>(v, rank) }.unwrap();
                    assert_ne!(outcome.0, Outcome::TOO_MANY.0, "{tiles:?}");
                    assert_eq!(outcome.entries().collect::<Vec<_>>(), expect, "{tiles:?}");
                    seen += 1;
                });
                assert_eq!(seen, groups(chows, n));
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
