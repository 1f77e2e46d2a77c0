// Scoring a hand: correct the win flags, list its readings, score each with
// the generated rules, keep the best (with the rules' tie-break), add the
// fans counted outside readings. The same code explains itself when asked
// (`explain`), and costs nothing extra when not.

//
// This file is compiled once per profile (see `fans/mod.rs`): `super::rules`
// is that profile's generated tables, so each profile's calculator is
// specialised to its rules as the default one always was.

use super::groups::{account_once, chow_number, group_key, multiset_rank, single_key, Matcher, Outcome, SingleMatcher, chows_4_may_match, outcome, GROUP_TABLES, SINGLE_TABLES};
use super::rules;
use crate::fans::primitives::{FlagView, GroupMembers, GroupView, HandFacts, HandView};
use crate::fans::{fans_of, Explanation, FanResult, ReadingTrace, Tally, Verdict, NOT_WIN, TILE_MORE_THAN_4, WRONG_TILE_COUNT};
use crate::decompose::{self, tables, waits, Reading, Set, SetKind, Shape};
use crate::hand::{HandInput, PackKind};
use crate::rules::profiles::MAX_FAN_TABLE_SIZE as FAN_TABLE_SIZE;
use crate::tiles::{Tile, TileCounts};
use std::cell::OnceCell;

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

/// The policy `tile_limit`: whether the hand holds a kind more times than
/// the rules take (its packs, standing tiles and win tile together).
fn over_tile_limit(hand: &HandInput, concealed: &TileCounts) -> bool {
    let Some(limit) = rules::TILE_LIMIT else { return false };
    let mut held = *concealed;
    for p in hand.packs() {
        let i = p.tile.index();
        match p.kind {
            PackKind::Chow => (i.saturating_sub(1)..=(i + 1).min(held.len() - 1)).for_each(|k| held[k] += 1),
            PackKind::Pung => held[i] += 3,
            PackKind::Kong => held[i] += 4,
        }
    }
    held.iter().any(|&n| n > limit)
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
    if n == 4 && (!CHOWS || chows_4_may_match(&values, rank)) {
        if let Some(fan) = m4(&sets.view(0b1111)) {
            record(fan, 1, 0b1111);
            return;
        }
    }
    if let Some(outcome) = outcome::<CHOWS>(&values[..n], rank) {
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

/// The rules' `at_most` limits on the counts.
fn at_most(tally: &mut Tally) {
    for i in fans_of(tally.present & rules::LIMITED) {
        tally.counts[i] = tally.counts[i].min(rules::AT_MOST[i]);
    }
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
    at_most(tally);
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
                (used_sets[t].count_ones() as u8).min(rules::AT_MOST[t])
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
    let standing: Vec<Tile> = (0..c.len()).flat_map(|t| std::iter::repeat_n(Tile::from_index(t as u8), c[t] as usize)).collect();
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
    if !tile_count_ok(hand) || over_tile_limit(hand, &concealed) {
        if tile_count_ok(hand) {
            result.result = TILE_MORE_THAN_4;
        }
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
            at_most(&mut outside);
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
    if over_tile_limit(hand, &concealed) {
        return TILE_MORE_THAN_4;
    }
    if cannot_win(&concealed, hand.packs().len()) {
        return NOT_WIN;
    }
    evaluate_counts(hand, concealed, None).result
}

/// Whether no reading can take these concealed tiles (the win tile counted)
/// beside `fixed` packs: the total is then [`NOT_WIN`] whatever the flags
/// and winds, known from the counts alone.
pub(crate) fn cannot_win(concealed: &TileCounts, fixed: usize) -> bool {
    if tables::is_complete_regular(concealed) != Some(false) {
        return false;
    }
    !could_be_special(concealed, crate::tiles::kinds_held(concealed), fixed)
}

/// Cheap necessary conditions for the special readings: seven pairs (all
/// counts even), honours and knitted tiles (no count over 1), thirteen
/// orphans (terminals and honours only), a knitted straight held.
fn could_be_special(c: &TileCounts, held: u64, fixed: usize) -> bool {
    if fixed > 1 {
        return false;
    }
    let has_knitted = || decompose::KNITTED_STRAIGHT_MASKS.iter().any(|&k| k & !held == 0);
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
