#![deny(missing_docs)]
//! The rules language of mcr-engine's `rules/` folder: the files that state
//! the fans of Chinese Standard Mahjong, their exclusions, the calculator's
//! principles and the game around them (rules/README.md). The crate has no
//! dependencies: the library uses it at run time, the generators of
//! mcr-rules-compiler at build time, and `mcr rules check` checks rules
//! files with it without a build.
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
//! - [`distance`]: the suit distances the generated suit tables hold (the
//!   library re-exports it as `mcr_engine::analysis::distance`, for
//!   patterns the tables do not hold).

pub mod distance;
pub mod grammar;
pub mod lang;
pub mod load;
pub mod profile;
pub mod provenance;
pub mod sha256;
pub mod vocabulary;
