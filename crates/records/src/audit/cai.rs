//! The win flags a "cai-style" replay layer derives from the public event
//! stream: the FeatureAgent of the IJCAI MCR baseline (`feature.py`), copied
//! by most Botzone MCR bots and RL codebases, which scores a win with
//! pymahjonggb on flags of its own making. This is a second *flag source*
//! fed with the engine's events; the hand and the scoring stay the engine's
//! and the calculator's.
//!
//! Its model, as the layer keeps it:
//! - `shownTiles`: +1 for every discard (the discard that follows a PENG or
//!   CHI included), +2 for a PENG, for a CHI -1 on the claimed tile and +1 on
//!   each tile of the run, +3 for a melded kong, 0 for a concealed kong, +1
//!   for a promoted kong (BUGANG). A check on a discard or a promoted kong
//!   happens after that event's increment; a check on a self draw before the
//!   drawn tile is counted anywhere (it never is).
//! - is4thTile = `shownTiles[win] == 4`: on a self-drawn win it is never
//!   true, so 和绝张 never fires there. The corrected model is
//!   `shownTiles[win] + (1 if self-drawn) == 4`.
//! - isAboutKong: true on a self draw that follows the drawer's own kong
//!   (melded, concealed or promoted) and on robbing a promoted kong; false
//!   on a discard.
//! - isWallLast: the wall segment of the seat after the drawer (the
//!   discarder, the kong player) is empty at that event.
//!
//! Where a copy was shown, and which kong preceded the win, are kept as
//! evidence for both this model and the judge's flags.

use mcr_core::engine::{Event, Turn};
use mcr_core::hand::WinFlags;
use mcr_core::tiles::{Tile, TILE_KINDS};

/// One event that made copies of a tile visible, and what the cai-style
/// layer added to its `shownTiles` for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Index of the turn in the record (0 = INIT).
    pub turn: usize,
    /// The seat whose event it was.
    pub seat: u8,
    /// The display's action: PLAY, PENG, CHI, GANG, BUGANG.
    pub action: &'static str,
    /// "discard" (a PLAY, or the discard of a PENG or CHI), "pung" (the two
    /// tiles from the hand), "chow" (a run tile from the hand), "chow
    /// (claimed)" (the claimed tile, already shown by its discard), "kong"
    /// (a melded kong's three from the hand), "promoted kong".
    pub what: &'static str,
    /// The tile.
    pub tile: Tile,
    /// The cai-style layer's `shownTiles` increment (negative for the
    /// claimed tile of a CHI, which its run then counts again).
    pub cai_delta: i8,
}

mcr_core::ser_struct! { Shown;
    "turn" => turn,
    "seat" => seat,
    "action" => action,
    "what" => what,
    "tile" => tile,
    "cai_delta" => cai_delta,
}

/// A kong declared during the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kong {
    /// Index of the turn in the record.
    pub turn: usize,
    /// The seat that declared it.
    pub seat: u8,
    /// "melded", "concealed" or "promoted".
    pub kind: &'static str,
    /// The kong's kind.
    pub tile: Tile,
}

mcr_core::ser_struct! { Kong;
    "turn" => turn,
    "seat" => seat,
    "kind" => kind,
    "tile" => tile,
}

/// Which event the win is checked on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The winner's own draw (zimo).
    SelfDraw,
    /// Another seat's discard (ron), the discard after a PENG or CHI included.
    Discard,
    /// Another seat's promoted kong (robbing the kong).
    RobKong,
}

mcr_core::ser_unit_enum! { Check; SelfDraw = "self_draw", Discard = "discard", RobKong = "rob_kong" }

/// The two models' flags at the winning event, with what they rest on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaiFlags {
    /// Which event the win is checked on.
    pub check: Check,
    /// The layer's `shownTiles[win tile]` at the check.
    pub shown_tiles: i16,
    /// Flags as the cai-style layer passes them to the calculator.
    pub cai: WinFlagsOut,
    /// The same with is4thTile corrected.
    pub corrected: WinFlagsOut,
    /// The kong that makes isAboutKong true, if any.
    pub kong: Option<Kong>,
    /// The seat whose wall segment decides isWallLast, and what it held.
    pub wall_seat: u8,
    /// The tiles left in that segment.
    pub wall_left: u8,
}

mcr_core::ser_struct! { CaiFlags;
    "check" => check,
    "shown_tiles" => shown_tiles,
    "cai" => cai,
    "corrected" => corrected,
    "kong" => kong,
    "wall_seat" => wall_seat,
    "wall_left" => wall_left,
}

/// Win flags in the calculator's words, as JSON keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WinFlagsOut {
    /// The win was self-drawn.
    pub self_drawn: bool,
    /// The win tile was the last of its kind.
    pub fourth_tile: bool,
    /// The win was on a kong replacement or robbed a kong.
    pub about_kong: bool,
    /// The win tile was the wall's last.
    pub wall_last: bool,
}

mcr_core::ser_struct! { WinFlagsOut;
    "self_drawn" => self_drawn,
    "fourth_tile" => fourth_tile,
    "about_kong" => about_kong,
    "wall_last" => wall_last,
}

impl From<WinFlags> for WinFlagsOut {
    fn from(f: WinFlags) -> Self {
        WinFlagsOut {
            self_drawn: f.self_drawn,
            fourth_tile: f.fourth_tile,
            about_kong: f.about_kong,
            wall_last: f.wall_last,
        }
    }
}

impl From<WinFlagsOut> for WinFlags {
    fn from(f: WinFlagsOut) -> Self {
        WinFlags {
            self_drawn: f.self_drawn,
            fourth_tile: f.fourth_tile,
            about_kong: f.about_kong,
            wall_last: f.wall_last,
            // A game replay never wins with the dealt hand in the flags the
            // judge passes (blessings are a profile of hands, not games).
            initial: false,
        }
    }
}

/// The flag names of the FeatureAgent's calculator call.
pub const FLAG_NAMES: [&str; 4] = ["isSelfDrawn", "is4thTile", "isAboutKong", "isWallLast"];

impl WinFlagsOut {
    /// Flag `i` (0 self-drawn, 1 fourth tile, 2 about kong, 3 wall last).
    pub fn get(&self, i: usize) -> bool {
        [self.self_drawn, self.fourth_tile, self.about_kong, self.wall_last][i]
    }
    /// The flags with flag `i` set to `on`.
    pub fn with(mut self, i: usize, on: bool) -> WinFlagsOut {
        match i {
            0 => self.self_drawn = on,
            1 => self.fourth_tile = on,
            2 => self.about_kong = on,
            _ => self.wall_last = on,
        }
        self
    }
}

/// The event the tracker saw last.
#[derive(Clone, Copy, Debug)]
struct Current {
    turn: usize,
    action: &'static str,
    player: u8,
    tile: Tile,
    /// The kong this draw follows (a draw's own), for isAboutKong.
    draw_kong: Option<Kong>,
}

/// Follows the engine's events as a cai-style layer would.
#[derive(Clone, Debug)]
pub struct Tracker {
    shown: [i16; TILE_KINDS],
    log: Vec<Shown>,
    /// The live discard and its discarder.
    live: Option<(Tile, u8)>,
    /// Per seat: a kong not yet followed by that seat's draw (isAboutKong).
    pending_kong: [Option<Kong>; 4],
    /// The latest kong, forgotten once another seat acts.
    last_kong: Option<Kong>,
    tile_cnt: [u8; 4],
    current: Option<Current>,
}

impl Default for Tracker {
    fn default() -> Self {
        Tracker::new()
    }
}

impl Tracker {
    /// A tracker at the start of a game.
    pub fn new() -> Tracker {
        Tracker {
            shown: [0; TILE_KINDS],
            log: Vec::new(),
            live: None,
            pending_kong: [None; 4],
            last_kong: None,
            tile_cnt: [0; 4],
            current: None,
        }
    }

    fn show(&mut self, turn: usize, seat: u8, action: &'static str, what: &'static str, tile: Tile, delta: i8) {
        self.shown[tile.index()] += delta as i16;
        self.log.push(Shown { turn, seat, action, what, tile, cai_delta: delta });
    }

    fn kong(&mut self, turn: usize, seat: u8, kind: &'static str, tile: Tile) {
        let k = Kong { turn, seat, kind, tile };
        self.pending_kong[seat as usize % 4] = Some(k);
        self.last_kong = Some(k);
        self.live = None;
    }

    /// Takes the event of record turn `turn` (terminal events are ignored).
    pub fn observe(&mut self, turn: usize, t: &Turn) {
        self.tile_cnt = t.tile_cnt;
        let Some(player) = t.event.player() else {
            return;
        };
        if t.event.is_terminal() {
            return;
        }
        if self.last_kong.is_some_and(|k| k.seat != player) {
            self.last_kong = None;
        }
        let action = t.event.kind_action();
        let cur = |tile: Tile, draw_kong: Option<Kong>| Some(Current { turn, action, player, tile, draw_kong });
        self.current = match t.event {
            Event::Draw { tile, .. } => {
                self.live = None;
                let k = self.pending_kong[player as usize % 4].take();
                cur(tile, k)
            }
            Event::Play { tile, .. } => {
                self.show(turn, player, action, "discard", tile, 1);
                self.live = Some((tile, player));
                cur(tile, None)
            }
            Event::Peng { tile, .. } => {
                if let Some((claimed, _)) = self.live {
                    self.show(turn, player, action, "pung", claimed, 2);
                }
                self.show(turn, player, action, "discard", tile, 1);
                self.live = Some((tile, player));
                cur(tile, None)
            }
            Event::Chi { middle, tile, .. } => {
                // The claimed tile: -1, and +1 as a tile of the run (one
                // entry, net 0: its discard already counted it).
                let claimed = self.live.map(|(t, _)| t);
                let run = [middle.prev(), Some(middle), middle.next()];
                if let Some(c) = claimed.filter(|c| !run.contains(&Some(*c))) {
                    self.show(turn, player, action, "chow", c, -1);
                }
                for t in run.into_iter().flatten() {
                    if Some(t) == claimed {
                        self.show(turn, player, action, "chow (claimed)", t, 0);
                    } else {
                        self.show(turn, player, action, "chow", t, 1);
                    }
                }
                self.show(turn, player, action, "discard", tile, 1);
                self.live = Some((tile, player));
                cur(tile, None)
            }
            Event::Gang { tile, .. } => {
                if self.live.is_some() {
                    self.show(turn, player, action, "kong", tile, 3);
                    self.kong(turn, player, "melded", tile);
                } else {
                    self.kong(turn, player, "concealed", tile);
                }
                cur(tile, None)
            }
            Event::BuGang { tile, .. } => {
                self.show(turn, player, action, "promoted kong", tile, 1);
                self.kong(turn, player, "promoted", tile);
                cur(tile, None)
            }
            _ => None,
        };
    }

    /// The latest kong, if no other seat has acted since (what the judge's
    /// about-kong flag rests on).
    pub fn last_kong(&self) -> Option<Kong> {
        self.last_kong
    }

    /// Every event that showed a copy of `tile`, in order.
    pub fn shown_of(&self, tile: Tile) -> impl Iterator<Item = &Shown> {
        self.log.iter().filter(move |s| s.tile == tile)
    }

    /// Wall tiles left per seat at the last event.
    pub fn tile_cnt(&self) -> [u8; 4] {
        self.tile_cnt
    }

    /// The index of the last event taken, and its seat.
    pub fn current(&self) -> Option<(usize, u8)> {
        self.current.map(|c| (c.turn, c.player))
    }

    /// The flags both models give `winner` on the last event taken; `None`
    /// when no win can be checked on it (the winner's own discard, say).
    pub fn flags(&self, winner: u8) -> Option<CaiFlags> {
        let c = self.current?;
        let check = match c.action {
            "DRAW" if c.player == winner => Check::SelfDraw,
            "PLAY" | "PENG" | "CHI" if c.player != winner => Check::Discard,
            "BUGANG" if c.player != winner => Check::RobKong,
            _ => return None,
        };
        let shown = self.shown[c.tile.index()];
        let wall_seat = (c.player + 1) % 4;
        let wall_left = self.tile_cnt[wall_seat as usize];
        let (about_kong, kong) = match check {
            Check::SelfDraw => (c.draw_kong.is_some(), c.draw_kong),
            Check::Discard => (false, None),
            Check::RobKong => (true, self.last_kong),
        };
        let self_drawn = check == Check::SelfDraw;
        let cai = WinFlagsOut { self_drawn, fourth_tile: shown == 4, about_kong, wall_last: wall_left == 0 };
        let corrected = WinFlagsOut { fourth_tile: shown + self_drawn as i16 == 4, ..cai };
        Some(CaiFlags { check, shown_tiles: shown, cai, corrected, kong, wall_seat, wall_left })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        Tile::parse(s).unwrap()
    }

    fn turn(event: Event, tile_cnt: [u8; 4]) -> Turn {
        Turn { event, can_hu: [-4; 4], tile_cnt, displays: mcr_core::fans::Displays::PublicJudge }
    }

    /// The layer's arithmetic, event by event, and its flags at each check.
    #[test]
    fn shown_tiles_and_flags_follow_the_layer() {
        let mut tr = Tracker::new();
        let w = [20, 20, 20, 20];
        let mut k = 2;
        let mut feed = |tr: &mut Tracker, e: Event, cnt: [u8; 4]| {
            tr.observe(k, &turn(e, cnt));
            k += 1;
        };
        feed(&mut tr, Event::Draw { player: 0, tile: t("W1") }, w);
        feed(&mut tr, Event::Play { player: 0, tile: t("W5") }, w);
        assert_eq!(tr.shown[t("W5").index()], 1);
        // A ron check on a discard comes after its +1.
        let f = tr.flags(1).unwrap();
        assert_eq!((f.check, f.shown_tiles, f.cai.self_drawn, f.cai.about_kong), (Check::Discard, 1, false, false));
        // PENG of W5 (+2) and its discard B1 (+1).
        feed(&mut tr, Event::Peng { player: 1, tile: t("B1") }, w);
        assert_eq!((tr.shown[t("W5").index()], tr.shown[t("B1").index()]), (3, 1));
        // CHI of B1 into B1-B2-B3: the claimed tile nets 0, the others +1;
        // its discard T9 +1.
        feed(&mut tr, Event::Chi { player: 2, middle: t("B2"), tile: t("T9") }, w);
        let b = |s: &str| tr.shown[t(s).index()];
        assert_eq!((b("B1"), b("B2"), b("B3"), b("T9")), (1, 1, 1, 1));
        // A melded kong of the live T9: +3; the kong player's draw is about
        // kong; a self draw is checked before the drawn tile counts.
        feed(&mut tr, Event::Gang { player: 3, tile: t("T9") }, w);
        assert_eq!(tr.shown[t("T9").index()], 4);
        feed(&mut tr, Event::Draw { player: 3, tile: t("W5") }, [20, 20, 20, 19]);
        let f = tr.flags(3).unwrap();
        assert_eq!((f.check, f.shown_tiles), (Check::SelfDraw, 3));
        assert!(!f.cai.fourth_tile && f.corrected.fourth_tile, "the layer misses 和绝张 on a self draw");
        assert!(f.cai.about_kong && f.cai.self_drawn);
        assert_eq!(f.kong.map(|k| (k.turn, k.kind)), Some((6, "melded")));
        assert!(tr.flags(0).is_none(), "nobody else wins on seat 3's draw");
        // The next draw of the same seat is no longer about kong.
        feed(&mut tr, Event::Play { player: 3, tile: t("J1") }, [20, 20, 20, 19]);
        feed(&mut tr, Event::Draw { player: 0, tile: t("F1") }, [19, 20, 20, 19]);
        // A concealed kong shows nothing; the replacement draw is about kong.
        feed(&mut tr, Event::Gang { player: 0, tile: t("F1") }, [19, 20, 20, 19]);
        assert_eq!(tr.shown[t("F1").index()], 0);
        feed(&mut tr, Event::Draw { player: 0, tile: t("B3") }, [18, 20, 20, 19]);
        let f = tr.flags(0).unwrap();
        assert_eq!(f.kong.map(|k| k.kind), Some("concealed"));
        assert!(f.cai.about_kong);
        // A promoted kong: +1, and robbing it is about kong; wall-last reads
        // the segment of the seat after the kong player.
        feed(&mut tr, Event::BuGang { player: 0, tile: t("W5") }, [18, 0, 20, 19]);
        assert_eq!(tr.shown[t("W5").index()], 4);
        let f = tr.flags(2).unwrap();
        assert_eq!((f.check, f.shown_tiles, f.wall_seat, f.wall_left), (Check::RobKong, 4, 1, 0));
        assert!(f.cai.about_kong && f.cai.fourth_tile && f.cai.wall_last && !f.cai.self_drawn);
        assert_eq!(f.kong.map(|k| (k.seat, k.kind)), Some((0, "promoted")));
        // The log keeps what showed each copy of W5.
        let w5: Vec<(usize, &str, i8)> = tr.shown_of(t("W5")).map(|s| (s.turn, s.what, s.cai_delta)).collect();
        assert_eq!(w5, [(3, "discard", 1), (4, "pung", 2), (12, "promoted kong", 1)]);
    }
}
