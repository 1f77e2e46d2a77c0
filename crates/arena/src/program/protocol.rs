//! Botzone's bot protocol: what a bot is given on a turn and how its output
//! is read (docs/src/arena.md), in both I/O modes.
//!
//! # Example
//!
//! ```
//! use mcr_arena::Io;
//! use mcr_arena::program::protocol::{full_input, parse_output, History};
//!
//! // Seat 1's second turn, started afresh: the whole history (the first
//! // request and its answer, then the deal).
//! let deal = "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 T1 T2 T3 F1";
//! let h = History { requests: vec!["0 1 0".into(), deal.into()], responses: vec!["PASS".into()] };
//! let mut input = Vec::new();
//! full_input(Io::Simple, &h, "", "", &mut input);
//! assert_eq!(input, format!("2\n0 1 0\nPASS\n{deal}\n").as_bytes());
//! full_input(Io::Json, &h, "my notes", "", &mut input);
//! let json: serde_json::Value = serde_json::from_slice(&input).unwrap();
//! assert_eq!(json["requests"][1], deal);
//! assert_eq!(json["data"], "my notes");
//!
//! let reply = parse_output(Io::Json, br#"{"response": "PLAY W1", "data": "kept"}"#).unwrap();
//! assert_eq!((reply.response.as_str(), reply.data.as_deref()), ("PLAY W1", Some("kept")));
//! // Output that is not JSON: the NJ verdict.
//! assert!(parse_output(Io::Json, b"PLAY W1").is_err());
//! ```

use serde_json::Value;

use serde::Deserialize;

/// How a bot reads its requests and writes its answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Io {
    /// `io = "json"`: a turn's input is one JSON line (`requests`,
    /// `responses`, `data`, `globaldata`); the output is one JSON value,
    /// an object with `response` (and `debug`, `data`, `globaldata`) or the
    /// response itself.
    Json,
    /// `io = "simple"`: a turn's input is the turn number, then the
    /// requests and responses one a line; the output's lines are the
    /// response, `debug`, `data`, then `globaldata`.
    Simple,
}

/// `"json"` or `"simple"` (serde's unit variants, named in lower case).
impl<'de> Deserialize<'de> for Io {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Io, D::Error> {
        use serde::de::{self, EnumAccess, VariantAccess, Visitor};
        const VARIANTS: &[&str] = &["json", "simple"];
        struct Name;
        impl<'de> Visitor<'de> for Name {
            type Value = Io;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("variant identifier")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Io, E> {
                match v {
                    "json" => Ok(Io::Json),
                    "simple" => Ok(Io::Simple),
                    _ => Err(E::unknown_variant(v, VARIANTS)),
                }
            }
        }
        struct Enum;
        impl<'de> Visitor<'de> for Enum {
            type Value = Io;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("enum Io")
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Io, A::Error> {
                let (io, variant) = data.variant_seed(IoName)?;
                variant.unit_variant()?;
                Ok(io)
            }
        }
        struct IoName;
        impl<'de> de::DeserializeSeed<'de> for IoName {
            type Value = Io;
            fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Io, D::Error> {
                d.deserialize_identifier(Name)
            }
        }
        d.deserialize_enum("Io", VARIANTS, Enum)
    }
}

impl Io {
    /// The name in the bots file and records: `json` or `simple`.
    pub fn name(self) -> &'static str {
        match self {
            Io::Json => "json",
            Io::Simple => "simple",
        }
    }
}

/// The line a bot prints after its answer to keep running.
pub const KEEP_RUNNING: &[u8] = b">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";
/// `data` and `globaldata` hold at most this much (a longer one is not kept).
pub const MAX_DATA_BYTES: usize = 100 * 1024;
/// `debug` is written to the log up to this length.
pub const MAX_DEBUG_BYTES: usize = 1024;

/// One bot's view of the game so far: its own requests and answers.
#[derive(Default, Clone, Debug)]
pub struct History {
    /// The requests given to the bot so far, oldest first.
    pub requests: Vec<String>,
    /// Its answers to them, oldest first: one fewer than the requests
    /// while a turn is in flight.
    pub responses: Vec<String>,
}

/// The full input of a turn started afresh: the whole history, with data
/// and globaldata when not empty (as botzone-local sends them).
pub fn full_input(io: Io, h: &History, data: &str, globaldata: &str, out: &mut Vec<u8>) {
    out.clear();
    match io {
        Io::Json => {
            let mut m = serde_json::Map::new();
            m.insert("requests".into(), Value::from(h.requests.clone()));
            m.insert("responses".into(), Value::from(h.responses.clone()));
            if !data.is_empty() {
                m.insert("data".into(), Value::from(data));
            }
            if !globaldata.is_empty() {
                m.insert("globaldata".into(), Value::from(globaldata));
            }
            // Serialising a map of strings cannot fail.
            let _ = serde_json::to_writer(&mut *out, &Value::Object(m));
            out.push(b'\n');
        }
        Io::Simple => {
            let n = h.requests.len();
            out.extend_from_slice(n.to_string().as_bytes());
            out.push(b'\n');
            for i in 0..n {
                out.extend_from_slice(h.requests[i].as_bytes());
                out.push(b'\n');
                if i + 1 < n {
                    out.extend_from_slice(h.responses.get(i).map_or(&b""[..], |r| r.as_bytes()));
                    out.push(b'\n');
                }
            }
            if !data.is_empty() || !globaldata.is_empty() {
                out.extend_from_slice(one_line(data).as_bytes());
                out.push(b'\n');
            }
            if !globaldata.is_empty() {
                out.extend_from_slice(globaldata.as_bytes());
                out.push(b'\n');
            }
        }
    }
}

/// A later turn of a keep-running bot: the bare request, raw or (JSON bots
/// that ask for it) JSON-quoted.
pub fn bare_input(io: Io, quote: bool, request: &str, out: &mut Vec<u8>) {
    out.clear();
    if io == Io::Json && quote {
        let _ = serde_json::to_writer(&mut *out, request);
    } else {
        out.extend_from_slice(request.as_bytes());
    }
    out.push(b'\n');
}

fn one_line(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains('\n') {
        std::borrow::Cow::Owned(s.replace(['\r', '\n'], " "))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// What a bot said on a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The answer the judge reads (`PASS`, `PLAY W1`, ...).
    pub response: String,
    /// Its debug output, if any (kept in the record with `keep_debug`).
    pub debug: Option<String>,
    /// Its data for its next turn of this game, if any (kept up to
    /// [`MAX_DATA_BYTES`]).
    pub data: Option<String>,
    /// Its data for the later games of the run, if any (kept up to
    /// [`MAX_DATA_BYTES`]).
    pub globaldata: Option<String>,
}

/// Reads a turn's output (everything before the keep-running marker).
/// `Err(())`: a JSON bot's output is not JSON (the NJ verdict); simple
/// output is always read.
#[allow(clippy::result_unit_err, reason = "one way to fail, the NJ verdict: the caller names it")]
pub fn parse_output(io: Io, out: &[u8]) -> Result<Reply, ()> {
    let text = String::from_utf8_lossy(out);
    match io {
        Io::Json => {
            let trimmed = text.trim();
            // Multi-line JSON (the official sample's jsoncpp output) is one value.
            let v: Value = serde_json::from_str(trimmed).map_err(|_| ())?;
            let s = |v: &Value| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            match &v {
                Value::Object(m) if m.contains_key("response") => Ok(Reply {
                    response: s(&m["response"]),
                    debug: m.get("debug").map(s),
                    data: m.get("data").map(s),
                    globaldata: m.get("globaldata").map(s),
                }),
                // botzone-local: the whole value is the response.
                other => Ok(Reply { response: s(other), ..Reply::default() }),
            }
        }
        Io::Simple => {
            let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
            let response = lines.next().unwrap_or("").to_string();
            let debug = lines.next().map(str::to_string);
            let data = lines.next().map(str::to_string);
            let rest: Vec<&str> = lines.collect();
            let globaldata = (!rest.is_empty()).then(|| rest.join("\n").trim_end_matches('\n').to_string());
            Ok(Reply { response, debug, data, globaldata })
        }
    }
}

/// Where the keep-running marker starts in `out`, if it has been printed
/// (at the start of a line).
pub fn find_marker(out: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(&out[from..], KEEP_RUNNING) {
        let at = from + i;
        if at == 0 || out[at - 1] == b'\n' {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_input_as_botzone_local() {
        let h = History { requests: vec!["0 1 0".into(), "1 0 0 0 0 W1".into()], responses: vec!["PASS".into()] };
        let mut out = Vec::new();
        full_input(Io::Simple, &h, "", "", &mut out);
        assert_eq!(out, b"2\n0 1 0\nPASS\n1 0 0 0 0 W1\n");
        full_input(Io::Simple, &h, "d", "g", &mut out);
        assert_eq!(out, b"2\n0 1 0\nPASS\n1 0 0 0 0 W1\nd\ng\n");
        full_input(Io::Json, &h, "", "", &mut out);
        assert_eq!(out, b"{\"requests\":[\"0 1 0\",\"1 0 0 0 0 W1\"],\"responses\":[\"PASS\"]}\n");
    }

    #[test]
    fn outputs() {
        let multi = b"{\n  \"response\" : \"PASS\",\n  \"debug\": \"x\"\n}\n";
        let r = parse_output(Io::Json, multi).unwrap();
        assert_eq!(r.response, "PASS");
        assert_eq!(r.debug.as_deref(), Some("x"));
        assert_eq!(parse_output(Io::Json, b"\"HU\"").unwrap().response, "HU");
        assert!(parse_output(Io::Json, b"PASS").is_err());
        assert!(parse_output(Io::Json, b"").is_err());
        let r = parse_output(Io::Simple, b"PLAY W1\r\ndbg\ndata\ng1\ng2\n").unwrap();
        assert_eq!((r.response.as_str(), r.globaldata.as_deref()), ("PLAY W1", Some("g1\ng2")));
        assert_eq!(find_marker(b"PASS\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n"), Some(5));
        assert_eq!(find_marker(b"x>>>BOTZONE_REQUEST_KEEP_RUNNING<<<"), None);
    }
}
