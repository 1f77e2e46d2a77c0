//! The fan calculator and the hand analysis against independent answers:
//! the public hands corpus ([`calculator`]), one hand for and against each
//! fan ([`fan_cases`]), pymahjonggb on random hands ([`differential`],
//! [`differential_shanten`]), the shanten corpus and waits ([`analysis`]),
//! the decision analysis against its corpus and a second expectimax
//! ([`decide`]), the table model against independent counts and the
//! records ([`table`]), and generated input ([`properties`]).
//! `cargo test --release --test fans`.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod calculator;
mod decide;
mod differential;
mod differential_shanten;
mod fan_cases;
mod properties;
mod table;
