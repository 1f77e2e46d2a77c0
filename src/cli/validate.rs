//! `mcr validate FILE...`: replays every game record through the engine with
//! the recorded answers and compares each turn with the record (requests
//! exactly, displays as JSON ignoring null-valued keys). Records are read in
//! blocks of lines; each block is parsed and replayed in parallel while the
//! next is read, results are printed in file order. Each record is replayed
//! under its own rules (its `"rules"` key, else `--rules`, else botzone; a
//! conflict with an explicit `--rules` fails the record: see
//! [`super::RecordRulesArg`] and `mcr_engine::record::rules`).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use rayon::prelude::*;

use mcr_engine::engine::Engine;
use mcr_engine::record::lines::{for_each_block, LineReader};
use mcr_engine::replay::validate::{validate_line, Outcome, Timings};
use mcr_engine::replay::Compare;

#[derive(clap::Args)]
pub struct Args {
    /// Game record files (.jsonl or .jsonl.gz).
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

/// The worker pool `--jobs` asks for: no more threads than cores (more only
/// contend for them: 10,000 threads took 250 s for 222 games).
pub fn worker_pool(command: &str, jobs: Option<u32>) -> Result<rayon::ThreadPool, ExitCode> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match jobs {
        None => cores,
        Some(n) if n as usize > cores => {
            eprintln!("{command}: --jobs {n} capped at {cores}, the cores of this machine");
            cores
        }
        Some(n) => n as usize,
    };
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| {
        eprintln!("{command}: cannot start {threads} worker threads: {e}");
        ExitCode::FAILURE
    })
}

pub fn run(args: Args) -> ExitCode {
    if args.self_test {
        return crate::cli::selftest::run(&args);
    }
    let compare = if args.loose { Compare::Loose } else { Compare::Exact };
    let pool = match worker_pool("validate", args.jobs) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let started = Instant::now();
    let progress = progress_bar();
    let mut tally = Tally::default();
    let mut budget = args.limit.unwrap_or(usize::MAX);
    for file in &args.files {
        if budget == 0 {
            break;
        }
        pool.install(|| validate_file(file, compare, &args.rules, &mut budget, &mut tally, progress.as_ref()));
    }
    if let Some(p) = progress {
        p.finish_and_clear();
    }
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
        eprintln!("validate: no game record read");
        return ExitCode::FAILURE;
    }
    if tally.reproduced == tally.games {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn progress_bar() -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {pos} games  {per_sec}  {msg}") {
        bar.set_style(style);
    }
    Some(bar)
}

fn validate_file(
    file: &Path,
    compare: Compare,
    rules: &super::RecordRulesArg,
    budget: &mut usize,
    tally: &mut Tally,
    progress: Option<&indicatif::ProgressBar>,
) {
    let mut reader = match LineReader::open(file, *budget) {
        Ok(r) => r,
        Err(e) => {
            println!("{e}");
            tally.games += 1;
            return;
        }
    };
    if let Some(p) = progress {
        p.set_message(file.display().to_string());
    }
    tally.time.read += for_each_block(&mut reader, |block| {
        let mut outcomes: Vec<(usize, Outcome, Timings)> = block
            .par_lines()
            .map_init(Engine::new, |engine, (line, text)| {
                let (outcome, time) = validate_line(engine, file, line, text, compare, rules.rules);
                (line, outcome, time)
            })
            .collect();
        // Lines that could not be read take their place in line order.
        if !block.errors.is_empty() {
            outcomes.extend(block.errors.iter().map(|e| (e.line, Outcome::Malformed(e.clone()), Timings::default())));
            outcomes.sort_by_key(|o| o.0);
        }
        for (line, outcome, time) in outcomes {
            tally.time.parse += time.parse;
            tally.time.replay += time.replay;
            tally.games += 1;
            match outcome {
                Outcome::Reproduced(id) => {
                    tally.read += 1;
                    tally.reproduced += 1;
                    tally.ids.see(id, file, line);
                }
                Outcome::Diverged(id, message) => {
                    tally.read += 1;
                    tally.ids.see(id, file, line);
                    println!("FAIL {}:{line}: {message}", file.display());
                }
                Outcome::Malformed(e) => println!("FAIL {e}"),
            }
        }
        if let Some(p) = progress {
            p.set_position(tally.games as u64);
        }
    });
    *budget = reader.budget();
}
