//! Botzone match logs: one JSON match a line, as the platform's downloads
//! and monthly match packs hold them, or one match a file, as the platform
//! hands out a single match.
//!
//! ```text
//! {"_id": "...", "game": "Chinese-Standard-Mahjong", "players": [{"type": "bot", "bot": ID, "name": N}, x4],
//!  "initdata": {"walltiles": "W1 ...", "quan": 2, "srand": 1259480223},
//!  "log": [{"time", "memory", "verdict", "output": {"command", "content", "display"[, "initdata"]}},   // the judge
//!          {"0": {"time", "memory", "verdict", "response"[, "debug"]}, "1": ..., "2": ..., "3": ...},    // the bots
//!          ...]}
//! ```
//!
//! A single match fetched from the site has `logs` instead of `log`. One
//! match a file comes in three shapes, told apart by their content:
//!
//! - the log alone, a JSON array (pretty-printed as the platform saves it:
//!   `<id>_<bot>_full_log.json`), the judge's entries alternating with the
//!   bots' as in `log` above;
//! - `{"status": "finished", "logs": [...]}` (`<id>_lite.json`);
//! - the match's metadata, `{"matchId", "players", "initdata", ...}`
//!   (`<id>_metadata.json`), which holds no log: it is joined to the log of
//!   the same match ([`Context`]), giving its id, players and `initdata`.
//!
//! A match without an `_id` takes its metadata's `matchId`, else the id its
//! file's name starts with (`<id>_...`). A match without any `initdata` (in
//! the match, its metadata or the judge's first output) has its wall
//! rebuilt from the deals and draws the judge's requests show
//! ([`crate::formats::text::rebuild::wall_from_draws`], as for the text
//! format; `wall_known` says how many tiles of each seat's segment are
//! known), its `quan` and `srand` read off the `INIT` display.
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
//! What a record keeps of the log: the match's id as `game_id`, the players' names
//! (`name`, else `bot`), the wall, every request and display (the engine's,
//! equal to the log's), the answers, the verdicts, each bot's `time`/
//! `memory` when the platform measured them and its `debug`, and in
//! `source` the format, file and line, the metadata's file when one was
//! joined (and the players' objects when they are not the plain
//! `{"type": "bot", "bot": N, "name": N}`). Writing
//! ([`fn@write`]) gives the log back from the record.

mod write;

pub use write::{write, write_json};

use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::text::line::DEALT;
use super::text::rebuild::wall_from_draws;
use super::ImportError;
use crate::record::write::seat_map;
use crate::record::{Expected, GameRecord, RecordErrorKind, Records, TurnRecord, SEAT_KEYS};
use crate::replay::{displays_equal, py_eq, Compare, Record, Replayer, Stop};
use mcr_core::engine::{Engine, EngineError, Event, Turn};
use mcr_core::tiles::Tile;

/// The game every match log here must be of.
pub const GAME: &str = "Chinese-Standard-Mahjong";

/// One match of a match log file (a line, or the whole file), or a match's
/// metadata, every field kept as JSON so that a field of the wrong type is
/// reported with the match's id and place.
#[derive(Clone, Debug, Default)]
pub struct MatchLog {
    /// `_id`: a string, or MongoDB's `{"$oid": "..."}`.
    /// `_id`: the match id.
    pub id: Option<Value>,
    /// `matchId`, as the platform's metadata names the match.
    pub match_id: Option<Value>,
    /// The game's name (must be [`GAME`] when present).
    /// `game`: the game's name.
    pub game: Option<Value>,
    /// The players: objects (`name`, `bot`) or names.
    /// `players`: the players.
    pub players: Option<Value>,
    /// `walltiles`, `quan`, `srand`: an object or the JSON text of one.
    /// `initdata`: the wall and seed.
    pub initdata: Option<Value>,
    /// The judge's and the bots' entries, alternating.
    /// `log`: the judge's and players' entries.
    pub log: Option<Value>,
    /// `log` as a single match fetched from the site names it.
    /// `logs`: another spelling of `log`.
    pub logs: Option<Value>,
}

mcr_core::de_struct! { MatchLog, ignore;
    id: Option<Value> = "_id" @default,
    match_id: Option<Value> = "matchId" @default,
    game: Option<Value> = "game" @default,
    players: Option<Value> = "players" @default,
    initdata: Option<Value> = "initdata" @default,
    log: Option<Value> = "log" @default,
    logs: Option<Value> = "logs" @default,
}

impl MatchLog {
    /// A match given as its log alone (a JSON array of entries).
    pub fn from_entries(log: Value) -> MatchLog {
        MatchLog { log: Some(log), ..MatchLog::default() }
    }

    /// A file's whole content as one match: an array is the log alone, an
    /// object a match (or a match's metadata).
    pub fn from_document(doc: Value) -> Result<MatchLog, RecordErrorKind> {
        match doc {
            Value::Array(_) => Ok(MatchLog::from_entries(doc)),
            Value::Object(_) => serde_json::from_value(doc).map_err(|e| RecordErrorKind::Invalid(e.to_string())),
            other => Err(RecordErrorKind::Invalid(format!(
                "the file is JSON but neither a match log (an array of entries, or an object with log or logs) \
                 nor a match's metadata: it is {}",
                kind_of(&other)
            ))),
        }
    }

    /// Whether this is a match's metadata (an id, no log), not a match.
    pub fn is_metadata(&self) -> bool {
        self.log.is_none() && self.logs.is_none() && (self.match_id.is_some() || self.initdata.is_some())
    }
}

/// A JSON value's kind, for messages (the match-log reader's and the
/// judge program's).
pub(crate) fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// What the files around a match tell of it when the match does not: the
/// id its file's name gives, its metadata. A file's context goes to its
/// first match only.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// The id the file's name starts with (`<id>_lite.json`,
    /// `<id>_<bot>_full_log.json`): the match's id when neither the match
    /// nor its metadata gives one.
    pub name: Option<String>,
    /// The match's metadata (`<id>_metadata.json`: `matchId`, `players`,
    /// `initdata`) and the file it was read from: each field the match
    /// lacks is taken from it.
    pub metadata: Option<(PathBuf, MatchLog)>,
}

/// Reads a whole input as one JSON document: at most `max_line_bytes`
/// bytes (the bound on one line bounds a document too). The error says why
/// and where (serde's line and column).
pub fn read_document(reader: &mut dyn BufRead, max_line_bytes: usize) -> Result<Value, RecordErrorKind> {
    let max = crate::record::line_bound(max_line_bytes);
    let mut buf = Vec::new();
    reader.take(max as u64 + 1).read_to_end(&mut buf).map_err(|e| RecordErrorKind::Read(e.to_string()))?;
    if buf.len() > max {
        return Err(RecordErrorKind::DocumentTooLong { max });
    }
    serde_json::from_slice(&buf)
        .map_err(|e| RecordErrorKind::Invalid(format!("not a JSON document (cut short or corrupt?): {e}")))
}

/// What a file of one match holds ([`sniff`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A whole match: its log array, a `{"status", "logs"}` object, or a
    /// match object without `_id` on its own line.
    Match,
    /// A match's metadata (`matchId`, `initdata`, no log).
    Metadata,
}

/// What `input` holds when it is one platform match file, and the id its
/// content gives (`_id`, `matchId`); `None` for any other input (a file of
/// matches with their `_id`, one a line; records; text), read as it is. A
/// document that does not read is taken for a match, so that its error is
/// reported with its match.
pub fn sniff(mut input: super::Input) -> Option<(Shape, Option<String>)> {
    let max_line_bytes = input.max_line_bytes;
    if input.format != Some(super::Format::BotzoneLog) {
        return None;
    }
    let m = if input.document {
        match read_document(&mut input.reader, max_line_bytes).map(MatchLog::from_document) {
            Ok(Ok(m)) => m,
            _ => return Some((Shape::Match, None)),
        }
    } else {
        let m = first_line(&mut input.reader, max_line_bytes).ok()?;
        if m.id.is_some() {
            return None;
        }
        m
    };
    let shape = if m.is_metadata() { Shape::Metadata } else { Shape::Match };
    Some((shape, match_id(&m)))
}

/// The first non-blank line of `reader` as a match (or metadata).
fn first_line(mut reader: &mut dyn BufRead, max_line_bytes: usize) -> Result<MatchLog, RecordErrorKind> {
    let max = crate::record::line_bound(max_line_bytes);
    let mut buf = Vec::new();
    loop {
        match crate::record::read_line_capped(&mut reader, &mut buf, max) {
            Ok(crate::record::LineRead::Line) if buf.iter().all(u8::is_ascii_whitespace) => {}
            Ok(crate::record::LineRead::Line) => {
                return serde_json::from_slice(&buf)
                    .map_err(|e| RecordErrorKind::Invalid(format!("not a JSON object: {e}")))
            }
            Ok(crate::record::LineRead::Eof) => return Err(RecordErrorKind::Invalid("the file is empty".into())),
            Ok(crate::record::LineRead::TooLong(len)) => return Err(RecordErrorKind::TooLong { len, max }),
            Err(e) => return Err(RecordErrorKind::Read(e.to_string())),
        }
    }
}

/// A match's metadata file (`<id>_metadata.json`, pretty-printed or on
/// one line): `matchId`, `players`, `initdata`.
pub fn read_metadata(path: &Path, max_line_bytes: usize) -> Result<MatchLog, ImportError> {
    let mut input = super::open(path, max_line_bytes)?;
    let read = if input.document {
        read_document(&mut input.reader, max_line_bytes).and_then(MatchLog::from_document)
    } else {
        first_line(&mut input.reader, max_line_bytes)
    };
    let m = read.map_err(|e| ImportError::new(path, 1, format!("the match's metadata does not read: {e}")))?;
    if !m.is_metadata() {
        return Err(ImportError::new(path, 1, "not a match's metadata (matchId, initdata, and no log)"));
    }
    Ok(m)
}

/// The games of a match log file, each replayed and checked (see the
/// module); one `Err` per bad line or match, reading goes on. `document`:
/// the input is one JSON document (its first line opens it without closing
/// it, see [`crate::formats::opens_document`]), else one match a line.
/// `context` completes the file's first match.
pub fn games<R: BufRead + Send + 'static>(
    mut reader: R,
    file: &Path,
    max_line_bytes: usize,
    document: bool,
    context: Context,
) -> super::Games {
    if document {
        let read = read_document(&mut reader, max_line_bytes);
        let file = file.to_path_buf();
        return Box::new(std::iter::once_with(move || {
            // The match's id as its context gives it, for an error before the match is read.
            let id = context.metadata.as_ref().and_then(|(_, m)| match_id(m)).or_else(|| context.name.clone());
            let bad = |kind: RecordErrorKind| {
                let e = ImportError::with_kind(&file, 1, kind);
                match &id {
                    Some(id) => e.game(id.clone()),
                    None => e,
                }
            };
            let m = read.and_then(MatchLog::from_document).map_err(bad)?;
            Matches { file: file.clone(), engine: Engine::new(), context: Some(context) }.one(m, 1)
        }));
    }
    let mut matches = Matches { file: file.to_path_buf(), engine: Engine::new(), context: Some(context) };
    let file = file.to_path_buf();
    Box::new(Records::<MatchLog>::from_reader(&file, Box::new(reader), max_line_bytes).map(move |r| {
        let r = r?;
        matches.one(r.record, r.line)
    }))
}

/// The matches of one file, read one after another.
struct Matches {
    file: PathBuf,
    engine: Engine,
    /// For the file's first match.
    context: Option<Context>,
}

impl Matches {
    /// One match, `line` its first line: completed by the context, replayed
    /// and checked.
    fn one(&mut self, mut m: MatchLog, line: usize) -> Result<GameRecord, ImportError> {
        let context = self.context.take().unwrap_or_default();
        let joined = join(&mut m, &context);
        let id = match_id(&m).or_else(|| context.name.clone());
        let file = &self.file;
        let place = |e: LogError| {
            let mut err = ImportError::new(file, line, e.message);
            if let Some(id) = &id {
                err = err.game(id.clone());
            }
            match e.at {
                Some(At::Entry(i)) => err.at(format!("log[{i}]")),
                Some(At::Field(f)) => err.at(f),
                None => err,
            }
        };
        joined.map_err(place)?;
        let mut record = import(&m, &mut self.engine).map_err(place)?;
        let mut source = serde_json::Map::new();
        source.insert("format".into(), "botzone-log".into());
        source.insert("file".into(), file.display().to_string().into());
        source.insert("line".into(), line.into());
        if let Some((path, _)) = &context.metadata {
            source.insert("metadata".into(), path.display().to_string().into());
        }
        if let Some(players) = m.players.as_ref().filter(|p| !plain_players(p, &record.players)) {
            source.insert("players".into(), players.clone());
        }
        record.source = Some(Value::Object(source));
        Ok(record)
    }
}

/// Completes `m` with its context: the metadata's id, players and
/// `initdata` where `m` has none, then the file name's id. A metadata of
/// another match (by `_id`, else by the file's name) is an error.
fn join(m: &mut MatchLog, context: &Context) -> Result<(), LogError> {
    if m.is_metadata() {
        let id = match_id(m).unwrap_or_else(|| "<id>".into());
        return Err(field(
            "log",
            format!(
                "a match's metadata, without its log: import the log ({id}_lite.json or {id}_<bot>_full_log.json) \
                 beside it, or the folder that holds both"
            ),
        ));
    }
    if let Some((path, meta)) = &context.metadata {
        if !meta.is_metadata() {
            return Err(field("metadata", format!("{} is not a match's metadata (no matchId)", path.display())));
        }
        match (match_id(m).or_else(|| context.name.clone()), match_id(meta)) {
            (Some(a), Some(b)) if a != b => {
                return Err(field("metadata", format!("{} is the metadata of match {b}, not of {a}", path.display())))
            }
            (None, Some(b)) => m.id = Some(Value::String(b)),
            _ => {}
        }
        let absent = |v: &Option<Value>| v.as_ref().is_none_or(Value::is_null);
        if absent(&m.players) {
            m.players.clone_from(&meta.players);
        }
        if absent(&m.initdata) {
            m.initdata.clone_from(&meta.initdata);
        }
    }
    if match_id(m).is_none() {
        if let Some(name) = &context.name {
            m.id = Some(Value::String(name.clone()));
        }
    }
    Ok(())
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
    /// Where (`None`: the match as a whole).
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

/// The match's `_id` (a string, or MongoDB's `{"$oid": "..."}`), else its
/// `matchId`.
pub fn match_id(m: &MatchLog) -> Option<String> {
    match m.id.as_ref().or(m.match_id.as_ref())? {
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
    /// The tiles of each seat's segment the log shows, when the wall was
    /// rebuilt from them (no `initdata`).
    wall_known: Option<[u8; 4]>,
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
    let id = match_id(m).ok_or_else(|| {
        field("_id", "the match has no id: no _id (a string), no matchId, no metadata, no file name <id>_...")
    })?;
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
    record.wall_known = game.wall_known.map(|k| k.to_vec());
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
            requests.into_iter().enumerate().map(|(s, r)| (SEAT_KEYS[s].to_string(), Value::String(r))).collect()
        }
        (None, Some(scores)) => {
            scores.into_iter().enumerate().map(|(s, v)| (SEAT_KEYS[s].to_string(), Value::from(v))).collect()
        }
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
            if let Some(k) = e.keys().find(|k| crate::record::seat_of_key(k).is_none()) {
                return Err(entry(i, format!("a bots' entry with a key {k:?} that is no seat")));
            }
            answers.push(a);
            verdicts.push(v);
            bots.push(b);
        }
    }
    if log.len().is_multiple_of(2) && !log.is_empty() {
        return Err(entry(
            log.len() - 1,
            "the log ends on the bots' answers, without the judge's output after them: it was cut short",
        ));
    }
    let Some(init) = initdata(m, outputs.first().copied())? else {
        let (wall, known, quan, srand) = rebuild_wall(&outputs)?;
        let wall = wall.iter().map(|t| t.name().to_string()).collect();
        return Ok(Game { wall, wall_known: Some(known), quan, srand, outputs, answers, verdicts, bots });
    };
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
    Ok(Game { wall, wall_known: None, quan, srand, outputs, answers, verdicts, bots })
}

/// The match's initdata: the top-level object (or the JSON text of one);
/// when absent or empty, the one the judge's first output carries; `None`
/// when there is none.
#[allow(clippy::type_complexity)]
fn initdata<'m>(
    m: &'m MatchLog,
    first: Option<&'m serde_json::Map<String, Value>>,
) -> Result<Option<std::borrow::Cow<'m, serde_json::Map<String, Value>>>, LogError> {
    use std::borrow::Cow;
    let from_judge = || first.and_then(|o| o.get("initdata")).and_then(Value::as_object).map(Cow::Borrowed);
    match &m.initdata {
        Some(Value::Object(o)) if !o.is_empty() => Ok(Some(Cow::Borrowed(o))),
        Some(Value::String(s)) if !s.trim().is_empty() => match serde_json::from_str::<Value>(s) {
            Ok(Value::Object(o)) => Ok(Some(Cow::Owned(o))),
            _ => Err(field("initdata", "initdata is a string but not the JSON text of an object")),
        },
        None | Some(Value::Null) | Some(Value::String(_)) | Some(Value::Object(_)) => Ok(from_judge()),
        Some(other) => Err(field("initdata", format!("initdata is neither an object nor a string: {other}"))),
    }
}

/// The wall a match's log shows, as the import rebuilds it when the match
/// has no `initdata`: its 136 tiles, how many of each seat's segment the
/// log shows (the others are the unseen tiles, lowest kind first), `quan`
/// and `srand` (see the module). `log` is the match's entries, the
/// judge's and the bots' alternating.
pub fn wall_from_log(log: &[Value]) -> Result<(Vec<Tile>, [u8; 4], i64, i64), LogError> {
    let mut outputs = Vec::with_capacity(log.len() / 2 + 1);
    for (i, e) in log.iter().enumerate().step_by(2) {
        let output = e
            .get("output")
            .and_then(Value::as_object)
            .ok_or_else(|| entry(i, "a judge entry without its output object"))?;
        outputs.push(output);
    }
    rebuild_wall(&outputs)
}

/// The wall rebuilt from the deals and draws the judge's requests show
/// (`1 0 0 0 0 <13 tiles>` to each seat, `2 <tile>` to the drawer), how
/// many tiles of each segment they show, and the `quan` and `srand` of the
/// `INIT` display (`quan` else the `0 <seat> <quan>` request; `srand` else 0).
fn rebuild_wall(outputs: &[&serde_json::Map<String, Value>]) -> Result<(Vec<Tile>, [u8; 4], i64, i64), LogError> {
    let request = |k: usize, seat: usize| -> Option<&str> {
        outputs[k]
            .get("content")
            .and_then(Value::as_object)
            .and_then(|c| c.get(SEAT_KEYS[seat]))
            .and_then(Value::as_str)
    };
    let none = "no initdata (in the match, its metadata or the judge's first output)";
    let init = outputs.first().ok_or_else(|| field("log", "the log is empty"))?;
    let display = init.get("display");
    let quan = display
        .and_then(|d| d.get("quan"))
        .and_then(Value::as_i64)
        .or_else(|| request(0, 0).and_then(|r| r.split_ascii_whitespace().nth(2)).and_then(|q| q.parse().ok()))
        .ok_or_else(|| entry(0, format!("{none}, and the judge's first output gives no quan")))?;
    let srand = display.and_then(|d| d.get("srand")).and_then(Value::as_i64).unwrap_or(0);
    let mut deals = [[Tile::default(); DEALT]; 4];
    let mut dealt: [Option<usize>; 4] = [None; 4];
    let mut draws = Vec::new();
    for k in 0..outputs.len() {
        for seat in 0..4 {
            let Some(r) = request(k, seat) else { continue };
            let mut words = r.split_ascii_whitespace();
            match words.next() {
                Some("1") if dealt[seat].is_none() => {
                    let tiles: Vec<&str> = words.skip(4).collect();
                    let bad = || entry(2 * k, format!("seat {seat}'s deal request {r:?} does not end in 13 tiles"));
                    if tiles.len() != DEALT {
                        return Err(bad());
                    }
                    for (slot, t) in deals[seat].iter_mut().zip(tiles) {
                        *slot = Tile::parse(t).map_err(|_| bad())?;
                    }
                    dealt[seat] = Some(2 * k);
                }
                Some("2") => {
                    let tile = words.next().and_then(|t| Tile::parse(t).ok()).ok_or_else(|| {
                        entry(2 * k, format!("seat {seat}'s draw request {r:?} does not name a tile"))
                    })?;
                    if dealt.iter().any(Option::is_none) {
                        return Err(entry(2 * k, format!("seat {seat} draws before every seat was dealt")));
                    }
                    draws.push((seat as u8, tile, 2 * k));
                }
                _ => {}
            }
        }
    }
    if let Some(seat) = dealt.iter().position(Option::is_none) {
        return Err(field("initdata", format!("{none}, and the log shows no deal to seat {seat}: no wall to replay")));
    }
    let places = dealt.map(|d| d.unwrap_or(0));
    let (wall, known) = wall_from_draws(&deals, places, draws).map_err(|(k, m)| entry(k, m))?;
    Ok((wall.to_vec(), known, quan, srand))
}
