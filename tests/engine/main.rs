//! The judge's state machine (`mcr_engine::engine`): replays of the recorded
//! corpora and the judge's quirks ([`engine_replay`]), bad input to the
//! engine and to `mcr validate` ([`engine_input`]), and the independent
//! self-test of records with deliberate corruptions ([`selftest`]).
//! `cargo test --release --test engine`.

#[path = "../common/mod.rs"]
mod common;

mod engine_input;
mod engine_replay;
mod selftest;
