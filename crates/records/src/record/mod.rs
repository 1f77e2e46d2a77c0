//! Game records (the schema of the public corpus's dataset card, as in
//! `tests/data/games.jsonl.gz`) and hand records
//! (`hands.jsonl.gz`), streamed from `.jsonl` or `.jsonl.gz`.
//!
//! Reading never stops at a bad line: each line yields either a record or a
//! [`RecordError`] naming file, line and problem (malformed JSON, invalid
//! UTF-8, a line longer than the bound), and a truncated gzip stream yields
//! the records read so far followed by one error.
//!
//! Memory is bounded whatever the input: no line is held beyond the bound a
//! reader is opened with ([`DEFAULT_MAX_LINE_BYTES`], 8 MiB, unless the
//! caller passes another: [`Records::open_with`], [`par::ParOptions`]); a
//! longer one is reported and skipped up to its newline without being kept.
//!
//! The readers: [`lines`] (the one line reader), [`Records`] (records one by
//! one); the games of any input, records or not, are read by the one
//! input layer (`crate::input`), in parallel by `crate::input::par_games`;
//! [`view`] and its scanner (borrowed views of a game record for the validator).
//!
//! # Example
//!
//! ```
//! use mcr_records::record::{GameRecord, Records};
//! use std::path::Path;
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz");
//! let mut games = 0;
//! for game in Records::<GameRecord>::open(Path::new(path))? {
//!     let game = game?;
//!     assert_eq!(game.record.wall.len(), 136);
//!     games += 1;
//! }
//! assert_eq!(games, 222);
//! # Ok::<(), mcr_records::record::RecordError>(())
//! ```

pub mod arena;
pub mod lines;
pub mod par;
pub mod rules;
pub(crate) mod scan;
pub(crate) mod select;
pub mod skim;
pub mod unique;
pub mod view;
pub mod write;

pub use lines::{read_line_capped, LineRead};
pub use par::{ParOptions, ParStats, Progress, ProgressEvent};
pub use select::Selection;

use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The default bound on one line: about 190 times the longest public game
/// record (44 KB).
pub const DEFAULT_MAX_LINE_BYTES: usize = 8 << 20;

/// The bound a reader applies when asked for `max_line_bytes`: at least 1 KiB.
pub fn line_bound(max_line_bytes: usize) -> usize {
    max_line_bytes.max(1 << 10)
}

/// A record line (as the readers hand it out) read as a `T`: invalid UTF-8
/// or JSON that is not a `T` is an error at `file:line`.
pub fn parse_line<T: DeserializeOwned>(file: &Path, line: usize, bytes: &[u8]) -> Result<T, RecordError> {
    let error = |kind: RecordErrorKind| RecordError::new(file, line, kind);
    let text = std::str::from_utf8(bytes).map_err(|e| error(RecordErrorKind::NotUtf8(e.valid_up_to())))?;
    serde_json::from_str::<T>(text.trim()).map_err(|e| error(RecordErrorKind::Malformed(e.to_string())))
}

/// One game as the judge played it. It serialises as it parses
/// ([`mod@write`]: the corpus schema, keys in the corpus files' order).
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The game's identifier (unique within a corpus).
    pub game_id: String,
    /// The judge's random seed (`srand` of the INIT display).
    pub srand: i64,
    /// The prevalent wind, 0 east to 3 north.
    pub quan: i64,
    /// The players' names or bots, by seat (may be empty).
    pub players: Vec<String>,
    /// Kept as text: the engine validates it and names a bad tile.
    pub wall: Vec<String>,
    /// An imported game whose wall was rebuilt from what was seen (the
    /// human text format): how many tiles of each seat's 34-tile segment,
    /// the last `n` positions (the first dealt), are known; the rest were
    /// filled. `None`: the whole wall is the one played.
    pub wall_known: Option<Vec<u8>>,
    /// Every judge step, from INIT to the game's end.
    pub turns: Vec<TurnRecord>,
    /// How the game ended.
    pub expected: Expected,
    /// Free labels of what the game shows (`zimo`, `draw`, `fan8_boundary`, ...).
    pub tags: Vec<String>,
    /// Error games: what was sent to provoke the verdict.
    pub injected: Option<serde_json::Value>,
    /// A known difference from another calculator, with its explanation.
    pub known_discrepancy: Option<serde_json::Value>,
    /// The rule profile the game was played under (its `"rules"` key, see
    /// [`rules`]); `None` when the record does not say.
    pub rules: Option<&'static mcr_core::fans::Profile>,
    /// A game played by the arena: its bots, seed, tournament position
    /// ([`arena::ArenaKeys`], kept here as JSON: any object reads).
    pub arena: Option<serde_json::Value>,
    /// An imported game: where it came from (format, file, line, match id).
    pub source: Option<serde_json::Value>,
}

mcr_core::ser_struct! { GameRecord;
    "game_id" => game_id,
    "srand" => srand,
    "quan" => quan,
    "players" => players,
    "wall" => wall,
    "wall_known" => wall_known if Option::is_none,
    "turns" => turns,
    "expected" => expected,
    "tags" => tags if Vec::is_empty,
    "injected" => injected if Option::is_none,
    "known_discrepancy" => known_discrepancy if Option::is_none,
    "rules" => rules with(rules::serialize: Option<&'static mcr_core::fans::Profile>) if Option::is_none,
    "arena" => arena if Option::is_none,
    "source" => source if Option::is_none,
}

mcr_core::de_struct! { GameRecord, ignore;
    game_id: String = "game_id",
    srand: i64 = "srand",
    quan: i64 = "quan",
    players: Vec<String> = "players" @default,
    wall: Vec<String> = "wall",
    wall_known: Option<Vec<u8>> = "wall_known" @default,
    turns: Vec<TurnRecord> = "turns",
    expected: Expected = "expected",
    tags: Vec<String> = "tags" @default,
    injected: Option<serde_json::Value> = "injected" @default with unique::option_value,
    known_discrepancy: Option<serde_json::Value> = "known_discrepancy" @default with unique::option_value,
    rules: Option<&'static mcr_core::fans::Profile> = "rules" @default with rules::deserialize,
    arena: Option<serde_json::Value> = "arena" @default with unique::option_value,
    source: Option<serde_json::Value> = "source" @default with unique::option_value,
}

/// One judge step: requests sent, the display written, the answers received.
/// The terminal turn has neither requests nor responses.
#[derive(Debug, Clone, Default)]
/// Keys repeated anywhere in it make the record malformed ([`unique`]).
pub struct TurnRecord {
    /// The request sent to each seat, by seat key (`"0"`..`"3"`).
    pub request: Option<BTreeMap<String, String>>,
    /// The judge's display of this step (its JSON).
    pub display: serde_json::Value,
    /// Each seat's answer to the request, by seat key.
    pub responses: Option<BTreeMap<String, String>>,
    /// Platform verdicts on this turn's answers, by seat (`{"2": "TLE"}`):
    /// the seat failed to answer (time, memory, output limit, crash, no
    /// JSON...), its response is absent or not read, and the judge ends the
    /// game on it when it examines that seat (the next turn's display is the
    /// verdict). Only non-`OK` verdicts are kept.
    pub verdicts: Option<BTreeMap<String, String>>,
    /// The arena: each answering seat's time to answer, in milliseconds.
    pub times_ms: Option<BTreeMap<String, f64>>,
    /// The arena: each seat's `debug` output (Botzone's JSON I/O).
    pub debug: Option<BTreeMap<String, String>>,
}

mcr_core::ser_struct! { TurnRecord;
    "request" => request if Option::is_none,
    "display" => display,
    "responses" => responses if Option::is_none,
    "verdicts" => verdicts if Option::is_none,
    "times_ms" => times_ms if Option::is_none,
    "debug" => debug if Option::is_none,
}

mcr_core::de_struct! { TurnRecord, ignore;
    request: Option<BTreeMap<String, String>> = "request" @default with unique::option_string_map,
    display: serde_json::Value = "display" with unique::value,
    responses: Option<BTreeMap<String, String>> = "responses" @default with unique::option_string_map,
    verdicts: Option<BTreeMap<String, String>> = "verdicts" @default with unique::option_string_map,
    times_ms: Option<BTreeMap<String, f64>> = "times_ms" @default with unique::option_map,
    debug: Option<BTreeMap<String, String>> = "debug" @default with unique::option_string_map,
}

impl TurnRecord {
    /// The four responses by seat (a missing one is taken as absent).
    pub fn responses_by_seat(&self) -> [Option<&str>; 4] {
        let mut out = [None; 4];
        if let Some(r) = &self.responses {
            for (seat, slot) in out.iter_mut().enumerate() {
                *slot = r.get(SEAT_KEYS[seat]).map(|s| s.as_str());
            }
        }
        out
    }

    /// The platform verdicts by seat (absent: the seat answered, `OK`).
    pub fn verdicts_by_seat(&self) -> [Option<&str>; 4] {
        let mut out = [None; 4];
        if let Some(r) = &self.verdicts {
            for (seat, slot) in out.iter_mut().enumerate() {
                *slot = r.get(SEAT_KEYS[seat]).map(|s| s.as_str());
            }
        }
        out
    }
}

pub use mcr_core::engine::protocol::{seat_of_key, SEAT_KEYS};

/// The `expected` block: outcome of a normal game, or verdict of an error game.
/// It serialises by its ending ([`mod@write`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expected {
    /// "zimo" | "ron" | "draw" | "error"
    pub ending: String,
    /// The winning seat.
    pub winner: Option<u8>,
    /// The seat whose discard (or kong) was won on; `None` for a self-drawn win.
    pub discarder: Option<u8>,
    /// Whether the win robbed a kong.
    pub qianggang: Option<bool>,
    /// The winning hand's fans as (name, value, count).
    pub fan: Vec<(String, i32, i32)>,
    /// The winning hand's total fan.
    pub fan_total: Option<i32>,
    /// The four seats' scores.
    pub scores: Vec<i32>,
    /// Error games: the seat given the verdict.
    pub offender: Option<u8>,
    /// Error games: the verdict (`WA`, `WH`, or a platform verdict).
    pub verdict: Option<String>,
}

mcr_core::de_struct! { Expected, ignore;
    ending: String = "ending",
    winner: Option<u8> = "winner" @default,
    discarder: Option<u8> = "discarder" @default,
    qianggang: Option<bool> = "qianggang" @default,
    fan: Vec<(String, i32, i32)> = "fan" @default,
    fan_total: Option<i32> = "fan_total" @default,
    scores: Vec<i32> = "scores" @default,
    offender: Option<u8> = "offender" @default,
    verdict: Option<String> = "verdict" @default,
}

/// One hand scored by the reference calculator.
#[derive(Debug, Clone)]
pub struct HandRecord {
    /// The hand's identifier.
    pub id: String,
    /// [type, tile, offer]
    pub packs: Vec<(String, String, u8)>,
    /// The standing tiles, by name (`W1`..`J3`).
    pub hand: Vec<String>,
    /// The winning tile.
    pub win_tile: String,
    /// The circumstances of the win.
    pub flags: HandFlags,
    /// The seat wind, 0 east to 3 north.
    pub seat_wind: u8,
    /// The prevalent wind, 0 east to 3 north.
    pub prevalent_wind: u8,
    /// Flowers declared (0 when absent).
    pub flower_count: u8,
    /// What the reference calculator gave.
    pub expected: HandExpected,
}

mcr_core::de_struct! { HandRecord, ignore;
    id: String = "id",
    packs: Vec<(String, String, u8)> = "packs",
    hand: Vec<String> = "hand",
    win_tile: String = "win_tile",
    flags: HandFlags = "flags",
    seat_wind: u8 = "seat_wind",
    prevalent_wind: u8 = "prevalent_wind",
    flower_count: u8 = "flower_count" @default,
    expected: HandExpected = "expected",
}

#[derive(Debug, Clone, Copy, Default)]
/// The win flags of a hand record; each absent flag is false.
pub struct HandFlags {
    /// The win was self-drawn.
    pub self_drawn: bool,
    /// The win tile was the last of its kind.
    pub fourth_tile: bool,
    /// The win was on a kong replacement or robbed a kong.
    pub about_kong: bool,
    /// The win tile was the wall's last.
    pub wall_last: bool,
    /// Optional, absent = false: won with the dealt hand or on the first discard.
    pub initial: bool,
}

mcr_core::de_struct! { HandFlags, ignore;
    self_drawn: bool = "self_drawn" @default,
    fourth_tile: bool = "fourth_tile" @default,
    about_kong: bool = "about_kong" @default,
    wall_last: bool = "wall_last" @default,
    initial: bool = "initial" @default,
}

#[derive(Debug, Clone)]
/// The reference calculator's answer for a hand.
pub struct HandExpected {
    /// The raw result: total fan, or -1 wrong tile count, -3 not a win.
    pub result: i32,
    /// The fans as (name, value, count).
    pub fan: Vec<(String, i32, i32)>,
    /// The total fan (0 when absent).
    pub fan_total: i32,
}

mcr_core::de_struct! { HandExpected, ignore;
    result: i32 = "result",
    fan: Vec<(String, i32, i32)> = "fan",
    fan_total: i32 = "fan_total" @default,
}

/// Where and why a record could not be read: the file, the line and what is
/// wrong ([`RecordErrorKind`]), which a caller tells apart by kind (a line
/// over the bound, a rules conflict, malformed JSON...), never by its words.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordError {
    /// The file read.
    pub file: PathBuf,
    /// 1-based; 0 when the file could not be opened at all.
    pub line: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong with a record file or one of its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The file could not be opened (the system's reason).
    Open(String),
    /// The file's first bytes could not be read (the system's reason).
    Unreadable(String),
    /// Reading failed partway (the system's or the decompressor's reason).
    Read(String),
    /// A line over the reader's bound, skipped (`len` bytes, bound `max`).
    TooLong {
        /// The line's length in bytes.
        len: usize,
        /// The bound.
        max: usize,
    },
    /// A whole-file JSON document (a platform match file) over the bound.
    DocumentTooLong {
        /// The bound.
        max: usize,
    },
    /// A line that is not UTF-8: the offset of its first bad byte.
    NotUtf8(usize),
    /// JSON that is not a record of the expected schema (serde's words).
    Malformed(String),
    /// A hand record whose content is not a hand: its id and why.
    Hand {
        /// The record's `id`.
        id: String,
        /// What is wrong with it.
        error: HandRecordError,
    },
    /// The record's `"rules"` names another profile than the one asked for
    /// (the game's id, the profiles).
    RulesConflict {
        /// The game's id.
        game: String,
        /// The profiles.
        conflict: rules::RulesConflict,
    },
    /// A record or game that reads but is not valid in its format (the
    /// format reader's words: a match log that does not replay, a text
    /// log's bad line...).
    Invalid(String),
}

impl std::fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordErrorKind::Open(v0) => write!(f, "cannot open: {v0}"),
            RecordErrorKind::Unreadable(v0) => write!(f, "cannot read: {v0}"),
            RecordErrorKind::Read(v0) => write!(f, "read error (truncated or corrupt file?): {v0}"),
            RecordErrorKind::TooLong { len, max } => {
                write!(f, "line of {len} bytes is longer than the limit of {max} bytes: skipped")
            }
            RecordErrorKind::DocumentTooLong { max } => {
                write!(f, "a JSON document of over {max} bytes is longer than the limit of {max} bytes: skipped")
            }
            RecordErrorKind::NotUtf8(v0) => write!(f, "line is not UTF-8 (byte {v0} of the line)"),
            RecordErrorKind::Malformed(v0) => write!(f, "malformed record: {v0}"),
            RecordErrorKind::Hand { id, error } => write!(f, "{id}: {error}"),
            RecordErrorKind::RulesConflict { game, conflict } => write!(f, "game {game}: {conflict}"),
            RecordErrorKind::Invalid(v0) => write!(f, "{v0}"),
        }
    }
}

impl std::error::Error for RecordErrorKind {}

impl RecordError {
    /// An error of `file` at `line` (0: the file as a whole).
    pub fn new(file: &Path, line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { file: file.to_path_buf(), line, kind }
    }

    /// What is wrong, without the file and line.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.kind)
        } else {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.kind)
        }
    }
}

impl std::error::Error for RecordError {}

/// Why a hand record ([`HandRecord::to_input`]) is not a calculator input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum HandRecordError {
    /// A tile name that is not a tile.
    Tile(mcr_core::tiles::UnknownTile),
    /// A pack type other than CHI, PENG or GANG.
    PackType(String),
    /// Tiles that do not make a hand.
    Hand(mcr_core::hand::HandError),
}

impl std::fmt::Display for HandRecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandRecordError::Tile(v0) => std::fmt::Display::fmt(v0, f),
            HandRecordError::PackType(v0) => write!(f, "unknown pack type {v0:?} (expected CHI, PENG or GANG)"),
            HandRecordError::Hand(v0) => std::fmt::Display::fmt(v0, f),
        }
    }
}

impl std::error::Error for HandRecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HandRecordError::Tile(v0) => std::error::Error::source(v0),
            HandRecordError::Hand(v0) => std::error::Error::source(v0),
            _ => None,
        }
    }
}

impl From<mcr_core::tiles::UnknownTile> for HandRecordError {
    fn from(e: mcr_core::tiles::UnknownTile) -> HandRecordError {
        HandRecordError::Tile(e)
    }
}

impl From<mcr_core::hand::HandError> for HandRecordError {
    fn from(e: mcr_core::hand::HandError) -> HandRecordError {
        HandRecordError::Hand(e)
    }
}

/// A record with the line it came from.
#[derive(Debug, Clone)]
pub struct Located<T> {
    /// Its line in the file (1-based).
    pub line: usize,
    /// The record read.
    pub record: T,
}

/// Opens `.jsonl` or `.jsonl.gz` (by content: a gzip magic number means gzip).
pub fn open_lines(path: &Path) -> Result<Box<dyn BufRead + Send>, RecordError> {
    Ok(Box::new(BufReader::with_capacity(1 << 16, open_reader(path)?)))
}

/// The decompressed bytes of `.jsonl` or `.jsonl.gz`; the path `-` is the
/// standard input (gzip or not, told the same way).
fn open_reader(path: &Path) -> Result<Box<dyn Read + Send>, RecordError> {
    let err = |kind: RecordErrorKind| RecordError::new(path, 0, kind);
    let mut file: Box<dyn Read + Send> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| err(RecordErrorKind::Open(e.to_string())))?)
    };
    let mut magic = [0u8; 2];
    let n = file.read(&mut magic).map_err(|e| err(RecordErrorKind::Unreadable(e.to_string())))?;
    let head = std::io::Cursor::new(magic[..n].to_vec());
    let chained = head.chain(file);
    if n == 2 && magic == [0x1f, 0x8b] {
        Ok(Box::new(SkipBom::new(flate2::read::MultiGzDecoder::new(chained))))
    } else {
        Ok(Box::new(SkipBom::new(chained)))
    }
}

/// A stream without the UTF-8 byte order mark that some editors write at
/// the start of a text file (it is not part of the first record).
struct SkipBom<R> {
    inner: R,
    /// The stream's first bytes, until handed out; `None` before they are read.
    head: Option<std::io::Cursor<Vec<u8>>>,
}

impl<R: Read> SkipBom<R> {
    fn new(inner: R) -> SkipBom<R> {
        SkipBom { inner, head: None }
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        const BOM: &[u8] = b"\xef\xbb\xbf";
        if self.head.is_none() {
            // Read lazily, so that a read error is reported where lines are read.
            let mut first = Vec::with_capacity(BOM.len());
            (&mut self.inner).take(BOM.len() as u64).read_to_end(&mut first)?;
            let skip = if first == BOM { BOM.len() } else { 0 };
            let mut head = std::io::Cursor::new(first);
            head.set_position(skip as u64);
            self.head = Some(head);
        }
        match self.head.as_mut() {
            Some(head) if (head.position() as usize) < head.get_ref().len() => head.read(out),
            _ => self.inner.read(out),
        }
    }
}

/// Streams the records of one file; blank lines are skipped. Lines come
/// from the one line reader ([`lines::LineReader`]), a block at a time.
pub struct Records<T> {
    reader: lines::LineReader,
    block: lines::Block,
    /// The next line and the next error of `block` to hand out.
    next_line: usize,
    next_error: usize,
    _t: std::marker::PhantomData<fn() -> T>,
}

/// A line [`Records::next_raw`] hands out: its number and its bytes, or why
/// it could not be read.
enum Raw {
    Line(usize),
    Error(RecordError),
}

impl<T: DeserializeOwned> Records<T> {
    /// Opens `.jsonl` or `.jsonl.gz`, with the default line bound
    /// ([`DEFAULT_MAX_LINE_BYTES`]).
    pub fn open(path: &Path) -> Result<Records<T>, RecordError> {
        Records::open_with(path, DEFAULT_MAX_LINE_BYTES)
    }

    /// [`Records::open`] keeping no line longer than `max_line_bytes`.
    pub fn open_with(path: &Path, max_line_bytes: usize) -> Result<Records<T>, RecordError> {
        let reader = lines::LineReader::open_with(path, usize::MAX, max_line_bytes)?;
        Ok(Records::of_lines(reader))
    }

    /// The records of a stream already open (e.g. by [`open_lines`], after
    /// a look at its first line); `file` names it in errors. The default
    /// line bound.
    pub fn from_reader(file: &Path, lines: Box<dyn BufRead + Send>, max_line_bytes: usize) -> Records<T> {
        Records::of_lines(lines::LineReader::from_reader(file, Box::new(lines), usize::MAX, max_line_bytes))
    }

    fn of_lines(reader: lines::LineReader) -> Records<T> {
        Records { reader, block: lines::Block::default(), next_line: 0, next_error: 0, _t: std::marker::PhantomData }
    }

    /// The file read.
    pub fn file(&self) -> &Path {
        self.reader.file()
    }

    /// The next line or error of the file in line order; `None` at the end.
    fn next_raw(&mut self) -> Option<Raw> {
        loop {
            let line = self.block.line_number(self.next_line);
            let error = self.block.errors.get(self.next_error).map(|e| e.line);
            match (line, error) {
                (Some(l), Some(e)) if e < l => break,
                (Some(l), _) => return Some(Raw::Line(l)),
                (None, Some(_)) => break,
                (None, None) => {
                    if !self.reader.fill(&mut self.block) {
                        return None;
                    }
                    self.next_line = 0;
                    self.next_error = 0;
                }
            }
        }
        self.next_error += 1;
        Some(Raw::Error(self.block.errors[self.next_error - 1].clone()))
    }

    /// The next non-blank line, left for the next `next` to read as a record
    /// (the file is read once: a pipe cannot be reopened). `None` at the end,
    /// or when that line cannot be read (`next` then gives the error).
    pub fn peek_line(&mut self) -> Option<&str> {
        let line = self.block.line_number(self.next_line);
        let error = self.block.errors.get(self.next_error).map(|e| e.line);
        let ahead = match (line, error) {
            (Some(l), Some(e)) => l < e,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => {
                if !self.reader.fill(&mut self.block) {
                    return None;
                }
                self.next_line = 0;
                self.next_error = 0;
                return self.peek_line();
            }
        };
        if !ahead {
            return None;
        }
        std::str::from_utf8(self.block.line(self.next_line)).ok().map(str::trim)
    }

    /// The same stream read as records of another type (after [`Records::peek_line`]).
    pub fn into_records<U: DeserializeOwned>(self) -> Records<U> {
        let Records { reader, block, next_line, next_error, .. } = self;
        Records { reader, block, next_line, next_error, _t: std::marker::PhantomData }
    }
}

impl<T: DeserializeOwned> Iterator for Records<T> {
    type Item = Result<Located<T>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_raw()? {
            Raw::Error(e) => Some(Err(e)),
            Raw::Line(line) => {
                let bytes = self.block.line(self.next_line);
                self.next_line += 1;
                Some(parse_line::<T>(self.reader.file(), line, bytes).map(|record| Located { line, record }))
            }
        }
    }
}

/// Reads every record of `path`, keeping good ones and collecting errors.
pub fn read_all<T: DeserializeOwned>(path: &Path) -> (Vec<Located<T>>, Vec<RecordError>) {
    let mut good = Vec::new();
    let mut bad = Vec::new();
    match Records::<T>::open(path) {
        Ok(it) => {
            for r in it {
                match r {
                    Ok(l) => good.push(l),
                    Err(e) => bad.push(e),
                }
            }
        }
        Err(e) => bad.push(e),
    }
    (good, bad)
}

impl HandRecord {
    /// The calculator input this record describes; a bad tile or pack is an
    /// error naming it.
    pub fn to_input(&self) -> Result<mcr_core::hand::HandInput, HandRecordError> {
        use mcr_core::hand::{HandInput, Pack, PackKind, WinFlags};
        use mcr_core::tiles::Tile;
        let tile = |s: &str| Tile::parse(s).map_err(HandRecordError::Tile);
        let mut packs = Vec::with_capacity(self.packs.len());
        for (kind, t, offer) in &self.packs {
            let kind = PackKind::parse(kind).ok_or_else(|| HandRecordError::PackType(kind.clone()))?;
            packs.push(Pack::new(kind, tile(t)?, *offer));
        }
        let standing = self.hand.iter().map(|t| tile(t)).collect::<Result<Vec<_>, _>>()?;
        let f = self.flags;
        let flags = WinFlags {
            self_drawn: f.self_drawn,
            fourth_tile: f.fourth_tile,
            about_kong: f.about_kong,
            wall_last: f.wall_last,
            initial: f.initial,
        };
        HandInput::new(
            &packs,
            &standing,
            tile(&self.win_tile)?,
            flags,
            self.seat_wind,
            self.prevalent_wind,
            self.flower_count,
        )
        .map_err(HandRecordError::Hand)
    }
}

/// The hands of a hands corpus as calculator inputs. A record that cannot be
/// read or converted is an `Err` with file, line (and the record's id:
/// [`RecordErrorKind::Hand`]).
pub fn hand_inputs(
    path: &Path,
) -> Box<dyn Iterator<Item = Result<(Located<HandRecord>, mcr_core::hand::HandInput), RecordError>>> {
    hand_inputs_with(path, DEFAULT_MAX_LINE_BYTES)
}

/// [`hand_inputs`] keeping no line longer than `max_line_bytes`.
pub fn hand_inputs_with(
    path: &Path,
    max_line_bytes: usize,
) -> Box<dyn Iterator<Item = Result<(Located<HandRecord>, mcr_core::hand::HandInput), RecordError>>> {
    match Records::<HandRecord>::open_with(path, max_line_bytes) {
        Err(e) => Box::new(std::iter::once(Err(e))),
        Ok(records) => hand_inputs_of(records),
    }
}

/// [`hand_inputs`] of a file already open.
pub fn hand_inputs_of(
    records: Records<HandRecord>,
) -> Box<dyn Iterator<Item = Result<(Located<HandRecord>, mcr_core::hand::HandInput), RecordError>>> {
    let file = records.file().to_path_buf();
    Box::new(records.map(move |r| {
        let r = r?;
        let input = r.record.to_input().map_err(|error| {
            RecordError::new(&file, r.line, RecordErrorKind::Hand { id: r.record.id.clone(), error })
        })?;
        Ok((r, input))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// `bytes` as a file in this test run's folder.
    pub(super) fn temp(name: &str, bytes: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mcr-record-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }

    #[derive(Debug)]
    struct Small {
        a: i32,
    }

    mcr_core::de_struct! { Small, ignore;
        a: i32 = "a",
    }

    #[test]
    fn malformed_line_is_reported_and_reading_goes_on() {
        let p = temp("m.jsonl", b"{\"a\":1}\n{\"a\":\n\n{\"a\":3,\"extra\":true}\n");
        let (good, bad) = read_all::<Small>(&p);
        assert_eq!(good.iter().map(|l| l.record.a).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(good[1].line, 4);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].line, 2);
        assert!(bad[0].to_string().contains("m.jsonl:2: malformed record"), "{}", bad[0]);
    }

    /// The first half of a gzip file of `n` lines `{"a":i}`.
    pub(super) fn half_of_gzip(n: usize) -> Vec<u8> {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        for i in 0..n {
            writeln!(enc, "{{\"a\":{i}}}").unwrap();
        }
        let mut full = enc.finish().unwrap();
        full.truncate(full.len() / 2);
        full
    }

    #[test]
    fn truncated_gzip_keeps_what_was_read() {
        let p = temp("t.jsonl.gz", &half_of_gzip(2000));
        let (good, bad) = read_all::<Small>(&p);
        assert!(!good.is_empty() && good.len() < 2000);
        assert_eq!(bad.len(), 1);
        assert!(matches!(bad[0].kind, RecordErrorKind::Read(_)), "{}", bad[0]);
        for (i, l) in good.iter().enumerate() {
            assert_eq!(l.record.a, i as i32);
        }
    }

    #[test]
    fn invalid_utf8_and_over_long_lines_are_reported_and_reading_goes_on() {
        let mut bytes = b"{\"a\":1}\n{\"a\":\xff2}\n".to_vec();
        bytes.extend(std::iter::repeat_n(b' ', 5000));
        bytes.extend_from_slice(b"{\"a\":3}\n{\"a\":4}");
        let p = temp("u.jsonl", &bytes);
        let records = Records::<Small>::open_with(&p, 4096).unwrap();
        let (good, bad): (Vec<_>, Vec<_>) = records.partition(|r| r.is_ok());
        let good: Vec<_> = good.into_iter().map(|r| r.unwrap()).map(|l| (l.line, l.record.a)).collect();
        assert_eq!(good, [(1, 1), (4, 4)]);
        let bad: Vec<_> = bad.into_iter().map(|r| r.unwrap_err().to_string()).collect();
        assert!(bad[0].contains("u.jsonl:2: line is not UTF-8"), "{}", bad[0]);
        assert!(bad[1].contains("u.jsonl:3: line of 5007 bytes is longer than the limit of 4096"), "{}", bad[1]);
        assert_eq!(bad.len(), 2);
    }

    #[test]
    fn missing_file_is_an_error() {
        let (good, bad) = read_all::<Small>(Path::new("/nonexistent/x.jsonl"));
        assert!(good.is_empty());
        assert_eq!(bad[0].line, 0);
    }
}
