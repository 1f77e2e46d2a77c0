//! `mcr bench import FILE...`: `convert::import` (read, detect, parse,
//! replay and check every game, write the records) timed on one thread,
//! output to memory; the median of several passes, in games/s.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use mcr_engine::convert;
use mcr_engine::formats::Format;

#[derive(clap::Args)]
pub struct Args {
    /// Input files (any of the formats `mcr import` reads).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The input format [default: told from each file's first line].
    #[arg(long, value_enum)]
    pub from: Option<super::import::FormatArg>,
    /// Timed passes (the median is reported).
    #[arg(long, default_value_t = 5)]
    pub passes: usize,
}

pub fn run(a: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let from = a.from.map(Format::from);
    let mut times = Vec::new();
    let mut last = None;
    let mut out = Vec::new();
    for _ in 0..a.passes.max(1) {
        out.clear();
        let t = Instant::now();
        let s = convert::import(&a.files, from, max_line_bytes, &mut out)
            .map_err(|e| super::CliError::failed("bench import", e))?;
        last = Some(s);
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let s = last.expect("a pass ran");
    println!(
        "bench import: {}/{} games imported, {} MB of records, median {:.3} s of {} passes: {:.0} games/s",
        s.written,
        s.read,
        out.len() / 1_000_000,
        median,
        times.len(),
        s.read as f64 / median
    );
    Ok(ExitCode::SUCCESS)
}
