//! Botzone's formats in and out of game records: the human-game text format
//! ([`text`], `Match`/`Player N Draw T` lines) and Botzone match logs
//! ([`log`]: one JSON match a line, `_id`, `players`, `initdata`, `log`; or
//! one match a file as the platform hands it out: the log array, the
//! `{"status", "logs"}` object, the match's metadata beside them).
//!
//! - [`open`]: a plain, `.gz` or stdin (`-`) input, its format told from its
//!   first non-blank line ([`detect`], by the line's [`kind`]); the sniffer
//!   is `formats/sniff.rs`.
//! - the games of the formats, each replayed through the engine and checked
//!   against what the input logged ([`log::games`], [`text::games`]); a bad
//!   game is one [`ImportError`] (file, line, match id, place in the game)
//!   and reading goes on at the next one (`formats/error.rs`). Which files
//!   hold which games (a folder, the files of one platform match) is the
//!   one input layer's ([`crate::input`]); files in, records out (and back)
//!   is [`crate::convert`]'s.
//!
//! Memory is bounded on any input: lines are read one at a time with the
//! bound the caller gives (`max_line_bytes`, as the record readers).
//!
//! # Example
//!
//! The format of a file, told from its first line:
//!
//! ```
//! use mcr_records::formats::{self, Format};
//! use std::path::PathBuf;
//!
//! let records = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz"));
//! let input = formats::open(&records, 1 << 20)?;
//! assert_eq!(input.format, Some(Format::Record));
//! # Ok::<(), mcr_records::formats::ImportError>(())
//! ```

mod error;
pub mod log;
mod sniff;
pub mod text;

pub use error::{ExportError, ImportError};
pub use sniff::{detect, kind, name_id, open, opens_document, Format, Input, Kind};

use crate::record::GameRecord;

/// The games of one input, each a record or the error that kept it out.
pub type Games = Box<dyn Iterator<Item = Result<GameRecord, ImportError>> + Send>;
