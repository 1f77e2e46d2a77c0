//! Tournaments between bots: the duplicate schedule ([`duplicate`]), resuming
//! an interrupted output ([`resume`]) and the standings computed from
//! records alone ([`standings`]).

pub mod duplicate;
pub mod resume;
pub mod standings;
