//! The engine against the recorded corpora (`tests/data/`), and the judge's
//! quirks (`docs/JUDGE_NOTES.md`) on scenarios made by changing the
//! answers of a recorded game.
//!
//! The `*_exact` tests need the real fan calculator (canHu, HU fan lists, HU
//! versus WH). The `*_masked` tests and the scenarios do not depend on it:
//! they mask canHu and the fan results of a final HU/WH display, and their
//! HU answers are given on hands the record shows do not win (canHu -3).

use std::path::Path;
use std::sync::OnceLock;

use serde_json::{json, Value};

use mcr_engine::engine::{Engine, Event, Turn};
use mcr_engine::record::{read_all, GameRecord};
use mcr_engine::replay::{displays_equal, replay, Compare};
use mcr_engine::tiles::Tile;

fn load(name: &str) -> Vec<GameRecord> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    let (good, bad) = read_all::<GameRecord>(&path);
    assert!(bad.is_empty(), "{name}: unreadable records: {bad:?}");
    assert!(!good.is_empty(), "{name}: no records");
    good.into_iter().map(|l| l.record).collect()
}

fn golden() -> &'static [GameRecord] {
    static C: OnceLock<Vec<GameRecord>> = OnceLock::new();
    C.get_or_init(|| load("golden.jsonl.gz"))
}
fn errors() -> &'static [GameRecord] {
    static C: OnceLock<Vec<GameRecord>> = OnceLock::new();
    C.get_or_init(|| load("errors.jsonl.gz"))
}
fn games() -> &'static [GameRecord] {
    static C: OnceLock<Vec<GameRecord>> = OnceLock::new();
    C.get_or_init(|| load("games.jsonl.gz"))
}

/// Replays every game; panics listing the first failures.
fn replay_corpus(name: &str, corpus: &[GameRecord], compare: Compare) {
    let mut engine = Engine::new();
    let mut failures = Vec::new();
    for (i, g) in corpus.iter().enumerate() {
        if let Err(d) = replay(&mut engine, g, compare) {
            failures.push(format!("{} (line {}): {d}", g.game_id, i + 1));
        }
    }
    assert!(
        failures.is_empty(),
        "{name} {compare:?}: {}/{} games diverged; first ones:\n{}",
        failures.len(),
        corpus.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

// ------------------------------------------------------------ corpora

#[test]
fn golden_exact() {
    replay_corpus("golden", golden(), Compare::Exact);
}
#[test]
fn errors_exact() {
    replay_corpus("errors", errors(), Compare::Exact);
}
#[test]
fn games_exact() {
    replay_corpus("games", games(), Compare::Exact);
}
#[test]
fn games_loose() {
    replay_corpus("games", games(), Compare::Loose);
}

/// The error games end with the recorded verdict, offender and scores.
#[test]
fn error_games_end_with_their_verdict() {
    let mut engine = Engine::new();
    for g in errors() {
        let (_, last) = play_through(&mut engine, g, g.turns.len() - 1);
        let verdict = g.expected.verdict.as_deref().unwrap_or("?");
        assert_eq!(last.event.action(), verdict, "{}", g.game_id);
        assert_eq!(last.event.player(), g.expected.offender, "{}", g.game_id);
        assert_eq!(last.event.scores().map(|s| s.to_vec()), Some(g.expected.scores.clone()), "{}", g.game_id);
    }
}

// ------------------------------------------------------------ helpers

/// Replays `rec` up to turn `k` (each output checked against the record with
/// the calculator masked); returns the engine and its turn `k`.
fn play_through(engine: &mut Engine, rec: &GameRecord, k: usize) -> (Engine, Turn) {
    let mut out = engine.reset(&rec.wall, rec.quan, rec.srand).unwrap();
    for j in 0..=k {
        let d = out.display_json();
        assert!(
            displays_equal(&d, &rec.turns[j].display, Compare::MaskFans),
            "{} turn {j}: engine {d} record {}",
            rec.game_id,
            rec.turns[j].display
        );
        if j < k {
            out = engine.step_map(rec.turns[j].responses.as_ref().unwrap()).unwrap();
        }
    }
    (engine.clone(), out)
}

/// The recorded answers to turn `k` with some seats' answers replaced.
fn answers(rec: &GameRecord, k: usize, changes: &[(u8, &str)]) -> [String; 4] {
    let mut a = rec.turns[k].responses_by_seat().map(|r| r.unwrap().to_string());
    for &(seat, text) in changes {
        a[seat as usize] = text.to_string();
    }
    a
}

fn step(engine: &mut Engine, a: &[String; 4]) -> Turn {
    engine.step([&a[0], &a[1], &a[2], &a[3]]).unwrap()
}

fn all_pass_but(changes: &[(u8, &str)]) -> [String; 4] {
    let mut a = ["PASS", "PASS", "PASS", "PASS"].map(String::from);
    for &(seat, text) in changes {
        a[seat as usize] = text.to_string();
    }
    a
}

fn scores(offender: u8) -> Value {
    let mut s = vec![10; 4];
    s[offender as usize] = -30;
    json!(s)
}

fn wa(player: u8) -> Value {
    json!({"action": "WA", "canHu": [-4, -4, -4, -4], "player": player, "score": scores(player)})
}

/// WH on a hand that does not win: no fan list, fanCnt -3.
fn wh_not_winning(player: u8) -> Value {
    json!({"action": "WH", "canHu": [-4, -4, -4, -4], "fanCnt": -3, "player": player, "score": scores(player)})
}

fn action(rec: &GameRecord, k: usize) -> &str {
    rec.turns[k].display["action"].as_str().unwrap()
}
fn player(rec: &GameRecord, k: usize) -> u8 {
    rec.turns[k].display["player"].as_u64().unwrap() as u8
}
fn tile(rec: &GameRecord, k: usize) -> Tile {
    Tile::parse(rec.turns[k].display["tile"].as_str().unwrap()).unwrap()
}
fn can_hu(rec: &GameRecord, k: usize, seat: u8) -> i64 {
    rec.turns[k].display["canHu"][seat as usize].as_i64().unwrap()
}

/// First (game, turn) of the corpus where `pick` accepts the recorded turn.
fn find(corpus: &'static [GameRecord], pick: impl Fn(&GameRecord, usize) -> bool) -> (&'static GameRecord, usize) {
    for g in corpus {
        for k in 0..g.turns.len() - 1 {
            if pick(g, k) {
                return (g, k);
            }
        }
    }
    panic!("no such turn in the corpus");
}

/// First position in the corpus where `pick` finds something to do with the
/// engine state after turn k; returns the engine there and what was found.
fn find_state<T>(
    corpus: &'static [GameRecord],
    pick: impl Fn(&GameRecord, usize, &Engine) -> Option<T>,
) -> Option<(&'static GameRecord, usize, Engine, T)> {
    for g in corpus {
        let mut e = Engine::new();
        e.reset(&g.wall, g.quan, g.srand).unwrap();
        for k in 0..g.turns.len() - 1 {
            if k > 0 {
                e.step_map(g.turns[k - 1].responses.as_ref().unwrap()).unwrap();
            }
            if let Some(found) = pick(g, k, &e) {
                return Some((g, k, e, found));
            }
        }
    }
    None
}

fn is_discard(a: &str) -> bool {
    matches!(a, "PLAY" | "PENG" | "CHI")
}

/// A tile other than `not` that `seat` holds, after `used` copies of `not`
/// are set aside.
fn spare_tile(e: &Engine, seat: u8, not: Tile, used: u8) -> Option<Tile> {
    let hand = e.hand(seat);
    Tile::all().find(|t| if *t == not { hand[t.index()] > used } else { hand[t.index()] > 0 })
}

// ------------------------------------------------------------ quirks

#[test]
fn pass_with_a_trailing_space_is_wa() {
    let g = &golden()[0];
    let k = (0..g.turns.len()).find(|&k| action(g, k) == "DRAW").unwrap();
    let other = (player(g, k) + 1) % 4;
    let (mut e, _) = play_through(&mut Engine::new(), g, k);
    let out = step(&mut e, &answers(g, k, &[(other, "PASS ")]));
    assert_eq!(out.display_json(), wa(other));
    assert_eq!(out.requests(), None);
}

#[test]
fn init_answers_are_checked_and_wa_keeps_strlen() {
    let g = &golden()[0];
    let mut e = Engine::new();
    e.reset(&g.wall, g.quan, g.srand).unwrap();
    let out = step(&mut e, &all_pass_but(&[(2, "PASS "), (3, "HU")]));
    let mut want = wa(2);
    want["strlen"] = json!(407);
    assert_eq!(out.display_json(), want);
    // After DEAL the display is fresh: no strlen.
    let (mut e, _) = play_through(&mut Engine::new(), g, 1);
    assert_eq!(step(&mut e, &all_pass_but(&[(1, "PLAY W1")])).display_json(), wa(1));
}

#[test]
fn after_a_draw_seats_are_checked_in_seat_order() {
    // A drawer at seat 2 whose hand does not win (recorded canHu -3).
    let (g, k) = find(golden(), |g, k| action(g, k) == "DRAW" && player(g, k) == 2 && can_hu(g, k, 2) == -3);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    // Seat 0 is read before the drawer: its bad answer wins over the drawer's HU.
    assert_eq!(step(&mut e.clone(), &answers(g, k, &[(0, "PASS "), (2, "HU")])).display_json(), wa(0));
    // Seat 3 is read after the drawer's HU, which ends the game.
    assert_eq!(step(&mut e.clone(), &answers(g, k, &[(3, "PASS "), (2, "HU")])).display_json(), wh_not_winning(2));
    // After a legal discard seat 3 is still read.
    let out = step(&mut e.clone(), &answers(g, k, &[(3, "PLAY W1")]));
    assert_eq!(out.display_json(), wa(3));
    // The drawer must act: PASS is WA, and so is an unheld tile.
    assert_eq!(step(&mut e.clone(), &answers(g, k, &[(2, "PASS")])).display_json(), wa(2));
    let missing = Tile::all().find(|t| e.hand(2)[t.index()] == 0 && *t != tile(g, k)).unwrap();
    let play_missing = format!("PLAY {missing}");
    assert_eq!(step(&mut e.clone(), &answers(g, k, &[(2, &play_missing)])).display_json(), wa(2));
}

#[test]
fn the_discarder_must_pass_before_any_hu_is_examined() {
    let (g, k) = find(golden(), |g, k| action(g, k) == "PLAY" && can_hu(g, k, (player(g, k) + 1) % 4) == -3);
    let d = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let hu_seat = (d + 1) % 4;
    let out = step(&mut e.clone(), &all_pass_but(&[(d, "PLAY W1"), (hu_seat, "HU")]));
    assert_eq!(out.display_json(), wa(d));
    let out = step(&mut e.clone(), &all_pass_but(&[(hu_seat, "HU")]));
    assert_eq!(out.display_json(), wh_not_winning(hu_seat));
}

#[test]
fn answers_after_a_hu_are_never_examined() {
    let (g, k) = find(golden(), |g, k| action(g, k) == "PLAY" && can_hu(g, k, (player(g, k) + 2) % 4) == -3);
    let d = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let (first, hu_seat, last) = ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4);
    // The HU level only looks for HU: an earlier seat's junk waits for the
    // PENG/GANG level, which is never reached; a later seat is never read.
    let a = all_pass_but(&[(first, "A B C D"), (hu_seat, "HU"), (last, "PASS ")]);
    assert_eq!(step(&mut e.clone(), &a).display_json(), wh_not_winning(hu_seat));
    // Without the HU the junk is WA, in seat order.
    let a = all_pass_but(&[(first, "A B C D"), (last, "PASS ")]);
    assert_eq!(step(&mut e.clone(), &a).display_json(), wa(first.min(last)));
}

#[test]
fn hu_on_a_kong_only_robs_a_bugang() {
    let (g, k) = find(golden(), |g, k| action(g, k) == "GANG");
    let p = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[((p + 1) % 4, "HU")])).display_json(), wa((p + 1) % 4));
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, "PLAY W1")])).display_json(), wa(p));

    let (g, k) = find(golden(), |g, k| action(g, k) == "BUGANG" && can_hu(g, k, (player(g, k) + 2) % 4) == -3);
    let p = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let robber = (p + 2) % 4;
    let out = step(&mut e.clone(), &all_pass_but(&[(robber, "HU"), ((p + 3) % 4, "junk")]));
    assert_eq!(out.display_json(), wh_not_winning(robber));
    // The kong player is read first and cannot rob himself.
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, "HU"), (robber, "HU")])).display_json(), wa(p));
    // Anything but PASS or HU is WA.
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[((p + 1) % 4, "PENG W1")])).display_json(), wa((p + 1) % 4));
}

/// A CHI answer `seat` could make on discard `t`: a run around a middle
/// tile with both other tiles in hand, and a tile to discard after.
fn chi_answer(e: &Engine, seat: u8, t: Tile) -> Option<String> {
    let mut hand = e.hand(seat);
    hand[t.index()] += 1;
    let middles = [t.prev(), Some(t), t.next()];
    middles.into_iter().flatten().find_map(|m| {
        let run = [m.prev()?, m, m.next()?];
        let mut rest = hand;
        for r in run {
            rest[r.index()] = rest[r.index()].checked_sub(1)?;
        }
        let out = Tile::all().find(|x| rest[x.index()] > 0)?;
        Some(format!("CHI {m} {out}"))
    })
}

#[test]
fn chi_from_a_seat_that_is_not_the_left_neighbour_is_wa() {
    let chance = |who: u8| {
        find_state(golden(), move |g, k, e| {
            if !is_discard(action(g, k)) || !tile(g, k).is_suited() {
                return None;
            }
            let seat = (player(g, k) + who) % 4;
            chi_answer(e, seat, tile(g, k)).map(|a| (seat, a))
        })
        .expect("a chow chance in the corpus")
    };
    // Control: the left neighbour's CHI is granted.
    let (_, _, e, (seat, chi)) = chance(1);
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(seat, &chi)])).event.action(), "CHI");
    // The same kind of answer from the opposite or the right seat is WA, even
    // with the tiles in hand.
    for who in [2, 3] {
        let (_, _, e, (seat, chi)) = chance(who);
        assert_eq!(step(&mut e.clone(), &all_pass_but(&[(seat, &chi)])).display_json(), wa(seat), "{chi}");
    }
}

#[test]
fn answers_after_a_granted_peng_are_ignored_but_earlier_ones_are_read() {
    // A PENG by seat p with another non-discarding seat on each side of it.
    let (g, k) = find(golden(), |g, k| {
        action(g, k + 1) == "PENG" && {
            let (d, p) = (player(g, k), player(g, k + 1));
            p > 0 && p < 3 && d != 0 && d != 3
        }
    });
    let (d, p) = (player(g, k), player(g, k + 1));
    let (before, after) = (if d == 0 { 1 } else { 0 }, 3);
    assert!(before != p && before != d && after != d);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let out = step(&mut e.clone(), &answers(g, k, &[(after, "junk")]));
    assert!(displays_equal(&out.display_json(), &g.turns[k + 1].display, Compare::MaskFans), "{}", out.display_json());
    let out = step(&mut e.clone(), &answers(g, k, &[(before, "junk")]));
    assert_eq!(out.display_json(), wa(before));
}

/// A discard at turn k, a seat that could pung it, and a tile to discard
/// after, where the seat after the discarder has `empty` tiles left or not.
fn pung_chance(empty: bool) -> (&'static GameRecord, usize, Engine, (u8, Tile)) {
    find_state(games(), |g, k, e| {
        if !is_discard(action(g, k)) {
            return None;
        }
        let (d, t) = (player(g, k), tile(g, k));
        if (e.walls_remaining()[(d as usize + 1) % 4] == 0) != empty {
            return None;
        }
        (0..4u8)
            .filter(|&p| p != d && e.hand(p)[t.index()] >= 2)
            .find_map(|p| spare_tile(e, p, t, 2).map(|out| (p, out)))
    })
    .expect("a pung chance in the corpus")
}

#[test]
fn peng_is_wa_when_the_next_drawer_has_no_tiles() {
    let (_, _, e, (p, out)) = pung_chance(false);
    let peng = format!("PENG {out}");
    let turn = step(&mut e.clone(), &all_pass_but(&[(p, &peng)]));
    assert_eq!(turn.event, Event::Peng { player: p, tile: out }, "control: the same claim with tiles left");

    let (_, _, e, (p, out)) = pung_chance(true);
    let peng = format!("PENG {out}");
    let turn = step(&mut e.clone(), &all_pass_but(&[(p, &peng)]));
    assert_eq!(turn.display_json(), wa(p));
}

#[test]
fn melded_kong_needs_tiles_after_the_discarder_only() {
    // Seat after the discarder empty: WA for the kong player.
    let found = find_state(games(), |g, k, e| {
        if !is_discard(action(g, k)) {
            return None;
        }
        let (d, t) = (player(g, k), tile(g, k));
        let walls = e.walls_remaining();
        (walls[(d as usize + 1) % 4] == 0)
            .then(|| (0..4u8).find(|&p| p != d && e.hand(p)[t.index()] == 3))
            .flatten()
    });
    let (_, _, e, p) = found.expect("a melded kong chance with an empty wall after the discarder");
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, "GANG")])).display_json(), wa(p));

    // Own segment empty but not the one after the discarder: the kong stands,
    // and the replacement draw finds nothing: HUANG.
    let found = find_state(games(), |g, k, e| {
        if !is_discard(action(g, k)) {
            return None;
        }
        let (d, t) = (player(g, k), tile(g, k));
        let walls = e.walls_remaining();
        (walls[(d as usize + 1) % 4] > 0)
            .then(|| (0..4u8).find(|&p| p != d && walls[p as usize] == 0 && e.hand(p)[t.index()] == 3))
            .flatten()
    });
    let (g, k, e, p) = found.expect("a melded kong chance with the kong player's wall empty");
    let mut e = e.clone();
    let turn = step(&mut e, &all_pass_but(&[(p, "GANG")]));
    assert_eq!(turn.event, Event::Gang { player: p, tile: tile(g, k) });
    assert_eq!(turn.can_hu, [-4; 4]);
    let turn = step(&mut e, &all_pass_but(&[]));
    assert_eq!(turn.display_json(), json!({"action": "HUANG", "canHu": [-4, -4, -4, -4], "tileCnt": e.walls_remaining()}));
    assert!(e.step(["PASS"; 4]).is_err());
}

#[test]
fn concealed_kong_needs_tiles_in_own_and_next_segment() {
    let found = find_state(games(), |g, k, e| {
        if action(g, k) != "DRAW" {
            return None;
        }
        let (p, drawn) = (player(g, k), tile(g, k));
        let walls = e.walls_remaining();
        if walls[p as usize] > 0 && walls[(p as usize + 1) % 4] > 0 {
            return None;
        }
        let mut hand = e.hand(p);
        hand[drawn.index()] += 1;
        Tile::all().find(|t| hand[t.index()] == 4).map(|t| (p, t))
    });
    let (_, _, e, (p, t)) = found.expect("a concealed kong chance with an empty segment");
    let gang = format!("GANG {t}");
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, &gang)])).display_json(), wa(p));
}

#[test]
fn huang_comes_when_the_next_drawer_has_no_tiles_even_if_others_do() {
    let g = golden()
        .iter()
        .find(|g| {
            let d = &g.turns.last().unwrap().display;
            d["action"] == "HUANG" && d["tileCnt"].as_array().unwrap().iter().any(|c| c.as_u64() != Some(0))
        })
        .expect("a draw game with tiles left");
    let (_, last) = play_through(&mut Engine::new(), g, g.turns.len() - 1);
    assert_eq!(last.event, Event::Huang);
    assert_eq!(last.requests(), None);
    assert!(last.tile_cnt.iter().any(|&c| c > 0));
}

#[test]
fn of_several_hu_the_nearest_downstream_seat_is_examined_first() {
    // Discarder 2: downstream order is 3, 0, 1 while seat order is 0, 1, 3.
    let (g, k) = find(golden(), |g, k| {
        action(g, k) == "PLAY" && player(g, k) == 2 && can_hu(g, k, 3) == -3 && can_hu(g, k, 0) == -3
    });
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let out = step(&mut e.clone(), &all_pass_but(&[(0, "HU"), (3, "HU")]));
    assert_eq!(out.display_json(), wh_not_winning(3));
}
