//! `mcr`: the command line over the calculator, the replay engine, the
//! validator and the audit tool. Each subcommand lives in `cli/src/<name>.rs`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod analyse;
mod arena;
mod audit;
mod bench;
mod bench_decide;
mod bench_env;
mod bench_fan;
mod bench_import;
mod bench_replay;
mod bench_samples;
mod bench_shanten;
mod bench_table;
mod bot;
mod decide;
mod decide_table;
mod error;
mod export;
mod fan;
mod hands;
mod import;
mod judge;
mod play;
mod review;
mod rules;
mod rules_check;
mod samples;
mod selftest;
mod serve;
mod shanten;
mod shared;
mod standings;
mod validate;
mod view;
mod waits;

// The subcommands reach the shared helpers as `super::...`.
use error::CliError;
use shared::*;

// Replays build many short-lived strings and maps: mimalloc is about a
// third faster at them than the system allocator (`mcr bench import`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "mcr",
    version,
    about = "Chinese Standard Mahjong (MCR) engine: fan calculator, Botzone-exact replay, validator, audit"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The longest input line read (record files, `serve`'s input); a longer
    /// line is reported with its location and skipped.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = mcr_engine::record::DEFAULT_MAX_LINE_BYTES)]
    max_line_bytes: usize,
}

#[derive(Subcommand)]
enum Command {
    /// Score one hand written in the compact notation (see README).
    Fan(fan::Args),
    /// Check a hands corpus (.jsonl/.jsonl.gz) against its expected fan lists.
    Hands(hands::Args),
    /// Replay game records through the engine (or self-test them) and compare.
    Validate(validate::Args),
    /// Explain a fan list: why each fan was or was not counted.
    Audit(audit::Args),
    /// Shanten and useful tiles per shape; with 14 tiles, the discard table.
    Shanten(shanten::Args),
    /// Each winning tile of a waiting hand with its fans, self-drawn and on a discard.
    Waits(waits::Args),
    /// Per discard: the chance and expected points of a win of the minimum fan within the draws left.
    Decide(decide::Args),
    /// Check a shanten corpus (.jsonl/.jsonl.gz) against its expected answers.
    Analyse(analyse::Args),
    /// Serve the engine as JSON lines on stdin/stdout.
    Serve(serve::Args),
    /// The Botzone judge program: one turn of the judge protocol on stdin/stdout.
    Judge(judge::Args),
    /// Benchmarks: `mcr bench fan FILE`, `mcr bench replay FILE`, `mcr bench env`.
    Bench(bench::Args),
    /// Game records as one self-contained HTML page, turn by turn.
    View(view::Args),
    /// Each discard after an own draw in game records, weighed by the decision analysis.
    Review(review::Args),
    /// Self-play with a seeded random legal policy, written as game records.
    Play(play::Args),
    /// Rule profiles: `mcr rules list`.
    Rules(rules::Args),
    /// Training samples (observation, mask, action) of every decision, as .npz.
    Samples(samples::Args),
    /// Real bot programs play each other under Botzone's protocol and limits.
    Arena(arena::Args),
    /// The reference bot: Botzone's protocol on stdin/stdout, the engine's legal moves.
    Bot(bot::Args),
    /// Botzone text logs or match logs (or records) in, game records out, each game checked by replay.
    Import(import::Args),
    /// Game records out as Botzone text logs or match logs.
    Export(export::Args),
    /// Tournament standings from records: bootstrap intervals over walls, pairwise, report page.
    Standings(standings::Args),
}

fn main() -> ExitCode {
    // Like other Unix tools: a closed pipe (`mcr ... | head`) ends the
    // process quietly instead of failing a write.
    // SAFETY: restoring the default disposition of SIGPIPE installs no
    // handler of ours; it runs first in `main`, before any other thread.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    // The line bound, passed to the commands that read lines.
    let max_line = cli.max_line_bytes;
    // The one place an error is worded and its exit code set.
    run(cli.command, max_line).unwrap_or_else(|e| {
        eprintln!("{e}");
        e.exit_code()
    })
}

/// Runs the command: its exit code (`Ok` also when it ran and found
/// mismatches or reported problems, as documented per command), or the
/// error that stopped it.
fn run(command: Command, max_line: usize) -> Result<ExitCode, CliError> {
    match command {
        Command::Fan(a) => fan::run(a),
        Command::Arena(a) => arena::run(a, max_line),
        Command::Bot(a) => bot::run(a),
        Command::Hands(a) => hands::run(a, max_line),
        Command::Validate(a) if a.self_test => selftest::run(&a, max_line),
        Command::Validate(a) => validate::run(a, max_line),
        Command::Audit(a) => audit::run(a, max_line),
        Command::Serve(a) => serve::run(a, max_line),
        Command::Judge(a) => judge::run(a, max_line),
        Command::Analyse(a) => analyse::run(a, max_line),
        Command::Shanten(a) => shanten::run(a),
        Command::Waits(a) => waits::run(a),
        Command::Decide(a) => decide::run(a, max_line),
        Command::Bench(a) => bench::run(a, max_line),
        Command::View(a) => view::run(a, max_line),
        Command::Review(a) => review::run(a, max_line),
        Command::Play(a) => play::run(a),
        Command::Rules(a) => rules::run(a, max_line),
        Command::Samples(a) => samples::run(a, max_line),
        Command::Standings(a) => standings::run(a, max_line),
        Command::Import(a) => import::run(a, max_line),
        Command::Export(a) => export::run(a, max_line),
    }
}
