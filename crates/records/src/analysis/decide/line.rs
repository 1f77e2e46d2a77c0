//! A decision state as a line of a decisions file, and a decision's
//! figures as an output line: the input and output of `mcr decide FILE`
//! and of Python's `mcr_engine.decide`.

use mcr_core::analysis::decide::{counts_from_judge_order, Decision, State};
use mcr_core::fans::Profile;
use mcr_core::hand::Pack;
use mcr_core::tiles::{Tile, TileCounts, TILE_KINDS};

/// One line of a decisions file: the state in the judge's terms (tile names,
/// `[type, tile, offer]` packs, 34 counts in the judge's order), with an
/// optional `id` echoed back and an optional `"rules"` profile. Other keys
/// (`expected`, ...) are ignored.
#[derive(Debug, Clone)]
pub struct DecideRecord {
    /// Any JSON value, echoed in the answer (`null` when absent).
    pub id: serde_json::Value,
    /// The standing tiles in judge names, the draw included.
    pub hand: Vec<String>,
    /// `[type, tile, offer]`: `"CHI"` (the middle tile, offer 1-3: which
    /// tile was claimed), `"PENG"` or `"GANG"` (offer: the offerer relative
    /// to the seat, 1-3; a GANG of offer 0 is concealed).
    pub packs: Vec<(String, String, i64)>,
    /// The deciding seat (0-3): its wind.
    pub seat: u8,
    /// The prevalent wind (0-3).
    pub prevalent: u8,
    /// The judge's shownTile: 34 counts in the order W1-W9, B1-B9, T1-T9,
    /// F1-F4, J1-J3.
    pub shown: Vec<u8>,
    /// What the seat cannot see: 34 counts in the same order, the pool of
    /// its draws.
    pub unseen: Vec<u8>,
    /// How many more tiles the seat draws.
    pub draws_left: u32,
    /// The rule profile to score with (`None`: the caller's).
    pub rules: Option<&'static Profile>,
}

mcr_core::de_struct! { DecideRecord, ignore;
    id: serde_json::Value = "id" @default,
    hand: Vec<String> = "hand",
    packs: Vec<(String, String, i64)> = "packs" @default,
    seat: u8 = "seat",
    prevalent: u8 = "prevalent",
    shown: Vec<u8> = "shown",
    unseen: Vec<u8> = "unseen",
    draws_left: u32 = "draws_left",
    rules: Option<&'static Profile> = "rules" @default with crate::record::rules::deserialize,
}

/// Why a decisions-file line is not a state: the key at fault and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// A tile name that is not a tile (the key: `hand` or `packs`).
    Tile {
        /// The key holding it.
        key: &'static str,
        /// The name read.
        error: mcr_core::tiles::UnknownTile,
    },
    /// A pack type other than CHI, PENG or GANG.
    PackType(String),
    /// An offer outside 0..=3.
    Offer(i64),
    /// Counts that are not 34 (the key, how many were given).
    Counts {
        /// `shown` or `unseen`.
        key: &'static str,
        /// How many counts the line gives.
        len: usize,
    },
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Tile { key, error } => write!(f, "\"{key}\": {error}"),
            StateError::PackType(v0) => write!(f, "\"packs\": unknown pack type {v0:?} (CHI, PENG or GANG)"),
            StateError::Offer(v0) => write!(f, "\"packs\": offer {v0} out of range 0..=3"),
            StateError::Counts { key, len } => write!(f, "\"{key}\": {len} counts, expected 34"),
        }
    }
}

impl std::error::Error for StateError {}

impl DecideRecord {
    /// The state it describes; an error names the key at fault.
    pub fn to_state(&self) -> Result<State, StateError> {
        let tile = |name: &str, key: &'static str| Tile::parse(name).map_err(|error| StateError::Tile { key, error });
        let hand = self.hand.iter().map(|t| tile(t, "hand")).collect::<Result<Vec<_>, _>>()?;
        let mut packs = Vec::new();
        for (kind, t, offer) in &self.packs {
            let kind = mcr_core::hand::PackKind::parse(kind).ok_or_else(|| StateError::PackType(kind.clone()))?;
            let offer = u8::try_from(*offer).ok().filter(|&o| o <= 3).ok_or(StateError::Offer(*offer))?;
            packs.push(Pack::new(kind, tile(t, "packs")?, offer));
        }
        let counts = |v: &[u8], key: &'static str| -> Result<TileCounts, StateError> {
            let judge: &[u8; TILE_KINDS] = v.try_into().map_err(|_| StateError::Counts { key, len: v.len() })?;
            Ok(counts_from_judge_order(judge))
        };
        Ok(State {
            packs,
            hand,
            seat: self.seat,
            prevalent: self.prevalent,
            shown: counts(&self.shown, "shown")?,
            unseen: counts(&self.unseen, "unseen")?,
            draws_left: self.draws_left,
        })
    }
}

/// The output line of a decisions file: `{"id", "wins_now", "exact",
/// "discards": [{"tile", "win_prob", "exp_points", "min_draws"}]}`.
pub fn decision_line(decision: &Decision, id: &serde_json::Value) -> serde_json::Value {
    let rows: Vec<_> = decision
        .discards
        .iter()
        .map(|d| {
            serde_json::json!({
                "tile": d.tile.name(),
                "win_prob": d.win_prob,
                "exp_points": d.exp_points,
                "min_draws": d.min_draws,
            })
        })
        .collect();
    serde_json::json!({ "id": id, "wins_now": decision.wins_now, "exact": decision.exact, "discards": rows })
}
