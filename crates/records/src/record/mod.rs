//! Game records (the schema of the public corpus's dataset card, as in
//! `tests/data/games.jsonl.gz`) and hand records
//! (`hands.jsonl.gz`), streamed from `.jsonl` or `.jsonl.gz`.
//!
//! Reading never stops at a bad line: each line yields either a record or a
//! [`RecordError`] naming file, line and problem (malformed JSON, invalid
//! UTF-8, a line longer than the bound), and a truncated gzip stream yields
//! the records read so far followed by one error.
//!
//! Memory is bounded whatever the input: no line is held beyond the bound a
//! reader is opened with ([`DEFAULT_MAX_LINE_BYTES`], 8 MiB, unless the
//! caller passes another: [`Records::open_with`], [`par::ParOptions`]); a
//! longer one is reported and skipped up to its newline without being kept.
//!
//! The readers: [`lines`] (the one line reader), [`Records`] (records one by
//! one); the games of any input, records or not, are read by the one
//! input layer (`crate::input`), in parallel by `crate::input::par_games`;
//! [`view`] and its scanner (borrowed views of a game record for the validator).
//!
//! The files: the schema (`record/schema.rs`), its errors
//! (`record/error.rs`), the record reader (`record/read.rs`), hand records
//! as calculator inputs (`record/hand.rs`).
//!
//! # Example
//!
//! ```
//! use mcr_records::record::{GameRecord, Records};
//! use std::path::Path;
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz");
//! let mut games = 0;
//! for game in Records::<GameRecord>::open(Path::new(path))? {
//!     let game = game?;
//!     assert_eq!(game.record.wall.len(), 136);
//!     games += 1;
//! }
//! assert_eq!(games, 222);
//! # Ok::<(), mcr_records::record::RecordError>(())
//! ```

pub mod arena;
mod error;
mod hand;
pub mod lines;
mod open;
pub mod par;
mod read;
pub mod rules;
pub(crate) mod scan;
mod schema;
pub(crate) mod select;
pub mod skim;
pub mod unique;
pub mod view;
pub mod write;

pub use error::{HandRecordError, RecordError, RecordErrorKind};
pub use hand::{hand_inputs, hand_inputs_of, hand_inputs_with};
pub use lines::{read_line_capped, LineRead};
pub use mcr_core::engine::protocol::{seat_of_key, SEAT_KEYS};
pub use open::open_lines;
pub use par::{ParOptions, ParStats, Progress, ProgressEvent};
pub use read::{parse_line, read_all, Located, Records};
pub use schema::{Expected, GameRecord, HandExpected, HandFlags, HandRecord, TurnRecord};
pub use select::Selection;

/// The default bound on one line: about 190 times the longest public game
/// record (44 KB).
pub const DEFAULT_MAX_LINE_BYTES: usize = 8 << 20;

/// The bound a reader applies when asked for `max_line_bytes`: at least 1 KiB.
pub fn line_bound(max_line_bytes: usize) -> usize {
    max_line_bytes.max(1 << 10)
}
