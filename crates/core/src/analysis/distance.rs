//! Distances of one suit to the regular shape: defined in the rules crate
//! (`build/distance.rs`), whose generator writes the suit tables from them;
//! the library uses them for patterns the tables do not hold.

pub use mcr_rules_compiler::distance::*;
