//! The engine against the recorded corpora (`tests/data/`), and the judge's
//! quirks (`docs/src/judge_notes.md`) on scenarios made by changing the
//! answers of a recorded game.
//!
//! The `*_exact` tests need the real fan calculator (canHu, HU fan lists, HU
//! versus WH). The scenarios do not depend on it: they replay up to their
//! turn with `Compare::MaskFans` (canHu and the fan results of a final HU/WH
//! display masked), and their HU answers are given on hands the record shows
//! do not win (canHu -3).

use serde_json::{json, Value};

use mcr_engine::engine::{Engine, Event, Turn};
use mcr_engine::record::GameRecord;
use mcr_engine::replay::{displays_equal, replay, Compare, Replayer};
use mcr_engine::tiles::Tile;

use crate::common;

use common::corpus::{self, ERRORS, GAMES, GOLDEN};

/// Replays every game; panics listing the first failures.
fn replay_corpus(name: &str, corpus: &[GameRecord], compare: Compare) {
    let mut engine = Engine::new();
    let mut failures = Vec::new();
    for (i, g) in corpus.iter().enumerate() {
        if let Err(d) = replay(&mut engine, g, compare) {
            failures.push(format!("{} (line {}): {d}", g.game_id, i + 1));
        }
    }
    if failures.is_empty() {
        return;
    }
    let what = format!(
        "{name} {compare:?}: {}/{} games diverged; first ones:\n{}",
        failures.len(),
        corpus.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
    // The state machine must still be the judge's whatever the fans say.
    assert!(compare != Compare::MaskFans, "{what}");
    replay_corpus(name, corpus, Compare::MaskFans);
    common::differs_from_reference(&what);
}

// ------------------------------------------------------------ corpora

#[test]
fn golden_exact() {
    replay_corpus("golden", corpus::shared_records(GOLDEN), Compare::Exact);
}
#[test]
fn errors_exact() {
    replay_corpus("errors", corpus::shared_records(ERRORS), Compare::Exact);
}
#[test]
fn games_exact() {
    replay_corpus("games", corpus::shared_records(GAMES), Compare::Exact);
}

/// The turn of game `i` to change: a DRAW or PLAY in the middle of the game.
fn middle_turn(g: &Value, i: usize) -> usize {
    let turns = g["turns"].as_array().unwrap();
    (4 + i * 7 % (turns.len() - 6)..turns.len())
        .find(|&k| matches!(turns[k]["display"]["action"].as_str(), Some("DRAW" | "PLAY")))
        .unwrap()
}

/// `replay` of a changed record under `compare`: Ok, or the diverging turn.
fn replay_json(g: &Value, compare: Compare) -> Result<usize, usize> {
    let rec: GameRecord = serde_json::from_value(g.clone()).unwrap();
    replay(&mut Engine::new(), &rec, compare).map_err(|d| d.turn)
}

/// What `Compare::Loose` is for: a key it does not compare (tileCnt, canHu,
/// srand) changed in the record is reproduced loosely and not exactly; a key
/// it compares (player, tile) changed is reproduced by neither; a key whose
/// value is null is ignored by both. Through the library (`replay`) and the
/// command's fast path (`mcr validate [--loose]`).
#[test]
fn loose_comparison_ignores_exactly_the_keys_it_does_not_compare() {
    let games = corpus::first_values(GOLDEN, 16);
    type Edit = fn(&mut Value);
    let outside: [(&str, Edit); 3] = [
        ("tileCnt", |d| d["tileCnt"][0] = json!(d["tileCnt"][0].as_i64().unwrap() + 1)),
        ("canHu", |d| d["canHu"][1] = json!(7)),
        ("srand", |d| d["srand"] = json!(12345)),
    ];
    let inside: [(&str, Edit); 2] = [
        ("player", |d| d["player"] = json!((d["player"].as_u64().unwrap() + 1) % 4)),
        ("tile", |d| d["tile"] = json!(if d["tile"] == "W1" { "W2" } else { "W1" })),
    ];
    let null_key: Edit = |d| d["quan"] = Value::Null;
    let mut loosely = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let k = middle_turn(g, i);
        let changed = |edit: Edit| {
            let mut c = g.clone();
            edit(&mut c["turns"][k]["display"]);
            c
        };
        let id = &g["game_id"];
        if replay_json(g, Compare::Exact).is_err() {
            // Not reproduced as is: only an accepted change of the base may do that.
            common::differs_from_reference(&format!("{id}: the record as is is not reproduced exactly"));
            continue;
        }
        assert_eq!(replay_json(g, Compare::Exact), replay_json(g, Compare::Loose), "{id}: the record as is");
        for (key, edit) in outside {
            let c = changed(edit);
            assert_eq!(replay_json(&c, Compare::Exact), Err(k), "{id}: {key} changed at turn {k}, exact");
            assert!(replay_json(&c, Compare::Loose).is_ok(), "{id}: {key} changed at turn {k}, loose");
            loosely.push(c);
        }
        for (key, edit) in inside {
            let c = changed(edit);
            assert_eq!(replay_json(&c, Compare::Exact), Err(k), "{id}: {key} changed at turn {k}, exact");
            assert_eq!(replay_json(&c, Compare::Loose), Err(k), "{id}: {key} changed at turn {k}, loose");
        }
        let c = changed(null_key);
        assert!(replay_json(&c, Compare::Exact).is_ok() && replay_json(&c, Compare::Loose).is_ok(), "{id}: a null key");
    }
    if loosely.is_empty() {
        return;
    }
    let dir = common::temp_dir("loose");
    let file = dir.join("changed.jsonl");
    std::fs::write(&file, loosely.iter().map(|g| format!("{g}\n")).collect::<String>()).unwrap();
    let n = loosely.len();
    let exact = common::mcr(&["validate", file.to_str().unwrap(), "--jobs", "1"]);
    assert_eq!(
        (exact.code, exact.stdout.lines().last()),
        (Some(1), Some(format!("validate: 0/{n} games reproduced exactly").as_str())),
        "{exact:#?}"
    );
    let loose = common::mcr(&["validate", "--loose", file.to_str().unwrap(), "--jobs", "1"]);
    assert_eq!(loose.code, Some(0), "{loose:#?}");
    assert!(loose.stdout.ends_with(&format!("validate: {n}/{n} games reproduced exactly\n")), "{loose:#?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The error games end with the recorded verdict, offender and scores.
#[test]
fn error_games_end_with_their_verdict() {
    let mut engine = Engine::new();
    let mut differ = Vec::new();
    for g in corpus::shared_records(ERRORS) {
        let (_, last) = play_through(&mut engine, g, g.turns.len() - 1);
        let verdict = g.expected.verdict.as_deref().unwrap_or("?");
        let got = (last.event.action(), last.event.player(), last.event.scores().map(|s| s.to_vec()));
        if got != (verdict, g.expected.offender, Some(g.expected.scores.clone())) {
            differ.push(format!(
                "{}: {got:?}, recorded {verdict} {:?} {:?}",
                g.game_id, g.expected.offender, g.expected.scores
            ));
        }
    }
    if !differ.is_empty() {
        common::differs_from_reference(&format!(
            "{} error games end otherwise, first: {:?}",
            differ.len(),
            &differ[..differ.len().min(3)]
        ));
    }
}

// ------------------------------------------------------------ helpers

/// Replays `rec` up to turn `k` (each output checked against the record with
/// the calculator masked); returns the engine and its turn `k`.
fn play_through(engine: &mut Engine, rec: &GameRecord, k: usize) -> (Engine, Turn) {
    let mut r = Replayer::new(*engine, rec);
    while let Some(step) = r.next() {
        let step = step.unwrap_or_else(|e| panic!("{}: {e}", rec.game_id));
        let (j, d) = (step.index, step.turn.display_json());
        assert!(
            displays_equal(&d, &rec.turns[j].display, Compare::MaskFans),
            "{} turn {j}: engine {d} record {}",
            rec.game_id,
            rec.turns[j].display
        );
        if j == k {
            return (*step.engine, step.turn.clone());
        }
    }
    panic!("{}: no turn {k}", rec.game_id)
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

/// The display of a game's end without its `tileCnt`, which the platform's
/// judge shows there (the walls as they stand: the corpora's WA, WH and
/// verdict endings check their values); the displays below are written
/// without it.
trait WithoutWalls {
    fn without_walls(self) -> Value;
}

impl WithoutWalls for Value {
    fn without_walls(mut self) -> Value {
        let walls = self.as_object_mut().and_then(|d| d.remove("tileCnt"));
        assert!(walls.as_ref().and_then(Value::as_array).is_some_and(|w| w.len() == 4), "no tileCnt on {self}");
        self
    }
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
        let mut r = Replayer::new(Engine::new(), g);
        while let Some(step) = r.next() {
            let step = step.unwrap_or_else(|e| panic!("{}: {e}", g.game_id));
            if step.last {
                break;
            }
            if let Some(found) = pick(g, step.index, step.engine) {
                return Some((g, step.index, *step.engine, found));
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
    let g = &corpus::shared_records(GOLDEN)[0];
    let k = (0..g.turns.len()).find(|&k| action(g, k) == "DRAW").unwrap();
    let other = (player(g, k) + 1) % 4;
    let (mut e, _) = play_through(&mut Engine::new(), g, k);
    let out = step(&mut e, &answers(g, k, &[(other, "PASS ")]));
    assert_eq!(out.display_json().without_walls(), wa(other));
    assert_eq!(out.requests(), None);
}

#[test]
fn init_answers_are_checked_and_wa_shows_the_walls() {
    let g = &corpus::shared_records(GOLDEN)[0];
    let mut e = Engine::new();
    e.reset(&g.wall, g.quan, g.srand).unwrap();
    let out = step(&mut e, &all_pass_but(&[(2, "PASS "), (3, "HU")]));
    // The platform's judge: no strlen; the walls before the deal, 34 each
    // (the platform judge's own answer to these answers).
    let mut want = wa(2);
    want["tileCnt"] = json!([34, 34, 34, 34]);
    assert_eq!(out.display_json(), want);
    // After DEAL the display is fresh.
    let (mut e, _) = play_through(&mut Engine::new(), g, 1);
    assert_eq!(step(&mut e, &all_pass_but(&[(1, "PLAY W1")])).display_json().without_walls(), wa(1));
}

#[test]
fn under_the_public_judge_wa_keeps_strlen() {
    // The public judge/main.cpp (profile pymahjonggb-1.4): a WA at INIT
    // keeps the INIT display's strlen, the length of the wall string; no
    // walls on a verdict.
    let g = &corpus::first_records("pymahjonggb-1.4/golden.jsonl.gz", 1)[0];
    let public = mcr_engine::fans::Profile::by_name("pymahjonggb-1.4").expect("the profile is built in");
    let mut e = Engine::with_profile(public);
    e.reset(&g.wall, g.quan, g.srand).unwrap();
    let out = step(&mut e, &all_pass_but(&[(2, "PASS "), (3, "HU")]));
    let strlen = &g.turns[0].display["strlen"];
    assert_eq!(strlen.as_u64(), Some(g.wall.join(" ").len() as u64), "the record's INIT strlen");
    let mut want = wa(2);
    want["strlen"] = strlen.clone();
    assert_eq!(out.display_json(), want);
}

#[test]
fn after_a_draw_seats_are_checked_in_seat_order() {
    // A drawer at seat 2 whose hand does not win (recorded canHu -3).
    let (g, k) = find(corpus::shared_records(GOLDEN), |g, k| {
        action(g, k) == "DRAW" && player(g, k) == 2 && can_hu(g, k, 2) == -3
    });
    let (e, _) = play_through(&mut Engine::new(), g, k);
    // Seat 0 is read before the drawer: its bad answer wins over the drawer's HU.
    assert_eq!(step(&mut e.clone(), &answers(g, k, &[(0, "PASS "), (2, "HU")])).display_json().without_walls(), wa(0));
    // Seat 3 is read after the drawer's HU, which ends the game.
    assert_eq!(
        step(&mut e.clone(), &answers(g, k, &[(3, "PASS "), (2, "HU")])).display_json().without_walls(),
        wh_not_winning(2)
    );
    // After a legal discard seat 3 is still read.
    let out = step(&mut e.clone(), &answers(g, k, &[(3, "PLAY W1")]));
    assert_eq!(out.display_json().without_walls(), wa(3));
    // The drawer must act: PASS is WA, and so is an unheld tile.
    assert_eq!(step(&mut e.clone(), &answers(g, k, &[(2, "PASS")])).display_json().without_walls(), wa(2));
    let missing = Tile::all().find(|t| e.hand(2)[t.index()] == 0 && *t != tile(g, k)).unwrap();
    let play_missing = format!("PLAY {missing}");
    assert_eq!(step(&mut e.clone(), &answers(g, k, &[(2, &play_missing)])).display_json().without_walls(), wa(2));
}

#[test]
fn the_discarder_must_pass_before_any_hu_is_examined() {
    let (g, k) = find(corpus::shared_records(GOLDEN), |g, k| {
        action(g, k) == "PLAY" && can_hu(g, k, (player(g, k) + 1) % 4) == -3
    });
    let d = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let hu_seat = (d + 1) % 4;
    let out = step(&mut e.clone(), &all_pass_but(&[(d, "PLAY W1"), (hu_seat, "HU")]));
    assert_eq!(out.display_json().without_walls(), wa(d));
    let out = step(&mut e.clone(), &all_pass_but(&[(hu_seat, "HU")]));
    assert_eq!(out.display_json().without_walls(), wh_not_winning(hu_seat));
}

#[test]
fn answers_after_a_hu_are_never_examined() {
    let (g, k) = find(corpus::shared_records(GOLDEN), |g, k| {
        action(g, k) == "PLAY" && can_hu(g, k, (player(g, k) + 2) % 4) == -3
    });
    let d = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let (first, hu_seat, last) = ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4);
    // The HU level only looks for HU: an earlier seat's junk waits for the
    // PENG/GANG level, which is never reached; a later seat is never read.
    let a = all_pass_but(&[(first, "A B C D"), (hu_seat, "HU"), (last, "PASS ")]);
    assert_eq!(step(&mut e.clone(), &a).display_json().without_walls(), wh_not_winning(hu_seat));
    // Without the HU the junk is WA, in seat order.
    let a = all_pass_but(&[(first, "A B C D"), (last, "PASS ")]);
    assert_eq!(step(&mut e.clone(), &a).display_json().without_walls(), wa(first.min(last)));
}

#[test]
fn hu_on_a_kong_only_robs_a_bugang() {
    let (g, k) = find(corpus::shared_records(GOLDEN), |g, k| action(g, k) == "GANG");
    let p = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    assert_eq!(
        step(&mut e.clone(), &all_pass_but(&[((p + 1) % 4, "HU")])).display_json().without_walls(),
        wa((p + 1) % 4)
    );
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, "PLAY W1")])).display_json().without_walls(), wa(p));

    let (g, k) = find(corpus::shared_records(GOLDEN), |g, k| {
        action(g, k) == "BUGANG" && can_hu(g, k, (player(g, k) + 2) % 4) == -3
    });
    let p = player(g, k);
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let robber = (p + 2) % 4;
    let out = step(&mut e.clone(), &all_pass_but(&[(robber, "HU"), ((p + 3) % 4, "junk")]));
    assert_eq!(out.display_json().without_walls(), wh_not_winning(robber));
    // The kong player is read first and cannot rob himself.
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, "HU"), (robber, "HU")])).display_json().without_walls(), wa(p));
    // Anything but PASS or HU is WA.
    assert_eq!(
        step(&mut e.clone(), &all_pass_but(&[((p + 1) % 4, "PENG W1")])).display_json().without_walls(),
        wa((p + 1) % 4)
    );
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
        find_state(corpus::shared_records(GOLDEN), move |g, k, e| {
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
        assert_eq!(
            step(&mut e.clone(), &all_pass_but(&[(seat, &chi)])).display_json().without_walls(),
            wa(seat),
            "{chi}"
        );
    }
}

#[test]
fn answers_after_a_granted_peng_are_ignored_but_earlier_ones_are_read() {
    // A PENG by seat p with another non-discarding seat on each side of it.
    let (g, k) = find(corpus::shared_records(GOLDEN), |g, k| {
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
    assert_eq!(out.display_json().without_walls(), wa(before));
}

/// A discard at turn k, a seat that could pung it, and a tile to discard
/// after, where the seat after the discarder has `empty` tiles left or not.
fn pung_chance(empty: bool) -> (&'static GameRecord, usize, Engine, (u8, Tile)) {
    find_state(corpus::shared_records(GAMES), |g, k, e| {
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
    assert_eq!(turn.display_json().without_walls(), wa(p));
}

#[test]
fn melded_kong_needs_tiles_after_the_discarder_only() {
    // Seat after the discarder empty: WA for the kong player.
    let found = find_state(corpus::shared_records(GAMES), |g, k, e| {
        if !is_discard(action(g, k)) {
            return None;
        }
        let (d, t) = (player(g, k), tile(g, k));
        let walls = e.walls_remaining();
        (walls[(d as usize + 1) % 4] == 0).then(|| (0..4u8).find(|&p| p != d && e.hand(p)[t.index()] == 3)).flatten()
    });
    let (_, _, e, p) = found.expect("a melded kong chance with an empty wall after the discarder");
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, "GANG")])).display_json().without_walls(), wa(p));

    // Own segment empty but not the one after the discarder: the kong stands,
    // and the replacement draw finds nothing: HUANG.
    let found = find_state(corpus::shared_records(GAMES), |g, k, e| {
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
    let mut e = e;
    let turn = step(&mut e, &all_pass_but(&[(p, "GANG")]));
    assert_eq!(turn.event, Event::Gang { player: p, tile: tile(g, k) });
    assert_eq!(turn.can_hu, [-4; 4]);
    let turn = step(&mut e, &all_pass_but(&[]));
    assert_eq!(
        turn.display_json(),
        json!({"action": "HUANG", "canHu": [-4, -4, -4, -4], "tileCnt": e.walls_remaining()})
    );
    assert!(e.step(["PASS"; 4]).is_err());
}

#[test]
fn concealed_kong_needs_tiles_in_own_and_next_segment() {
    let found = find_state(corpus::shared_records(GAMES), |g, k, e| {
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
    assert_eq!(step(&mut e.clone(), &all_pass_but(&[(p, &gang)])).display_json().without_walls(), wa(p));
}

#[test]
fn huang_comes_when_the_next_drawer_has_no_tiles_even_if_others_do() {
    let g = corpus::shared_records(GOLDEN)
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
    let (g, k) = find(corpus::shared_records(GOLDEN), |g, k| {
        action(g, k) == "PLAY" && player(g, k) == 2 && can_hu(g, k, 3) == -3 && can_hu(g, k, 0) == -3
    });
    let (e, _) = play_through(&mut Engine::new(), g, k);
    let out = step(&mut e.clone(), &all_pass_but(&[(0, "HU"), (3, "HU")]));
    assert_eq!(out.display_json().without_walls(), wh_not_winning(3));
}
