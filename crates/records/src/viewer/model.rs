//! The viewer's data model: one game replayed through the engine, turn by
//! turn, as plain data the page's script renders (tiles as indices into
//! `TILE_NAMES`, nothing for the script to parse).
//!
//! Per turn: the event, every seat's concealed tiles and melds as the engine
//! holds them after it, the wall counts, canHu, the answers to the event and
//! what the claim arbitration decided on them (the level of
//! `rules/claims.txt`). Rivers are kept once per game, each discard with the
//! turn it was made and the turn it was claimed.

use crate::record::GameRecord;
use crate::replay::{Replayer, Stop};
use mcr_core::engine::arbitration::ClaimDecision;
use mcr_core::engine::{Engine, Event, Turn};
use mcr_core::hand::{Pack, PackKind};
use mcr_core::tiles::Tile;

use crate::analysis::review::GameReview;
use crate::analysis::review_table::TableReview;
use crate::audit::games::{audit_game_with, GameAudit, Replay};
use crate::record::rules::Origin;
use mcr_core::fans::Profile;

/// One game, ready to render.
#[derive(Debug, Clone)]
pub struct GameModel {
    /// The game's id.
    pub id: String,
    /// `file:line` of the record.
    pub source: String,
    /// The rule profile the game was replayed and scored under, and why.
    pub rules: RulesModel,
    /// Prevalent wind, 0..=3 (E S W N).
    pub quan: u8,
    /// The players' names, by seat.
    pub players: Vec<String>,
    /// The record's tags.
    pub tags: Vec<String>,
    /// The game's index line.
    pub summary: Summary,
    /// Every turn, from INIT to the end.
    pub turns: Vec<TurnModel>,
    /// Each seat's discards in order.
    pub rivers: [Vec<Discard>; 4],
    /// The game's audit (`audit::games::audit_game` with the cai replay,
    /// the JSON of `mcr audit --games --replay cai --format json`): for a
    /// HU or WH, the fan rows, the flags with their evidence, the cai-style
    /// list and, with `known_discrepancy`, the recorded one against it.
    pub audit: GameAudit,
    /// The record's `known_discrepancy.note`, if any.
    pub known_note: Option<String>,
    /// The verdict of a game ended by an illegal answer.
    pub verdict: Option<Verdict>,
    /// The replay stopped here (bad wall, engine error): turn and message.
    pub error: Option<String>,
    /// The game's review, when asked for ([`super::load_reviewed`]): each
    /// own-draw discard with the suggested one and the loss.
    pub review: Option<GameReview>,
    /// The game's review by the table model, when asked for
    /// ([`super::load_reviewed`] with [`super::Review::Table`]): every
    /// decision with the answer given, the best one, the loss and its
    /// standard error, the deal-in chance and the deal-ins.
    pub table_review: Option<TableReview>,
}

mcr_core::ser_struct! { GameModel;
    "id" => id,
    "source" => source,
    "rules" => rules,
    "quan" => quan,
    "players" => players,
    "tags" => tags,
    "summary" => summary,
    "turns" => turns,
    "rivers" => rivers,
    "audit" => audit,
    "known_note" => known_note,
    "verdict" => verdict,
    "error" => error,
    "review" => review if Option::is_none,
    "table_review" => table_review if Option::is_none,
}

/// The rule profile of a game: the engine's and the calculator's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesModel {
    /// `botzone`, `house-example`, ...
    pub name: &'static str,
    /// Where it came from: the record's `"rules"`, `--rules`, or the default.
    pub from: Origin,
    /// The profile's `about` line.
    pub about: &'static str,
    /// A HU below this many fan is a false win (WH): `game min_fan`.
    pub min_fan: i32,
}

mcr_core::ser_struct! { RulesModel;
    "name" => name,
    "from" => from,
    "about" => about,
    "min_fan" => min_fan,
}

impl RulesModel {
    /// The model of a profile, and where it came from.
    pub fn new(profile: &'static Profile, from: Origin) -> RulesModel {
        RulesModel { name: profile.name, from, about: profile.about, min_fan: profile.game.min_fan }
    }
}

/// The index line of a game.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The final event's action: HU, HUANG, WA, WH.
    pub ending: String,
    /// The winning seat.
    pub winner: Option<u8>,
    /// self-drawn, on a discard, robbed kong (from the audit's `win.ending`), or none.
    pub how: Option<String>,
    /// Error games: the seat given the verdict.
    pub offender: Option<u8>,
    /// The winning hand's total fan.
    pub fan_total: Option<i32>,
    /// The four final scores.
    pub scores: Option<[i32; 4]>,
}

mcr_core::ser_struct! { Summary;
    "ending" => ending,
    "winner" => winner,
    "how" => how,
    "offender" => offender,
    "fan_total" => fan_total,
    "scores" => scores,
}

#[derive(Debug, Clone)]
/// One turn, ready to render: its event and the table after it.
pub struct TurnModel {
    /// What happened.
    pub event: EventModel,
    /// Concealed tiles of each seat, in tile order (a drawn tile not yet
    /// answered is in `drawn`); `None` where unchanged since the turn before
    /// (the page carries the previous one forward).
    pub hands: [Option<Vec<u8>>; 4],
    /// The tile just drawn, by the seat in `event.player`.
    pub drawn: Option<u8>,
    /// Each seat's melds; `None` where unchanged since the turn before.
    pub melds: [Option<Vec<Meld>>; 4],
    /// Tiles left in each seat's wall segment (the display's tileCnt).
    pub walls: [u8; 4],
    /// The display's canHu: -4 not evaluated, otherwise the calculator's
    /// raw result (a fan total, or -1/-3).
    pub can_hu: [i32; 4],
    /// The four answers to this event, verbatim (none after the last event).
    pub answers: Option<[String; 4]>,
    /// What the claim arbitration decided on these answers.
    pub claim: Option<ClaimModel>,
}

mcr_core::ser_struct! { TurnModel;
    "event" => event,
    "hands" => hands,
    "drawn" => drawn if Option::is_none,
    "melds" => melds,
    "walls" => walls,
    "can_hu" => can_hu,
    "answers" => answers if Option::is_none,
    "claim" => claim if Option::is_none,
}

impl TurnModel {
    /// The full hands and melds at turn `n` of `turns` (undoing the
    /// carry-forward compaction).
    pub fn table_at(turns: &[TurnModel], n: usize) -> ([Vec<u8>; 4], [Vec<Meld>; 4]) {
        let mut hands: [Vec<u8>; 4] = Default::default();
        let mut melds: [Vec<Meld>; 4] = Default::default();
        for s in 0..4 {
            if let Some(h) = turns[..=n].iter().rev().find_map(|t| t.hands[s].as_ref()) {
                hands[s] = h.clone();
            }
            if let Some(m) = turns[..=n].iter().rev().find_map(|t| t.melds[s].as_ref()) {
                melds[s] = m.clone();
            }
        }
        (hands, melds)
    }
}

#[derive(Debug, Clone)]
/// A turn's event, as shown (tiles as indices 0..34).
pub struct EventModel {
    /// The display's action (DRAW, PLAY, PENG, ...).
    pub action: String,
    /// The seat acting.
    pub player: Option<u8>,
    /// The tile drawn, discarded or claimed.
    pub tile: Option<u8>,
    /// CHI: the middle tile of the run.
    pub middle: Option<u8>,
    /// PENG/CHI/melded GANG/HU on a discard: the seat the tile came from;
    /// HU robbing a kong: the kong's player.
    pub from: Option<u8>,
    /// GANG: concealed (after one's own draw) or melded.
    pub concealed: bool,
    /// PENG/CHI/melded GANG/HU on a discard: the discard taken.
    pub taken: Option<u8>,
}

mcr_core::ser_struct! { EventModel;
    "action" => action,
    "player" => player if Option::is_none,
    "tile" => tile if Option::is_none,
    "middle" => middle if Option::is_none,
    "from" => from if Option::is_none,
    "concealed" => concealed if std::ops::Not::not,
    "taken" => taken if Option::is_none,
}

/// A meld as shown: its tiles, which one was taken and from whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meld {
    /// chi, peng, gang, angang.
    pub kind: &'static str,
    /// The meld's tiles, in order.
    pub tiles: Vec<u8>,
    /// Index in `tiles` of the claimed tile.
    pub taken: Option<u8>,
    /// Seat the claimed tile came from.
    pub from: Option<u8>,
}

mcr_core::ser_struct! { Meld;
    "kind" => kind,
    "tiles" => tiles,
    "taken" => taken,
    "from" => from,
}

#[derive(Debug, Clone)]
/// A discard in a seat's river.
pub struct Discard {
    /// The tile.
    pub tile: u8,
    /// Turn of the event that put it there.
    pub turn: u32,
    /// Turn at which another seat claimed it, and who (PENG, CHI, GANG, HU).
    pub claimed: Option<(u32, u8, &'static str)>,
}

mcr_core::ser_struct! { Discard;
    "tile" => tile,
    "turn" => turn,
    "claimed" => claimed,
}

/// The claim arbitration's decision, with the deciding rules line.
#[derive(Debug, Clone)]
pub struct ClaimModel {
    /// granted, illegal, not-eligible, rejected, actor-not-pass, no-claim.
    pub outcome: &'static str,
    /// The seat whose claim decided.
    pub seat: Option<u8>,
    /// The claim (PENG, CHI, GANG, HU).
    pub action: Option<&'static str>,
    /// The section of `rules/claims.txt`: discard, bugang, gang.
    pub on: &'static str,
    /// 1-based rank of the deciding level and its line in `rules/claims.txt`
    /// (the page's `claim_rules` holds each line's text).
    pub level: Option<u8>,
    /// Its line in `rules/claims.txt`.
    pub line: Option<u32>,
    /// The seats in the order that level examines them (from the rules
    /// table's own seat order).
    pub order: Option<[u8; 3]>,
}

mcr_core::ser_struct! { ClaimModel;
    "outcome" => outcome,
    "seat" => seat if Option::is_none,
    "action" => action if Option::is_none,
    "on" => on,
    "level" => level if Option::is_none,
    "line" => line if Option::is_none,
    "order" => order if Option::is_none,
}

#[derive(Debug, Clone)]
/// A verdict that ended the game.
pub struct Verdict {
    /// WA or WH.
    pub verdict: String,
    /// The seat given the verdict.
    pub offender: u8,
    /// Turn whose answers held the offending one, and that answer.
    pub turn: Option<u32>,
    /// The offending answer.
    pub answer: Option<String>,
    /// The four scores.
    pub scores: [i32; 4],
    /// The record's `injected` block (what was sent to provoke it), as JSON.
    pub injected: Option<serde_json::Value>,
}

mcr_core::ser_struct! { Verdict;
    "verdict" => verdict,
    "offender" => offender,
    "turn" => turn,
    "answer" => answer,
    "scores" => scores,
    "injected" => injected,
}

fn tile(t: Tile) -> u8 {
    t.index() as u8
}

fn meld(seat: u8, p: &Pack) -> Meld {
    let t = p.tile;
    match p.kind {
        PackKind::Chow => {
            let (low, high) = (t.prev().unwrap_or(t), t.next().unwrap_or(t));
            Meld {
                kind: "chi",
                tiles: vec![tile(low), tile(t), tile(high)],
                taken: p.offer.checked_sub(1),
                from: Some((seat + 3) % 4),
            }
        }
        PackKind::Pung => Meld { kind: "peng", tiles: vec![tile(t); 3], taken: None, from: Some((seat + p.offer) % 4) },
        PackKind::Kong if p.offer == 0 => Meld { kind: "angang", tiles: vec![tile(t); 4], taken: None, from: None },
        PackKind::Kong => Meld { kind: "gang", tiles: vec![tile(t); 4], taken: None, from: Some((seat + p.offer) % 4) },
    }
}

fn claim_model(actor: Option<u8>, d: &ClaimDecision) -> ClaimModel {
    ClaimModel {
        outcome: d.outcome.name(),
        seat: d.seat,
        action: d.action.map(|a| a.verb()),
        on: d.on,
        level: d.level.map(|(rank, _)| rank),
        line: d.level.map(|(_, l)| l.line),
        order: d.level.zip(actor).map(|((_, l), a)| l.order.seats(a)),
    }
}

struct Builder {
    turns: Vec<TurnModel>,
    rivers: [Vec<Discard>; 4],
    /// The seat whose discard is live (claimable), and its turn.
    live: Option<u8>,
    /// The last event was a draw by this seat.
    drew: Option<u8>,
    /// The last event was a promoted kong by this seat (it may be robbed).
    promoted: Option<u8>,
}

impl Builder {
    fn event(&mut self, n: u32, ev: &Event) -> EventModel {
        let mut m = EventModel {
            action: ev.action().to_string(),
            player: ev.player(),
            tile: None,
            middle: None,
            from: None,
            concealed: false,
            taken: None,
        };
        let live = self.live.take();
        let drew = self.drew.take();
        let promoted = self.promoted.take();
        let mut taken = None;
        let mut claim = |rivers: &mut [Vec<Discard>; 4], by: u8, what: &'static str| -> Option<u8> {
            let from = live?;
            if let Some(d) = rivers[from as usize].last_mut() {
                d.claimed = Some((n, by, what));
                taken = Some(d.tile);
            }
            Some(from)
        };
        match *ev {
            Event::Draw { player, tile: t } => {
                m.tile = Some(tile(t));
                self.drew = Some(player);
            }
            Event::Play { player, tile: t } => {
                m.tile = Some(tile(t));
                self.rivers[player as usize].push(Discard { tile: tile(t), turn: n, claimed: None });
                self.live = Some(player);
            }
            Event::Peng { player, tile: t } | Event::Chi { player, tile: t, .. } => {
                let what = if let Event::Chi { middle, .. } = *ev {
                    m.middle = Some(tile(middle));
                    "CHI"
                } else {
                    "PENG"
                };
                m.from = claim(&mut self.rivers, player, what);
                m.tile = Some(tile(t));
                self.rivers[player as usize].push(Discard { tile: tile(t), turn: n, claimed: None });
                self.live = Some(player);
            }
            Event::Gang { player, tile: t } => {
                m.tile = Some(tile(t));
                m.concealed = drew == Some(player);
                if !m.concealed {
                    m.from = claim(&mut self.rivers, player, "GANG");
                }
            }
            Event::BuGang { player, tile: t } => {
                m.tile = Some(tile(t));
                self.promoted = Some(player);
            }
            Event::Hu { player, .. } | Event::WrongHu { player, .. } => {
                if live.is_some() && ev.action() == "HU" {
                    m.from = claim(&mut self.rivers, player, "HU");
                } else if live.is_some() {
                    m.from = live;
                } else if promoted.is_some() {
                    m.from = promoted;
                }
            }
            _ => {}
        }
        m.taken = taken;
        m
    }
}

/// Replays `rec` through the engine and builds its model, under the rules
/// the record names (`"rules"`; `botzone` when it names none). `source`
/// names the record (`file:line`).
pub fn build(rec: &GameRecord, source: &str) -> GameModel {
    match rec.rules {
        Some(p) => build_with(p, Origin::Record, rec, source),
        None => build_with(Profile::default(), Origin::Default, rec, source),
    }
}

/// [`build`] with the engine and the calculator of `profile`, whatever the
/// record's `"rules"` says ([`super::load`] decides it with `--rules`);
/// `from` says where `profile` came from (shown on the page).
pub fn build_with(profile: &'static Profile, from: Origin, rec: &GameRecord, source: &str) -> GameModel {
    let mut b = Builder { turns: Vec::new(), rivers: Default::default(), live: None, drew: None, promoted: None };
    let mut error = None;
    let mut last: Option<Turn> = None;
    let (mut shown_hands, mut shown_melds): ([Vec<u8>; 4], [Vec<Meld>; 4]) = Default::default();
    let mut r = Replayer::new(Engine::with_profile(profile), rec);
    let mut action = String::new();
    while let Some(step) = r.next() {
        let step = match step {
            Ok(step) => step,
            Err(stop) => {
                error = Some(match stop {
                    Stop::GoesOn { turn } => format!(
                        "turn {turn}: the engine ends the game here ({action}), the record goes on to turn {}",
                        rec.turns.len() - 1
                    ),
                    Stop::Incomplete { turn } => {
                        format!("turn {turn}: the record has no answers to this {action} event")
                    }
                    Stop::MissingAnswer { turn, seat } if rec.turns[turn].responses.is_some() => {
                        format!("turn {turn}: the record has no answer of seat {seat} to this {action} event")
                    }
                    Stop::MissingAnswer { turn, .. } => {
                        format!("turn {turn}: the record has no answers to this {action} event")
                    }
                    other => other.to_string(),
                });
                break;
            }
        };
        let (n, turn, engine) = (step.index, step.turn, step.engine);
        action = turn.event.action().to_string();
        // The claim decision on the answers to the previous turn.
        if let (Some(d), Some(t)) = (engine.last_claim(), b.turns.last_mut()) {
            t.claim = Some(claim_model(last.as_ref().and_then(|l| l.event.player()), d));
        }
        let event = b.event(n as u32, &turn.event);
        let drawn = match turn.event {
            Event::Draw { tile: t, .. } => Some(tile(t)),
            _ => None,
        };
        // The answers to this event, as recorded (a missing seat: empty; a
        // seat the platform gave a verdict: that verdict).
        let verdicts = rec.turns[n].verdicts_by_seat();
        let answers: Option<[String; 4]> = Some(&rec.turns[n])
            .filter(|t| (t.responses.is_some() || t.verdicts.is_some()) && !turn.is_terminal())
            .map(|_| [0, 1, 2, 3].map(|s| step.answers[s].or(verdicts[s]).unwrap_or("").to_string()));
        let hands = [0, 1, 2, 3].map(|s| engine_standing(engine, s));
        let melds: [Vec<Meld>; 4] = [0, 1, 2, 3].map(|s| engine.packs(s).iter().map(|p| meld(s, p)).collect());
        let changed = |s: usize| (hands[s] != shown_hands[s] || n == 0, melds[s] != shown_melds[s] || n == 0);
        let changes = [0, 1, 2, 3].map(changed);
        b.turns.push(TurnModel {
            event,
            hands: [0, 1, 2, 3].map(|s| changes[s].0.then(|| hands[s].clone())),
            drawn,
            melds: [0, 1, 2, 3].map(|s| changes[s].1.then(|| melds[s].clone())),
            walls: turn.tile_cnt,
            can_hu: turn.can_hu,
            answers,
            claim: None,
        });
        (shown_hands, shown_melds) = (hands, melds);
        last = Some(turn.clone());
    }
    let end = last.as_ref().map(|t| &t.event);
    let audit = audit_game_with(profile, rec, Replay::Cai);
    let summary = summary(end, &audit);
    let verdict = match end {
        Some(ev @ (Event::WrongAnswer { player, .. } | Event::WrongHu { player, .. })) => {
            let n = b.turns.len().checked_sub(2);
            let answer = n.and_then(|n| b.turns[n].answers.as_ref()).map(|a| a[*player as usize].clone());
            Some(Verdict {
                verdict: ev.action().to_string(),
                offender: *player,
                turn: n.map(|n| n as u32),
                answer,
                scores: ev.scores().unwrap_or([0; 4]),
                injected: rec.injected.clone(),
            })
        }
        _ => None,
    };
    GameModel {
        id: rec.game_id.clone(),
        source: source.to_string(),
        rules: RulesModel::new(profile, from),
        quan: rec.quan.clamp(0, 3) as u8,
        players: rec.players.clone(),
        tags: rec.tags.clone(),
        summary,
        turns: b.turns,
        rivers: b.rivers,
        audit,
        known_note: rec.known_discrepancy.as_ref().and_then(|k| k["note"].as_str()).map(str::to_string),
        verdict,
        error,
        review: None,
        table_review: None,
    }
}

fn engine_standing(engine: &Engine, seat: u8) -> Vec<u8> {
    let counts = engine.hand(seat);
    let mut out = Vec::with_capacity(14);
    for (i, &c) in counts.iter().enumerate() {
        out.extend(std::iter::repeat_n(i as u8, c as usize));
    }
    out
}

/// The index line; how a HU was won is the audit's `ending`.
fn summary(end: Option<&Event>, audit: &GameAudit) -> Summary {
    let mut s = Summary {
        ending: end.map_or("none", |e| e.action()).to_string(),
        winner: None,
        how: None,
        offender: None,
        fan_total: None,
        scores: end.and_then(|e| e.scores()),
    };
    match end {
        Some(Event::Hu { player, fans, .. }) => {
            s.winner = Some(*player);
            s.fan_total = Some(fans.result);
            s.how = audit.win.as_ref().map(|w| {
                match w.ending {
                    "qianggang" => "robbed kong",
                    "zimo" => "self-drawn",
                    _ => "on a discard",
                }
                .to_string()
            });
        }
        Some(Event::WrongHu { player, fans }) => {
            s.offender = Some(*player);
            s.fan_total = Some(fans.result);
        }
        Some(Event::WrongAnswer { player, .. }) => s.offender = Some(*player),
        _ => {}
    }
    s
}
