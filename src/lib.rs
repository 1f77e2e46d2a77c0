#![deny(missing_docs)]
//! mcr-engine: Chinese Standard Mahjong (MCR) as played by the Botzone judge.
//!
//! - [`tiles`], [`hand`]: the vocabulary.
//! - [`fans`]: the fan calculator, driven by tables generated from `rules/`.
//! - [`engine`]: the judge's state machine (`reset` / `step`).
//! - [`table`]: the table model, each answer of a seat played out in sampled worlds.
//! - [`mod@env`]: legal actions, observations and a vectorised environment for bots.
//! - [`record`]: game and hand records (`.jsonl`, `.jsonl.gz`).
//! - [`replay`]: a record replayed through the engine and compared turn by turn.
//! - [`serve`]: the engine as a JSON-lines process (`mcr serve`).
//! - [`judge`]: the Botzone judge program, one turn of its protocol (`mcr judge`).
//! - [`selftest`]: the dataset self-test, an engine-independent check of game records.
//! - [`arena`]: tournaments between bots: duplicate schedule, resume, standings.
//! - [`formats`]: Botzone's text format and match logs, in and out of records.
//! - [`viewer`]: game records as a self-contained web page (`mcr view`).
//! - [`table`]: the table model, each answer of a seat played out on sampled worlds.
//!
//! # Example
//!
//! Score a hand with the calculator, then deal a game and step the judge:
//!
//! ```
//! use mcr_engine::{engine::Engine, fans, notation, tiles::Tile};
//!
//! // 123m 456m 789m 55s 23p, winning on 4p from a discard.
//! let hand = notation::parse_hand("123m 456m 789m 55s 23p +4p")?;
//! let r = fans::calculate(&hand);
//! assert_eq!(r.result, 20);
//! let fans: Vec<(&str, u16)> = r.fans().map(|(fan, _)| (fan.name, fan.value)).collect();
//! assert_eq!(fans, [("清龙", 16), ("门前清", 2), ("平和", 2)]);
//!
//! // A wall of 136 tiles (each kind four times), prevalent wind East.
//! let wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
//! let mut engine = Engine::new();
//! let init = engine.reset_tiles(&wall, 0, 1)?;
//! assert!(!init.is_terminal());
//! // Every seat answers the INIT request with PASS; the judge deals.
//! let deal = engine.step(["PASS"; 4])?;
//! assert_eq!(deal.event.action(), "DEAL");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use mcr_arena as arena;
pub use mcr_core::{decompose, engine, fans, greedy, hand, notation, rng, table, tiles};
pub use mcr_records::{
    analysis, audit, convert, env, formats, input, judge, record, replay, rules, samples, selftest, serve, validate,
    viewer,
};
