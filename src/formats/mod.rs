//! Other formats in and out: the Botzone human-game text logs ([`text`]).
//!
//! (Temporary module of the `text` branch: `logs` owns this file, with the
//! same `ImportError` and `ExportError`; the lead keeps theirs when merging.)

pub mod text;

use std::fmt;
use std::path::{Path, PathBuf};

/// Where and why one game (or a whole file) could not be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// As given (`-` for stdin).
    pub file: PathBuf,
    /// 1-based line where the game starts; 0 = the file as a whole.
    pub line: usize,
    /// The game's id when known.
    pub game: Option<String>,
    /// A finer place, free text (`line 212`).
    pub at: Option<String>,
    /// What differs or is wrong.
    pub message: String,
}

impl ImportError {
    pub fn new(file: &Path, line: usize, message: impl Into<String>) -> ImportError {
        ImportError { file: file.to_path_buf(), line, game: None, at: None, message: message.into() }
    }

    pub fn game(mut self, id: impl Into<String>) -> ImportError {
        self.game = Some(id.into());
        self
    }

    pub fn at(mut self, at: impl Into<String>) -> ImportError {
        self.at = Some(at.into());
        self
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if let Some(g) = &self.game {
            write!(f, ": match {g}")?;
        }
        if let Some(a) = &self.at {
            write!(f, ": {a}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ImportError {}

/// Why a record could not be written in another format.
#[derive(Debug)]
pub enum ExportError {
    /// The game cannot be written in that format (nothing was written).
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
