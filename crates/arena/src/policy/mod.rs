//! Policies played in process, deciding from the engine itself: the
//! built-ins of the bots file and Python ([`builtin`]) and the move
//! choices they share with the reference bot (`moves`: shanten, the
//! greedy move, the decision analysis's move).
//!
//! Inside: `builtin` depends on `moves`.

pub mod builtin;
pub(crate) mod moves;
pub mod table;
