//! How the parallel pipeline over games reads (`crate::input::par_games`):
//! its options ([`ParOptions`]: worker threads, limit, line bound, progress
//! callback), what it did ([`ParStats`]), and the worker threads it starts.

use std::path::Path;
use std::sync::Arc;

/// What the pipeline tells a progress callback, on the reading thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressEvent<'a> {
    /// A file was opened and is being read.
    File(&'a Path),
    /// Results handed out so far, over all files (after each block).
    Lines(usize),
    /// Reading is over.
    Done,
}

/// A progress callback of [`ParOptions`].
pub type Progress = Arc<dyn Fn(ProgressEvent<'_>) + Send + Sync>;

/// How the pipeline reads.
#[derive(Clone)]
pub struct ParOptions {
    /// Worker threads (`None`: one per core); more than the cores are
    /// capped at the cores ([`worker_threads`]): they only contend for them
    /// (10,000 threads took 250 s for 222 games).
    pub jobs: Option<usize>,
    /// At most this many games over all inputs (records, imported games,
    /// and what could not be read; a file that cannot be opened counts as
    /// one).
    pub limit: Option<usize>,
    /// The longest line kept; a longer one is an error at its line.
    pub max_line_bytes: usize,
    /// Called as reading goes (a file opened, the lines so far, the end):
    /// the `mcr` binary draws a spinner from it.
    pub progress: Option<Progress>,
}

impl std::fmt::Debug for ParOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParOptions")
            .field("jobs", &self.jobs)
            .field("limit", &self.limit)
            .field("max_line_bytes", &self.max_line_bytes)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Default for ParOptions {
    fn default() -> ParOptions {
        ParOptions { jobs: None, limit: None, max_line_bytes: super::DEFAULT_MAX_LINE_BYTES, progress: None }
    }
}

/// What the pipeline did.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParStats {
    /// Results handed out: lines read, unreadable lines and files.
    pub lines: usize,
    /// Of those, the lines and files that could not be read.
    pub unreadable: usize,
    /// Seconds spent reading and decompressing (on the reading thread).
    pub read_seconds: f64,
    /// The worker threads used.
    pub threads: usize,
}

/// The cores of this machine.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The worker threads the pipeline uses for `jobs` (at least 1, at most
/// the cores).
pub fn worker_threads(jobs: Option<usize>) -> usize {
    jobs.map_or(cores(), |n| n.clamp(1, cores()))
}
