//! The validator's verdict on one record line: the fast path (a borrowed
//! view compared typed, [`reproduces`]) first, the slow path (a parsed
//! [`GameRecord`] compared as JSON, [`replay`], which words a divergence)
//! only for a line the fast path does not take or a divergence; over any
//! inputs, [`validate_inputs`] (through the one input layer's
//! [`crate::input::par_games`]). `mcr validate` prints what this returns.

use std::path::Path;
use std::time::Instant;

use crate::input::{par_games, Inputs};
use crate::record::rules::{profile_for, RulesConflict};
use crate::record::view::GameView;
use crate::record::{GameRecord, ParOptions, ParStats, RecordError, RecordErrorKind};
use crate::replay::{replay, reproduces, Compare};
use mcr_core::engine::Engine;
use mcr_core::fans::Profile;

/// Time spent per phase, in seconds.
#[derive(Default, Clone, Copy, Debug)]
pub struct Timings {
    /// Reading and decompressing (filled by the caller).
    pub read: f64,
    /// Parsing the JSON.
    pub parse: f64,
    /// Replaying and comparing.
    pub replay: f64,
}

/// The outcome of one record line.
#[derive(Debug)]
pub enum Outcome {
    /// With the game id.
    Reproduced(String),
    /// The game id, and the divergence in words (`game ID: ...`).
    Diverged(String, String),
    /// The game id: the record's `"rules"` is not the profile asked for.
    Conflict(String, RulesConflict),
    /// A line that is not a game record.
    Malformed(RecordError),
}

impl Outcome {
    /// The game id of a record that was read.
    pub fn game_id(&self) -> Option<&str> {
        match self {
            Outcome::Reproduced(id) | Outcome::Diverged(id, _) | Outcome::Conflict(id, _) => Some(id),
            Outcome::Malformed(_) => None,
        }
    }
}

/// The engine of the profile a record is replayed under (each record its
/// own: files may mix profiles; `rules` the one asked for, if any); a record
/// whose `"rules"` conflicts with `rules` is reported instead.
fn engine_for<'e>(
    engine: &'e mut Engine,
    recorded: Option<&'static Profile>,
    rules: Option<&'static Profile>,
) -> Result<&'e mut Engine, RulesConflict> {
    let profile = profile_for(recorded, rules)?;
    if engine.profile() != profile {
        *engine = Engine::with_profile(profile);
    }
    Ok(engine)
}

/// The fast path first: a line the scanner reads whole is compared typed,
/// and only a divergence (or a line it does not take) is read again as a
/// `GameRecord` with JSON displays, which words the failure. `rules`: the
/// profile asked for (`None`: each record's own, else botzone).
pub fn validate_line(
    engine: &mut Engine,
    file: &Path,
    line: usize,
    text: &[u8],
    compare: Compare,
    rules: Option<&'static Profile>,
) -> (Outcome, Timings) {
    let mut time = Timings::default();
    let clock = Instant::now();
    let text_ok = match std::str::from_utf8(text) {
        Ok(t) => t,
        Err(e) => {
            let error = RecordError::new(file, line, RecordErrorKind::NotUtf8(e.valid_up_to()));
            return (Outcome::Malformed(error), time);
        }
    };
    let view = GameView::parse_whole(text_ok);
    time.parse = clock.elapsed().as_secs_f64();
    if let Some(view) = view {
        let engine = match engine_for(engine, view.rules, rules) {
            Ok(e) => e,
            Err(conflict) => {
                return (Outcome::Conflict(view.game_id.as_str().to_owned(), conflict), time);
            }
        };
        let clock = Instant::now();
        let reproduced = reproduces(engine, &view, compare);
        time.replay = clock.elapsed().as_secs_f64();
        if reproduced {
            return (Outcome::Reproduced(view.game_id.as_str().to_owned()), time);
        }
    }
    let clock = Instant::now();
    let parsed = serde_json::from_slice::<GameRecord>(text);
    time.parse += clock.elapsed().as_secs_f64();
    let record = match parsed {
        Ok(r) => r,
        Err(e) => {
            let error = RecordError::new(file, line, RecordErrorKind::Malformed(e.to_string()));
            return (Outcome::Malformed(error), time);
        }
    };
    let engine = match engine_for(engine, record.rules, rules) {
        Ok(e) => e,
        Err(conflict) => return (Outcome::Conflict(record.game_id, conflict), time),
    };
    let clock = Instant::now();
    let outcome = match replay(engine, &record, compare) {
        Ok(_) => Outcome::Reproduced(record.game_id),
        Err(d) => Outcome::Diverged(record.game_id.clone(), format!("game {}: {d}", record.game_id)),
    };
    time.replay += clock.elapsed().as_secs_f64();
    (outcome, time)
}

/// [`validate_line`] on every game of `inputs`, on the worker threads of
/// [`par_games`] (one engine each): a game record's line as it is, a game
/// imported from a Botzone format (checked as it was read) as its record;
/// `each(file, line, outcome, timings)` is called in input order, what
/// could not be read as [`Outcome::Malformed`] in its place. The returned
/// read time (imports included) is in [`ParStats::read_seconds`].
pub fn validate_inputs(
    inputs: &Inputs,
    options: &ParOptions,
    compare: Compare,
    rules: Option<&'static Profile>,
    mut each: impl FnMut(&Path, usize, Outcome, Timings) + Send,
) -> Result<ParStats, rayon::ThreadPoolBuildError> {
    par_games(
        inputs,
        options,
        Engine::new,
        |engine, file, line, text| validate_line(engine, file, line, text, compare, rules),
        |file, line, result| match result {
            Ok((outcome, time)) => each(file, line, outcome, time),
            Err(e) => each(file, line, Outcome::Malformed(e), Timings::default()),
        },
    )
}
