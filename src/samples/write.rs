//! The two layouts on disk.
//!
//! - [`Layout::PerGame`]: `OUT/<i>.npz` (`obs`, `mask`, `act`) for game `i`
//!   and `OUT/count.json` (the samples of each game, a JSON list), exactly
//!   what the handout's `preprocess.py` writes, so its `dataset.py` and
//!   `supervised.py` read it unchanged.
//! - [`Layout::Shards`]: `OUT/samples-00000.npz`, ... of about `shard_size`
//!   samples each (whole games: a shard closes at the first game boundary
//!   past the size), with `obs`, `mask`, `act`, `game`, `turn`, `seat`,
//!   `kind`, `score`.
//!
//! Both write `OUT/manifest.json`: the inputs (path, bytes, SHA-256), the
//! options, the counts and the files. Every file is written under a
//! temporary name in OUT and renamed once complete, so a full disk or an
//! unwritable OUT leaves no file passed off as whole; the error names the
//! file and the cause. Memory holds one shard (or one game) at a time.
//! Outputs of an earlier run into the same OUT that this run did not write
//! (by their names only: `samples-NNNNN.npz`, `N.npz`, `count.json`, their
//! temporary files) are removed before the manifest is written, so OUT
//! holds what the manifest lists.

use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde_json::json;

use crate::fans::Profile;

use super::extract::Batch;
use super::npz::{self, Array};
use super::run::{Problem, Progress, Report, Stream};
use super::{Encoding, Options};
use crate::env::action::NUM_ACTIONS;
use mcr_rules::sha256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Shards,
    PerGame,
}

impl Layout {
    pub fn parse(name: &str) -> Option<Layout> {
        match name {
            "shards" => Some(Layout::Shards),
            "per-game" => Some(Layout::PerGame),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Layout::Shards => "shards",
            Layout::PerGame => "per-game",
        }
    }
}

/// Samples a shard holds at least (the last one fewer).
pub const DEFAULT_SHARD_SIZE: usize = 65536;

/// An output that could not be written.
#[derive(Debug)]
pub struct WriteError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for WriteError {}

/// What was written.
#[derive(Clone, Debug)]
pub struct Written {
    pub report: Report,
    /// Files written (names in OUT) and their samples.
    pub files: Vec<(String, usize)>,
    /// Samples per game.
    pub counts: Vec<usize>,
}

/// Writes `dir/name` through a temporary file and a rename;
/// `sync` asks the disk to hold the data before the rename (a durability
/// choice, off in the layouts: a write error, a full disk included, is
/// caught either way, and the rename comes only after the last write).
pub fn write_atomic(
    dir: &Path,
    name: &str,
    sync: bool,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    let path = dir.join(name);
    let tmp = dir.join(format!(".{name}.tmp"));
    let err = |e: std::io::Error| WriteError { path: path.clone(), message: e.to_string() };
    let result = (|| {
        let file = File::create(&tmp)?;
        // Large arrays go to the file directly (BufWriter passes writes
        // past its capacity through); a small buffer for the headers.
        let mut w = BufWriter::with_capacity(1 << 16, file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        if sync {
            file.sync_data()?;
        }
        std::fs::rename(&tmp, &path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(err(e));
    }
    Ok(())
}

fn obs_descr(e: Encoding) -> &'static str {
    match e {
        Encoding::Baseline => "|i1",
        Encoding::Compact => "|u1",
    }
}

fn obs_shape(e: Encoding, n: usize) -> Vec<usize> {
    let mut s = vec![n];
    s.extend_from_slice(e.shape());
    s
}

/// The npz of a batch: the three arrays of `preprocess.py`, or all eight.
pub fn write_batch(w: &mut dyn Write, b: &Batch, encoding: Encoding, all: bool) -> std::io::Result<()> {
    let n = b.len();
    let act = npz::le_i64(&b.act);
    let mut arrays = vec![
        Array { name: "obs", descr: obs_descr(encoding), shape: obs_shape(encoding, n), data: &b.obs },
        Array { name: "mask", descr: "|i1", shape: vec![n, NUM_ACTIONS], data: &b.mask },
        Array { name: "act", descr: "<i8", shape: vec![n], data: &act },
    ];
    let (game, turn, seat, kind, score);
    if all {
        game = npz::le_i64(&b.game);
        turn = npz::le_i32(&b.turn);
        seat = npz::bytes_i8(&b.seat);
        kind = npz::bytes_i8(&b.kind);
        score = npz::le_i32(&b.score);
        for (name, descr, data) in [
            ("game", "<i8", &game),
            ("turn", "<i4", &turn),
            ("seat", "|i1", &seat),
            ("kind", "|i1", &kind),
            ("score", "<i4", &score),
        ] {
            arrays.push(Array { name, descr, shape: vec![n], data });
        }
        arrays.push(Array { name: "win_flags", descr: "|u1", shape: vec![n], data: &b.win_flags });
    }
    let mut w = w;
    npz::write_npz(&mut w, &arrays)
}

/// Whether `name` is one this module writes into OUT: a shard
/// (`samples-NNNNN.npz`), a per-game file (`N.npz`), `count.json`, or a
/// temporary file of one (`.NAME.tmp`).
fn is_ours(name: &str) -> bool {
    let name = match name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) {
        Some(inner) => inner,
        None => name,
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let npz = |stem: &str| digits(stem) || stem.strip_prefix("samples-").is_some_and(|n| n.len() == 5 && digits(n));
    name == "count.json" || name == "manifest.json" || name.strip_suffix(".npz").is_some_and(npz)
}

/// Removes from `out` the files of an earlier run that this one did not
/// write (a larger run's last shards, the other layout's files, temporary
/// files of an interrupted run): what is in OUT is what the manifest
/// lists. Other files are left alone. Returns the names removed.
fn remove_stale(out: &Path, written: &[(String, usize)], layout: Layout) -> Result<Vec<String>, WriteError> {
    let err = |path: &Path, e: std::io::Error| WriteError { path: path.to_path_buf(), message: e.to_string() };
    let keep: std::collections::HashSet<&str> = written.iter().map(|(f, _)| f.as_str()).collect();
    let mut removed = Vec::new();
    for entry in std::fs::read_dir(out).map_err(|e| err(out, e))? {
        let entry = entry.map_err(|e| err(out, e))?;
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else { continue };
        let current = keep.contains(name.as_str())
            || name == "manifest.json"
            || (name == "count.json" && layout == Layout::PerGame);
        if current || !is_ours(&name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        std::fs::remove_file(entry.path()).map_err(|e| err(&entry.path(), e))?;
        removed.push(name);
    }
    removed.sort();
    Ok(removed)
}

/// Samples `inputs` into `out` in `layout` on `threads` threads (the
/// files written are the same whatever the threads); `on_problem` hears of
/// each record skipped, in input order.
#[allow(clippy::too_many_arguments)]
pub fn write(
    inputs: &[PathBuf],
    opts: Options,
    rules: Option<&'static Profile>,
    layout: Layout,
    shard_size: usize,
    threads: usize,
    out: &Path,
    mut on_problem: impl FnMut(&Problem) + Send,
) -> Result<Written, WriteError> {
    std::fs::create_dir_all(out).map_err(|e| WriteError { path: out.to_path_buf(), message: e.to_string() })?;
    let mut hashes = Vec::new();
    for p in inputs {
        let h = File::open(p).and_then(sha256::of_reader);
        hashes.push(match h {
            Ok((sha, bytes)) => json!({"path": p.display().to_string(), "bytes": bytes, "sha256": sha}),
            Err(e) => json!({"path": p.display().to_string(), "error": e.to_string()}),
        });
    }
    let mut stream = Stream::new(inputs, opts, rules).with_threads(threads);
    let mut batch = Batch::new(opts.encoding.len());
    let mut files = Vec::new();
    let mut counts = Vec::new();
    let shard_size = shard_size.max(1);
    if layout == Layout::Shards {
        // Reserved once rather than grown by copies; a larger shard size
        // than the default grows past it (nothing huge reserved up front).
        batch.reserve(shard_size.min(DEFAULT_SHARD_SIZE) + 1024);
    }
    let flush = |batch: &mut Batch, files: &mut Vec<(String, usize)>| -> Result<(), WriteError> {
        let name = format!("samples-{:05}.npz", files.len());
        write_atomic(out, &name, false, |w| write_batch(w, batch, opts.encoding, true))?;
        files.push((name, batch.len()));
        batch.clear();
        Ok(())
    };
    stream.for_each_game(&mut batch, |progress| {
        let (batch, n) = match progress {
            Progress::Problem(p) => {
                on_problem(p);
                return Ok(());
            }
            Progress::Game { batch, samples } => (batch, samples),
        };
        let i = counts.len();
        counts.push(n);
        match layout {
            Layout::PerGame => {
                let name = format!("{i}.npz");
                write_atomic(out, &name, false, |w| write_batch(w, batch, opts.encoding, false))?;
                files.push((name, n));
                batch.clear();
            }
            Layout::Shards => {
                if batch.len() >= shard_size {
                    flush(batch, &mut files)?;
                }
            }
        }
        Ok(())
    })?;
    if layout == Layout::Shards && !batch.is_empty() {
        flush(&mut batch, &mut files)?;
    }
    let report = stream.report().clone();
    if layout == Layout::PerGame {
        // json.dump's spelling: "[12, 34]".
        let text = format!("[{}]", counts.iter().map(usize::to_string).collect::<Vec<_>>().join(", "));
        write_atomic(out, "count.json", false, |w| w.write_all(text.as_bytes()))?;
    }
    let removed = remove_stale(out, &files, layout)?;
    let manifest = json!({
        "format": "mcr samples 1",
        "inputs": hashes,
        "options": {
            "encoding": opts.encoding.name(),
            "flags": opts.flags.name(),
            "keep_forced": opts.keep_forced,
            "layout": layout.name(),
            "shard_size": shard_size,
            "rules": rules.map(|p| p.name),
        },
        "arrays": {
            "obs": {"dtype": obs_descr(opts.encoding), "shape": obs_shape(opts.encoding, 0)},
            "mask": {"dtype": "|i1", "shape": [0, NUM_ACTIONS]},
            "act": {"dtype": "<i8"}, "game": {"dtype": "<i8"}, "turn": {"dtype": "<i4"},
            "seat": {"dtype": "|i1"}, "kind": {"dtype": "|i1"}, "score": {"dtype": "<i4"},
            "win_flags": {"dtype": "|u1", "bits": {"self_drawn": 1, "fourth_tile": 2, "about_kong": 4, "wall_last": 8}},
        },
        "counts": {
            "games": report.games,
            "samples": report.samples,
            "by_kind": {"draw": report.by_kind[0], "claim": report.by_kind[1], "meld_discard": report.by_kind[2]},
            "not_games": report.not_games,
            "skipped": report.skipped,
            "unencodable_answers": report.unencodable,
        },
        "files": files.iter().map(|(f, n)| json!({"file": f, "samples": n})).collect::<Vec<_>>(),
        "removed_stale": removed.len(),
    });
    let text = serde_json::to_string_pretty(&manifest).unwrap_or_default() + "\n";
    write_atomic(out, "manifest.json", false, |w| w.write_all(text.as_bytes()))?;
    Ok(Written { report, files, counts })
}
