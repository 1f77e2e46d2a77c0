//! The record schema: a game as the judge played it ([`GameRecord`], its
//! turns and its `expected` block) and a hand with its expected fans
//! ([`HandRecord`]), as the corpus files hold them. They serialise as they
//! parse (the writer is `record/write.rs`).

use std::collections::BTreeMap;

use super::{rules, unique, SEAT_KEYS};

/// One game as the judge played it. It serialises as it parses
/// ([`mod@super::write`]: the corpus schema, keys in the corpus files' order).
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
    /// ([`super::arena::ArenaKeys`], kept here as JSON: any object reads).
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

/// The `expected` block: outcome of a normal game, or verdict of an error game.
/// It serialises by its ending ([`mod@super::write`]).
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
