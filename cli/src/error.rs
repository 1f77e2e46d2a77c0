//! What ends a command with an error: the one type every command's `run`
//! returns on failure, worded by `main` (`COMMAND: what is wrong` on
//! stderr) with its exit code. A command that ran and found mismatches
//! (validate's X/Y, a hands corpus that differs, a sequential test that
//! rejects) is no error: it returns its documented exit code as `Ok`, and
//! so does a command that reports many problems as it goes and fails at
//! the end, after its summary.

use std::fmt;
use std::process::ExitCode;

/// Why a command stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum CliError {
    /// The input given cannot be used (a hand that does not read, an
    /// option out of range; for `samples`, an output folder that cannot be
    /// written): exit 2.
    Input {
        /// The command, as its messages name it (`mcr fan`).
        command: &'static str,
        /// What is wrong.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The command failed (a file that cannot be read or written): exit 1.
    Failed {
        /// The command, as its messages name it.
        command: &'static str,
        /// What failed.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The command was interrupted (Ctrl-C) after keeping what it had done:
    /// exit 130, as a shell reports an interrupted process.
    Interrupted {
        /// The command, as its messages name it.
        command: &'static str,
        /// What was kept, and how to go on.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl CliError {
    /// An input error of `command` (exit 2).
    pub fn input(command: &'static str, error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> CliError {
        CliError::Input { command, error: error.into() }
    }

    /// A failure of `command` (exit 1).
    pub fn failed(command: &'static str, error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> CliError {
        CliError::Failed { command, error: error.into() }
    }

    /// An interruption of `command` (exit 130).
    pub fn interrupted(command: &'static str, error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> CliError {
        CliError::Interrupted { command, error: error.into() }
    }

    /// The process's exit code for this error.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Input { .. } => ExitCode::from(2),
            CliError::Failed { .. } => ExitCode::FAILURE,
            CliError::Interrupted { .. } => ExitCode::from(130),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input { command, error }
            | CliError::Failed { command, error }
            | CliError::Interrupted { command, error } => write!(f, "{command}: {error}"),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Input { error, .. } | CliError::Failed { error, .. } | CliError::Interrupted { error, .. } => {
                Some(error.as_ref())
            }
        }
    }
}

impl From<mcr_engine::notation::NotationError> for CliError {
    /// A hand in the notation that does not read: `mcr fan`'s input error.
    fn from(e: mcr_engine::notation::NotationError) -> CliError {
        CliError::input("mcr fan", e)
    }
}
