//! Botzone match logs: one JSON match a line, as the platform's downloads
//! and monthly match packs hold them.
//!
//! ```text
//! {"_id": "...", "game": "Chinese-Standard-Mahjong", "players": [{"type": "bot", "bot": ID, "name": N}, x4],
//!  "initdata": {"walltiles": "W1 ...", "quan": 2, "srand": 1259480223},
//!  "log": [{"time", "memory", "verdict", "output": {"command", "content", "display"[, "initdata"]}},   // the judge
//!          {"0": {"time", "memory", "verdict", "response"[, "debug"]}, "1": ..., "2": ..., "3": ...},    // the bots
//!          ...]}
//! ```
//!
//! A single match fetched from the site has `logs` instead of `log`.
//!
//! Reading ([`games`]): the wall, `quan` and `srand` come from `initdata`
//! (an object, or the JSON text of one; when absent, the one the judge's
//! first output gives back), the answers from the bots' entries, and any
//! verdict but `OK` becomes the turn's `"verdicts"`. The game is replayed
//! through [`Replayer`] and every judge output of the log is checked against
//! the engine's: `command`, `content` (each seat's request, or the final
//! scores) and `display` (every key, `replay::displays_equal`). A log that
//! disagrees, lacks a seat, is cut short or is not JSON is one error naming
//! the line, the `_id` and the entry (`log[37]`); the other games are kept.
//!
//! What a record keeps of the log: `_id` as `game_id`, the players' names
//! (`name`, else `bot`), the wall, every request and display (the engine's,
//! equal to the log's), the answers, the verdicts, each bot's `time`/
//! `memory` when the platform measured them and its `debug`, and in
//! `source` the format, file and line (and the players' objects when they
//! are not the plain `{"type": "bot", "bot": N, "name": N}`). Writing
//! ([`fn@write`]) gives the log back from the record.

mod write;

pub use write::{write, write_json};

use std::io::BufRead;
use std::path::Path;

use serde_json::Value;

use super::ImportError;
use crate::engine::{Engine, EngineError, Event, Turn};
use crate::record::write::seat_map;
use crate::record::{Expected, GameRecord, Records, TurnRecord};
use crate::replay::{displays_equal, py_eq, Compare, Record, Replayer, Stop};

/// The game every match log here must be of.
pub const GAME: &str = "Chinese-Standard-Mahjong";

/// One line of a match log file, every field kept as JSON so that a field
/// of the wrong type is reported with the match's id and place.
#[derive(serde::Deserialize)]
pub struct MatchLog {
    #[serde(rename = "_id", default)]
    /// `_id`: the match id.
    pub id: Option<Value>,
    #[serde(default)]
    /// `game`: the game's name.
    pub game: Option<Value>,
    #[serde(default)]
    /// `players`: the players.
    pub players: Option<Value>,
    #[serde(default)]
    /// `initdata`: the wall and seed.
    pub initdata: Option<Value>,
    #[serde(default)]
    /// `log`: the judge's and players' entries.
    pub log: Option<Value>,
    #[serde(default)]
    /// `logs`: another spelling of `log`.
    pub logs: Option<Value>,
}

/// The games of a match log file, each replayed and checked (see the
/// module); one `Err` per bad line or match, reading goes on.
pub fn games<R: BufRead + Send + 'static>(
    reader: R,
    file: &Path,
    max_line_bytes: usize,
) -> impl Iterator<Item = Result<GameRecord, ImportError>> + Send {
    let file = file.to_path_buf();
    let mut engine = Engine::new();
    Records::<MatchLog>::from_reader(&file, Box::new(reader), max_line_bytes).map(move |r| {
        let r = r?;
        let id = match_id(&r.record);
        let place = |e: LogError| {
            let mut err = ImportError::new(&file, r.line, e.message);
            if let Some(id) = &id {
                err = err.game(id.clone());
            }
            match e.at {
                Some(At::Entry(i)) => err.at(format!("log[{i}]")),
                Some(At::Field(f)) => err.at(f),
                None => err,
            }
        };
        let mut record = import(&r.record, &mut engine).map_err(place)?;
        let mut source = serde_json::Map::new();
        source.insert("format".into(), "botzone-log".into());
        source.insert("file".into(), file.display().to_string().into());
        source.insert("line".into(), r.line.into());
        if let Some(players) = r.record.players.as_ref().filter(|p| !plain_players(p, &record.players)) {
            source.insert("players".into(), players.clone());
        }
        record.source = Some(Value::Object(source));
        Ok(record)
    })
}

/// Where in a match a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum At {
    /// An entry of `log` (0-based).
    Entry(usize),
    /// A top-level field.
    Field(&'static str),
}

/// A problem with one match, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogError {
    /// Where in the match, when known.
    pub at: Option<At>,
    /// What is wrong.
    pub message: String,
}

fn entry(i: usize, message: impl Into<String>) -> LogError {
    LogError { at: Some(At::Entry(i)), message: message.into() }
}

fn field(f: &'static str, message: impl Into<String>) -> LogError {
    LogError { at: Some(At::Field(f)), message: message.into() }
}

/// The match's `_id`: a string, or MongoDB's `{"$oid": "..."}`.
fn match_id(m: &MatchLog) -> Option<String> {
    match m.id.as_ref()? {
        Value::String(s) => Some(s.clone()),
        Value::Object(o) => o.get("$oid").and_then(Value::as_str).map(str::to_string),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The players as [`write`] writes them from their names alone.
fn plain_players(players: &Value, names: &[String]) -> bool {
    players
        .as_array()
        .is_some_and(|a| a.len() == names.len() && a.iter().zip(names).all(|(p, n)| *p == write::plain_player(n)))
}

/// A match as the replay reads it.
struct Game<'m> {
    wall: Vec<String>,
    quan: i64,
    srand: i64,
    /// The judge's outputs (`log[2k].output`), one per turn.
    outputs: Vec<&'m serde_json::Map<String, Value>>,
    /// The bots' entries after each output but the last.
    answers: Vec<[Option<&'m str>; 4]>,
    verdicts: Vec<[Option<&'m str>; 4]>,
    /// Each bot's entry, for its time, memory and debug.
    bots: Vec<[Option<&'m serde_json::Map<String, Value>>; 4]>,
}

impl Record for Game<'_> {
    fn reset(&self, engine: &mut Engine) -> Result<Turn, EngineError> {
        engine.reset(&self.wall, self.quan, self.srand)
    }
    fn turns(&self) -> usize {
        self.outputs.len()
    }
    fn answers(&self, k: usize) -> [Option<&str>; 4] {
        self.answers.get(k).copied().unwrap_or([None; 4])
    }
    fn verdicts(&self, k: usize) -> [Option<&str>; 4] {
        self.verdicts.get(k).copied().unwrap_or([None; 4])
    }
}

/// One match as a record: replayed through `engine`, every judge output
/// checked (see the module).
pub fn import(m: &MatchLog, engine: &mut Engine) -> Result<GameRecord, LogError> {
    let id = match_id(m).ok_or_else(|| field("_id", "the match has no _id (a string)"))?;
    if let Some(g) = &m.game {
        if g.as_str() != Some(GAME) {
            return Err(field("game", format!("not a {GAME} match: {g}")));
        }
    }
    let log = match (&m.log, &m.logs) {
        (Some(l), None) | (None, Some(l)) => l.as_array().ok_or_else(|| field("log", "log is not an array"))?,
        (Some(_), Some(_)) => return Err(field("log", "the match has both log and logs")),
        (None, None) => return Err(field("log", "the match has no log (nor logs)")),
    };
    let game = read_game(m, log)?;
    let players = players(m)?;
    let mut record = GameRecord::new(id, game.srand, game.quan, game.wall.clone());
    record.players = players;
    let mut turns = Vec::with_capacity(game.outputs.len());
    let (mut before, mut last): (Option<Event>, Option<Event>) = (None, None);
    let mut replay = Replayer::new(*engine, &game);
    while let Some(step) = replay.next() {
        let step = step.map_err(|stop| stopped(&stop))?;
        let k = step.index;
        let mut turn = TurnRecord::from_turn(step.turn, None, game.verdicts(k));
        check_output(step.turn, &turn.display, game.outputs[k]).map_err(|m| entry(2 * k, m))?;
        if !step.last {
            // Only the seats that answered (a seat with a verdict may not).
            turn.responses = seat_map(&step.answers, |a| a.to_string());
        }
        if let Some(bots) = game.bots.get(k) {
            write::keep_bot_fields(&mut turn, bots);
        }
        turns.push(turn);
        before = last.replace(step.turn.event.clone());
    }
    *engine = replay.into_engine();
    let last = last.ok_or_else(|| entry(0, "the log has no judge output"))?;
    record.expected = Expected::from_events(&last, before.as_ref());
    record.turns = turns;
    Ok(record)
}

/// Where a replay stopped, as a place in the log.
fn stopped(stop: &Stop) -> LogError {
    match stop {
        Stop::Empty => field("log", "the log is empty"),
        Stop::Engine { turn: 0, error } => field("initdata", format!("the engine refuses the deal: {error}")),
        Stop::Engine { turn, error } => entry(2 * turn - 1, format!("the engine refuses these answers: {error}")),
        Stop::MissingAnswer { turn, seat } => {
            entry(2 * turn + 1, format!("seat {seat} has neither an answer nor a verdict (a missing seat)"))
        }
        Stop::Incomplete { turn } => {
            entry(2 * turn, "the log ends here but the game does not (no HU, HUANG or verdict): it was cut short")
        }
        Stop::GoesOn { turn } => entry(2 * turn, "the game ends here but the log goes on"),
    }
}

/// Compares the judge's output in the log with the engine's turn (whose
/// display is `engine_display`).
fn check_output(turn: &Turn, engine_display: &Value, output: &serde_json::Map<String, Value>) -> Result<(), String> {
    let command = output.get("command").and_then(Value::as_str);
    let content = output.get("content");
    let display = output.get("display").ok_or("the judge output has no display")?;
    let want = if turn.is_terminal() { "finish" } else { "request" };
    if command != Some(want) {
        return Err(format!(
            "the judge's command is {}, the engine's {want}",
            output.get("command").map_or("absent".into(), Value::to_string)
        ));
    }
    let content = content.and_then(Value::as_object).ok_or("the judge output has no content object")?;
    let engine_content: Vec<(String, Value)> = match (turn.requests(), turn.event.scores()) {
        (Some(requests), _) => {
            requests.into_iter().enumerate().map(|(s, r)| (s.to_string(), Value::String(r))).collect()
        }
        (None, Some(scores)) => scores.into_iter().enumerate().map(|(s, v)| (s.to_string(), Value::from(v))).collect(),
        (None, None) => Vec::new(),
    };
    let same_content = content.len() == engine_content.len()
        && engine_content.iter().all(|(seat, v)| content.get(seat).is_some_and(|c| py_eq(c, v)));
    if !same_content {
        let engine: serde_json::Map<String, Value> = engine_content.into_iter().collect();
        return Err(format!(
            "the judge's content {} differs from the engine's {}",
            Value::Object(content.clone()),
            Value::Object(engine)
        ));
    }
    if !displays_equal(engine_display, display, Compare::Exact) {
        return Err(format!(
            "the judge's display differs from the engine's: {}",
            display_diff(display, engine_display)
        ));
    }
    Ok(())
}

/// The keys on which two displays differ: `key: log X, engine Y`.
fn display_diff(log: &Value, engine: &Value) -> String {
    let (Some(a), Some(b)) = (log.as_object(), engine.as_object()) else {
        return format!("log {log}, engine {engine}");
    };
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    let show = |v: Option<&Value>| v.filter(|v| !v.is_null()).map_or("absent".to_string(), Value::to_string);
    keys.into_iter()
        .filter(|k| !matches!((a.get(*k).filter(|v| !v.is_null()), b.get(*k).filter(|v| !v.is_null())), (Some(x), Some(y)) if py_eq(x, y)))
        .filter(|k| a.get(*k).is_some_and(|v| !v.is_null()) || b.get(*k).is_some_and(|v| !v.is_null()))
        .map(|k| format!("{k}: log {}, engine {}", show(a.get(k)), show(b.get(k))))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The players' names: `name`, else `bot` (a bot's id), else `""`.
fn players(m: &MatchLog) -> Result<Vec<String>, LogError> {
    let Some(p) = &m.players else { return Ok(Vec::new()) };
    let list = p.as_array().ok_or_else(|| field("players", "players is not an array"))?;
    list.iter()
        .map(|p| match p {
            Value::String(s) => Ok(s.clone()),
            Value::Object(o) => {
                Ok(o.get("name").or_else(|| o.get("bot")).and_then(Value::as_str).unwrap_or("").to_string())
            }
            _ => Err(field("players", format!("a player is neither an object nor a name: {p}"))),
        })
        .collect()
}

/// The wall, quan and srand, and each turn's output and answers.
fn read_game<'m>(m: &'m MatchLog, log: &'m [Value]) -> Result<Game<'m>, LogError> {
    let mut outputs = Vec::with_capacity(log.len() / 2 + 1);
    let (mut answers, mut verdicts, mut bots) = (Vec::new(), Vec::new(), Vec::new());
    for (i, e) in log.iter().enumerate() {
        let e = e.as_object().ok_or_else(|| entry(i, "the entry is not an object"))?;
        if i % 2 == 0 {
            if let Some(v) = e.get("verdict").and_then(Value::as_str).filter(|v| *v != "OK") {
                return Err(entry(i, format!("the judge itself failed ({v})")));
            }
            let output = e
                .get("output")
                .and_then(Value::as_object)
                .ok_or_else(|| entry(i, "a judge entry without its output object"))?;
            outputs.push(output);
        } else {
            let (mut a, mut v, mut b) = ([None; 4], [None; 4], [None; 4]);
            for (seat, key) in crate::record::SEAT_KEYS.iter().enumerate() {
                let Some(bot) = e.get(*key) else { continue };
                let bot = bot.as_object().ok_or_else(|| entry(i, format!("seat {seat}'s entry is not an object")))?;
                b[seat] = Some(bot);
                match bot.get("verdict") {
                    None => {}
                    Some(Value::String(s)) if s == "OK" => {}
                    Some(Value::String(s)) => v[seat] = Some(s.as_str()),
                    Some(other) => return Err(entry(i, format!("seat {seat}'s verdict is not a string: {other}"))),
                }
                match bot.get("response") {
                    None | Some(Value::Null) => {}
                    Some(Value::String(s)) => a[seat] = Some(s.as_str()),
                    Some(other) => return Err(entry(i, format!("seat {seat}'s response is not a string: {other}"))),
                }
            }
            if let Some(k) = e.keys().find(|k| !crate::record::SEAT_KEYS.contains(&k.as_str())) {
                return Err(entry(i, format!("a bots' entry with a key {k:?} that is no seat")));
            }
            answers.push(a);
            verdicts.push(v);
            bots.push(b);
        }
    }
    if log.len() % 2 == 0 && !log.is_empty() {
        return Err(entry(
            log.len() - 1,
            "the log ends on the bots' answers, without the judge's output after them: it was cut short",
        ));
    }
    let init = initdata(m, outputs.first().copied())?;
    let wall = match init.get("walltiles") {
        Some(Value::String(w)) => w.split(' ').filter(|t| !t.is_empty()).map(str::to_string).collect(),
        Some(Value::Array(w)) => w
            .iter()
            .map(|t| {
                t.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| field("initdata", format!("a wall tile is not a string: {t}")))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => return Err(field("initdata", format!("walltiles is not a string: {other}"))),
        None => {
            return Err(field("initdata", "initdata has no walltiles: the deal cannot be rebuilt from srand alone"))
        }
    };
    let int = |key: &'static str| -> Result<i64, LogError> {
        match init.get(key) {
            None => Ok(0),
            Some(v) => v.as_i64().ok_or_else(|| field("initdata", format!("{key} is not an integer: {v}"))),
        }
    };
    let (quan, srand) = (int("quan")?, int("srand")?);
    Ok(Game { wall, quan, srand, outputs, answers, verdicts, bots })
}

/// The match's initdata: the top-level object (or the JSON text of one);
/// when absent or empty, the one the judge's first output carries.
fn initdata<'m>(
    m: &'m MatchLog,
    first: Option<&'m serde_json::Map<String, Value>>,
) -> Result<std::borrow::Cow<'m, serde_json::Map<String, Value>>, LogError> {
    use std::borrow::Cow;
    let from_judge = || first.and_then(|o| o.get("initdata")).and_then(Value::as_object).map(Cow::Borrowed);
    match &m.initdata {
        Some(Value::Object(o)) if !o.is_empty() => Ok(Cow::Borrowed(o)),
        Some(Value::String(s)) if !s.trim().is_empty() => match serde_json::from_str::<Value>(s) {
            Ok(Value::Object(o)) => Ok(Cow::Owned(o)),
            _ => Err(field("initdata", "initdata is a string but not the JSON text of an object")),
        },
        None | Some(Value::Null) | Some(Value::String(_)) | Some(Value::Object(_)) => from_judge()
            .ok_or_else(|| field("initdata", "no initdata (neither in the match nor in the judge's first output)")),
        Some(other) => Err(field("initdata", format!("initdata is neither an object nor a string: {other}"))),
    }
}
