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

mod common;

use rayon::prelude::*;

use mcr_engine::engine::{Claim, Engine, Event, Move, Turn};
use mcr_engine::env::action::{self, NUM_ACTIONS, PLAY};
use mcr_engine::record::{GameRecord, Records};
use mcr_engine::replay::Replayer;
use mcr_engine::tiles::Tile;

#[derive(Default)]
struct Tally {
    turns: usize,
    answers: usize,
    legal: usize,
    wh_exposed: usize,
}

impl Tally {
    fn add(mut self, o: Tally) -> Tally {
        self.turns += o.turns;
        self.answers += o.answers;
        self.legal += o.legal;
        self.wh_exposed += o.wh_exposed;
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
    let mut clone = engine.clone();
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
                        assert_eq!(discard_mask[PLAY + d.index()] == 1, ok, "{ctx}: seat {seat}: {text:?} accepted {ok}, discard mask says otherwise");
                    }
                }
                if claim == Claim::Hu {
                    let fans = engine.hu_fans(seat);
                    match event {
                        Some(Event::WrongHu { .. }) => {
                            assert!(fans.is_some_and(|f| f < engine.min_win_fans()), "{ctx}: seat {seat}: WH but hu_fans {fans:?}");
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
            assert_eq!(mask[a] == 1, any, "{ctx}: seat {seat}: {} mask {} but accepted {any}", action::describe(a), mask[a]);
        }
        assert_eq!(moves, all_accepted, "{ctx}: seat {seat}: legal_moves gives {moves} answers, the engine accepts {all_accepted}");
        tally.legal += n;
    }
    tally
}

fn check_game(r: &GameRecord) -> Tally {
    let mut tally = Tally::default();
    let mut replay = Replayer::new(Engine::new(), r);
    while let Some(step) = replay.next() {
        let step = step.unwrap_or_else(|e| panic!("{}: {e}", r.game_id));
        if step.turn.is_terminal() {
            break;
        }
        let ctx = format!("{} turn {}", r.game_id, step.index);
        tally = tally.add(check_turn(step.engine, step.turn, &ctx));
    }
    tally
}

#[test]
fn masks_are_what_the_judge_accepts_on_every_public_turn() {
    let mut total = Tally::default();
    for file in ["golden.jsonl.gz", "games.jsonl.gz", "errors.jsonl.gz"] {
        let games: Vec<GameRecord> = Records::<GameRecord>::open(&common::data(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .map(|r| r.unwrap_or_else(|e| panic!("{e}")).record)
            .collect();
        assert!(!games.is_empty(), "{file}: no games");
        let t = games.par_iter().map(check_game).reduce(Tally::default, Tally::add);
        eprintln!("{file}: {} games, {} turns, {} answers stepped, {} legal actions, {} HU below the minimum exposed", games.len(), t.turns, t.answers, t.legal, t.wh_exposed);
        total = total.add(t);
    }
    assert!(total.turns > 500_000, "only {} turns checked", total.turns);
    assert!(total.wh_exposed > 0, "no HU below the minimum met: the WH exposure is untested");
}
