//! The bots file (`BOTS.toml`): four `[[bot]]` entries, seat i the i-th.
//!
//! ```toml
//! [[bot]]
//! name = "sample"                 # shown in records (players) and standings
//! command = ["./sample"]          # argv, or one string split like a shell
//! io = "json"                     # "json" (default) or "simple"
//! time_limit_ms = 1000            # per turn; the first turn of a game gets twice this
//! keep_running_limit_ms = 1000    # per turn once the bot keeps running
//! memory_mb = 256
//! dir = "bots/sample"             # its working directory, with ./data as on Botzone
//! keep_running = false            # Botzone's "keep running" switch (stdin stays open)
//! quote_requests = false          # keep-running JSON bots: requests JSON-quoted
//! ```
//!
//! An entry may instead name a built-in policy played in process
//! ([`crate::policy::builtin`]), with no program and none of the program's keys:
//!
//! ```toml
//! [[bot]]
//! name = "greedy-weak"            # default: the built-in's name
//! builtin = "greedy"              # "random", "greedy" or "decide"
//! seed = 7                        # its tie-breaks (default 0)
//! random_discards = 0.2           # handicap: share of random discards (default 0)
//! ```
//!
//! Two entries with one name must be the same bot.
//!
//! As on Botzone, a bot without `keep_running` gets end of input after its
//! turn's input (the official sample reads its JSON to the end of input),
//! and its process ends with its turn; a bot with it keeps its standard
//! input open and may print the keep-running marker.
//!
//! Relative `dir` and a relative program path containing a `/` are taken
//! from the bots file's folder. Every error names the file, line and column.
//!
//! # Example
//!
//! ```
//! use std::path::Path;
//!
//! use mcr_arena::program::spec::{self, BotEntry};
//! use mcr_arena::Io;
//!
//! let text = r#"
//! [[bot]]
//! name = "sample"
//! command = "./sample --fast"
//! io = "simple"
//! time_limit_ms = 2000
//!
//! [[bot]]
//! builtin = "greedy"
//!
//! [[bot]]
//! name = "greedy-1"
//! builtin = "greedy"
//! seed = 1
//!
//! [[bot]]
//! builtin = "random"
//! "#;
//! // As `spec::load` reads a file in /srv/bots.
//! let entries = spec::parse(text, Path::new("/srv/bots"))?;
//! let names: Vec<&str> = entries.iter().map(BotEntry::name).collect();
//! assert_eq!(names, ["sample", "greedy", "greedy-1", "random"]);
//! let BotEntry::Program(sample) = &entries[0] else { unreachable!() };
//! assert_eq!(sample.argv, ["/srv/bots/./sample", "--fast"]);
//! assert_eq!((sample.io, sample.time_limit_ms, sample.memory_mb), (Io::Simple, 2000, 256));
//!
//! // A mistake is named with its line and column.
//! let e = spec::parse(&text.replace("2000", "0"), Path::new("")).unwrap_err();
//! assert_eq!(e.at, Some((6, 17)));
//! assert_eq!(e.to_string(), "6:17: time_limit_ms = 0: must be 1..=86400000");
//! # Ok::<(), spec::ParseError>(())
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use super::protocol::Io;
use crate::policy::builtin::{Builtin, Kind};

/// Botzone's time limit of a turn, in milliseconds: 1 s (the first turn
/// of a game gets twice this).
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;
/// Botzone's time limit of a turn of a kept-running bot, in milliseconds:
/// 1 s (its figure for C++).
pub const DEFAULT_KEEP_RUNNING_LIMIT_MS: u64 = 1000;
/// Botzone's memory limit, in MiB: 256.
pub const DEFAULT_MEMORY_MB: u64 = 256;
/// The largest `time_limit_ms` and `keep_running_limit_ms` a bots file may
/// give: a day.
pub const MAX_TIME_LIMIT_MS: u64 = 86_400_000;
/// The largest `memory_mb` a bots file may give: 64 GiB.
pub const MAX_MEMORY_MB: u64 = 65_536;

/// One bot program and its limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    /// Shown in records (`players`, `arena.bots`) and standings; 1 to 200
    /// printable characters in a bots file.
    pub name: String,
    /// Program and arguments (a program without a `/` is looked up on
    /// `PATH`).
    pub argv: Vec<String>,
    /// How it reads its requests and writes its answers.
    pub io: Io,
    /// Wall-clock limit of a turn started afresh, in milliseconds; the
    /// first turn of a game gets twice this.
    pub time_limit_ms: u64,
    /// Wall-clock limit of a turn of its kept-running process, in
    /// milliseconds.
    pub keep_running_limit_ms: u64,
    /// Memory limit in MiB: the memory cgroup's where there is one, else
    /// the address space's (`RLIMIT_AS`); none off Unix.
    pub memory_mb: u64,
    /// Its working directory; `None`: a fresh empty folder per bot.
    pub dir: Option<PathBuf>,
    /// Keep-running JSON bots get each later request JSON-quoted
    /// (botzone-local) instead of raw (the default, BotzoneBench).
    pub quote_requests: bool,
    /// Botzone's keep-running switch: standard input stays open after a
    /// turn's input, and the marker keeps the process for the next turn.
    pub keep_running: bool,
}

impl BotSpec {
    /// A bot with Botzone's default limits.
    pub fn new(name: impl Into<String>, argv: Vec<String>, io: Io) -> BotSpec {
        BotSpec {
            name: name.into(),
            argv,
            io,
            time_limit_ms: DEFAULT_TIME_LIMIT_MS,
            keep_running_limit_ms: DEFAULT_KEEP_RUNNING_LIMIT_MS,
            memory_mb: DEFAULT_MEMORY_MB,
            dir: None,
            quote_requests: false,
            keep_running: false,
        }
    }
}

/// A bots file that cannot be used: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotsError {
    /// The bots file.
    pub file: PathBuf,
    /// 1-based line and column, when the problem has a place.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BotsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for BotsError {}

struct FileShape {
    bot: Vec<Spanned<Entry>>,
}

mcr_core::de_struct! { FileShape, deny;
    bot: Vec<Spanned<Entry>> = "bot" @default,
}

struct Entry {
    name: Option<Spanned<String>>,
    builtin: Option<Spanned<String>>,
    seed: Option<Spanned<i64>>,
    random_discards: Option<Spanned<Number>>,
    command: Option<Spanned<Command>>,
    io: Option<Spanned<Io>>,
    time_limit_ms: Option<Spanned<i64>>,
    keep_running_limit_ms: Option<Spanned<i64>>,
    memory_mb: Option<Spanned<i64>>,
    dir: Option<Spanned<String>>,
    quote_requests: Option<Spanned<bool>>,
    keep_running: Option<Spanned<bool>>,
}

mcr_core::de_struct! { Entry, deny;
    name: Option<Spanned<String>> = "name",
    builtin: Option<Spanned<String>> = "builtin",
    seed: Option<Spanned<i64>> = "seed",
    random_discards: Option<Spanned<Number>> = "random_discards",
    command: Option<Spanned<Command>> = "command",
    io: Option<Spanned<Io>> = "io",
    time_limit_ms: Option<Spanned<i64>> = "time_limit_ms",
    keep_running_limit_ms: Option<Spanned<i64>> = "keep_running_limit_ms",
    memory_mb: Option<Spanned<i64>> = "memory_mb",
    dir: Option<Spanned<String>> = "dir",
    quote_requests: Option<Spanned<bool>> = "quote_requests",
    keep_running: Option<Spanned<bool>> = "keep_running",
}

#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

/// What serde says of a value that is none of an untagged enum's variants.
fn no_variant<E: serde::de::Error>(name: &str) -> E {
    E::custom(format_args!("data did not match any variant of untagged enum {name}"))
}

/// An integer, else a float (serde's untagged enum: the first variant that
/// reads).
impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        use serde::de::{self, Visitor};
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a float")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Number, E> {
                Ok(Number::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Number, E> {
                Ok(i64::try_from(v).map_or(Number::Float(v as f64), Number::Int))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Number, E> {
                Ok(Number::Float(v))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Number, E> {
                Err(no_variant("Number"))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<Number, E> {
                Err(no_variant("Number"))
            }
            fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Number, E> {
                Err(no_variant("Number"))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Number, E> {
                Err(no_variant("Number"))
            }
            fn visit_none<E: de::Error>(self) -> Result<Number, E> {
                Err(no_variant("Number"))
            }
            fn visit_some<D: serde::Deserializer<'de>>(self, _: D) -> Result<Number, D::Error> {
                Err(no_variant("Number"))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<Number, A::Error> {
                Err(no_variant("Number"))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, _: A) -> Result<Number, A::Error> {
                Err(no_variant("Number"))
            }
        }
        d.deserialize_any(V)
    }
}

/// One entry of a bots file: a program, or a built-in policy.
#[derive(Clone, Debug, PartialEq)]
pub enum BotEntry {
    /// A program run under the platform's protocol and limits.
    Program(BotSpec),
    /// A built-in policy ([`crate::policy::builtin`]) under its name.
    Builtin {
        /// Shown in records and standings.
        name: String,
        /// The policy, its seed and handicap.
        policy: Builtin,
    },
}

impl BotEntry {
    /// The name shown in records and standings.
    pub fn name(&self) -> &str {
        match self {
            BotEntry::Program(b) => &b.name,
            BotEntry::Builtin { name, .. } => name,
        }
    }
}

enum Command {
    Line(String),
    Argv(Vec<String>),
}

/// A string, else an array of strings (serde's untagged enum: the first
/// variant that reads).
impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Command, D::Error> {
        use serde::de::{self, Visitor};
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Command;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string or an array of strings")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Command, E> {
                Ok(Command::Line(v.to_owned()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Command, E> {
                Ok(Command::Line(v))
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Command, E> {
                std::str::from_utf8(v).map(|s| Command::Line(s.to_owned())).map_err(|_| no_variant("Command"))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Command, A::Error> {
                let mut argv = Vec::new();
                while let Some(a) = seq.next_element::<String>().map_err(|_| no_variant::<A::Error>("Command"))? {
                    argv.push(a);
                }
                Ok(Command::Argv(argv))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Command, E> {
                Err(no_variant("Command"))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Command, E> {
                Err(no_variant("Command"))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Command, E> {
                Err(no_variant("Command"))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Command, E> {
                Err(no_variant("Command"))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Command, E> {
                Err(no_variant("Command"))
            }
            fn visit_none<E: de::Error>(self) -> Result<Command, E> {
                Err(no_variant("Command"))
            }
            fn visit_some<D: serde::Deserializer<'de>>(self, _: D) -> Result<Command, D::Error> {
                Err(no_variant("Command"))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, _: A) -> Result<Command, A::Error> {
                Err(no_variant("Command"))
            }
        }
        d.deserialize_any(V)
    }
}

/// Bots files larger than this are refused unread (four entries fit in a
/// few hundred bytes).
pub const MAX_BOTS_FILE_BYTES: u64 = 1 << 20;

/// Reads and checks a bots file: exactly four entries.
pub fn load(path: &Path) -> Result<Vec<BotEntry>, BotsError> {
    load_n(path, 4)
}

/// Reads and checks a bots file of exactly `count` entries (two for the
/// candidate-against-baseline formats: the candidate, then the baseline).
pub fn load_n(path: &Path, count: usize) -> Result<Vec<BotEntry>, BotsError> {
    let err = |at, message: String| BotsError { file: path.to_path_buf(), at, message };
    let meta = std::fs::metadata(path).map_err(|e| err(None, e.to_string()))?;
    if meta.len() > MAX_BOTS_FILE_BYTES {
        return Err(err(None, format!("{} bytes: a bots file holds at most {MAX_BOTS_FILE_BYTES}", meta.len())));
    }
    let bytes = std::fs::read(path).map_err(|e| err(None, e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = line_col_of(&String::from_utf8_lossy(e.as_bytes()), e.utf8_error().valid_up_to());
        err(Some(at), "not UTF-8".into())
    })?;
    // Absolute: a bot runs in its own working directory, where a path
    // relative to this one would name nothing.
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let base = std::path::absolute(parent).map_err(|e| err(None, format!("{}: {e}", parent.display())))?;
    parse_n(&text, &base, count).map_err(|e| err(e.at, e.message))
}

/// A problem of a bots file's text: where it is (1-based line and
/// column), and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    /// 1-based line and column, when the problem has a place.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    fn new(at: Option<(usize, usize)>, message: impl Into<String>) -> ParseError {
        ParseError { at, message: message.into() }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((line, col)) => write!(f, "{line}:{col}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// [`load`] on text already read; `base` is the folder relative paths are
/// taken from. Errors carry (line, column) when they have a place.
pub fn parse(text: &str, base: &Path) -> Result<Vec<BotEntry>, ParseError> {
    parse_n(text, base, 4)
}

/// [`parse`] for a file of exactly `count` entries.
pub fn parse_n(text: &str, base: &Path, count: usize) -> Result<Vec<BotEntry>, ParseError> {
    let at = |span: std::ops::Range<usize>| Some(line_col_of(text, span.start));
    let shape: FileShape = toml::from_str(text).map_err(|e| ParseError::new(e.span().and_then(&at), e.message()))?;
    if shape.bot.len() != count {
        let place = shape.bot.get(count).map(|b| b.span()).and_then(at);
        let why = if count == 4 {
            "a game needs exactly four (seat i is the i-th; repeat an entry to seat a bot twice)".to_string()
        } else {
            format!("this format needs exactly {count} (the candidate, then the baseline)")
        };
        return Err(ParseError::new(place, format!("{} [[bot]] entries: {why}", shape.bot.len())));
    }
    let mut out: Vec<(BotEntry, std::ops::Range<usize>)> = Vec::with_capacity(count);
    for (i, entry) in shape.bot.into_iter().enumerate() {
        let span = entry.span();
        let e = entry.into_inner();
        if let Some(b) = &e.builtin {
            let entry = builtin_entry(&e, b, &at)?;
            out.push((entry, span));
            continue;
        }
        if let Some(k) = e
            .seed
            .as_ref()
            .map(|s| ("seed", s.span()))
            .or(e.random_discards.as_ref().map(|s| ("random_discards", s.span())))
        {
            return Err(ParseError::new(
                at(k.1),
                format!("{} is a key of built-in entries (builtin = ...), not of programs", k.0),
            ));
        }
        let argv = match e.command {
            None => {
                return Err(ParseError::new(at(span), format!("[[bot]] entry {} (seat {i}) has no command", i + 1)))
            }
            Some(c) => {
                let cspan = c.span();
                let argv = match c.into_inner() {
                    Command::Argv(v) => v,
                    Command::Line(s) => split_command(&s).ok_or_else(|| {
                        ParseError::new(at(cspan.clone()), format!("command {s:?}: unbalanced quotes"))
                    })?,
                };
                if argv.is_empty() || argv[0].is_empty() {
                    return Err(ParseError::new(at(cspan), "command is empty"));
                }
                if argv.iter().any(|a| a.contains('\0')) {
                    return Err(ParseError::new(at(cspan), "command holds a NUL character"));
                }
                argv
            }
        };
        let name = match e.name {
            Some(n) => {
                let nspan = n.span();
                let n = n.into_inner();
                if n.is_empty() || n.len() > 200 || n.chars().any(char::is_control) {
                    return Err(ParseError::new(at(nspan), format!("name {n:?}: 1 to 200 printable characters")));
                }
                n
            }
            None => {
                Path::new(&argv[0]).file_name().map_or_else(|| argv[0].clone(), |f| f.to_string_lossy().into_owned())
            }
        };
        let limit = |v: Option<Spanned<i64>>, default: u64, max: u64, what: &str| -> Result<u64, ParseError> {
            match v {
                None => Ok(default),
                Some(v) => {
                    let s = v.span();
                    let n = *v.get_ref();
                    if n < 1 || n as u64 > max {
                        Err(ParseError::new(at(s), format!("{what} = {n}: must be 1..={max}")))
                    } else {
                        Ok(n as u64)
                    }
                }
            }
        };
        let mut spec = BotSpec::new(name, argv, e.io.map_or(Io::Json, Spanned::into_inner));
        spec.time_limit_ms = limit(e.time_limit_ms, DEFAULT_TIME_LIMIT_MS, MAX_TIME_LIMIT_MS, "time_limit_ms")?;
        spec.keep_running_limit_ms =
            limit(e.keep_running_limit_ms, DEFAULT_KEEP_RUNNING_LIMIT_MS, MAX_TIME_LIMIT_MS, "keep_running_limit_ms")?;
        spec.memory_mb = limit(e.memory_mb, DEFAULT_MEMORY_MB, MAX_MEMORY_MB, "memory_mb")?;
        spec.quote_requests = e.quote_requests.is_some_and(Spanned::into_inner);
        spec.keep_running = e.keep_running.is_some_and(Spanned::into_inner);
        if let Some(d) = e.dir {
            let dspan = d.span();
            let d = d.into_inner();
            if d.is_empty() || d.contains('\0') {
                return Err(ParseError::new(at(dspan), format!("dir {d:?} is not a folder name")));
            }
            spec.dir = Some(base.join(d));
        }
        // A relative program path with a folder in it is the bots file's.
        if spec.argv[0].contains('/') && Path::new(&spec.argv[0]).is_relative() {
            spec.argv[0] = base.join(&spec.argv[0]).to_string_lossy().into_owned();
        }
        out.push((BotEntry::Program(spec), span));
    }
    for (i, (e, span)) in out.iter().enumerate() {
        if out[..i].iter().any(|(f, _)| f.name() == e.name() && f != e) {
            return Err(ParseError::new(
                at(span.clone()),
                format!("two entries are named {:?} but play differently: give each its own name", e.name()),
            ));
        }
        if count == 2 && i == 1 && out[0].0.name() == e.name() {
            return Err(ParseError::new(
                at(span.clone()),
                format!("the candidate and the baseline are both named {:?}: give each its own name", e.name()),
            ));
        }
    }
    Ok(out.into_iter().map(|(e, _)| e).collect())
}

/// A built-in entry: its kind, seed and handicap; no program key.
fn builtin_entry(
    e: &Entry,
    b: &Spanned<String>,
    at: &impl Fn(std::ops::Range<usize>) -> Option<(usize, usize)>,
) -> Result<BotEntry, ParseError> {
    let kind = Kind::parse(b.get_ref())
        .ok_or_else(|| ParseError::new(at(b.span()), format!("builtin {:?}: one of {}", b.get_ref(), Kind::names())))?;
    let program_keys = [
        ("command", e.command.as_ref().map(|v| v.span())),
        ("io", e.io.as_ref().map(|v| v.span())),
        ("time_limit_ms", e.time_limit_ms.as_ref().map(|v| v.span())),
        ("keep_running_limit_ms", e.keep_running_limit_ms.as_ref().map(|v| v.span())),
        ("memory_mb", e.memory_mb.as_ref().map(|v| v.span())),
        ("dir", e.dir.as_ref().map(|v| v.span())),
        ("quote_requests", e.quote_requests.as_ref().map(|v| v.span())),
        ("keep_running", e.keep_running.as_ref().map(|v| v.span())),
    ];
    if let Some((k, Some(span))) = program_keys.into_iter().find(|(_, s)| s.is_some()) {
        return Err(ParseError::new(at(span), format!("{k} is a key of programs: a built-in entry has none")));
    }
    let seed = match &e.seed {
        None => 0,
        Some(s) if *s.get_ref() >= 0 => *s.get_ref() as u64,
        Some(s) => return Err(ParseError::new(at(s.span()), format!("seed = {}: must be 0 or more", s.get_ref()))),
    };
    let random_discards = match &e.random_discards {
        None => 0.0,
        Some(v) => {
            let x = match *v.get_ref() {
                Number::Int(i) => i as f64,
                Number::Float(f) => f,
            };
            if !(0.0..=1.0).contains(&x) {
                return Err(ParseError::new(at(v.span()), format!("random_discards = {x}: a share, 0 to 1")));
            }
            x
        }
    };
    let name = match &e.name {
        Some(n) => {
            let v = n.get_ref();
            if v.is_empty() || v.len() > 200 || v.chars().any(char::is_control) {
                return Err(ParseError::new(at(n.span()), format!("name {v:?}: 1 to 200 printable characters")));
            }
            v.clone()
        }
        None => kind.name().to_string(),
    };
    Ok(BotEntry::Builtin { name, policy: Builtin { kind, seed, random_discards } })
}

/// A command line split as a shell would (quotes, backslashes); `None`
/// for unbalanced quotes.
pub fn split_command(s: &str) -> Option<Vec<String>> {
    shlex::split(s)
}

/// 1-based line and column of a byte offset.
fn line_col_of(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = offset - before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four(extra: &str) -> String {
        let mut s = String::new();
        for i in 0..4 {
            s.push_str(&format!(
                "[[bot]]\nname = \"b{i}\"\ncommand = \"./bot --x 'a b'\"\n{}\n",
                if i == 2 { extra } else { "" }
            ));
        }
        s
    }

    #[test]
    fn defaults_and_shell_split() {
        let bots: Vec<BotSpec> = parse(&four(""), Path::new("/base"))
            .unwrap()
            .into_iter()
            .map(|e| match e {
                BotEntry::Program(b) => b,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(bots.len(), 4);
        assert_eq!(bots[0].argv, ["/base/./bot", "--x", "a b"]);
        assert_eq!(bots[0].time_limit_ms, 1000);
        assert_eq!(bots[0].memory_mb, 256);
        assert_eq!(bots[0].io, Io::Json);
    }

    #[test]
    fn errors_have_lines() {
        let ParseError { at, message: msg, .. } = parse(&four("colour = 3"), Path::new("")).unwrap_err();
        assert_eq!(at.unwrap().0, 12, "{msg}");
        assert!(msg.contains("colour"), "{msg}");
        let ParseError { at, message: msg, .. } = parse(&four("time_limit_ms = 0"), Path::new("")).unwrap_err();
        assert_eq!(at, Some((12, 17)), "{msg}");
        let ParseError { at, message: msg, .. } = parse(&four("io = \"xml\""), Path::new("")).unwrap_err();
        assert_eq!(at.unwrap().0, 12, "{msg}");
        let ParseError { message: msg, .. } = parse("[[bot]]\ncommand = \"a\"\n", Path::new("")).unwrap_err();
        assert!(msg.contains("1 [[bot]]"), "{msg}");
        let ParseError { at, message: msg, .. } = parse(
            &four("").replace("command = \"./bot --x 'a b'\"\n\n[[bot]]\nname = \"b3\"", "\n[[bot]]\nname = \"b3\""),
            Path::new(""),
        )
        .unwrap_err();
        assert!(msg.contains("no command"), "{msg}");
        assert!(at.is_some());
    }

    #[test]
    fn builtin_entries() {
        let text = "[[bot]]\nname = \"cand\"\nbuiltin = \"greedy\"\nseed = 3\n\n[[bot]]\nbuiltin = \"greedy\"\nrandom_discards = 0.25\n";
        let e = parse_n(text, Path::new(""), 2).unwrap();
        assert_eq!(
            e[0],
            BotEntry::Builtin {
                name: "cand".into(),
                policy: Builtin { kind: Kind::Greedy, seed: 3, random_discards: 0.0 }
            }
        );
        assert_eq!(
            e[1],
            BotEntry::Builtin {
                name: "greedy".into(),
                policy: Builtin { kind: Kind::Greedy, seed: 0, random_discards: 0.25 }
            }
        );
        let ParseError { at, message: msg, .. } = parse_n(&text.replace("0.25", "1.5"), Path::new(""), 2).unwrap_err();
        assert_eq!(at, Some((8, 19)), "{msg}");
        let ParseError { at, message: msg, .. } =
            parse_n(&text.replace("seed = 3", "seed = 3\ncommand = \"x\""), Path::new(""), 2).unwrap_err();
        assert_eq!(at.map(|a| a.0), Some(5), "{msg}");
        assert!(msg.contains("command"), "{msg}");
        let ParseError { at, message: msg, .. } =
            parse_n(&text.replace("\"greedy\"\nseed", "\"smart\"\nseed"), Path::new(""), 2).unwrap_err();
        assert_eq!(at, Some((3, 11)), "{msg}");
        assert!(msg.contains("\"random\""), "{msg}");
        let ParseError { message: msg, .. } =
            parse_n(&text.replace("name = \"cand\"\n", ""), Path::new(""), 2).unwrap_err();
        assert!(msg.contains("play differently"), "{msg}");
        let ParseError { message: msg, .. } = parse_n(text, Path::new(""), 4).unwrap_err();
        assert!(msg.contains("2 [[bot]]"), "{msg}");
        let ParseError { at, message: msg, .. } = parse_n(&four("seed = 1"), Path::new(""), 4).unwrap_err();
        assert_eq!(at.map(|a| a.0), Some(12), "{msg}");
    }
}
