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
    /// Each fan's rule as written (`when`/`count`, then `; at_most N` if
    /// it has one), and its line.
    pub rule_text: &'static [(&'static str, u32)],
    /// The game's rules around the fans: minimum, scores, penalty.
    pub game: &'static GameRules,
    pub(crate) calculate: fn(&HandInput) -> FanResult,
    pub(crate) total: fn(&HandInput) -> i32,
    pub(crate) cannot_win: fn(&[u8; crate::tiles::TILE_KINDS], usize) -> bool,
    pub(crate) explain: fn(&HandInput) -> Explanation,
}

/// The game's rules around the fans (`game` lines of the rules; `botzone`
/// has the judge's: 8, 8, 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRules {
    /// A HU below this many fan is a false win (WH).
    pub min_fan: i32,
    /// What each loser pays on top of the fan.
    pub base_score: i32,
    /// A false win: the offender pays this to each other seat.
    pub false_win_penalty: i32,
    /// How the judge's displays look (`game display`).
    pub display: Displays,
}

/// How the judge's displays look: the rule `game display` of a profile.
/// Only the display changes; the game and its requests are the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Displays {
    /// The Botzone platform's judge, as its real match logs show it: INIT
    /// shows `canHu` `[0,0,0,0]` and `tileCnt` `[21,21,21,21]` and no `strlen`;
    /// on PLAY, PENG and CHI the discarder's `canHu` is -4 (not asked); HU
    /// and the verdict displays (WA, WH, a platform verdict) carry `tileCnt`.
    Platform,
    /// The public `judge/main.cpp`: INIT shows `canHu` -4 and `strlen`
    /// (also on a wrong answer to INIT); the discarder's `canHu` is the
    /// calculator's answer; HU and the verdict displays carry no `tileCnt`.
    PublicJudge,
}

impl GameRules {
    /// Scores of a HU with `fan` fan by `winner`: self-drawn, every other
    /// seat pays base + fan; else the discarder (`payer`) pays base + fan
    /// and the others base.
    ///
    /// ```
    /// use mcr_core::fans::Profile;
    ///
    /// let rules = Profile::default().game; // botzone: base 8
    /// assert_eq!(rules.hu_scores(0, 8, None), [48, -16, -16, -16]);
    /// assert_eq!(rules.hu_scores(0, 8, Some(2)), [32, -8, -16, -8]);
    /// ```
    pub fn hu_scores(&self, winner: u8, fan: i32, payer: Option<u8>) -> [i32; 4] {
        let b = self.base_score;
        let mut score = [0; 4];
        for (seat, s) in score.iter_mut().enumerate() {
            let seat = seat as u8;
            *s = match payer {
                None if seat == winner => 3 * (b + fan),
                None => -(b + fan),
                Some(_) if seat == winner => 3 * b + fan,
                Some(p) if seat == p => -(b + fan),
                Some(_) => -b,
            };
        }
        score
    }

    /// Scores of a false win by `offender`.
    pub fn false_win_scores(&self, offender: u8) -> [i32; 4] {
        let mut s = [self.false_win_penalty; 4];
        s[offender as usize] = -3 * self.false_win_penalty;
        s
    }
}

impl Profile {
    /// A profile by name (`botzone`, `strict-98`, ...).
    ///
    /// ```
    /// use mcr_core::fans::Profile;
    ///
    /// assert_eq!(Profile::default().name, "botzone");
    /// assert!(Profile::by_name("pymahjonggb-1.4").is_some());
    /// assert!(Profile::by_name("no-such-profile").is_none());
    /// ```
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

    /// [`crate::fans::calculate`] under this profile.
    pub fn calculate(&'static self, hand: &HandInput) -> FanResult {
        (self.calculate)(hand)
    }

    /// [`crate::fans::calculate_total`] under this profile.
    pub fn calculate_total(&'static self, hand: &HandInput) -> i32 {
        (self.total)(hand)
    }

    /// Whether the total of any hand with these concealed counts (the win
    /// tile counted) beside `packs` melds is [`super::NOT_WIN`], known
    /// without building the hand: the calculator's own first check.
    pub fn cannot_win(&self, concealed: &[u8; crate::tiles::TILE_KINDS], packs: usize) -> bool {
        (self.cannot_win)(concealed, packs)
    }

    /// [`crate::fans::explain`] under this profile.
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
