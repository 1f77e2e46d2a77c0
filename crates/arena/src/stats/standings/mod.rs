//! Standings of a tournament, computed from its records alone: any set of
//! files holding the same games (shards, resumed runs, in any order) gives
//! the same table.
//!
//! - A bot's figures count seat-games: a game in which a bot holds two seats
//!   (a bots file may repeat an entry) counts twice for it.
//! - The 95% interval of a mean score is a percentile bootstrap over walls
//!   (the 24 games of a duplicate wall are resampled together; a record
//!   without `arena.wall` is its own unit), `stats::RESAMPLES` resamples
//!   seeded with `stats::SEED`; the pairwise differences use the same
//!   resamples, so they are paired by wall.
//! - A game seen twice (the same `arena` seed, wall and perm, or else the same
//!   `game_id`) is counted once, and the repeat is reported.
//!
//! The JSON form ([`Standings`], `--format json`) is stable: keys are only
//! ever added.
//!
//! # Example
//!
//! Two walls of four built-in players, their records as `mcr arena`
//! writes them (one JSON line a game), then the standings of those lines
//! ([`Builder::add_files`] reads them from files, plain or gzip):
//!
//! ```
//! use std::sync::Arc;
//!
//! use mcr_arena::policy::builtin::{Builtin, Kind};
//! use mcr_arena::duplicate::{Format, Shard, GAMES_PER_WALL};
//! use mcr_arena::stats::standings::{format, read, Builder};
//! use mcr_arena::run::output;
//! use mcr_arena::{ArenaConfig, SeatSpec};
//! use mcr_core::fans::Profile;
//!
//! let seat = |name: &str, kind, seed| SeatSpec::Native { name: name.into(), policy: Arc::new(Builtin::new(kind, seed)) };
//! let cfg = ArenaConfig {
//!     seats: [
//!         seat("greedy", Kind::Greedy, 0),
//!         seat("greedy-2", Kind::Greedy, 2),
//!         seat("random", Kind::Random, 0),
//!         seat("random-2", Kind::Random, 2),
//!     ],
//!     games: 2 * GAMES_PER_WALL,
//!     seed: 1,
//!     jobs: 1,
//!     keep_debug: false,
//!     profile: Profile::default(),
//!     duplicate: Some(Shard::ALL),
//!     format: Format::Duplicate,
//!     sprt: None,
//!     done: None,
//!     max_line_bytes: mcr_records::record::DEFAULT_MAX_LINE_BYTES,
//! };
//! let mut lines = Vec::new();
//! output::play_games(&cfg, true, |_, game| {
//!     lines.push(game.record);
//!     Ok(())
//! })?;
//!
//! let mut builder = Builder::default();
//! for (n, line) in lines.iter().enumerate() {
//!     match read::summarize(line.as_bytes()) {
//!         Ok(game) => builder.add(game, format!("games.jsonl:{}", n + 1)),
//!         Err(e) => builder.errors.push(format!("games.jsonl:{}: {e}", n + 1)),
//!     }
//! }
//! let table = builder.finish();
//! assert_eq!((table.records, table.units, table.errors), (48, 2, 0));
//! assert!(table.bots[..2].iter().all(|b| b.name.starts_with("greedy")));
//! println!("{}", format::text(&table));
//! # Ok::<(), mcr_arena::ArenaError>(())
//! ```

pub mod format;
pub mod html;
pub mod read;
pub(crate) mod stats;

use super::sprt;
use super::walls::Walls;
use crate::duplicate;
use read::{Ending, GameSummary, WallKey};
use stats::TimeHist;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The version tag of the JSON form.
pub const FORMAT: &str = "mcr-standings/1";

#[derive(Default)]
struct Acc {
    games: u64,
    score_sum: i64,
    wins: u64,
    self_drawn: u64,
    deal_ins: u64,
    draws: u64,
    fan_sum: i64,
    verdicts: BTreeMap<String, u64>,
    times: TimeHist,
    score_hist: BTreeMap<i64, u64>,
    fans: BTreeMap<String, u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Unit {
    Wall(WallKey),
    Game(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum GameKey {
    Slot(WallKey, u8),
    Id(String),
}

/// One game for the report's list.
#[derive(Clone, Debug)]
pub struct GameEntry {
    /// The record's `game_id`.
    pub id: String,
    /// `file:line`.
    pub source: String,
    /// `arena.wall`, in a walled run.
    pub wall: Option<u64>,
    /// `arena.perm`, the game's place in its wall.
    pub perm: Option<u8>,
    /// Player name by seat.
    pub bots: [String; 4],
    /// Final score by seat.
    pub scores: [i64; 4],
    /// `zimo` (a self-drawn win), `ron` (a win on a discard), `draw` (the
    /// wall ran out) or `error` (a verdict or a refused answer ended it).
    pub ending: &'static str,
}

mcr_core::ser_struct! { GameEntry;
    "id" => id,
    "source" => source,
    "wall" => wall,
    "perm" => perm,
    "bots" => bots,
    "scores" => scores,
    "ending" => ending,
}

/// Records added one by one; [`Builder::finish`] makes the table.
#[derive(Default)]
pub struct Builder {
    bots: BTreeMap<String, Acc>,
    units: BTreeMap<Unit, BTreeMap<String, (i64, u32)>>,
    seen: HashMap<GameKey, String>,
    /// Unreadable files and record lines, each with its place
    /// (`file:line: problem`).
    pub errors: Vec<String>,
    /// Games met again (the same seed, wall and perm, or else the same
    /// `game_id`), each with both places: counted once.
    pub repeats: Vec<String>,
    records: u64,
    /// Kept for the report (`keep_games`).
    pub games: Vec<GameEntry>,
    keep_games: bool,
    /// The sequential test of the records, while they agree on one.
    test: TestState,
}

#[derive(Default)]
enum TestState {
    #[default]
    None,
    One(read::TestKeys, Box<Walls>),
    /// Records of more than one test (or of a test and not): none shown.
    Mixed,
}

impl Walls {
    /// Adds a game as the standings read it (one without a wall is not
    /// counted).
    pub fn add_summary(&mut self, g: &GameSummary) {
        if let Some(w) = g.wall {
            self.add(w.wall, &g.bots, &g.scores);
        }
    }
}

/// The sequential test of a pair run (`mcr arena --format 1v3|2v2 --sprt`),
/// from its records.
#[derive(Clone, Debug)]
pub struct SprtReport {
    /// The candidate's name (the pair's first entry).
    pub candidate: String,
    /// The baseline's name (the pair's last entry).
    pub baseline: String,
    /// `1v3` or `2v2`.
    pub format: String,
    /// Games of a complete wall: 4 (`1v3`) or 6 (`2v2`).
    pub games_per_wall: u64,
    /// H0: the candidate is at most `d0` points per game better.
    pub d0: f64,
    /// H1: the candidate is at least `d1` points per game better.
    pub d1: f64,
    /// The rate of accepting H1 when the difference is `d0`.
    pub alpha: f64,
    /// The rate of accepting H0 when the difference is `d1`.
    pub beta: f64,
    /// The LLR at or below which H0 is accepted.
    pub lower: f64,
    /// The LLR at or above which H1 is accepted.
    pub upper: f64,
    /// `"H0"`, `"H1"`, or `null` while undecided.
    pub decision: Option<&'static str>,
    /// Walls the test used: to its decision, else all the complete ones.
    pub walls: u64,
    /// The LLR at `walls`.
    pub llr: f64,
    /// Complete walls in the records (also those after the decision).
    pub walls_played: u64,
    /// The candidate's mean score per game minus the baseline's over the
    /// complete walls (the mean of the per-wall differences).
    pub estimate: f64,
    /// The 95% interval of `estimate` (normal approximation); `null` below
    /// two walls.
    pub ci95: Option<[f64; 2]>,
    /// The standard deviation of the per-wall difference.
    pub sd_per_wall: f64,
    /// (walls, LLR), at most 400 points, the last one at `walls`.
    pub llr_path: Vec<(u64, f64)>,
    /// (walls, running estimate, its 95% interval), at most 400 points.
    pub estimate_path: Vec<(u64, f64, Option<[f64; 2]>)>,
}

mcr_core::ser_struct! { SprtReport;
    "candidate" => candidate,
    "baseline" => baseline,
    "format" => format,
    "games_per_wall" => games_per_wall,
    "d0" => d0,
    "d1" => d1,
    "alpha" => alpha,
    "beta" => beta,
    "lower" => lower,
    "upper" => upper,
    "decision" => decision,
    "walls" => walls,
    "llr" => llr,
    "walls_played" => walls_played,
    "estimate" => estimate,
    "ci95" => ci95,
    "sd_per_wall" => sd_per_wall,
    "llr_path" => llr_path,
    "estimate_path" => estimate_path,
}

impl SprtReport {
    /// The report of a test's path over the walls of a pair format.
    pub fn of(path: &sprt::Path, walls: &Walls, format: &str) -> SprtReport {
        let (decision, n) = match path.decision {
            Some((h, n)) => (Some(h.name()), n),
            None => (None, path.decided.n),
        };
        let step = path.llr.len().div_ceil(400).max(1);
        let thin = |i: usize, len: usize| (i + 1).is_multiple_of(step) || i + 1 == len;
        let mut running = sprt::Summary::default();
        let diffs = walls.differences();
        let mut estimate_path = Vec::new();
        let estep = diffs.len().div_ceil(400).max(1);
        for (i, (_, d)) in diffs.iter().enumerate() {
            running.add(*d);
            if (i + 1) % estep == 0 || i + 1 == diffs.len() {
                estimate_path.push((running.n, running.mean, running.ci95()));
            }
        }
        SprtReport {
            candidate: walls.candidate.clone(),
            baseline: walls.baseline.clone(),
            format: format.to_string(),
            games_per_wall: walls.games_per_wall,
            d0: path.test.d0,
            d1: path.test.d1,
            alpha: path.test.alpha,
            beta: path.test.beta,
            lower: path.lower,
            upper: path.upper,
            decision,
            walls: n,
            llr: path.last_llr(),
            walls_played: path.all.n,
            estimate: path.all.mean,
            ci95: path.all.ci95(),
            sd_per_wall: path.all.sd(),
            llr_path: path.llr.iter().enumerate().filter(|(i, _)| thin(*i, path.llr.len())).map(|(_, p)| *p).collect(),
            estimate_path,
        }
    }
}

/// A bot's line of the table.
#[derive(Clone, Debug)]
pub struct BotRow {
    /// The bot's name.
    pub name: String,
    /// 1 for the highest mean score; equal means share a rank.
    pub rank: usize,
    /// Seat-games played.
    pub games: u64,
    /// Its scores summed over its seat-games.
    pub score_sum: i64,
    /// `score_sum / games`: points per seat-game.
    pub mean_score: f64,
    /// 95% bootstrap interval of `mean_score` over walls; `null` with one
    /// unit or none.
    pub ci95: Option<[f64; 2]>,
    /// Seat-games it won, self-drawn or on a discard.
    pub wins: u64,
    /// `wins / games`, 0 to 1.
    pub win_rate: f64,
    /// Wins on its own draw.
    pub self_drawn: u64,
    /// Self-drawn wins / wins (`null` without wins).
    pub self_drawn_share: Option<f64>,
    /// Seat-games it lost by discarding the winning tile.
    pub deal_ins: u64,
    /// `deal_ins / games`, 0 to 1.
    pub deal_in_rate: f64,
    /// Seat-games that ended in a draw (wall exhausted).
    pub draws: u64,
    /// `draws / games`, 0 to 1.
    pub draw_rate: f64,
    /// Mean fan total of its wins (`null` without wins).
    pub mean_fan_won: Option<f64>,
    /// Verdict kind (TLE, MLE, OLE, RE, NJ, WA, ...) -> count.
    pub verdicts: BTreeMap<String, u64>,
    /// Answer times per turn, `null` when the records carry none.
    pub time_ms: Option<TimeRow>,
}

mcr_core::ser_struct! { BotRow;
    "name" => name,
    "rank" => rank,
    "games" => games,
    "score_sum" => score_sum,
    "mean_score" => mean_score,
    "ci95" => ci95,
    "wins" => wins,
    "win_rate" => win_rate,
    "self_drawn" => self_drawn,
    "self_drawn_share" => self_drawn_share,
    "deal_ins" => deal_ins,
    "deal_in_rate" => deal_in_rate,
    "draws" => draws,
    "draw_rate" => draw_rate,
    "mean_fan_won" => mean_fan_won,
    "verdicts" => verdicts,
    "time_ms" => time_ms,
}

/// A bot's answer times per turn, in milliseconds (from the records'
/// `times_ms`, read to the microsecond).
#[derive(Clone, Debug)]
pub struct TimeRow {
    /// Turns timed.
    pub turns: u64,
    /// The mean time.
    pub mean: f64,
    /// Nearest-rank 99th percentile, to within 1/64 of its value above 1 ms.
    pub p99: f64,
    /// The longest time.
    pub max: f64,
}

mcr_core::ser_struct! { TimeRow;
    "turns" => turns,
    "mean" => mean,
    "p99" => p99,
    "max" => max,
}

/// Mean score differences, row minus column, bots in rank order.
#[derive(Clone, Debug)]
pub struct Pairwise {
    /// The bots in rank order: row and column `i` are `bots[i]`.
    pub bots: Vec<String>,
    /// `diff[i][j]`: the mean score of bot `i` minus that of bot `j`, in
    /// points per seat-game; `null` on the diagonal.
    pub diff: Vec<Vec<Option<f64>>>,
    /// `ci95[i][j]`: the 95% bootstrap interval of `diff[i][j]`, paired by
    /// unit; `null` on the diagonal, and without an interval (one unit or
    /// none).
    pub ci95: Vec<Vec<Option<[f64; 2]>>>,
}

mcr_core::ser_struct! { Pairwise;
    "bots" => bots,
    "diff" => diff,
    "ci95" => ci95,
}

/// How the intervals were drawn: a percentile bootstrap over units.
#[derive(Clone, Debug)]
pub struct Bootstrap {
    /// Resamples drawn: `stats::RESAMPLES`, or 0 with fewer than two
    /// units (no interval).
    pub resamples: usize,
    /// Their seed, `stats::SEED`.
    pub seed: u64,
    /// The intervals' level: 0.95.
    pub level: f64,
    /// "wall": duplicate walls; "game" for records without `arena.wall`;
    /// "mixed" for both.
    pub unit: &'static str,
}

mcr_core::ser_struct! { Bootstrap;
    "resamples" => resamples,
    "seed" => seed,
    "level" => level,
    "unit" => unit,
}

/// What the report draws, per bot (rank order).
#[derive(Clone, Debug)]
pub struct Charts {
    /// Score -> seat-games, ascending score.
    pub score_distribution: BTreeMap<String, Vec<(i64, u64)>>,
    /// Fan name -> wins it appears in, most frequent first.
    pub fans: BTreeMap<String, Vec<(String, u64)>>,
    /// (units so far, mean score so far), at most 200 points, the last the final mean.
    pub running_mean: BTreeMap<String, Vec<(u64, f64)>>,
}

mcr_core::ser_struct! { Charts;
    "score_distribution" => score_distribution,
    "fans" => fans,
    "running_mean" => running_mean,
}

/// The standings (the stable JSON form).
#[derive(Clone, Debug)]
pub struct Standings {
    /// [`FORMAT`], the version tag of this form.
    pub format: &'static str,
    /// Games counted (repeats left out).
    pub records: u64,
    /// Bootstrap units: the walls (by seed and wall), and each game
    /// without `arena.wall`.
    pub units: u64,
    /// Repeated games left out.
    pub repeats: u64,
    /// Unreadable records and files.
    pub errors: u64,
    /// How the intervals were drawn.
    pub bootstrap: Bootstrap,
    /// One row per bot, in rank order.
    pub bots: Vec<BotRow>,
    /// The mean score differences between every two bots.
    pub pairwise: Pairwise,
    /// What the report page draws.
    pub charts: Charts,
    /// The sequential test, for the records of one `--sprt` run (its
    /// shards and continuations included); `null` otherwise.
    pub sprt: Option<SprtReport>,
}

mcr_core::ser_struct! { Standings;
    "format" => format,
    "records" => records,
    "units" => units,
    "repeats" => repeats,
    "errors" => errors,
    "bootstrap" => bootstrap,
    "bots" => bots,
    "pairwise" => pairwise,
    "charts" => charts,
    "sprt" => sprt,
}

fn ending_name(e: Ending) -> &'static str {
    match e {
        Ending::SelfDrawn => "zimo",
        Ending::Discard => "ron",
        Ending::Draw => "draw",
        Ending::Error => "error",
    }
}

impl Builder {
    /// A builder that also keeps the list of games (for the report).
    pub fn with_games() -> Builder {
        Builder { keep_games: true, ..Builder::default() }
    }

    /// Adds every game of `files` (any inputs, read by the one input layer
    /// `mcr_records::input`; no line longer than `max_line_bytes` kept);
    /// problems go to [`Builder::errors`].
    pub fn add_files(&mut self, files: &[impl AsRef<Path>], max_line_bytes: usize) {
        self.add_inputs(&mcr_records::input::Inputs::open(files, None, max_line_bytes));
    }

    /// Adds every game of inputs already told apart (the files of folders
    /// they skipped are the caller's to name).
    pub fn add_inputs(&mut self, inputs: &mcr_records::input::Inputs) {
        let options = mcr_records::record::ParOptions { max_line_bytes: inputs.max_line_bytes, ..Default::default() };
        let done = mcr_records::input::par_games(
            inputs,
            &options,
            || (),
            |_, _, _, text| read::summarize(text),
            |file, n, r| match r {
                Ok(Ok(g)) => self.add(g, format!("{}:{n}", file.display())),
                Ok(Err(e)) => self.errors.push(format!("{}:{n}: {e}", file.display())),
                Err(e) => self.errors.push(e.to_string()),
            },
        );
        if let Err(e) = done {
            self.errors.push(format!("cannot start the worker threads: {e}"));
        }
    }

    /// Adds one game read at `source` (`file:line`).
    pub fn add(&mut self, g: GameSummary, source: String) {
        let key = match (g.wall, g.perm) {
            (Some(w), Some(p)) => Some(GameKey::Slot(w, p)),
            _ if !g.game_id.is_empty() => Some(GameKey::Id(g.game_id.clone())),
            _ => None,
        };
        if let Some(key) = key {
            match self.seen.entry(key) {
                std::collections::hash_map::Entry::Occupied(first) => {
                    self.repeats.push(format!("{source}: game {} repeats {}: counted once", g.game_id, first.get()));
                    return;
                }
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(source.clone());
                }
            }
        }
        self.records += 1;
        self.test = match (std::mem::take(&mut self.test), &g.test) {
            (TestState::None, Some(t)) if self.records == 1 => {
                match duplicate::Format::parse(&t.format).filter(|f| f.is_pair()) {
                    Some(f) => {
                        TestState::One(t.clone(), Box::new(Walls::new(&t.candidate, &t.baseline, f.games_per_wall())))
                    }
                    None => TestState::Mixed,
                }
            }
            (TestState::One(k, w), Some(t)) if &k == t => TestState::One(k, w),
            (TestState::None, None) => TestState::None,
            _ => TestState::Mixed,
        };
        if let TestState::One(_, w) = &mut self.test {
            w.add_summary(&g);
        }
        let unit = match g.wall {
            Some(w) => Unit::Wall(w),
            None => Unit::Game(if g.game_id.is_empty() { source.clone() } else { g.game_id.clone() }),
        };
        let unit = self.units.entry(unit).or_default();
        for seat in 0..4 {
            let name = &g.bots[seat];
            let a = self.bots.entry(name.clone()).or_default();
            let score = g.scores[seat];
            a.games += 1;
            a.score_sum += score;
            *a.score_hist.entry(score).or_default() += 1;
            if g.winner == Some(seat as u8) {
                a.wins += 1;
                a.self_drawn += (g.ending == Ending::SelfDrawn) as u64;
                a.fan_sum += g.fan_total;
                for (fan, count) in &g.fans {
                    *a.fans.entry(fan.clone()).or_default() += *count as u64;
                }
            }
            a.deal_ins += (g.discarder == Some(seat as u8)) as u64;
            a.draws += (g.ending == Ending::Draw) as u64;
            for &us in &g.times_us[seat] {
                a.times.add(us);
            }
            let u = unit.entry(name.clone()).or_default();
            u.0 += score;
            u.1 += 1;
        }
        for (seat, kind) in &g.verdicts {
            *self
                .bots
                .get_mut(&g.bots[*seat as usize])
                .expect("seated bot")
                .verdicts
                .entry(kind.clone())
                .or_default() += 1;
        }
        if self.keep_games {
            self.games.push(GameEntry {
                id: g.game_id,
                source,
                wall: g.wall.map(|w| w.wall),
                perm: g.perm,
                bots: g.bots,
                scores: g.scores,
                ending: ending_name(g.ending),
            });
        }
    }

    /// The table.
    pub fn finish(&self) -> Standings {
        let names: Vec<&String> = self.bots.keys().collect();
        let nb = names.len();
        let index: HashMap<&String, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let mut sums = vec![(0i64, 0u32); self.units.len() * nb];
        for (u, per) in self.units.values().enumerate() {
            for (name, &s) in per {
                sums[u * nb + index[name]] = s;
            }
        }
        let units = stats::Units { bots: nb, sums };
        let means: Vec<f64> =
            names.iter().map(|n| self.bots[*n].score_sum as f64 / self.bots[*n].games as f64).collect();
        let resampled = if units.len() > 1 { stats::resample_means(&units, stats::RESAMPLES) } else { Vec::new() };
        let ci = |b: usize| stats::interval(resampled.iter().map(|r| r[b]).collect());
        // Rank: mean score, higher first; equal means share a rank.
        let mut order: Vec<usize> = (0..nb).collect();
        order.sort_by(|&a, &b| means[b].total_cmp(&means[a]).then(names[a].cmp(names[b])));
        let mut ranks = vec![0; nb];
        for (pos, &b) in order.iter().enumerate() {
            ranks[b] = if pos > 0 && means[order[pos - 1]] == means[b] { ranks[order[pos - 1]] } else { pos + 1 };
        }
        let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let bots: Vec<BotRow> = order
            .iter()
            .map(|&b| {
                let a = &self.bots[names[b]];
                BotRow {
                    name: names[b].clone(),
                    rank: ranks[b],
                    games: a.games,
                    score_sum: a.score_sum,
                    mean_score: means[b],
                    ci95: ci(b),
                    wins: a.wins,
                    win_rate: ratio(a.wins, a.games),
                    self_drawn: a.self_drawn,
                    self_drawn_share: (a.wins > 0).then(|| ratio(a.self_drawn, a.wins)),
                    deal_ins: a.deal_ins,
                    deal_in_rate: ratio(a.deal_ins, a.games),
                    draws: a.draws,
                    draw_rate: ratio(a.draws, a.games),
                    mean_fan_won: (a.wins > 0).then(|| a.fan_sum as f64 / a.wins as f64),
                    verdicts: a.verdicts.clone(),
                    time_ms: (a.times.n > 0).then(|| TimeRow {
                        turns: a.times.n,
                        mean: a.times.sum_us as f64 / a.times.n as f64 / 1000.0,
                        p99: a.times.quantile_us(0.99) as f64 / 1000.0,
                        max: a.times.max_us as f64 / 1000.0,
                    }),
                }
            })
            .collect();
        let pairwise = Pairwise {
            bots: order.iter().map(|&b| names[b].clone()).collect(),
            diff: order
                .iter()
                .map(|&a| order.iter().map(|&b| (a != b).then(|| means[a] - means[b])).collect())
                .collect(),
            ci95: order
                .iter()
                .map(|&a| {
                    order
                        .iter()
                        .map(|&b| {
                            if a == b {
                                None
                            } else {
                                stats::interval(resampled.iter().map(|r| r[a] - r[b]).collect())
                            }
                        })
                        .collect()
                })
                .collect(),
        };
        let charts = self.charts(&order, &names, &units);
        let unit = match (self.units.keys().next(), self.units.keys().next_back()) {
            (Some(Unit::Wall(_)), Some(Unit::Wall(_))) | (None, None) => "wall",
            (Some(Unit::Game(_)), Some(Unit::Game(_))) => "game",
            _ => "mixed",
        };
        Standings {
            format: FORMAT,
            records: self.records,
            units: units.len() as u64,
            repeats: self.repeats.len() as u64,
            errors: self.errors.len() as u64,
            bootstrap: Bootstrap {
                resamples: if resampled.is_empty() { 0 } else { stats::RESAMPLES },
                seed: stats::SEED,
                level: 0.95,
                unit,
            },
            bots,
            pairwise,
            charts,
            sprt: match &self.test {
                TestState::One(k, w) => sprt::Sprt::new(k.sprt[0], k.sprt[1], k.sprt[2], k.sprt[3])
                    .ok()
                    .map(|t| SprtReport::of(&w.path(t), w, &k.format)),
                _ => None,
            },
        }
    }

    fn charts(&self, order: &[usize], names: &[&String], units: &stats::Units) -> Charts {
        let mut c =
            Charts { score_distribution: BTreeMap::new(), fans: BTreeMap::new(), running_mean: BTreeMap::new() };
        let n = units.len();
        for &b in order {
            let a = &self.bots[names[b]];
            c.score_distribution.insert(names[b].clone(), a.score_hist.iter().map(|(&s, &k)| (s, k)).collect());
            let mut fans: Vec<(String, u64)> = a.fans.iter().map(|(f, &k)| (f.clone(), k)).collect();
            fans.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
            c.fans.insert(names[b].clone(), fans);
            let mut points = Vec::new();
            let (mut sum, mut cnt) = (0i64, 0u64);
            let step = n.div_ceil(200).max(1);
            for u in 0..n {
                let (s, k) = units.sums[u * units.bots + b];
                sum += s;
                cnt += k as u64;
                if cnt > 0 && ((u + 1) % step == 0 || u + 1 == n) {
                    points.push((u as u64 + 1, sum as f64 / cnt as f64));
                }
            }
            c.running_mean.insert(names[b].clone(), points);
        }
        c
    }
}
