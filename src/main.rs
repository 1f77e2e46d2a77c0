//! `mcr`: the command line over the calculator, the replay engine, the
//! validator and the audit tool. Each subcommand lives in `src/cli/<name>.rs`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

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
    Fan(cli::fan::Args),
    /// Check a hands corpus (.jsonl/.jsonl.gz) against its expected fan lists.
    Hands(cli::hands::Args),
    /// Replay game records through the engine (or self-test them) and compare.
    Validate(cli::validate::Args),
    /// Explain a fan list: why each fan was or was not counted.
    Audit(cli::audit::Args),
    /// Shanten and useful tiles per shape; with 14 tiles, the discard table.
    Shanten(cli::shanten::Args),
    /// Each winning tile of a waiting hand with its fans, self-drawn and on a discard.
    Waits(cli::waits::Args),
    /// Per discard: the chance and expected points of a win of the minimum fan within the draws left.
    Decide(cli::decide::Args),
    /// Check a shanten corpus (.jsonl/.jsonl.gz) against its expected answers.
    Analyse(cli::analyse::Args),
    /// Serve the engine as JSON lines on stdin/stdout.
    Serve(cli::serve::Args),
    /// Benchmarks: `mcr bench fan FILE`, `mcr bench replay FILE`, `mcr bench env`.
    Bench(cli::bench::Args),
    /// Game records as one self-contained HTML page, turn by turn.
    View(cli::view::Args),
    /// Each discard after an own draw in game records, weighed by the decision analysis.
    Review(cli::review::Args),
    /// Self-play with a seeded random legal policy, written as game records.
    Play(cli::play::Args),
    /// Rule profiles: `mcr rules list`.
    Rules(cli::rules::Args),
    /// Training samples (observation, mask, action) of every decision, as .npz.
    Samples(cli::samples::Args),
    /// Real bot programs play each other under Botzone's protocol and limits.
    Arena(cli::arena::Args),
    /// The reference bot: Botzone's protocol on stdin/stdout, the engine's legal moves.
    Bot(cli::bot::Args),
    /// Botzone text logs or match logs (or records) in, game records out, each game checked by replay.
    Import(cli::import::Args),
    /// Game records out as Botzone text logs or match logs.
    Export(cli::export::Args),
    /// Tournament standings from records: bootstrap intervals over walls, pairwise, report page.
    Standings(cli::standings::Args),
}

fn main() -> ExitCode {
    // Like other Unix tools: a closed pipe (`mcr ... | head`) ends the
    // process quietly instead of failing a write.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    // The line bound, passed to the commands that read lines.
    let max_line = cli.max_line_bytes;
    match cli.command {
        Command::Fan(a) => cli::fan::run(a),
        Command::Arena(a) => cli::arena::run(a, max_line),
        Command::Bot(a) => cli::bot::run(a),
        Command::Hands(a) => cli::hands::run(a, max_line),
        Command::Validate(a) => cli::validate::run(a, max_line),
        Command::Audit(a) => cli::audit::run(a, max_line),
        Command::Serve(a) => cli::serve::run(a, max_line),
        Command::Analyse(a) => cli::analyse::run(a, max_line),
        Command::Shanten(a) => cli::shanten::run(a),
        Command::Waits(a) => cli::waits::run(a),
        Command::Decide(a) => cli::decide::run(a, max_line),
        Command::Bench(a) => cli::bench::run(a, max_line),
        Command::View(a) => cli::view::run(a, max_line),
        Command::Review(a) => cli::review::run(a, max_line),
        Command::Play(a) => cli::play::run(a),
        Command::Rules(a) => cli::rules::run(a, max_line),
        Command::Samples(a) => cli::samples::run(a, max_line),
        Command::Standings(a) => cli::standings::run(a, max_line),
        Command::Import(a) => cli::import::run(a, max_line),
        Command::Export(a) => cli::export::run(a, max_line),
    }
}
