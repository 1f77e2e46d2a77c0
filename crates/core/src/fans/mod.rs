//! The fan calculator. Which fans exist, what they are worth, when they count
//! and what they omit all come from the rules (`rules/fans.mcr`, the
//! reference profile `botzone`, and the profiles in `rules/profiles/`,
//! compiled by build.rs); this module reads the hand, enumerates its
//! readings and applies the generated rules with generic mechanisms (group
//! matching, account-once, omissions, tie-breaks).
//!
//! `calculate`, `calculate_total` and `explain` use `botzone`; the `_with`
//! forms take a [`Profile`].
//!
//! # Example
//!
//! ```
//! use mcr_core::{fans, fans::Profile, notation};
//!
//! let hand = notation::parse_hand("123m 456m 789m 55s 23p +4p")?;
//! assert_eq!(fans::calculate_total(&hand), 20);
//! // The same hand under another profile.
//! let profile = Profile::by_name("pymahjonggb-1.4").unwrap();
//! assert_eq!(fans::calculate_with(profile, &hand).result, 20);
//! // A hand that does not win gives the reference's code -3.
//! let hand = notation::parse_hand("123m 456m 789m 55s 23p +9p")?;
//! assert_eq!(fans::calculate(&hand).result, fans::NOT_WIN);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod batch;
pub mod class;
pub mod primitives;
mod profile;

pub use profile::{Displays, GameRules, Profile};

use crate::decompose::Reading;
use crate::hand::{HandInput, WinFlags};
pub use crate::rules::fans::{FANS, FAN_TABLE_SIZE};
pub use crate::rules::profiles::MAX_FAN_TABLE_SIZE;

/// The calculator compiled once per profile: `mod <profile> { rules, eval, PROFILE }`.
//
// `eval.rs` and `groups.rs` are included in each profile's module rather
// than being modules of their own: there `rules::` is that profile's
// generated module, so its constants fold and its matchers are direct
// calls, and `groups.rs`'s memo tables (`GROUP_TABLES`, `SINGLE_TABLES`,
// the outcome and chows-4 caches) are statics of that profile. Rust has no
// generic statics: one generic module would still need each of those
// statics declared here per profile and reached through a trait, so the
// calculator is written once and included per profile.
macro_rules! profile_calculators {
    ($(($id:ident, $name:expr, $file:expr, $extends:expr, $about:expr)),* $(,)?) => {
        $(
            pub(crate) mod $id {
                pub(crate) use crate::rules::profiles::$id as rules;
                /// The calculator of this profile (`eval.rs`, included once per profile).
                pub(crate) mod eval {
                    include!("eval.rs");
                }
                /// The group tables the calculator looks up (`groups.rs`, included
                /// once per profile: the tables are made from its matchers).
                pub(crate) mod groups {
                    include!("groups.rs");
                }
                pub(crate) static PROFILE: super::Profile = super::Profile {
                    name: $name,
                    file: $file,
                    extends: $extends,
                    about: $about,
                    fans: &rules::FANS,
                    fan_by_name: &rules::FAN_BY_NAME,
                    rule_text: &rules::RULE_TEXT,
                    game: &rules::GAME,
                    calculate: |h| eval::evaluate(h, None),
                    total: eval::total,
                    cannot_win: eval::cannot_win,
                    explain: eval::explain,
                };
            }
        )*
        /// Every profile, `botzone` first.
        pub static PROFILES: &[&Profile] = &[$(&$id::PROFILE),*];
    };
}
crate::rules::profiles::for_each_profile!(profile_calculators);

/// Why a calculation came out as it did.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// Win flags as given, and after the flag rules.
    pub flags_given: WinFlags,
    /// The win flags after the flag rules (what the fans saw).
    pub flags_used: WinFlags,
    /// Every reading scored, in the order scored.
    pub readings: Vec<ReadingTrace>,
    /// Index into `readings` of the one kept.
    pub chosen: Option<usize>,
    /// The result: as [`calculate`] gives it.
    pub result: FanResult,
}

#[derive(Debug, Clone)]
/// One reading scored: the fans found, the omissions, the total and whether it was kept.
pub struct ReadingTrace {
    /// The reading.
    pub reading: Reading,
    /// Fans whose conditions held, before omissions.
    pub found: [u8; MAX_FAN_TABLE_SIZE],
    /// (omitting fan, omitted fan, how many) in the order applied.
    pub omissions: Vec<(u8, u8, u8)>,
    /// Fans counted.
    pub counts: [u8; MAX_FAN_TABLE_SIZE],
    /// Its total fan.
    pub total: i32,
    /// Why this reading was kept or passed over.
    pub verdict: Verdict,
}

/// Why a reading was kept or passed over. `Display` (and [`Verdict::as_str`])
/// give the words the audit prints and its JSON `verdict` field carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Scored but not yet compared; every reading of a returned
    /// [`Explanation`] has one of the other verdicts.
    Unjudged,
    /// The special reading (seven pairs, thirteen orphans, ...), kept so far.
    SpecialKept,
    /// The special reading, replaced by a later regular reading.
    SpecialReplaced,
    /// A regular reading with a higher total than the one kept: kept.
    HigherTotal,
    /// Equal total, and a tie-break rule prefers it: kept.
    TieBreakKept,
    /// Kept at the time, replaced by a later reading.
    Replaced,
    /// Equal total without a tie-break: the earlier reading stays.
    EqualEarlierStays,
    /// Lower total: passed over.
    LowerTotal,
}

impl Verdict {
    /// The verdict in words, as `mcr fan --explain` shows it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Unjudged => "not compared",
            Verdict::SpecialKept => "special reading: kept",
            Verdict::SpecialReplaced => "special reading: replaced",
            Verdict::HigherTotal => "higher total: kept",
            Verdict::TieBreakKept => "equal total, tie-break rule: kept",
            Verdict::Replaced => "replaced by a later reading",
            Verdict::EqualEarlierStays => "equal total: the earlier reading stays",
            Verdict::LowerTotal => "lower total: passed over",
        }
    }

    /// Whether the reading is the one kept so far.
    pub fn is_kept(self) -> bool {
        matches!(self, Verdict::SpecialKept | Verdict::HigherTotal | Verdict::TieBreakKept)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One entry of the fan table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FanInfo {
    /// Its index in the profile's fan table.
    pub index: u8,
    /// Its Chinese name (清龙).
    pub name: &'static str,
    /// Its English name (Pure Straight).
    pub name_en: &'static str,
    /// Its value in fan.
    pub value: u16,
    /// `Some(on)` for a non-official fan the rules mark as an extension.
    pub extension: Option<bool>,
}

/// "`fan` omits `limit` of this fan (0 = all of it)".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Omit {
    /// The omitting fan.
    pub fan: u8,
    /// How many counts it omits (0: all).
    pub limit: u8,
}

/// Fans found in a reading: counts by fan index, and the set of fans
/// counted (so passes over the fans visit only those present).
#[derive(Clone, Copy)]
pub struct Tally {
    /// Counts by fan index.
    pub counts: [u8; MAX_FAN_TABLE_SIZE],
    /// Bit `i` set when fan `i` counts.
    pub present: u128,
}

impl Tally {
    /// No fan.
    pub const EMPTY: Tally = Tally { counts: [0; MAX_FAN_TABLE_SIZE], present: 0 };

    #[inline]
    /// Sets fan `fan`'s count to `n` (0 removes it).
    pub fn set(&mut self, fan: u8, n: u8) {
        self.counts[fan as usize] = n;
        self.present = self.present & !(1 << fan) | ((n > 0) as u128) << fan;
    }

    /// Counts a fan not yet counted once when `on`, without a branch (the
    /// hand fans are many and their conditions hard to predict).
    #[inline]
    pub fn set_if(&mut self, fan: u8, on: bool) {
        debug_assert_eq!(self.counts[fan as usize], 0);
        self.counts[fan as usize] = on as u8;
        self.present |= (on as u128) << fan;
    }

    #[inline]
    /// Adds `n` to fan `fan`'s count.
    pub fn add(&mut self, fan: u8, n: u8) {
        self.set(fan, self.counts[fan as usize] + n);
    }

    /// The fans present, in index order.
    pub fn fans(&self) -> impl Iterator<Item = usize> {
        fans_of(self.present)
    }

    /// The total under a fan table.
    pub fn total(&self, table: &[FanInfo]) -> i32 {
        self.fans().map(|i| self.counts[i] as i32 * table[i].value as i32).sum()
    }
}

/// The fans of a fan set, in index order.
pub(crate) fn fans_of(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Result of one calculation: the raw code the reference returns (total fan,
/// or -1 wrong tile count, -3 not a winning hand) and how many times each fan
/// counted, by fan index in the profile's fan table (`profile.fans`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FanResult {
    /// The raw result: the total fan, or [`WRONG_TILE_COUNT`], [`TILE_MORE_THAN_4`], [`NOT_WIN`].
    pub result: i32,
    /// How many times each fan counted, by fan index.
    pub counts: [u8; MAX_FAN_TABLE_SIZE],
    /// The profile that scored it.
    pub profile: &'static Profile,
}

/// Result code: the hand has the wrong number of tiles.
pub const WRONG_TILE_COUNT: i32 = -1;
/// Result code: the hand holds a kind more than four times.
pub const TILE_MORE_THAN_4: i32 = -2;
/// Result code: the hand does not win.
pub const NOT_WIN: i32 = -3;

impl FanResult {
    /// (fan, count) in fan-index order.
    pub fn fans(&self) -> impl Iterator<Item = (&'static FanInfo, u8)> + '_ {
        let table = self.profile.fans;
        self.counts.iter().enumerate().filter(|(_, &c)| c > 0).map(move |(i, &c)| (&table[i], c))
    }
    /// The fan list as the reference gives it: (name, value, count) rows in
    /// fan-index order; empty when the hand does not win. `mcr hands` and
    /// the tests compare it with the corpora's `fan` lists; `mcr waits` and the
    /// environment's game records write it.
    pub fn fan_list(&self) -> Vec<(String, i32, i32)> {
        if !self.is_win() {
            return Vec::new();
        }
        self.fans().map(|(f, c)| (f.name.to_string(), f.value as i32, c as i32)).collect()
    }
    /// The hand wins (a total, not an error code).
    pub fn is_win(&self) -> bool {
        self.result >= 0
    }
}

/// Looks a fan up by its Chinese or English name.
pub fn fan_by_name(name: &str) -> Option<&'static FanInfo> {
    crate::rules::fans::FAN_BY_NAME.get(name).map(|&i| &FANS[i as usize])
}

/// Full calculation with the fan list (profile `botzone`).
pub fn calculate(hand: &HandInput) -> FanResult {
    botzone::eval::evaluate(hand, None)
}

/// Only the raw result (what canHu needs); skips the work of winning
/// hands' fan lists where it can (profile `botzone`).
pub fn calculate_total(hand: &HandInput) -> i32 {
    botzone::eval::total(hand)
}

/// The calculation with its reasons (profile `botzone`).
///
/// ```
/// use mcr_core::{fans, notation};
///
/// let hand = notation::parse_hand("123m 456m 789m 55s 23p +4p")?;
/// let why = fans::explain(&hand);
/// assert_eq!(why.result.result, 20);
/// // Every reading weighed, and the one kept.
/// let kept = &why.readings[why.chosen.unwrap()];
/// assert_eq!(kept.total, 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain(hand: &HandInput) -> Explanation {
    botzone::eval::explain(hand)
}

/// [`calculate`] under a profile.
pub fn calculate_with(profile: &Profile, hand: &HandInput) -> FanResult {
    (profile.calculate)(hand)
}

/// [`calculate_total`] under a profile.
pub fn calculate_total_with(profile: &Profile, hand: &HandInput) -> i32 {
    (profile.total)(hand)
}

/// [`explain`] under a profile.
pub fn explain_with(profile: &Profile, hand: &HandInput) -> Explanation {
    (profile.explain)(hand)
}
