//! `mcr bench samples FILE`: the samples pipeline (read, replay, extract,
//! write) timed on one thread, per layout, the median of several passes.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use mcr_engine::samples::write::{self, Layout};
use mcr_engine::samples::{Encoding, Flags, Options};

#[derive(clap::Args)]
pub struct Args {
    /// Game record files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Timed passes per layout (the median is reported).
    #[arg(long, default_value_t = 5)]
    pub passes: usize,
    /// Where the passes write (a temporary folder by default; removed after).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Mask source.
    #[arg(long, default_value = "cai", value_parser = ["judge", "cai"])]
    pub flags: String,
}

pub fn run(a: Args, max_line_bytes: usize) -> ExitCode {
    let opts = Options {
        encoding: Encoding::Baseline,
        flags: Flags::parse(&a.flags).unwrap_or(Flags::Cai),
        keep_forced: false,
        max_line_bytes,
    };
    let out =
        a.out.clone().unwrap_or_else(|| std::env::temp_dir().join(format!("mcr-bench-samples-{}", std::process::id())));
    for layout in [Layout::Shards, Layout::PerGame] {
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..a.passes.max(1) {
            let _ = std::fs::remove_dir_all(&out);
            let t = Instant::now();
            match write::write(&a.files, opts, None, layout, write::DEFAULT_SHARD_SIZE, &out, |_| {}) {
                Ok(w) => last = Some(w),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let w = last.expect("a pass ran");
        println!(
            "bench samples {}: {} games, {} samples, median {:.3} s: {:.0} games/s {:.0} samples/s",
            layout.name(),
            w.report.games,
            w.report.samples,
            median,
            w.report.games as f64 / median,
            w.report.samples as f64 / median
        );
    }
    let _ = std::fs::remove_dir_all(&out);
    ExitCode::SUCCESS
}
