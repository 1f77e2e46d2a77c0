//! `mcr samples FILE... -o OUT`: training samples (observation, mask,
//! action) of every decision in the game records, in the per-game layout
//! of the course baseline or in shards (`mcr_engine::samples`).

use std::path::PathBuf;
use std::process::ExitCode;

use mcr_engine::samples::layout::{self, Layout};
use mcr_engine::samples::{Encoding, Flags, Options};

#[derive(clap::Args)]
pub struct Args {
    /// Game record files (.jsonl or .jsonl.gz).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output directory (created if missing).
    #[arg(short = 'o', long = "out", value_name = "OUT", required_unless_present = "diff_flags")]
    pub out: Option<PathBuf>,
    /// Write nothing: count the decisions whose masks differ between --flags judge and cai, by kind and action group, with an example each.
    #[arg(long)]
    pub diff_flags: bool,
    /// Observation encoding: baseline (the handout's 6x4x9 planes) or compact (195 bytes).
    #[arg(long, default_value = "baseline", value_parser = ["baseline", "compact"])]
    pub encoding: String,
    /// Whose legality the masks hold: judge (the judge's, exact) or cai (the baseline's, byte for byte).
    #[arg(long, default_value = "judge", value_parser = ["judge", "cai"])]
    pub flags: String,
    /// shards (samples-NNNNN.npz + manifest.json) or per-game (N.npz + count.json, as preprocess.py).
    #[arg(long, default_value = "shards", value_parser = ["shards", "per-game"])]
    pub layout: String,
    /// Keep decisions with a single legal action (dropped by default, as the baseline does).
    #[arg(long)]
    pub keep_forced: bool,
    /// Samples per shard (at least; a shard ends at a game boundary).
    #[arg(long, default_value_t = layout::DEFAULT_SHARD_SIZE as u64, value_parser = clap::value_parser!(u64).range(1..=(1u64 << 24)))]
    pub shard_size: u64,
    /// Threads sampling, 1 up to the number of cores (default: all cores;
    /// more than the cores is capped, with a note). The files written are
    /// the same whatever the threads.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub jobs: Option<u32>,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

pub fn run(a: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let opts = Options {
        encoding: Encoding::parse(&a.encoding).unwrap_or(Encoding::Baseline),
        flags: Flags::parse(&a.flags).unwrap_or(Flags::Judge),
        keep_forced: a.keep_forced,
        max_line_bytes,
    };
    if a.diff_flags {
        return Ok(diff(&a, opts));
    }
    let layout = Layout::parse(&a.layout).unwrap_or(Layout::Shards);
    let out = a.out.clone().unwrap_or_default();
    super::note_jobs_capped("samples", a.jobs);
    let threads = mcr_engine::record::par::worker_threads(a.jobs.map(|n| n as usize));
    let result = layout::write(&a.files, opts, a.rules.rules, layout, a.shard_size as usize, threads, &out, |p| {
        eprintln!("{}", super::hinted(p))
    });
    // Nothing written (an OUT that cannot be written): exit 2.
    let w = result.map_err(|e| super::CliError::input("samples", e))?;
    let r = &w.report;
    for s in &r.skipped_files {
        eprintln!("samples: {s}");
    }
    eprintln!(
        "samples: {} games, {} samples (draw {}, claim {}, meld discard {}) in {} files under {}; {} records not games, {} skipped",
        r.games,
        r.samples,
        r.by_kind[0],
        r.by_kind[1],
        r.by_kind[2],
        w.files.len(),
        out.display(),
        r.not_games,
        r.skipped
    );
    // Written, but records skipped (reported above): exit 1.
    Ok(if r.skipped > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn diff(a: &Args, opts: Options) -> ExitCode {
    let d = mcr_engine::samples::diff::compare(&a.files, opts);
    println!(
        "{} decisions (forced ones included), {} with masks that differ between judge and cai",
        d.decisions, d.differing
    );
    println!("| decision | action | allowed only by | decisions | first example (game index, turn, seat: action; recorded act) |");
    println!("|---|---|---|---|---|");
    for ((kind, group, side), (n, ex)) in &d.counts {
        let ex = ex.as_ref().map_or(String::new(), |e| {
            format!("game {}, turn {}, seat {}: {}; act {}", e.game, e.turn, e.seat, e.action, e.act)
        });
        println!("| {} | {group} | {side} | {n} | {ex} |", mcr_engine::samples::diff::kind_name(*kind));
    }
    ExitCode::SUCCESS
}
