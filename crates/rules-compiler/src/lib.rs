#![deny(missing_docs)]
//! The generators of mcr-engine's tables: build.rs compiles the rules of
//! `rules/`, read and checked by [`mcr_rules_lang`], into Rust and binary
//! tables in OUT_DIR with them (a build dependency only, as
//! chrono-tz-build is); the tests run them directly.
//!
//! - [`fans`]: each profile's fan table, name maps, omissions, policies
//!   and fan detection;
//! - [`condition`]: a condition of the rules as Rust over the views'
//!   primitives (what [`fans`] writes for each `when` and `count`);
//! - [`claim_priority`]: the claim-priority table of `rules/claims.txt`;
//! - [`decompose`]: the suit-pattern tables (splits into sets, waits,
//!   shanten) from [`mcr_rules_lang::distance`].

pub mod claim_priority;
pub mod condition;
pub mod decompose;
pub mod fans;

/// The loader of the profiles and the provenance lines, from the rules
/// language: what build.rs needs besides the generators, from this one
/// build dependency.
pub use mcr_rules_lang::{load, provenance};
