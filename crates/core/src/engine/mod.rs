//! The Botzone judge's state machine: `reset` deals from a given wall, `step`
//! reads the four answers to the last request and produces the next event.
//!
//! One step is "read the answers" (may end the game: HU, WA, WH) followed by
//! "emit the next event" (may end it too: HUANG, or WA for a claim the wall
//! no longer allows). Facts reproduced here are documented in
//! `docs/src/judge_notes.md`.
//!
//! # Example
//!
//! ```
//! use mcr_core::engine::{Engine, Event};
//! use mcr_core::tiles::Tile;
//!
//! let wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
//! let mut engine = Engine::new();
//! engine.reset_tiles(&wall, 0, 1)?;
//! let turn = engine.step(["PASS"; 4])?; // the deal
//! assert!(matches!(turn.event, Event::Deal { .. }));
//! let turn = engine.step(["PASS"; 4])?; // seat 0 draws
//! let Event::Draw { player: 0, tile } = turn.event else { panic!("{:?}", turn.event) };
//! // Seat 0 discards the tile it drew; the others are asked about it.
//! let play = format!("PLAY {tile}");
//! let turn = engine.step([play.as_str(), "PASS", "PASS", "PASS"])?;
//! assert_eq!(turn.event, Event::Play { player: 0, tile });
//! # Ok::<(), mcr_core::engine::EngineError>(())
//! ```

pub mod answer;
pub mod arbitration;
pub(crate) mod event;
pub mod legal;
pub mod protocol;
pub mod seat_view;
pub mod state;
mod world;

use std::collections::BTreeMap;

use crate::fans::{self, FanResult};
use crate::hand::{HandInput, Pack, PackKind, WinFlags};
use crate::rules::claim_priority::ClaimAction;
use crate::tiles::{Tile, TILE_KINDS};
use answer::{Answer, Verb};
pub use event::{Event, Turn};
pub use legal::{Claim, Move};
use state::{Table, DEALT, SEGMENT};

/// Tiles in a wall.
pub const WALL_SIZE: usize = 4 * SEGMENT;

/// Bad input to the engine (never a judge verdict: those are events).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineError {
    /// The wall does not hold 136 tiles.
    WallSize(usize),
    /// A wall entry is no tile name.
    UnknownTile {
        /// The entry's position in the wall.
        index: usize,
        /// The entry.
        text: String,
    },
    /// A wall holds a kind a fifth time.
    FifthCopy {
        /// The position of the fifth copy in the wall.
        index: usize,
        /// The kind.
        tile: Tile,
    },
    /// The prevalent wind is out of 0..=3.
    BadQuan(i64),
    /// The seed is not a 32-bit integer.
    BadSrand(i64),
    /// `step` before `reset`.
    NotStarted,
    /// `step` after the game ended.
    GameOver,
    /// A seat's response is missing.
    MissingResponse(u8),
    /// A state the engine should never reach.
    Internal(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::WallSize(v0) => write!(f, "wall has {v0} tiles, expected {WALL_SIZE}"),
            EngineError::UnknownTile { index, text } => write!(f, "wall tile {index}: unknown tile {text:?}"),
            EngineError::FifthCopy { index, tile } => {
                write!(f, "wall tile {index}: a fifth {tile} (each kind must appear exactly 4 times)")
            }
            EngineError::BadQuan(v0) => write!(f, "quan {v0} out of range 0..=3"),
            EngineError::BadSrand(v0) => {
                write!(f, "srand {v0} is not a 32-bit integer (the judge would seed from the clock)")
            }
            EngineError::NotStarted => f.write_str("step before reset"),
            EngineError::GameOver => f.write_str("step after the end of the game"),
            EngineError::MissingResponse(v0) => write!(f, "no response for seat {v0}"),
            EngineError::Internal(v0) => write!(f, "internal error: {v0}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Why answer reading stopped early.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The game ended with this event.
    End(Event),
    Fault(EngineError),
}

impl Stop {
    #[inline]
    pub(crate) fn wrong_answer(player: u8) -> Stop {
        Stop::End(Event::WrongAnswer { player, strlen: None, platform: None })
    }
}

/// How the live discard came to be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DiscardKind {
    Play,
    Peng,
    Chi { middle: Tile },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum KongKind {
    /// Of the live discard.
    Melded,
    Concealed,
    /// A pung promoted: the others may rob it.
    Promoted,
}

/// The judge's `roundStage`: whose answers are awaited and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    NotStarted,
    Init,
    Deal,
    /// Seat has drawn `Engine::tile`.
    Draw(u8),
    /// Seat has discarded `Engine::tile`.
    Discard(u8, DiscardKind),
    /// Seat has declared a kong of `Engine::tile`.
    Kong(u8, KongKind),
    Over,
}

impl Stage {
    /// `roundStage % 4`: the seat whose turn it is.
    fn seat(self) -> u8 {
        match self {
            Stage::Draw(s) | Stage::Discard(s, _) | Stage::Kong(s, _) => s,
            _ => 0,
        }
    }
}

/// Plain data (about 460 bytes, no heap): a clone is one copy.
#[derive(Clone, Copy)]
pub struct Engine {
    table: Table,
    quan: u8,
    strlen: usize,
    stage: Stage,
    /// The judge's `lastTile`: drawn tile, discard or kong tile of the stage.
    tile: Tile,
    /// What the claim arbitration of the last step decided (None when the
    /// last step read no claims: INIT, DEAL, a draw).
    last_claim: Option<arbitration::ClaimDecision>,
    /// canHu of the last event (-4 where not evaluated): HU's legality reads
    /// it instead of scoring the hand twice.
    can_hu: [i32; 4],
    /// The rules hands are scored with (`botzone`, the judge's, by default).
    profile: &'static fans::Profile,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine under the default profile (`botzone`); call `reset` to deal.
    pub fn new() -> Engine {
        Engine {
            table: Table::new([[Tile::from_index(0); SEGMENT]; 4]),
            quan: 0,
            strlen: 0,
            stage: Stage::NotStarted,
            tile: Tile::from_index(0),
            last_claim: None,
            can_hu: [-4; 4],
            profile: fans::Profile::default(),
        }
    }

    /// An engine scoring with a rule profile (fans, minimum, scores).
    #[inline]
    pub fn with_profile(profile: &'static fans::Profile) -> Engine {
        Engine { profile, ..Engine::new() }
    }

    /// The profile it plays under.
    #[inline]
    pub fn profile(&self) -> &'static fans::Profile {
        self.profile
    }

    /// Starts a game: `wall` is the 136 tile names (seat s owns
    /// `wall[34s..34s+34]`), `quan` the prevalent wind 0..=3, `srand` the
    /// judge's seed (only echoed). Returns the INIT turn.
    pub fn reset<S: AsRef<str>>(&mut self, wall: &[S], quan: i64, srand: i64) -> Result<Turn, EngineError> {
        let (quan, srand) = start_values(wall.len(), quan, srand)?;
        let mut tiles = [Tile::from_index(0); WALL_SIZE];
        let mut strlen = WALL_SIZE - 1; // the spaces between names
        for (index, (text, slot)) in wall.iter().zip(&mut tiles).enumerate() {
            let text = text.as_ref();
            *slot = Tile::parse(text).map_err(|_| EngineError::UnknownTile { index, text: text.to_string() })?;
            strlen += text.len();
        }
        self.start(&tiles, strlen, quan, srand)
    }

    /// [`Engine::reset`] on a wall of tiles (as their names would give).
    #[inline]
    pub fn reset_tiles(&mut self, wall: &[Tile], quan: i64, srand: i64) -> Result<Turn, EngineError> {
        let (quan, srand) = start_values(wall.len(), quan, srand)?;
        let strlen = WALL_SIZE - 1 + wall.iter().map(|t| t.name().len()).sum::<usize>();
        self.start(wall, strlen, quan, srand)
    }

    /// A reset on checked values; `strlen`: the wall's length as a string
    /// of names and spaces.
    fn start(&mut self, wall: &[Tile], strlen: usize, quan: u8, srand: i32) -> Result<Turn, EngineError> {
        let mut segments = [[Tile::from_index(0); SEGMENT]; 4];
        let mut seen = [0u8; TILE_KINDS];
        for (index, &tile) in wall.iter().enumerate() {
            seen[tile.index()] += 1;
            if seen[tile.index()] > 4 {
                return Err(EngineError::FifthCopy { index, tile });
            }
            segments[index / SEGMENT][index % SEGMENT] = tile;
        }
        // 136 tiles with no kind above 4 is exactly 4 of each.
        self.table = Table::new(segments);
        self.quan = quan;
        self.strlen = strlen;
        self.stage = Stage::Init;
        self.tile = Tile::from_index(0);
        self.last_claim = None;
        self.can_hu = [-4; 4];
        // The judge's seed is an unsigned int: a negative seed shows wrapped.
        let event = Event::Init { quan: self.quan, srand: srand as u32, strlen };
        // The platform shows every seat's canHu as 0 at INIT.
        let can_hu = match self.profile.game.display {
            fans::Displays::Platform => [0; 4],
            fans::Displays::PublicJudge => [-4; 4],
        };
        Ok(self.turn(event, can_hu))
    }

    /// The game has ended (or never started).
    #[inline]
    pub fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Over | Stage::NotStarted)
    }

    /// Concealed tiles of `seat` by kind (the drawn tile joins the hand only
    /// once its drawer has answered).
    #[inline]
    pub fn hand(&self, seat: u8) -> [u8; TILE_KINDS] {
        *self.table.seats[seat as usize % 4].counts()
    }

    /// Melds of `seat`, with the calculator's offer encoding.
    #[inline]
    pub fn packs(&self, seat: u8) -> &[Pack] {
        self.table.seats[seat as usize % 4].packs()
    }

    /// How the claims on the event answered by the last `step` were decided,
    /// and by which level of `rules/claims.txt`; `None` when that step read
    /// no claims (INIT, DEAL, a draw).
    #[inline]
    pub fn last_claim(&self) -> Option<&arbitration::ClaimDecision> {
        self.last_claim.as_ref()
    }

    /// Copies of `tile` visible to everybody (passed discards and exposed
    /// melds; what the 4th-tile flag is decided on).
    #[inline]
    pub fn shown(&self, tile: Tile) -> u8 {
        self.table.shown[tile.index()]
    }

    /// The judge's `lastTile`: the tile the current request is about (the
    /// drawn tile, the live discard, the kong tile); claims name it implicitly.
    #[inline]
    pub fn current_tile(&self) -> Tile {
        self.tile
    }

    /// The prevalent wind (the judge's `quan`), 0 ..= 3.
    #[inline]
    pub fn quan(&self) -> u8 {
        self.quan
    }

    /// Tiles left in each seat's wall segment.
    #[inline]
    pub fn walls_remaining(&self) -> [u8; 4] {
        self.table.tile_counts()
    }

    /// Reads the four answers (by seat) and returns the next turn. The
    /// answers are the bots' response strings; the judge's own per-answer
    /// verdict (time limit, crash) is taken to be OK, as in the records.
    #[inline]
    pub fn step(&mut self, responses: [&str; 4]) -> Result<Turn, EngineError> {
        self.step_answers(responses.map(Answer::parse))
    }

    /// [`Engine::step`] on answers already read (as [`Answer::parse`] reads
    /// the strings).
    pub fn step_answers(&mut self, answers: [Answer; 4]) -> Result<Turn, EngineError> {
        let before = self.stage;
        self.last_claim = None;
        self.can_hu = [-4; 4];
        let read = match before {
            Stage::NotStarted => return Err(EngineError::NotStarted),
            Stage::Over => return Err(EngineError::GameOver),
            Stage::Init => self.all_pass(&answers, Stage::Deal, Some(self.strlen)),
            Stage::Deal => self.all_pass(&answers, Stage::Draw(0), None),
            Stage::Draw(s) => self.after_draw(s, &answers),
            Stage::Discard(s, _) => self.after_discard(s, &answers),
            Stage::Kong(s, _) => self.after_kong(s, &answers),
        };
        match read {
            Ok(()) => self.emit(before.seat()),
            Err(stop) => {
                self.stage = Stage::Over;
                match stop {
                    Stop::End(event) => Ok(self.turn(event, [-4; 4])),
                    Stop::Fault(e) => Err(e),
                }
            }
        }
    }

    /// `step` where the platform gave some seats a verdict instead of an
    /// answer (`verdicts[seat]`: `TLE`, `MLE`, `OLE`, `RE`, `NJ`, any string
    /// but `OK`; their `responses` are not read). The judge checks a seat's
    /// verdict when it first examines that seat, in its own order (INIT, DEAL
    /// and draws: seats 0..3; a discard: the discarder, then the next seats
    /// for HU; a kong: the kong player, then the next seats), so an answer
    /// examined earlier that ends the game (HU, a WA) wins over a later
    /// verdict. A verdict reached ends the game as the judge's `playerError`:
    /// display action = the verdict, player = the seat, scores -30 / +10.
    pub fn step_with_verdicts(
        &mut self,
        responses: [&str; 4],
        verdicts: [Option<&str>; 4],
    ) -> Result<Turn, EngineError> {
        // `OK` is the platform's word for an answer given.
        let verdicts = verdicts.map(|v| v.filter(|v| *v != "OK"));
        if verdicts.iter().any(Option::is_some) {
            if let Some(seat) = self.verdict_reached(&responses.map(Answer::parse), &verdicts) {
                let strlen = (self.stage == Stage::Init).then_some(self.strlen);
                let platform = verdicts[seat as usize].map(Box::from);
                self.stage = Stage::Over;
                self.last_claim = None;
                self.can_hu = [-4; 4];
                let event = Event::WrongAnswer { player: seat, strlen, platform };
                return Ok(self.turn(event, [-4; 4]));
            }
        }
        self.step(responses)
    }

    /// The seat whose verdict the judge reaches before any answer ends the
    /// game (see [`Engine::step_with_verdicts`]).
    fn verdict_reached(&self, answers: &[Answer; 4], verdicts: &[Option<&str>; 4]) -> Option<u8> {
        let (order, actor): ([u8; 4], Option<u8>) = match self.stage {
            Stage::NotStarted | Stage::Over => return None,
            Stage::Init | Stage::Deal => ([0, 1, 2, 3], None),
            Stage::Draw(_) => ([0, 1, 2, 3], None),
            Stage::Discard(s, _) | Stage::Kong(s, _) => (std::array::from_fn(|i| (s + i as u8) % 4), Some(s)),
        };
        for seat in order {
            if verdicts[seat as usize].is_some() {
                return Some(seat);
            }
            let answer = &answers[seat as usize];
            // Does examining this seat's answer end the game?
            let ends = match self.stage {
                Stage::Draw(d) if d == seat => self.drawer_claim(d, answer).is_none(),
                Stage::Discard(..) if Some(seat) != actor => answer.is_hu(),
                _ => !answer.is_pass(),
            };
            if ends {
                return None;
            }
        }
        None
    }

    /// The drawer's answer as a legal move (PLAY, a concealed or promoted
    /// kong); `None` for anything that ends the game (HU, WA).
    fn drawer_claim(&self, s: u8, answer: &Answer) -> Option<Claim> {
        if answer.arity != 1 {
            return None;
        }
        let tile = answer.args[0]?;
        let claim = match answer.verb {
            Verb::Play => Claim::Play(tile),
            Verb::Gang => Claim::AnGang(tile),
            Verb::BuGang => Claim::BuGang(tile),
            _ => return None,
        };
        self.drawer_may(s, claim).then_some(claim)
    }

    /// `step` with the answers as a record stores them (`"0"`..`"3"`).
    pub fn step_map(&mut self, responses: &BTreeMap<String, String>) -> Result<Turn, EngineError> {
        let mut r = [""; 4];
        for (seat, slot) in r.iter_mut().enumerate() {
            *slot = responses.get(protocol::SEAT_KEYS[seat]).ok_or(EngineError::MissingResponse(seat as u8))?;
        }
        self.step(r)
    }

    // ----------------------------------------------------------- answers

    /// After INIT and DEAL everybody must answer PASS (seats in order).
    fn all_pass(&mut self, answers: &[Answer; 4], next: Stage, strlen: Option<usize>) -> Result<(), Stop> {
        if let Some(seat) = (0..4u8).find(|&s| !answers[s as usize].is_pass()) {
            return Err(Stop::End(Event::WrongAnswer { player: seat, strlen, platform: None }));
        }
        self.stage = next;
        Ok(())
    }

    /// Seats are read in order 0..3; the drawer's answer decides the next
    /// stage, the others must PASS.
    fn after_draw(&mut self, drawer: u8, answers: &[Answer; 4]) -> Result<(), Stop> {
        for seat in 0..4u8 {
            if seat == drawer {
                self.drawer_action(drawer, &answers[seat as usize])?;
            } else if !answers[seat as usize].is_pass() {
                return Err(Stop::wrong_answer(seat));
            }
        }
        self.table.kong.rotate();
        Ok(())
    }

    fn drawer_action(&mut self, s: u8, answer: &Answer) -> Result<(), Stop> {
        let wa = || Err(Stop::wrong_answer(s));
        if answer.arity == 0 {
            return if answer.is_hu() { Err(self.declare_hu(s)) } else { wa() };
        }
        let Some(claim) = self.drawer_claim(s, answer) else { return wa() };
        let (Claim::Play(tile) | Claim::AnGang(tile) | Claim::BuGang(tile)) = claim else { return wa() };
        // The drawn tile joins the hand before the answer is applied.
        let drawn = self.tile;
        let seat = &mut self.table.seats[s as usize];
        let applied = seat.add(drawn)
            && match claim {
                Claim::Play(_) => seat.take(tile, 1),
                Claim::AnGang(_) => seat.take(tile, 4) && seat.push_pack(Pack::new(PackKind::Kong, tile, 0)),
                _ => seat.promote_pung(tile) && seat.take(tile, 1),
            };
        if !applied {
            return Err(not_applicable(s, claim));
        }
        self.tile = tile;
        match claim {
            Claim::Play(_) => self.stage = Stage::Discard(s, DiscardKind::Play),
            Claim::AnGang(_) => {
                self.table.kong.set_angang();
                self.stage = Stage::Kong(s, KongKind::Concealed);
            }
            _ => {
                self.table.shown[tile.index()] = 4;
                self.table.kong.set_bugang();
                self.stage = Stage::Kong(s, KongKind::Promoted);
            }
        }
        Ok(())
    }

    fn after_discard(&mut self, discarder: u8, answers: &[Answer; 4]) -> Result<(), Stop> {
        let levels = self.claim_levels().map_or(&[][..], |(levels, _)| levels);
        let mut decision = None;
        let granted = arbitration::arbitrate(levels, discarder, answers, &mut decision, |seat, action, answer| {
            self.claim_discard(discarder, seat, action, answer)
        });
        self.last_claim = decision;
        let granted = granted?;
        if granted.is_none() {
            self.table.shown[self.tile.index()] += 1;
            self.stage = Stage::Draw((discarder + 1) % 4);
        }
        Ok(())
    }

    fn claim_discard(&mut self, discarder: u8, p: u8, action: ClaimAction, answer: &Answer) -> Result<(), Stop> {
        if action == ClaimAction::Hu {
            return Err(self.declare_hu(p));
        }
        // Includes the wall check the judge makes when it emits the meld: the
        // verdict (WA for the claimer) is the same.
        if !self.discard_claim_ok(discarder, p, action, answer.args) {
            return Err(Stop::wrong_answer(p));
        }
        let claimed = self.tile;
        // Offer as the calculator wants it: where the tile came from, seen
        // from the claimer (1 left .. 3 right).
        let offer = (discarder + 4 - p) % 4;
        let seat = &mut self.table.seats[p as usize];
        let stuck = || Err(not_applicable(p, action));
        match action {
            ClaimAction::Hu => return stuck(),
            ClaimAction::Gang => {
                if !seat.take(claimed, 3) || !seat.push_pack(Pack::new(PackKind::Kong, claimed, offer)) {
                    return stuck();
                }
                self.table.shown[claimed.index()] = 4;
                self.table.kong.set_melded_gang();
                self.stage = Stage::Kong(p, KongKind::Melded);
            }
            ClaimAction::Peng => {
                let Some(discard) = answer.args[0] else { return stuck() };
                if !seat.take(claimed, 2)
                    || !seat.push_pack(Pack::new(PackKind::Pung, claimed, offer))
                    || !seat.take(discard, 1)
                {
                    return stuck();
                }
                self.table.shown[claimed.index()] += 3;
                self.tile = discard;
                self.stage = Stage::Discard(p, DiscardKind::Peng);
            }
            ClaimAction::Chi => {
                let (Some(middle), Some(discard)) = (answer.args[0], answer.args[1]) else { return stuck() };
                let Some(run) = legal::chow_around(middle, claimed) else { return stuck() };
                if !seat.add(claimed) || !run.iter().all(|&t| seat.take(t, 1)) {
                    return stuck();
                }
                let offer = claimed.rank() + 2 - middle.rank();
                if !seat.push_pack(Pack::new(PackKind::Chow, middle, offer)) || !seat.take(discard, 1) {
                    return stuck();
                }
                for t in run {
                    self.table.shown[t.index()] += 1;
                }
                self.tile = discard;
                self.stage = Stage::Discard(p, DiscardKind::Chi { middle });
            }
        }
        Ok(())
    }

    fn after_kong(&mut self, player: u8, answers: &[Answer; 4]) -> Result<(), Stop> {
        let levels = self.claim_levels().map_or(&[][..], |(levels, _)| levels);
        let mut decision = None;
        let read = arbitration::arbitrate(levels, player, answers, &mut decision, |seat, action, _| match action {
            ClaimAction::Hu => Err(self.declare_hu(seat)),
            other => Err(Stop::Fault(EngineError::Internal(format!(
                "rules/claims.txt grants {} on a kong, which the engine cannot apply",
                other.verb()
            )))),
        });
        self.last_claim = decision;
        read?;
        self.stage = Stage::Draw(player);
        Ok(())
    }

    /// A HU answer ends the game: HU with the profile's minimum (the judge's
    /// 8 fan) or more, WH otherwise.
    fn declare_hu(&self, player: u8) -> Stop {
        let hand = match self.hand_of(player) {
            Ok(h) => h,
            Err(e) => return Stop::Fault(e),
        };
        let fans = fans::calculate_with(self.profile, &hand);
        if fans.result < self.min_win_fans() {
            return Stop::End(Event::WrongHu { player, fans });
        }
        let score = self.hu_scores(player, &fans);
        Stop::End(Event::Hu { player, fans, score })
    }

    /// The profile's score formula (rules/fans.mcr `game` lines).
    fn hu_scores(&self, winner: u8, fans: &FanResult) -> [i32; 4] {
        let payer = match self.stage {
            Stage::Draw(_) => None,
            Stage::Discard(d, _) => Some(d),
            // Robbing a kong: the kong player pays as the discarder.
            Stage::Kong(k, _) if self.table.kong.last_bugang || self.table.kong.last_angang => Some(k),
            // No one pays more than the base.
            _ => Some(u8::MAX),
        };
        self.profile.game.hu_scores(winner, fans.result, payer)
    }

    /// The hand `player` would win with now: concealed tiles and melds, the
    /// current tile as the win tile, the win flags of the current stage (what
    /// canHu and a HU answer are scored on; the audit tool explains it).
    #[inline]
    pub fn win_hand(&self, player: u8) -> Result<HandInput, EngineError> {
        if player > 3 {
            return Err(EngineError::Internal(format!("seat {player} does not exist (seats are 0..=3)")));
        }
        self.hand_of(player)
    }

    /// The win flags a win of `player` on the current tile would be scored
    /// with now (those of [`Engine::win_hand`]).
    pub fn win_flags(&self, player: u8) -> WinFlags {
        let turn_seat = self.stage.seat();
        WinFlags {
            self_drawn: self.stage == Stage::Draw(player),
            fourth_tile: self.table.shown[self.tile.index()] == 3,
            about_kong: self.table.kong.about_kong(),
            wall_last: self.table.seats[(turn_seat as usize + 1) % 4].remaining() == 0,
            // The judge's calculator is called without it (docs/src/judge_notes.md).
            initial: false,
        }
    }

    fn hand_of(&self, player: u8) -> Result<HandInput, EngineError> {
        let seat = &self.table.seats[player as usize];
        let flags = self.win_flags(player);
        HandInput::new(seat.packs(), seat.standing(), self.tile, flags, player, self.quan, 0)
            .map_err(|e| EngineError::Internal(format!("seat {player}'s hand: {e}")))
    }

    /// canHu: the raw calculator result for that seat on the current tile.
    /// Most hands cannot win on the tile, which the calculator tells from
    /// the counts (its own first check): the hand is built only for the rest.
    fn can_hu(&self, player: u8) -> Result<i32, EngineError> {
        let seat = &self.table.seats[player as usize];
        let (standing, packs) = (seat.standing().len(), seat.packs().len());
        if standing > 0 && standing + 3 * packs == 13 {
            let mut concealed = *seat.counts();
            concealed[self.tile.index()] += 1;
            if self.profile.cannot_win(&concealed, packs) {
                return Ok(fans::NOT_WIN);
            }
        }
        Ok(fans::calculate_total_with(self.profile, &self.hand_of(player)?))
    }

    // ----------------------------------------------------------- events

    /// Produces the event of the current stage. `prev_seat` is the seat whose
    /// turn it was before the answers were read.
    fn emit(&mut self, prev_seat: u8) -> Result<Turn, EngineError> {
        let mut can_hu = [-4; 4];
        let event = match self.stage {
            Stage::Deal => {
                let mut hands = [[Tile::from_index(0); DEALT]; 4];
                for (s, hand) in hands.iter_mut().enumerate() {
                    for slot in hand.iter_mut() {
                        let t = self.table.seats[s]
                            .draw()
                            .ok_or_else(|| EngineError::Internal("segment empty while dealing".into()))?;
                        if !self.table.seats[s].add(t) {
                            return Err(EngineError::Internal("hand full while dealing".into()));
                        }
                        *slot = t;
                    }
                }
                Event::Deal { hands }
            }
            Stage::Draw(s) => match self.table.seats[s as usize].draw() {
                None => {
                    self.stage = Stage::Over;
                    Event::Huang
                }
                Some(t) => {
                    self.tile = t;
                    can_hu[s as usize] = self.can_hu(s)?;
                    Event::Draw { player: s, tile: t }
                }
            },
            Stage::Discard(s, kind) => {
                // PENG/CHI are illegal when the seat after the discarder has
                // nothing left to draw.
                if kind != DiscardKind::Play && !self.meld_wall_ok(prev_seat) {
                    return Ok(self.end_with_wrong_answer(s));
                }
                // The public judge asks the discarder too (-3: it cannot
                // win on its own tile); the platform does not (-4).
                let ask_discarder = self.profile.game.display == fans::Displays::PublicJudge;
                for p in (0..4u8).filter(|&p| p != s || ask_discarder) {
                    can_hu[p as usize] = self.can_hu(p)?;
                }
                let (player, tile) = (s, self.tile);
                match kind {
                    DiscardKind::Play => Event::Play { player, tile },
                    DiscardKind::Peng => Event::Peng { player, tile },
                    DiscardKind::Chi { middle } => Event::Chi { player, middle, tile },
                }
            }
            Stage::Kong(s, kind) => {
                if !self.meld_wall_ok(prev_seat) {
                    return Ok(self.end_with_wrong_answer(s));
                }
                if kind == KongKind::Promoted {
                    for p in (0..4u8).filter(|&p| p != s) {
                        can_hu[p as usize] = self.can_hu(p)?;
                    }
                    Event::BuGang { player: s, tile: self.tile }
                } else {
                    Event::Gang { player: s, tile: self.tile }
                }
            }
            Stage::NotStarted | Stage::Init | Stage::Over => {
                return Err(EngineError::Internal(format!("no event to emit in stage {:?}", self.stage)))
            }
        };
        self.can_hu = can_hu;
        Ok(self.turn(event, can_hu))
    }

    fn end_with_wrong_answer(&mut self, player: u8) -> Turn {
        self.stage = Stage::Over;
        self.turn(Event::WrongAnswer { player, strlen: None, platform: None }, [-4; 4])
    }

    /// The turn of `event`: the walls as they stand and the profile's
    /// displays.
    fn turn(&self, event: Event, can_hu: [i32; 4]) -> Turn {
        Turn { event, can_hu, tile_cnt: self.table.tile_counts(), displays: self.profile.game.display }
    }
}

/// The wall's size, `quan` and `srand` of a reset checked (in that order,
/// before the wall's tiles): `quan` as 0..=3, `srand` as the judge's int.
fn start_values(wall: usize, quan: i64, srand: i64) -> Result<(u8, i32), EngineError> {
    if wall != WALL_SIZE {
        return Err(EngineError::WallSize(wall));
    }
    if !(0..=3).contains(&quan) {
        return Err(EngineError::BadQuan(quan));
    }
    let srand = i32::try_from(srand).map_err(|_| EngineError::BadSrand(srand))?;
    Ok((quan as u8, srand))
}

/// An answer the checks of `legal.rs` accepted but the table could not take:
/// a bug, reported as a fault rather than a verdict.
fn not_applicable(seat: u8, what: impl std::fmt::Debug) -> Stop {
    Stop::Fault(EngineError::Internal(format!("seat {seat}: {what:?} checked legal but not applicable")))
}
