//! Tests of one concept, one binary: Records: rules keys, the audit of games, the viewer, the test data itself.
//! One module per former test file (`cargo test --release --test record`).

#[path = "../common/mod.rs"]
mod common;
#[path = "../browser/mod.rs"]
mod browser;

mod record_rules;
mod audit_games;
mod viewer;
mod data_provenance;
