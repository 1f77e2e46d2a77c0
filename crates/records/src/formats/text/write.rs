//! A record written back in the text format, from its displays (the events)
//! and, for the `Ignore` clauses, the answers to the claimed discard.
//!
//! Only games ending in a win or a draw can be written: the format has no
//! verdicts (WA, WH, a platform's TLE...). The game is rendered whole before
//! anything is written, so a game that cannot be written leaves no trace.

use std::io::Write;

use serde_json::Value;

use super::super::ExportError;
use super::line::Verb;
use crate::record::{GameRecord, TurnRecord};
use mcr_core::engine::answer::{self, Answer};
use mcr_core::tiles::Tile;

/// Writes `record` as one text game (its lines, then a blank line).
pub fn write<W: Write + ?Sized>(out: &mut W, record: &GameRecord) -> Result<(), ExportError> {
    let text = render(record).map_err(ExportError::Unwritable)?;
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The game's text, or why it cannot be written.
pub fn render(record: &GameRecord) -> Result<String, String> {
    let mut out = String::with_capacity(2048 + 24 * record.turns.len());
    let mut w = Writer { out: &mut out, turns: &record.turns };
    w.game(record)?;
    Ok(out)
}

struct Writer<'a> {
    out: &'a mut String,
    turns: &'a [TurnRecord],
}

fn field<'v>(d: &'v Value, key: &str, k: usize) -> Result<&'v Value, String> {
    d.get(key).ok_or_else(|| format!("turn {k}: the display has no {key:?}"))
}

fn seat_of(d: &Value, k: usize) -> Result<u8, String> {
    field(d, "player", k)?
        .as_u64()
        .filter(|&p| p < 4)
        .map(|p| p as u8)
        .ok_or_else(|| format!("turn {k}: bad \"player\""))
}

fn tile_of(d: &Value, key: &str, k: usize) -> Result<Tile, String> {
    let v = field(d, key, k)?;
    v.as_str().and_then(|s| Tile::parse(s).ok()).ok_or_else(|| format!("turn {k}: bad {key:?} {v}"))
}

impl Writer<'_> {
    fn line(&mut self, parts: std::fmt::Arguments<'_>) {
        use std::fmt::Write as _;
        let _ = self.out.write_fmt(parts);
        self.out.push('\n');
    }

    fn game(&mut self, record: &GameRecord) -> Result<(), String> {
        if record.game_id.split_ascii_whitespace().count() != 1 {
            return Err(format!("game id {:?} is not one word: the Match line cannot hold it", record.game_id));
        }
        if !(0..=3).contains(&record.quan) {
            return Err(format!("quan {} is not 0..3", record.quan));
        }
        self.line(format_args!("Match {}", record.game_id));
        self.line(format_args!("Wind {}", record.quan));
        // The live tile a claim or a Hu is on, and who gave it up.
        let mut live: Option<(u8, Tile)> = None;
        let mut last_draw: Option<u8> = None;
        let mut ended = false;
        for (k, turn) in self.turns.iter().enumerate() {
            let d = &turn.display;
            let action = field(d, "action", k)?.as_str().ok_or_else(|| format!("turn {k}: bad \"action\""))?;
            if ended {
                return Err(format!("turn {k}: the record goes on after the game's end"));
            }
            match action {
                "INIT" => {}
                "DEAL" => {
                    let hands = field(d, "hand", k)?
                        .as_array()
                        .filter(|h| h.len() == 4)
                        .ok_or_else(|| format!("turn {k}: bad \"hand\""))?;
                    for (s, hand) in hands.iter().enumerate() {
                        let tiles = hand.as_array().ok_or_else(|| format!("turn {k}: bad \"hand\""))?;
                        let mut text = String::new();
                        for t in tiles {
                            let t = t
                                .as_str()
                                .and_then(|s| Tile::parse(s).ok())
                                .ok_or_else(|| format!("turn {k}: bad tile in \"hand\""))?;
                            text.push(' ');
                            text.push_str(t.name());
                        }
                        self.line(format_args!("Player {s} Deal{text}"));
                    }
                }
                "DRAW" => {
                    let (p, t) = (seat_of(d, k)?, tile_of(d, "tile", k)?);
                    self.line(format_args!("Player {p} Draw {t}"));
                    live = Some((p, t));
                    last_draw = Some(p);
                    continue;
                }
                "PLAY" => {
                    let (p, t) = (seat_of(d, k)?, tile_of(d, "tile", k)?);
                    self.line(format_args!("Player {p} Play {t}"));
                    live = Some((p, t));
                }
                "PENG" | "CHI" => {
                    let (p, t) = (seat_of(d, k)?, tile_of(d, "tile", k)?);
                    let (actor, claimed) =
                        live.ok_or_else(|| format!("turn {k}: {action} without a discard before it"))?;
                    let (verb, named) =
                        if action == "PENG" { (Verb::Peng, claimed) } else { (Verb::Chi, tile_of(d, "tileCHI", k)?) };
                    let ignored = self.ignored(k, actor, p, claimed);
                    self.line(format_args!("Player {p} {} {named}{ignored}", verb.word()));
                    self.line(format_args!("Player {p} Play {t}"));
                    live = Some((p, t));
                }
                "GANG" => {
                    let (p, t) = (seat_of(d, k)?, tile_of(d, "tile", k)?);
                    if last_draw == Some(p) {
                        self.line(format_args!("Player {p} AnGang {t}"));
                    } else {
                        let (actor, claimed) =
                            live.ok_or_else(|| format!("turn {k}: GANG without a discard before it"))?;
                        let ignored = self.ignored(k, actor, p, claimed);
                        self.line(format_args!("Player {p} Gang {t}{ignored}"));
                    }
                    live = None;
                }
                "BUGANG" => {
                    let (p, t) = (seat_of(d, k)?, tile_of(d, "tile", k)?);
                    self.line(format_args!("Player {p} BuGang {t}"));
                    live = Some((p, t));
                }
                "HU" => {
                    let p = seat_of(d, k)?;
                    let (actor, t) = live.ok_or_else(|| format!("turn {k}: HU without a tile to win on"))?;
                    let ignored = if actor == p { String::new() } else { self.ignored(k, actor, p, t) };
                    self.line(format_args!("Player {p} Hu {t}{ignored}"));
                    let total = field(d, "fanCnt", k)?.as_i64().ok_or_else(|| format!("turn {k}: bad \"fanCnt\""))?;
                    let mut terms = Vec::new();
                    for f in field(d, "fan", k)?.as_array().ok_or_else(|| format!("turn {k}: bad \"fan\""))? {
                        let name =
                            f.get("name").and_then(Value::as_str).ok_or_else(|| format!("turn {k}: bad fan name"))?;
                        let cnt =
                            f.get("cnt").and_then(Value::as_i64).ok_or_else(|| format!("turn {k}: bad fan count"))?;
                        terms.push(format!("{name}*{cnt}"));
                    }
                    self.line(format_args!("Fan {total} {}", terms.join("+")));
                    self.score(d, k)?;
                    ended = true;
                }
                "HUANG" => {
                    self.line(format_args!("Huang"));
                    self.line(format_args!("Score 0 0 0 0"));
                    ended = true;
                }
                other => {
                    return Err(format!(
                        "the game ends on a verdict ({other}) at turn {k}: the text format has no verdicts"
                    ));
                }
            }
            last_draw = None;
        }
        if !ended {
            return Err("the record ends before the game does (no HU or HUANG)".into());
        }
        self.out.push('\n');
        Ok(())
    }

    fn score(&mut self, d: &Value, k: usize) -> Result<(), String> {
        let s = field(d, "score", k)?
            .as_array()
            .filter(|s| s.len() == 4)
            .ok_or_else(|| format!("turn {k}: bad \"score\""))?;
        let s: Vec<String> = s
            .iter()
            .map(|v| v.as_i64().map(|x| x.to_string()).ok_or_else(|| format!("turn {k}: bad \"score\"")))
            .collect::<Result<_, _>>()?;
        self.line(format_args!("Score {}", s.join(" ")));
        Ok(())
    }

    /// The `Ignore` clauses of the claim granted to `winner` at turn `k`: the
    /// other seats' claims in the answers to the turn before, in the judge's
    /// order of priority (Hu from the seat after `actor` on, then Peng and
    /// Gang, then Chi).
    fn ignored(&self, k: usize, actor: u8, winner: u8, tile: Tile) -> String {
        let Some(prev) = k.checked_sub(1).and_then(|i| self.turns.get(i)) else { return String::new() };
        let answers = prev.responses_by_seat();
        let mut clauses: Vec<(u8, u8, String)> = Vec::new();
        for step in 1..4u8 {
            let seat = (actor + step) % 4;
            if seat == winner {
                continue;
            }
            let Some(text) = answers[seat as usize] else { continue };
            let a = Answer::parse(text);
            let (rank, verb, t) = match a.verb {
                answer::Verb::Hu if a.arity == 0 => (0, Verb::Hu, tile),
                answer::Verb::Peng => (1, Verb::Peng, tile),
                answer::Verb::Gang if a.arity == 0 => (1, Verb::Gang, tile),
                answer::Verb::Chi => match a.args[0] {
                    Some(m) => (2, Verb::Chi, m),
                    None => continue,
                },
                _ => continue,
            };
            clauses.push((rank, step, format!(" Ignore Player {seat} {} {t}", verb.word())));
        }
        clauses.sort();
        clauses.into_iter().map(|(_, _, c)| c).collect()
    }
}
