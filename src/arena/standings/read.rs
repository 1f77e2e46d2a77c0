//! What the standings need from one record line: the bots by seat, the
//! tournament keys, the ending and scores, the verdicts and the turn times.
//! Everything else of the record is skipped unread: a scanner finds the
//! byte spans of the keys wanted (strings skipped, nesting counted), and serde reads those small spans alone; a line the scanner
//! does not take (malformed, a key twice) is read by serde whole, which then
//! words the error. Why: the records are mostly request and display strings
//! that serde's generic machinery tokenizes at about 125 MB/s.

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
    expected: Option<Expected>,
    #[serde(default)]
    turns: Vec<TurnKeys>,
}

/// The record's `"arena"` object: the runner's keys, the duplicate keys
/// (`wall`, `perm`), and the tournament's format, entries and test.
#[derive(Deserialize, Clone, Debug, Default)]
pub struct ArenaKeys {
    /// `arena.bots`: player name by seat (without it, the record's
    /// `players` are read).
    #[serde(default)]
    pub bots: Option<Vec<String>>,
    /// `arena.seed`: the run's seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// `arena.wall`: the game's wall, in a walled run.
    #[serde(default)]
    pub wall: Option<u64>,
    /// `arena.perm`: the game's place in its wall.
    #[serde(default)]
    pub perm: Option<u8>,
    /// `arena.game`: the game's run index.
    #[serde(default)]
    pub game: Option<u64>,
    /// `duplicate`, `1v3`, `2v2` or `plain`.
    #[serde(default)]
    pub format: Option<String>,
    /// The entries' names in bots-file order (a pair format: the
    /// candidate first, the baseline last).
    #[serde(default)]
    pub entries: Option<Vec<String>>,
    /// A sequential test's `[d0, d1, alpha, beta]`.
    #[serde(default)]
    pub sprt: Option<Vec<f64>>,
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
    if let Some(r) = scan(line) {
        return build(r);
    }
    let r: Line = serde_json::from_slice(line).map_err(|e| format!("not a game record: {e}"))?;
    build(r)
}

/// Bytes that matter when skipping a value: quotes and brackets.
const STRUCTURAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'[' as usize] = true;
    t[b']' as usize] = true;
    t
};

/// The end of the JSON string opening at `b[i]` (`"`): the index after its
/// quote. A plain loop: the records' strings are a few bytes long, too short
/// for `memchr`'s setup to pay.
fn string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    while let Some(&c) = b.get(j) {
        if c == b'"' {
            return Some(j + 1);
        }
        j += if c == b'\\' { 2 } else { 1 };
    }
    None
}

fn ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// The end of the JSON value starting at `b[i]` (not checked beyond its
/// brackets and strings: serde reads the spans that are kept).
fn value_end(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => string_end(b, i),
        b'{' | b'[' => {
            let (mut depth, mut j) = (0usize, i);
            loop {
                while j < b.len() && !STRUCTURAL[b[j] as usize] {
                    j += 1;
                }
                match *b.get(j)? {
                    b'"' => {
                        j = string_end(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    _ => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                }
                j += 1;
            }
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                j += 1;
            }
            (j > i).then_some(j)
        }
    }
}

/// Walks the object at `b[i]`: `each(key, start)` reads the value starting
/// at `start` and returns its end; returns the object's end. `None` for a
/// key twice among `unique` or a malformed object.
fn members(b: &[u8], i: usize, unique: &[&[u8]], mut each: impl FnMut(&[u8], usize) -> Option<usize>) -> Option<usize> {
    let mut seen = 0u32;
    let mut i = ws(b, i);
    (b.get(i)? == &b'{').then_some(())?;
    i = ws(b, i + 1);
    if b.get(i)? == &b'}' {
        return Some(i + 1);
    }
    loop {
        let k_end = string_end(b, i)?;
        let key = &b[i + 1..k_end - 1];
        if let Some(n) = unique.iter().position(|u| *u == key) {
            if seen & 1 << n != 0 {
                return None;
            }
            seen |= 1 << n;
        }
        i = ws(b, k_end);
        (b.get(i)? == &b':').then_some(())?;
        i = ws(b, i + 1);
        i = ws(b, each(key, i)?);
        match *b.get(i)? {
            b',' => i = ws(b, i + 1),
            b'}' => return Some(i + 1),
            _ => return None,
        }
    }
}

/// serde's reading of the value at `b[i..]`, and its end.
fn read_value<T: serde::de::DeserializeOwned>(b: &[u8], i: usize) -> Option<(T, usize)> {
    let e = value_end(b, i)?;
    Some((serde_json::from_slice(&b[i..e]).ok()?, e))
}

/// The scanner's reading of a line (`None`: let serde read it).
fn scan(b: &[u8]) -> Option<Line> {
    let mut line = Line { game_id: String::new(), players: Vec::new(), arena: None, expected: None, turns: Vec::new() };
    let top: &[&[u8]] = &[b"game_id", b"players", b"arena", b"expected", b"turns"];
    // Displays are read only when `expected` has no scores.
    let mut displays: Vec<Option<(usize, usize)>> = Vec::new();
    let end = members(b, 0, top, |k, i| {
        let e = match k {
            b"game_id" => {
                let (v, e) = read_value(b, i)?;
                line.game_id = v;
                e
            }
            b"players" => {
                let (v, e) = read_value(b, i)?;
                line.players = v;
                e
            }
            b"arena" => {
                let (v, e) = read_value(b, i)?;
                line.arena = v;
                e
            }
            b"expected" => {
                let (v, e) = read_value(b, i)?;
                line.expected = Some(v);
                e
            }
            b"turns" => {
                let mut j = ws(b, i);
                (b.get(j)? == &b'[').then_some(())?;
                j = ws(b, j + 1);
                if b.get(j)? == &b']' {
                    return Some(j + 1);
                }
                loop {
                    let mut t = TurnKeys { display: None, verdicts: None, times_ms: None };
                    let mut display = None;
                    let turn: &[&[u8]] = &[b"display", b"verdicts", b"times_ms"];
                    let e = members(b, j, turn, |k, x| match k {
                        b"verdicts" => read_value(b, x).map(|(v, e)| {
                            t.verdicts = v;
                            e
                        }),
                        b"times_ms" => read_value(b, x).map(|(v, e)| {
                            t.times_ms = v;
                            e
                        }),
                        _ => {
                            let e = value_end(b, x)?;
                            if k == b"display" {
                                display = Some((x, e));
                            }
                            Some(e)
                        }
                    })?;
                    line.turns.push(t);
                    displays.push(display);
                    j = ws(b, e);
                    match *b.get(j)? {
                        b',' => j = ws(b, j + 1),
                        b']' => break j + 1,
                        _ => return None,
                    }
                }
            }
            _ => value_end(b, i)?,
        };
        Some(e)
    })?;
    if line.expected.as_ref()?.scores.len() != 4 {
        for (t, d) in line.turns.iter_mut().zip(&displays) {
            if let Some((x, e)) = d {
                t.display = Some(serde_json::from_slice(&b[*x..*e]).ok()?);
            }
        }
    }
    (ws(b, end) == b.len()).then_some(line)
}

/// The summary of a game from its record's parts (no turns: no verdicts
/// or times), by the reading of [`summarize`].
pub fn summary_of(game_id: String, arena: ArenaKeys, expected: Expected) -> Result<GameSummary, String> {
    build(Line { game_id, players: Vec::new(), arena: Some(arena), expected: Some(expected), turns: Vec::new() })
}

fn build(r: Line) -> Result<GameSummary, String> {
    let Some(expected) = r.expected else { return Err("not a game record: missing field `expected`".into()) };
    let names = match r.arena.as_ref().and_then(|a| a.bots.clone()) {
        Some(b) => b,
        None => r.players,
    };
    let bots: [String; 4] = names.try_into().map_err(|v: Vec<String>| {
        format!("game {}: {} bot names (arena.bots or players), expected 4", r.game_id, v.len())
    })?;
    let mut scores: Vec<i64> = expected.scores.iter().map(|&x| i64::from(x)).collect();
    if scores.len() != 4 {
        scores =
            r.turns.iter().rev().find_map(|t| t.display.as_ref().and_then(|d| d.score.clone())).unwrap_or_default();
    }
    let scores: [i64; 4] = scores.try_into().map_err(|_| {
        format!("game {}: no final scores (expected.scores or a display score of 4 numbers)", r.game_id)
    })?;
    let ending = match expected.ending.as_str() {
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
    let winner = check_seat(expected.winner, "winner")?;
    let discarder = check_seat(expected.discarder, "discarder")?;
    let offender = check_seat(expected.offender, "offender")?;
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

    fn by_serde(line: &str) -> Result<GameSummary, String> {
        let r: Line = serde_json::from_str(line).map_err(|e| format!("not a game record: {e}"))?;
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
