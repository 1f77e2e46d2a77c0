//! Environments for training bots on the judge-exact engine.
//!
//! - [`action`]: the baseline FeatureAgent's 235-action space, legal masks
//!   from the engine's own answer validation ([`mcr_core::engine::legal`]).
//! - [`obs`]: per-seat observations (a compact encoding and the baseline's
//!   6×4×9 planes).
//! - [`game`]: one table as an environment (two-decision PENG/CHI, records
//!   in the corpus schema).
//! - `mod@vec`: [`VecEnv`], many tables stepped over a thread pool into
//!   caller-owned flat buffers.
//! - [`wall`]: seeded walls and the duplicate format's permutations.
//! - [`selfplay`]: a seeded random legal policy (`mcr play`, `mcr bench env`).
//!
//! # Example
//!
//! Eight tables, reset, then every seat plays its first legal action:
//!
//! ```
//! use mcr_records::env::{Buffers, VecEnv, VecEnvConfig, NUM_ACTIONS};
//!
//! let mut cfg = VecEnvConfig::new(8, 42);
//! cfg.threads = 1;
//! let mut env = VecEnv::new(cfg)?;
//! let n = env.num_envs();
//! let (mut obs, mut mask) = (vec![0u8; n * 4 * env.obs_len()], vec![0u8; n * 4 * NUM_ACTIONS]);
//! let (mut reward, mut done, mut hu_fans) = (vec![0f32; n * 4], vec![0u8; n], vec![0i32; n * 4]);
//! macro_rules! buffers {
//!     () => {
//!         Buffers { obs: &mut obs, mask: &mut mask, reward: &mut reward, done: &mut done, hu_fans: &mut hu_fans }
//!     };
//! }
//! env.reset(buffers!())?;
//! let actions: Vec<i64> = mask
//!     .chunks(NUM_ACTIONS)
//!     .map(|m| m.iter().position(|&legal| legal == 1).unwrap() as i64)
//!     .collect();
//! env.step(&actions, buffers!())?;
//! # Ok::<(), mcr_records::env::EnvError>(())
//! ```

pub mod action;
pub mod game;
pub mod obs;
pub mod selfplay;
pub(crate) mod vec;
pub mod wall;

pub use action::NUM_ACTIONS;
pub use game::{Game, Outcome};
pub use obs::ObsKind;
pub use vec::{Buffers, EnvError, VecEnv, VecEnvConfig};
