//! `mcr bench table`: the `table` built-in's time per decision, in games
//! played in process. One seat is the `table` built-in, the three others
//! the `decide` built-in; each deal is played four times, the `table` seat
//! moving round the table. Every decision the `table` seat is asked (two
//! or more legal actions: the built-in's `decide` call) is timed, until
//! `--decisions` are; one thread. Prints the decisions, the median, p90,
//! p99 and max milliseconds and the share over 900 ms (the margin under
//! Botzone's one second a turn).

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use mcr_engine::arena::policy::builtin::{Builtin, Decision, Kind};
use mcr_engine::arena::policy::table::TableBudget;
use mcr_engine::arena::run::local::decide_answer;
use mcr_engine::arena::{duplicate, play_one, ArenaConfig, BoxError, LocalPlayer, Seat, SeatSpec, SeatTurn};

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
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

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.decisions == 0 || args.worlds == 0 {
        return Err(CliError::failed(COMMAND, "--decisions and --worlds must be 1 or more"));
    }
    let budget = TableBudget { worlds: args.worlds, ..TableBudget::default() };
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
    let ms = &mut t.ms;
    ms.sort_by(f64::total_cmp);
    let slow = ms.iter().filter(|&&x| x > SLOW_MS).count();
    println!(
        "bench table: {} decisions of the table built-in ({} worlds, {} ms) in {games} games against three decide \
         built-ins, one thread, rules {}, {:.0} s",
        ms.len(),
        budget.worlds,
        budget.time_limit.as_millis(),
        args.rules.rules.name,
        elapsed.as_secs_f64()
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
    Ok(ExitCode::SUCCESS)
}
