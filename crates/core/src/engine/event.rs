//! What one judge step produces: a typed event (the display's content), the
//! canHu values and the wall counts. Requests and JSON are derived from it
//! only when asked for (`protocol.rs`).

use crate::engine::state::DEALT;
use crate::fans::FanResult;
use crate::tiles::Tile;

#[derive(Clone, Debug, PartialEq, Eq)]
/// What one judge step shows: the display's event.
pub enum Event {
    /// Game start: seat numbers and the prevalent wind.
    Init {
        /// The prevalent wind, 0 east to 3 north.
        quan: u8,
        /// The judge's random seed.
        srand: u32,
        /// The length of the wall's text as the judge read it.
        strlen: usize,
    },
    /// 13 tiles to each seat, in the order dealt.
    Deal {
        /// Each seat's dealt tiles.
        hands: [[Tile; DEALT]; 4],
    },
    /// `player` drew `tile`.
    Draw {
        /// The seat.
        player: u8,
        /// The tile.
        tile: Tile,
    },
    /// `player` discarded `tile`.
    Play {
        /// The seat.
        player: u8,
        /// The tile.
        tile: Tile,
    },
    /// `player` punged the live discard and discarded `tile`.
    Peng {
        /// The seat.
        player: u8,
        /// The tile discarded after the pung.
        tile: Tile,
    },
    /// `player` chowed the live discard into the run around `middle` and
    /// discarded `tile`.
    Chi {
        /// The seat.
        player: u8,
        /// The chow's middle tile.
        middle: Tile,
        /// The tile discarded after the chow.
        tile: Tile,
    },
    /// A melded kong of the live discard or a concealed kong.
    Gang {
        /// The seat.
        player: u8,
        /// The kong's kind.
        tile: Tile,
    },
    /// A pung promoted to a kong.
    BuGang {
        /// The seat.
        player: u8,
        /// The kong's kind.
        tile: Tile,
    },
    /// Wall exhausted for the next drawer: a draw game.
    Huang,
    /// `player` won: its fans, and the four seats' scores.
    Hu {
        /// The winning seat.
        player: u8,
        /// The winning hand's fans.
        fans: FanResult,
        /// The four seats' scores.
        score: [i32; 4],
    },
    /// Verdict `WA`: an illegal or malformed answer; or, with `platform`, the
    /// verdict the platform gave a seat that failed to answer (`TLE`, `MLE`,
    /// `RE`, ...: the judge's `playerError` with that code, scored as WA).
    /// `strlen` is still on the display when the offending answer was to the
    /// INIT request.
    WrongAnswer {
        /// The offending seat.
        player: u8,
        /// The wall text length shown, on an answer to INIT.
        strlen: Option<usize>,
        /// The platform's verdict, when the seat failed to answer.
        platform: Option<Box<str>>,
    },
    /// Verdict `WH`: HU with fewer than 8 fan (or a hand that does not win).
    WrongHu {
        /// The offending seat.
        player: u8,
        /// The calculator's result for the hand.
        fans: FanResult,
    },
}

/// Scores of a verdict: -30 for the offender, +10 for the others.
#[inline]
pub fn verdict_scores(offender: u8) -> [i32; 4] {
    let mut s = [10; 4];
    s[offender as usize] = -30;
    s
}

impl Event {
    /// The display's `action`.
    #[inline]
    pub fn action(&self) -> &str {
        match self {
            Event::WrongAnswer { platform: Some(v), .. } => v,
            _ => self.static_action(),
        }
    }

    /// The action of the event's kind, a platform verdict counted as `WA`
    /// (what [`Event::action`] shows for every other event).
    #[inline]
    pub fn kind_action(&self) -> &'static str {
        match self {
            Event::WrongAnswer { .. } => "WA",
            _ => self.static_action(),
        }
    }

    fn static_action(&self) -> &'static str {
        match self {
            Event::Init { .. } => "INIT",
            Event::Deal { .. } => "DEAL",
            Event::Draw { .. } => "DRAW",
            Event::Play { .. } => "PLAY",
            Event::Peng { .. } => "PENG",
            Event::Chi { .. } => "CHI",
            Event::Gang { .. } => "GANG",
            Event::BuGang { .. } => "BUGANG",
            Event::Huang => "HUANG",
            Event::Hu { .. } => "HU",
            Event::WrongAnswer { .. } => "WA",
            Event::WrongHu { .. } => "WH",
        }
    }

    /// The platform's verdict when the game ended on one (`TLE`, ...).
    #[inline]
    pub fn platform_verdict(&self) -> Option<&str> {
        match self {
            Event::WrongAnswer { platform: Some(v), .. } => Some(v),
            _ => None,
        }
    }

    /// The seat the event is about, if any.
    pub fn player(&self) -> Option<u8> {
        match *self {
            Event::Init { .. } | Event::Deal { .. } | Event::Huang => None,
            Event::Draw { player, .. }
            | Event::Play { player, .. }
            | Event::Peng { player, .. }
            | Event::Chi { player, .. }
            | Event::Gang { player, .. }
            | Event::BuGang { player, .. }
            | Event::Hu { player, .. }
            | Event::WrongAnswer { player, .. }
            | Event::WrongHu { player, .. } => Some(player),
        }
    }

    /// The game ends with this event.
    #[inline]
    pub fn is_terminal(&self) -> bool {
        matches!(self, Event::Huang | Event::Hu { .. } | Event::WrongAnswer { .. } | Event::WrongHu { .. })
    }

    /// Final scores of a terminal event (all 0 for a draw game).
    pub fn scores(&self) -> Option<[i32; 4]> {
        match self {
            Event::Huang => Some([0; 4]),
            Event::Hu { score, .. } => Some(*score),
            Event::WrongAnswer { player, .. } => Some(verdict_scores(*player)),
            // The false-win penalty of the profile that scored the hand.
            Event::WrongHu { player, fans } => Some(fans.profile.game.false_win_scores(*player)),
            _ => None,
        }
    }
}

/// One step's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// What happened.
    pub event: Event,
    /// The display's `canHu`: -4 where not evaluated, otherwise the
    /// calculator's raw result for that seat.
    pub can_hu: [i32; 4],
    /// Tiles left in each seat's wall segment after the event.
    pub tile_cnt: [u8; 4],
    /// The displays of the profile that played the turn (`game display`):
    /// which keys [`Turn::display`] shows.
    pub displays: crate::fans::Displays,
}

impl Turn {
    /// The game ended on this turn (HU, HUANG or a verdict).
    #[inline]
    pub fn is_terminal(&self) -> bool {
        self.event.is_terminal()
    }
}
