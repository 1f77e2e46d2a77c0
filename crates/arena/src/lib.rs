#![deny(missing_docs)]
//! mcr-arena: a local Botzone: real bot programs (any language, JSON or simple I/O,
//! keep-running or not) play full games against each other through the
//! judge-exact engine, under the platform's limits and verdicts, with
//! nothing left running afterwards.
//!
//! The crate's modules, by role; each depends only on the ones listed
//! before it (no module imports one listed after it):
//!
//! - [`mod@interrupt`]: stopping a run (Ctrl-C, SIGTERM, [`interrupt()`]).
//! - [`duplicate`]: the tournament's design: the duplicate schedule (walls
//!   x 24 seatings), the candidate-against-baseline formats (`1v3`,
//!   `2v2`), shards.
//! - [`policy`]: policies played in process: the built-ins (random,
//!   greedy, decide) and the move choices they share with the reference
//!   bot.
//! - [`program`]: bot programs: the bots file (`BOTS.toml`, [`program::spec`]),
//!   Botzone's bot input and output ([`program::protocol`]), one bot over
//!   one game (`program::process`), the sandbox it runs in
//!   ([`program::sandbox`]).
//! - [`refbot`]: the reference bot (`mcr bot`): the policies behind
//!   Botzone's protocol on stdin and stdout.
//! - [`stats`]: statistics from records alone: the sequential test
//!   ([`stats::sprt`]), per-wall sums (`stats::walls`), tournament
//!   standings ([`stats::standings`]).
//! - [`mod@run`]: running games: the match loop, the parallel and batched
//!   runners, a run into a record file and its resumption, a pair played
//!   until the sequential test decides.
//!
//! # Example
//!
//! A duplicate tournament of the four entries of a bots file, 10 walls
//! (240 games) two at a time, into a record file that a later run with the
//! same arguments continues; then its standings:
//!
//! ```no_run
//! use std::path::Path;
//!
//! use mcr_arena::program::spec;
//! use mcr_arena::run::output;
//! use mcr_arena::stats::standings;
//! use mcr_arena::{duplicate, ArenaConfig};
//! use mcr_core::fans::Profile;
//!
//! let entries = spec::load(Path::new("BOTS.toml"))?;
//! let cfg = ArenaConfig {
//!     seats: std::array::from_fn(|i| entries[i].seat()),
//!     games: 10 * duplicate::GAMES_PER_WALL,
//!     seed: 1,
//!     jobs: 2,
//!     keep_debug: false,
//!     profile: Profile::default(),
//!     duplicate: Some(duplicate::Shard::ALL),
//!     format: duplicate::Format::Duplicate,
//!     sprt: None,
//!     done: None,
//!     max_line_bytes: mcr_records::record::DEFAULT_MAX_LINE_BYTES,
//! };
//! // Ctrl-C stops the run: its bots are killed, the records written stay whole.
//! mcr_arena::install_interrupt_handler();
//! let out = output::Out::File(Path::new("games.jsonl.gz"));
//! let finished = output::run_into(&cfg, out, |done, total| eprint!("\r{done}/{total}"))?;
//! if let Some(why) = &finished.stopped {
//!     eprintln!("stopped: {why}");
//! }
//! print!("{}", standings::format::text(&finished.standings));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod duplicate;
pub mod interrupt;
pub mod policy;
pub mod program;
pub mod refbot;
pub mod run;
pub mod stats;

pub use interrupt::{clear_interrupt, install_interrupt_handler, interrupt, is_interrupted};
pub use program::process::Verdict;
pub use program::protocol::Io;
pub use program::spec::BotSpec;
pub use run::game::{GameError, GameInfo, GameOutcome, LocalPlayer, Seat, SeatTurn};
pub use run::{
    bots_hash, check_bots, game_id, play_one, run, ArenaConfig, ArenaError, BoxError, LocalFactory, SeatSpec,
    StartError,
};
