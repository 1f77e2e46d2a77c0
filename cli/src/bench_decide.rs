//! `mcr bench decide [FILE]`: the decision analysis timed on real game
//! states (every own-draw decision of the records' games, at its real
//! draws left), one at a time on one thread: median, p99 and max ms per
//! decision. `--error`: the deeper-horizon search against the exact search
//! on the same states cut to 3 and 4 draws left.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use mcr_engine::analysis::decide::{decide_with, record_decisions, Decision, Options, RecordDecision};
use mcr_engine::record::{GameRecord, Records};

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
    /// Game records (.jsonl or .jsonl.gz).
    #[arg(default_value = "tests/data/games.jsonl.gz")]
    pub file: PathBuf,
    /// Games read (from the start of the file).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Keep every Nth decision.
    #[arg(long, default_value_t = 1)]
    pub every: usize,
    /// Exact search up to this many draws left.
    #[arg(long, default_value_t = Options::default().exact_draws)]
    pub exact_draws: u32,
    /// Hands searched per decision past the exact draws.
    #[arg(long, default_value_t = Options::default().node_budget)]
    pub node_budget: usize,
    /// Measure the deeper search's error at 3 and 4 draws left instead.
    #[arg(long)]
    pub error: bool,
    /// How many of the slowest decisions to list.
    #[arg(long, default_value_t = 3)]
    pub show: usize,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

const COMMAND: &str = "mcr bench decide";

fn load(args: &Args, max_line_bytes: usize) -> Result<Vec<RecordDecision>, CliError> {
    let records =
        Records::<GameRecord>::open_with(&args.file, max_line_bytes).map_err(|e| CliError::failed(COMMAND, e))?;
    let mut out = Vec::new();
    for item in records.take(args.games) {
        let rec = item.map_err(|e| CliError::failed(COMMAND, e))?;
        let profile =
            args.rules.for_record(rec.record.rules).map_err(|c| CliError::failed(COMMAND, super::conflict_hint(&c)))?;
        let (decisions, _) = record_decisions(&rec.record, profile);
        out.extend(decisions);
    }
    Ok(out.into_iter().step_by(args.every.max(1)).collect())
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    let decisions = load(&args, max_line_bytes)?;
    let profile = args.rules.profile();
    if args.error {
        return Ok(error(&decisions, profile, args.node_budget));
    }
    let options = Options { exact_draws: args.exact_draws, node_budget: args.node_budget };
    let mut times = Vec::with_capacity(decisions.len());
    let mut budget_hits = 0;
    for d in &decisions {
        let t0 = Instant::now();
        let r = decide_with(profile, &d.state, options)
            .map_err(|e| CliError::failed(COMMAND, format!("turn {} seat {}: {e}", d.turn, d.seat)))?;
        budget_hits += r.budget_hit as usize;
        times.push((t0.elapsed().as_secs_f64() * 1e3, d));
    }
    let mut ms: Vec<f64> = times.iter().map(|t| t.0).collect();
    ms.sort_by(f64::total_cmp);
    let total: f64 = ms.iter().sum();
    println!(
        "bench decide: {} decisions of {} games, draws_left as recorded, one thread (exact up to {}, node budget {})",
        ms.len(),
        args.games,
        options.exact_draws,
        options.node_budget
    );
    println!(
        "  ms per decision: median {:.3}  p90 {:.3}  p99 {:.3}  max {:.3}  mean {:.3}",
        percentile(&ms, 0.5),
        percentile(&ms, 0.9),
        percentile(&ms, 0.99),
        ms.last().copied().unwrap_or(0.0),
        total / ms.len().max(1) as f64
    );
    println!("  node budget reached: {budget_hits} decisions");
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (t, d) in times.iter().take(args.show) {
        let hand: Vec<&str> = d.state.hand.iter().map(|t| t.name()).collect();
        println!(
            "  slow: {t:.1} ms  draws_left {}  packs {}  {}",
            d.state.draws_left,
            d.state.packs.len(),
            hand.join(" ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The deeper search against the exact one at 3 and 4 draws left.
fn error(decisions: &[RecordDecision], profile: &'static mcr_engine::fans::Profile, budget: usize) -> ExitCode {
    let exact = Options { exact_draws: 4, node_budget: budget };
    let deep = Options { exact_draws: 2, node_budget: budget };
    println!("deeper search (exact up to 2 draws) against the exact search, {} states of the records", decisions.len());
    for draws in [3u32, 4] {
        let (mut n, mut rows) = (0usize, 0usize);
        let (mut wp_abs, mut ep_abs, mut wp_max, mut ep_max) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        let (mut same_best, mut regret, mut best_sum, mut min_same) = (0usize, 0.0f64, 0.0f64, 0usize);
        let (mut t_exact, mut t_deep) = (0.0f64, 0.0f64);
        for d in decisions {
            let mut state = d.state.clone();
            if state.draws_left < draws {
                continue;
            }
            state.draws_left = draws;
            let t0 = Instant::now();
            let (Ok(a), t1) = (decide_with(profile, &state, exact), Instant::now()) else { continue };
            let Ok(b) = decide_with(profile, &state, deep) else { continue };
            t_exact += (t1 - t0).as_secs_f64();
            t_deep += t1.elapsed().as_secs_f64();
            n += 1;
            for (x, y) in a.discards.iter().zip(&b.discards) {
                rows += 1;
                wp_abs += (x.win_prob - y.win_prob).abs();
                ep_abs += (x.exp_points - y.exp_points).abs();
                wp_max = wp_max.max((x.win_prob - y.win_prob).abs());
                ep_max = ep_max.max((x.exp_points - y.exp_points).abs());
                min_same += (x.min_draws == y.min_draws) as usize;
            }
            let best = |d: &Decision| d.best_by_points().map(|r| r.tile);
            let (ba, bb) = (best(&a), best(&b));
            same_best += (ba == bb) as usize;
            let points_of = |t| a.discards.iter().find(|r| Some(r.tile) == t).map_or(0.0, |r| r.exp_points);
            regret += points_of(ba) - points_of(bb);
            best_sum += points_of(ba);
        }
        let per = |x: f64, k: usize| x / k.max(1) as f64;
        println!(
            "  draws_left {draws}: {n} states, {rows} discards: win_prob error mean {:.2e} max {:.2e}; exp_points error mean {:.4} max {:.3}; min_draws equal {:.1}%",
            per(wp_abs, rows),
            wp_max,
            per(ep_abs, rows),
            ep_max,
            100.0 * per(min_same as f64, rows)
        );
        println!(
            "    best discard by exp_points the same in {:.1}% of states; exp_points lost by the deeper search's choice {:.4} per state ({:.2}% of the best's {:.4}); ms per state exact {:.2}, deeper {:.2}",
            100.0 * per(same_best as f64, n),
            per(regret, n),
            100.0 * regret / best_sum.max(1e-300),
            per(best_sum, n),
            1e3 * per(t_exact, n),
            1e3 * per(t_deep, n)
        );
    }
    ExitCode::SUCCESS
}
