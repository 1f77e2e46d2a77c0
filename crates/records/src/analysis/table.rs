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
use mcr_core::table::{self, discards, hand_sizes, Analysis, Options, TableError};

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

    /// `seed` mixed with the decision's turn and seat ([`decision_seed`]):
    /// the seed of its worlds, so that every decision of a game has worlds
    /// of its own.
    pub fn seed(&self, seed: u64) -> u64 {
        decision_seed(seed, self.turn, self.seat)
    }
}

/// The seed of the decision of `seat` at `turn` under the base `seed`: the
/// base mixed with the turn and the seat, so that every decision of a game
/// has worlds of its own. [`calibrate`], [`analyse_points`], the table
/// review and `mcr decide --model table` seed each decision with it.
pub fn decision_seed(seed: u64, turn: usize, seat: u8) -> u64 {
    seed ^ ((turn as u64) << 8 | seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Every point's analysis of all its legal answers, in order, each seeded
/// by [`decision_seed`] from `options.seed`: on the calling thread when
/// `threads` is 1, on up to `threads` threads (0: every core) otherwise.
/// The figures do not depend on the threads (without a time limit).
pub fn analyse_points(points: &[&TablePoint], options: &Options, threads: usize) -> Vec<Result<Analysis, TableError>> {
    use rayon::prelude::*;
    let one = |p: &&TablePoint| p.analyse(&Options { seed: decision_seed(options.seed, p.turn, p.seat), ..*options });
    let threads = if threads == 0 { rayon::current_num_threads() } else { threads.min(rayon::current_num_threads()) };
    if threads <= 1 || points.len() < 2 {
        return points.iter().map(one).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| points.par_iter().with_max_len(1).map(one).collect()),
        Err(_) => points.iter().map(one).collect(),
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

/// One decision's analysis, as `mcr decide --model table` writes it (one
/// JSON line).
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionLine {
    /// The game.
    pub id: String,
    /// The turn answered.
    pub turn: usize,
    /// The deciding seat.
    pub seat: u8,
    /// The answer the record gives, as the judge reads it (`None`: none
    /// of the legal ones).
    pub played: Option<String>,
    /// The answer given discarded, and another seat won on it.
    pub dealt_in: bool,
    /// Worlds each action was played in.
    pub worlds: usize,
    /// Every legal answer's figures.
    pub actions: Vec<table::ActionFigures>,
}

mcr_core::ser_struct! { DecisionLine;
    "id" => id,
    "turn" => turn,
    "seat" => seat,
    "played" => played,
    "dealt_in" => dealt_in,
    "worlds" => worlds,
    "actions" => actions,
}

impl TablePoint {
    /// The line of this decision of game `id` and its analysis.
    pub fn line(&self, id: &str, analysis: &Analysis) -> DecisionLine {
        DecisionLine {
            id: id.to_string(),
            turn: self.turn,
            seat: self.seat,
            played: self.played.and_then(|i| self.actions[i].answer()),
            dealt_in: self.dealt_in,
            worlds: analysis.worlds,
            actions: analysis.actions.clone(),
        }
    }
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
    /// Its predicted expected final score over the even-numbered worlds
    /// alone (the calibration sorts decisions into bins by it).
    pub mean_even: f64,
    /// The same over the odd-numbered worlds (the calibration compares it
    /// with the actual scores of each bin).
    pub mean_odd: f64,
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
    "mean_even" => mean_even,
    "mean_odd" => mean_odd,
    "win_prob" => win_prob,
    "deal_in" => deal_in,
    "score" => score,
    "won" => won,
    "dealt_in" => dealt_in,
}

mcr_core::de_struct! { CalibrationRow, deny;
    id: String = "id",
    turn: usize = "turn",
    seat: u8 = "seat",
    action: String = "action",
    mean: f64 = "mean",
    se: f64 = "se",
    mean_even: f64 = "mean_even",
    mean_odd: f64 = "mean_odd",
    win_prob: f64 = "win_prob",
    deal_in: Option<f64> = "deal_in",
    score: i32 = "score",
    won: bool = "won",
    dealt_in: bool = "dealt_in",
}

/// The calibration rows of one record: each decision's answer analysed
/// alone (the figures of the answer given), against the game's outcome.
/// `options.seed` is mixed with the turn and seat ([`TablePoint::seed`]),
/// so every decision has worlds of its own. A record whose replay stops early gives none.
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
        let seed = p.seed(options.seed);
        let a = table::analyse(&p.engine, p.seat, hand_sizes(&p.engine), &[action], &Options { seed, ..*options })?;
        let f = a.actions[0];
        let (mean_even, mean_odd) = a.half_means(0);
        rows.push(CalibrationRow {
            id: record.game_id.clone(),
            turn: p.turn,
            seat: p.seat,
            action: action.answer().unwrap_or_default(),
            mean: f.mean,
            se: f.se,
            mean_even,
            mean_odd,
            win_prob: f.win_prob,
            deal_in: f.deal_in,
            score: scores[p.seat as usize],
            won: winner == Some(p.seat),
            dealt_in: p.dealt_in,
        });
    }
    Ok(rows)
}

/// Decisions put in one bin of a reliability diagram.
#[derive(Clone, Debug, PartialEq)]
pub struct ReliabilityBin {
    /// Decisions in the bin.
    pub n: usize,
    /// Their mean predicted chance.
    pub predicted: f64,
    /// The share of them where it happened.
    pub observed: f64,
}

mcr_core::ser_struct! { ReliabilityBin;
    "n" => n,
    "predicted" => predicted,
    "observed" => observed,
}

/// How well predicted chances of one event fit what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbabilityFit {
    /// Decisions with a prediction.
    pub n: usize,
    /// The share of them where the event happened.
    pub base_rate: f64,
    /// The mean squared error of the predictions (Brier score).
    pub brier: f64,
    /// The Brier score of predicting the base rate every time.
    pub brier_base: f64,
    /// Ten bins of equal size by predicted chance, lowest first.
    pub bins: Vec<ReliabilityBin>,
}

mcr_core::ser_struct! { ProbabilityFit;
    "n" => n,
    "base_rate" => base_rate,
    "brier" => brier,
    "brier_base" => brier_base,
    "bins" => bins,
}

impl ProbabilityFit {
    /// The fit of `(predicted, happened)` pairs.
    pub fn of(pairs: &[(f64, bool)]) -> ProbabilityFit {
        let n = pairs.len();
        let nf = n.max(1) as f64;
        let base_rate = pairs.iter().filter(|p| p.1).count() as f64 / nf;
        let sq = |p: f64, y: bool| (p - y as u8 as f64).powi(2);
        let brier = pairs.iter().map(|&(p, y)| sq(p, y)).sum::<f64>() / nf;
        let brier_base = pairs.iter().map(|&(_, y)| sq(base_rate, y)).sum::<f64>() / nf;
        let mut sorted = pairs.to_vec();
        sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
        let bins = equal_bins(sorted.len())
            .into_iter()
            .filter(|r| !r.is_empty())
            .map(|r| {
                let part = &sorted[r];
                let k = part.len() as f64;
                ReliabilityBin {
                    n: part.len(),
                    predicted: part.iter().map(|p| p.0).sum::<f64>() / k,
                    observed: part.iter().filter(|p| p.1).count() as f64 / k,
                }
            })
            .collect();
        ProbabilityFit { n, base_rate, brier, brier_base, bins }
    }

    /// The predictions beat the base rate (a lower Brier score).
    pub fn beats_base_rate(&self) -> bool {
        self.brier < self.brier_base
    }
}

/// Decisions put in one bin by predicted final score.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreBin {
    /// Decisions in the bin.
    pub n: usize,
    /// The seat-games they come from (a game's seat counted once).
    pub clusters: usize,
    /// Their mean predicted final score.
    pub predicted: f64,
    /// Their mean actual final score.
    pub actual: f64,
    /// The standard error of `actual`, clustered by seat-game: the
    /// decisions of one seat in one game share its final score, so they
    /// count as one sample of their summed deviations, not as independent
    /// ones.
    pub se: f64,
    /// `(actual - predicted) / se`.
    pub z: f64,
    /// `|z| <= 2`: the actual mean lies within two standard errors of the
    /// prediction.
    pub within: bool,
}

mcr_core::ser_struct! { ScoreBin;
    "n" => n,
    "clusters" => clusters,
    "predicted" => predicted,
    "actual" => actual,
    "se" => se,
    "z" => z,
    "within" => within,
}

/// The calibration of the table model on decisions of finished games.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// Decisions.
    pub decisions: usize,
    /// Games they come from.
    pub games: usize,
    /// The deal-in chance, over the answers that discard.
    pub deal_in: ProbabilityFit,
    /// The chance to win the hand.
    pub win: ProbabilityFit,
    /// The expected final score: ten bins of equal size by the prediction
    /// of the even-numbered worlds, each compared with the mean prediction
    /// of the odd-numbered ones.
    pub score: Vec<ScoreBin>,
}

mcr_core::ser_struct! { Calibration;
    "decisions" => decisions,
    "games" => games,
    "deal_in" => deal_in,
    "win" => win,
    "score" => score,
}

/// The standard error of the mean `mean` of values grouped by a key
/// (`(key, value)` pairs), and the number of groups: the cluster-robust
/// estimate, `sqrt(G / (G - 1) * sum over groups of (sum of deviations)^2)
/// / n`. Values of one group may be correlated; groups are taken as
/// independent. With every group of one value it is the usual standard
/// error (with `n - 1` in the variance).
fn clustered_se<K: Ord>(values: impl Iterator<Item = (K, f64)>, mean: f64) -> (f64, usize) {
    let mut sums: std::collections::BTreeMap<K, f64> = std::collections::BTreeMap::new();
    let mut n = 0usize;
    for (k, v) in values {
        *sums.entry(k).or_default() += v - mean;
        n += 1;
    }
    let g = sums.len();
    if g < 2 {
        return (0.0, g);
    }
    let ss: f64 = sums.values().map(|d| d * d).sum();
    ((g as f64 / (g as f64 - 1.0) * ss).sqrt() / n as f64, g)
}

impl Calibration {
    /// The calibration of `rows`.
    ///
    /// ```
    /// use mcr_records::analysis::table::{Calibration, CalibrationRow};
    ///
    /// let row = |mean: f64, score: i32, p: f64, won: bool| CalibrationRow {
    ///     id: "g".into(), turn: 3, seat: 0, action: "PLAY W1".into(), mean, se: 1.0,
    ///     mean_even: mean, mean_odd: mean, win_prob: p, deal_in: Some(0.0), score, won, dealt_in: false,
    /// };
    /// let rows: Vec<CalibrationRow> = (0..40).map(|i| row(i as f64, i, (i % 2) as f64, i % 2 == 1)).collect();
    /// let c = Calibration::of(&rows);
    /// assert_eq!(c.decisions, 40);
    /// assert_eq!(c.score.len(), 10);
    /// assert_eq!(c.win.brier, 0.0); // every chance was 0 or 1, and right
    /// assert!(c.win.beats_base_rate());
    /// assert!(c.score.iter().all(|b| (b.actual - b.predicted).abs() < 1e-9));
    /// ```
    pub fn of(rows: &[CalibrationRow]) -> Calibration {
        let deal_in: Vec<(f64, bool)> = rows.iter().filter_map(|r| r.deal_in.map(|p| (p, r.dealt_in))).collect();
        let win: Vec<(f64, bool)> = rows.iter().map(|r| (r.win_prob, r.won)).collect();
        // Sorted by one half of the worlds, measured by the other: binning
        // on the estimate that is compared would carry its noise into the
        // bins (the top bin holds the estimates that came out high).
        let mut by_mean: Vec<(f64, f64, f64, (&str, u8))> =
            rows.iter().map(|r| (r.mean_even, r.mean_odd, r.score as f64, (r.id.as_str(), r.seat))).collect();
        by_mean.sort_by(|a, b| a.0.total_cmp(&b.0));
        let score = equal_bins(by_mean.len())
            .into_iter()
            .filter(|r| !r.is_empty())
            .map(|r| {
                let part = &by_mean[r];
                let k = part.len() as f64;
                let predicted = part.iter().map(|p| p.1).sum::<f64>() / k;
                let actual = part.iter().map(|p| p.2).sum::<f64>() / k;
                let (se, clusters) = clustered_se(part.iter().map(|p| (p.3, p.2)), actual);
                let z = if se > 0.0 { (actual - predicted) / se } else { 0.0 };
                ScoreBin {
                    n: part.len(),
                    clusters,
                    predicted,
                    actual,
                    se,
                    z,
                    within: z.abs() <= 2.0 || se == 0.0 && actual == predicted,
                }
            })
            .collect();
        let mut ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        Calibration {
            decisions: rows.len(),
            games: ids.len(),
            deal_in: ProbabilityFit::of(&deal_in),
            win: ProbabilityFit::of(&win),
            score,
        }
    }

    /// Every score bin's actual mean lies within two standard errors of
    /// its prediction.
    pub fn score_unbiased(&self) -> bool {
        self.score.iter().all(|b| b.within)
    }

    /// The reliability diagrams as one SVG picture: the deal-in and win
    /// chances (observed share against mean prediction per bin, the
    /// diagonal for a perfect fit) and the final score (mean actual against
    /// mean prediction per bin, with two standard errors).
    pub fn svg(&self) -> String {
        let mut s = String::new();
        let (w, h, pad) = (300.0, 300.0, 40.0);
        s.push_str(&format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n",
            3.0 * (w + 2.0 * pad),
            h + 2.0 * pad + 20.0
        ));
        s.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        let prob_points = |f: &ProbabilityFit| -> Vec<(f64, f64, f64)> {
            f.bins.iter().map(|b| (b.predicted, b.observed, 0.0)).collect()
        };
        let panels: [(String, Vec<(f64, f64, f64)>, f64, f64); 3] = {
            let hi_d = self.deal_in.bins.iter().map(|b| b.predicted.max(b.observed)).fold(0.05f64, f64::max);
            let hi_w = self.win.bins.iter().map(|b| b.predicted.max(b.observed)).fold(0.05f64, f64::max);
            let lo_s = self.score.iter().map(|b| b.predicted.min(b.actual - 2.0 * b.se)).fold(0.0f64, f64::min);
            let hi_s = self.score.iter().map(|b| b.predicted.max(b.actual + 2.0 * b.se)).fold(0.0f64, f64::max);
            [
                (
                    format!("deal-in chance (Brier {:.4}, base {:.4})", self.deal_in.brier, self.deal_in.brier_base),
                    prob_points(&self.deal_in),
                    0.0,
                    nice(hi_d),
                ),
                (
                    format!("win chance (Brier {:.4}, base {:.4})", self.win.brier, self.win.brier_base),
                    prob_points(&self.win),
                    0.0,
                    nice(hi_w),
                ),
                (
                    "final score (mean, 2 s.e.)".to_string(),
                    self.score.iter().map(|b| (b.predicted, b.actual, 2.0 * b.se)).collect(),
                    -nice(-lo_s),
                    nice(hi_s),
                ),
            ]
        };
        for (i, (title, points, lo, hi)) in panels.iter().enumerate() {
            let x0 = i as f64 * (w + 2.0 * pad) + pad;
            let y0 = pad + 20.0;
            let span = (hi - lo).max(1e-9);
            let px = |v: f64| x0 + (v - lo) / span * w;
            let py = |v: f64| y0 + h - (v - lo) / span * h;
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                x0 + w / 2.0,
                pad,
                title
            ));
            s.push_str(&format!(
                "<rect x=\"{x0}\" y=\"{y0}\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#999\"/>\n"
            ));
            s.push_str(&format!(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n",
                px(*lo),
                py(*lo),
                px(*hi),
                py(*hi)
            ));
            for k in 0..=4 {
                let v = lo + span * k as f64 / 4.0;
                let label = match span {
                    x if x < 0.2 => format!("{v:.3}"),
                    x if x < 2.0 => format!("{v:.2}"),
                    _ => format!("{v:.0}"),
                };
                s.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">{label}</text>\n",
                    px(v),
                    y0 + h + 15.0
                ));
                s.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#555\">{label}</text>\n",
                    x0 - 4.0,
                    py(v) + 4.0
                ));
            }
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">predicted (bin mean)</text>\n",
                x0 + w / 2.0,
                y0 + h + 30.0
            ));
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\" transform=\"rotate(-90 {} {})\">{}</text>\n",
                x0 - 32.0,
                y0 + h / 2.0,
                x0 - 32.0,
                y0 + h / 2.0,
                if i == 2 { "actual (bin mean)" } else { "observed (share)" }
            ));
            for &(x, y, e) in points {
                if e > 0.0 {
                    s.push_str(&format!(
                        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#2a6\" stroke-width=\"1.5\"/>\n",
                        px(x),
                        py(y - e),
                        py(y + e)
                    ));
                }
                s.push_str(&format!("<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"#26a\"/>\n", px(x), py(y)));
            }
        }
        s.push_str("</svg>\n");
        s
    }
}

/// A round upper bound for an axis: 1, 2 or 5 times a power of ten.
fn nice(v: f64) -> f64 {
    if v <= 0.0 {
        return 0.0;
    }
    let p = 10f64.powf(v.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|&c| c >= v).unwrap_or(10.0 * p)
}

/// Ten ranges of equal size (within one) over `0..n`.
fn equal_bins(n: usize) -> Vec<std::ops::Range<usize>> {
    (0..10).map(|k| k * n / 10..(k + 1) * n / 10).collect()
}
