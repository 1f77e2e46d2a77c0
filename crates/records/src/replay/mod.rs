//! The one driver that feeds a record's answers through the engine
//! ([`Replayer`]), and the validator's comparison of what the engine emits
//! with what the record holds (`compare`: [`replay`], [`reproduces`]).
//!
//! Every loop over a record's turns goes through [`Replayer`]: the
//! validator, the audit, the viewer, `rules diff`, `bench replay`, the
//! environment's record checks and the tests. It yields each turn with the
//! engine as it emitted it (before the answers are read) and the record's
//! answers to it, then steps the engine with those answers.
//!
//! # The policy (the same for every caller)
//!
//! A replay of a record of `n` turns yields turns `0, 1, ...` in order and
//! ends in exactly one of these ways:
//! - the engine's turn `k` ends the game and `k == n - 1`: the record is
//!   reproduced to its end; [`Replayer::next`] returns `None`;
//! - [`Stop::Empty`]: the record has no turns (nothing is yielded, the
//!   engine is not reset);
//! - [`Stop::Engine`]: the engine refused its input, at `turn` 0 (the wall,
//!   `quan` or `srand`) or at the step producing `turn`;
//! - [`Stop::MissingAnswer`]: a seat's answer to a turn that does not end
//!   the game is not recorded (an answer is never made up: an empty string
//!   would be a WA the judge never gave);
//! - [`Stop::Incomplete`]: the record ends at `turn`, which does not end
//!   the game (no HU, HUANG or verdict);
//! - [`Stop::GoesOn`]: the engine's `turn` ends the game but the record has
//!   more turns.
//!
//! A caller that stops early (the validator at the first divergence) simply
//! stops calling [`Replayer::next`]. A live game (the arena's matches and
//! the environment's tables, `env::game`: answers come from bots or
//! policies, not a record) uses [`Replayer::live`] and [`Replayer::feed`],
//! the same stepping without a record.
//!
//! Platform verdicts (a seat's time limit or crash, `"verdicts"` on a turn)
//! are part of what a record gives for a turn ([`Record::verdicts`]) and are
//! passed to the engine with the answers.
//!
//! # Example
//!
//! Replay every game of a record file to its end:
//!
//! ```
//! use mcr_core::engine::Engine;
//! use mcr_records::record::{GameRecord, Records};
//! use mcr_records::replay::Replayer;
//! use std::path::Path;
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz");
//! for game in Records::<GameRecord>::open(Path::new(path))? {
//!     let game = game?.record;
//!     let last = Replayer::new(Engine::new(), &game).run()?;
//!     assert!(last.is_terminal());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod compare;

use std::fmt;

pub use compare::{displays_equal, py_eq, replay, reproduces, Compare, Divergence, DivergenceKind, Key};

use crate::record::view::{AnswersView, GameView};
use crate::record::GameRecord;
use mcr_core::engine::{Engine, EngineError, Turn};
use mcr_core::tiles::Tile;

/// What a replay reads from a record: the start of the game and, for each
/// turn, the answers to it. Implemented by both record forms (the parsed
/// [`GameRecord`] and the borrowed [`GameView`]); a reduced form (the
/// benchmark's) implements it too.
pub trait Record {
    /// Resets `engine` on the record's wall, `quan` and `srand`.
    fn reset(&self, engine: &mut Engine) -> Result<Turn, EngineError>;
    /// The number of turns recorded.
    fn turns(&self) -> usize;
    /// The answers to turn `k` (`k < turns()`) by seat, `None` where not
    /// recorded.
    fn answers(&self, k: usize) -> [Option<&str>; 4];
    /// The platform verdicts on turn `k` by seat (`TLE`, ...; `None`: the
    /// seat's bot answered). A seat with a verdict needs no answer.
    fn verdicts(&self, _k: usize) -> [Option<&str>; 4] {
        [None; 4]
    }
}

impl Record for GameRecord {
    fn reset(&self, engine: &mut Engine) -> Result<Turn, EngineError> {
        engine.reset(&self.wall, self.quan, self.srand)
    }
    fn turns(&self) -> usize {
        self.turns.len()
    }
    fn answers(&self, k: usize) -> [Option<&str>; 4] {
        self.turns[k].responses_by_seat()
    }
    fn verdicts(&self, k: usize) -> [Option<&str>; 4] {
        self.turns[k].verdicts_by_seat()
    }
}

impl Record for GameView<'_> {
    fn reset(&self, engine: &mut Engine) -> Result<Turn, EngineError> {
        engine.reset(&self.wall, self.quan, self.srand)
    }
    fn turns(&self) -> usize {
        self.turns.len()
    }
    fn answers(&self, k: usize) -> [Option<&str>; 4] {
        let r = self.turns[k].responses.as_ref();
        std::array::from_fn(|seat| r.and_then(|r| r.get(seat)))
    }
    fn verdicts(&self, k: usize) -> [Option<&str>; 4] {
        let v = self.turns[k].verdicts.as_ref();
        std::array::from_fn(|seat| v.and_then(|v| v.get(seat)))
    }
}

impl Record for AnswersView<'_> {
    fn reset(&self, engine: &mut Engine) -> Result<Turn, EngineError> {
        engine.reset(&self.wall, self.quan, self.srand)
    }
    fn turns(&self) -> usize {
        self.answers.len()
    }
    fn answers(&self, k: usize) -> [Option<&str>; 4] {
        self.answers[k]
    }
    fn verdicts(&self, k: usize) -> [Option<&str>; 4] {
        if self.verdicts.is_empty() {
            return [None; 4];
        }
        self.verdicts_at(k)
    }
}

/// Why a replay stopped before reproducing the record to the game's end
/// (see the module's policy). `turn` is an index into the record's turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The record has no turns.
    Empty,
    /// The engine refused its input at `turn`: the reset (0) or the step
    /// that would have produced `turn`.
    Engine {
        /// The turn.
        turn: usize,
        /// What the engine said.
        error: EngineError,
    },
    /// The record has no answer of `seat` to `turn`, which does not end the
    /// game.
    MissingAnswer {
        /// The turn.
        turn: usize,
        /// The seat.
        seat: u8,
    },
    /// The record ends at `turn`, which does not end the game.
    Incomplete {
        /// The record's last turn.
        turn: usize,
    },
    /// The engine's `turn` ends the game, and the record goes on.
    GoesOn {
        /// The turn that ends the game.
        turn: usize,
    },
}

impl Stop {
    /// The turn the replay stopped at.
    pub fn turn(&self) -> usize {
        match *self {
            Stop::Empty => 0,
            Stop::Engine { turn, .. }
            | Stop::MissingAnswer { turn, .. }
            | Stop::Incomplete { turn }
            | Stop::GoesOn { turn } => turn,
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Empty => write!(f, "record has no turns"),
            Stop::Engine { turn, error } => write!(f, "turn {turn}: {error}"),
            Stop::MissingAnswer { turn, seat } => write!(f, "turn {turn}: no response for seat {seat}"),
            Stop::Incomplete { turn } => {
                write!(f, "turn {turn}: the record ends before the game does (no HU, HUANG or verdict)")
            }
            Stop::GoesOn { turn } => write!(f, "turn {turn}: the game ends here but the record goes on"),
        }
    }
}

impl std::error::Error for Stop {}

/// One turn of a replay.
#[derive(Clone, Copy)]
pub struct Step<'a> {
    /// Its index in the record (0 is INIT).
    pub index: usize,
    /// The engine as it emitted `turn`, before the answers to it are read
    /// (its hands, melds, walls, legal moves; `last_claim` is the decision
    /// on the answers to the previous turn).
    pub engine: &'a Engine,
    /// What the engine emitted: the event (display), canHu, the walls; the
    /// request strings with [`Turn::requests`].
    pub turn: &'a Turn,
    /// The record's answers to `turn` by seat (`None` where not recorded;
    /// a record's last turn has none).
    pub answers: [Option<&'a str>; 4],
    /// Whether this is the record's last turn.
    pub last: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Not reset yet.
    Start,
    /// Turn `index` was yielded.
    At,
    /// Ended (reproduced, or stopped).
    Done,
}

/// The replay driver: `while let Some(step) = r.next() { ... }`, each item
/// a turn or the [`Stop`] that ends the replay (after which `next` returns
/// `None`). See the module documentation for the policy.
#[derive(Clone)]
pub struct Replayer<'r, R: ?Sized> {
    engine: Engine,
    record: Option<&'r R>,
    turn: Option<Turn>,
    index: usize,
    phase: Phase,
}

impl<'r, R: Record + ?Sized> Replayer<'r, R> {
    /// A replay of `record` with `engine` (which decides the rules).
    pub fn new(engine: Engine, record: &'r R) -> Replayer<'r, R> {
        Replayer { engine, record: Some(record), turn: None, index: 0, phase: Phase::Start }
    }

    /// The next turn, or why the replay stopped; `None` once the record is
    /// reproduced to the game's end (or after a [`Stop`]).
    #[allow(clippy::should_implement_trait)] // a lending iterator: items borrow the replayer
    pub fn next(&mut self) -> Option<Result<Step<'_>, Stop>> {
        let record = self.record?;
        let n = record.turns();
        match self.phase {
            Phase::Done => return None,
            Phase::Start => {
                if n == 0 {
                    return self.stop(Stop::Empty);
                }
                match record.reset(&mut self.engine) {
                    Ok(t) => self.turn = Some(t),
                    Err(error) => return self.stop(Stop::Engine { turn: 0, error }),
                }
            }
            Phase::At => {
                let k = self.index;
                let over = self.turn.as_ref().is_some_and(Turn::is_terminal);
                if over {
                    self.phase = Phase::Done;
                    return if k + 1 < n { self.stop(Stop::GoesOn { turn: k }) } else { None };
                }
                if k + 1 == n {
                    return self.stop(Stop::Incomplete { turn: k });
                }
                let answers = record.answers(k);
                let verdicts = record.verdicts(k);
                let mut given = [""; 4];
                for (seat, slot) in given.iter_mut().enumerate() {
                    // A seat the platform gave a verdict has no answer to read.
                    match (answers[seat], verdicts[seat]) {
                        (Some(a), _) => *slot = a,
                        (None, Some(_)) => {}
                        (None, None) => return self.stop(Stop::MissingAnswer { turn: k, seat: seat as u8 }),
                    }
                }
                let step = if verdicts.iter().any(Option::is_some) {
                    self.engine.step_with_verdicts(given, verdicts)
                } else {
                    self.engine.step(given)
                };
                match step {
                    Ok(t) => self.turn = Some(t),
                    Err(error) => return self.stop(Stop::Engine { turn: k + 1, error }),
                }
                self.index = k + 1;
            }
        }
        self.phase = Phase::At;
        let index = self.index;
        Some(Ok(Step {
            index,
            engine: &self.engine,
            turn: self.turn.as_ref()?,
            answers: record.answers(index),
            last: index + 1 == n,
        }))
    }

    /// Runs the replay to its end: the last turn, or the [`Stop`].
    pub fn run(mut self) -> Result<Turn, Stop> {
        while let Some(step) = self.next() {
            step?;
        }
        self.turn.ok_or(Stop::Empty)
    }

    fn stop<T>(&mut self, why: Stop) -> Option<Result<T, Stop>> {
        self.phase = Phase::Done;
        Some(Err(why))
    }
}

impl<'r, R: ?Sized> Replayer<'r, R> {
    /// The engine (after the last turn yielded; after the replay, as it
    /// stopped).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The engine, given back.
    pub fn into_engine(self) -> Engine {
        self.engine
    }

    /// The engine's last turn (`None` before the reset or when it failed).
    pub fn turn(&self) -> Option<&Turn> {
        self.turn.as_ref()
    }

    /// The index of the last turn.
    pub fn index(&self) -> usize {
        self.index
    }
}

/// A game without a record: answers come from elsewhere (bots), turn by
/// turn, through [`Replayer::feed`].
#[derive(Clone, Copy, Debug)]
pub struct Live;

impl Replayer<'static, Live> {
    /// Starts a live game on `wall`: its turn 0 (INIT), or the engine's
    /// refusal (at turn 0).
    pub fn live<S: AsRef<str>>(mut engine: Engine, wall: &[S], quan: i64, srand: i64) -> Result<Self, Stop> {
        let turn = engine.reset(wall, quan, srand);
        Self::started(engine, turn)
    }

    /// [`Replayer::live`] on a wall of tiles.
    pub fn live_tiles(mut engine: Engine, wall: &[Tile], quan: i64, srand: i64) -> Result<Self, Stop> {
        let turn = engine.reset_tiles(wall, quan, srand);
        Self::started(engine, turn)
    }

    fn started(engine: Engine, turn: Result<Turn, EngineError>) -> Result<Self, Stop> {
        let turn = turn.map_err(|error| Stop::Engine { turn: 0, error })?;
        Ok(Replayer { engine, record: None, turn: Some(turn), index: 0, phase: Phase::At })
    }

    /// Steps a live game with the four answers to its last turn: the next
    /// turn, or why not ([`Stop::GoesOn`] after the game's end, an engine
    /// error at the turn it would have produced).
    pub fn feed(&mut self, answers: [&str; 4]) -> Result<&Turn, Stop> {
        self.feed_with_verdicts(answers, [None; 4])
    }

    /// [`Replayer::feed`] with the platform's verdicts on the seats that
    /// failed to answer (`TLE`, ...; their answers are not read): the game
    /// ends on the first the judge examines, as in a record.
    pub fn feed_with_verdicts(&mut self, answers: [&str; 4], verdicts: [Option<&str>; 4]) -> Result<&Turn, Stop> {
        if verdicts.iter().any(Option::is_some) {
            self.advance(|engine| engine.step_with_verdicts(answers, verdicts))
        } else {
            self.advance(|engine| engine.step(answers))
        }
    }

    /// [`Replayer::feed`] with answers already read (as
    /// [`Answer::parse`](mcr_core::engine::answer::Answer::parse) reads them).
    pub fn feed_answers(&mut self, answers: [mcr_core::engine::answer::Answer; 4]) -> Result<&Turn, Stop> {
        self.advance(|engine| engine.step_answers(answers))
    }

    fn advance(&mut self, step: impl FnOnce(&mut Engine) -> Result<Turn, EngineError>) -> Result<&Turn, Stop> {
        let k = self.index;
        if self.phase == Phase::Done || self.turn.as_ref().is_none_or(Turn::is_terminal) {
            return Err(Stop::GoesOn { turn: k });
        }
        match step(&mut self.engine) {
            Ok(t) => {
                self.index = k + 1;
                Ok(self.turn.insert(t))
            }
            Err(error) => {
                self.phase = Phase::Done;
                Err(Stop::Engine { turn: k + 1, error })
            }
        }
    }
}
