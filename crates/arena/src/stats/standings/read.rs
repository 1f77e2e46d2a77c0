//! What the standings need from one record line: the bots by seat, the
//! tournament keys, the ending and scores, the verdicts and the turn times.
//! Everything else of the record is skipped unread: the record skim
//! (`record::skim`) finds the byte spans of the keys wanted,
//! and serde reads those small spans alone; a line the skim does not take
//! (malformed, a key twice) is read by serde whole, which then words the
//! error. Why: the records are mostly request and display strings that
//! serde's generic machinery tokenizes at about 125 MB/s.

use std::collections::BTreeMap;
use std::ops::Range;

use mcr_records::record::arena::ArenaKeys;
use mcr_records::record::skim;
use mcr_records::record::{seat_of_key, Expected};

struct Line {
    game_id: String,
    players: Vec<String>,
    arena: Option<ArenaKeys>,
    expected: Option<Expected>,
    turns: Vec<TurnKeys>,
}

mcr_core::de_struct! { Line, ignore;
    game_id: String = "game_id" @default,
    players: Vec<String> = "players" @default,
    arena: Option<ArenaKeys> = "arena" @default,
    expected: Option<Expected> = "expected",
    turns: Vec<TurnKeys> = "turns" @default,
}

struct TurnKeys {
    display: Option<DisplayKeys>,
    verdicts: Option<BTreeMap<String, String>>,
    times_ms: Option<BTreeMap<String, f64>>,
}

mcr_core::de_struct! { TurnKeys, ignore;
    display: Option<DisplayKeys> = "display" @default,
    verdicts: Option<BTreeMap<String, String>> = "verdicts" @default,
    times_ms: Option<BTreeMap<String, f64>> = "times_ms" @default,
}

struct DisplayKeys {
    score: Option<Vec<i64>>,
}

mcr_core::de_struct! { DisplayKeys, ignore;
    score: Option<Vec<i64>> = "score" @default,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A win on the winner's own draw (`zimo`).
    SelfDrawn,
    /// A win on another seat's discard (`ron`).
    Discard,
    /// The wall ran out (`draw`).
    Draw,
    /// A platform verdict or a refused answer ended it.
    Error,
}

/// Where a game belongs in the duplicate format, when the record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WallKey {
    /// The run's seed (`arena.seed`; 0 without it).
    pub seed: u64,
    /// `arena.wall`.
    pub wall: u64,
}

/// One game as the standings see it.
#[derive(Clone, Debug)]
pub struct GameSummary {
    /// The record's `game_id` (empty without one).
    pub game_id: String,
    /// Bot name by seat.
    pub bots: [String; 4],
    /// The duplicate wall, for records with `arena.wall` (else the game is its own unit).
    pub wall: Option<WallKey>,
    /// `arena.perm`: the game's place in its wall.
    pub perm: Option<u8>,
    /// Final score by seat (`expected.scores`, else the last turn's
    /// display score).
    pub scores: [i64; 4],
    /// How the game ended.
    pub ending: Ending,
    /// The winner's seat, for a win.
    pub winner: Option<u8>,
    /// The seat that discarded the winning tile, for a win on a discard.
    pub discarder: Option<u8>,
    /// The win's fan total (0 without a win).
    pub fan_total: i64,
    /// The win's fans: (name, times it counts); empty without a win.
    pub fans: Vec<(String, i64)>,
    /// (seat, kind) of every verdict, from the turns (and the ending's own
    /// verdict when no turn names the offender, e.g. a refused answer: WA).
    pub verdicts: Vec<(u8, String)>,
    /// Answer times by seat, microseconds.
    pub times_us: [Vec<u32>; 4],
    /// The sequential test the game was played for: (format, candidate,
    /// baseline, [d0, d1, alpha, beta]), from `arena.format`, `arena.entries`
    /// and `arena.sprt`.
    pub test: Option<TestKeys>,
}

/// The keys of a sequential test a record carries.
#[derive(Clone, Debug, PartialEq)]
pub struct TestKeys {
    /// `1v3` or `2v2` (`arena.format`).
    pub format: String,
    /// The first of `arena.entries`.
    pub candidate: String,
    /// The last of `arena.entries`.
    pub baseline: String,
    /// `arena.sprt`: `[d0, d1, alpha, beta]`.
    pub sprt: [f64; 4],
    /// The walls' seed.
    pub seed: u64,
}

/// Why a record line gives no summary. The game, when the record names
/// it (its `game_id`, empty without one); the line's place in its file is
/// the reader's to add.
#[derive(Debug)]
#[non_exhaustive]
pub enum SummaryError {
    /// The line is not a JSON game record.
    NotJson(serde_json::Error),
    /// The record has no `expected` (the end of the game).
    NoExpected,
    /// Not four bot names.
    BotNames {
        /// The record's `game_id`.
        game: String,
        /// The names found.
        count: usize,
    },
    /// No four final scores.
    NoScores {
        /// The record's `game_id`.
        game: String,
    },
    /// `expected.ending` is none of `zimo`, `ron`, `draw`, `error`.
    Ending {
        /// The record's `game_id`.
        game: String,
        /// The ending given.
        ending: String,
    },
    /// A seat of `expected` (`winner`, `discarder`, `offender`) above 3.
    Seat {
        /// The record's `game_id`.
        game: String,
        /// Which key.
        what: &'static str,
        /// The value given.
        seat: u8,
    },
    /// A per-seat key of a turn's `verdicts` or `times_ms` is not 0..3.
    TurnSeat {
        /// The record's `game_id`.
        game: String,
        /// The turn's index.
        turn: usize,
        /// `verdict` or `time`.
        what: &'static str,
        /// The key given.
        key: String,
    },
    /// A turn time that is negative or not a number.
    Time {
        /// The record's `game_id`.
        game: String,
        /// The turn's index.
        turn: usize,
        /// The seat.
        seat: u8,
        /// The time given.
        ms: f64,
    },
}

impl std::fmt::Display for SummaryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SummaryError::NotJson(v0) => write!(f, "not a game record: {v0}"),
            SummaryError::NoExpected => f.write_str("not a game record: missing field `expected`"),
            SummaryError::BotNames { game, count } => {
                write!(f, "game {game}: {count} bot names (arena.bots or players), expected 4")
            }
            SummaryError::NoScores { game } => {
                write!(f, "game {game}: no final scores (expected.scores or a display score of 4 numbers)")
            }
            SummaryError::Ending { game, ending } => write!(f, "game {game}: unknown ending {ending:?}"),
            SummaryError::Seat { game, what, seat } => write!(f, "game {game}: {what} {seat} is not a seat"),
            SummaryError::TurnSeat { game, turn, what, key } => {
                write!(f, "game {game}: turn {turn}: {what} seat {key:?} is not 0..3")
            }
            SummaryError::Time { game, turn, seat, ms } => {
                write!(f, "game {game}: turn {turn}: time {ms} ms for seat {seat}")
            }
        }
    }
}

impl std::error::Error for SummaryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SummaryError::NotJson(v0) => Some(v0),
            _ => None,
        }
    }
}

/// Reads one record line.
pub fn summarize(line: &[u8]) -> Result<GameSummary, SummaryError> {
    if let Some(r) = scan(line) {
        return build(r);
    }
    let r: Line = serde_json::from_slice(line).map_err(SummaryError::NotJson)?;
    build(r)
}

/// serde's reading of the span `r` of `b`.
fn read_span<T: serde::de::DeserializeOwned>(b: &[u8], r: Range<usize>) -> Option<T> {
    serde_json::from_slice(&b[r]).ok()
}

/// The skim's reading of a line (`None`: let serde read it).
fn scan(b: &[u8]) -> Option<Line> {
    let mut line = Line { game_id: String::new(), players: Vec::new(), arena: None, expected: None, turns: Vec::new() };
    let mut seen: [Option<Range<usize>>; 5] = Default::default();
    // Displays are read only when `expected` has no scores.
    let mut displays: Vec<Option<Range<usize>>> = Vec::new();
    let end = skim::members(b, 0, |k, i| {
        let e = match k {
            b"turns" => skim::elements(b, i, |j| {
                let ([display, verdicts, times_ms], e) = skim::spans(b, j, [b"display", b"verdicts", b"times_ms"])?;
                let mut t = TurnKeys { display: None, verdicts: None, times_ms: None };
                if let Some(r) = verdicts {
                    t.verdicts = read_span(b, r)?;
                }
                if let Some(r) = times_ms {
                    t.times_ms = read_span(b, r)?;
                }
                line.turns.push(t);
                displays.push(display);
                Some(e)
            })?,
            _ => skim::value_end(b, i)?,
        };
        let n = [&b"game_id"[..], b"players", b"arena", b"expected", b"turns"].iter().position(|w| *w == k);
        if let Some(n) = n {
            skim::once(&mut seen[n], i..e)?;
        }
        match n {
            Some(0) => line.game_id = read_span(b, i..e)?,
            Some(1) => line.players = read_span(b, i..e)?,
            Some(2) => line.arena = read_span(b, i..e)?,
            Some(3) => line.expected = Some(read_span(b, i..e)?),
            _ => {}
        }
        Some(e)
    })?;
    if line.expected.as_ref()?.scores.len() != 4 {
        for (t, d) in line.turns.iter_mut().zip(displays) {
            if let Some(r) = d {
                t.display = Some(read_span(b, r)?);
            }
        }
    }
    (skim::ws(b, end) == b.len()).then_some(line)
}

/// The summary of a game from its record's parts (no turns: no verdicts
/// or times), by the reading of [`summarize`].
pub fn summary_of(game_id: String, arena: ArenaKeys, expected: Expected) -> Result<GameSummary, SummaryError> {
    build(Line { game_id, players: Vec::new(), arena: Some(arena), expected: Some(expected), turns: Vec::new() })
}

fn build(r: Line) -> Result<GameSummary, SummaryError> {
    let Some(expected) = r.expected else { return Err(SummaryError::NoExpected) };
    let names = match r.arena.as_ref().and_then(|a| a.bots.clone()) {
        Some(b) => b,
        None => r.players,
    };
    let bots: [String; 4] = names
        .try_into()
        .map_err(|v: Vec<String>| SummaryError::BotNames { game: r.game_id.clone(), count: v.len() })?;
    let mut scores: Vec<i64> = expected.scores.iter().map(|&x| i64::from(x)).collect();
    if scores.len() != 4 {
        scores =
            r.turns.iter().rev().find_map(|t| t.display.as_ref().and_then(|d| d.score.clone())).unwrap_or_default();
    }
    let scores: [i64; 4] = scores.try_into().map_err(|_| SummaryError::NoScores { game: r.game_id.clone() })?;
    let ending = match expected.ending.as_str() {
        "zimo" => Ending::SelfDrawn,
        "ron" => Ending::Discard,
        "draw" => Ending::Draw,
        "error" => Ending::Error,
        other => return Err(SummaryError::Ending { game: r.game_id, ending: other.to_string() }),
    };
    let check_seat = |s: Option<u8>, what: &'static str| match s {
        Some(seat) if seat > 3 => Err(SummaryError::Seat { game: r.game_id.clone(), what, seat }),
        s => Ok(s),
    };
    let winner = check_seat(expected.winner, "winner")?;
    let discarder = check_seat(expected.discarder, "discarder")?;
    let offender = check_seat(expected.offender, "offender")?;
    let mut verdicts = Vec::new();
    let mut times_us: [Vec<u32>; 4] = Default::default();
    for (n, t) in r.turns.iter().enumerate() {
        for (k, v) in t.verdicts.iter().flatten() {
            let s = seat_of_key(k).ok_or_else(|| SummaryError::TurnSeat {
                game: r.game_id.clone(),
                turn: n,
                what: "verdict",
                key: k.clone(),
            })?;
            verdicts.push((s, v.clone()));
        }
        for (k, ms) in t.times_ms.iter().flatten() {
            let s = seat_of_key(k).ok_or_else(|| SummaryError::TurnSeat {
                game: r.game_id.clone(),
                turn: n,
                what: "time",
                key: k.clone(),
            })?;
            if !(ms.is_finite() && *ms >= 0.0) {
                return Err(SummaryError::Time { game: r.game_id.clone(), turn: n, seat: s, ms: *ms });
            }
            times_us[s as usize].push((ms * 1000.0).round().min(u32::MAX as f64) as u32);
        }
    }
    if ending == Ending::Error {
        if let (Some(o), Some(v)) = (offender, &expected.verdict) {
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
        fan_total: if won {
            expected
                .fan_total
                .map(i64::from)
                .unwrap_or_else(|| expected.fan.iter().map(|f| i64::from(f.1) * i64::from(f.2.max(1))).sum())
        } else {
            0
        },
        fans: if won {
            expected.fan.iter().map(|f| (f.0.clone(), i64::from(f.2.max(1)))).collect()
        } else {
            Vec::new()
        },
        verdicts,
        times_us,
        test: r.arena.as_ref().and_then(test_keys),
    })
}

fn test_keys(a: &ArenaKeys) -> Option<TestKeys> {
    let sprt: [f64; 4] = a.sprt.clone()?.try_into().ok()?;
    let entries = a.entries.as_ref()?;
    Some(TestKeys {
        format: a.format.clone()?,
        candidate: entries.first()?.clone(),
        baseline: entries.last()?.clone(),
        sprt,
        seed: a.seed?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_serde(line: &str) -> Result<GameSummary, SummaryError> {
        let r: Line = serde_json::from_str(line).map_err(SummaryError::NotJson)?;
        build(r)
    }

    #[test]
    fn the_scanner_reads_what_serde_reads() {
        let lines = [
            r#"{"game_id":"a\"b","players":["w","x","y","z"],"turns":[{"display":{"action":"INIT","score":[1,2,3,4]},"request":{"0":"x\\y"}},{"display":{"score":[8,-8,0,0]},"verdicts":{"2":"TLE"},"times_ms":{"0":1.5,"3":0.25}}],"expected":{"ending":"error","offender":2,"verdict":"TLE","fan":[]},"arena":{"bots":["p","q","r","s"],"seed":3,"wall":1,"perm":5,"entries":["p"]}}"#,
            r#" { "game_id" : "g" , "players" : ["a","b","c","d"] , "turns" : [ ] , "expected" : {"ending":"zimo","winner":1,"fan":[["A",8,1],["B",2,3]],"fan_total":14,"scores":[-10,30,-10,-10]} } "#,
        ];
        for l in lines {
            assert!(scan(l.as_bytes()).is_some(), "{l}");
            assert_eq!(format!("{:?}", summarize(l.as_bytes())), format!("{:?}", by_serde(l)), "{l}");
        }
        // A key twice, a cut line, no expected: serde's reading and its error.
        for l in [
            r#"{"game_id":"a","game_id":"b","players":[],"turns":[],"expected":{"ending":"draw"}}"#,
            r#"{"game_id":"a","turns":[{"display":{}"#,
            r#"{"game_id":"a","players":["a","b","c","d"],"turns":[]}"#,
        ] {
            assert!(scan(l.as_bytes()).is_none(), "{l}");
            assert!(summarize(l.as_bytes()).is_err(), "{l}");
        }
    }
}
