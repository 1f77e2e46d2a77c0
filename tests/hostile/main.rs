//! Hostile input: every reader and command given broken, truncated,
//! oversized or mutated input gives a result or an error naming where, never
//! a panic ([`hardening`], and the sweep of every command over mutated real
//! records, [`hostile_cli`]). `cargo test --release --test hostile`.

#[path = "../common/mod.rs"]
mod common;

mod hardening;
mod hostile_cli;
