//! `mcr bench samples FILE`: the samples pipeline (read, replay, extract,
//! write) timed on one thread (or `--jobs N`), per layout, the median of
//! several passes.

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
    /// Where the passes write, each into a new folder of its own (a
    /// temporary folder by default; removed after). A folder just emptied
    /// is not reused: on ext4, creating files where as many were just
    /// deleted costs far more than in a new folder, which would time the
    /// file system's clean-up rather than the pipeline.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Mask source.
    #[arg(long, default_value = "cai", value_parser = ["judge", "cai"])]
    pub flags: String,
    /// Threads sampling (`mcr samples --jobs`; the benchmark's figure is
    /// on one).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub jobs: u32,
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
    let mut written = Vec::new();
    let code = passes(&a, opts, &out, &mut written);
    for dir in written {
        let _ = std::fs::remove_dir_all(dir);
    }
    let _ = std::fs::remove_dir(&out);
    code
}

/// Each layout's timed passes, each written into a new folder under `out`
/// (listed in `written` for the clean-up).
fn passes(a: &Args, opts: Options, out: &std::path::Path, written: &mut Vec<PathBuf>) -> ExitCode {
    for layout in [Layout::Shards, Layout::PerGame] {
        let mut times = Vec::new();
        let mut last = None;
        for pass in 0..a.passes.max(1) {
            let dir = out.join(format!("{}-{pass}", layout.name()));
            written.push(dir.clone());
            let t = Instant::now();
            let threads = mcr_engine::record::par::worker_threads(Some(a.jobs as usize));
            match write::write(&a.files, opts, None, layout, write::DEFAULT_SHARD_SIZE, threads, &dir, |_| {}) {
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
    ExitCode::SUCCESS
}
