//! Dataset self-test: re-checks a game record against the judge's rules
//! without the engine — a second opinion on the data (and, when the engine
//! reproduces the data, on the engine).
//!
//! The checks are those of the public validator's `check_record`
//! (`tests/data/validate_engine.py`): wall integrity, deal and draw order,
//! `tileCnt`, per-step hand and meld legality, claim priority and actor
//! rotation, response/event consistency with the embedded PENG/CHI discards,
//! GANG discrimination by the live discard, BUGANG and robbed kongs, terminal
//! classification, fan and score arithmetic, agreement with `expected`.
//! A few are stricter where the judge is (exact answer strings, the request
//! strings of every turn, `tileCnt` on every display, the winning event's
//! `canHu`), and error games (`expected.ending == "error"`) are checked up to
//! and including their WA/WH verdict.
//!
//! Answers are examined as the judge examines them (`claims.rs`): in its
//! order, and no further than the answer it acts on, so that every record
//! the judge writes passes (the public Python validator classifies every
//! answer by its first word and breaks PENG/GANG ties by distance; see
//! docs/src/replay.md, "The self-test").
//!
//! Hands are tile counts and melds fixed arrays: a game costs no allocation
//! beyond its parsed view.
//!
//! One file per concern: `events.rs` (displays read into typed events),
//! `state.rs` (hands, melds, wall segments), `replay.rs` (the walk over the
//! events and the legality of each), `claims.rs` (which answers the judge
//! looks at and what it grants), `display.rs` (tileCnt and request strings),
//! `ending.rs` (the end of the game, fans and scores, verdicts). It shares
//! no code with the engine (`crates/core/src/engine/`): a second opinion.
//!
//! The game rules around the fans (the minimum for a HU, the base score,
//! the false-win penalty) are those of the profile the record names in its
//! `"rules"` key (the judge's 8, 8 and 10 for `botzone`, the default): a
//! house-rule game is checked under its own numbers ([`check_game_with`]).
//!
//! # Example
//!
//! ```
//! use mcr_records::record::{GameRecord, Records};
//! use mcr_records::selftest;
//! use std::path::Path;
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz");
//! let mut draws = 0;
//! for game in Records::<GameRecord>::open(Path::new(path))? {
//!     // The first rule the record breaks, or what it holds.
//!     let facts = selftest::check_record(&game?.record)?;
//!     if facts.outcome == selftest::Outcome::Draw {
//!         draws += 1;
//!     }
//! }
//! assert!(draws > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::record::view::GameView;
use mcr_core::fans::GameRules;
use mcr_core::tiles::{Tile, TILE_KINDS};
use std::fmt;

/// The named checks; a failure names exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// 136 known tiles, four of each kind.
    Wall,
    /// INIT display and its quan/srand/strlen.
    Init,
    /// The deal: last 13 of each segment, back to front.
    Deal,
    /// Draws come from the drawer's own segment, back to front.
    DrawOrder,
    /// `tileCnt` equals the tiles left in each segment.
    TileCount,
    /// Who acts next: dealer first, next seat after a discard, same seat
    /// after a kong, discards only after one's own draw.
    Rotation,
    /// A discard (plain or PENG/CHI follow-up) comes from the hand.
    Discard,
    /// Standing tiles = 13 - 3 x melds after every discard.
    HandSize,
    /// PENG: the claim and the discard after it.
    Peng,
    /// CHI: the claim and the discard after it.
    Chi,
    /// Melded kong of the live discard.
    Gang,
    /// Concealed kong after one's own draw.
    AnGang,
    /// Promoted kong of one's own PENG.
    BuGang,
    /// The granted claim is the highest-priority one (HU > PENG/GANG > CHI,
    /// nearest downstream seat on ties).
    ClaimPriority,
    /// Answers are well-formed and the next event is the one they ask for.
    Response,
    /// The request strings sent to each seat match the display.
    Request,
    /// HUANG only when the next drawer's segment is empty, and last.
    Huang,
    /// zimo / ron / draw classification against `expected.ending`.
    Ending,
    /// Winner, discarder and qianggang flag against `expected`.
    Winner,
    /// Fan list, fan total, the fan minimum (8 for the judge).
    Fan,
    /// Score arithmetic, display scores, zero sum.
    Score,
    /// Error games: the WA/WH verdict display.
    Verdict,
    /// A display lacks a key its action needs or holds a bad value.
    Display,
}

impl Check {
    /// Every check, in the order run.
    pub const ALL: [Check; 23] = [
        Check::Wall,
        Check::Init,
        Check::Deal,
        Check::DrawOrder,
        Check::TileCount,
        Check::Rotation,
        Check::Discard,
        Check::HandSize,
        Check::Peng,
        Check::Chi,
        Check::Gang,
        Check::AnGang,
        Check::BuGang,
        Check::ClaimPriority,
        Check::Response,
        Check::Request,
        Check::Huang,
        Check::Ending,
        Check::Winner,
        Check::Fan,
        Check::Score,
        Check::Verdict,
        Check::Display,
    ];

    /// The check's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Check::Wall => "wall",
            Check::Init => "init",
            Check::Deal => "deal",
            Check::DrawOrder => "draw-order",
            Check::TileCount => "tile-count",
            Check::Rotation => "rotation",
            Check::Discard => "discard",
            Check::HandSize => "hand-size",
            Check::Peng => "peng",
            Check::Chi => "chi",
            Check::Gang => "gang",
            Check::AnGang => "angang",
            Check::BuGang => "bugang",
            Check::ClaimPriority => "claim-priority",
            Check::Response => "response",
            Check::Request => "request",
            Check::Huang => "huang",
            Check::Ending => "ending",
            Check::Winner => "winner",
            Check::Fan => "fan",
            Check::Score => "score",
            Check::Verdict => "verdict",
            Check::Display => "display",
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The first violation found in a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckFailure {
    /// Index into `turns`; `None` for record-level checks (the wall).
    pub turn: Option<usize>,
    /// The check that failed.
    pub check: Check,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            Some(k) => write!(f, "turn {k}: {}: {}", self.check, self.message),
            None => write!(f, "{}: {}", self.check, self.message),
        }
    }
}

impl std::error::Error for CheckFailure {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
/// How a game ended.
pub enum Outcome {
    #[default]
    /// A self-drawn win.
    Zimo,
    /// A win on a discard (or a robbed kong).
    Ron,
    /// A draw: the wall ran out.
    Draw,
    /// Ended by a WA/WH verdict.
    Error,
}

/// What a passing record contains (for summaries and tagging).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// How the game ended.
    pub outcome: Outcome,
    /// The win robbed a kong.
    pub qianggang: bool,
    /// PENG claims.
    pub peng: u32,
    /// CHI claims.
    pub chi: u32,
    /// Melded kongs.
    pub minggang: u32,
    /// Concealed kongs.
    pub angang: u32,
    /// Promoted kongs (BUGANG).
    pub bugang: u32,
    /// Discards claimed by two or more seats.
    pub multi_claim: u32,
    /// Discards claimed with HU by two or more seats.
    pub multi_hu: u32,
}

/// Checks one JSON line (the fast path: parse once into a borrowed view).
/// A line that is not a game record is a [`Check::Display`]-free parse error.
pub fn check_json(line: &[u8]) -> Result<Result<Facts, CheckFailure>, serde_json::Error> {
    let view = GameView::parse(line)?;
    Ok(check_game(&view))
}

/// Checks a record parsed with [`crate::record`].
pub fn check_record(rec: &crate::record::GameRecord) -> Result<Facts, CheckFailure> {
    match GameView::from_record(rec) {
        Ok(view) => check_game(&view),
        Err(e) => Err(CheckFailure {
            turn: None,
            check: Check::Display,
            message: format!("record does not fit the game schema: {e}"),
        }),
    }
}

/// Checks one game under the game rules of the profile it names (its
/// `"rules"` key; `botzone`, the judge's, when it names none); returns the
/// first violation.
pub fn check_game(g: &GameView) -> Result<Facts, CheckFailure> {
    check_game_with(g.rules.unwrap_or(mcr_core::fans::Profile::default()).game, g)
}

/// [`check_game`] under given game rules (the minimum, the base score and
/// the false-win penalty: numbers only, the calculator is not consulted).
pub fn check_game_with(rules: &GameRules, g: &GameView) -> Result<Facts, CheckFailure> {
    let wall = check_wall(g)?;
    let events = events::read_events(g)?;
    let mut r = replay::Replay::new(g, rules, &wall, &events);
    r.run()?;
    r.terminal()?;
    Ok(r.facts)
}

#[cold]
#[inline(never)]
fn fail(turn: Option<usize>, check: Check, message: String) -> CheckFailure {
    CheckFailure { turn, check, message }
}

macro_rules! ensure {
    ($cond:expr, $turn:expr, $check:ident, $($msg:tt)+) => {
        if !$cond {
            return Err(fail($turn, Check::$check, format!($($msg)+)));
        }
    };
}

mod answers;
mod display;
mod ending;
mod events;
mod replay;
mod state;

fn check_wall(g: &GameView) -> Result<[Tile; 136], CheckFailure> {
    ensure!(g.wall.len() == 136, None, Wall, "wall length {} != 136", g.wall.len());
    let mut wall = [Tile::default(); 136];
    let mut counts = [0u8; TILE_KINDS];
    for (i, text) in g.wall.iter().enumerate() {
        let t = Tile::parse(text.as_str()).map_err(|e| fail(None, Check::Wall, format!("wall[{i}]: {e}")))?;
        counts[t.index()] += 1;
        wall[i] = t;
    }
    if let Some(k) = counts.iter().position(|&c| c != 4) {
        return Err(fail(
            None,
            Check::Wall,
            format!(
                "wall is not 4x each of the 34 tile kinds ({} appears {} times)",
                Tile::from_index(k as u8),
                counts[k]
            ),
        ));
    }
    Ok(wall)
}
