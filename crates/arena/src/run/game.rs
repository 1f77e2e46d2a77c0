//! One game between four seats: the engine deals, each seat's bot is asked
//! its own request (never another's), the answers are stepped through the
//! engine, and a platform verdict ends the game as the judge does. The
//! record is built as the game goes and returned at its end.

use std::time::Instant;

use crate::program::process::{self, BotRunner, Verdict};
use crate::program::protocol::MAX_DEBUG_BYTES;
use crate::stats::standings::read::{GameSummary, SummaryError};
use mcr_core::engine::{Engine, EngineError, Turn};
use mcr_core::fans::Profile;
use mcr_core::tiles::Tile;
use mcr_records::env::obs::Seen;
use mcr_records::env::wall::Deal;
use mcr_records::record::arena::ArenaKeys;
use mcr_records::record::write::seat_map;
use mcr_records::record::{Expected, GameRecord, TurnRecord};
use mcr_records::replay::{Replayer, Stop};

/// What an in-process seat sees when asked.
pub struct SeatTurn<'a> {
    /// The judge's state at this request. It holds every seat's hand and
    /// the wall: a fair player reads only what its seat may see (its own
    /// hand, every seat's packs and discards, the current tile).
    pub engine: &'a Engine,
    /// What every seat has seen of the game so far, the public record of
    /// its events (what the environment's observations read).
    pub seen: &'a Seen,
    /// The seat asked, 0 to 3.
    pub seat: u8,
    /// The seat's request in the judge's text protocol, as a bot program
    /// would be given it (`2 W1`: the seat draws W1).
    pub request: &'a str,
}

/// A seat played in this process (a Python policy, a Rust closure): it
/// returns its answer string, or an error that stops the run.
pub trait LocalPlayer: Send {
    /// The answer to `turn`'s request in the judge's text protocol
    /// (`PASS`, `PLAY W1`, `HU`, ...). The engine judges it as it judges a
    /// bot's: an answer it refuses ends the game with the seat at fault.
    /// An `Err` stops the run ([`GameError::Local`]).
    fn answer(&mut self, turn: &SeatTurn<'_>) -> Result<String, super::BoxError>;
}

/// One seat of a game.
#[allow(
    clippy::large_enum_variant,
    reason = "four seats a game, made once per game: boxing the runner would buy nothing"
)]
pub enum Seat {
    /// A bot program, run under the platform's protocol and limits.
    Bot(BotRunner),
    /// A player in this process.
    Local(Box<dyn LocalPlayer>),
}

/// Why a game could not be played to its end.
#[derive(Debug)]
#[non_exhaustive]
pub enum GameError {
    /// The engine stopped the game on an error of its own (a seat's
    /// refused answer is not one: it ends the game as the judge does).
    Engine(EngineError),
    /// An in-process player returned an error.
    Local {
        /// The seat of the game, 0 to 3.
        seat: u8,
        /// The player's error.
        source: super::BoxError,
    },
    /// The live replay stopped on something other than the engine's
    /// refusal.
    Replay(Stop),
    /// The game's record could not be summarised for the standings.
    Summary(SummaryError),
    /// The run was interrupted ([`crate::interrupt()`]) during the game: its
    /// bots were killed and it has no record.
    Interrupted,
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Engine(v0) => write!(f, "engine: {v0}"),
            GameError::Local { seat, source } => write!(f, "seat {seat}: {source}"),
            GameError::Replay(v0) => write!(f, "{v0}"),
            GameError::Summary(v0) => write!(f, "{v0}"),
            GameError::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for GameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameError::Engine(v0) => Some(v0),
            GameError::Local { source, .. } => Some(source.as_ref()),
            GameError::Summary(v0) => Some(v0),
            _ => None,
        }
    }
}

impl From<EngineError> for GameError {
    fn from(e: EngineError) -> GameError {
        GameError::Engine(e)
    }
}

impl From<SummaryError> for GameError {
    fn from(e: SummaryError) -> GameError {
        GameError::Summary(e)
    }
}

/// Record fields the arena adds (the tournament computes standings from
/// them).
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The record's `game_id` ([`super::game_id`]: `arena-SEED-G`).
    pub game_id: String,
    /// The player of each seat, by name (`players` and `arena.bots`).
    pub bots: [String; 4],
    /// The game's run index (`arena.game`).
    pub game: u64,
    /// The run's seed (`arena.seed`).
    pub seed: u64,
    /// Each seat's time limit per turn in milliseconds, 0 for an
    /// in-process seat (`arena.time_limit_ms`).
    pub time_limit_ms: [u64; 4],
    /// Extra keys for `"arena"`: the tournament's identity
    /// ([`super::ArenaConfig::identity`]) and, in a walled run, the game's
    /// `wall` and `perm`.
    pub extra: ArenaKeys,
    /// Keep the bots' `debug` output in the turns, each cut to
    /// `MAX_DEBUG_BYTES` bytes.
    pub keep_debug: bool,
    /// The rule profile the engine plays by (the record's `rules` when it
    /// is not the default).
    pub profile: &'static Profile,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// The record, one JSON line (empty when the run keeps none: then
    /// `summary` is there).
    pub record: String,
    /// The final score of each seat, as the judge's last display gives
    /// them (0 each when it gives none).
    pub scores: [i32; 4],
    /// What the standings read of the record, made without reading it
    /// back ([`super::batch`]; `None`: read from the record).
    pub summary: Option<GameSummary>,
}

struct Logged {
    turn: Turn,
    responses: Option<[String; 4]>,
    verdicts: [Option<Verdict>; 4],
    times_ms: [Option<f64>; 4],
    debug: [Option<String>; 4],
}

/// The engine's refusal behind a stop of a live game (a live game stops
/// only on one: it is fed until its last turn).
fn engine_error(stop: Stop) -> GameError {
    match stop {
        Stop::Engine { error, .. } => GameError::from(error),
        other => GameError::Replay(other),
    }
}

/// Plays one game on `deal` with `seats` (seat i answers seat i's requests).
pub fn play(deal: &Deal, seats: &mut [Seat; 4], info: &GameInfo) -> Result<GameOutcome, GameError> {
    let names = deal.wall.map(Tile::name);
    // The one driver of a game, live: the bots' answers are fed to it.
    let mut live = Replayer::live(Engine::with_profile(info.profile), &names, deal.quan as i64, deal.srand as i64)
        .map_err(engine_error)?;
    let mut turn = live.turn().cloned().ok_or_else(|| engine_error(Stop::Empty))?;
    let mut seen = Seen::new(deal.quan);
    seen.observe(&turn);
    let mut log: Vec<Logged> = Vec::with_capacity(200);
    let mut requests: [String; 4] = Default::default();
    loop {
        let mut any = false;
        for (s, r) in requests.iter_mut().enumerate() {
            r.clear();
            any = turn.write_request(s, r);
        }
        if !any {
            log.push(Logged {
                turn,
                responses: None,
                verdicts: [None; 4],
                times_ms: [None; 4],
                debug: Default::default(),
            });
            break;
        }
        let mut answers: [String; 4] = Default::default();
        let mut times = [None; 4];
        let mut verdicts = [None; 4];
        let mut debug: [Option<String>; 4] = Default::default();
        // The local seats first, then the bots: a bot's clock runs only
        // while this thread waits on the bots alone, so a slow local seat
        // never counts against a bot's time (its answer would sit unread in
        // the pipe past its deadline).
        for (s, seat) in seats.iter_mut().enumerate() {
            if let Seat::Local(p) = seat {
                let t0 = Instant::now();
                let view = SeatTurn { engine: live.engine(), seen: &seen, seat: s as u8, request: &requests[s] };
                answers[s] = p.answer(&view).map_err(|source| GameError::Local { seat: s as u8, source })?;
                times[s] = Some(ms(t0.elapsed()));
            }
        }
        for (s, seat) in seats.iter_mut().enumerate() {
            if let Seat::Bot(b) = seat {
                b.prepare(&requests[s]);
            }
        }
        for seat in seats.iter_mut() {
            if let Seat::Bot(b) = seat {
                b.start();
            }
        }
        {
            let mut bots: Vec<&mut BotRunner> = seats
                .iter_mut()
                .filter_map(|s| match s {
                    Seat::Bot(b) => Some(b),
                    Seat::Local(_) => None,
                })
                .collect();
            if !process::poll_turns(&mut bots) {
                return Err(GameError::Interrupted);
            }
        }
        for (s, seat) in seats.iter_mut().enumerate() {
            if let Seat::Bot(b) = seat {
                let r = b.finish();
                times[s] = Some(ms(r.elapsed));
                match r.outcome {
                    Ok(reply) => {
                        answers[s] = reply.response;
                        if info.keep_debug {
                            debug[s] = reply.debug.filter(|d| !d.is_empty()).map(|mut d| {
                                truncate_at_char(&mut d, MAX_DEBUG_BYTES);
                                d
                            });
                        }
                    }
                    Err(v) => verdicts[s] = Some(v),
                }
            }
        }
        let given = [&answers[0], &answers[1], &answers[2], &answers[3]].map(String::as_str);
        // A platform verdict ends the game as the judge's playerError does.
        let next =
            live.feed_with_verdicts(given, verdicts.map(|v| v.map(Verdict::name))).map_err(engine_error)?.clone();
        log.push(Logged { turn, responses: Some(answers), verdicts, times_ms: times, debug });
        seen.observe(&next);
        turn = next;
    }
    // The game is over: no bot process outlives it.
    for seat in seats.iter_mut() {
        if let Seat::Bot(b) = seat {
            b.kill();
        }
    }
    let scores = log.last().and_then(|l| l.turn.event.scores()).unwrap_or([0; 4]);
    Ok(GameOutcome { record: record(deal, info, &log).to_json(), scores, summary: None })
}

fn ms(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

fn truncate_at_char(s: &mut String, max: usize) {
    if s.len() > max {
        let mut at = max;
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        s.truncate(at);
    }
}

/// The game in the corpus schema, with the arena's keys.
fn record(deal: &Deal, info: &GameInfo, log: &[Logged]) -> GameRecord {
    let wall: Vec<String> = deal.wall.iter().map(|t| t.name().to_string()).collect();
    let mut record = GameRecord::new(info.game_id.clone(), deal.srand.into(), deal.quan.into(), wall);
    record.turns = log
        .iter()
        .map(|l| {
            let answers = l.responses.as_ref().map(|r| r.each_ref().map(String::as_str));
            let mut t = TurnRecord::from_turn(&l.turn, answers, l.verdicts.map(|v| v.map(Verdict::name)));
            t.times_ms = seat_map(&l.times_ms, |&ms| ms);
            t.debug = seat_map(&l.debug, |d| d.clone());
            t
        })
        .collect();
    let last = &log[log.len() - 1].turn.event;
    let before = log.len().checked_sub(2).map(|k| &log[k].turn.event);
    dress(record, info, last, before)
}

/// The arena's part of a record whose turns are set: its end, tags, the
/// `arena` keys and the rules (also the batched runner's, `arena::run::batch`).
pub(crate) fn dress(
    mut record: GameRecord,
    info: &GameInfo,
    last: &mcr_core::engine::Event,
    before: Option<&mcr_core::engine::Event>,
) -> GameRecord {
    record.players = info.bots.to_vec();
    record.expected = Expected::from_events(last, before);
    record.tags = vec!["arena".to_string()];
    record.arena = Some(arena_keys(info).to_value());
    if info.profile != Profile::default() {
        record.rules = Some(info.profile);
    }
    record
}

/// The `arena` keys of a game's record: the game's bots, index, seed and
/// time limits, and the run's keys (`info.extra`, which win).
pub(crate) fn arena_keys(info: &GameInfo) -> ArenaKeys {
    let mut keys = info.extra.clone();
    keys.bots = keys.bots.or_else(|| Some(info.bots.to_vec()));
    keys.game = keys.game.or(Some(info.game));
    keys.seed = keys.seed.or(Some(info.seed));
    keys.time_limit_ms = keys.time_limit_ms.or_else(|| Some(info.time_limit_ms.to_vec()));
    keys
}
