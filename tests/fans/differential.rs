//! Differential test: our fan calculator against the Python oracle
//! (`tests/oracle/pymahjonggb_oracle.py`) on random hands, profile by
//! profile: the default `botzone` against pymahjonggb 1.1.0 (the platform's
//! 2018 calculator), `pymahjonggb-1.2` against 1.3.0 and `pymahjonggb-1.4`
//! against 1.4.0.
//!
//! The hands are generated here with a seeded xorshift PRNG (deterministic):
//! regular wins (4 sets + pair, 0..4 sets fixed as packs with random offers,
//! concealed kongs included), seven pairs, thirteen orphans, honors and
//! knitted tiles, knitted straight + set + pair, nine gates, near misses (a
//! win with one tile swapped), wrong tile counts, and wins with a kong whose
//! kind is held a fifth time (the reference does not refuse it); random flags, winds and
//! 0..8 flowers. Every hand is scored by both sides; the result code and the
//! fan list (name, value, count, in order) must agree.
//!
//! Environment:
//! - `MCR_DIFF_HANDS` (default 20000), `MCR_DIFF_SEED` (default fixed);
//! - each version is installed into `target/oracle/pymahjonggb-V` when
//!   missing (`common::oracle_install`), whatever the user's Python holds;
//!   where that cannot be done (no python3, no pip, no network) the test
//!   runs on the environment's own MahjongGB if it is that version, and
//!   otherwise prints `SKIPPED: ...` naming the package, the version and
//!   the command that installs it, and passes, unless
//!   `MCR_REQUIRE_ORACLE=1` or `CI=true` (both set by `.ci/run`), then it
//!   fails;
//! - a folder holding a version other than the one asked for always fails
//!   (the oracle script checks it and exits 4), naming the version found.

use crate::common;

use common::{env_num, run_oracle, Oracle, XorShift};

use std::io::Write;

use mcr_engine::audit::hand_text;
use mcr_engine::fans;
use mcr_engine::hand::{HandInput, Pack, PackKind, WinFlags};
use mcr_engine::tiles::Tile;
use serde_json::{json, Value};

// ---------------------------------------------------------------- hands

/// Tile index 0..34: W1-9, T1-9, B1-9, F1-4, J1-3.
fn tname(i: usize) -> String {
    match i {
        0..=26 => format!("{}{}", ["W", "T", "B"][i / 9], i % 9 + 1),
        27..=30 => format!("F{}", i - 26),
        31..=33 => format!("J{}", i - 30),
        _ => unreachable!(),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum SetKind {
    Chow,
    Pung,
    Kong,
}

/// A generated hand: fixed packs (kind, tile index, offer), concealed tiles
/// (the win tile among them) and the circumstances.
#[derive(Clone)]
struct Gen {
    category: &'static str,
    packs: Vec<(SetKind, usize, u8)>,
    concealed: Vec<usize>,
    win: usize,
    flags: [bool; 4],
    seat: u8,
    prevalent: u8,
    flowers: u8,
}

impl Gen {
    fn counts(&self) -> [u8; 34] {
        let mut c = [0u8; 34];
        for &(k, t, _) in &self.packs {
            match k {
                SetKind::Chow => (t - 1..=t + 1).for_each(|x| c[x] += 1),
                SetKind::Pung => c[t] += 3,
                SetKind::Kong => c[t] += 4,
            }
        }
        for &t in &self.concealed {
            c[t] += 1;
        }
        c
    }

    /// Standing tiles = concealed minus one copy of the win tile.
    fn standing(&self) -> Vec<usize> {
        let mut s = self.concealed.clone();
        if let Some(p) = s.iter().position(|&t| t == self.win) {
            s.remove(p);
        }
        s
    }

    fn to_json(&self, id: usize) -> Value {
        let packs: Vec<Value> = self
            .packs
            .iter()
            .map(|&(k, t, o)| {
                let kind = match k {
                    SetKind::Chow => "CHI",
                    SetKind::Pung => "PENG",
                    SetKind::Kong => "GANG",
                };
                json!([kind, tname(t), o])
            })
            .collect();
        let hand: Vec<String> = self.standing().into_iter().map(tname).collect();
        json!({
            "id": id.to_string(),
            "packs": packs,
            "hand": hand,
            "win_tile": tname(self.win),
            "flags": {"self_drawn": self.flags[0], "fourth_tile": self.flags[1],
                      "about_kong": self.flags[2], "wall_last": self.flags[3]},
            "seat_wind": self.seat,
            "prevalent_wind": self.prevalent,
            "flower_count": self.flowers,
        })
    }

    /// The same hand as our calculator's input, built from the JSON record
    /// the oracle reads (so both sides see exactly the same hand).
    fn input_from_json(rec: &Value) -> HandInput {
        let tile = |v: &Value| Tile::parse(v.as_str().unwrap()).unwrap();
        let packs: Vec<Pack> = rec["packs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let kind = PackKind::parse(p[0].as_str().unwrap()).unwrap();
                Pack::new(kind, tile(&p[1]), p[2].as_u64().unwrap() as u8)
            })
            .collect();
        let standing: Vec<Tile> = rec["hand"].as_array().unwrap().iter().map(tile).collect();
        let f = &rec["flags"];
        let flags = WinFlags {
            self_drawn: f["self_drawn"].as_bool().unwrap(),
            fourth_tile: f["fourth_tile"].as_bool().unwrap(),
            about_kong: f["about_kong"].as_bool().unwrap(),
            wall_last: f["wall_last"].as_bool().unwrap(),
            initial: false,
        };
        HandInput::new(
            &packs,
            &standing,
            tile(&rec["win_tile"]),
            flags,
            rec["seat_wind"].as_u64().unwrap() as u8,
            rec["prevalent_wind"].as_u64().unwrap() as u8,
            rec["flower_count"].as_u64().unwrap() as u8,
        )
        .unwrap_or_else(|e| panic!("generated an invalid hand {rec}: {e}"))
    }
}

/// Which tiles a hand may draw its sets from (to reach flushes, all pungs,
/// honour hands, ... more often than uniform sets would).
struct Palette {
    tiles: Vec<usize>,
    chow_weight: usize,
    kong_weight: usize,
}

fn palette(rng: &mut XorShift) -> Palette {
    let mut tiles = Vec::new();
    let style = rng.below(10);
    let chow_weight = [0, 1, 3, 5, 8][rng.below(5)];
    let kong_weight = if rng.chance(1, 4) { 3 } else { 1 };
    if style == 8 {
        // terminals (清幺九, 混幺九, ...)
        tiles.extend([0, 8, 9, 17, 18, 26]);
        if rng.chance(1, 2) {
            tiles.extend(27..34);
        }
        return Palette { tiles, chow_weight: 0, kong_weight };
    }
    if style == 9 {
        // winds (大四喜, 小四喜, ...)
        tiles.extend(27..31);
        return Palette { tiles, chow_weight: 0, kong_weight };
    }
    let mut suits: Vec<usize> = match style {
        0 | 1 => vec![rng.below(3)], // one suit (+ maybe honours)
        2 => {
            let a = rng.below(3);
            vec![a, (a + 1 + rng.below(2)) % 3]
        }
        _ => vec![0, 1, 2],
    };
    suits.sort();
    let honours = style == 1 || rng.chance(1, 2);
    for s in suits {
        let (lo, hi) = match rng.below(10) {
            0 => (0, 3), // lower
            1 => (3, 6), // middle
            2 => (6, 9), // upper
            3 => (1, 8), // simples
            _ => (0, 9),
        };
        let even_only = rng.chance(1, 20);
        for n in lo..hi {
            if !even_only || n % 2 == 1 {
                tiles.push(s * 9 + n);
            }
        }
    }
    if honours || tiles.is_empty() {
        let which = rng.below(4);
        for t in 27..34 {
            if which == 0 || (which == 1 && t < 31) || (which == 2 && t >= 31) || which == 3 && rng.chance(1, 2) {
                tiles.push(t);
            }
        }
        if tiles.is_empty() {
            tiles.push(27 + rng.below(7));
        }
    }
    Palette { tiles, chow_weight, kong_weight }
}

fn random_offer(rng: &mut XorShift, kind: SetKind) -> u8 {
    match kind {
        SetKind::Kong => rng.below(4) as u8,
        _ => 1 + rng.below(3) as u8,
    }
}

fn set_tiles(kind: SetKind, t: usize) -> Vec<usize> {
    match kind {
        SetKind::Chow => vec![t - 1, t, t + 1],
        SetKind::Pung => vec![t; 3],
        SetKind::Kong => vec![t; 4],
    }
}

/// One random set (kind, tile; a chow by its middle tile) that fits `counts`.
fn random_set(rng: &mut XorShift, pal: &Palette, counts: &[u8; 34]) -> Option<(SetKind, usize)> {
    for _ in 0..50 {
        let t = pal.tiles[rng.below(pal.tiles.len())];
        let w = rng.below(pal.chow_weight + 4 + pal.kong_weight);
        let kind = if w < pal.chow_weight {
            SetKind::Chow
        } else if w < pal.chow_weight + 4 {
            SetKind::Pung
        } else {
            SetKind::Kong
        };
        let ok = match kind {
            SetKind::Chow => {
                // t as the middle tile, or shifted into the suit
                if t >= 27 {
                    continue;
                }
                let mid = (t / 9) * 9 + (t % 9).clamp(1, 7);
                if (mid - 1..=mid + 1).all(|x| counts[x] < 4) {
                    return Some((SetKind::Chow, mid));
                }
                false
            }
            SetKind::Pung => counts[t] <= 1,
            SetKind::Kong => counts[t] == 0,
        };
        if ok {
            return Some((kind, t));
        }
    }
    None
}

/// Four sets and a pair; kongs are always fixed packs, and 0..4 other sets too.
fn regular(rng: &mut XorShift) -> Option<Gen> {
    let pal = palette(rng);
    let mut counts = [0u8; 34];
    let mut sets = Vec::new();
    // a structured start sometimes: the same chow twice/three times, shifted chows
    if rng.chance(1, 6) && pal.chow_weight > 0 {
        if let Some((SetKind::Chow, mid)) = random_set(rng, &chow_only(&pal), &counts) {
            let n = 2 + rng.below(3);
            let step = rng.below(3);
            for k in 0..n {
                let m = mid + k * step;
                if m / 9 == mid / 9 && m % 9 <= 7 && (m - 1..=m + 1).all(|x| counts[x] < 4) {
                    set_tiles(SetKind::Chow, m).iter().for_each(|&x| counts[x] += 1);
                    sets.push((SetKind::Chow, m));
                }
            }
        }
    }
    while sets.len() < 4 {
        let (k, t) = random_set(rng, &pal, &counts)?;
        set_tiles(k, t).iter().for_each(|&x| counts[x] += 1);
        sets.push((k, t));
    }
    let pair = pick_pair(rng, &pal, &counts);
    Some(assemble(rng, sets, pair, "regular"))
}

/// A pair from the palette if one fits, else from any tile.
fn pick_pair(rng: &mut XorShift, pal: &Palette, counts: &[u8; 34]) -> usize {
    let fits: Vec<usize> = pal.tiles.iter().copied().filter(|&t| counts[t] <= 2).collect();
    if !fits.is_empty() {
        return fits[rng.below(fits.len())];
    }
    loop {
        let t = rng.below(34);
        if counts[t] <= 2 {
            return t;
        }
    }
}

/// Four sets and a pair as a hand: kongs always fixed, 0..4 other sets too,
/// the win tile one of the concealed tiles.
fn assemble(rng: &mut XorShift, mut sets: Vec<(SetKind, usize)>, pair: usize, category: &'static str) -> Gen {
    rng.shuffle(&mut sets);
    let extra_fixed = rng.below(5);
    let mut packs = Vec::new();
    let mut concealed = vec![pair, pair];
    let mut fixed_others = 0;
    for &(k, t) in &sets {
        if k == SetKind::Kong || fixed_others < extra_fixed {
            if k != SetKind::Kong {
                fixed_others += 1;
            }
            packs.push((k, t, random_offer(rng, k)));
        } else {
            concealed.extend(set_tiles(k, t));
        }
    }
    rng.shuffle(&mut concealed);
    let win = concealed[rng.below(concealed.len())];
    Gen { category, packs, concealed, win, flags: [false; 4], seat: 0, prevalent: 0, flowers: 0 }
}

/// Terminal chows: 一色双龙会 (123 123 789 789 + 55 in one suit) or
/// 三色双龙会 (123 789 in two suits + 55 in the third), or a near relative
/// (the pair elsewhere, a chow replaced).
fn terminal_chows(rng: &mut XorShift) -> Option<Gen> {
    let mut suits = [0usize, 9, 18];
    rng.shuffle(&mut suits);
    let (a, b, c) = (suits[0], suits[1], suits[2]);
    let (mut sets, mut pair) = if rng.chance(1, 2) {
        (vec![(SetKind::Chow, a + 1), (SetKind::Chow, a + 1), (SetKind::Chow, a + 7), (SetKind::Chow, a + 7)], a + 4)
    } else {
        (vec![(SetKind::Chow, a + 1), (SetKind::Chow, a + 7), (SetKind::Chow, b + 1), (SetKind::Chow, b + 7)], c + 4)
    };
    if rng.chance(1, 4) {
        pair = rng.below(34);
        if sets.iter().flat_map(|&(k, t)| set_tiles(k, t)).filter(|&t| t == pair).count() > 2 {
            return None;
        }
    }
    if rng.chance(1, 5) {
        sets[rng.below(4)] = (SetKind::Pung, 27 + rng.below(7));
    }
    Some(assemble(rng, sets, pair, "terminal_chows"))
}

/// The palette restricted to chows: its suited tiles (tile 4 when it has none),
/// every set drawn a chow.
fn chow_only(p: &Palette) -> Palette {
    let tiles: Vec<usize> = p.tiles.iter().copied().filter(|&t| t < 27).collect();
    Palette { tiles: if tiles.is_empty() { vec![4] } else { tiles }, chow_weight: 100, kong_weight: 0 }
}

fn seven_pairs(rng: &mut XorShift) -> Option<Gen> {
    let mut concealed = Vec::new();
    if rng.chance(1, 6) {
        // consecutive pairs in one suit (连七对 when exactly seven)
        let s = rng.below(3);
        let start = rng.below(3);
        for n in start..start + 7 {
            concealed.extend([s * 9 + n, s * 9 + n]);
        }
    } else {
        let pal = palette(rng);
        let mut counts = [0u8; 34];
        let mut tries = 0;
        while concealed.len() < 14 {
            tries += 1;
            if tries > 200 {
                return None;
            }
            let t = if rng.chance(1, 8) { rng.below(34) } else { pal.tiles[rng.below(pal.tiles.len())] };
            // four of a kind as two pairs is allowed, rarely
            if counts[t] == 0 || (counts[t] == 2 && rng.chance(1, 6)) {
                counts[t] += 2;
                concealed.extend([t, t]);
            }
        }
    }
    rng.shuffle(&mut concealed);
    let win = concealed[rng.below(14)];
    Some(Gen {
        category: "seven_pairs",
        packs: vec![],
        concealed,
        win,
        flags: [false; 4],
        seat: 0,
        prevalent: 0,
        flowers: 0,
    })
}

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn thirteen_orphans(rng: &mut XorShift) -> Option<Gen> {
    let mut concealed = ORPHANS.to_vec();
    concealed.push(ORPHANS[rng.below(13)]);
    rng.shuffle(&mut concealed);
    let win = concealed[rng.below(14)];
    Some(Gen {
        category: "thirteen_orphans",
        packs: vec![],
        concealed,
        win,
        flags: [false; 4],
        seat: 0,
        prevalent: 0,
        flowers: 0,
    })
}

/// The nine tiles of a random knitted straight (147, 258, 369 in three suits).
fn knitted(rng: &mut XorShift) -> Vec<usize> {
    let mut suits = [0usize, 1, 2];
    rng.shuffle(&mut suits);
    let mut v = Vec::new();
    for (g, &s) in suits.iter().enumerate() {
        for n in [g, g + 3, g + 6] {
            v.push(s * 9 + n);
        }
    }
    v
}

fn honors_and_knitted(rng: &mut XorShift) -> Option<Gen> {
    let mut pool = knitted(rng);
    pool.extend(27..34);
    rng.shuffle(&mut pool);
    if rng.chance(1, 3) {
        // all seven honours (七星不靠)
        pool.sort_by_key(|&t| std::cmp::Reverse(t >= 27));
    }
    let concealed: Vec<usize> = pool[..14].to_vec();
    let win = concealed[rng.below(14)];
    Some(Gen {
        category: "honors_knitted",
        packs: vec![],
        concealed,
        win,
        flags: [false; 4],
        seat: 0,
        prevalent: 0,
        flowers: 0,
    })
}

fn knitted_straight(rng: &mut XorShift) -> Option<Gen> {
    let mut concealed = knitted(rng);
    let mut counts = [0u8; 34];
    concealed.iter().for_each(|&t| counts[t] += 1);
    let pal = palette(rng);
    let (k, t) = random_set(rng, &pal, &counts)?;
    set_tiles(k, t).iter().for_each(|&x| counts[x] += 1);
    let pair = pick_pair(rng, &pal, &counts);
    concealed.extend([pair, pair]);
    let mut packs = Vec::new();
    if k == SetKind::Kong || rng.chance(1, 2) {
        packs.push((k, t, random_offer(rng, k)));
    } else {
        concealed.extend(set_tiles(k, t));
    }
    rng.shuffle(&mut concealed);
    let win = concealed[rng.below(concealed.len())];
    Some(Gen {
        category: "knitted_straight",
        packs,
        concealed,
        win,
        flags: [false; 4],
        seat: 0,
        prevalent: 0,
        flowers: 0,
    })
}

fn nine_gates(rng: &mut XorShift) -> Option<Gen> {
    let s = rng.below(3) * 9;
    let mut concealed: Vec<usize> = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8].iter().map(|n| s + n).collect();
    concealed.push(s + rng.below(9));
    rng.shuffle(&mut concealed);
    let win = concealed[rng.below(14)];
    Some(Gen {
        category: "nine_gates",
        packs: vec![],
        concealed,
        win,
        flags: [false; 4],
        seat: 0,
        prevalent: 0,
        flowers: 0,
    })
}

fn winning(rng: &mut XorShift) -> Gen {
    loop {
        let g = match rng.below(100) {
            0..=61 => regular(rng),
            62..=75 => seven_pairs(rng),
            76..=80 => thirteen_orphans(rng),
            81..=87 => honors_and_knitted(rng),
            88..=94 => knitted_straight(rng),
            95..=97 => terminal_chows(rng),
            _ => nine_gates(rng),
        };
        // (every generator keeps to 4 copies of a tile; this is the guard)
        if let Some(g) = g.filter(|g| g.counts().iter().all(|&c| c <= 4)) {
            return g;
        }
    }
}

/// One tile of the concealed part swapped for another (at most 4 in all).
fn near_miss(rng: &mut XorShift) -> Gen {
    let mut g = winning(rng);
    let counts = g.counts();
    let i = rng.below(g.concealed.len());
    let old = g.concealed[i];
    let new = loop {
        // near: a neighbour in the same suit more often than not
        let t = if old < 27 && rng.chance(2, 3) {
            let n = (old % 9) as isize + [-2, -1, 1, 2][rng.below(4)];
            if !(0..9).contains(&n) {
                continue;
            }
            (old / 9) * 9 + n as usize
        } else {
            rng.below(34)
        };
        if t != old && counts[t] < 4 {
            break t;
        }
    };
    let was_win = g.win == old && !g.concealed.iter().enumerate().any(|(j, &t)| j != i && t == old);
    g.concealed[i] = new;
    if was_win || rng.chance(1, 4) {
        g.win = g.concealed[rng.below(g.concealed.len())];
    }
    g.category = "near_miss";
    g
}

/// A standing tile removed, or one added when there is room (13 at most).
fn wrong_count(rng: &mut XorShift) -> Gen {
    let mut g = winning(rng);
    let counts = g.counts();
    if g.concealed.len() <= 12 && rng.chance(1, 2) {
        let t = loop {
            let t = rng.below(34);
            if counts[t] < 4 {
                break t;
            }
        };
        g.concealed.push(t);
    } else {
        let win_pos = g.concealed.iter().position(|&t| t == g.win).unwrap();
        let mut i = rng.below(g.concealed.len());
        if i == win_pos {
            i = (i + 1) % g.concealed.len();
        }
        g.concealed.remove(i);
    }
    g.category = "wrong_count";
    g
}

/// A kong whose kind is held a fifth time, in a hand that still wins: the
/// kind also in a knitted straight, or in a chow of a regular hand. The
/// reference does not refuse a fifth copy, and counts 四归一 differently in
/// the two readings.
fn fifth_copy(rng: &mut XorShift) -> Gen {
    let kong = |rng: &mut XorShift, t| (SetKind::Kong, t, random_offer(rng, SetKind::Kong));
    let (packs, mut concealed, category) = if rng.chance(1, 2) {
        let mut concealed = knitted(rng);
        let t = concealed[rng.below(9)];
        let pair = (0..34).filter(|x| !concealed.contains(x) && *x != t).nth(rng.below(25)).unwrap();
        concealed.extend([pair, pair]);
        (vec![kong(rng, t)], concealed, "fifth_copy_knitted")
    } else {
        // The kong's kind as some tile of a chow; two more sets and a pair
        // of other kinds, to keep the fifth copy the only one.
        let mid = 1 + rng.below(7) + 9 * rng.below(3);
        let t = mid - 1 + rng.below(3);
        let mut counts = [0u8; 34];
        counts[t] = 5;
        set_tiles(SetKind::Chow, mid).iter().for_each(|&x| counts[x] = counts[x].max(1));
        let mut concealed = set_tiles(SetKind::Chow, mid);
        let mut packs = vec![kong(rng, t)];
        let mut pal = palette(rng);
        while concealed.len() + 3 * packs.len() < 12 {
            // (random_set keeps every other kind to 4 copies; a palette too
            // small for two more sets is widened to every tile)
            let Some((k, x)) = random_set(rng, &pal, &counts) else {
                pal = Palette { tiles: (0..34).collect(), chow_weight: 3, kong_weight: 1 };
                continue;
            };
            set_tiles(k, x).iter().for_each(|&y| counts[y] += 1);
            if k == SetKind::Kong {
                packs.push(kong(rng, x));
            } else {
                concealed.extend(set_tiles(k, x));
            }
        }
        let pair = pick_pair(rng, &pal, &counts);
        concealed.extend([pair, pair]);
        (packs, concealed, "fifth_copy_regular")
    };
    rng.shuffle(&mut concealed);
    let win = concealed[rng.below(concealed.len())];
    Gen { category, packs, concealed, win, flags: [false; 4], seat: 0, prevalent: 0, flowers: 0 }
}

fn random_hand(rng: &mut XorShift) -> Gen {
    let mut g = match rng.below(100) {
        0..=70 => winning(rng),
        71..=95 => near_miss(rng),
        96..=97 => wrong_count(rng),
        _ => fifth_copy(rng),
    };
    for (f, p) in g.flags.iter_mut().zip([(2, 5), (1, 6), (1, 8), (1, 8)]) {
        *f = rng.chance(p.0, p.1);
    }
    let fifth = g.category.starts_with("fifth_copy");
    assert!(g.counts().iter().all(|&c| c <= 4 || fifth && c == 5), "generator bug: a tile more than 4 times");
    g.seat = rng.below(4) as u8;
    g.prevalent = rng.below(4) as u8;
    g.flowers = if rng.chance(2, 3) { 0 } else { 1 + rng.below(8) as u8 };
    g
}

// ---------------------------------------------------------------- oracle

/// The oracle's `fan` answer, `[[name, value, count], ...]`, as the rows of
/// `FanResult::fan_list`.
fn oracle_fan_list(v: &Value) -> Vec<(String, i32, i32)> {
    let int = |x: &Value| {
        x.as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .unwrap_or_else(|| panic!("the oracle's fan list holds {x}, not a 32-bit whole number"))
    };
    v.as_array()
        .unwrap_or_else(|| panic!("the oracle's fan list is {v}, not an array"))
        .iter()
        .map(|f| {
            (
                f[0].as_str().unwrap_or_else(|| panic!("the oracle's fan name is {}", f[0])).to_string(),
                int(&f[1]),
                int(&f[2]),
            )
        })
        .collect()
}

#[test]
fn fan_calculator_matches_pymahjonggb_on_random_hands_requires_python() {
    differential("botzone", "1.1.0", 20_000);
}

#[test]
fn profile_pymahjonggb_1_4_matches_pymahjonggb_1_4_0_requires_python() {
    differential("pymahjonggb-1.4", "1.4.0", 20_000);
}

#[test]
fn profile_pymahjonggb_1_2_matches_pymahjonggb_1_3_0_requires_python() {
    differential("pymahjonggb-1.2", "1.3.0", 5_000);
}

/// `hands` random hands (`MCR_DIFF_HANDS` if set) scored by `profile` and
/// by pymahjonggb `version`.
fn differential(profile: &str, version: &str, hands: usize) {
    let profile = fans::Profile::by_name(profile).expect("a built-in profile");
    let n = env_num("MCR_DIFF_HANDS", hands as u64) as usize;
    let seed = env_num("MCR_DIFF_SEED", 0x6d63_725f_6469_6666);

    let mut rng = XorShift::new(seed);
    let hands: Vec<Gen> = (0..n).map(|_| random_hand(&mut rng)).collect();
    let records: Vec<Value> = hands.iter().enumerate().map(|(i, g)| g.to_json(i)).collect();

    let dir = common::temp_dir(&format!("differential-{version}"));
    let path = dir.join("hands.jsonl");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        for r in &records {
            writeln!(f, "{r}").unwrap();
        }
    }
    let oracle = run_oracle("pymahjonggb_oracle.py", &[version], &["--version", version], &path);
    let answers = match oracle {
        Oracle::Ran(a) => a,
        Oracle::Missing(why) => {
            common::skip("MCR_REQUIRE_ORACLE", &format!("differential test against pymahjonggb {version}: {why}"));
            return;
        }
    };
    assert_eq!(answers.len(), records.len(), "the oracle answered {} of {} hands", answers.len(), records.len());

    let mut mismatches = Vec::new();
    let mut by_result = std::collections::BTreeMap::<i64, usize>::new();
    let mut by_category = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    let mut fans_seen = std::collections::BTreeSet::<String>::new();
    for ((g, rec), ans) in hands.iter().zip(&records).zip(&answers) {
        assert_eq!(ans["id"], rec["id"]);
        let input = Gen::input_from_json(rec);
        let ours = fans::calculate_with(profile, &input);
        let our_list = ours.fan_list();
        let their_result = ans["result"].as_i64().unwrap();
        let their_list = oracle_fan_list(&ans["fan"]);
        *by_result.entry(their_result.clamp(-99, 0)).or_default() += 1;
        let cat = by_category.entry(g.category).or_default();
        cat.0 += 1;
        if their_result >= 0 {
            cat.1 += 1;
            fans_seen.extend(their_list.iter().map(|f| f.0.clone()));
        }
        if ours.result as i64 != their_result || our_list != their_list {
            mismatches.push(format!(
                "[{}] {}\n    oracle: {} {:?}{}\n    ours:   {} {:?}",
                g.category,
                hand_text(&input),
                their_result,
                their_list,
                ans.get("error").map_or(String::new(), |e| format!(" ({e})")),
                ours.result,
                our_list
            ));
        }
    }
    let unseen: Vec<&str> = profile.fans.iter().skip(1).map(|f| f.name).filter(|f| !fans_seen.contains(*f)).collect();
    eprintln!(
        "differential: {n} hands (seed {seed:#x}), oracle results {by_result:?} (0 = wins), by category (hands, wins) {by_category:?}, {} distinct fans seen, never seen: {unseen:?}",
        fans_seen.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} of {n} hands differ from pymahjonggb {version}; first {}:\n{}",
        mismatches.len(),
        mismatches.len().min(8),
        mismatches[..mismatches.len().min(8)].join("\n")
    );
    // The generator must keep covering the interesting cases, or agreement means little.
    if n >= 10_000 {
        assert!(by_result.get(&0).copied().unwrap_or(0) * 2 > n, "too few winning hands: {by_result:?}");
        assert!(by_result.get(&-3).copied().unwrap_or(0) * 10 > n, "too few non-wins: {by_result:?}");
        assert!(by_result.get(&-1).copied().unwrap_or(0) * 100 > n, "too few wrong counts: {by_result:?}");
        assert!(fans_seen.len() >= 75, "only {} distinct fans seen: {fans_seen:?}", fans_seen.len());
    }
}
