//! The rules as data: the checker's errors on their lines ([`rules_errors`],
//! [`rules_cli`]), the generated tables pinned ([`generated`],
//! [`claims_rules`]), rules/README.md's tables ([`rules_readme`]), profiles
//! and their accepted snapshots ([`profiles`]), the variants against the
//! reference built with each switch ([`variants`]), and edited rules
//! rebuilt ([`rules_variants`]). `cargo test --release --test rules`.

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
