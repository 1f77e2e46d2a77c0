//! What goes wrong reading or writing the Botzone formats: [`ImportError`]
//! (a game or an input that does not import, located) and [`ExportError`].

use std::fmt;
use std::path::{Path, PathBuf};

use crate::record::{self, RecordErrorKind};

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
