//! Rule profiles: `botzone` (`rules/fans.mcr`, the reference) and the
//! profiles of `rules/profiles/`, each compiled into its own tables and
//! calculator at build time. A [`Profile`] is a handle on one of them.

use super::{Explanation, FanInfo, FanResult, PROFILES};
use crate::hand::HandInput;

/// One compiled rule profile.
pub struct Profile {
    /// `botzone`, `strict-98`, ...
    pub name: &'static str,
    /// The rules file it was compiled from.
    pub file: &'static str,
    /// The profile it extends (`None` for `botzone`).
    pub extends: Option<&'static str>,
    /// Its `about` line.
    pub about: &'static str,
    /// The fan table: 0 = none, then the fans in order.
    pub fans: &'static [FanInfo],
    pub(crate) fan_by_name: &'static phf::Map<&'static str, u8>,
    /// Each fan's rule as written, and its line.
    pub rule_text: &'static [(&'static str, u32)],
    pub(crate) calculate: fn(&HandInput) -> FanResult,
    pub(crate) total: fn(&HandInput) -> i32,
    pub(crate) explain: fn(&HandInput) -> Explanation,
}

impl Profile {
    /// A profile by name (`botzone`, `strict-98`, ...).
    pub fn by_name(name: &str) -> Option<&'static Profile> {
        PROFILES.iter().copied().find(|p| p.name == name)
    }

    /// The reference profile, `botzone`.
    #[allow(clippy::should_implement_trait)]
    pub fn default() -> &'static Profile {
        PROFILES[0]
    }

    /// Every profile, `botzone` first.
    pub fn all() -> &'static [&'static Profile] {
        PROFILES
    }

    /// The names of every profile.
    pub fn names() -> Vec<&'static str> {
        PROFILES.iter().map(|p| p.name).collect()
    }

    /// A fan of this profile by its Chinese or English name.
    pub fn fan_by_name(&self, name: &str) -> Option<&'static FanInfo> {
        self.fan_by_name.get(name).map(|&i| &self.fans[i as usize])
    }

    pub fn calculate(&'static self, hand: &HandInput) -> FanResult {
        (self.calculate)(hand)
    }

    pub fn calculate_total(&'static self, hand: &HandInput) -> i32 {
        (self.total)(hand)
    }

    pub fn explain(&'static self, hand: &HandInput) -> Explanation {
        (self.explain)(hand)
    }
}

impl PartialEq for Profile {
    fn eq(&self, other: &Profile) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Profile {}

impl std::fmt::Debug for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Profile({})", self.name)
    }
}
