//! Tests of one concept, one binary: The judge state machine: replays of the golden games, bad input to the engine, the independent self-test.
//! One module per former test file (`cargo test --release --test engine`).

#[path = "../common/mod.rs"]
mod common;

mod engine_input;
mod engine_replay;
mod selftest;
