//! Audits: why a fan list is what it is, and where other scorers disagree.
//!
//! - [`hand`]: the explanation of one hand side by side with a recorded
//!   list (`mcr audit "<hand>"`, `--hands`), built on `fans::explain`, the
//!   calculator's own code path.
//! - `notation`: sets, readings and hands as the audit writes them.
//! - [`cai`]: the win flags a "cai-style" replay layer (the widely copied
//!   FeatureAgent of the IJCAI MCR baseline) derives from the public event
//!   stream, and the corrected model. A second *flag source*, scored with
//!   our calculator: never a second calculator.
//! - [`games`]: the audit of one game record (`mcr audit --games`): the
//!   engine's replay, the winner's hand, every win flag with its evidence,
//!   the trace, the recorded list, and with [`games::Replay::Cai`] the
//!   cai-style list and why it differs. [`games::GameAudit`] serialises to
//!   the documented JSON (docs/src/audit.md, "The JSON form").

pub mod cai;
pub(crate) mod explained;
pub mod games;
pub mod hand;
pub(crate) mod lists;
pub(crate) mod notation;
pub mod text;

pub use hand::{recorded_counts, recorded_counts_with, report, report_with, Report};
pub use notation::{hand_text, reading_text, set_text};
