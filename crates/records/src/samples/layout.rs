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
//! options, the counts and the files. A new (or empty) OUT is written as a
//! temporary folder renamed to OUT at the end; into an OUT holding files,
//! every file is written under a temporary name and renamed once complete
//! ([`Out`]). So a full disk or an unwritable OUT leaves no file passed off
//! as whole; the error names the file and the cause. Memory holds one
//! shard (or one game) at a time.
//! Outputs of an earlier run into the same OUT that this run did not write
//! (by their names only: `samples-NNNNN.npz`, `N.npz`, `count.json`, their
//! temporary files) are removed before the manifest is written, so OUT
//! holds what the manifest lists.

use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde_json::json;

use mcr_core::fans::Profile;

use super::extract::Batch;
use super::npz::{self, Array};
use super::run::{Problem, Progress, Report, Stream};
use super::{Encoding, Options};
use crate::env::action::NUM_ACTIONS;
use mcr_rules_lang::sha256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// How samples are laid out on disk.
pub enum Layout {
    /// Shards of many games, with a manifest.
    Shards,
    /// One file per game, as the baseline's `preprocess.py`.
    PerGame,
}

impl Layout {
    /// The layout of a name (`shards`, `per-game`).
    pub fn parse(name: &str) -> Option<Layout> {
        match name {
            "shards" => Some(Layout::Shards),
            "per-game" => Some(Layout::PerGame),
            _ => None,
        }
    }
    /// Its name.
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
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
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
    /// What was read.
    pub report: Report,
    /// Files written (names in OUT) and their samples.
    pub files: Vec<(String, usize)>,
    /// Samples per game.
    pub counts: Vec<usize>,
}

/// Where a run's files go.
///
/// When OUT does not exist, or is an empty folder (not a link, not a mount
/// point), the files are written straight into a new folder beside it,
/// `.NAME.tmp`, which is renamed to OUT once the last file is written: OUT
/// then appears whole or not at all, and no file pays for a rename of its
/// own (a rename per file costs about as much as the file's own creation on
/// ext4). Otherwise each file is written under a temporary name in OUT,
/// `.FILE.tmp`, and renamed once complete. Either way a full disk or an
/// unwritable OUT leaves no file passed off as whole, and the error names
/// the file and the cause. A run that fails, or is dropped before
/// [`Out::finish`], removes its temporary folder.
#[derive(Debug)]
pub struct Out {
    /// Where the files are written now.
    dir: PathBuf,
    /// OUT, while the files go into a temporary folder to be renamed to it.
    staged_for: Option<PathBuf>,
}

impl Out {
    /// Prepares `out` (creating its parents): a temporary folder beside it
    /// when it is new or empty, `out` itself otherwise.
    pub fn open(out: &Path) -> Result<Out, WriteError> {
        let err = |path: &Path, e: std::io::Error| WriteError { path: path.to_path_buf(), message: e.to_string() };
        if let Some(tmp) = Self::stage(out) {
            // Refused or raced: in place, which says why if it can't either.
            if std::fs::create_dir(&tmp).is_ok() {
                if let Ok(m) = std::fs::metadata(out) {
                    let _ = std::fs::set_permissions(&tmp, m.permissions());
                }
                return Ok(Out { dir: tmp, staged_for: Some(out.to_path_buf()) });
            }
        }
        std::fs::create_dir_all(out).map_err(|e| err(out, e))?;
        Ok(Out { dir: out.to_path_buf(), staged_for: None })
    }

    /// The temporary folder for `out`, when `out` is new or an empty folder
    /// on its parent's file system and no folder of other files holds the
    /// name (one of an interrupted run, holding only this module's files,
    /// is removed).
    fn stage(out: &Path) -> Option<PathBuf> {
        let name = out.file_name()?.to_str()?;
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        match std::fs::symlink_metadata(out) {
            Ok(m) => {
                let empty = std::fs::read_dir(out).ok()?.next().is_none();
                if !m.is_dir() || !empty || !same_device(&m, &std::fs::metadata(parent).ok()?) {
                    return None;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => std::fs::create_dir_all(parent).ok()?,
            Err(_) => return None,
        }
        let tmp = parent.join(format!(".{name}.tmp"));
        if std::fs::symlink_metadata(&tmp).is_ok() {
            let ours = std::fs::read_dir(&tmp).ok()?.all(|e| {
                e.is_ok_and(|e| e.file_name().to_str().is_some_and(is_ours) && e.file_type().is_ok_and(|t| t.is_file()))
            });
            if !ours || std::fs::remove_dir_all(&tmp).is_err() {
                return None;
            }
        }
        Some(tmp)
    }

    /// Whether the files go into a temporary folder renamed to OUT at the end.
    pub fn staged(&self) -> bool {
        self.staged_for.is_some()
    }

    /// Writes the file `name`, its bytes from `fill`. Large arrays go to
    /// the file directly (a buffer past its capacity passes writes through);
    /// a small buffer for the headers. Nothing is synced to the disk: a
    /// write error, a full disk included, is caught either way.
    pub fn file(&self, name: &str, fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), WriteError> {
        let path = self.dir.join(name);
        let tmp = if self.staged() { path.clone() } else { self.dir.join(format!(".{name}.tmp")) };
        let result = (|| {
            let file = File::create(&tmp)?;
            let mut w = BufWriter::with_capacity(1 << 16, file);
            fill(&mut w)?;
            w.into_inner().map_err(|e| e.into_error())?;
            if !self.staged() {
                std::fs::rename(&tmp, &path)?;
            }
            Ok(())
        })();
        result.map_err(|e: std::io::Error| {
            let _ = std::fs::remove_file(&tmp);
            WriteError { path: self.final_path(name), message: e.to_string() }
        })
    }

    /// `name` as it will be once the run is finished.
    fn final_path(&self, name: &str) -> PathBuf {
        self.staged_for.as_deref().unwrap_or(&self.dir).join(name)
    }

    /// Ends the run: the temporary folder becomes OUT.
    pub fn finish(mut self) -> Result<(), WriteError> {
        let Some(out) = self.staged_for.take() else { return Ok(()) };
        let result = std::fs::rename(&self.dir, &out);
        if let Err(e) = result {
            let _ = std::fs::remove_dir_all(&self.dir);
            return Err(WriteError { path: out, message: e.to_string() });
        }
        Ok(())
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        if self.staged_for.is_some() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Whether two files are on one file system (a rename between them works).
#[cfg(unix)]
fn same_device(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev()
}

#[cfg(not(unix))]
fn same_device(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
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
    let sink = Out::open(out)?;
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
        sink.file(&name, |w| write_batch(w, batch, opts.encoding, true))?;
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
                sink.file(&name, |w| write_batch(w, batch, opts.encoding, false))?;
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
        sink.file("count.json", |w| w.write_all(text.as_bytes()))?;
    }
    let removed = if sink.staged() { Vec::new() } else { remove_stale(out, &files, layout)? };
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
    sink.file("manifest.json", |w| w.write_all(text.as_bytes()))?;
    sink.finish()?;
    Ok(Written { report, files, counts })
}
