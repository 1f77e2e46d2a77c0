//! Tests of one concept, one binary: The fan calculator and the hand analysis against independent answers: the reference corpora, pymahjonggb, properties.
//! One module per former test file (`cargo test --release --test fans`).

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod calculator;
mod decide;
mod differential;
mod differential_shanten;
mod fan_cases;
mod properties;
