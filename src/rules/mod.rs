//! Tables generated from `rules/` by build.rs (see `build/`). Open
//! `$OUT_DIR/fan_rules.rs` or `$OUT_DIR/claims_table.rs` to read what the
//! rules compiled to.

pub mod claims;
pub mod vocabulary;

/// The fan table, name maps, omissions, policies and fan detection.
pub mod fans {
    include!(concat!(env!("OUT_DIR"), "/fan_rules.rs"));
}
