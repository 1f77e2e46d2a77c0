#![deny(missing_docs)]
//! mcr-records: games as data, and the pipelines over them, on the core
//! rules of `mcr-core`.
//!
//! - [`record`]: game and hand records (`.jsonl`, `.jsonl.gz`), read with
//!   their locations and written in one schema;
//! - [`input`]: the one input layer: the games of files and folders in any
//!   of the formats, located, for every command that reads games;
//! - [`replay`]: a record replayed through the engine and compared turn by
//!   turn;
//! - [`selftest`]: the dataset self-test, independent of the engine;
//! - [`formats`]: Botzone's text format and match logs, in and out of
//!   records;
//! - [`judge`]: the Botzone judge program, one turn (`mcr judge`);
//! - [`audit`]: why each fan was or was not counted;
//! - [`samples`]: training samples of every decision;
//! - [`mod@env`]: legal actions, observations and vectorised environments;
//! - [`viewer`]: game records as a self-contained web page;
//! - [`analysis`]: the core's analysis over records (decisions, review);
//! - [`rules`]: the core's profiles, and their effect over corpora (diff,
//!   snapshots);
//! - [`serve`]: the engine as a JSON-lines process.
//!
//! Most users want the facade crate `mcr-engine`.

pub mod analysis;
pub mod audit;
pub mod convert;
pub mod env;
pub mod formats;
pub mod input;
pub mod judge;
pub mod record;
pub mod replay;
pub mod rules;
pub mod samples;
pub mod selftest;
pub mod serve;
pub mod validate;
pub mod viewer;
