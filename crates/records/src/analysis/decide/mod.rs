//! The decision analysis ([`mcr_core::analysis::decide`], re-exported
//! here) over records and files: the decisions of a game record
//! ([`mod@record`]), a decisions file's lines (`mod@line`) and many states at
//! once ([`many`]).

pub use mcr_core::analysis::decide::*;

pub(crate) mod line;
pub mod many;
pub mod record;

pub use line::{decision_line, DecideRecord};
pub use record::{record_decisions, seat_state, RecordDecision};
