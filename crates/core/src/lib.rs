#![deny(missing_docs)]
//! mcr-core: the rules of Chinese Standard Mahjong (MCR) as the Botzone
//! judge plays them, with no I/O: tiles, hands, the fan calculator driven by
//! tables generated from `rules/`, the judge's state machine and the hand
//! analysis.
//!
//! - [`tiles`], [`hand`], [`notation`]: the vocabulary;
//! - [`decompose`]: the readings of a hand;
//! - [`fans`]: the fan calculator; [`rules`]: the generated tables;
//! - [`engine`]: the judge's state machine (`reset` / `step`);
//! - [`analysis`]: shanten, useful tiles, waits and the decision analysis;
//! - [`rng`]: the seeded generator every sampler uses.
//!
//! Most users want the facade crate `mcr-engine`, which re-exports this
//! crate's API beside the records, formats and arena layers.

pub mod analysis;
pub mod decompose;
pub mod engine;
pub mod fans;
pub mod greedy;
pub mod hand;
pub mod notation;
pub mod rng;
pub mod rules;
#[doc(hidden)]
pub mod serde_impl;
pub mod table;
pub mod tiles;
