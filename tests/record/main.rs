//! Records and the repository around them: the `"rules"` key in every
//! reader, the audit of games, the test data against its recorded
//! provenance, ARCHITECTURE.md against the tree, and the modules' imports
//! (no cycle between siblings). `cargo test --release --test record`.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod audit_games;
mod data_provenance;
mod modules;
mod record_rules;
