//! What the standings need from one record line: the bots by seat, the
//! tournament keys, the ending and scores, the verdicts and the turn times.
//! Everything else of the record is skipped unread.

use serde::Deserialize;
use std::collections::BTreeMap;

use crate::record::Expected;

#[derive(Deserialize)]
struct Line {
    #[serde(default)]
    game_id: String,
    #[serde(default)]
    players: Vec<String>,
    #[serde(default)]
    arena: Option<ArenaKeys>,
    expected: Expected,
    #[serde(default)]
    turns: Vec<TurnKeys>,
}

/// The record's `"arena"` object (issue 23's runner, issue 24's duplicate keys).
#[derive(Deserialize, Clone, Debug, Default)]
pub struct ArenaKeys {
    #[serde(default)]
    pub bots: Option<Vec<String>>,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub wall: Option<u64>,
    #[serde(default)]
    pub perm: Option<u8>,
    #[serde(default)]
    pub game: Option<u64>,
}

#[derive(Deserialize)]
struct TurnKeys {
    #[serde(default)]
    display: Option<DisplayKeys>,
    #[serde(default)]
    verdicts: Option<BTreeMap<String, String>>,
    #[serde(default)]
    times_ms: Option<BTreeMap<String, f64>>,
}

#[derive(Deserialize)]
struct DisplayKeys {
    #[serde(default)]
    score: Option<Vec<i64>>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    SelfDrawn,
    Discard,
    Draw,
    /// A platform verdict or a refused answer ended it.
    Error,
}

/// Where a game belongs in the duplicate format, when the record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WallKey {
    pub seed: u64,
    pub wall: u64,
}

/// One game as the standings see it.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub game_id: String,
    /// Bot name by seat.
    pub bots: [String; 4],
    /// The duplicate wall, for records with `arena.wall` (else the game is its own unit).
    pub wall: Option<WallKey>,
    pub perm: Option<u8>,
    pub scores: [i64; 4],
    pub ending: Ending,
    pub winner: Option<u8>,
    pub discarder: Option<u8>,
    pub fan_total: i64,
    /// Fan names of the win, each once per occurrence count.
    pub fans: Vec<(String, i64)>,
    /// (seat, kind) of every verdict, from the turns (and the ending's own
    /// verdict when no turn names the offender, e.g. a refused answer: WA).
    pub verdicts: Vec<(u8, String)>,
    /// Answer times by seat, microseconds.
    pub times_us: [Vec<u32>; 4],
}

fn seat(key: &str) -> Option<u8> {
    match key {
        "0" => Some(0),
        "1" => Some(1),
        "2" => Some(2),
        "3" => Some(3),
        _ => None,
    }
}

/// Reads one record line; the error is the problem, without location.
pub fn summarize(line: &[u8]) -> Result<GameSummary, String> {
    let r: Line = serde_json::from_slice(line).map_err(|e| format!("not a game record: {e}"))?;
    let names = match r.arena.as_ref().and_then(|a| a.bots.clone()) {
        Some(b) => b,
        None => r.players,
    };
    let bots: [String; 4] = names.try_into().map_err(|v: Vec<String>| format!("game {}: {} bot names (arena.bots or players), expected 4", r.game_id, v.len()))?;
    let mut scores: Vec<i64> = r.expected.scores.iter().map(|&x| i64::from(x)).collect();
    if scores.len() != 4 {
        scores = r.turns.iter().rev().find_map(|t| t.display.as_ref().and_then(|d| d.score.clone())).unwrap_or_default();
    }
    let scores: [i64; 4] = scores.try_into().map_err(|_| format!("game {}: no final scores (expected.scores or a display score of 4 numbers)", r.game_id))?;
    let ending = match r.expected.ending.as_str() {
        "zimo" => Ending::SelfDrawn,
        "ron" => Ending::Discard,
        "draw" => Ending::Draw,
        "error" => Ending::Error,
        other => return Err(format!("game {}: unknown ending {other:?}", r.game_id)),
    };
    let check_seat = |s: Option<u8>, what: &str| match s {
        Some(s) if s > 3 => Err(format!("game {}: {what} {s} is not a seat", r.game_id)),
        s => Ok(s),
    };
    let winner = check_seat(r.expected.winner, "winner")?;
    let discarder = check_seat(r.expected.discarder, "discarder")?;
    let offender = check_seat(r.expected.offender, "offender")?;
    let mut verdicts = Vec::new();
    let mut times_us: [Vec<u32>; 4] = Default::default();
    for (n, t) in r.turns.iter().enumerate() {
        for (k, v) in t.verdicts.iter().flatten() {
            let s = seat(k).ok_or_else(|| format!("game {}: turn {n}: verdict seat {k:?} is not 0..3", r.game_id))?;
            verdicts.push((s, v.clone()));
        }
        for (k, ms) in t.times_ms.iter().flatten() {
            let s = seat(k).ok_or_else(|| format!("game {}: turn {n}: time seat {k:?} is not 0..3", r.game_id))?;
            if !(ms.is_finite() && *ms >= 0.0) {
                return Err(format!("game {}: turn {n}: time {ms} ms for seat {s}", r.game_id));
            }
            times_us[s as usize].push((ms * 1000.0).round().min(u32::MAX as f64) as u32);
        }
    }
    if ending == Ending::Error {
        if let (Some(o), Some(v)) = (offender, &r.expected.verdict) {
            if !verdicts.iter().any(|(s, _)| *s == o) {
                verdicts.push((o, v.clone()));
            }
        }
    }
    let won = matches!(ending, Ending::SelfDrawn | Ending::Discard);
    let wall = r.arena.as_ref().and_then(|a| Some(WallKey { seed: a.seed.unwrap_or(0), wall: a.wall? }));
    Ok(GameSummary {
        game_id: r.game_id,
        bots,
        wall,
        perm: r.arena.as_ref().and_then(|a| a.perm),
        scores,
        ending,
        winner: if won { winner } else { None },
        discarder: if ending == Ending::Discard { discarder } else { None },
        fan_total: if won { r.expected.fan_total.map(i64::from).unwrap_or_else(|| r.expected.fan.iter().map(|f| i64::from(f.1) * i64::from(f.2.max(1))).sum()) } else { 0 },
        fans: if won { r.expected.fan.iter().map(|f| (f.0.clone(), i64::from(f.2.max(1)))).collect() } else { Vec::new() },
        verdicts,
        times_us,
    })
}
