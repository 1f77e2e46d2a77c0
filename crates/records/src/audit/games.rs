//! The audit of one game record: the engine replays it with the record's
//! answers; a HU is explained (the winner's hand, every win flag with its
//! evidence, the calculator's trace from `fans::explain`, the engine's list
//! against the recorded one) and, with [`Replay::Cai`], scored again on the
//! flags of a cai-style replay layer ([`super::cai`]) and its corrected
//! model, with the fans that differ and the flag that explains them.
//!
//! [`audit_game`] returns a [`GameAudit`], which serialises to the JSON
//! documented in docs/src/audit.md (`mcr audit --games FILE --format json`).

use super::cai::{self, CaiFlags, Kong, Shown, WinFlagsOut, FLAG_NAMES};
use super::explained::{fan_rows, reading_rows, FanRow, ReadingRow};
use super::lists::{known_check, recorded_list};
pub use super::lists::{FanItem, FanList, KnownCheck};
use crate::record::GameRecord;
use crate::replay::{displays_equal, Compare, Replayer, Stop};
use mcr_core::engine::{Engine, Event};
use mcr_core::fans::{self, FanResult, Profile};
use mcr_core::hand::HandInput;
use serde_json::Value;

/// Which second flag source to score the win with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Replay {
    /// The engine's (the judge's) flags only.
    #[default]
    Judge,
    /// Also the cai-style replay layer's flags and the corrected model.
    Cai,
}

/// What kind of game the record holds, as the engine replays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Ends in HU: audited.
    Hu,
    /// Ends in HUANG (荒庄).
    Draw,
    /// Ends in a verdict (WA, WH).
    Error,
    /// The engine cannot replay it as recorded, or its fan list cannot be
    /// read: `problem` says where and why.
    Bad,
}

mcr_core::ser_unit_enum! { Kind; Hu = "hu", Draw = "draw", Error = "error", Bad = "bad" }

/// A fan counted differently by two lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FanDiff {
    /// The fan's name.
    pub name: &'static str,
    /// Its value.
    pub value: u16,
    /// Times counted with the judge's flags (the engine).
    pub judge: u8,
    /// Times counted with the cai-style flags.
    pub cai: u8,
}

mcr_core::ser_struct! { FanDiff;
    "name" => name,
    "value" => value,
    "judge" => judge,
    "cai" => cai,
}

/// The judge's win flags (as the engine passes them, and after the
/// calculator's flag rules) with their evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagEvidence {
    /// As the engine passed them to the calculator.
    pub given: WinFlagsOut,
    /// After the flag rules of `rules/fans.mcr` (what the fans were counted on).
    pub used: WinFlagsOut,
    /// The other copies of the win tile shown before the win, turn by turn
    /// (和绝张 needs three).
    pub shown: Vec<Shown>,
    /// The kong the about-kong flag rests on (the winner's own kong before
    /// the replacement draw, or the promoted kong robbed).
    pub kong: Option<Kong>,
    /// The seat whose wall segment decides wall-last, and the tiles it holds
    /// at the winning event (0: the last tile).
    pub wall_seat: u8,
    /// The tiles left in that segment at the winning event.
    pub wall_left: u8,
}

mcr_core::ser_struct! { FlagEvidence;
    "given" => given,
    "used" => used,
    "shown" => shown,
    "kong" => kong,
    "wall_seat" => wall_seat,
    "wall_left" => wall_left,
}

/// The win scored on the cai-style layer's flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaiAudit {
    /// The cai-style flags, with their evidence.
    pub flags: CaiFlags,
    /// The fans on the cai-style flags.
    pub fans: FanList,
    /// The fans on the corrected cai-style flags.
    pub corrected: FanList,
    /// The corrected model's list equals the engine's.
    pub corrected_agrees: bool,
    /// Fans counted differently from the engine's list.
    pub differing: Vec<FanDiff>,
    /// The flags (FeatureAgent names) whose correction alone gives the
    /// engine's list; all differing flags if none does alone.
    pub explained_by: Vec<&'static str>,
    /// "agree", "cai_replay_fan_diff" (lower or other, still >= 8) or
    /// "cai_replay_below_8fan_gate" (the recorded vocabulary).
    pub status: &'static str,
    /// The record's `known_discrepancy`, checked against this audit.
    pub known: Option<KnownCheck>,
}

mcr_core::ser_struct! { CaiAudit;
    "flags" => flags,
    "fans" => fans,
    "corrected" => corrected,
    "corrected_agrees" => corrected_agrees,
    "differing" => differing,
    "explained_by" => explained_by,
    "status" => status,
    "known" => known,
}

/// The audit of a HU (or of the HU a WH verdict refused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinAudit {
    /// The winning seat.
    pub winner: u8,
    /// "zimo", "ron" or "qianggang".
    pub ending: &'static str,
    /// The discarder (ron) or the kong player (qianggang).
    pub discarder: Option<u8>,
    /// Record index of the event the win was claimed on.
    pub win_turn: usize,
    /// The winning tile.
    pub win_tile: String,
    /// The winner's hand in the notation of `mcr fan` (judge's flags).
    pub hand: String,
    /// The win flags and their evidence.
    pub flags: FlagEvidence,
    /// The calculator's explanation (`fans::explain`), as `mcr audit` prints it.
    pub trace: String,
    /// The same explanation as rows: each fan counted, omitted (and by
    /// which fan) or only recorded, with its rules line.
    pub fan_rows: Vec<FanRow>,
    /// Each reading the calculator weighed, the chosen one marked.
    pub readings: Vec<ReadingRow>,
    /// The engine's fan list.
    pub engine: FanList,
    /// The record's fan list.
    pub recorded: FanList,
    /// The engine's list equals the recorded one.
    pub agree: bool,
    /// The win scored on the cai-style flags, when asked for.
    pub cai: Option<CaiAudit>,
}

mcr_core::ser_struct! { WinAudit;
    "winner" => winner,
    "ending" => ending,
    "discarder" => discarder,
    "win_turn" => win_turn,
    "win_tile" => win_tile,
    "hand" => hand,
    "flags" => flags,
    "trace" => trace,
    "fan_rows" => fan_rows,
    "readings" => readings,
    "engine" => engine,
    "recorded" => recorded,
    "agree" => agree,
    "cai" => cai,
}

/// The audit of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAudit {
    /// The record's game id.
    pub game_id: String,
    /// Where the record came from (set by the reader).
    pub file: Option<String>,
    /// The record's line in its file (set by the reader).
    pub line: Option<usize>,
    /// What kind of record it is.
    pub kind: Kind,
    /// The record's tags.
    pub tags: Vec<String>,
    /// Bad records: what is wrong, with the turn.
    pub problem: Option<String>,
    /// The rules conflict, when that is the problem (a record naming
    /// another profile than the one asked for): for a caller that words it
    /// its own way. Not serialised.
    pub conflict: Option<crate::record::rules::RulesConflict>,
    /// Error games: "WA by seat 2", "WH by seat 0" (a WH also has `win`:
    /// the refused HU explained).
    pub verdict: Option<String>,
    /// The audit of the HU (or of the HU a WH refused).
    pub win: Option<WinAudit>,
    /// Something differs: the engine's list against the record, or with
    /// the cai replay, the cai list against the judge's, or a known
    /// discrepancy not reproduced; always for a bad record.
    pub differs: bool,
}

mcr_core::ser_struct! { GameAudit;
    "game_id" => game_id,
    "file" => file,
    "line" => line,
    "kind" => kind,
    "tags" => tags,
    "problem" => problem,
    "verdict" => verdict,
    "win" => win,
    "differs" => differs,
}

impl GameAudit {
    /// An unreadable record, for readers that report those alongside.
    pub fn unreadable(file: &str, line: usize, problem: String) -> GameAudit {
        GameAudit {
            game_id: String::new(),
            file: Some(file.to_string()),
            line: Some(line),
            kind: Kind::Bad,
            tags: Vec::new(),
            problem: Some(problem),
            conflict: None,
            verdict: None,
            win: None,
            differs: true,
        }
    }

    /// The audit of `g` before its replay: a bad record with no problem yet.
    fn bad(g: &GameRecord) -> GameAudit {
        GameAudit {
            game_id: g.game_id.clone(),
            file: None,
            line: None,
            kind: Kind::Bad,
            tags: g.tags.clone(),
            problem: None,
            conflict: None,
            verdict: None,
            win: None,
            differs: false,
        }
    }

    /// The cai replay's status when it differs from the judge's list.
    pub fn cai_status(&self) -> Option<&'static str> {
        self.win.as_ref()?.cai.as_ref().map(|c| c.status)
    }
}

/// Replays `g` and audits its ending under its own rules (its `"rules"`
/// key; the judge's, `botzone`, when it has none).
pub fn audit_game(g: &GameRecord, replay: Replay) -> GameAudit {
    audit_game_asked(None, g, replay)
}

/// [`audit_game`] with `--rules`: `asked` is for a record without a
/// `"rules"` key (see [`crate::record::rules::profile_for`]); a record that
/// names another profile is not replayed: it is a bad record whose problem
/// is the conflict.
pub fn audit_game_asked(asked: Option<&'static Profile>, g: &GameRecord, replay: Replay) -> GameAudit {
    match crate::record::rules::profile_for(g.rules, asked) {
        Ok(profile) => audit_game_with(profile, g, replay),
        Err(conflict) => GameAudit {
            problem: Some(conflict.to_string()),
            conflict: Some(conflict),
            differs: true,
            ..GameAudit::bad(g)
        },
    }
}

/// [`audit_game`] with the engine and the calculator of `profile`, whatever
/// the record's `"rules"` says.
pub fn audit_game_with(profile: &'static Profile, g: &GameRecord, replay: Replay) -> GameAudit {
    let mut a = GameAudit::bad(g);
    match run(profile, g, replay) {
        Ok(Ending::Draw) => a.kind = Kind::Draw,
        Ok(Ending::Error(v, refused)) => {
            a.kind = Kind::Error;
            a.verdict = Some(v);
            a.differs = refused.as_ref().is_some_and(|w| !w.agree);
            a.win = refused.map(|w| *w);
        }
        Ok(Ending::Hu(w)) => {
            a.kind = Kind::Hu;
            a.differs = !w.agree
                || w.cai.as_ref().is_some_and(|c| {
                    c.status != "agree" || c.known.as_ref().is_some_and(|k| !(k.list_equal && k.status_equal))
                });
            a.win = Some(*w);
        }
        Err(problem) => {
            a.problem = Some(problem);
            a.differs = true;
        }
    }
    a
}

enum Ending {
    Draw,
    /// The verdict, and for a WH the refused HU explained.
    Error(String, Option<Box<WinAudit>>),
    Hu(Box<WinAudit>),
}

/// Short words for a display in a problem message.
fn display_words(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 160 {
        format!("{}...", s.chars().take(160).collect::<String>())
    } else {
        s
    }
}

fn run(profile: &'static Profile, g: &GameRecord, replay: Replay) -> Result<Ending, String> {
    let turns = &g.turns;
    let mut tracker = cai::Tracker::new();
    let mut r = Replayer::new(Engine::with_profile(profile), g);
    let mut before = *r.engine();
    let mut action = String::new();
    while let Some(step) = r.next() {
        let step = step.map_err(|stop| match stop {
            Stop::GoesOn { turn } => format!("turn {turn}: the game ends here ({action}) but the record goes on"),
            other => other.to_string(),
        })?;
        action = step.turn.event.action().to_string();
        let (k, out) = (step.index, step.turn);
        let shown = out.display_json();
        // Everything but what depends on the calculator: the fan lists are
        // what is audited.
        if !displays_equal(&shown, &turns[k].display, Compare::MaskFans) {
            return Err(format!(
                "turn {k}: the engine does not reproduce the record (engine {}, record {})",
                display_words(&shown),
                display_words(&turns[k].display)
            ));
        }
        if !out.is_terminal() {
            tracker.observe(k, out);
            before = *step.engine;
        }
    }
    let out = r.turn().cloned().ok_or("record has no turns")?;
    let last = turns.len() - 1;
    match out.event {
        Event::Huang => Ok(Ending::Draw),
        Event::WrongAnswer { player, .. } => {
            Ok(Ending::Error(format!("{} by seat {player}", out.event.action()), None))
        }
        Event::Hu { player, .. } | Event::WrongHu { player, .. } => {
            let hand = before.win_hand(player).map_err(|e| format!("turn {last}: {e}"))?;
            let recorded = recorded_list(g, last)?;
            if matches!(out.event, Event::Hu { .. }) {
                let w = audit_win(profile, g, replay, &tracker, player, hand, recorded)?;
                Ok(Ending::Hu(Box::new(w)))
            } else {
                // A refused HU: why the hand has fewer than 8 fan (or does
                // not win), against the WH display's count.
                let w = audit_win(profile, g, Replay::Judge, &tracker, player, hand, recorded)?;
                Ok(Ending::Error(format!("WH by seat {player}"), Some(Box::new(w))))
            }
        }
        _ => Err(format!("turn {last}: the engine's last event is {}, not an ending", out.event.action())),
    }
}

fn audit_win(
    profile: &'static Profile,
    g: &GameRecord,
    replay: Replay,
    tracker: &cai::Tracker,
    winner: u8,
    hand: HandInput,
    recorded: FanList,
) -> Result<WinAudit, String> {
    let (win_turn, event_seat) = tracker.current().ok_or("no event to win on")?;
    let explanation = fans::explain_with(profile, &hand);
    let result = &explanation.result;
    let flags = hand.flags;
    let (ending, discarder) = if flags.self_drawn {
        ("zimo", None)
    } else if g.turns[win_turn].display.get("action").and_then(Value::as_str) == Some("BUGANG") {
        ("qianggang", Some(event_seat))
    } else {
        ("ron", Some(event_seat))
    };
    // The other copies: a discard won on, or a promoted kong robbed, shows
    // the winning tile itself, not one of the others.
    let is_win_tile = |s: &Shown| s.turn == win_turn && matches!(s.what, "discard" | "promoted kong");
    let shown: Vec<Shown> = tracker.shown_of(hand.win_tile).filter(|s| !is_win_tile(s)).cloned().collect();
    let wall_seat = (event_seat + 1) % 4;
    let evidence = FlagEvidence {
        given: flags.into(),
        used: explanation.flags_used.into(),
        shown,
        kong: if flags.about_kong { tracker.last_kong() } else { None },
        wall_seat,
        wall_left: tracker.tile_cnt()[wall_seat as usize],
    };
    let recorded_report =
        recorded.fans.iter().map(|f| (f.name.clone(), f.value as i32, f.count as i32)).collect::<Vec<_>>();
    let rows = fan_rows(&explanation, &super::recorded_counts(&recorded_report).0);
    let trace = super::report(&hand, Some((recorded.total as i32, &recorded_report))).text;
    let agree = recorded.same_as(result);
    let cai = match replay {
        Replay::Judge => None,
        Replay::Cai => Some(cai_audit(g, tracker, winner, &hand, result)?),
    };
    Ok(WinAudit {
        winner,
        ending,
        discarder,
        win_turn,
        win_tile: hand.win_tile.to_string(),
        hand: super::hand_text(&hand),
        flags: evidence,
        trace,
        fan_rows: rows,
        readings: reading_rows(&explanation),
        engine: FanList::of(result),
        recorded,
        agree,
        cai,
    })
}

fn with_flags(hand: &HandInput, f: WinFlagsOut) -> HandInput {
    let mut h = *hand;
    h.flags = f.into();
    h
}

fn cai_audit(
    g: &GameRecord,
    tracker: &cai::Tracker,
    winner: u8,
    hand: &HandInput,
    judge: &FanResult,
) -> Result<CaiAudit, String> {
    let flags = tracker.flags(winner).ok_or("the cai-style layer cannot check a win on this event")?;
    let profile = judge.profile;
    let cai = fans::calculate_with(profile, &with_flags(hand, flags.cai));
    let corrected = fans::calculate_with(profile, &with_flags(hand, flags.corrected));
    let differing: Vec<FanDiff> = (1..profile.fans.len())
        .filter(|&i| cai.counts[i] != judge.counts[i])
        .map(|i| FanDiff {
            name: profile.fans[i].name,
            value: profile.fans[i].value,
            judge: judge.counts[i],
            cai: cai.counts[i],
        })
        .collect();
    let same = cai.result == judge.result && cai.counts == judge.counts;
    let judge_flags: WinFlagsOut = hand.flags.into();
    let mut explained_by = Vec::new();
    if !same {
        let off: Vec<usize> = (0..4).filter(|&i| flags.cai.get(i) != judge_flags.get(i)).collect();
        for &i in &off {
            let r = fans::calculate_with(profile, &with_flags(hand, flags.cai.with(i, judge_flags.get(i))));
            if r.result == judge.result && r.counts == judge.counts {
                explained_by.push(FLAG_NAMES[i]);
            }
        }
        if explained_by.is_empty() {
            explained_by = off.iter().map(|&i| FLAG_NAMES[i]).collect();
        }
    }
    let status = if same {
        "agree"
    } else if cai.result < 8 {
        "cai_replay_below_8fan_gate"
    } else {
        "cai_replay_fan_diff"
    };
    let cai_list = FanList::of(&cai);
    let known = g.known_discrepancy.as_ref().map(|k| known_check(k, &cai, status));
    Ok(CaiAudit {
        flags,
        corrected_agrees: corrected.result == judge.result && corrected.counts == judge.counts,
        fans: cai_list,
        corrected: FanList::of(&corrected),
        differing,
        explained_by,
        status,
        known,
    })
}
