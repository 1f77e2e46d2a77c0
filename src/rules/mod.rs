//! Tables compiled from `rules/` by `build.rs` (one module per table family).

pub mod claims;
