//! Games converted between formats, every game checked: [`import`] (any
//! inputs in, game records out: `mcr import`, `mcr_engine.import_games`)
//! and [`export`] (any inputs in, a Botzone format out: `mcr export`), with
//! counts and the reasons for what was left out, and their [`Output`] file.
//! The inputs are read by the one input layer ([`crate::input`]), each
//! format by [`crate::formats`].
//!
//! Memory is bounded on any input: no line longer than the bound the caller
//! gives is kept, and at most [`MAX_REASONS`] reasons are kept (the rest
//! are counted).
//!
//! # Example
//!
//! Write game records as Botzone's text format:
//!
//! ```
//! use mcr_records::convert;
//! use mcr_records::formats::Format;
//! use std::path::PathBuf;
//!
//! let records = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz"));
//! let mut text = Vec::new();
//! let summary = convert::export(&[records], Format::BotzoneText, 1 << 20, &mut text)?;
//! assert!(summary.all());
//! assert!(text.starts_with(b"Match "));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::formats::{log, text, ExportError, Format, ImportError};
use crate::input;
use crate::record::GameRecord;
use crate::replay::{self, Compare};
use mcr_core::engine::Engine;

/// Game records checked as the importer checks every game: each replayed
/// exactly (requests and displays) under its own rules; a game imported
/// from a Botzone format was checked as it was read.
#[derive(Default)]
struct Checker {
    engines: Vec<(&'static mcr_core::fans::Profile, Engine)>,
}

impl Checker {
    fn check(&mut self, game: input::Game) -> Result<GameRecord, ImportError> {
        if game.imported {
            return Ok(game.record);
        }
        let profile = game.record.rules.unwrap_or(mcr_core::fans::Profile::default());
        let engine = match self.engines.iter().position(|(p, _)| std::ptr::eq(*p, profile)) {
            Some(at) => &mut self.engines[at].1,
            None => {
                self.engines.push((profile, Engine::with_profile(profile)));
                &mut self.engines.last_mut().expect("just pushed").1
            }
        };
        match replay::replay(engine, &game.record, Compare::Exact) {
            Ok(_) => Ok(game.record),
            Err(d) => Err(ImportError::new(&game.file, game.line, d.to_string()).game(game.record.game_id.clone())),
        }
    }
}

/// At most this many reasons are kept by [`import`] and [`export`]; the
/// others are only counted.
pub const MAX_REASONS: usize = 1000;

/// What [`import`] or [`export`] did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Games read (each good or bad game once; an input that could not be
    /// read at all counts as one).
    pub read: usize,
    /// Games written.
    pub written: usize,
    /// Why the others were not (the first [`MAX_REASONS`]).
    pub reasons: Vec<String>,
    /// Reasons beyond those kept.
    pub more: usize,
    /// Files of input folders skipped (in none of the formats).
    pub skipped: Vec<input::Skipped>,
}

impl Summary {
    fn failed(&mut self, reason: String) {
        self.read += 1;
        if self.reasons.len() < MAX_REASONS {
            self.reasons.push(reason);
        } else {
            self.more += 1;
        }
    }

    /// Every game read was written.
    pub fn all(&self) -> bool {
        self.read == self.written
    }
}

/// Imports `inputs` (files or folders in any of the formats, read by the
/// one reader [`input::Inputs`]; `from` overrides detection) as game
/// records, one JSON line each, into `out`, every game checked (a game
/// record replayed exactly); no input line longer than `max_line_bytes` is
/// kept. Stops only on a write error.
pub fn import(
    inputs: &[PathBuf],
    from: Option<Format>,
    max_line_bytes: usize,
    out: &mut dyn Write,
) -> std::io::Result<Summary> {
    let inputs = input::Inputs::open(inputs, from, max_line_bytes);
    let mut summary = Summary { skipped: inputs.skipped.clone(), ..Summary::default() };
    let mut line = Vec::with_capacity(1 << 16);
    let mut checker = Checker::default();
    for game in inputs.games() {
        match game.and_then(|g| checker.check(g)) {
            Ok(record) => {
                line.clear();
                serde_json::to_writer(&mut line, &record)?;
                line.push(b'\n');
                out.write_all(&line)?;
                summary.read += 1;
                summary.written += 1;
            }
            Err(e) => summary.failed(e.to_string()),
        }
    }
    out.flush()?;
    Ok(summary)
}

/// Writes the games of `inputs` (any of the formats, read by the one reader
/// [`input::Inputs`]) in format `to` into `out`: a game that does not
/// replay, or that the format cannot hold, is left out and counted with its
/// reason (no line longer than `max_line_bytes` is kept). Stops only on a
/// write error.
pub fn export(inputs: &[PathBuf], to: Format, max_line_bytes: usize, out: &mut dyn Write) -> std::io::Result<Summary> {
    let inputs = input::Inputs::open(inputs, None, max_line_bytes);
    let mut summary = Summary { skipped: inputs.skipped.clone(), ..Summary::default() };
    let mut checker = Checker::default();
    for game in inputs.games() {
        let file = game.as_ref().map_or_else(|e| e.file.clone(), |g| g.file.clone());
        let record = match game.and_then(|g| checker.check(g)) {
            Ok(r) => r,
            Err(e) => {
                summary.failed(e.to_string());
                continue;
            }
        };
        let written = match to {
            Format::BotzoneLog => log::write(out, &record),
            Format::Record => {
                serde_json::to_writer(&mut *out, &record).map_err(std::io::Error::from)?;
                out.write_all(b"\n").map_err(ExportError::Io)
            }
            Format::BotzoneText => text::write(out, &record),
        };
        match written {
            Ok(()) => {
                summary.read += 1;
                summary.written += 1;
            }
            Err(ExportError::Io(e)) => return Err(e),
            Err(ExportError::Unwritable(why)) => {
                summary.failed(format!("{}: match {}: {why}", file.display(), record.game_id))
            }
        }
    }
    out.flush()?;
    Ok(summary)
}

/// An output file for [`import`] and [`export`]: gzip when its name ends in
/// `.gz`, stdout for `-`. [`Output::finish`] completes it.
pub struct Output {
    inner: OutputKind,
}

enum OutputKind {
    Plain(Box<dyn Write + Send>),
    Gzip(Box<flate2::write::GzEncoder<std::io::BufWriter<std::fs::File>>>),
}

impl Output {
    /// Creates `path` (`-`: stdout; a name ending in `.gz`: gzip).
    pub fn create(path: &Path) -> std::io::Result<Output> {
        let inner = if path.as_os_str() == "-" {
            OutputKind::Plain(Box::new(std::io::BufWriter::new(std::io::stdout())))
        } else {
            let f = std::io::BufWriter::new(std::fs::File::create(path)?);
            if path.extension().is_some_and(|e| e == "gz") {
                OutputKind::Gzip(Box::new(flate2::write::GzEncoder::new(f, flate2::Compression::default())))
            } else {
                OutputKind::Plain(Box::new(f))
            }
        };
        Ok(Output { inner })
    }

    /// Flushes everything (the gzip trailer included).
    pub fn finish(self) -> std::io::Result<()> {
        match self.inner {
            OutputKind::Plain(mut w) => w.flush(),
            OutputKind::Gzip(g) => g.finish()?.flush(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.inner {
            OutputKind::Plain(w) => w.write(buf),
            OutputKind::Gzip(g) => g.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.inner {
            OutputKind::Plain(w) => w.flush(),
            OutputKind::Gzip(g) => g.flush(),
        }
    }
}
