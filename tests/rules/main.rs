//! Tests of one concept, one binary: The rules as data: the checker, the generators, profiles and variants, `mcr rules`.
//! One module per former test file (`cargo test --release --test rules`).

#[path = "../common/mod.rs"]
mod common;

mod claims_rules;
mod generated;
mod profiles;
mod rules_cli;
mod rules_errors;
mod rules_readme;
mod rules_variants;
mod variants;
