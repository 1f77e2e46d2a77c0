//! Training samples for imitation learning: every decision of a game record
//! as (observation, mask, action) arrays, the layout of the course
//! baseline's `preprocess.py` + `FeatureAgent` (235 actions, see
//! [`crate::env::action`]).
//!
//! - [`extract`]: the decisions of one game, fed turn by turn from the replay
//!   ([`Extractor`]); the masks are the judge's legality
//!   ([`Flags::Judge`], the environment's masks) or the baseline's own
//!   ([`Flags::Cai`], `baseline`);
//! - `legal`: the legal actions of a decision, the mask's bit set;
//! - [`npz`]: `.npy`/`.npz` writing (numpy's format, zip STORED);
//! - [`layout`]: the two layouts (per-game as `preprocess.py`, shards with a
//!   manifest), written to temporary names and renamed;
//! - [`run`]: files in, samples out (the pipeline the CLI and Python call).
//!
//! # Example
//!
//! The training samples of a record file, one game at a time:
//!
//! ```
//! use mcr_records::samples::{run::Stream, Batch, Options};
//!
//! let opts = Options::default();
//! let files = [concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz")];
//! let mut stream = Stream::new(&files, opts, None);
//! let mut batch = Batch::new(opts.encoding.len());
//! let first = stream.next_game(&mut batch).unwrap();
//! assert_eq!(batch.len(), first);
//! assert_eq!(batch.obs.len(), first * opts.encoding.len());
//! ```

pub(crate) mod baseline;
pub mod diff;
pub mod extract;
pub mod layout;
pub(crate) mod legal;
pub mod npz;
pub mod run;

pub use extract::{Batch, Extractor};

use crate::env::obs::ObsKind;

/// The observation encoder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The handout's 6x4x9 planes (int8 `[n, 6, 4, 9]`).
    Baseline,
    /// The environment's 195-byte encoding (uint8 `[n, 195]`).
    Compact,
}

impl Encoding {
    /// The encoding of a name (`baseline`, `compact`).
    pub fn parse(name: &str) -> Option<Encoding> {
        match name {
            "baseline" => Some(Encoding::Baseline),
            "compact" => Some(Encoding::Compact),
            _ => None,
        }
    }
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Baseline => "baseline",
            Encoding::Compact => "compact",
        }
    }
    /// The observation it writes.
    pub fn obs_kind(self) -> ObsKind {
        match self {
            Encoding::Baseline => ObsKind::Feature,
            Encoding::Compact => ObsKind::Compact,
        }
    }
    /// Bytes of one observation.
    #[allow(clippy::len_without_is_empty, reason = "an encoding, never empty")]
    pub fn len(self) -> usize {
        self.obs_kind().len()
    }
    /// The numpy shape of one observation.
    pub fn shape(self) -> &'static [usize] {
        match self {
            Encoding::Baseline => &[6, 4, 9],
            Encoding::Compact => &[crate::env::obs::COMPACT_LEN],
        }
    }
}

/// Whose legality the masks hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flags {
    /// The judge's: the environment's masks (HU where canHu reaches the
    /// profile's minimum).
    Judge,
    /// The baseline's `FeatureAgent`: its own legality checks and the win
    /// flags of the cai-style layer ([`crate::audit::cai`]), 8 fan.
    Cai,
}

impl Flags {
    /// The flags of a name (`judge`, `cai`).
    pub fn parse(name: &str) -> Option<Flags> {
        match name {
            "judge" => Some(Flags::Judge),
            "cai" => Some(Flags::Cai),
            _ => None,
        }
    }
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Flags::Judge => "judge",
            Flags::Cai => "cai",
        }
    }
}

/// What a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    /// One's own draw: play, HU, kongs.
    Draw = 0,
    /// A claim chance on another seat's discard or promoted kong.
    Claim = 1,
    /// The discard after one's own CHI or PENG.
    MeldDiscard = 2,
}

/// How samples are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The observation encoder.
    pub encoding: Encoding,
    /// Whose legality the masks follow.
    pub flags: Flags,
    /// Keep decisions with a single legal action (dropped by default, as the
    /// baseline drops them).
    pub keep_forced: bool,
    /// No input line longer than this is kept (each is reported and
    /// skipped).
    pub max_line_bytes: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            encoding: Encoding::Baseline,
            flags: Flags::Judge,
            keep_forced: false,
            max_line_bytes: crate::record::DEFAULT_MAX_LINE_BYTES,
        }
    }
}
