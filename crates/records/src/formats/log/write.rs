//! A game record written as a Botzone match log (`mcr export --to
//! botzone-log`): the record is replayed through [`Replayer`] and each turn
//! becomes the judge's output (the engine's requests, display, final
//! scores) followed by the four bots' entries (the record's answers and
//! verdicts). Re-driving the real judge with such a log reproduces every
//! output of it (`scripts/judge_check.py` checks it against a build of the
//! judge; the tests compare with logs the judge wrote).
//!
//! Not in a record, so written as constants: the judge entries' `time`,
//! `memory` and `verdict` (0, 0, `OK`), the bots' `memory` (0) and their
//! `time` where the record has no `times_ms` (0). Players are written as
//! `{"type": "bot", "bot": NAME, "name": NAME}` unless the record's
//! `source.players` keeps the log's own objects.

use std::io::Write;

use serde::Serialize;
use serde_json::Value;

use super::GAME;
use crate::formats::ExportError;
use crate::record::write::seat_map;
use crate::record::{GameRecord, TurnRecord, SEAT_KEYS};
use crate::replay::Replayer;
use mcr_core::engine::Engine;

struct InitData<'a> {
    quan: i64,
    srand: i64,
    walltiles: &'a str,
}

mcr_core::ser_struct! { InitData<'a>;
    "quan" => quan,
    "srand" => srand,
    "walltiles" => walltiles,
}

struct Output<'a> {
    command: &'static str,
    content: Value,
    display: Value,
    initdata: Option<&'a InitData<'a>>,
}

mcr_core::ser_struct! { Output<'a>;
    "command" => command,
    "content" => content,
    "display" => display,
    "initdata" => initdata if Option::is_none,
}

struct JudgeEntry<'a> {
    time: u64,
    memory: u64,
    verdict: &'static str,
    output: Output<'a>,
}

mcr_core::ser_struct! { JudgeEntry<'a>;
    "time" => time,
    "memory" => memory,
    "verdict" => verdict,
    "output" => output,
}

struct BotEntry<'a> {
    time: Value,
    memory: u64,
    verdict: &'a str,
    response: Option<&'a str>,
    debug: Option<&'a str>,
}

mcr_core::ser_struct! { BotEntry<'a>;
    "time" => time,
    "memory" => memory,
    "verdict" => verdict,
    "response" => response if Option::is_none,
    "debug" => debug if Option::is_none,
}

/// A player as written when the record keeps only its name.
pub(super) fn plain_player(name: &str) -> Value {
    serde_json::json!({"type": "bot", "bot": name, "name": name})
}

/// Keeps what a record holds of the bots' entries of one turn: `time`
/// (milliseconds; only when one is not 0: a log made without measuring
/// writes 0) and `debug`.
pub(super) fn keep_bot_fields(turn: &mut TurnRecord, bots: &[Option<&serde_json::Map<String, Value>>; 4]) {
    let time = |b: &Option<&serde_json::Map<String, Value>>| b.and_then(|b| b.get("time")).and_then(Value::as_f64);
    if bots.iter().any(|b| time(b).is_some_and(|t| t != 0.0)) {
        turn.times_ms = seat_map(&std::array::from_fn::<_, 4, _>(|s| time(&bots[s])), |t| *t);
    }
    let debug = std::array::from_fn::<_, 4, _>(|s| {
        bots[s].and_then(|b| b.get("debug")).filter(|d| !d.is_null()).map(|d| match d {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    });
    if let Some(d) = seat_map(&debug, String::clone) {
        turn.debug = Some(d);
    }
}

/// `record` as one match log line (with its newline) in `out`; a record
/// that does not replay exactly is [`ExportError::Unwritable`] (nothing is
/// written).
pub fn write<W: Write + ?Sized>(out: &mut W, record: &GameRecord) -> Result<(), ExportError> {
    let mut line = write_json(record)?;
    line.push(b'\n');
    out.write_all(&line)?;
    Ok(())
}

/// `record` as the JSON text of a match log (no newline), or why not.
pub fn write_json(record: &GameRecord) -> Result<Vec<u8>, ExportError> {
    let engine = Engine::with_profile(record.rules.unwrap_or(mcr_core::fans::Profile::default()));
    if !std::ptr::eq(engine.profile(), mcr_core::fans::Profile::default()) {
        return Err(ExportError::Unwritable(format!(
            "played under the rules {:?}, not Botzone's: the judge would not reproduce it",
            engine.profile().name
        )));
    }
    let walltiles = record.wall.join(" ");
    let init = InitData { quan: record.quan, srand: record.srand, walltiles: &walltiles };
    let mut out = Vec::with_capacity(64 << 10);
    out.extend_from_slice(b"{\"_id\":");
    json(&mut out, &record.game_id);
    out.extend_from_slice(b",\"game\":");
    json(&mut out, &GAME);
    out.extend_from_slice(b",\"players\":");
    match record.source.as_ref().and_then(|s| s.get("players")) {
        Some(p) => json(&mut out, p),
        None => json(&mut out, &Value::Array(record.players.iter().map(|n| plain_player(n)).collect())),
    }
    out.extend_from_slice(b",\"initdata\":");
    json(&mut out, &init);
    out.extend_from_slice(b",\"log\":[");
    let mut replay = Replayer::new(engine, record);
    while let Some(step) = replay.next() {
        let step = step.map_err(|stop| ExportError::Unwritable(format!("does not replay: {stop}")))?;
        let k = step.index;
        let (command, content) = match (step.turn.requests_json(), step.turn.event.scores()) {
            (Some(requests), _) => ("request", requests),
            (None, Some(scores)) => (
                "finish",
                Value::Object(
                    scores.iter().enumerate().map(|(s, v)| (SEAT_KEYS[s].to_string(), Value::from(*v))).collect(),
                ),
            ),
            (None, None) => {
                return Err(ExportError::Unwritable(format!(
                    "turn {k}: the engine's turn has neither requests nor scores"
                )))
            }
        };
        let display = step.turn.display_json();
        if !crate::replay::displays_equal(&display, &record.turns[k].display, crate::replay::Compare::Exact) {
            return Err(ExportError::Unwritable(format!("turn {k}: the record's display is not the engine's")));
        }
        if k > 0 {
            out.push(b',');
        }
        let output = Output { command, content, display, initdata: (k == 0).then_some(&init) };
        json(&mut out, &JudgeEntry { time: 0, memory: 0, verdict: "OK", output });
        if step.last {
            continue;
        }
        let turn = &record.turns[k];
        let (answers, verdicts) = (step.answers, turn.verdicts_by_seat());
        out.extend_from_slice(b",{");
        for seat in 0..4 {
            if seat > 0 {
                out.push(b',');
            }
            json(&mut out, &SEAT_KEYS[seat]);
            out.push(b':');
            let time = match turn.times_ms.as_ref().and_then(|t| t.get(SEAT_KEYS[seat])) {
                // Botzone's times are whole milliseconds.
                Some(t) if t.fract() == 0.0 && t.abs() < 1e15 => Value::from(*t as i64),
                Some(t) => Value::from(*t),
                None => Value::from(0),
            };
            let debug = turn.debug.as_ref().and_then(|d| d.get(SEAT_KEYS[seat])).map(String::as_str);
            let entry =
                BotEntry { time, memory: 0, verdict: verdicts[seat].unwrap_or("OK"), response: answers[seat], debug };
            json(&mut out, &entry);
        }
        out.push(b'}');
    }
    out.extend_from_slice(b"]}");
    Ok(out)
}

/// Appends the JSON of `v` (plain data into memory: it does not fail).
fn json<T: Serialize + ?Sized>(out: &mut Vec<u8>, v: &T) {
    serde_json::to_writer(out, v).expect("JSON into memory");
}
