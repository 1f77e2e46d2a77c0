//! Tests of one concept, one binary: Hostile input: hardening of every reader and command.
//! One module per former test file (`cargo test --release --test hostile`).

#[path = "../common/mod.rs"]
mod common;

mod hardening;
mod hostile_cli;
