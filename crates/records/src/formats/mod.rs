//! Botzone's formats in and out of game records: the human-game text format
//! ([`text`], `Match`/`Player N Draw T` lines) and Botzone match logs
//! ([`log`]: one JSON match a line, `_id`, `players`, `initdata`, `log`; or
//! one match a file as the platform hands it out: the log array, the
//! `{"status", "logs"}` object, the match's metadata beside them).
//!
//! - [`open`]: a plain, `.gz` or stdin (`-`) input, its format told from its
//!   first non-blank line ([`detect`], by the line's [`kind`]).
//! - [`games`] / [`games_of`]: the games of inputs (files or folders) as
//!   records, each replayed through the engine and checked against what the
//!   input logged; a bad game is one [`ImportError`] (file, line, match id,
//!   place in the game) and reading goes on at the next one. The files of
//!   one platform match (its logs and its metadata) make one game.
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

use crate::record::{self, GameRecord, LineRead, RecordErrorKind, Records};
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

/// The games of one input (a file, a folder, `-`) as records: [`games_of`].
///
/// ```
/// use mcr_records::formats;
/// use std::path::Path;
///
/// let text = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.txt"));
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
    games_of(&[path.to_path_buf()], from, max_line_bytes)
}

/// The games of `paths` as records, each replayed through the engine and
/// checked against the input (see the format's module); `from` overrides
/// the detected format; no line longer than `max_line_bytes` is kept. An
/// input that cannot be opened is one `Err`.
///
/// A folder stands for the files in it and its subfolders, in the order of
/// their names (hidden ones left out, and, unless `from` is given, those in
/// none of the formats, such as a README; a folder left with no file is an
/// error). Only regular files are looked at before being read (a pipe is
/// read once, as it is). The match log files that hold one
/// match without its id, or a match's metadata (see [`log`]), are grouped
/// by match, the id being the match's own (`_id`, `matchId`) else the one
/// its file's name starts with (`<id>_...`): each match is one game, read
/// from the first of its logs that imports (a `<id>_<bot>_full_log.json`
/// and a `<id>_lite.json` are the same match) with its metadata joined,
/// the metadata given or else the `<id>_metadata.json` beside the log. A
/// metadata without a log is one error. Every other input is read as it is.
pub fn games_of(paths: &[PathBuf], from: Option<Format>, max_line_bytes: usize) -> Games {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    // Each file, and the input folder it was found in.
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for p in paths {
        if p.as_os_str() != "-" && p.is_dir() {
            let before = files.len();
            list_folder(p, &mut files, &mut errors);
            for f in &mut files[before..] {
                f.1 = Some(folders.len());
            }
            folders.push((p.clone(), 0usize));
        } else {
            files.push((p.clone(), None));
        }
    }
    let sniff = from.is_none_or(|f| f == Format::BotzoneLog);
    // The index in `items` of each match's group.
    let mut groups: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (file, folder) in files {
        // Only a regular file is looked at before it is read: a pipe is read once.
        let regular = std::fs::metadata(&file).is_ok_and(|m| m.is_file());
        let input = if sniff && regular { open(&file, max_line_bytes).ok() } else { None };
        if folder.is_some() && from.is_none() && input.as_ref().is_some_and(|i| i.format.is_none()) {
            // A file of a folder in none of the formats (a README).
            continue;
        }
        if let Some(f) = folder {
            folders[f].1 += 1;
        }
        let shape = input.and_then(log::sniff);
        let Some((shape, own_id)) = shape else {
            items.push(Item::Plain(file));
            continue;
        };
        let Some(id) = own_id.or_else(|| name_id(&file)) else {
            items.push(Item::Plain(file));
            continue;
        };
        let at = *groups.entry(id.clone()).or_insert_with(|| {
            items.push(Item::Match { id, logs: Vec::new(), metadata: Vec::new() });
            items.len() - 1
        });
        if let Item::Match { logs, metadata, .. } = &mut items[at] {
            match shape {
                log::Shape::Match => logs.push(file),
                log::Shape::Metadata => metadata.push(file),
            }
        }
    }
    for (folder, _) in folders.into_iter().filter(|(_, kept)| *kept == 0) {
        errors.push(ImportError::new(&folder, 0, "the folder holds no file in any of the formats"));
    }
    let items = errors.into_iter().map(Item::Error).chain(items);
    Box::new(items.flat_map(move |item| -> Games {
        match item {
            Item::Error(e) => Box::new(std::iter::once(Err(e))),
            Item::Plain(file) => match open(&file, max_line_bytes) {
                Ok(input) => games_in(input, from),
                Err(e) => Box::new(std::iter::once(Err(e))),
            },
            Item::Match { id, logs, metadata } => {
                Box::new(read_match(&id, &logs, &metadata, max_line_bytes).into_iter())
            }
        }
    }))
}

/// One input of [`games_of`].
enum Item {
    /// Read as it is.
    Plain(PathBuf),
    /// One platform match: the files of its log and of its metadata.
    Match { id: String, logs: Vec<PathBuf>, metadata: Vec<PathBuf> },
    /// A folder that could not be listed.
    Error(ImportError),
}

/// The files of `dir` and its subfolders, in the order of their names,
/// hidden ones (`.x`) left out (a link to a folder is not followed).
fn list_folder(dir: &Path, files: &mut Vec<(PathBuf, Option<usize>)>, errors: &mut Vec<ImportError>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return errors.push(ImportError::new(dir, 0, format!("cannot list the folder: {e}"))),
    };
    // A subfolder is entered, a link to one is not (no loop).
    let mut paths: Vec<(PathBuf, bool)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
        .collect();
    paths.sort();
    for (p, folder) in paths {
        if folder {
            list_folder(&p, files, errors);
        } else {
            files.push((p, None));
        }
    }
}

/// The id a platform file's name starts with: `<id>_lite.json`,
/// `<id>_<bot>_full_log.json`, `<id>_metadata.json` (the name up to its
/// first `_`, else up to its first `.`).
pub fn name_id(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let id = name.split(['_', '.']).next()?;
    (!id.is_empty()).then(|| id.to_string())
}

/// One platform match: its metadata read (the first given, else the one
/// beside its first log), then its logs tried in turn until one imports;
/// when none does, the first one's errors.
fn read_match(
    id: &str,
    logs: &[PathBuf],
    metadata: &[PathBuf],
    max_line_bytes: usize,
) -> Vec<Result<GameRecord, ImportError>> {
    let Some(first) = logs.first() else {
        let file = metadata.first().map_or_else(PathBuf::new, PathBuf::clone);
        return vec![Err(ImportError::new(
            &file,
            0,
            format!(
                "a match's metadata, without its log: no {id}_lite.json or {id}_<bot>_full_log.json was given \
                 (import the folder that holds both)"
            ),
        )
        .game(id))];
    };
    let beside = first.with_file_name(format!("{id}_metadata.json"));
    let meta_file = match metadata.first() {
        Some(m) => Some(m.clone()),
        None if beside.is_file() => Some(beside),
        None => None,
    };
    let meta = match meta_file.map(|f| log::read_metadata(&f, max_line_bytes).map(|m| (f, m))).transpose() {
        Ok(m) => m,
        Err(e) => return vec![Err(e.game(id))],
    };
    let mut failed = None;
    for file in logs {
        let context = log::Context { name: Some(id.to_string()), metadata: meta.clone() };
        let results: Vec<_> = match open(file, max_line_bytes) {
            Ok(input) => {
                let Input { file, reader, skipped, max_line_bytes, document, .. } = input;
                skipped
                    .into_iter()
                    .map(Err)
                    .chain(log::games(reader, &file, max_line_bytes, document, context))
                    .collect()
            }
            Err(e) => vec![Err(e)],
        };
        if !results.is_empty() && results.iter().all(Result::is_ok) {
            return results;
        }
        failed.get_or_insert(results);
    }
    failed.unwrap_or_default()
}

/// The games of one input, each a record or the error that kept it out.
pub type Games = Box<dyn Iterator<Item = Result<GameRecord, ImportError>> + Send>;

/// [`games`] of an input already open. An input in none of the formats is
/// read as records: an empty one has no games, and the record reader
/// reports any other line as malformed, with its line.
pub fn games_in(input: Input, from: Option<Format>) -> Games {
    let format = from.or(input.format).unwrap_or(Format::Record);
    let Input { file, reader, skipped, max_line_bytes, document, .. } = input;
    let games: Games = match format {
        Format::Record => Box::new(records(reader, file, max_line_bytes)),
        Format::BotzoneLog => log::games(reader, &file, max_line_bytes, document, log::Context::default()),
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
    let mut engines: Vec<(&'static mcr_core::fans::Profile, Engine)> = Vec::new();
    Records::<GameRecord>::from_reader(&file, reader, max_line_bytes).map(move |r| {
        let r = r?;
        let profile = r.record.rules.unwrap_or(mcr_core::fans::Profile::default());
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
    for game in games_of(inputs, from, max_line_bytes) {
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
