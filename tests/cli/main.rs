//! Tests of one concept, one binary: The command line and its adapters: `mcr` commands, `serve`, the Python package and bridge.
//! One module per former test file (`cargo test --release --test cli`).

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod python_bridge;
mod python_package;
mod serve;
