//! `mcr bench samples FILE`: the samples pipeline (read, replay, extract,
//! write) timed on one thread (or `--jobs N`), per layout, the median of
//! several passes; then the same files written alone, from memory, through
//! the same writer: what the output costs the file system whatever
//! computes it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use mcr_engine::samples::layout::{self, Layout};
use mcr_engine::samples::{Encoding, Flags, Options};

use super::CliError;

/// The command, as its errors name it.
const COMMAND: &str = "bench samples";

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
    /// file system's clean-up rather than the pipeline. Each pass's files
    /// are cut to nothing before the next pass (their inodes kept), so a
    /// pass writes into memory the last one gave back, as a rewrite in place
    /// does, rather than into memory a virtual machine must first get from
    /// its host (here 10 to 20 times dearer a page).
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

pub fn run(a: Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
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
fn passes(a: &Args, opts: Options, out: &std::path::Path, written: &mut Vec<PathBuf>) -> Result<ExitCode, CliError> {
    for layout in [Layout::Shards, Layout::PerGame] {
        let mut times = Vec::new();
        let mut last = None;
        for pass in 0..a.passes.max(1) {
            let dir = out.join(format!("{}-{pass}", layout.name()));
            if let Some(before) = written.last() {
                give_back(before);
            }
            written.push(dir.clone());
            let t = Instant::now();
            let threads = mcr_engine::record::par::worker_threads(Some(a.jobs as usize));
            let w = layout::write(&a.files, opts, None, layout, layout::DEFAULT_SHARD_SIZE, threads, &dir, |_| {})
                .map_err(|e| CliError::input(COMMAND, e))?;
            last = Some(w);
            times.push(t.elapsed().as_secs_f64());
        }
        let median = median(times);
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
        let last_dir = written.last().expect("a pass ran").clone();
        let (n, t) = write_alone(a, layout, &last_dir, out, written)?;
        println!(
            "bench samples {}: the same {n} files written alone, median {t:.3} s: {:.0} games/s, {:.1} us a game",
            layout.name(),
            w.report.games as f64 / t,
            t * 1e6 / w.report.games.max(1) as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Cuts the files of `dir` to nothing, keeping them: their page-cache
/// memory is free for the next pass, and no inode is deleted.
fn give_back(dir: &std::path::Path) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let _ = std::fs::OpenOptions::new().write(true).open(entry.path()).and_then(|f| f.set_len(0));
    }
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The files of `from` (a pass's output), held in memory, written again
/// into new folders under `out` (listed in `written`) through the writer
/// the pipeline uses: (files, median seconds).
fn write_alone(
    a: &Args,
    layout: Layout,
    from: &std::path::Path,
    out: &std::path::Path,
    written: &mut Vec<PathBuf>,
) -> Result<(usize, f64), CliError> {
    let err =
        |p: &std::path::Path, e: std::io::Error| CliError::input(COMMAND, format!("cannot read {}: {e}", p.display()));
    let mut files = Vec::new();
    for entry in std::fs::read_dir(from).map_err(|e| err(from, e))? {
        let entry = entry.map_err(|e| err(from, e))?;
        let bytes = std::fs::read(entry.path()).map_err(|e| err(&entry.path(), e))?;
        files.push((entry.file_name().to_string_lossy().into_owned(), bytes));
    }
    files.sort();
    let mut times = Vec::new();
    for pass in 0..a.passes.max(1) {
        let dir = out.join(format!("{}-alone-{pass}", layout.name()));
        give_back(written.last().expect("a pass ran"));
        written.push(dir.clone());
        let t = Instant::now();
        let failed = |e| CliError::input(COMMAND, e);
        let sink = layout::Out::open(&dir).map_err(failed)?;
        for (name, bytes) in &files {
            sink.file(name, |w| w.write_all(bytes)).map_err(failed)?;
        }
        sink.finish().map_err(failed)?;
        times.push(t.elapsed().as_secs_f64());
    }
    Ok((files.len(), median(times)))
}
