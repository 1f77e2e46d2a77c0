//! `mcr bot [--policy random|greedy|decide|decide-win-prob|table] [--io json|simple] [--keep-running] [--seed S]`:
//! the reference bot on stdin/stdout (src/arena/refbot.rs).

use std::process::ExitCode;

use mcr_engine::arena::refbot::{self, Policy};
use mcr_engine::arena::Io;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum PolicyArg {
    Random,
    Greedy,
    /// The decision analysis: the discard and claims of highest expected points.
    Decide,
    /// The decision analysis by the chance to win.
    DecideWinProb,
    /// The decision analysis's candidates weighed by the table model (sampled worlds played out).
    Table,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum IoArg {
    Json,
    Simple,
}

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum, default_value = "greedy")]
    pub policy: PolicyArg,
    #[arg(long, value_enum, default_value = "json")]
    pub io: IoArg,
    /// Keep running between turns (print Botzone's marker after each answer).
    #[arg(long)]
    pub keep_running: bool,
    /// Seed of the random policy and of the table model's worlds.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

pub fn run(args: Args) -> Result<ExitCode, super::CliError> {
    let policy = match args.policy {
        PolicyArg::Random => Policy::Random,
        PolicyArg::Greedy => Policy::Greedy,
        PolicyArg::Decide => Policy::Decide,
        PolicyArg::DecideWinProb => Policy::DecideWinProb,
        PolicyArg::Table => Policy::Table,
    };
    let io = match args.io {
        IoArg::Json => Io::Json,
        IoArg::Simple => Io::Simple,
    };
    let stdin = std::io::stdin().lock();
    // Unbuffered line by line would write the answer and the marker apart.
    let stdout = std::io::BufWriter::new(std::io::stdout().lock());
    refbot::serve(io, args.keep_running, policy, args.seed, stdin, stdout)
        .map_err(|e| super::CliError::failed("bot", e))?;
    Ok(ExitCode::SUCCESS)
}
