//! The Botzone judge program (`mcr judge`): one turn of Botzone's judge
//! protocol, as the real judge answers it.
//!
//! Botzone, botzone-local and contest gauntlets run the judge once per turn:
//! `{"log": [...], "initdata": ...}` on its standard input, one JSON object
//! on its standard output. The log alternates the judge's own earlier
//! outputs (never read) and the four bots' entries, `{"0": {"verdict",
//! "response"}, ...}`; the judge replays the game from `initdata` and the
//! bots' entries and answers the last of them:
//!
//! - `command`: `request` while the game goes on, `finish` at its end;
//! - `content`: each seat's request string, or the final scores;
//! - `display`: the turn's display (the profile's, `game display`);
//! - `initdata` (the first turn only): `walltiles`, `quan`, `srand`.
//!
//! [`Judge::respond`] is that function, on parsed JSON; [`Judge::respond_text`]
//! reads the input's bytes and writes the output in the [`Layout`] of the
//! judge the profile imitates. The game is played by the [`Engine`], the
//! answers fed as [`crate::replay`] feeds a record's.
//!
//! # `initdata`
//!
//! As the judge reads it (`judge/main.cpp`): when `initdata` is an object,
//! an integer `srand` seeds C's `rand()`, an integer `quan` in 0..=3 is the
//! prevalent wind (otherwise `rand() % 4`), and a non-empty string
//! `walltiles` is the wall. Anything else (a string, `null`, absent) counts
//! as an empty object. Without a seed the judge seeds with the clock
//! (`time(NULL)`, the seconds since 1970); without a wall it shuffles its
//! ordered wall with libstdc++'s `random_shuffle` (`rand`), which this
//! module reproduces exactly. The first output gives the wall, `quan` and
//! seed back as `initdata`, which the platform and botzone-local pass on
//! every later turn.
//!
//! # Example
//!
//! ```
//! use mcr_core::fans::Profile;
//! use mcr_records::judge::Judge;
//! use serde_json::json;
//!
//! let judge = Judge::new(Profile::default());
//! let first = judge.respond(&json!({"log": [], "initdata": {"srand": 1, "quan": 0}}))?;
//! assert_eq!(first["command"], "request");
//! assert_eq!(first["content"]["2"], "0 2 0");
//! let init = first["initdata"].clone();
//! // The bots answer PASS; the judge deals.
//! let pass = json!({"verdict": "OK", "response": "PASS"});
//! let log = json!([{"output": first}, {"0": pass, "1": pass, "2": pass, "3": pass}]);
//! let deal = judge.respond(&json!({"log": log, "initdata": init}))?;
//! assert_eq!(deal["display"]["action"], "DEAL");
//! assert!(deal["content"]["0"].as_str().unwrap().starts_with("1 0 0 0 0 "));
//! # Ok::<(), mcr_records::judge::JudgeError>(())
//! ```

mod layout;
pub(crate) mod rand;

pub use layout::Layout;

use serde_json::{Map, Value};

use crate::formats::log::kind_of;
use crate::record::SEAT_KEYS;
use mcr_core::engine::{Engine, EngineError, Event, Turn};
use mcr_core::fans::Profile;
use mcr_core::tiles::Tile;

/// Why an input gets no output (the real judge crashes on most of these, or
/// answers something no driver can use; `docs/src/judge-program.md` says
/// what it does with each).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum JudgeError {
    /// The input is no JSON text.
    NotJson {
        /// The parser's message (line and column).
        message: String,
    },
    /// The input is longer than the bound.
    TooLong {
        /// The bound, in bytes.
        limit: usize,
    },
    /// The input is JSON but not an object.
    NotAnObject {
        /// What it is.
        found: &'static str,
    },
    /// `log` is neither an array nor absent.
    LogNotArray {
        /// What it is.
        found: &'static str,
    },
    /// The log ends on a judge's entry: no answers to read.
    LogEndsOnJudge {
        /// The log's length.
        len: usize,
    },
    /// A bots' entry is not an object.
    EntryNotObject {
        /// The entry's index in the log.
        index: usize,
        /// What it is.
        found: &'static str,
    },
    /// A seat's part of a bots' entry is not an object.
    SeatNotObject {
        /// The entry's index in the log.
        index: usize,
        /// The seat.
        seat: u8,
        /// What it is.
        found: &'static str,
    },
    /// A seat's `verdict` or `response` is neither a string nor absent.
    NotAString {
        /// The entry's index in the log.
        index: usize,
        /// The seat.
        seat: u8,
        /// `verdict` or `response`.
        key: &'static str,
        /// What it is.
        found: &'static str,
    },
    /// The wall or `quan` of `initdata` cannot start a game.
    Initdata {
        /// What the engine said.
        error: EngineError,
    },
    /// The engine refused the answers of a bots' entry.
    Engine {
        /// The entry's index in the log.
        index: usize,
        /// What the engine said.
        error: EngineError,
    },
    /// The game ended before the log does.
    AfterEnd {
        /// The bots' entry whose answers ended the game.
        index: usize,
        /// The log's length.
        len: usize,
    },
}

impl std::fmt::Display for JudgeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JudgeError::NotJson { message } => write!(f, "the input is not JSON: {message}"),
            JudgeError::TooLong { limit } => write!(f, "the input is longer than {limit} bytes (--max-line-bytes)"),
            JudgeError::NotAnObject { found } => {
                write!(f, "the input is {found}, not an object {{\"log\": [...], \"initdata\": ...}}")
            }
            JudgeError::LogNotArray { found } => write!(f, "\"log\" is {found}, not an array"),
            JudgeError::LogEndsOnJudge { len } => write!(
                f,
                "the log has {len} entries and ends on the judge's output: it must end on the bots' entry \
         (log[1], log[3], ...) that answers it"
            ),
            JudgeError::EntryNotObject { index, found } => {
                write!(f, "log[{index}] is {found}, not the bots' entry {{\"0\": {{\"verdict\", \"response\"}}, ...}}")
            }
            JudgeError::SeatNotObject { index, seat, found } => {
                write!(f, "log[{index}][\"{seat}\"] is {found}, not an object {{\"verdict\", \"response\"}}")
            }
            JudgeError::NotAString { index, seat, key, found } => {
                write!(f, "log[{index}][\"{seat}\"].{key} is {found}, not a string")
            }
            JudgeError::Initdata { error } => write!(f, "initdata: {error}"),
            JudgeError::Engine { index, error } => write!(f, "log[{index}]: {error}"),
            JudgeError::AfterEnd { index, len } => {
                write!(f, "the game ended with the answers of log[{index}], but the log goes on to {len} entries")
            }
        }
    }
}

impl std::error::Error for JudgeError {}

/// The judge of one profile: its rules and displays, and the jsoncpp it
/// reads and writes JSON like.
#[derive(Clone, Copy, Debug)]
pub struct Judge {
    profile: &'static Profile,
    layout: Layout,
    /// jsoncpp 1.x reads a whole number written `2.0` as an integer; 0.5.0
    /// does not. The profile's judge decides, not the layout written.
    whole_reals: bool,
}

impl Judge {
    /// The judge of `profile`, in the layout of the judge it imitates
    /// ([`Judge::layout_of`]).
    pub fn new(profile: &'static Profile) -> Judge {
        let layout = Judge::layout_of(profile);
        Judge { profile, layout, whole_reals: layout != Layout::Jsoncpp05 }
    }

    /// The same judge writing `layout` (its reading stays that of the
    /// profile's judge: jsoncpp 1.x takes a number such as `2.0` for an
    /// integer `quan` or `srand`, 0.5.0 does not).
    pub fn with_layout(self, layout: Layout) -> Judge {
        Judge { layout, ..self }
    }

    /// The layout of the real judge `profile` stands for: jsoncpp 0.5.0's
    /// for `botzone-local` (the binary botzone-local ships is linked with
    /// it), jsoncpp 1.x's for the others (the public `judge/main.cpp` built
    /// today, as the build of the platform's judge is).
    pub fn layout_of(profile: &Profile) -> Layout {
        if profile.name == "botzone-local" {
            Layout::Jsoncpp05
        } else {
            Layout::Jsoncpp1
        }
    }

    /// The profile.
    pub fn profile(&self) -> &'static Profile {
        self.profile
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The judge's output for `input`, the clock read as the judge reads it
    /// when `initdata` gives no seed.
    pub fn respond(&self, input: &Value) -> Result<Value, JudgeError> {
        self.respond_at(input, clock())
    }

    /// [`Judge::respond`] with the clock at `now` (seconds since 1970, as
    /// C's `time()` truncated to an `unsigned int`).
    pub fn respond_at(&self, input: &Value, now: u32) -> Result<Value, JudgeError> {
        let (turn, start, first) = self.play(input, now)?;
        let mut out = Map::new();
        out.insert("command".into(), Value::from(if turn.is_terminal() { "finish" } else { "request" }));
        let content: Map<String, Value> = match (turn.requests(), turn.event.scores()) {
            (Some(requests), _) => {
                requests.into_iter().enumerate().map(|(s, r)| (SEAT_KEYS[s].to_string(), Value::from(r))).collect()
            }
            (None, Some(scores)) => {
                scores.into_iter().enumerate().map(|(s, v)| (SEAT_KEYS[s].to_string(), Value::from(v))).collect()
            }
            (None, None) => Map::new(),
        };
        out.insert("content".into(), Value::Object(content));
        out.insert("display".into(), turn.display_json());
        if first {
            let mut init = Map::new();
            init.insert("quan".into(), Value::from(start.quan));
            init.insert("srand".into(), Value::from(start.seed));
            init.insert("walltiles".into(), Value::from(start.walltiles));
            out.insert("initdata".into(), Value::Object(init));
        }
        Ok(Value::Object(out))
    }

    /// The judge's output text for the input's bytes, in the judge's
    /// layout: what `mcr judge` prints. `max_bytes` bounds the input.
    pub fn respond_text(&self, input: &[u8], max_bytes: usize) -> Result<String, JudgeError> {
        let limit = crate::record::line_bound(max_bytes);
        if input.len() > limit {
            return Err(JudgeError::TooLong { limit });
        }
        let value: Value = serde_json::from_slice(input).map_err(|e| JudgeError::NotJson { message: e.to_string() })?;
        let out = self.respond(&value)?;
        Ok(self.layout.write(&out))
    }

    /// The game replayed from the input: the last turn, the start, and
    /// whether it is the first turn.
    fn play(&self, input: &Value, now: u32) -> Result<(Turn, Start, bool), JudgeError> {
        let input = input.as_object().ok_or(JudgeError::NotAnObject { found: kind_of(input) })?;
        let log: &[Value] = match input.get("log") {
            None | Some(Value::Null) => &[],
            Some(Value::Array(a)) => a,
            Some(other) => return Err(JudgeError::LogNotArray { found: kind_of(other) }),
        };
        if log.len() % 2 == 1 {
            return Err(JudgeError::LogEndsOnJudge { len: log.len() });
        }
        // The answers are read before the game starts: a malformed entry is
        // an error whatever the game does.
        let entries: Vec<Answers> =
            log.iter().enumerate().skip(1).step_by(2).map(|(i, e)| answers(i, e)).collect::<Result<_, _>>()?;
        let start = Start::read(input.get("initdata"), self.whole_reals, now);
        let mut engine = Engine::with_profile(self.profile);
        let mut turn = start.reset(&mut engine).map_err(|error| JudgeError::Initdata { error })?;
        for (k, entry) in entries.iter().enumerate() {
            let index = 2 * k + 1;
            if turn.is_terminal() {
                return Err(JudgeError::AfterEnd { index: index - 2, len: log.len() });
            }
            let responses = entry.responses.map(|r| r.unwrap_or(""));
            turn = engine
                .step_with_verdicts(responses, entry.verdicts)
                .map_err(|error| JudgeError::Engine { index, error })?;
        }
        // The judge shows the length of the wall's text as it was given (0
        // when it shuffled its own).
        match &mut turn.event {
            Event::Init { strlen, .. } | Event::WrongAnswer { strlen: Some(strlen), .. } => *strlen = start.strlen,
            _ => {}
        }
        Ok((turn, start, log.is_empty()))
    }
}

/// The clock as the judge reads it: `time(NULL)` as an `unsigned int`.
fn clock() -> u32 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as u32)
}

/// One bots' entry: each seat's response (`None`: absent or null, read as
/// the empty answer) and verdict (`None`: `OK`; an absent verdict is the
/// empty verdict, as the judge reads it).
struct Answers<'a> {
    responses: [Option<&'a str>; 4],
    verdicts: [Option<&'a str>; 4],
}

fn answers(index: usize, entry: &Value) -> Result<Answers<'_>, JudgeError> {
    let entry = match entry {
        Value::Object(o) => Some(o),
        Value::Null => None,
        other => return Err(JudgeError::EntryNotObject { index, found: kind_of(other) }),
    };
    let mut out = Answers { responses: [None; 4], verdicts: [None; 4] };
    for seat in 0..4u8 {
        let s = seat as usize;
        let bot = match entry.and_then(|e| e.get(SEAT_KEYS[s])) {
            None | Some(Value::Null) => None,
            Some(Value::Object(o)) => Some(o),
            Some(other) => return Err(JudgeError::SeatNotObject { index, seat, found: kind_of(other) }),
        };
        let text = |key: &'static str| -> Result<Option<&str>, JudgeError> {
            match bot.and_then(|b| b.get(key)) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(t)) => Ok(Some(t)),
                Some(other) => Err(JudgeError::NotAString { index, seat, key, found: kind_of(other) }),
            }
        };
        out.responses[s] = text("response")?;
        // The judge compares the verdict with "OK": an absent one differs,
        // and is shown as the empty string.
        out.verdicts[s] = match text("verdict")? {
            Some("OK") => None,
            Some(v) => Some(v),
            None => Some(""),
        };
    }
    Ok(out)
}

/// The game's start as the judge decides it from `initdata`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Start {
    seed: u32,
    quan: u8,
    /// The wall's text: as given, or the shuffled wall's names.
    walltiles: String,
    /// The length of the wall's text as given (0 when none was).
    strlen: usize,
}

impl Start {
    fn read(initdata: Option<&Value>, whole_reals: bool, now: u32) -> Start {
        let empty = Map::new();
        let init = match initdata {
            Some(Value::Object(o)) => o,
            _ => &empty,
        };
        let int = |key: &str| init.get(key).and_then(|v| judge_int(v, whole_reals));
        let seed = int("srand").map_or(now, |s| s as u32);
        let mut rand = rand::GlibcRand::new(seed);
        let quan = match int("quan") {
            Some(q @ 0..=3) => q as u8,
            _ => (rand.next_u31() % 4) as u8,
        };
        let given = match init.get("walltiles") {
            Some(Value::String(w)) if !w.is_empty() => Some(w.clone()),
            _ => None,
        };
        match given {
            Some(walltiles) => Start { seed, quan, strlen: walltiles.len(), walltiles },
            None => {
                let mut wall = rand::unshuffled_wall();
                rand::random_shuffle(&mut wall, &mut rand);
                let walltiles = wall.iter().map(|t| t.name()).collect::<Vec<_>>().join(" ");
                Start { seed, quan, walltiles, strlen: 0 }
            }
        }
    }

    /// The engine reset on this start: the wall split on single spaces, as
    /// the judge splits it.
    fn reset(&self, engine: &mut Engine) -> Result<Turn, EngineError> {
        let names: Vec<&str> = self.walltiles.split(' ').collect();
        if names.len() != mcr_core::engine::WALL_SIZE {
            return Err(EngineError::WallSize(names.len()));
        }
        let mut tiles = Vec::with_capacity(names.len());
        for (index, name) in names.iter().enumerate() {
            tiles.push(Tile::parse(name).map_err(|_| EngineError::UnknownTile { index, text: (*name).to_string() })?);
        }
        engine.reset_tiles(&tiles, i64::from(self.quan), i64::from(self.seed as i32))
    }
}

/// A JSON number as jsoncpp's `isInt()` / `asInt()` read it: an integer in
/// the range of a C `int`; with `whole_reals` (jsoncpp 1.x) also a whole
/// number written with a fraction or an exponent (`2.0`, `1e3`).
fn judge_int(v: &Value, whole_reals: bool) -> Option<i32> {
    let n = v.as_number()?;
    if let Some(i) = n.as_i64() {
        return i32::try_from(i).ok();
    }
    if n.is_u64() || !whole_reals {
        return None;
    }
    let f = n.as_f64()?;
    (f.fract() == 0.0 && f >= f64::from(i32::MIN) && f <= f64::from(i32::MAX)).then_some(f as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The wall the judge deals from `srand(1)` with `quan` given (no
    /// `rand()` call before the shuffle), as the C++ judge printed it.
    #[test]
    fn the_shuffled_wall_of_seed_one() {
        let start = Start::read(Some(&json!({"srand": 1, "quan": 0})), true, 0);
        assert!(start.walltiles.starts_with("F1 W5 T1 W6 F3 T3 T2 F1 T3 T9 "), "{}", start.walltiles);
        assert!(start.walltiles.ends_with(" W3 W1 J1 W7 W2 B8 T5"), "{}", start.walltiles);
        assert_eq!((start.seed, start.quan, start.strlen), (1, 0, 0));
    }

    #[test]
    fn integers_as_each_jsoncpp_reads_them() {
        assert_eq!(judge_int(&json!(2), true), Some(2));
        assert_eq!(judge_int(&json!(-7), false), Some(-7));
        assert_eq!(judge_int(&json!(2.0), true), Some(2));
        assert_eq!(judge_int(&json!(2.0), false), None);
        assert_eq!(judge_int(&json!(2.5), true), None);
        assert_eq!(judge_int(&json!(3_000_000_000u64), true), None);
        assert_eq!(judge_int(&json!("2"), true), None);
    }
}
