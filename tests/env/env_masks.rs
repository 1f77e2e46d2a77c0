//! The proof that the masks are the judge's: on every turn of every public
//! game, for every seat, a clone of the engine is stepped with each of the
//! 235 actions as its answer string (PENG and CHI with every discard), and
//! the mask must say legal exactly when the engine gives that seat no WA/WH.
//!
//! "That seat gets no WA/WH" is made well defined by having every other seat
//! answer PASS, so the seat's answer is always examined (a claim is never
//! beaten, nobody else is judged first); on a draw, the drawer (when it is
//! another seat) plays the tile it drew, which is always legal. Any verdict
//! on another seat fails the test. The engine replays these games exactly,
//! so this ties the masks to the real judge.

use crate::common;

use rayon::prelude::*;

use mcr_engine::engine::{Claim, Engine, Event, Move, Turn};
use mcr_engine::env::action::{self, NUM_ACTIONS, PLAY};
use mcr_engine::record::GameRecord;
use mcr_engine::replay::{Replayer, Step};
use mcr_engine::tiles::Tile;

#[derive(Default)]
struct Tally {
    turns: usize,
    answers: usize,
    legal: usize,
    wh_exposed: usize,
    /// Recorded answers checked against the self-test's rulings.
    selftest_answers: usize,
    /// Of them, answers the self-test's verdicts name (must be illegal).
    selftest_offenders: usize,
}

impl Tally {
    fn add(mut self, o: Tally) -> Tally {
        self.turns += o.turns;
        self.answers += o.answers;
        self.legal += o.legal;
        self.wh_exposed += o.wh_exposed;
        self.selftest_answers += o.selftest_answers;
        self.selftest_offenders += o.selftest_offenders;
        self
    }
}

/// What the engine says to `seat` answering `answer`, the others passing
/// (a drawer other than `seat` plays its drawn tile): true when accepted.
fn accepted(engine: &Engine, last: &Turn, seat: u8, answer: &str, ctx: &str) -> (bool, Option<Event>) {
    let drawn = match last.event {
        Event::Draw { player, tile } if player != seat => Some((player, format!("PLAY {tile}"))),
        _ => None,
    };
    let mut answers = ["PASS"; 4];
    if let Some((p, play)) = &drawn {
        answers[*p as usize] = play;
    }
    answers[seat as usize] = answer;
    let mut clone = *engine;
    let turn = clone.step(answers).unwrap_or_else(|e| panic!("{ctx}: seat {seat} {answer:?}: engine error {e}"));
    match turn.event {
        Event::WrongAnswer { player, .. } | Event::WrongHu { player, .. } => {
            assert_eq!(player, seat, "{ctx}: seat {seat} {answer:?}: a verdict on another seat: {:?}", turn.event);
            (false, Some(turn.event))
        }
        e => (true, Some(e)),
    }
}

fn check_turn(engine: &Engine, last: &Turn, ctx: &str) -> Tally {
    let mut tally = Tally { turns: 1, ..Tally::default() };
    let current = engine.current_tile();
    let mut text = String::new();
    for seat in 0..4u8 {
        let mut mask = [0u8; NUM_ACTIONS];
        let n = action::write_mask(engine, seat, &mut mask);
        assert_eq!(n, mask.iter().filter(|&&m| m == 1).count(), "{ctx}: seat {seat}: count");
        let mut moves = 0;
        engine.legal_moves(seat, |_| moves += 1);
        let mut all_accepted = 0;
        for a in 0..NUM_ACTIONS {
            let Some(claim) = action::decode(a, current) else {
                assert_eq!(mask[a], 0, "{ctx}: seat {seat}: {} names no answer but is legal", action::describe(a));
                continue;
            };
            let discards: Vec<Option<Tile>> = match claim {
                Claim::Peng | Claim::Chi { .. } => Tile::all().map(Some).collect(),
                _ => vec![None],
            };
            let mut discard_mask = [0u8; NUM_ACTIONS];
            if mask[a] == 1 && discards[0].is_some() {
                action::write_discard_mask(engine, seat, claim, &mut discard_mask);
            }
            let mut any = false;
            for d in discards {
                text.clear();
                assert!(Move { claim, discard: d }.write_answer(&mut text));
                let (ok, event) = accepted(engine, last, seat, &text, ctx);
                tally.answers += 1;
                all_accepted += usize::from(ok);
                any |= ok;
                if let Some(d) = d {
                    if mask[a] == 1 {
                        assert_eq!(
                            discard_mask[PLAY + d.index()] == 1,
                            ok,
                            "{ctx}: seat {seat}: {text:?} accepted {ok}, discard mask says otherwise"
                        );
                    }
                }
                if claim == Claim::Hu {
                    let fans = engine.hu_fans(seat);
                    match event {
                        Some(Event::WrongHu { .. }) => {
                            assert!(
                                fans.is_some_and(|f| f < engine.min_win_fans()),
                                "{ctx}: seat {seat}: WH but hu_fans {fans:?}"
                            );
                            if fans.is_some_and(|f| f >= 0) {
                                tally.wh_exposed += 1;
                            }
                        }
                        Some(Event::Hu { ref fans, .. }) => {
                            assert_eq!(engine.hu_fans(seat), Some(fans.result), "{ctx}: seat {seat}: HU fans");
                        }
                        _ => assert_eq!(fans, None, "{ctx}: seat {seat}: HU rejected (WA) but hu_fans {fans:?}"),
                    }
                }
            }
            assert_eq!(
                mask[a] == 1,
                any,
                "{ctx}: seat {seat}: {} mask {} but accepted {any}",
                action::describe(a),
                mask[a]
            );
        }
        assert_eq!(
            moves, all_accepted,
            "{ctx}: seat {seat}: legal_moves gives {moves} answers, the engine accepts {all_accepted}"
        );
        tally.legal += n;
    }
    tally
}

/// The recorded answer `text` as a move, read here from the wire format
/// (not by the engine's parser); `None` when it names no move.
fn recorded_move(text: &str, on_draw: bool) -> Option<Move> {
    let t = |w: &str| Tile::parse(w).ok();
    let w: Vec<&str> = text.split(' ').collect();
    let claim = |c| Some(Move { claim: c, discard: None });
    match w.as_slice() {
        ["PASS"] => claim(Claim::Pass),
        ["HU"] => claim(Claim::Hu),
        ["GANG"] if !on_draw => claim(Claim::Gang),
        ["PLAY", x] if on_draw => claim(Claim::Play(t(x)?)),
        ["GANG", x] if on_draw => claim(Claim::AnGang(t(x)?)),
        ["BUGANG", x] if on_draw => claim(Claim::BuGang(t(x)?)),
        ["PENG", d] if !on_draw => Some(Move { claim: Claim::Peng, discard: Some(t(d)?) }),
        ["CHI", m, d] if !on_draw => Some(Move { claim: Claim::Chi { middle: t(m)? }, discard: Some(t(d)?) }),
        _ => None,
    }
}

/// Whether the masks of `seat` say `m` is legal (with its discard).
fn masked_legal(engine: &Engine, seat: u8, m: Move) -> bool {
    let mut mask = [0u8; NUM_ACTIONS];
    action::write_mask(engine, seat, &mut mask);
    let a = action::encode(m.claim, engine.current_tile());
    if a >= NUM_ACTIONS || mask[a] == 0 {
        return false;
    }
    m.discard.is_none_or(|d| {
        let mut discards = [0u8; NUM_ACTIONS];
        action::write_discard_mask(engine, seat, m.claim, &mut discards);
        discards[PLAY + d.index()] == 1
    })
}

/// The masks against the self-test (`crates/records/src/selftest`, which models the judge
/// without the engine). The self-test accepts the record, so on every turn
/// the seat whose answer the next recorded event carries out, and every
/// seat that answered PASS, gave an answer the judge accepted: the masks
/// must call it legal. On the last turn of a game ended by a verdict the
/// self-test confirmed, the offender's answer must be illegal.
fn check_against_selftest(r: &GameRecord, step: &Step, tally: &mut Tally) {
    let k = step.index;
    let ctx = format!("{} turn {k}", r.game_id);
    let display = |k: usize| &r.turns[k].display;
    let next = display(k + 1);
    let (action, actor) = (display(k)["action"].as_str().unwrap_or(""), display(k)["player"].as_u64());
    let (next_action, next_player) = (next["action"].as_str().unwrap_or(""), next["player"].as_u64().map(|p| p as u8));
    let on_draw = action == "DRAW";
    let verdict = matches!(next_action, "WA" | "WH");
    for seat in 0..4u8 {
        let Some(text) = step.answers[seat as usize] else { continue };
        let offender = verdict && next_player == Some(seat);
        let acted = !verdict
            && next_player == Some(seat)
            && (if on_draw { actor == Some(seat as u64) } else { next_action != "DRAW" && next_action != "HUANG" });
        if !(offender || acted || text == "PASS") {
            continue;
        }
        let legal = recorded_move(text, on_draw).is_some_and(|m| masked_legal(step.engine, seat, m));
        assert_eq!(
            legal,
            !offender,
            "{ctx}: seat {seat} answered {text:?} ({}; next {next_action}): the masks say legal {legal}",
            if offender { "the verdict's offender" } else { "accepted" }
        );
        tally.selftest_answers += 1;
        tally.selftest_offenders += usize::from(offender);
    }
}

fn check_game(r: &GameRecord) -> Tally {
    let mut tally = Tally::default();
    // The self-test's independent verdict on the record.
    mcr_engine::selftest::check_record(r).unwrap_or_else(|e| panic!("{}: the self-test refuses it: {e:?}", r.game_id));
    let mut replay = Replayer::new(Engine::new(), r);
    while let Some(step) = replay.next() {
        let step = step.unwrap_or_else(|e| panic!("{}: {e}", r.game_id));
        if step.turn.is_terminal() {
            break;
        }
        let ctx = format!("{} turn {}", r.game_id, step.index);
        tally = tally.add(check_turn(step.engine, step.turn, &ctx));
        check_against_selftest(r, &step, &mut tally);
    }
    tally
}

#[test]
fn masks_are_what_the_judge_accepts_on_every_public_turn() {
    let mut total = Tally::default();
    for file in ["golden.jsonl.gz", "games.jsonl.gz", "errors.jsonl.gz"] {
        let games: Vec<GameRecord> = common::corpus::records(file);
        assert!(!games.is_empty(), "{file}: no games");
        let t = games.par_iter().map(check_game).reduce(Tally::default, Tally::add);
        eprintln!("{file}: {} games, {} turns, {} answers stepped, {} legal actions, {} HU below the minimum exposed, {} recorded answers checked against the self-test", games.len(), t.turns, t.answers, t.legal, t.wh_exposed, t.selftest_answers);
        total = total.add(t);
    }
    assert!(total.turns > 500_000, "only {} turns checked", total.turns);
    assert!(total.selftest_offenders > 100, "only {} verdicts' answers checked", total.selftest_offenders);
    assert!(
        total.selftest_answers > 1_000_000,
        "only {} answers checked against the self-test",
        total.selftest_answers
    );
    assert!(total.wh_exposed > 0, "no HU below the minimum met: the WH exposure is untested");
}
