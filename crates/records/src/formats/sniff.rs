//! What a line or a file is: the one sniffer ([`kind`], [`detect`]) and
//! the opener that tells a file's format from its first non-blank line
//! ([`open`]).

use std::fmt;
use std::io::{BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};

use super::ImportError;
use crate::record::{self, LineRead, RecordErrorKind};

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
