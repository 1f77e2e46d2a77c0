//! `mcr bench fan FILE`, `mcr bench replay FILE`, `mcr bench shanten FILE`, `mcr bench env`, `mcr bench samples FILE`, `mcr bench import FILE`, `mcr bench decide`, `mcr bench table`.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

#[derive(clap::Subcommand)]
pub enum What {
    /// Time the fan calculator over a hands corpus.
    Fan {
        file: PathBuf,
        /// Timed passes (the best is reported).
        #[arg(long, default_value_t = 5)]
        passes: usize,
        #[command(flatten)]
        rules: super::RulesArg,
    },
    /// Time the hand analysis (five shapes with useful tiles) over a shanten corpus.
    Shanten {
        file: PathBuf,
        /// Timed passes (the median is reported).
        #[arg(long, default_value_t = 7)]
        passes: usize,
    },
    /// Time the replay engine over a game corpus (one thread, no rendering).
    Replay(super::bench_replay::Args),
    /// Time `mcr samples` (read, replay, extract, write) in both layouts, one thread (or --jobs N).
    Samples(super::bench_samples::Args),
    /// Time `mcr import` (read, replay, check, write records) over a file of
    /// any format, one thread: games/s.
    Import(super::bench_import::Args),
    /// Time the decision analysis on real game states at their real draws left (median, p99, max ms).
    Decide(super::bench_decide::Args),
    /// Time the `table` built-in's decisions, in games against three `decide` built-ins or at the
    /// states of the games given, one thread (median, p90, p99, max ms, share over 900 ms).
    Table(super::bench_table::Args),
    /// Time the vectorised environment (random legal policy, masks and
    /// observations every step) on 1 and 2 threads.
    Env(super::bench_env::Args),
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    match args.what {
        What::Fan { file, passes, rules } => super::bench_fan::run(&file, passes, rules.rules),
        What::Replay(a) => super::bench_replay::run(a, max_line_bytes),
        What::Env(a) => super::bench_env::run(a),
        What::Decide(a) => super::bench_decide::run(a, max_line_bytes),
        What::Table(a) => super::bench_table::run(a, max_line_bytes),
        What::Samples(a) => super::bench_samples::run(a, max_line_bytes),
        What::Import(a) => super::bench_import::run(a, max_line_bytes),
        What::Shanten { file, passes } => super::bench_shanten::run(&file, passes, max_line_bytes),
    }
}
