//! One module per subcommand.
pub mod analyse;
pub mod audit;
pub mod bench;
pub mod bench_fan;
pub mod bench_replay;
pub mod bench_shanten;
pub mod fan;
pub mod hands;
pub mod selftest;
pub mod serve;
pub mod shanten;
pub mod validate;
pub mod waits;

/// A record or its located error: errors go to stderr and are skipped.
pub fn ok_or_report<T>(item: Result<T, String>) -> Option<T> {
    item.map_err(|e| eprintln!("{e}")).ok()
}

/// Output format of the analysis commands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}
