//! Distances of one suit to the regular shape: defined in the rules language
//! (`crates/rules-lang/src/distance.rs`), from which the generator writes the
//! suit tables; the library uses them for patterns the tables do not hold.

pub use mcr_rules_lang::distance::*;
