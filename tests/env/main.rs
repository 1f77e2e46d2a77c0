//! Tests of one concept, one binary: Environments for bots: masks against the self-test, rules, the environment.
//! One module per former test file (`cargo test --release --test env`).

#[path = "../common/mod.rs"]
mod common;

mod env;
mod env_masks;
mod env_rules;
