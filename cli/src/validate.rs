//! `mcr validate FILE...`: replays every game record through the engine with
//! the recorded answers and compares each turn with the record (requests
//! exactly, displays as JSON ignoring null-valued keys). Records are read in
//! blocks of lines; each block is parsed and replayed in parallel while the
//! next is read, results are printed in file order. Each record is replayed
//! under its own rules (its `"rules"` key, else `--rules`, else botzone; a
//! conflict with an explicit `--rules` fails the record: see
//! [`super::RecordRulesArg`] and `mcr_engine::record::rules`).
//!
//! Every input is read by the one input layer (`mcr_engine::input`): game
//! records as they are, Botzone match logs in any of their shapes and text
//! logs imported as `mcr import` reads them (each judge output checked
//! against the engine, exactly) and their records then validated, folders
//! file by file, all in input order.
//!
//! With `--self-test` the command is the dataset self-test instead
//! (`selftest.rs`, which reads these arguments).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use mcr_engine::record::ParOptions;
use mcr_engine::replay::Compare;
use mcr_engine::validate::{validate_inputs, Outcome, Timings};

#[derive(clap::Args)]
pub struct Args {
    /// Game record files (.jsonl or .jsonl.gz), Botzone match logs, text
    /// logs, folders of them (read as `mcr import` reads them).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Check the records themselves (a second opinion independent of the engine).
    #[arg(long)]
    pub self_test: bool,
    /// Compare only action, player, tile, tileCHI, hand, fan, fanCnt, score.
    #[arg(long)]
    pub loose: bool,
    /// Worker threads, 1 up to the number of cores (default: all cores;
    /// more than the cores is capped, with a note).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub jobs: Option<u32>,
    /// Stop after N games (over all files).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Print on stderr where the time went: reading and decompressing,
    /// parsing, replaying and comparing (the last two summed over workers).
    #[arg(long)]
    pub timings: bool,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

#[derive(Default)]
struct Tally {
    /// Games counted: records, and lines or files that could not be read.
    games: usize,
    /// Records read (whether reproduced or not).
    read: usize,
    reproduced: usize,
    /// Game ids seen, to warn about repeats.
    ids: super::DuplicateIds,
    time: Timings,
}

/// The reading options of `--jobs`, `--limit` and `--max-line-bytes`
/// (a note when `--jobs` asks for more threads than cores).
pub fn par_options(command: &str, args: &Args, max_line_bytes: usize) -> ParOptions {
    super::note_jobs_capped(command, args.jobs);
    ParOptions { jobs: args.jobs.map(|n| n as usize), limit: args.limit, max_line_bytes, progress: None }
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let compare = if args.loose { Compare::Loose } else { Compare::Exact };
    let options = ParOptions { progress: super::spinner(), ..par_options("validate", &args, max_line_bytes) };
    let started = Instant::now();
    let mut tally = Tally::default();
    let inputs = super::open_inputs("validate", &args.files, max_line_bytes);
    let mut each = |file: &std::path::Path, line: usize, outcome: Outcome, time: Timings| {
        tally.time.parse += time.parse;
        tally.time.replay += time.replay;
        tally.games += 1;
        if let Some(id) = outcome.game_id() {
            tally.read += 1;
            tally.ids.see(id.to_owned(), file, line);
        }
        match outcome {
            Outcome::Reproduced(_) => tally.reproduced += 1,
            Outcome::Diverged(_, message) => println!("FAIL {}:{line}: {message}", file.display()),
            Outcome::Conflict(id, conflict) => {
                println!("FAIL {}:{line}: game {id}: {}", file.display(), super::conflict_hint(&conflict))
            }
            // A file that cannot be opened is named as it is.
            Outcome::Malformed(e) if e.line == 0 => println!("{e}"),
            Outcome::Malformed(e) => println!("FAIL {}", super::hinted(&e)),
        }
    };
    let done = validate_inputs(&inputs, &options, compare, args.rules.rules, &mut each);
    let stats = done.map_err(|e| {
        let threads = mcr_engine::record::par::worker_threads(options.jobs);
        super::CliError::failed("validate", format!("cannot start {threads} worker threads: {e}"))
    })?;
    tally.time.read = stats.read_seconds;
    if args.timings {
        let t = tally.time;
        eprintln!(
            "validate: {:.2}s wall; read+decompress {:.2}s, parse {:.2}s, engine+compare {:.2}s (cpu, all workers)",
            started.elapsed().as_secs_f64(),
            t.read,
            t.parse,
            t.replay
        );
    }
    println!("validate: {}/{} games reproduced exactly", tally.reproduced, tally.games);
    if tally.read == 0 {
        return Err(super::CliError::failed("validate", "no game record read"));
    }
    Ok(if tally.reproduced == tally.games { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
