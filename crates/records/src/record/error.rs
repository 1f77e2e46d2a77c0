//! What goes wrong reading a record: [`RecordError`] (file, line and
//! [`RecordErrorKind`]) and [`HandRecordError`] (a hand record that is no
//! hand).

use std::fmt;
use std::path::{Path, PathBuf};

use super::rules;

/// Where and why a record could not be read: the file, the line and what is
/// wrong ([`RecordErrorKind`]), which a caller tells apart by kind (a line
/// over the bound, a rules conflict, malformed JSON...), never by its words.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordError {
    /// The file read.
    pub file: PathBuf,
    /// 1-based; 0 when the file could not be opened at all.
    pub line: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong with a record file or one of its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The file could not be opened (the system's reason).
    Open(String),
    /// The file's first bytes could not be read (the system's reason).
    Unreadable(String),
    /// Reading failed partway (the system's or the decompressor's reason).
    Read(String),
    /// A line over the reader's bound, skipped (`len` bytes, bound `max`).
    TooLong {
        /// The line's length in bytes.
        len: usize,
        /// The bound.
        max: usize,
    },
    /// A whole-file JSON document (a platform match file) over the bound.
    DocumentTooLong {
        /// The bound.
        max: usize,
    },
    /// A line that is not UTF-8: the offset of its first bad byte.
    NotUtf8(usize),
    /// JSON that is not a record of the expected schema (serde's words).
    Malformed(String),
    /// A hand record whose content is not a hand: its id and why.
    Hand {
        /// The record's `id`.
        id: String,
        /// What is wrong with it.
        error: HandRecordError,
    },
    /// The record's `"rules"` names another profile than the one asked for
    /// (the game's id, the profiles).
    RulesConflict {
        /// The game's id.
        game: String,
        /// The profiles.
        conflict: rules::RulesConflict,
    },
    /// A record or game that reads but is not valid in its format (the
    /// format reader's words: a match log that does not replay, a text
    /// log's bad line...).
    Invalid(String),
}

impl std::fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordErrorKind::Open(v0) => write!(f, "cannot open: {v0}"),
            RecordErrorKind::Unreadable(v0) => write!(f, "cannot read: {v0}"),
            RecordErrorKind::Read(v0) => write!(f, "read error (truncated or corrupt file?): {v0}"),
            RecordErrorKind::TooLong { len, max } => {
                write!(f, "line of {len} bytes is longer than the limit of {max} bytes: skipped")
            }
            RecordErrorKind::DocumentTooLong { max } => {
                write!(f, "a JSON document of over {max} bytes is longer than the limit of {max} bytes: skipped")
            }
            RecordErrorKind::NotUtf8(v0) => write!(f, "line is not UTF-8 (byte {v0} of the line)"),
            RecordErrorKind::Malformed(v0) => write!(f, "malformed record: {v0}"),
            RecordErrorKind::Hand { id, error } => write!(f, "{id}: {error}"),
            RecordErrorKind::RulesConflict { game, conflict } => write!(f, "game {game}: {conflict}"),
            RecordErrorKind::Invalid(v0) => write!(f, "{v0}"),
        }
    }
}

impl std::error::Error for RecordErrorKind {}

impl RecordError {
    /// An error of `file` at `line` (0: the file as a whole).
    pub fn new(file: &Path, line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { file: file.to_path_buf(), line, kind }
    }

    /// What is wrong, without the file and line.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.kind)
        } else {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.kind)
        }
    }
}

impl std::error::Error for RecordError {}

/// Why a hand record ([`super::HandRecord::to_input`]) is not a calculator input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum HandRecordError {
    /// A tile name that is not a tile.
    Tile(mcr_core::tiles::UnknownTile),
    /// A pack type other than CHI, PENG or GANG.
    PackType(String),
    /// Tiles that do not make a hand.
    Hand(mcr_core::hand::HandError),
}

impl std::fmt::Display for HandRecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandRecordError::Tile(v0) => std::fmt::Display::fmt(v0, f),
            HandRecordError::PackType(v0) => write!(f, "unknown pack type {v0:?} (expected CHI, PENG or GANG)"),
            HandRecordError::Hand(v0) => std::fmt::Display::fmt(v0, f),
        }
    }
}

impl std::error::Error for HandRecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HandRecordError::Tile(v0) => std::error::Error::source(v0),
            HandRecordError::Hand(v0) => std::error::Error::source(v0),
            _ => None,
        }
    }
}

impl From<mcr_core::tiles::UnknownTile> for HandRecordError {
    fn from(e: mcr_core::tiles::UnknownTile) -> HandRecordError {
        HandRecordError::Tile(e)
    }
}

impl From<mcr_core::hand::HandError> for HandRecordError {
    fn from(e: mcr_core::hand::HandError) -> HandRecordError {
        HandRecordError::Hand(e)
    }
}
