//! The one parallel reader over record files: [`par_records`] reads the
//! files in order, block by block ([`super::lines`]), hands each line to a
//! function on a pool of worker threads while the next block is read, and
//! gives the results back in file and line order, the lines that could not
//! be read in their place. `mcr validate` (and `--self-test`) and `mcr
//! audit --games` go through it. It draws nothing: a caller that shows
//! progress passes a callback ([`ParOptions::progress`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::lines::{for_each_block, LineReader};
use super::RecordError;

/// What [`par_records`] tells a progress callback, on the reading thread.
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

/// How [`par_records`] reads.
#[derive(Clone)]
pub struct ParOptions {
    /// Worker threads (`None`: one per core); more than the cores are
    /// capped at the cores ([`worker_threads`]): they only contend for them
    /// (10,000 threads took 250 s for 222 games).
    pub jobs: Option<usize>,
    /// At most this many lines over all files (records and lines that could
    /// not be read; a file that cannot be opened counts as one).
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

/// What [`par_records`] did.
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

/// The worker threads [`par_records`] uses for `jobs` (at least 1, at most
/// the cores).
pub fn worker_threads(jobs: Option<usize>) -> usize {
    jobs.map_or(cores(), |n| n.clamp(1, cores()))
}

/// Reads `files` in order and calls `f(state, file, line, bytes)` on every
/// non-blank line on the worker threads (`state` made by `init` once per
/// worker, e.g. an engine), then `each(file_index, line, result)` on this
/// thread in file and line order; a line or file that could not be read
/// comes as `Err` in its place (line 0 for a file). Stops after
/// `options.limit` lines. Fails only when the worker threads cannot start.
pub fn par_records<S, R, I, F, E>(
    files: &[PathBuf],
    options: &ParOptions,
    init: I,
    f: F,
    mut each: E,
) -> Result<ParStats, rayon::ThreadPoolBuildError>
where
    I: Fn() -> S + Sync + Send,
    F: Fn(&mut S, &Path, usize, &[u8]) -> R + Sync + Send,
    R: Send,
    E: FnMut(usize, usize, Result<R, RecordError>) + Send,
{
    let threads = worker_threads(options.jobs);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let progress = options.progress.as_deref();
    let mut stats = ParStats { threads, ..ParStats::default() };
    let mut budget = options.limit.unwrap_or(usize::MAX);
    pool.install(|| {
        for (index, file) in files.iter().enumerate() {
            if budget == 0 {
                break;
            }
            let mut reader = match LineReader::open_with(file, budget, options.max_line_bytes) {
                Ok(r) => r,
                Err(e) => {
                    stats.lines += 1;
                    stats.unreadable += 1;
                    budget -= 1;
                    each(index, 0, Err(e));
                    if let Some(p) = progress {
                        p(ProgressEvent::Lines(stats.lines));
                    }
                    continue;
                }
            };
            if let Some(p) = progress {
                p(ProgressEvent::File(file));
            }
            let (init, f, each, stats_ref) = (&init, &f, &mut each, &mut stats);
            let read = for_each_block(&mut reader, |block| {
                let mut results: Vec<(usize, Result<R, RecordError>)> = block
                    .par_lines()
                    .map_init(init, |state, (line, text)| (line, Ok(f(state, file, line, text))))
                    .collect();
                // Lines that could not be read take their place in line order.
                if !block.errors.is_empty() {
                    results.extend(block.errors.iter().map(|e| (e.line, Err(e.clone()))));
                    results.sort_by_key(|r| r.0);
                }
                for (line, result) in results {
                    stats_ref.lines += 1;
                    stats_ref.unreadable += result.is_err() as usize;
                    each(index, line, result);
                }
                if let Some(p) = progress {
                    p(ProgressEvent::Lines(stats_ref.lines));
                }
            });
            stats.read_seconds += read;
            budget = reader.budget();
        }
    });
    if let Some(p) = progress {
        p(ProgressEvent::Done);
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::super::tests::temp;
    use super::*;

    #[test]
    fn results_come_in_file_and_line_order_with_errors_in_place() {
        let mut text = String::new();
        for i in 0..50_000 {
            text.push_str(&format!("{{\"a\":{i}}}\n"));
            if i == 30_000 {
                text.push_str(&"x".repeat(5000));
                text.push('\n');
            }
        }
        let a = temp("par-a.jsonl", text.as_bytes());
        let files = vec![a.clone(), PathBuf::from("/nonexistent/x.jsonl"), a];
        let options = ParOptions { jobs: Some(2), max_line_bytes: 4096, ..ParOptions::default() };
        let mut seen = Vec::new();
        let stats = par_records(
            &files,
            &options,
            || (),
            |_, _, line, bytes| (line, bytes.len()),
            |file, line, r| seen.push((file, line, r.map(|x| x.0).map_err(|e| e.line))),
        )
        .unwrap();
        assert_eq!(stats.lines, 2 * 50_001 + 1);
        assert_eq!(stats.unreadable, 3);
        assert_eq!(seen.len(), stats.lines);
        assert_eq!(seen[30_001], (0, 30_002, Err(30_002)));
        assert_eq!(seen[30_002], (0, 30_003, Ok(30_003)));
        assert_eq!(seen[50_001], (1, 0, Err(0)));
        assert_eq!(seen[50_002], (2, 1, Ok(1)));
        // The limit counts every result.
        let events = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = events.clone();
        let progress: Progress = Arc::new(move |e: ProgressEvent<'_>| {
            sink.lock().unwrap().push(match e {
                ProgressEvent::File(_) => "file".to_string(),
                ProgressEvent::Lines(n) => n.to_string(),
                ProgressEvent::Done => "done".to_string(),
            })
        });
        let options = ParOptions { limit: Some(50_002), progress: Some(progress), ..options };
        let stats = par_records(&files, &options, || (), |_, _, _, _| (), |_, _, _| ()).unwrap();
        assert_eq!(stats.lines, 50_002);
        // The progress: the first file, its lines, the last count, the end.
        let events = events.lock().unwrap();
        assert_eq!(events.first().map(String::as_str), Some("file"));
        assert_eq!(events[events.len() - 2..], ["50002".to_string(), "done".to_string()]);
    }
}
