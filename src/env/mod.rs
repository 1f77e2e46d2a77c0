//! Environments for training bots on the judge-exact engine.
//!
//! - [`action`]: the baseline FeatureAgent's 235-action space, legal masks
//!   from the engine's own answer validation ([`crate::engine::legal`]).
//! - [`obs`]: per-seat observations (a compact encoding and the baseline's
//!   6×4×9 planes).
//! - [`game`]: one table as an environment (two-decision PENG/CHI, records
//!   in the corpus schema).
//! - [`vec`]: [`VecEnv`], many tables stepped over a thread pool into
//!   caller-owned flat buffers.
//! - [`wall`]: seeded walls and the duplicate format's permutations.
//! - [`selfplay`]: a seeded random legal policy (`mcr play`, `mcr bench env`).

pub mod action;
pub mod game;
pub mod obs;
pub mod selfplay;
pub mod vec;
pub mod wall;

pub use action::NUM_ACTIONS;
pub use game::{Game, Outcome};
pub use obs::ObsKind;
pub use vec::{Buffers, EnvError, VecEnv, VecEnvConfig};
