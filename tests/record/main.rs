//! Tests of one concept, one binary: Records: rules keys, the audit of games, the viewer, the review, the test data itself, ARCHITECTURE.md against the tree, and the modules' imports (no cycle).
//! One module per former test file (`cargo test --release --test record`).

#[path = "../browser/mod.rs"]
mod browser;
#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod audit_games;
mod data_provenance;
mod modules;
mod record_rules;
mod review;
mod viewer;
