//! Game review by the table model: every decision of a game record (after
//! an own draw, on another seat's discard or promoted kong: discards,
//! claims, passes, kongs, HU) weighed by [`mcr_core::table`] against the
//! best legal answer.
//!
//! The decisions are those of [`super::table::record_points`]: a seat with
//! two or more legal answers. For each, every legal answer is played out
//! on the same sampled worlds ([`TableReviewOptions::worlds`] of them, the
//! seed mixed with the decision's turn and seat by [`TablePoint::seed`]),
//! and the review keeps:
//!
//! - the answer given and its figures ([`ActionFigures`]: the expected
//!   final score `mean` with its standard error `se`, the chance to win
//!   `win_prob`, and for an answer that discards the deal-in chance
//!   `deal_in`);
//! - the best answer by expected final score ([`Analysis::best`]) and its
//!   figures;
//! - the loss: what playing the best answer instead would gain, measured
//!   on worlds it was not chosen on ([`Analysis::cross_fitted_gain`]: the
//!   best of the even-numbered worlds against the answer given on the
//!   odd-numbered ones, and the other way round, world by world), with its
//!   standard error. `best.mean - played.mean` on the same worlds would
//!   be biased up: among a dozen answers, one's mean comes out high by
//!   chance, and the largest of them is the one called best. The loss can
//!   be below 0 when the answer given is as good as any; the per-seat sums
//!   add it as it is, so they carry no such bias either;
//! - whether the answer given dealt in (it discarded and another seat won
//!   on that discard, [`TablePoint::dealt_in`]);
//! - whether it is *flagged*: the loss is above the threshold
//!   ([`TableReviewOptions::threshold`], points of final score) **and**
//!   above twice its paired standard error. The second condition keeps
//!   the noise of the sampled worlds from flagging: a loss within two
//!   standard errors of 0 is one the worlds played cannot tell from none.
//!
//! An answer the record gives that is not among the legal ones (an illegal
//! answer, or none) is counted, not weighed. Per seat ([`TableTally`]):
//! the decisions weighed, the flagged ones, the summed loss and its
//! standard error, the deal-ins, and the mean deal-in chance of the
//! answers that discarded. The decisions are analysed in parallel (rayon);
//! the review depends on the seed alone. Everything serialises (the JSON
//! of `mcr review --model table --format json` and of the viewer's table
//! review marks).
//!
//! ```
//! use mcr_records::analysis::review_table::{review_game, TableReviewOptions};
//! use mcr_core::fans::Profile;
//! use mcr_records::record::{GameRecord, Records};
//!
//! let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz"));
//! let game: GameRecord = Records::open(path).unwrap().next().unwrap().unwrap().record;
//! let options = TableReviewOptions { worlds: 4, seat: Some(2), ..TableReviewOptions::default() };
//! let review = review_game(Profile::default(), &game, &options);
//! assert_eq!(review.seats.len(), 1);
//! for d in &review.decisions {
//!     assert_eq!(d.seat, 2);
//!     assert!(d.loss.is_finite() && d.loss_se >= 0.0);
//!     assert_eq!(d.flagged, d.loss > options.threshold && d.loss > 2.0 * d.loss_se);
//! }
//! ```

use super::table::{record_points, TablePoint};
use crate::record::GameRecord;
use mcr_core::fans::Profile;
use mcr_core::table::{ActionFigures, Analysis, Options};
use rayon::prelude::*;

/// How a game is reviewed by the table model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableReviewOptions {
    /// Worlds every answer of a decision is played out in (default 16: a
    /// platform game, 30 to 100 decisions, in 1 to 4 seconds on one core).
    pub worlds: usize,
    /// The seed of the worlds (mixed with each decision's turn and seat).
    pub seed: u64,
    /// A decision is flagged when its loss is above this many points of
    /// final score (default 2.0), and above twice its standard error.
    pub threshold: f64,
    /// Only this seat's decisions (`None`: every seat's).
    pub seat: Option<u8>,
}

impl Default for TableReviewOptions {
    fn default() -> TableReviewOptions {
        TableReviewOptions { worlds: 16, seed: 0, threshold: 2.0, seat: None }
    }
}

/// One decision, weighed by the table model.
#[derive(Clone, Debug, PartialEq)]
pub struct TableDecision {
    /// The record's turn (its index; 0 is INIT) the seat answered; the
    /// answer's event is the next turn's.
    pub turn: usize,
    /// The deciding seat.
    pub seat: u8,
    /// Its legal answers, each weighed.
    pub answers: usize,
    /// Worlds each answer is played out in.
    pub worlds: usize,
    /// The answer given, with its figures.
    pub played: ActionFigures,
    /// The answer of the highest expected final score, with its figures.
    pub best: ActionFigures,
    /// What the best answer would gain over the one given, measured on
    /// worlds it was not chosen on ([`Analysis::cross_fitted_gain`]; below
    /// 0 when the answer given did better there).
    pub loss: f64,
    /// The standard error of [`TableDecision::loss`] over the worlds.
    pub loss_se: f64,
    /// The answer given discarded, and another seat won on that discard.
    pub dealt_in: bool,
    /// `loss > threshold` and `loss > 2 * loss_se`.
    pub flagged: bool,
}

mcr_core::ser_struct! { TableDecision;
    "turn" => turn,
    "seat" => seat,
    "answers" => answers,
    "worlds" => worlds,
    "played" => played,
    "best" => best,
    "loss" => loss,
    "loss_se" => loss_se,
    "dealt_in" => dealt_in,
    "flagged" => flagged,
}

impl TableDecision {
    /// The decision of `point` from its `analysis`, flagged at
    /// `threshold`; `None` when the record's answer is not among the
    /// analysed ones.
    pub fn of(point: &TablePoint, analysis: &Analysis, threshold: f64) -> Option<TableDecision> {
        let mine = analysis.find(point.actions[point.played?])?;
        let best = analysis.best()?;
        let (loss, loss_se) = analysis.cross_fitted_gain(mine);
        Some(TableDecision {
            turn: point.turn,
            seat: point.seat,
            answers: analysis.actions.len(),
            worlds: analysis.worlds,
            played: analysis.actions[mine],
            best: analysis.actions[best],
            loss,
            loss_se,
            dealt_in: point.dealt_in,
            flagged: loss > threshold && loss > 2.0 * loss_se,
        })
    }
}

/// Counts and losses over a set of decisions (a seat's in a game, or a
/// player's over games).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableTally {
    /// Decisions weighed.
    pub decisions: usize,
    /// Decisions whose answer is not among the legal ones (or none), not
    /// weighed.
    pub other_answers: usize,
    /// Flagged decisions.
    pub flagged: usize,
    /// The summed loss in points of final score.
    pub loss: f64,
    /// Its standard error (the decisions' worlds are drawn apart: the root
    /// of the summed squares).
    pub loss_se: f64,
    /// Answers that dealt in.
    pub deal_ins: usize,
    /// Answers that discarded (those with a deal-in chance).
    pub discards: usize,
    /// The mean deal-in chance of those answers; `None` without one.
    pub deal_in_chance: Option<f64>,
}

mcr_core::ser_struct! { TableTally;
    "decisions" => decisions,
    "other_answers" => other_answers,
    "flagged" => flagged,
    "loss" => loss,
    "loss_se" => loss_se,
    "deal_ins" => deal_ins,
    "discards" => discards,
    "deal_in_chance" => deal_in_chance,
}

impl TableTally {
    fn add(&mut self, d: &TableDecision) {
        self.merge(&TableTally {
            decisions: 1,
            flagged: d.flagged as usize,
            loss: d.loss,
            loss_se: d.loss_se,
            deal_ins: d.dealt_in as usize,
            discards: d.played.deal_in.is_some() as usize,
            deal_in_chance: d.played.deal_in,
            ..TableTally::default()
        });
    }

    /// Adds `other`'s counts and losses.
    pub fn merge(&mut self, other: &TableTally) {
        let chance = |t: &TableTally| t.deal_in_chance.unwrap_or(0.0) * t.discards as f64;
        let summed = chance(self) + chance(other);
        self.decisions += other.decisions;
        self.other_answers += other.other_answers;
        self.flagged += other.flagged;
        self.loss += other.loss;
        self.loss_se = self.loss_se.hypot(other.loss_se);
        self.deal_ins += other.deal_ins;
        self.discards += other.discards;
        self.deal_in_chance = (self.discards > 0).then(|| summed / self.discards as f64);
    }
}

/// One seat over a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableSeat {
    /// The seat, 0..=3.
    pub seat: u8,
    /// The record's name of its player (empty when the record has none).
    pub player: String,
    /// Its decisions' counts and losses.
    pub tally: TableTally,
}

mcr_core::ser_flat_struct! { TableSeat;
    "seat" => seat,
    "player" => player,
    flatten => tally,
}

/// One player over many games ([`totals`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TablePlayerTotals {
    /// The player's name (`S0`..`S3` for seats of records without names).
    pub player: String,
    /// Games it is reviewed in.
    pub games: usize,
    /// Its decisions' counts and losses over them.
    pub tally: TableTally,
}

mcr_core::ser_flat_struct! { TablePlayerTotals;
    "player" => player,
    "games" => games,
    flatten => tally,
}

/// The table-model review of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct TableReview {
    /// The record's game id.
    pub game_id: String,
    /// The rule profile the game is replayed and played out under.
    pub rules: &'static str,
    /// Always `"table"` (the decision analysis's review has no such key).
    pub model: &'static str,
    /// Worlds per decision.
    pub worlds: usize,
    /// The seed of the worlds.
    pub seed: u64,
    /// The threshold decisions are flagged at.
    pub threshold: f64,
    /// The reviewed seats, in seat order.
    pub seats: Vec<TableSeat>,
    /// The weighed decisions, in turn order (seats in order within a turn).
    pub decisions: Vec<TableDecision>,
    /// Why the replay stopped before the record's end, if it did (the
    /// decisions before it are reviewed).
    pub stopped: Option<String>,
    /// Decisions the table model could not analyse, with their turn.
    pub errors: Vec<String>,
}

mcr_core::ser_struct! { TableReview;
    "game_id" => game_id,
    "rules" => rules,
    "model" => model,
    "worlds" => worlds,
    "seed" => seed,
    "threshold" => threshold,
    "seats" => seats,
    "decisions" => decisions,
    "stopped" => stopped,
    "errors" => errors,
}

impl TableReview {
    /// The flagged decisions.
    pub fn flagged(&self) -> impl Iterator<Item = &TableDecision> {
        self.decisions.iter().filter(|d| d.flagged)
    }
}

/// The options of the table model for `point`'s analysis in a review
/// under `options`: its worlds, the seed mixed with its turn and seat, the
/// default sampler, and [`DEAL_IN_WORLDS`] worlds (or the review's, if
/// more) for the deal-in chances.
pub fn point_options(point: &TablePoint, options: &TableReviewOptions) -> Options {
    Options {
        worlds: options.worlds,
        seed: point.seed(options.seed),
        time_limit: None,
        deal_in_worlds: DEAL_IN_WORLDS.max(options.worlds),
        ..Options::default()
    }
}

/// Worlds a review counts the deal-in chances over, at least.
pub const DEAL_IN_WORLDS: usize = 128;

/// Reviews `record` replayed under `profile`: every decision (of
/// [`TableReviewOptions::seat`], or of every seat) weighed by the table
/// model, the decisions analysed in parallel.
pub fn review_game(profile: &'static Profile, record: &GameRecord, options: &TableReviewOptions) -> TableReview {
    let points = record_points(record, profile);
    let mut seats: Vec<TableSeat> = (0..4u8)
        .filter(|s| options.seat.is_none_or(|x| x == *s))
        .map(|seat| TableSeat {
            seat,
            player: record.players.get(seat as usize).cloned().unwrap_or_default(),
            ..TableSeat::default()
        })
        .collect();
    let mine: Vec<&TablePoint> = points.points.iter().filter(|p| options.seat.is_none_or(|x| x == p.seat)).collect();
    let analyses: Vec<_> = mine.par_iter().map(|p| p.played.map(|_| p.analyse(&point_options(p, options)))).collect();
    let mut review = TableReview {
        game_id: record.game_id.clone(),
        rules: profile.name,
        model: "table",
        worlds: options.worlds,
        seed: options.seed,
        threshold: options.threshold,
        seats: Vec::new(),
        decisions: Vec::new(),
        stopped: points.stop.map(|s| s.to_string()),
        errors: Vec::new(),
    };
    for (p, analysis) in mine.into_iter().zip(analyses) {
        let Some(seat) = seats.iter_mut().find(|s| s.seat == p.seat) else { continue };
        let decision = match analysis {
            None => None,
            Some(Ok(a)) => TableDecision::of(p, &a, options.threshold),
            Some(Err(e)) => {
                review.errors.push(format!("turn {}: seat {}: {e}", p.turn, p.seat));
                continue;
            }
        };
        match decision {
            Some(d) => {
                seat.tally.add(&d);
                review.decisions.push(d);
            }
            None => seat.tally.other_answers += 1,
        }
    }
    review.seats = seats;
    review
}

/// Totals over many reviews, one row per player name (seats of records
/// without names are totalled as `S0`..`S3`), in the order first seen.
pub fn totals<'a>(reviews: impl IntoIterator<Item = &'a TableReview>) -> Vec<TablePlayerTotals> {
    let seats = reviews.into_iter().flat_map(|r| r.seats.iter().map(|s| (s.seat, s.player.as_str(), &s.tally)));
    super::review::by_player(seats, TableTally::merge)
        .into_iter()
        .map(|(player, games, tally)| TablePlayerTotals { player, games, tally })
        .collect()
}
