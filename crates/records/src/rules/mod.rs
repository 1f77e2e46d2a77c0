//! The rule profiles ([`mcr_core::rules`], re-exported here) and what is
//! measured of them over corpora: `mcr rules diff` ([`diff`]) and the
//! accepted effects of a profile ([`snapshot`]).

pub use mcr_core::rules::*;

pub mod diff;
pub mod snapshot;
