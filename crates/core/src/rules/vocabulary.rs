//! The vocabulary of primitives rules are written with: defined in the rules
//! crate (`build/vocabulary.rs`), which checks rules against it.

pub use mcr_rules_compiler::vocabulary::*;
