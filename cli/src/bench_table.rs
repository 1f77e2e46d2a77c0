//! `mcr bench table [GAMES...]`: the `table` built-in's time per decision.
//!
//! - With no games, in games played in process. One seat is the `table`
//!   built-in, the three others the `decide` built-in; each deal is played
//!   four times, the `table` seat moving round the table. Every decision
//!   the `table` seat is asked (two or more legal actions: the built-in's
//!   `decide` call) is timed, until `--decisions` are.
//! - With games (read as every command reads them: records, Botzone
//!   downloads, folders), at the states of those games: every decision of
//!   every seat with two or more legal answers, in turn order, the policy's
//!   move timed (`table_move`, as `mcr bot --policy table` plays it).
//!
//! One thread. Prints the decisions, the median, p90, p99 and max
//! milliseconds and the share over 900 ms (the margin under Botzone's one
//! second a turn).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use mcr_engine::analysis::table::record_points;
use mcr_engine::arena::policy::builtin::{Builtin, Decision, Kind};
use mcr_engine::arena::policy::table::{table_move, TableBudget};
use mcr_engine::arena::run::local::decide_answer;
use mcr_engine::arena::{duplicate, play_one, ArenaConfig, BoxError, LocalPlayer, Seat, SeatSpec, SeatTurn};
use mcr_engine::input::par_games;
use mcr_engine::record::par::ParOptions;
use mcr_engine::record::{parse_line, GameRecord, Selection};
use mcr_engine::table::hand_sizes;

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
    /// Games whose decisions are timed (records, Botzone downloads, folders);
    /// none: games against three `decide` built-ins.
    pub games: Vec<PathBuf>,
    /// Decisions of the `table` seat to time.
    #[arg(long, default_value_t = 10_000)]
    pub decisions: usize,
    /// Seed of the deals and of the built-ins' tie-breaks.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worlds per candidate of the `table` built-in (its default budget's).
    #[arg(long, default_value_t = TableBudget::default().worlds)]
    pub worlds: usize,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

const COMMAND: &str = "mcr bench table";

/// Milliseconds over which a decision counts as slow: Botzone gives a bot
/// one second a turn.
const SLOW_MS: f64 = 900.0;

/// The decision times, shared by the timed seat and the loop.
struct Timing {
    ms: Vec<f64>,
    wanted: usize,
    bar: Option<indicatif::ProgressBar>,
}

/// A seat playing a built-in; the timed one records each decision's time
/// until enough are, then plays greedy (untimed) to finish its game fast.
struct BenchSeat {
    policy: Builtin,
    budget: TableBudget,
    timing: Option<Arc<Mutex<Timing>>>,
}

impl LocalPlayer for BenchSeat {
    fn answer(&mut self, turn: &SeatTurn<'_>) -> Result<String, BoxError> {
        decide_answer(turn, |pending, mask| {
            let d = Decision { engine: turn.engine, seen: turn.seen, seat: turn.seat, pending, mask };
            let Some(timing) = &self.timing else { return Ok(self.policy.decide(&d)) };
            let full = timing.lock().map_or(true, |t| t.ms.len() >= t.wanted);
            if full {
                return Ok(Builtin::new(Kind::Greedy, self.policy.seed).decide(&d));
            }
            let t0 = Instant::now();
            let a = self.policy.decide_with(&d, self.budget);
            let ms = t0.elapsed().as_secs_f64() * 1e3;
            if let Ok(mut t) = timing.lock() {
                t.ms.push(ms);
                if let Some(bar) = &t.bar {
                    bar.inc(1);
                }
            }
            Ok(a)
        })
    }
}

/// A bar of decisions timed, when standard error is a terminal.
fn progress_bar(len: usize) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(Some(len as u64), indicatif::ProgressDrawTarget::stderr());
    let style = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} decisions  {per_sec}  ETA {eta}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    Some(bar)
}

/// The `q` quantile of `sorted` (the nearest rank).
fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    if args.decisions == 0 || args.worlds == 0 {
        return Err(CliError::failed(COMMAND, "--decisions and --worlds must be 1 or more"));
    }
    let budget = TableBudget { worlds: args.worlds, ..TableBudget::default() };
    if !args.games.is_empty() {
        return real_states(&args, budget, max_line_bytes);
    }
    let table = Builtin::new(Kind::Table, args.seed);
    let decide = Builtin::new(Kind::Decide, args.seed);
    let timing = Arc::new(Mutex::new(Timing {
        ms: Vec::with_capacity(args.decisions),
        wanted: args.decisions,
        bar: progress_bar(args.decisions),
    }));
    let done = |t: &Arc<Mutex<Timing>>| t.lock().map_or(true, |t| t.ms.len() >= t.wanted);
    let start = Instant::now();
    let mut games = 0u64;
    while !done(&timing) {
        // Deal `games / 4`, the table seat at `games % 4`.
        let table_seat = (games % 4) as usize;
        let spec = |s: usize| {
            let (name, policy) = if s == table_seat { ("table", table) } else { ("decide", decide) };
            SeatSpec::Native { name: name.to_string(), policy: Arc::new(policy) }
        };
        let cfg = ArenaConfig {
            seats: std::array::from_fn(spec),
            games: u64::MAX,
            seed: args.seed,
            jobs: 1,
            keep_debug: false,
            profile: args.rules.rules,
            duplicate: None,
            format: duplicate::Format::Duplicate,
            sprt: None,
            done: None,
            max_line_bytes: mcr_engine::record::DEFAULT_MAX_LINE_BYTES,
        };
        let mut seats: [Seat; 4] = std::array::from_fn(|s| {
            let timed = s == table_seat;
            Seat::Local(Box::new(BenchSeat {
                policy: if timed { table } else { decide },
                budget,
                timing: timed.then(|| timing.clone()),
            }))
        });
        play_one(&cfg, games / 4, &mut seats)
            .map_err(|e| CliError::failed(COMMAND, format!("game {games} (deal {}): {e}", games / 4)))?;
        games += 1;
    }
    let elapsed = start.elapsed();
    let mut t = timing.lock().map_err(|_| CliError::failed(COMMAND, "a seat panicked"))?;
    if let Some(bar) = t.bar.take() {
        bar.finish_and_clear();
    }
    let what = format!("in {games} games against three decide built-ins");
    report(&mut t.ms, budget, &what, args.rules.rules.name, elapsed.as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

/// Times the policy at every decision of the games of `args.games`, until
/// `args.decisions` are timed.
fn real_states(args: &Args, budget: TableBudget, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    let selection = Selection { profile: Some(args.rules.rules), ..Selection::default() };
    let inputs = super::open_inputs("bench table", &args.games, max_line_bytes);
    let options = ParOptions { max_line_bytes, jobs: Some(1), ..ParOptions::default() };
    let mut ms: Vec<f64> = Vec::with_capacity(args.decisions.min(1 << 16));
    let (mut games, mut failed) = (0usize, false);
    let bar = progress_bar(args.decisions);
    let start = Instant::now();
    // Decisions timed so far: the worker stops timing once enough are.
    let timed = AtomicUsize::new(0);
    // One worker: each game's decisions are timed on it, one at a time.
    let work = |_: &mut (), file: &Path, line: usize, bytes: &[u8]| -> Result<Vec<f64>, String> {
        let record = parse_line::<GameRecord>(file, line, bytes).map_err(|e| super::hinted(&e))?;
        let at = format!("{}:{line}: game {}", file.display(), record.game_id);
        let profile = selection.rules_for(&record).map_err(|c| format!("{at}: {}", super::conflict_hint(&c)))?.0;
        let points = record_points(&record, profile);
        let mut times = Vec::with_capacity(points.points.len());
        for p in &points.points {
            if timed.fetch_add(1, Ordering::Relaxed) >= args.decisions {
                return Ok(times);
            }
            let t0 = Instant::now();
            let m = table_move(&p.engine, p.seat, hand_sizes(&p.engine), &p.actions, budget, p.seed(args.seed));
            times.push(t0.elapsed().as_secs_f64() * 1e3);
            if !p.actions.contains(&m) {
                return Err(format!("{at}: turn {} seat {}: a move not legal", p.turn, p.seat));
            }
        }
        match points.stop {
            Some(s) => Err(format!("{at}: the replay stopped after {} decisions: {s}", times.len())),
            None => Ok(times),
        }
    };
    let done = par_games(
        &inputs,
        &options,
        || (),
        work,
        |_, _, result| {
            if ms.len() >= args.decisions {
                return;
            }
            match result.map_err(|e| super::hinted(&e)).and_then(|r| r) {
                Ok(times) => {
                    games += 1;
                    let take = times.len().min(args.decisions - ms.len());
                    ms.extend_from_slice(&times[..take]);
                    if let Some(bar) = &bar {
                        bar.inc(take as u64);
                    }
                }
                Err(e) => {
                    eprintln!("{COMMAND}: {e}");
                    failed = true;
                }
            }
        },
    );
    done.map_err(|e| CliError::failed(COMMAND, format!("cannot start the worker thread: {e}")))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if ms.is_empty() {
        return Err(CliError::failed(COMMAND, "no decision in the games read"));
    }
    let what = format!("at the states of {games} game{}, every seat", if games == 1 { "" } else { "s" });
    report(&mut ms, budget, &what, args.rules.rules.name, start.elapsed().as_secs_f64());
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Prints the summary of the decision times `ms`.
fn report(ms: &mut [f64], budget: TableBudget, what: &str, rules: &str, seconds: f64) {
    ms.sort_by(f64::total_cmp);
    let slow = ms.iter().filter(|&&x| x > SLOW_MS).count();
    println!(
        "bench table: {} decisions of the table built-in ({} worlds, {} ms) {what}, one thread, rules {rules}, \
         {seconds:.0} s",
        ms.len(),
        budget.worlds,
        budget.time_limit.as_millis(),
    );
    println!(
        "  ms per decision: median {:.1}  p90 {:.1}  p99 {:.1}  max {:.1}  mean {:.1}",
        percentile(ms, 0.5),
        percentile(ms, 0.9),
        percentile(ms, 0.99),
        ms.last().copied().unwrap_or(0.0),
        ms.iter().sum::<f64>() / ms.len().max(1) as f64
    );
    println!("  over {SLOW_MS:.0} ms: {slow} decisions ({:.2}%)", 100.0 * slow as f64 / ms.len().max(1) as f64);
}
