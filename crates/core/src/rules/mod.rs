//! Tables generated from `rules/` by build.rs (see `build/`). Open
//! `$OUT_DIR/fan_rules.rs` (the `botzone` profile), `$OUT_DIR/fan_rules_<profile>.rs`
//! or `$OUT_DIR/claims_table.rs` to read what the rules compiled to.

pub mod claim_priority;
pub mod vocabulary;

/// Every profile's fan table, name maps, omissions, policies and fan
/// detection, one module each (`botzone`, `strict_98`, ...).
pub mod profiles {
    include!(concat!(env!("OUT_DIR"), "/profiles.rs"));
}

/// The reference profile's tables (`rules/fans.mcr`).
pub use profiles::botzone as fans;
