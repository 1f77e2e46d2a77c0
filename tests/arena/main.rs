//! The arena (crates/arena/src/): bots files, the protocol in every mode with
//! `mcr bot` and small bots of our own (Python, C++), platform verdicts from
//! hostile bots, the seat view's legal moves, and no process left behind.
//! Every record written is checked with `mcr validate` and `--self-test`.

#[path = "../common/mod.rs"]
mod common;

mod bots_file;
mod helpers;
mod hostile;
mod play;
mod seat_view;
