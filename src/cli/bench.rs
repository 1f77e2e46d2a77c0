//! `mcr bench fan FILE` and `mcr bench replay FILE`.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub target: Target,
}

#[derive(clap::Subcommand)]
pub enum Target {
    /// Time the fan calculator over a hands corpus.
    Fan(FanArgs),
    /// Time the replay engine over a game corpus (one thread, no rendering).
    Replay(crate::cli::bench_replay::Args),
}

#[derive(clap::Args)]
pub struct FanArgs {
    /// Hands corpus (.jsonl or .jsonl.gz).
    pub file: PathBuf,
    /// Timed passes (the best is reported).
    #[arg(long, default_value_t = 5)]
    pub passes: usize,
}

pub fn run(args: Args) -> ExitCode {
    match args.target {
        Target::Fan(a) => super::bench_fan::run(&a.file, a.passes),
        Target::Replay(a) => crate::cli::bench_replay::run(a),
    }
}
