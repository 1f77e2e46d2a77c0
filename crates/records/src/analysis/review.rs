//! Game review: every discard a seat made after its own draw in a game
//! record, weighed by the decision analysis ([`super::decide`]) against the
//! discard it suggests.
//!
//! For each own-draw decision ([`decide::record_decisions`]) whose answer
//! was a discard (`PLAY`), the review keeps:
//!
//! - the discard made and its figures (`win_prob`, `exp_points`,
//!   `min_draws`);
//! - the analysis's best discard by expected points
//!   ([`decide::Decision::best_by_points`]) and its figures;
//! - the loss: the best discard's `exp_points` less the played one's (never
//!   negative), and its `win_prob` less the played one's (negative when the
//!   played discard had the better chance of a smaller win);
//! - whether the analysis sees a win within the draws left at all (the best
//!   `exp_points` above 0: the decision is *judged*), and whether the loss
//!   passes the threshold ([`ReviewOptions::threshold`]: the decision is
//!   *flagged*).
//!
//! Answers other than a discard of a tile held (HU, a kong, an illegal
//! answer) are counted, not weighed. Per
//! seat: the decisions, the judged ones, the share of judged decisions
//! whose discard is worth as much as the best (ties agree: the analysis
//! cannot tell such discards apart), the total loss and the flagged
//! decisions. Everything serialises (the JSON of `mcr review --format json`
//! and of the viewer's review marks).
//!
//! ```
//! use mcr_records::analysis::review::{review_game, ReviewOptions};
//! use mcr_core::fans::Profile;
//! use mcr_records::record::{GameRecord, Records};
//!
//! let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/golden.jsonl.gz"));
//! let game: GameRecord = Records::open(path).unwrap().next().unwrap().unwrap().record;
//! let options = ReviewOptions { seat: Some(0), ..ReviewOptions::default() };
//! let review = review_game(Profile::default(), &game, &options);
//! let seat = &review.seats[0];
//! assert_eq!(seat.seat, 0);
//! assert!(seat.tally.judged <= seat.tally.decisions);
//! for d in &review.decisions {
//!     assert!(d.loss_points >= 0.0);
//!     assert_eq!(d.flagged, d.judged && d.loss_points > options.threshold);
//! }
//! ```

use super::decide::{self, decide_with, DiscardFigures, Options};
use crate::record::GameRecord;
use mcr_core::fans::Profile;

/// How a game is reviewed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewOptions {
    /// A judged decision whose loss in expected points is above this is
    /// flagged (default 2.0).
    pub threshold: f64,
    /// Only this seat's decisions (`None`: every seat's).
    pub seat: Option<u8>,
    /// The analysis's search options.
    pub decide: Options,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions { threshold: 2.0, seat: None, decide: Options::default() }
    }
}

/// One own-draw decision answered by a discard, weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedDecision {
    /// The record's turn (its index; 0 is INIT) that brought the draw; the
    /// discard is the event of the next turn.
    pub turn: usize,
    /// The deciding seat.
    pub seat: u8,
    /// Tiles left in the seat's wall segment after the draw.
    pub draws_left: u32,
    /// The discard made, with its figures.
    pub played: DiscardFigures,
    /// The analysis's best discard by expected points, with its figures.
    pub best: DiscardFigures,
    /// `best.exp_points - played.exp_points` (0 or more).
    pub loss_points: f64,
    /// `best.win_prob - played.win_prob` (negative when the played discard
    /// had the better chance of a smaller win).
    pub loss_win_prob: f64,
    /// The analysis sees a win within the draws left (`best.exp_points > 0`).
    pub judged: bool,
    /// The played discard is worth as much as the best (loss 0, ties
    /// included).
    pub agrees: bool,
    /// Judged, and the loss is above [`ReviewOptions::threshold`].
    pub flagged: bool,
    /// The figures are exact under the model (few draws left).
    pub exact: bool,
    /// The deeper search reached its node budget.
    pub budget_hit: bool,
}

mcr_core::ser_struct! { ReviewedDecision;
    "turn" => turn,
    "seat" => seat,
    "draws_left" => draws_left,
    "played" => played,
    "best" => best,
    "loss_points" => loss_points,
    "loss_win_prob" => loss_win_prob,
    "judged" => judged,
    "agrees" => agrees,
    "flagged" => flagged,
    "exact" => exact,
    "budget_hit" => budget_hit,
}

/// Counts and losses over a set of decisions (a seat's in a game, or a
/// player's over games).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Own-draw decisions answered by a discard.
    pub decisions: usize,
    /// Own-draw decisions answered otherwise (HU, a kong, an illegal
    /// answer), not weighed.
    pub other_answers: usize,
    /// Decisions where the analysis sees a win within the draws left.
    pub judged: usize,
    /// Judged decisions whose discard is worth as much as the best.
    pub agreed: usize,
    /// `agreed / judged`; `None` without a judged decision.
    pub agreement: Option<f64>,
    /// The summed loss in expected points.
    pub loss_points: f64,
    /// The summed loss in the chance to win.
    pub loss_win_prob: f64,
    /// Flagged decisions.
    pub flagged: usize,
}

mcr_core::ser_struct! { Tally;
    "decisions" => decisions,
    "other_answers" => other_answers,
    "judged" => judged,
    "agreed" => agreed,
    "agreement" => agreement,
    "loss_points" => loss_points,
    "loss_win_prob" => loss_win_prob,
    "flagged" => flagged,
}

impl Tally {
    fn add(&mut self, d: &ReviewedDecision) {
        self.merge(&Tally {
            decisions: 1,
            judged: d.judged as usize,
            agreed: (d.judged && d.agrees) as usize,
            loss_points: d.loss_points,
            loss_win_prob: d.loss_win_prob,
            flagged: d.flagged as usize,
            ..Tally::default()
        });
    }

    /// Adds `other`'s counts and losses.
    pub fn merge(&mut self, other: &Tally) {
        self.decisions += other.decisions;
        self.other_answers += other.other_answers;
        self.judged += other.judged;
        self.agreed += other.agreed;
        self.loss_points += other.loss_points;
        self.loss_win_prob += other.loss_win_prob;
        self.flagged += other.flagged;
        self.agreement = (self.judged > 0).then(|| self.agreed as f64 / self.judged as f64);
    }
}

/// One seat over a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatReview {
    /// The seat, 0..=3.
    pub seat: u8,
    /// The record's name of its player (empty when the record has none).
    pub player: String,
    /// Its decisions' counts and losses.
    pub tally: Tally,
}

mcr_core::ser_flat_struct! { SeatReview;
    "seat" => seat,
    "player" => player,
    flatten => tally,
}

/// One player over many games ([`totals`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerTotals {
    /// The player's name (`S0`..`S3` for seats of records without names).
    pub player: String,
    /// Games it was reviewed in.
    pub games: usize,
    /// Its decisions' counts and losses over them.
    pub tally: Tally,
}

mcr_core::ser_flat_struct! { PlayerTotals;
    "player" => player,
    "games" => games,
    flatten => tally,
}

/// The review of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// The record's game id.
    pub game_id: String,
    /// The rule profile the game was replayed and analysed under.
    pub rules: &'static str,
    /// The threshold decisions were flagged at.
    pub threshold: f64,
    /// The reviewed seats, in seat order.
    pub seats: Vec<SeatReview>,
    /// The weighed decisions, in turn order.
    pub decisions: Vec<ReviewedDecision>,
    /// Why the replay stopped before the record's end, if it did (the
    /// decisions before it are reviewed).
    pub stopped: Option<String>,
    /// Decisions the analysis could not take, with their turn.
    pub errors: Vec<String>,
}

mcr_core::ser_struct! { GameReview;
    "game_id" => game_id,
    "rules" => rules,
    "threshold" => threshold,
    "seats" => seats,
    "decisions" => decisions,
    "stopped" => stopped,
    "errors" => errors,
}

impl GameReview {
    /// The flagged decisions.
    pub fn flagged(&self) -> impl Iterator<Item = &ReviewedDecision> {
        self.decisions.iter().filter(|d| d.flagged)
    }
}

/// Relative tolerance under which two expected points are equal.
const EQUAL: f64 = 1e-9;

/// Reviews `record` replayed under `profile`: every own-draw decision (of
/// [`ReviewOptions::seat`], or of every seat) answered by a discard,
/// analysed by [`decide_with`].
pub fn review_game(profile: &'static Profile, record: &GameRecord, options: &ReviewOptions) -> GameReview {
    let (states, stop) = decide::record_decisions(record, profile);
    let mut seats: Vec<SeatReview> = (0..4u8)
        .filter(|s| options.seat.is_none_or(|x| x == *s))
        .map(|seat| SeatReview {
            seat,
            player: record.players.get(seat as usize).cloned().unwrap_or_default(),
            ..SeatReview::default()
        })
        .collect();
    let mut review = GameReview {
        game_id: record.game_id.clone(),
        rules: profile.name,
        threshold: options.threshold,
        seats: Vec::new(),
        decisions: Vec::new(),
        stopped: stop.map(|s| s.to_string()),
        errors: Vec::new(),
    };
    for rd in states {
        let Some(seat) = seats.iter_mut().find(|s| s.seat == rd.seat) else { continue };
        let Some(played) = rd.played else {
            seat.tally.other_answers += 1;
            continue;
        };
        let d = match decide_with(profile, &rd.state, options.decide) {
            Ok(d) => d,
            Err(e) => {
                review.errors.push(format!("turn {}: seat {}: {e}", rd.turn, rd.seat));
                continue;
            }
        };
        let Some(best) = d.best_by_points() else { continue };
        // A discard of a tile not held is an illegal answer (the game ends
        // on it): not weighed.
        let Some(mine) = d.discards.iter().find(|r| r.tile == played) else {
            seat.tally.other_answers += 1;
            continue;
        };
        let loss_points = (best.exp_points - mine.exp_points).max(0.0);
        let agrees = loss_points <= EQUAL * best.exp_points.max(1.0);
        let judged = best.exp_points > 0.0;
        let reviewed = ReviewedDecision {
            turn: rd.turn,
            seat: rd.seat,
            draws_left: rd.state.draws_left,
            played: *mine,
            best: *best,
            loss_points: if agrees { 0.0 } else { loss_points },
            loss_win_prob: best.win_prob - mine.win_prob,
            judged,
            agrees,
            flagged: judged && !agrees && loss_points > options.threshold,
            exact: d.exact,
            budget_hit: d.budget_hit,
        };
        seat.tally.add(&reviewed);
        review.decisions.push(reviewed);
    }
    review.seats = seats;
    review
}

/// Totals over many reviews, one row per player name (seats of records
/// without names are totalled as `S0`..`S3`), in the order first seen.
pub fn totals<'a>(reviews: impl IntoIterator<Item = &'a GameReview>) -> Vec<PlayerTotals> {
    let seats = reviews.into_iter().flat_map(|r| r.seats.iter().map(|s| (s.seat, s.player.as_str(), &s.tally)));
    by_player(seats, Tally::merge)
        .into_iter()
        .map(|(player, games, tally)| PlayerTotals { player, games, tally })
        .collect()
}

/// Seats' tallies `(seat, player, tally)` summed by `merge` per player
/// name (`S0`..`S3` for a seat without one), in the order first seen:
/// `(name, seats summed, total)`. Both reviews' totals.
pub(crate) fn by_player<'a, T: Default + 'a>(
    seats: impl IntoIterator<Item = (u8, &'a str, &'a T)>,
    merge: impl Fn(&mut T, &T),
) -> Vec<(String, usize, T)> {
    let mut out: Vec<(String, usize, T)> = Vec::new();
    for (seat, player, tally) in seats {
        let name = if player.is_empty() { format!("S{seat}") } else { player.to_string() };
        let i = match out.iter().position(|t| t.0 == name) {
            Some(i) => i,
            None => {
                out.push((name, 0, T::default()));
                out.len() - 1
            }
        };
        out[i].1 += 1;
        merge(&mut out[i].2, tally);
    }
    out
}
