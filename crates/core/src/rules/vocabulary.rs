//! The vocabulary of primitives rules are written with: defined in the rules
//! language (`crates/rules-lang/src/vocabulary.rs`), which checks rules
//! against it.

pub use mcr_rules_lang::vocabulary::*;
