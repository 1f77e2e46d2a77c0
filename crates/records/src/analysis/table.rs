//! The table model ([`mcr_core::table`]) over game records: every decision
//! of a record with its legal actions and the answer given
//! ([`record_points`]), and the calibration of the model's figures against
//! what happened in the games ([`calibrate`], [`Calibration`]).
//!
//! A *decision* is a seat asked a request to which it has two or more legal
//! answers: after its own draw (discard, kong, HU), on another seat's
//! discard or promoted kong (PASS, HU, PENG / CHI with their discard, a
//! melded kong). A seat with one legal answer decides nothing.

use crate::record::GameRecord;
use crate::replay::{Replayer, Stop};
use mcr_core::engine::{Engine, Event, Move};
use mcr_core::fans::Profile;
use mcr_core::table::{self, hand_sizes, Analysis, Options, TableError};

/// One decision of a record.
#[derive(Clone)]
pub struct TablePoint {
    /// The record's turn (its index; 0 is INIT) the seat answered.
    pub turn: usize,
    /// The deciding seat.
    pub seat: u8,
    /// The engine as it emitted that turn, before the answers.
    pub engine: Engine,
    /// The seat's legal answers ([`table::legal_actions`]).
    pub actions: Vec<Move>,
    /// The index in `actions` of the answer the record gives (`None`: an
    /// answer that is not among them, or none).
    pub played: Option<usize>,
    /// The played answer discarded a tile, and another seat won on it.
    pub dealt_in: bool,
}

impl TablePoint {
    /// The table model's analysis of every legal answer.
    pub fn analyse(&self, options: &Options) -> Result<Analysis, TableError> {
        table::analyse(&self.engine, self.seat, hand_sizes(&self.engine), &self.actions, options)
    }
}

/// A record's decisions and how its game ended.
pub struct RecordPoints {
    /// The decisions, in turn order (seats in order within a turn).
    pub points: Vec<TablePoint>,
    /// The final scores and the winner, when the replay reached the end.
    pub ending: Option<([i32; 4], Option<u8>)>,
    /// Why the replay stopped early, if it did (the decisions before are kept).
    pub stop: Option<Stop>,
}

/// Every decision of `record`, replayed under `profile`.
pub fn record_points(record: &GameRecord, profile: &'static Profile) -> RecordPoints {
    let mut out: Vec<TablePoint> = Vec::new();
    let mut replay = Replayer::new(Engine::with_profile(profile), record);
    let mut stop = None;
    // (turn, seat) of the decisions whose answer discarded, to mark deal-ins.
    let mut events: Vec<Event> = Vec::new();
    while let Some(step) = replay.next() {
        let step = match step {
            Ok(s) => s,
            Err(e) => {
                stop = Some(e);
                break;
            }
        };
        events.push(step.turn.event.clone());
        if step.last || step.turn.is_terminal() {
            continue;
        }
        for seat in 0..4u8 {
            let actions = table::legal_actions(step.engine, seat);
            if actions.len() < 2 {
                continue;
            }
            let answer = step.answers[seat as usize].map(str::trim);
            let played = answer.and_then(|a| actions.iter().position(|m| m.answer().as_deref() == Some(a)));
            out.push(TablePoint { turn: step.index, seat, engine: *step.engine, actions, played, dealt_in: false });
        }
    }
    // A deal-in: the turn after the decision shows the seat's discard, and
    // the one after it another seat's win.
    for p in &mut out {
        let discarded = matches!(events.get(p.turn + 1),
            Some(Event::Play { player, .. } | Event::Peng { player, .. } | Event::Chi { player, .. }) if *player == p.seat);
        let won_on_it = matches!(events.get(p.turn + 2), Some(Event::Hu { player, .. }) if *player != p.seat);
        p.dealt_in = discarded && won_on_it && p.played.is_some_and(|i| discards(p.actions[i]));
    }
    let ending = events.last().and_then(|e| {
        let winner = match e {
            Event::Hu { player, .. } => Some(*player),
            _ => None,
        };
        e.scores().map(|s| (s, winner))
    });
    RecordPoints { points: out, ending: if stop.is_none() { ending } else { None }, stop }
}

/// Whether an answer discards a tile (PLAY, or PENG / CHI and their discard).
pub fn discards(m: Move) -> bool {
    use mcr_core::engine::Claim;
    matches!(m.claim, Claim::Play(_) | Claim::Peng | Claim::Chi { .. })
}

/// One decision's prediction for the answer given, and what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct CalibrationRow {
    /// The game.
    pub id: String,
    /// The turn answered.
    pub turn: usize,
    /// The seat.
    pub seat: u8,
    /// The answer given, as the judge reads it.
    pub action: String,
    /// Its predicted expected final score.
    pub mean: f64,
    /// The standard error of `mean`.
    pub se: f64,
    /// Its predicted chance that the seat wins.
    pub win_prob: f64,
    /// Its predicted deal-in chance (an answer that discards).
    pub deal_in: Option<f64>,
    /// The seat's final score in the game.
    pub score: i32,
    /// The seat won the game.
    pub won: bool,
    /// The answer discarded, and another seat won on it.
    pub dealt_in: bool,
}

mcr_core::ser_struct! { CalibrationRow;
    "id" => id,
    "turn" => turn,
    "seat" => seat,
    "action" => action,
    "mean" => mean,
    "se" => se,
    "win_prob" => win_prob,
    "deal_in" => deal_in,
    "score" => score,
    "won" => won,
    "dealt_in" => dealt_in,
}

/// The calibration rows of one record: each decision's answer analysed
/// alone (the figures of the answer given), against the game's outcome.
/// `options.seed` is mixed with the turn and seat, so every decision has
/// worlds of its own. A record whose replay stops early gives none.
pub fn calibrate(
    record: &GameRecord,
    profile: &'static Profile,
    options: &Options,
) -> Result<Vec<CalibrationRow>, TableError> {
    let RecordPoints { points, ending, .. } = record_points(record, profile);
    let Some((scores, winner)) = ending else { return Ok(Vec::new()) };
    let mut rows = Vec::new();
    for p in points {
        let Some(i) = p.played else { continue };
        let action = p.actions[i];
        let seed = options.seed ^ ((p.turn as u64) << 8 | p.seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let a = table::analyse(&p.engine, p.seat, hand_sizes(&p.engine), &[action], &Options { seed, ..*options })?;
        let f = a.actions[0];
        rows.push(CalibrationRow {
            id: record.game_id.clone(),
            turn: p.turn,
            seat: p.seat,
            action: action.answer().unwrap_or_default(),
            mean: f.mean,
            se: f.se,
            win_prob: f.win_prob,
            deal_in: f.deal_in,
            score: scores[p.seat as usize],
            won: winner == Some(p.seat),
            dealt_in: p.dealt_in,
        });
    }
    Ok(rows)
}
