//! Property tests: generated and mutated input through the record
//! readers, the notation parser and calculator, and the engine. Bounded so
//! that `cargo test --release` stays fast; the same generators run longer
//! before a release with
//!
//! ```sh
//! PROPTEST_CASES=100000 cargo test --release --test fans -- properties::
//! ```

use crate::common;

use mcr_engine::engine::Engine;
use mcr_engine::fans;
use mcr_engine::record::view::GameView;
use mcr_engine::record::GameRecord;
use mcr_engine::tiles::TILE_NAMES;
use proptest::prelude::*;
use proptest::test_runner::Config;

/// `cases` unless PROPTEST_CASES says otherwise; no files written.
fn config(cases: u32) -> Config {
    let mut c = Config::default();
    if std::env::var("PROPTEST_CASES").is_err() {
        c.cases = cases;
    }
    c.failure_persistence = None;
    c
}

/// The first 40 golden games, as stored.
fn first_golden() -> &'static [String] {
    &common::corpus::shared_lines(common::corpus::GOLDEN)[..40]
}

// ------------------------------------------------------------ records

/// Edits that keep most of a record's shape: JSON-ish fragments where
/// the scanner and serde are most likely to part ways.
const FRAGMENTS: &[&str] = &[
    "0",
    "-0",
    "0.0",
    "1e3",
    "-1",
    "3000000000",
    "9223372036854775808",
    "null",
    "true",
    "\"\"",
    "\"W1\"",
    "\"\\u0057\"",
    "[]",
    "{}",
    "[[[[",
    "]]",
    "}",
    "{\"x\":",
    ",",
    ":",
    "\"",
    "\\",
    " ",
    "\t",
    "\n",
    "\u{0}",
    "\"game_id\":\"dup\",",
    "\"player\":",
    "\"fan\":",
    "\"turns\":[],",
    "\u{e9}",
    "1.5",
    "[1,2,3,4,5]",
];

#[derive(Debug, Clone)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, frag: usize },
    Replace { at: usize, len: usize, frag: usize },
    Truncate { at: usize },
    Byte { at: usize, byte: u8 },
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), 0..FRAGMENTS.len()).prop_map(|(at, frag)| Edit::Insert { at, frag }),
        (any::<usize>(), 1usize..8, 0..FRAGMENTS.len()).prop_map(|(at, len, frag)| Edit::Replace { at, len, frag }),
        any::<usize>().prop_map(|at| Edit::Truncate { at }),
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Edit::Byte { at, byte }),
    ]
}

fn apply(line: &str, edits: &[Edit]) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    for e in edits {
        let n = b.len().max(1);
        match *e {
            Edit::Delete { at, len } => {
                let at = at % n;
                b.drain(at..(at + len).min(b.len()));
            }
            Edit::Insert { at, frag } => {
                let at = at % n;
                b.splice(at.min(b.len())..at.min(b.len()), FRAGMENTS[frag].bytes());
            }
            Edit::Replace { at, len, frag } => {
                let at = (at % n).min(b.len());
                b.splice(at..(at + len).min(b.len()), FRAGMENTS[frag].bytes());
            }
            Edit::Truncate { at } => b.truncate(at % n),
            Edit::Byte { at, byte } => {
                if !b.is_empty() {
                    let at = at % b.len();
                    b[at] = byte;
                }
            }
        }
    }
    b
}

/// The scanner (fast path) and serde agree: whatever the scanner takes,
/// serde reads alike into the view and `GameRecord` reads too; and every
/// consumer of a line gives an answer without panicking.
fn readers_agree(bytes: &[u8]) -> Result<(), TestCaseError> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        prop_assert!(GameView::parse(bytes).is_err());
        prop_assert!(serde_json::from_slice::<GameRecord>(bytes).is_err());
        return Ok(());
    };
    let serde_view = serde_json::from_str::<GameView>(text);
    let record = serde_json::from_str::<GameRecord>(text);
    if let Some(fast) = GameView::parse_whole(text) {
        prop_assert_eq!(Some(&fast), serde_view.as_ref().ok(), "scanner took a line serde reads otherwise");
        prop_assert!(record.is_ok(), "scanner took a line GameRecord rejects: {:?}", record.err());
    }
    // Every reader of a line answers (the self-test, the replay).
    let checked = mcr_engine::selftest::check_json(bytes);
    prop_assert_eq!(checked.is_ok(), serde_view.is_ok());
    if let Ok(record) = record {
        let _ = mcr_engine::replay::replay(&mut Engine::new(), &record, mcr_engine::replay::Compare::Exact);
        let _ = mcr_engine::selftest::check_record(&record);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn mutated_records_read_alike_by_scanner_and_serde(game in 0usize..40, edits in prop::collection::vec(edit_strategy(), 1..4)) {
        let lines = first_golden();
        let line = &lines[game % lines.len()];
        readers_agree(&apply(line, &edits))?;
    }

    #[test]
    fn random_json_under_record_keys_reads_alike(game in 0usize..40, key in prop::sample::select(vec!["srand", "quan", "wall", "turns", "expected", "injected", "players", "tags", "known_discrepancy", "note"]), value in json_value()) {
        let lines = first_golden();
        let mut rec: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&lines[game % lines.len()]).unwrap();
        rec.insert(key.to_string(), value);
        readers_agree(serde_json::Value::Object(rec).to_string().as_bytes())?;
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        "[A-Z0-9 ]{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,6}", inner, 0..5).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

// ------------------------------------------------------------ hands

/// A tile in the notation's short form (`5m`, `3z`).
fn short(t: usize) -> String {
    let name = TILE_NAMES[t];
    let (suit, rank) = name.split_at(1);
    match suit {
        "W" => format!("{rank}m"),
        "T" => format!("{rank}s"),
        "B" => format!("{rank}p"),
        "F" => format!("{rank}z"),
        _ => format!("{}z", rank.parse::<u8>().unwrap() + 4),
    }
}

/// A set: a chow (suit, start 1..7) or a pung of any tile.
#[derive(Debug, Clone)]
enum Set {
    Chow(usize, usize),
    Pung(usize),
}

fn set_strategy() -> impl Strategy<Value = Set> {
    prop_oneof![(0usize..3, 0usize..7).prop_map(|(s, r)| Set::Chow(s, r)), (0usize..34).prop_map(Set::Pung)]
}

fn set_tiles(s: &Set) -> Vec<usize> {
    match *s {
        Set::Chow(suit, r) => (0..3).map(|i| suit * 9 + r + i).collect(),
        Set::Pung(t) => vec![t; 3],
    }
}

/// A hand in the notation: four sets and a pair, some sets melded (maybe a
/// kong), or thirteen random tiles; a winning tile, flags, winds.
fn hand_strategy() -> impl Strategy<Value = String> {
    let shaped =
        (prop::collection::vec(set_strategy(), 4), 0usize..34, 0usize..5, 0usize..4, any::<bool>(), 0usize..14)
            .prop_map(|(sets, pair, melded, kong, drop_pair, pick)| {
                let mut words = Vec::new();
                let mut standing = Vec::new();
                for (i, s) in sets.iter().enumerate() {
                    if i < melded {
                        words.push(match *s {
                            Set::Chow(suit, r) => format!("[chi {}{}{}{}]", r + 1, r + 2, r + 3, ["m", "s", "p"][suit]),
                            Set::Pung(t) if i == kong => format!("[gang {}]", short(t)),
                            Set::Pung(t) => format!("[peng {}]", short(t)),
                        });
                    } else {
                        standing.extend(set_tiles(s));
                    }
                }
                if !drop_pair {
                    standing.extend([pair, pair]);
                } else {
                    standing.push(pair);
                }
                let win = standing.remove(pick % standing.len());
                words.extend(standing.iter().map(|&t| short(t)));
                words.push(format!("+{}", short(win)));
                words.join(" ")
            });
    let random = (prop::collection::vec(0usize..34, 0..14), 0usize..34).prop_map(|(tiles, win)| {
        let mut words: Vec<String> = tiles.iter().map(|&t| short(t)).collect();
        words.push(format!("+{}", short(win)));
        words.join(" ")
    });
    let flags = (any::<[bool; 4]>(), 0u8..4, 0u8..4, 0u8..3).prop_map(|(f, seat, quan, flowers)| {
        let mut w: Vec<String> =
            ["zimo", "4th", "kong", "last"].iter().zip(f).filter(|(_, on)| *on).map(|(n, _)| n.to_string()).collect();
        w.push(format!("seat={seat} prevalent={quan} flowers={flowers}"));
        w.join(" ")
    });
    (prop_oneof![3 => shaped, 1 => random], flags).prop_map(|(h, f)| format!("{h} {f}"))
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn calculate_total_and_explain_agree(text in hand_strategy()) {
        let hand = mcr_engine::notation::parse_hand(&text);
        prop_assert!(hand.is_ok(), "{}: {:?}", text, hand.err());
        let hand = hand.unwrap();
        let full = fans::calculate(&hand);
        prop_assert_eq!(full.result, fans::calculate_total(&hand), "{}", text);
        let e = fans::explain(&hand);
        prop_assert_eq!(e.result.result, full.result, "{}", text);
        prop_assert_eq!(e.result.counts, full.counts, "{}", text);
        if full.is_win() {
            let sum: i32 = full.fans().map(|(f, c)| f.value as i32 * c as i32).sum();
            prop_assert_eq!(sum, full.result, "{}", text);
            // The reading kept scores the hand (flowers are counted on top).
            let chosen = e.chosen.map(|i| e.readings[i].total + hand.flower_count as i32);
            prop_assert_eq!(chosen, Some(full.result), "{}", text);
        }
    }

    #[test]
    fn any_notation_text_parses_or_is_an_error(text in "[ -~]{0,60}") {
        if let Ok(hand) = mcr_engine::notation::parse_hand(&text) {
            let _ = fans::calculate(&hand);
        }
    }
}

// ------------------------------------------------------------ engine

/// Answers as a careless or hostile bot might give them: mostly legal-looking
/// moves on the actor's own tiles, sometimes claims, junk or near misses.
fn answer(rng: &mut u64, hand: &[u8; 34]) -> String {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    let r = *rng;
    let held: Vec<usize> = (0..34).filter(|&t| hand[t] > 0).collect();
    let any_tile = TILE_NAMES[(r >> 8) as usize % 34];
    let own = held.get((r >> 16) as usize % held.len().max(1)).map_or(any_tile, |&t| TILE_NAMES[t]);
    match r % 40 {
        0..=21 => "PASS".into(),
        22..=29 => format!("PLAY {own}"),
        30 => "HU".into(),
        31 => format!("PENG {own}"),
        32 => format!("CHI {any_tile} {own}"),
        33 => "GANG".into(),
        34 => format!("GANG {own}"),
        35 => format!("BUGANG {own}"),
        36 => "PASS ".into(),
        37 => String::new(),
        38 => format!("PLAY {any_tile} {any_tile}"),
        _ => "pass".into(),
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn random_answers_give_an_event_or_a_verdict_every_turn(wall in Just((0..136).map(|i| TILE_NAMES[i % 34]).collect::<Vec<_>>()).prop_shuffle(), quan in 0i64..4, seed in 1u64.., drawer_plays in 0u64..4) {
        let mut engine = Engine::new();
        let mut rng = seed;
        let first = engine.reset(&wall, quan, 1);
        prop_assert!(first.is_ok());
        for step in 0..2000 {
            prop_assert!(step < 1999, "a game of 2000 steps");
            if engine.is_over() {
                break;
            }
            let answers: [String; 4] = std::array::from_fn(|s| {
                let hand = engine.hand(s as u8);
                // Bias: a seat with a drawn tile usually plays one of its own.
                if drawer_plays > 0 && rng % 3 != 0 && hand.iter().map(|&c| c as usize).sum::<usize>() % 3 == 2 {
                    rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let held: Vec<usize> = (0..34).filter(|&t| hand[t] > 0).collect();
                    format!("PLAY {}", TILE_NAMES[held[(rng >> 33) as usize % held.len()]])
                } else {
                    answer(&mut rng, &hand)
                }
            });
            let turn = engine.step([answers[0].as_str(), answers[1].as_str(), answers[2].as_str(), answers[3].as_str()]);
            prop_assert!(turn.is_ok(), "step {}: {:?} -> {:?}", step, answers, turn.err());
            let turn = turn.unwrap();
            let display = turn.display_json();
            let action = display["action"].as_str().unwrap_or("").to_string();
            prop_assert!(!action.is_empty(), "no action: {}", display);
            if engine.is_over() {
                prop_assert!(matches!(action.as_str(), "HU" | "HUANG" | "WA" | "WH"), "over after {}", action);
                prop_assert!(turn.requests().is_none());
            } else {
                prop_assert!(turn.requests().is_some(), "{} without requests", action);
            }
        }
        // Stepping an ended game is an error, not a panic.
        prop_assert!(engine.step(["PASS"; 4]).is_err());
    }
}
