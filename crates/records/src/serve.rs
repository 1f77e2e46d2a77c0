//! `mcr serve`: the engine as a long-running process speaking JSON lines, for
//! clients in other languages (`python/mcr_serve.py`).
//!
//! Every input line gets exactly one output line:
//!
//! ```text
//! {"cmd":"reset","wall":["W1",...136],"quan":0,"srand":123}
//! {"cmd":"step","responses":{"0":"PASS","1":"PASS","2":"PASS","3":"PASS"}}
//!   -> {"requests":{"0":"..",..},"display":{..}}   ({} requests once the game is over)
//!   -> {"error":"..."}                             (bad input; the session goes on)
//! ```
//!
//! A failed reset leaves no game in progress, so that a later step cannot
//! silently continue the previous one.

use crate::record::unique::UniqueValue;
use crate::record::LineRead;
use mcr_core::engine::{Engine, Turn};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// One command line.
enum Command {
    Reset { wall: Vec<String>, quan: i64, srand: i64 },
    Step { responses: BTreeMap<String, String> },
}

/// The keys of a `reset` command beside `cmd`.
struct Reset {
    wall: Vec<String>,
    quan: i64,
    srand: i64,
}

mcr_core::de_struct! { Reset, deny;
    wall: Vec<String> = "wall",
    quan: i64 = "quan",
    srand: i64 = "srand",
}

/// The keys of a `step` command beside `cmd`.
struct Step {
    responses: BTreeMap<String, String>,
}

mcr_core::de_struct! { Step, deny;
    responses: BTreeMap<String, String> = "responses",
}

/// An object tagged by its `cmd` key (`reset`, `step`), the other keys those
/// of the command and no more: serde's internally tagged enum.
impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Command, D::Error> {
        use serde::de::Error;
        let mut keys = serde_json::Map::<String, Value>::deserialize(d)?;
        let Some(cmd) = keys.remove("cmd") else { return Err(D::Error::missing_field("cmd")) };
        let cmd = match cmd {
            Value::String(c) => c,
            other => return Err(D::Error::invalid_type(unexpected(&other), &"variant identifier")),
        };
        let rest = Value::Object(keys);
        match cmd.as_str() {
            "reset" => Reset::deserialize(rest)
                .map(|Reset { wall, quan, srand }| Command::Reset { wall, quan, srand })
                .map_err(D::Error::custom),
            "step" => {
                Step::deserialize(rest).map(|Step { responses }| Command::Step { responses }).map_err(D::Error::custom)
            }
            other => Err(D::Error::unknown_variant(other, &["reset", "step"])),
        }
    }
}

/// What a JSON value is, in serde's words.
fn unexpected(v: &Value) -> serde::de::Unexpected<'_> {
    use serde::de::Unexpected;
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Unexpected::Unsigned(u),
            (_, Some(i), _) => Unexpected::Signed(i),
            (_, _, f) => Unexpected::Float(f.unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

/// The protocol state of one client: an engine and whether a game is open.
pub struct Session {
    engine: Engine,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session with no game yet.
    pub fn new() -> Session {
        Session { engine: Engine::new() }
    }

    /// Answers one input line with one output line (no newline).
    ///
    /// ```
    /// use mcr_records::serve::Session;
    /// use mcr_core::tiles::Tile;
    ///
    /// let wall: Vec<&str> = Tile::all().flat_map(|t| [t.name(); 4]).collect();
    /// let reset = serde_json::json!({"cmd": "reset", "wall": wall, "quan": 0, "srand": 1});
    /// let mut session = Session::new();
    /// let out: serde_json::Value = serde_json::from_str(&session.handle(&reset.to_string())).unwrap();
    /// assert_eq!(out["display"]["action"], "INIT");
    /// let out = session.handle(r#"{"cmd":"step","responses":{"0":"PASS"}}"#);
    /// assert!(out.contains("error"));
    /// ```
    pub fn handle(&mut self, line: &str) -> String {
        match self.run(line) {
            Ok(turn) => render(&turn),
            Err(message) => json!({ "error": message }).to_string(),
        }
    }

    fn run(&mut self, line: &str) -> Result<Turn, String> {
        // A repeated key is malformed: a command must not be ambiguous.
        let UniqueValue(value) = serde_json::from_str(line).map_err(|e| format!("malformed JSON: {e}"))?;
        let cmd = match value.get("cmd") {
            Some(Value::String(c)) if c == "reset" || c == "step" => c.clone(),
            Some(Value::String(c)) => return Err(format!("unknown cmd {c:?} (expected \"reset\" or \"step\")")),
            Some(_) => return Err("cmd must be a string".into()),
            None => return Err("missing \"cmd\"".into()),
        };
        let command = Command::deserialize(value).map_err(|e| format!("bad {cmd} command: {e}"))?;
        match command {
            Command::Reset { wall, quan, srand } => self.engine.reset(&wall, quan, srand).map_err(|e| {
                self.engine = Engine::with_profile(self.engine.profile());
                format!("reset: {e}")
            }),
            Command::Step { responses } => {
                if let Some(k) = responses.keys().find(|k| crate::record::seat_of_key(k).is_none()) {
                    return Err(format!("step: response key {k:?} is not a seat \"0\"..\"3\""));
                }
                self.engine.step_map(&responses).map_err(|e| format!("step: {e}"))
            }
        }
    }
}

/// `{"requests":{..},"display":{..}}`, requests first as in the protocol notes.
fn render(turn: &Turn) -> String {
    let requests = turn.requests_json().unwrap_or_else(|| json!({}));
    format!("{{\"requests\":{},\"display\":{}}}", requests, turn.display_json())
}

/// Serves until end of input; flushes after every line. Returns an error
/// only when the output cannot be written (the client went away).
pub fn serve(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    serve_with(mcr_core::fans::Profile::default(), crate::record::DEFAULT_MAX_LINE_BYTES, input, output)
}

/// [`serve`] scoring with a rule profile; an input line longer than
/// `max_line_bytes` is answered with an error and not kept.
pub fn serve_with(
    profile: &'static mcr_core::fans::Profile,
    max_line_bytes: usize,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut session = Session { engine: Engine::with_profile(profile) };
    let mut input = input;
    let max = crate::record::line_bound(max_line_bytes);
    let mut buf = Vec::new();
    loop {
        let reply = match crate::record::read_line_capped(&mut input, &mut buf, max)? {
            LineRead::Eof => return Ok(()),
            LineRead::TooLong(len) => {
                json!({ "error": crate::record::RecordErrorKind::TooLong { len, max }.to_string() }).to_string()
            }
            LineRead::Line => match std::str::from_utf8(&buf) {
                Ok(text) => session.handle(text.trim_end_matches(['\n', '\r'])),
                Err(e) => json!({ "error": format!("input is not UTF-8 (byte {})", e.valid_up_to()) }).to_string(),
            },
        };
        // A long line's buffer is not kept for the rest of the session.
        if buf.capacity() > KEPT_BUFFER {
            buf = Vec::with_capacity(KEPT_BUFFER);
        }
        output.write_all(reply.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
}

/// The input buffer kept between lines (commands are about 1 KB).
const KEPT_BUFFER: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;

    fn golden_first() -> crate::record::GameRecord {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/golden.jsonl.gz");
        crate::record::Records::<crate::record::GameRecord>::open(&path).unwrap().next().unwrap().unwrap().record
    }

    fn reset_line(rec: &crate::record::GameRecord) -> String {
        json!({"cmd": "reset", "wall": rec.wall, "quan": rec.quan, "srand": rec.srand}).to_string()
    }

    fn error_of(reply: &str) -> String {
        let v: Value = serde_json::from_str(reply).unwrap();
        v["error"].as_str().unwrap_or_else(|| panic!("not an error: {reply}")).to_string()
    }

    #[test]
    fn bad_lines_are_errors_and_the_session_goes_on() {
        let mut s = Session::new();
        assert!(error_of(&s.handle("{\"cmd\": ")).contains("malformed JSON"));
        assert!(error_of(&s.handle("")).contains("malformed JSON"));
        assert!(error_of(&s.handle("{\"cmd\":\"dance\"}")).contains("unknown cmd \"dance\""));
        assert!(error_of(&s.handle("{\"wall\":[]}")).contains("missing \"cmd\""));
        assert!(error_of(
            &s.handle("{\"cmd\":\"step\",\"responses\":{\"0\":\"PASS\",\"1\":\"PASS\",\"2\":\"PASS\",\"3\":\"PASS\"}}")
        )
        .contains("step before reset"));
        assert!(error_of(&s.handle("{\"cmd\":\"reset\",\"wall\":[\"W1\"],\"quan\":0,\"srand\":1}")).contains("136"));
        assert!(error_of(&s.handle("{\"cmd\":\"reset\",\"quan\":0,\"srand\":1}")).contains("wall"));
        let rec = golden_first();
        let first: Value = serde_json::from_str(&s.handle(&reset_line(&rec))).unwrap();
        assert_eq!(first["display"], rec.turns[0].display);
        assert!(
            error_of(&s.handle("{\"cmd\":\"step\",\"responses\":{\"0\":\"PASS\"}}")).contains("no response for seat 1")
        );
        assert!(error_of(&s.handle("{\"cmd\":\"step\",\"responses\":{\"9\":\"PASS\"}}")).contains("\"9\""));
    }

    #[test]
    fn duplicate_keys_are_refused() {
        let mut s = Session::new();
        let e = error_of(&s.handle("{\"cmd\":\"step\",\"cmd\":\"reset\"}"));
        assert!(e.contains("duplicate key \"cmd\""), "{e}");
        let e = error_of(&s.handle("{\"cmd\":\"step\",\"responses\":{\"0\":\"PASS\",\"0\":\"HU\",\"1\":\"PASS\"}}"));
        assert!(e.contains("duplicate key \"0\"") && e.contains("column"), "{e}");
    }

    #[test]
    fn long_lines_get_one_error_each_and_no_kept_buffer() {
        let long = format!("{{\"cmd\":\"step\",\"x\":\"{}\"}}", "y".repeat(crate::record::DEFAULT_MAX_LINE_BYTES + 10));
        let input = format!("{long}\n{{\"cmd\":\"nope\"}}\n{long}");
        let mut out = Vec::new();
        serve(std::io::BufReader::new(input.as_bytes()), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let replies: Vec<_> = out.lines().collect();
        assert_eq!(replies.len(), 3, "{out}");
        assert!(replies[0].contains("longer than the limit") && replies[2].contains("longer than the limit"), "{out}");
        assert!(replies[1].contains("unknown cmd"), "{out}");
    }

    #[test]
    fn failed_reset_closes_the_game() {
        let mut s = Session::new();
        let rec = golden_first();
        s.handle(&reset_line(&rec));
        let mut bad = rec.wall.clone();
        bad[3] = "Q7".into();
        let line = json!({"cmd": "reset", "wall": bad, "quan": 0, "srand": 1}).to_string();
        assert!(error_of(&s.handle(&line)).contains("Q7"));
        let step = json!({"cmd": "step", "responses": rec.turns[0].responses}).to_string();
        assert!(error_of(&s.handle(&step)).contains("step before reset"));
    }

    #[test]
    fn serves_a_game_as_the_engine_plays_it() {
        // The served stream is the engine's, line for line, up to the end;
        // the deal and first draws are the record's.
        let rec = golden_first();
        let mut input = reset_line(&rec) + "\n";
        for t in &rec.turns[..rec.turns.len() - 1] {
            input += &json!({"cmd": "step", "responses": t.responses}).to_string();
            input += "\n";
        }
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        let replies: Vec<Value> =
            String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(replies.len(), rec.turns.len());
        let mut replay = crate::replay::Replayer::new(Engine::new(), &rec);
        for (k, reply) in replies.iter().enumerate() {
            let step = replay.next().unwrap().unwrap();
            let turn = step.turn;
            assert_eq!(reply["display"], turn.display_json(), "turn {k}");
            assert_eq!(reply["requests"], turn.requests_json().unwrap_or(json!({})), "turn {k}");
            if k < 3 {
                assert_eq!(reply["display"], rec.turns[k].display, "turn {k}");
                assert_eq!(
                    Some(&reply["requests"]),
                    serde_json::to_value(&rec.turns[k].request).ok().as_ref(),
                    "turn {k}"
                );
            }
        }
    }
}
