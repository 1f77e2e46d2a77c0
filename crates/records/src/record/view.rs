//! A borrowed, typed view of one game record, for the self-test and the
//! validator's fast path.
//!
//! Why not [`crate::record::GameRecord`]: its displays are `serde_json::Value`
//! trees and its seat maps are `BTreeMap<String, String>`, which costs an
//! allocation per key and value. The self-test reads every line once into this
//! view instead: strings borrow from the line (an owned copy only when the
//! JSON text uses escapes), displays are structs with the judge's keys, and
//! seat maps are fixed arrays. A [`GameView`] can also be built from a parsed
//! `GameRecord` ([`GameView::from_record`]), so both paths share one checker.

use crate::record::{seat_of_key, Expected, GameRecord};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;

/// Text borrowed from the input when possible.
#[derive(Clone, PartialEq, Eq)]
pub struct Text<'a>(pub Cow<'a, str>);

impl<'a> Text<'a> {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// A text borrowed from the line.
    pub fn borrowed(s: &'a str) -> Text<'a> {
        Text(Cow::Borrowed(s))
    }
}

impl AsRef<str> for Text<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Text<'a>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_owned())))
            }
        }
        d.deserialize_str(V)
    }
}

/// `a == b`, in at most two loads a side for strings up to 16 bytes rather
/// than a call to `memcmp`: checking a turn compares several short recorded
/// strings (tiles, actions, requests of about 11 bytes) with computed ones,
/// and the calls would be a large part of the check.
#[inline]
pub fn same_text(a: &str, b: &str) -> bool {
    // The first and last N bytes, overlapping, cover a string of N..=2N bytes.
    fn ends<const N: usize>(a: &[u8], b: &[u8]) -> bool {
        a.first_chunk::<N>() == b.first_chunk::<N>() && a.last_chunk::<N>() == b.last_chunk::<N>()
    }
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len()
        && match a.len() {
            0 => true,
            1 => a[0] == b[0],
            2..=3 => ends::<2>(a, b),
            4..=7 => ends::<4>(a, b),
            8..=16 => ends::<8>(a, b),
            _ => a == b,
        }
}

/// One string per seat, from a JSON object keyed "0".."3" (requests, responses).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PerSeat<'a>(pub [Option<Text<'a>>; 4]);

impl<'a> PerSeat<'a> {
    /// The value of seat `seat`, if present.
    pub fn get(&self, seat: usize) -> Option<&str> {
        self.0[seat].as_ref().map(|t| t.as_str())
    }
    /// No seat has a value.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|s| s.is_none())
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for PerSeat<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PerSeat<'a>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PerSeat<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object keyed by seat \"0\"..\"3\"")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut m: M) -> Result<PerSeat<'de>, M::Error> {
                let mut out = PerSeat::default();
                while let Some(key) = m.next_key::<Text<'de>>()? {
                    let Some(seat) = seat_of_key(key.as_str()).map(usize::from) else {
                        return Err(de::Error::custom(format!("seat key {:?} is not \"0\"..\"3\"", key.as_str())));
                    };
                    if out.0[seat].is_some() {
                        return Err(de::Error::custom(format!("duplicate key {:?}", key.as_str())));
                    }
                    out.0[seat] = Some(m.next_value()?);
                }
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

/// A short integer array (`tileCnt`, `canHu`, `score`) stored inline: these
/// come on every display and a heap array each would double the parse time
/// spent in the allocator. Holds the first four values and the true length.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Ints4 {
    len: u32,
    v: [i32; 4],
}

impl Ints4 {
    /// The first values (at most four) of an array of `len` values.
    pub fn new(first: &[i32], len: usize) -> Ints4 {
        let mut v = [0; 4];
        v[..first.len().min(4)].copy_from_slice(&first[..first.len().min(4)]);
        Ints4 { len: len.min(u32::MAX as usize) as u32, v }
    }
    /// The values when there are exactly four.
    pub fn four(&self) -> Option<[i64; 4]> {
        (self.len == 4).then(|| self.v.map(i64::from))
    }
    /// How many values.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// No values.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The value at `i`, if present.
    pub fn get(&self, i: usize) -> Option<i64> {
        (i < self.len().min(4)).then(|| self.v[i] as i64)
    }
}

impl fmt::Debug for Ints4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len <= 4 {
            f.debug_list().entries(&self.v[..self.len()]).finish()
        } else {
            write!(f, "{:?} and {} more", self.v, self.len - 4)
        }
    }
}

impl<'de> Deserialize<'de> for Ints4 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Ints4, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Ints4;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array of integers")
            }
            fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Ints4, S::Error> {
                let mut out = Ints4::default();
                while let Some(x) = seq.next_element::<i32>()? {
                    if out.len < 4 {
                        out.v[out.len()] = x;
                    }
                    out.len = out.len.saturating_add(1);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V)
    }
}

/// `{name, cnt, value}` as in HU and WH displays.
#[derive(Debug, Clone, PartialEq)]
pub struct DisplayFan<'a> {
    /// The fan's name.
    pub name: Text<'a>,
    /// How many times it counted.
    pub cnt: i64,
    /// Its value.
    pub value: i64,
}

mcr_core::de_struct! { DisplayFan<'a>, ignore;
    name: Text<'a> = "name",
    cnt: i64 = "cnt",
    value: i64 = "value",
}

/// A judge display with the keys the judge writes; absent keys are `None`.
/// `canHu` is read (for the winning-event check) but unknown keys are skipped.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DisplayView<'a> {
    /// The event (`INIT`, `DEAL`, `DRAW`, `PLAY`, `PENG`, `CHI`, `GANG`, `BUGANG`, `HU`, `HUANG`, `WA`, `WH`...).
    pub action: Text<'a>,
    /// The seat acting.
    pub player: Option<i64>,
    /// The tile drawn, discarded or claimed.
    pub tile: Option<Text<'a>>,
    /// CHI: the middle tile of the chow.
    pub tile_chi: Option<Text<'a>>,
    /// DEAL: each seat's dealt tiles.
    pub hand: Option<Vec<Vec<Text<'a>>>>,
    /// Tiles left in each seat's wall segment.
    pub tile_cnt: Option<Ints4>,
    /// Each seat's canHu value.
    pub can_hu: Option<Ints4>,
    /// HU and WH: the fans.
    pub fan: Option<Vec<DisplayFan<'a>>>,
    /// HU and WH: the total fan.
    pub fan_cnt: Option<i64>,
    /// The four scores of an ending.
    pub score: Option<Ints4>,
    /// INIT: the prevalent wind.
    pub quan: Option<i64>,
    /// INIT: the random seed.
    pub srand: Option<i64>,
    /// INIT: the length of the wall's text.
    pub strlen: Option<i64>,
}

mcr_core::de_struct! { DisplayView<'a>, ignore;
    action: Text<'a> = "action",
    player: Option<i64> = "player" @default,
    tile: Option<Text<'a>> = "tile" @default,
    tile_chi: Option<Text<'a>> = "tileCHI" @default,
    hand: Option<Vec<Vec<Text<'a>>>> = "hand" @default,
    tile_cnt: Option<Ints4> = "tileCnt" @default,
    can_hu: Option<Ints4> = "canHu" @default,
    fan: Option<Vec<DisplayFan<'a>>> = "fan" @default,
    fan_cnt: Option<i64> = "fanCnt" @default,
    score: Option<Ints4> = "score" @default,
    quan: Option<i64> = "quan" @default,
    srand: Option<i64> = "srand" @default,
    strlen: Option<i64> = "strlen" @default,
}

#[derive(Debug, Clone, Default, PartialEq)]
/// One turn of a game record, borrowed from its line.
pub struct TurnView<'a> {
    /// The request to each seat.
    pub request: Option<PerSeat<'a>>,
    /// The judge's display.
    pub display: DisplayView<'a>,
    /// Each seat's answer.
    pub responses: Option<PerSeat<'a>>,
    /// Platform verdicts (`TLE`, ...) of seats that failed to answer this
    /// turn's request (see [`crate::record::TurnRecord::verdicts`]).
    pub verdicts: Option<PerSeat<'a>>,
}

mcr_core::de_struct! { TurnView<'a>, ignore;
    request: Option<PerSeat<'a>> = "request" @default,
    display: DisplayView<'a> = "display",
    responses: Option<PerSeat<'a>> = "responses" @default,
    verdicts: Option<PerSeat<'a>> = "verdicts" @default,
}

/// The `expected` block; every key optional so that a missing one is a named
/// check failure rather than a parse error.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExpectedView<'a> {
    /// `zimo`, `ron`, `draw` or `error`.
    pub ending: Text<'a>,
    /// The winning seat.
    pub winner: Option<i64>,
    /// The seat won on; `None` for a self-drawn win.
    pub discarder: Option<i64>,
    /// Whether the win robbed a kong.
    pub qianggang: Option<bool>,
    /// `[name, value, cnt]`
    pub fan: Option<Vec<(Text<'a>, i64, i64)>>,
    /// The total fan.
    pub fan_total: Option<i64>,
    /// The four scores.
    pub scores: Option<Vec<i64>>,
    /// Error games: the seat given the verdict.
    pub offender: Option<i64>,
    /// Error games: the verdict.
    pub verdict: Option<Text<'a>>,
}

mcr_core::de_struct! { ExpectedView<'a>, ignore;
    ending: Text<'a> = "ending",
    winner: Option<i64> = "winner" @default,
    discarder: Option<i64> = "discarder" @default,
    qianggang: Option<bool> = "qianggang" @default,
    fan: Option<Vec<(Text<'a>, i64, i64)>> = "fan" @default,
    fan_total: Option<i64> = "fan_total" @default,
    scores: Option<Vec<i64>> = "scores" @default,
    offender: Option<i64> = "offender" @default,
    verdict: Option<Text<'a>> = "verdict" @default,
}

impl Default for Text<'_> {
    fn default() -> Self {
        Text(Cow::Borrowed(""))
    }
}

/// Error games: which answer was planted to provoke the verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Injected<'a> {
    /// What kind of wrong answer was planted.
    pub kind: Option<Text<'a>>,
    /// The seat that gave it.
    pub seat: i64,
    /// The turn it answered.
    pub turn: i64,
    /// The answer planted.
    pub response: Text<'a>,
}

mcr_core::de_struct! { Injected<'a>, ignore;
    kind: Option<Text<'a>> = "kind" @default,
    seat: i64 = "seat",
    turn: i64 = "turn",
    response: Text<'a> = "response",
}

/// A list of strings, checked and not kept: `players` and `tags`, which
/// [`GameRecord`] reads as `Vec<String>`, so that a record the validator
/// calls malformed for them is malformed here too.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Strings;

impl<'de> Deserialize<'de> for Strings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strings, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Strings;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Strings, S::Error> {
                while seq.next_element::<Text<'de>>()?.is_some() {}
                Ok(Strings)
            }
        }
        d.deserialize_seq(V)
    }
}

/// One game record. Keys not listed (known_discrepancy, keys the record
/// schema does not have) are skipped without being built.
#[derive(Debug, Clone, PartialEq)]
pub struct GameView<'a> {
    /// The game's identifier.
    pub game_id: Text<'a>,
    /// The judge's random seed.
    pub srand: i64,
    /// The prevalent wind, 0 east to 3 north.
    pub quan: i64,
    /// The wall, tile names in draw order.
    pub wall: Vec<Text<'a>>,
    /// Every judge step.
    pub turns: Vec<TurnView<'a>>,
    /// How the game ended.
    pub expected: ExpectedView<'a>,
    /// Error games: the answer planted to provoke the verdict.
    pub injected: Option<Injected<'a>>,
    /// The rule profile the game was played under (`"rules"`, see
    /// [`crate::record::rules`]); `None` when the record does not say.
    pub rules: Option<&'static mcr_core::fans::Profile>,
    /// The players (checked, not kept).
    pub players: Strings,
    /// The tags (checked, not kept).
    pub tags: Strings,
}

mcr_core::de_struct! { GameView<'a>, ignore;
    game_id: Text<'a> = "game_id",
    srand: i64 = "srand",
    quan: i64 = "quan",
    wall: Vec<Text<'a>> = "wall",
    turns: Vec<TurnView<'a>> = "turns" with turns_with_room,
    expected: ExpectedView<'a> = "expected",
    injected: Option<Injected<'a>> = "injected" @default,
    rules: Option<&'static mcr_core::fans::Profile> = "rules" @default with crate::record::rules::deserialize,
    players: Strings = "players" @default,
    tags: Strings = "tags" @default,
}

/// Games run to about 200 turns: start there rather than grow (and copy)
/// the vector of large turn structs seven times.
fn turns_with_room<'de: 'a, 'a, D: Deserializer<'de>>(d: D) -> Result<Vec<TurnView<'a>>, D::Error> {
    struct V<'a>(std::marker::PhantomData<&'a ()>);
    impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
        type Value = Vec<TurnView<'a>>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an array of turns")
        }
        fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(200));
            while let Some(t) = seq.next_element()? {
                out.push(t);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(V(std::marker::PhantomData))
}

/// Only the game id, for naming a record whose full view does not parse.
struct IdOnly<'a> {
    game_id: Text<'a>,
}

mcr_core::de_struct! { IdOnly<'a>, ignore;
    game_id: Text<'a> = "game_id",
}

/// The game id of a JSON line, when it has one.
pub fn game_id_of(line: &[u8]) -> Option<String> {
    serde_json::from_slice::<IdOnly>(line).ok().map(|r| r.game_id.as_str().to_owned())
}

impl<'a> GameView<'a> {
    /// A view of an already parsed record (displays are read from their
    /// `Value` trees by borrowing).
    pub fn from_record(rec: &'a GameRecord) -> Result<GameView<'a>, serde_json::Error> {
        let per_seat = |m: &'a Option<std::collections::BTreeMap<String, String>>| -> Result<Option<PerSeat<'a>>, serde_json::Error> {
            let Some(m) = m else { return Ok(None) };
            let mut out = PerSeat::default();
            for (k, v) in m {
                let Some(seat) = seat_of_key(k).map(usize::from) else {
                    return Err(de::Error::custom(format!("seat key {k:?} is not \"0\"..\"3\"")));
                };
                out.0[seat] = Some(Text::borrowed(v));
            }
            Ok(Some(out))
        };
        let mut turns = Vec::with_capacity(rec.turns.len());
        for t in &rec.turns {
            turns.push(TurnView {
                request: per_seat(&t.request)?,
                display: DisplayView::deserialize(&t.display)?,
                responses: per_seat(&t.responses)?,
                verdicts: per_seat(&t.verdicts)?,
            });
        }
        let injected = match &rec.injected {
            Some(v) => Some(Injected::deserialize(v)?),
            None => None,
        };
        Ok(GameView {
            game_id: Text::borrowed(&rec.game_id),
            srand: rec.srand,
            quan: rec.quan,
            wall: rec.wall.iter().map(|s| Text::borrowed(s)).collect(),
            turns,
            expected: expected_view(&rec.expected),
            injected,
            rules: rec.rules,
            players: Strings,
            tags: Strings,
        })
    }
}

fn expected_view(e: &Expected) -> ExpectedView<'_> {
    ExpectedView {
        ending: Text::borrowed(&e.ending),
        winner: e.winner.map(i64::from),
        discarder: e.discarder.map(i64::from),
        qianggang: e.qianggang,
        fan: Some(e.fan.iter().map(|(n, v, c)| (Text::borrowed(n), *v as i64, *c as i64)).collect()),
        fan_total: e.fan_total.map(i64::from),
        scores: Some(e.scores.iter().map(|&s| s as i64).collect()),
        offender: e.offender.map(i64::from),
        verdict: e.verdict.as_deref().map(Text::borrowed),
    }
}

#[cfg(test)]
mod tests {
    use super::same_text;

    #[test]
    fn same_text_is_string_equality() {
        let base = "3 0 PLAY W1 and a longer tail";
        for n in 0..base.len() {
            let a = &base[..n];
            assert!(same_text(a, a));
            for i in 0..n {
                let mut b = a.as_bytes().to_vec();
                b[i] ^= 1;
                assert!(!same_text(a, std::str::from_utf8(&b).unwrap()), "{a:?} at {i}");
            }
            assert!(!same_text(a, &base[..n + 1]));
        }
    }
}

/// What a replay reads of a game record and nothing more: the start of the
/// game and each turn's answers and verdicts (the training-sample
/// pipeline's reader, [`AnswersView::parse`]). Requests, displays and the
/// `expected` block are checked to be well-formed JSON and present where
/// the record schema requires them, and are not read: a replay recomputes
/// them. Strings borrow from the line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnswersView<'a> {
    /// The game's identifier.
    pub game_id: &'a str,
    /// The judge's random seed.
    pub srand: i64,
    /// The prevalent wind, 0 east to 3 north.
    pub quan: i64,
    /// The wall, tile names in draw order.
    pub wall: Vec<&'a str>,
    /// The answers to each turn by seat (`None` where not recorded).
    pub answers: Vec<[Option<&'a str>; 4]>,
    /// The turns with platform verdicts, in order, and the verdicts by seat.
    pub verdicts: Vec<(usize, [Option<&'a str>; 4])>,
    /// The rule profile the record names, if any.
    pub rules: Option<&'static mcr_core::fans::Profile>,
}

impl<'a> AnswersView<'a> {
    /// The verdicts on turn `k` by seat.
    pub fn verdicts_at(&self, k: usize) -> [Option<&'a str>; 4] {
        match self.verdicts.binary_search_by_key(&k, |v| v.0) {
            Ok(i) => self.verdicts[i].1,
            Err(_) => [None; 4],
        }
    }
}
