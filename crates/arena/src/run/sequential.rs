//! A candidate against a baseline, played until the sequential test
//! ([`crate::stats::sprt`]) decides: walls in batches, in wall order, in the
//! `1v3` or `2v2` format ([`crate::duplicate::Format`]); after each batch
//! the complete walls extend the test's path, and the run stops once a
//! bound is crossed or at the most walls allowed.
//!
//! The decision is a function of the records alone: the walls in index
//! order, the first at which the LLR crosses a bound. Walls played in the
//! batch after that one are kept (in the output and in the estimate) but do
//! not move the decision. So an interrupted run, continued, decides as an
//! uninterrupted one, and `mcr standings` on the records shows the same
//! test ([`crate::stats::standings`]).

use super::output::{self, Out, Session};
use super::{ArenaConfig, ArenaError};
use crate::duplicate::Shard;
use crate::stats::sprt::{Hypothesis, Path, Sprt, Summary};
use crate::stats::walls::Walls;

/// How a sequential run plays.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The test.
    pub test: Sprt,
    /// The most walls played (the run stops there without a decision).
    pub max_walls: u64,
    /// Walls of the first batch; each later batch is an eighth of the walls
    /// so far, at most [`MAX_BATCH_WALLS`], and at least this.
    pub batch_walls: u64,
}

/// The largest batch.
pub const MAX_BATCH_WALLS: u64 = 1024;

/// Where a sequential run is, after each batch.
pub struct Progress<'a> {
    /// Walls whose games are all played (in this shard).
    pub walls: u64,
    /// Games played in all (kept ones included).
    pub games: u64,
    /// The test so far.
    pub path: &'a Path,
}

/// What a sequential run did.
pub struct Report {
    /// The test over the complete walls.
    pub path: Path,
    /// The per-wall sums behind it.
    pub walls: Walls,
    /// Games played by this run.
    pub played: u64,
    /// What the output holds, when there is one.
    pub finished: Option<output::Finished>,
    /// Why it stopped early (an interrupt, a game's or the output's error).
    pub stopped: Option<ArenaError>,
}

/// Plays `cfg` (a `1v3` or `2v2` run: `cfg.duplicate` is the shard) in
/// batches until `plan.test` decides or `plan.max_walls`; the records go
/// to `out` (continued when it exists) or nowhere. `progress` after each
/// batch. An `Err` is a refusal before any game.
pub fn run(
    cfg: &ArenaConfig,
    plan: &Plan,
    out: Option<Out<'_>>,
    mut progress: impl FnMut(&Progress<'_>),
) -> Result<Report, ArenaError> {
    if !cfg.format.is_pair() {
        return Err(ArenaError::NotAPair { format: cfg.format.name() });
    }
    let per_wall = cfg.format.games_per_wall();
    let mut cfg = cfg.clone();
    cfg.sprt = Some(plan.test);
    cfg.duplicate.get_or_insert(Shard::ALL);
    let mut walls = Walls::new(cfg.seats[0].name(), cfg.seats[3].name(), per_wall);
    let mut session = match out {
        Some(o) => Some(Session::open(&cfg, o, |g| walls.add_summary(g))?),
        None => None,
    };
    let kept_games: u64 = walls.games();
    let mut played = 0u64;
    let mut stopped = None;
    let mut path = walls.path(plan.test);
    // Walls scheduled so far: those the output already started (played
    // first: a resumed run may have left some incomplete).
    let mut target = walls.last_started().map_or(0, |w| w + 1).min(plan.max_walls);
    let mut first = true;
    // Without an output, the games played so far (an output keeps its own).
    let mut done: std::collections::BTreeSet<u64> = std::collections::BTreeSet::new();
    loop {
        if path.decision.is_some() || (!first && target >= plan.max_walls) {
            break;
        }
        let step = (target / 8).min(MAX_BATCH_WALLS).max(plan.batch_walls.max(1));
        let next = if first && target > 0 { target } else { (target + step).min(plan.max_walls) };
        first = false;
        let mut batch = cfg.clone();
        batch.games = next * per_wall;
        if session.is_none() {
            batch.done = Some(std::sync::Arc::new(done.clone()));
        }
        let result = match session.as_mut() {
            Some(s) => s.play(&batch, |g| walls.add_summary(g), |_, _| {}),
            None => output::play_games(&batch, false, |i, game| {
                done.insert(i);
                let g = match game.summary {
                    Some(g) => g,
                    None => crate::stats::standings::read::summarize(game.record.as_bytes())?,
                };
                walls.add_summary(&g);
                Ok(())
            }),
        };
        target = next;
        match result {
            Ok(n) => played += n,
            Err(e) => {
                stopped = Some(e);
                break;
            }
        }
        path = walls.path(plan.test);
        progress(&Progress { walls: path.all.n, games: kept_games + played, path: &path });
    }
    let mut finished = session.map(|s| s.finish(stopped.take()));
    if let Some(f) = finished.as_mut() {
        stopped = f.stopped.take();
    }
    Ok(Report { path, walls, played, finished, stopped })
}

/// One run of a calibration.
#[derive(Clone, Debug)]
pub struct RunResult {
    /// The run's wall seed.
    pub seed: u64,
    /// What the test accepted, if it decided.
    pub decision: Option<Hypothesis>,
    /// Walls the test used (to its decision, or all without one).
    pub walls: u64,
    /// Walls played (the last batch may go past the decision).
    pub played_walls: u64,
    /// The mean difference over the walls played, points per game.
    pub estimate: f64,
}

/// Many sequential runs of one pair, and the noise they measured.
pub struct Calibration {
    /// Each run, in seed order.
    pub runs: Vec<RunResult>,
    /// Every complete wall's difference, over all runs.
    pub wall_diff: Summary,
    /// Every game's difference, over all runs.
    pub game_diff: Summary,
}

/// `runs` sequential runs of `cfg` under `plan`, run `r` on the walls of
/// seed `cfg.seed + r`, no records kept; `each` after each run.
pub fn calibrate(
    cfg: &ArenaConfig,
    plan: &Plan,
    runs: u64,
    mut each: impl FnMut(&RunResult),
) -> Result<Calibration, ArenaError> {
    let mut out = Calibration { runs: Vec::new(), wall_diff: Summary::default(), game_diff: Summary::default() };
    for r in 0..runs {
        let mut c = cfg.clone();
        c.seed = cfg.seed.wrapping_add(r);
        let report = run(&c, plan, None, |_| {})?;
        if let Some(e) = report.stopped {
            return Err(e);
        }
        for (_, d) in report.walls.differences() {
            out.wall_diff.add(d);
        }
        out.game_diff = out.game_diff.merged(&report.walls.game_diff);
        let result = RunResult {
            seed: c.seed,
            decision: report.path.decision.map(|d| d.0),
            walls: report.path.decided.n,
            played_walls: report.path.all.n,
            estimate: report.path.all.mean,
        };
        each(&result);
        out.runs.push(result);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(cand_seats: &[usize]) -> [String; 4] {
        std::array::from_fn(|s| if cand_seats.contains(&s) { "c".to_string() } else { "b".to_string() })
    }

    #[test]
    fn a_wall_counts_once_complete() {
        let mut w = Walls::new("c", "b", 4);
        // Wall 0, the candidate in seat p of game p: it wins 24, loses 8,
        // draws, loses 8.
        w.add(0, &names(&[0]), &[24, -8, -8, -8]);
        w.add(0, &names(&[1]), &[-8, -8, 24, -8]);
        w.add(0, &names(&[2]), &[0, 0, 0, 0]);
        assert!(w.differences().is_empty(), "three games of four");
        w.add(0, &names(&[3]), &[-8, 24, -8, -8]);
        // Candidate: (24 - 8 + 0 - 8) / 4 = 2; baseline: (-24 + 8 + 0 + 8) / 12 = -2/3.
        let d = w.differences();
        assert_eq!(d.len(), 1);
        assert!((d[0].1 - 8.0 / 3.0).abs() < 1e-12, "{d:?}");
        // Wall 1 is incomplete: left out; a third bot's seat is not counted.
        let mut other = names(&[0]);
        other[3] = "x".into();
        w.add(1, &other, &[10, -10, 0, 0]);
        assert_eq!(w.differences().len(), 1);
        assert_eq!(w.started(), 2);
        // Per game: 32, -8 - 8/3, 0, -8 - 8/3, and 10 - (-10 + 0) / 2 = 15.
        assert_eq!(w.game_diff.n, 5);
        let want = (32.0 + 2.0 * (-8.0 - 8.0 / 3.0) + 0.0 + 15.0) / 5.0;
        assert!((w.game_diff.mean - want).abs() < 1e-12, "{} {want}", w.game_diff.mean);
    }
}
