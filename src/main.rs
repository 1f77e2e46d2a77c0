//! `mcr`: the command line over the calculator, the replay engine, the
//! validator and the audit tool. Each subcommand lives in `src/cli/<name>.rs`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

#[derive(Parser)]
#[command(name = "mcr", version, about = "Chinese Standard Mahjong (MCR) engine: fan calculator, Botzone-exact replay, validator, audit")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Score one hand written in the compact notation (see README).
    Fan(cli::fan::Args),
    /// Check a hands corpus (.jsonl/.jsonl.gz) against its expected fan lists.
    Hands(cli::hands::Args),
    /// Replay game records through the engine (or self-test them) and compare.
    Validate(cli::validate::Args),
    /// Explain a fan list: why each fan was or was not counted.
    Audit(cli::audit::Args),
    /// Serve the engine as JSON lines on stdin/stdout.
    Serve(cli::serve::Args),
    /// Benchmarks: `mcr bench fan FILE`, `mcr bench replay FILE`.
    Bench(cli::bench::Args),
    /// Rule profiles: `mcr rules list`.
    Rules(cli::rules::Args),
}

fn main() -> ExitCode {
    // Like other Unix tools: a closed pipe (`mcr ... | head`) ends the
    // process quietly instead of failing a write.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match cli.command {
        Command::Fan(a) => cli::fan::run(a),
        Command::Hands(a) => cli::hands::run(a),
        Command::Validate(a) => cli::validate::run(a),
        Command::Audit(a) => cli::audit::run(a),
        Command::Serve(a) => cli::serve::run(a),
        Command::Bench(a) => cli::bench::run(a),
        Command::Rules(a) => cli::rules::run(a),
    }
}
