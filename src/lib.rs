//! mcr-engine: Chinese Standard Mahjong (MCR) as played by the Botzone judge.
//!
//! - [`tiles`], [`hand`]: the vocabulary.
//! - [`fans`]: the fan calculator, driven by tables generated from `rules/`.
//! - [`engine`]: the judge's state machine (`reset` / `step`).
//! - [`env`]: legal actions, observations and a vectorised environment for bots.
//! - [`record`]: game and hand records (`.jsonl`, `.jsonl.gz`).
//! - [`replay`]: a record replayed through the engine and compared turn by turn.
//! - [`serve`]: the engine as a JSON-lines process (`mcr serve`).
//! - [`selftest`]: the dataset self-test, an engine-independent check of game records.
//! - [`arena`]: tournaments between bots: duplicate schedule, resume, standings.
//! - [`formats`]: Botzone's text format and match logs, in and out of records.
//! - [`viewer`]: game records as a self-contained web page (`mcr view`).

pub mod analysis;
pub mod arena;
pub mod audit;
pub mod decompose;
pub mod engine;
pub mod env;
pub mod fans;
pub mod formats;
pub mod hand;
pub mod notation;
pub mod record;
pub mod replay;
pub mod rules;
pub mod samples;
pub mod selftest;
pub mod serve;
pub mod tiles;
pub mod viewer;
