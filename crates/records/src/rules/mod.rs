//! The rule profiles ([`mcr_core::rules`], re-exported here) and what is
//! measured of them over corpora: `mcr rules diff` ([`diff`]) and the
//! accepted effects of a profile ([`snapshot`]).

pub use mcr_core::rules::*;
/// The rules language: a rules file read and checked (`lang`), a profile
/// applied to its base (`profile`), as `mcr rules check` does.
pub use mcr_rules_lang::{lang, profile};

pub mod diff;
pub mod snapshot;
