//! The command line and its adapters: the `mcr` commands' outputs, exit
//! codes and located errors ([`cli`]), `mcr serve` replaying every golden and
//! error game turn by turn ([`serve`]), the Python bridge driving `mcr serve`
//! through the public validator ([`python_bridge`]) and the Python package's
//! own test suite against an install of it ([`python_package`]).
//! `cargo test --release --test cli`.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod python_bridge;
mod python_package;
mod serve;
