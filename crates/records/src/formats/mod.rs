//! Botzone's formats in and out of game records: the human-game text format
//! ([`text`], `Match`/`Player N Draw T` lines) and Botzone match logs
//! ([`log`]: one JSON match a line, `_id`, `players`, `initdata`, `log`; or
//! one match a file as the platform hands it out: the log array, the
//! `{"status", "logs"}` object, the match's metadata beside them).
//!
//! - [`open`]: a plain, `.gz` or stdin (`-`) input, its format told from its
//!   first non-blank line ([`detect`], by the line's [`kind`]).
//! - the games of the formats, each replayed through the engine and checked
//!   against what the input logged ([`log::games`], [`text::games`]); a bad
//!   game is one [`ImportError`] (file, line, match id, place in the game)
//!   and reading goes on at the next one. Which files hold which games (a
//!   folder, the files of one platform match) is the one input layer's
//!   ([`crate::input`]).
//! - [`import`] / [`export`]: files in, records out (and back), with counts
//!   and the reasons for what was left out.
//!
//! Memory is bounded on any input: lines are read one at a time with the
//! bound the caller gives (`max_line_bytes`, as the record readers), and at most
//! [`MAX_REASONS`] reasons are kept (the rest are counted).
//!
//! # Example
//!
//! Write game records as Botzone's text format:
//!
//! ```
//! use mcr_records::formats::{self, Format};
//! use std::path::PathBuf;
//!
//! let records = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz"));
//! let mut text = Vec::new();
//! let summary = formats::export(&[records], Format::BotzoneText, 1 << 20, &mut text)?;
//! assert!(summary.all());
//! assert!(text.starts_with(b"Match "));
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod log;
pub mod text;

use std::fmt;
use std::io::{BufRead, BufReader, Cursor, Read, Write};
use std::path::{Path, PathBuf};

use crate::input;
use crate::record::{self, GameRecord, LineRead, RecordErrorKind};
use crate::replay::{self, Compare};
use mcr_core::engine::Engine;

/// Where and why one game (or a whole input) could not be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ImportError {
    /// As given (`-` for stdin).
    pub file: PathBuf,
    /// 1-based line where the game starts (text: its `Match` line; a match
    /// log or record: its JSON line); 0 for the input as a whole.
    pub line: usize,
    /// The game's id (`Match` id, `_id`, `game_id`) when known.
    pub game: Option<String>,
    /// A finer place: `log[37]` (a match log's entry), `line 212` (text).
    pub at: Option<String>,
    /// What is wrong: a line's kind of error (too long, not UTF-8...) or
    /// the format reader's words ([`RecordErrorKind::Invalid`]).
    pub kind: RecordErrorKind,
}

impl ImportError {
    /// An error of `file` at `line` (0: the input as a whole), in the
    /// format reader's words.
    pub fn new(file: &Path, line: usize, message: impl Into<String>) -> ImportError {
        ImportError::with_kind(file, line, RecordErrorKind::Invalid(message.into()))
    }

    /// An error of `file` at `line` of a given kind.
    pub fn with_kind(file: &Path, line: usize, kind: RecordErrorKind) -> ImportError {
        ImportError { file: file.to_path_buf(), line, game: None, at: None, kind }
    }

    /// The same error, naming the game.
    pub fn game(mut self, id: impl Into<String>) -> ImportError {
        self.game = Some(id.into());
        self
    }

    /// The same error, with a finer place in the game.
    pub fn at(mut self, at: impl Into<String>) -> ImportError {
        self.at = Some(at.into());
        self
    }
}

impl From<record::RecordError> for ImportError {
    fn from(e: record::RecordError) -> ImportError {
        ImportError::with_kind(&e.file, e.line, e.kind)
    }
}

impl From<ImportError> for record::RecordError {
    /// The same file, line and words; the kind stays when the error names
    /// nothing finer (a game, a place in it), else it is the words
    /// ([`RecordErrorKind::Invalid`]).
    fn from(e: ImportError) -> record::RecordError {
        let kind = if e.game.is_none() && e.at.is_none() { e.kind.clone() } else { RecordErrorKind::Invalid(e.what()) };
        record::RecordError::new(&e.file, e.line, kind)
    }
}

impl ImportError {
    /// What is wrong, without the file and line: `match ID: at: message`.
    pub fn what(&self) -> String {
        let mut out = String::new();
        if let Some(g) = &self.game {
            out += &format!("match {g}: ");
        }
        if let Some(at) = &self.at {
            out += &format!("{at}: ");
        }
        out + &self.kind.to_string()
    }
}

impl fmt::Display for ImportError {
    /// `file:line: match ID: at: message`, absent parts left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        write!(f, ": {}", self.what())
    }
}

impl std::error::Error for ImportError {}

/// Why a record was not exported.
#[derive(Debug)]
#[non_exhaustive]
pub enum ExportError {
    /// The record cannot be written in the format (nothing was written):
    /// counted as left out, with this reason.
    Unwritable(String),
    /// The output failed.
    Io(std::io::Error),
}

impl From<std::io::Error> for ExportError {
    fn from(e: std::io::Error) -> ExportError {
        ExportError::Io(e)
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Unwritable(why) => write!(f, "{why}"),
            ExportError::Io(e) => write!(f, "write error: {e}"),
        }
    }
}

impl std::error::Error for ExportError {}

/// The three formats games come in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Game records, the corpus schema (`game_id`, `wall`, `turns`, ...).
    Record,
    /// The Botzone human-game text format.
    BotzoneText,
    /// Botzone match logs.
    BotzoneLog,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 3] = [Format::Record, Format::BotzoneText, Format::BotzoneLog];

    /// The format's name on the command line (`record`, `botzone-text`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Format::Record => "record",
            Format::BotzoneText => "botzone-text",
            Format::BotzoneLog => "botzone-log",
        }
    }

    /// The format of a name on the command line.
    pub fn by_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one line of an input is, as [`kind`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game record: a JSON object with `turns`.
    Game,
    /// Another JSON object taken for a record: a hand record, or an object
    /// the record reader then says is not one.
    OtherRecord,
    /// A Botzone match log, or the first line of a match log file.
    Log,
    /// The `Match` line of a game of the Botzone text format.
    Text,
}

impl Kind {
    /// The format of an input whose first line is of this kind.
    pub fn format(self) -> Format {
        match self {
            Kind::Game | Kind::OtherRecord => Format::Record,
            Kind::Log => Format::BotzoneLog,
            Kind::Text => Format::BotzoneText,
        }
    }
}

/// The kind of a line (of a file's first non-blank line: the file's); `None`
/// when it is none of them. The one sniffer of inputs: the importers' format
/// ([`detect`]), `mcr rules diff`'s games or hands, the samples' game
/// records or other lines.
///
/// A line starting with `Match` is text. A line that opens a JSON document
/// without closing it, or an array of objects ([`opens_document`]), starts
/// a match log file as the platform hands one out (a log array, a
/// `{"status", "logs"}` object, a match's metadata), records being one JSON
/// object a line. A JSON object is told by its top-level keys: a game
/// record has `turns`; a match log has `initdata`, `log`, `logs`, `_id` or
/// `matchId` and neither `game_id` nor `turns` (a record's keys win: a
/// record may hold a log's `_id` in its `source`); any other object is
/// taken for a record. The keys are read by the record skim, which stops at
/// `turns` (a game record's lines are told from their first keys). A line
/// the skim does not take (not JSON, a cut line) is told by the same keys
/// found anywhere in its bytes, so that one bad first line does not lose a
/// file.
pub fn kind(line: &[u8]) -> Option<Kind> {
    let line = line.trim_ascii();
    if line.starts_with(b"Match") {
        return Some(Kind::Text);
    }
    if opens_document(line) {
        return Some(Kind::Log);
    }
    if !line.starts_with(b"{") {
        return None;
    }
    use record::skim;
    const KEYS: [&[u8]; 7] = [b"turns", b"game_id", b"_id", b"matchId", b"initdata", b"log", b"logs"];
    let mut has = [false; 7];
    // The top-level keys; the walk stops at `turns`, which decides (a game
    // record's lines are read from their first keys only).
    let whole = skim::members(line, 0, |key, at| {
        if let Some(n) = KEYS.iter().position(|k| *k == key) {
            has[n] = true;
        }
        if has[0] {
            return None;
        }
        skim::value_end(line, at)
    })
    .is_some_and(|end| skim::ws(line, end) == line.len());
    if !whole && !has[0] {
        has = KEYS.map(|k| memchr::memmem::find(line, &[&b"\""[..], k, b"\""].concat()).is_some());
    }
    let [turns, game_id, log_keys @ ..] = has;
    Some(if turns {
        Kind::Game
    } else if !game_id && log_keys.contains(&true) {
        Kind::Log
    } else {
        Kind::OtherRecord
    })
}

/// The format of an input whose first non-blank line is `line` (its
/// [`kind`]); `None` when it is none of the three.
pub fn detect(line: &[u8]) -> Option<Format> {
    kind(line).map(Kind::format)
}

/// Whether an input whose first non-blank line is `line` is one JSON
/// document rather than one JSON value a line: the line opens an object or
/// an array without anything after it (`{` or `[` alone, as pretty-printed
/// JSON starts), or opens an array of objects (a match log's entries on
/// one line; a record file holds objects only).
pub fn opens_document(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    line == b"["
        || line == b"{"
        || line.strip_prefix(b"[").is_some_and(|rest| rest.trim_ascii_start().starts_with(b"{"))
}

/// An input opened for reading: its lines from the first on (line numbers
/// are those of the file), and its format as detected.
pub struct Input {
    /// As given (`-` for stdin).
    pub file: PathBuf,
    /// `None`: not detected (empty input, or none of the formats).
    pub format: Option<Format>,
    /// The input is one JSON document over many lines ([`opens_document`]).
    pub document: bool,
    /// The input from its first line on.
    pub reader: Box<dyn BufRead + Send>,
    /// Over-long lines met before the one the format was told from: each
    /// skipped (given back as a blank line, so that line numbers hold) and
    /// reported first by the reader ([`crate::input::Reader`]).
    pub skipped: Vec<ImportError>,
    /// The bound on one line, for the rest of the input too.
    pub max_line_bytes: usize,
}

/// Opens `path` (plain, gzip by its magic number, or stdin for `-`; a UTF-8
/// byte order mark skipped) and detects its format from the first
/// non-blank line, which stays in the stream. No line longer than
/// `max_line_bytes` is kept (each is reported and skipped).
pub fn open(path: &Path, max_line_bytes: usize) -> Result<Input, ImportError> {
    let mut lines = record::open_lines(path)?;
    let (max, mut buf, mut blank) = (record::line_bound(max_line_bytes), Vec::new(), 0u64);
    let mut skipped = Vec::new();
    let mut document = false;
    let format = loop {
        match record::read_line_capped(&mut lines, &mut buf, max) {
            Ok(LineRead::Eof) => break None,
            Ok(LineRead::Line) if buf.iter().all(u8::is_ascii_whitespace) => blank += 1,
            Ok(LineRead::Line) => {
                document = opens_document(&buf);
                break detect(&buf);
            }
            Ok(LineRead::TooLong(len)) => {
                // Not kept; the format is told from the next line.
                blank += 1;
                skipped.push(ImportError::with_kind(path, blank as usize, RecordErrorKind::TooLong { len, max }));
                buf.clear();
            }
            Err(e) => {
                return Err(ImportError::with_kind(path, blank as usize + 1, RecordErrorKind::Read(e.to_string())))
            }
        }
    };
    // The blank lines are given back as such, so that line numbers hold.
    let head = std::io::repeat(b'\n').take(blank).chain(Cursor::new(buf));
    let reader: Box<dyn BufRead + Send> = Box::new(BufReader::with_capacity(1 << 16, head.chain(lines)));
    Ok(Input { file: path.to_path_buf(), format, document, reader, skipped, max_line_bytes })
}

/// The id a platform file's name starts with: `<id>_lite.json`,
/// `<id>_<bot>_full_log.json`, `<id>_metadata.json` (the name up to its
/// first `_`, else up to its first `.`).
pub fn name_id(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let id = name.split(['_', '.']).next()?;
    (!id.is_empty()).then(|| id.to_string())
}

/// The games of one input, each a record or the error that kept it out.
pub type Games = Box<dyn Iterator<Item = Result<GameRecord, ImportError>> + Send>;

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
