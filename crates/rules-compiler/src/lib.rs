#![deny(missing_docs)]
//! The rules language of `rules/` and the generators of the tables built
//! from it: one crate, used by `build.rs` (the tables in OUT_DIR), by `mcr
//! rules check` (the checker, without a build), by the `rule!` proc macro
//! (the grammar of a condition) and by the tests (generators and checker run
//! directly), as chrono-tz-build is.
//!
//! - [`grammar`]: a condition read into the language's tree;
//! - [`vocabulary`]: the primitives a condition may use (the library
//!   re-exports it as `mcr_engine::rules::vocabulary`);
//! - [`lang`]: the parser and checker of `rules/fans.mcr`;
//! - [`profile`]: a profile (`rules/profiles/*.mcr`) applied to its base;
//! - [`load`]: the one loader of every profile, each after its base;
//! - [`provenance`]: the first line of every generated file (inputs and
//!   their SHA-256);
//! - [`sha256`]: SHA-256, incremental, the one implementation (the
//!   library's samples manifest hashes its inputs with it);
//! - [`fans`], [`claims`], [`decompose`]: the generators of the fan tables,
//!   the claim-priority table and the suit tables;
//! - [`distance`]: the suit distances the suit tables hold (the library
//!   re-exports it as `mcr_engine::analysis::distance`, for patterns the
//!   tables do not hold).

pub mod claims;
pub mod decompose;
pub mod distance;
pub mod fans;
pub mod grammar;
pub mod lang;
pub mod load;
pub mod profile;
pub mod provenance;
pub mod sha256;
pub mod vocabulary;
