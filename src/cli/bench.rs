//! `mcr bench fan FILE` and `mcr bench replay FILE`.

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
    /// Time the replay engine over a game corpus (one thread, no rendering).
    Replay(super::bench_replay::Args),
}

pub fn run(args: Args) -> ExitCode {
    match args.what {
        What::Fan { file, passes, rules } => super::bench_fan::run(&file, passes, rules.rules),
        What::Replay(a) => super::bench_replay::run(a),
    }
}
