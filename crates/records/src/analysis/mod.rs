//! Hand analysis over records: the pure analysis of the core
//! ([`mcr_core::analysis`], re-exported here), with what needs a game
//! record or a file: a record's decisions ([`decide::record`]), decisions
//! files (`decide::line`, [`decide::many`]), the review of a record's
//! discards ([`review`]), the table model over records ([`table`]) and its
//! review of every decision ([`review_table`]), and the reference's
//! shanten corpus ([`corpus`]).

pub use mcr_core::analysis::*;

pub mod corpus;
pub mod decide;
pub mod review;
pub mod review_table;
pub mod table;
