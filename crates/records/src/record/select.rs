//! Which game records a command takes: by id, by tag, up to a limit, and
//! the rules each is replayed under. `mcr audit --games` and `mcr view`
//! (`viewer::load`) select with it.

use super::rules::{decide, Origin, RulesConflict};
use super::GameRecord;
use mcr_core::fans::Profile;

/// Which games of the files to take.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Only these game ids (none: all).
    pub ids: Vec<String>,
    /// Only games carrying at least one of these tags (none: all).
    pub tags: Vec<String>,
    /// At most this many games (0: no limit); what to do with the others is
    /// the reader's (the viewer counts them).
    pub limit: usize,
    /// The rules asked for (`--rules`): for games whose record has no
    /// `"rules"` key (`None`: botzone); a record naming another profile is
    /// a conflict (see [`super::rules::profile_for`]).
    pub profile: Option<&'static Profile>,
}

impl Selection {
    /// Whether the id and tags of `rec` are selected.
    pub fn accepts(&self, rec: &GameRecord) -> bool {
        (self.ids.is_empty() || self.ids.contains(&rec.game_id))
            && (self.tags.is_empty() || rec.tags.iter().any(|t| self.tags.contains(t)))
    }

    /// Whether `taken` games already reach the limit.
    pub fn full(&self, taken: usize) -> bool {
        self.limit > 0 && taken >= self.limit
    }

    /// The profile `rec` is replayed under, and where it came from.
    pub fn rules_for(&self, rec: &GameRecord) -> Result<(&'static Profile, Origin), RulesConflict> {
        decide(rec.rules, self.profile)
    }
}
