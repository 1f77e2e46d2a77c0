//! Botzone's formats in and out of game records: the human-game text format
//! ([`text`], `Match`/`Player N Draw T` lines) and Botzone match logs
//! ([`log`], one JSON match a line: `_id`, `players`, `initdata`, `log`).
//!
//! - [`open`]: a plain, `.gz` or stdin (`-`) input, its format told from its
//!   first non-blank line ([`detect`]).
//! - [`games`]: the games of one input as records, each replayed through the
//!   engine and checked against what the input logged; a bad game is one
//!   [`ImportError`] (file, line, match id, place in the game) and reading goes
//!   on at the next one.
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
//! use mcr_engine::formats::{self, Format};
//! use std::path::PathBuf;
//!
//! let records = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden.jsonl.gz"));
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

use crate::engine::Engine;
use crate::record::{self, GameRecord, LineRead, Records};
use crate::replay::{self, Compare};

/// Where and why one game (or a whole input) could not be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// What is wrong.
    pub message: String,
}

impl ImportError {
    /// An error at `file:line`.
    pub fn new(file: &Path, line: usize, message: impl Into<String>) -> ImportError {
        ImportError { file: file.to_path_buf(), line, game: None, at: None, message: message.into() }
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
        ImportError::new(&e.file, e.line, e.message)
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
        out + &self.message
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

/// The format of an input whose first non-blank line is `line`; `None`
/// when it is none of the three.
///
/// A text file starts with its first game's `Match` line. A JSON line is a
/// match log when it has `initdata`, `log`, `logs` or `_id`, a record when
/// it has `game_id` or `turns`; a line that is not valid JSON is told by
/// the same keys found in its bytes (so that one bad first line does not
/// lose a file). Any other JSON object is taken for a record (the record
/// reader then says, line by line, why it is not one).
pub fn detect(line: &[u8]) -> Option<Format> {
    let line = line.trim_ascii();
    if line.starts_with(b"Match") {
        return Some(Format::BotzoneText);
    }
    if !line.starts_with(b"{") {
        return None;
    }
    #[derive(serde::Deserialize)]
    struct Probe {
        #[serde(rename = "_id")]
        id: Option<serde::de::IgnoredAny>,
        initdata: Option<serde::de::IgnoredAny>,
        log: Option<serde::de::IgnoredAny>,
        logs: Option<serde::de::IgnoredAny>,
        game_id: Option<serde::de::IgnoredAny>,
        turns: Option<serde::de::IgnoredAny>,
    }
    let has = |key: &str| memchr::memmem::find(line, format!("\"{key}\"").as_bytes()).is_some();
    // A record's keys win over a match log's (a record may hold a log's
    // `_id` in its `source`).
    let log = match serde_json::from_slice::<Probe>(line) {
        Ok(p) => {
            (p.id.is_some() || p.initdata.is_some() || p.log.is_some() || p.logs.is_some())
                && p.game_id.is_none()
                && p.turns.is_none()
        }
        Err(_) => (has("initdata") || has("_id") || has("log") || has("logs")) && !has("game_id") && !has("turns"),
    };
    Some(if log { Format::BotzoneLog } else { Format::Record })
}

/// An input opened for reading: its lines from the first on (line numbers
/// are those of the file), and its format as detected.
pub struct Input {
    /// As given (`-` for stdin).
    pub file: PathBuf,
    /// `None`: not detected (empty input, or none of the formats).
    pub format: Option<Format>,
    /// The lines, from the first.
    pub reader: Box<dyn BufRead + Send>,
    /// Over-long lines met before the one the format was told from: each
    /// skipped (given back as a blank line, so that line numbers hold) and
    /// reported first by [`games_in`].
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
    let format = loop {
        match record::read_line_capped(&mut lines, &mut buf, max) {
            Ok(LineRead::Eof) => break None,
            Ok(LineRead::Line) if buf.iter().all(u8::is_ascii_whitespace) => blank += 1,
            Ok(LineRead::Line) => break detect(&buf),
            Ok(LineRead::TooLong(len)) => {
                // Not kept; the format is told from the next line.
                blank += 1;
                skipped.push(ImportError::new(path, blank as usize, record::too_long_message(len, max)));
                buf.clear();
            }
            Err(e) => {
                return Err(ImportError::new(
                    path,
                    blank as usize + 1,
                    format!("read error (truncated or corrupt file?): {e}"),
                ))
            }
        }
    };
    // The blank lines are given back as such, so that line numbers hold.
    let head = std::io::repeat(b'\n').take(blank).chain(Cursor::new(buf));
    let reader: Box<dyn BufRead + Send> = Box::new(BufReader::with_capacity(1 << 16, head.chain(lines)));
    Ok(Input { file: path.to_path_buf(), format, reader, skipped, max_line_bytes })
}

/// The games of one input as records, each replayed through the engine and
/// checked against the input (see the format's module); `from` overrides
/// the detected format; no line longer than `max_line_bytes` is kept. An
/// input that cannot be opened is one `Err`.
///
/// ```
/// use mcr_engine::formats;
/// use std::path::Path;
///
/// let text = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/golden.txt"));
/// let mut games = 0;
/// for game in formats::games(text, None, 1 << 20) {
///     let record = game?;
///     assert_eq!(record.wall.len(), 136);
///     games += 1;
/// }
/// assert!(games > 0);
/// # Ok::<(), formats::ImportError>(())
/// ```
pub fn games(path: &Path, from: Option<Format>, max_line_bytes: usize) -> Games {
    match open(path, max_line_bytes) {
        Ok(input) => games_in(input, from),
        Err(e) => Box::new(std::iter::once(Err(e))),
    }
}

/// The games of one input, each a record or the error that kept it out.
pub type Games = Box<dyn Iterator<Item = Result<GameRecord, ImportError>> + Send>;

/// [`games`] of an input already open. An input in none of the formats is
/// read as records: an empty one has no games, and the record reader
/// reports any other line as malformed, with its line.
pub fn games_in(input: Input, from: Option<Format>) -> Games {
    let format = from.or(input.format).unwrap_or(Format::Record);
    let Input { file, reader, skipped, max_line_bytes, .. } = input;
    let games: Games = match format {
        Format::Record => Box::new(records(reader, file, max_line_bytes)),
        Format::BotzoneLog => Box::new(log::games(reader, &file, max_line_bytes)),
        Format::BotzoneText => Box::new(text::games(reader, &file, max_line_bytes)),
    };
    Box::new(skipped.into_iter().map(Err).chain(games))
}

/// Game records as input: each replayed exactly (requests and displays)
/// under its own rules, and kept as read.
fn records(
    reader: Box<dyn BufRead + Send>,
    file: PathBuf,
    max_line_bytes: usize,
) -> impl Iterator<Item = Result<GameRecord, ImportError>> {
    let mut engines: Vec<(&'static crate::fans::Profile, Engine)> = Vec::new();
    Records::<GameRecord>::from_reader(&file, reader, max_line_bytes).map(move |r| {
        let r = r?;
        let profile = r.record.rules.unwrap_or(crate::fans::Profile::default());
        let engine = match engines.iter_mut().find(|(p, _)| std::ptr::eq(*p, profile)) {
            Some((_, e)) => e,
            None => {
                engines.push((profile, Engine::with_profile(profile)));
                &mut engines.last_mut().expect("just pushed").1
            }
        };
        match replay::replay(engine, &r.record, Compare::Exact) {
            Ok(_) => Ok(r.record),
            Err(d) => Err(ImportError::new(&file, r.line, d.to_string()).game(r.record.game_id.clone())),
        }
    })
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

/// Imports `inputs` (any of the formats; `from` overrides detection) as game
/// records, one JSON line each, into `out`; no input line longer than
/// `max_line_bytes` is kept. Stops only on a write error.
pub fn import(
    inputs: &[PathBuf],
    from: Option<Format>,
    max_line_bytes: usize,
    out: &mut dyn Write,
) -> std::io::Result<Summary> {
    let mut summary = Summary::default();
    let mut line = Vec::with_capacity(1 << 16);
    for path in inputs {
        for game in games(path, from, max_line_bytes) {
            match game {
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
    }
    out.flush()?;
    Ok(summary)
}

/// Writes the game records of `inputs` in format `to` into `out`: a record
/// that does not replay, or that the format cannot hold, is left out and
/// counted with its reason (no line longer than `max_line_bytes` is kept).
/// Stops only on a write error.
pub fn export(inputs: &[PathBuf], to: Format, max_line_bytes: usize, out: &mut dyn Write) -> std::io::Result<Summary> {
    let mut summary = Summary::default();
    for path in inputs {
        for game in games(path, Some(Format::Record), max_line_bytes) {
            let record = match game {
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
                    summary.failed(format!("{}: match {}: {why}", path.display(), record.game_id))
                }
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
    Gzip(flate2::write::GzEncoder<std::io::BufWriter<std::fs::File>>),
}

impl Output {
    /// Creates `path` (`-`: stdout; a name ending in `.gz`: gzip).
    pub fn create(path: &Path) -> std::io::Result<Output> {
        let inner = if path.as_os_str() == "-" {
            OutputKind::Plain(Box::new(std::io::BufWriter::new(std::io::stdout())))
        } else {
            let f = std::io::BufWriter::new(std::fs::File::create(path)?);
            if path.extension().is_some_and(|e| e == "gz") {
                OutputKind::Gzip(flate2::write::GzEncoder::new(f, flate2::Compression::default()))
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
