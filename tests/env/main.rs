//! Environments for bots (`mcr_engine::env`): self-play, determinism,
//! buffers and verdicts ([`env`]), the action masks against what the judge
//! accepts on every public turn ([`env_masks`]), and play under a rule
//! profile other than botzone ([`env_rules`]).
//! `cargo test --release --test env`.

#[path = "../common/mod.rs"]
mod common;

mod env;
mod env_masks;
mod env_rules;
