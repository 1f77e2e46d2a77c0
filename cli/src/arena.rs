//! `mcr arena --bots BOTS.toml [--games N] [--seed S] -o OUT.jsonl[.gz] [--jobs J] [--keep-debug]`:
//! real bot programs play each other (src/arena); the records are written
//! in run order (`arena::run::output`: an existing OUT is continued), with a
//! progress bar on a terminal, then the standings are printed.
//! `mcr arena standings FILE...` is `mcr standings` (cli/src/standings.rs).
//! `--format 1v3|2v2` plays a candidate against a baseline (a bots file of
//! two entries), for `--walls W` or, with `--sprt D0,D1`, until the
//! sequential test decides (`arena::run::sequential`). `mcr arena calibrate`
//! repeats such tests without records and reports their error rates and
//! the noise of the per-wall difference.

use std::path::PathBuf;
use std::process::ExitCode;

use mcr_engine::arena::duplicate::Format;
use mcr_engine::arena::program::spec;
use mcr_engine::arena::run::output::{self, Out};
use mcr_engine::arena::run::sequential::{self, Plan};
use mcr_engine::arena::stats::sprt::{self, Sprt};
use mcr_engine::arena::stats::standings::format;
use mcr_engine::arena::{self, ArenaConfig, ArenaError, SeatSpec};

use super::CliError;

/// The error of a run that cannot write into its output as it is.
fn output_failed(e: ArenaError) -> CliError {
    CliError::failed("arena", format!("{e} (give another -o, or delete the file to start over)"))
}

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Sub>,
    /// The bots file: four `[[bot]]` entries, seat i the i-th (docs/src/arena.md).
    #[arg(long, required = true)]
    pub bots: Option<PathBuf>,
    /// Games to play.
    #[arg(long, default_value_t = 1)]
    pub games: u64,
    /// Seed of the walls and prevalent winds.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output file (.jsonl, or .jsonl.gz to compress); `-` for stdout.
    #[arg(short, long, required = true)]
    pub output: Option<PathBuf>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Duplicate format: each of `--walls` walls under all 24 seatings of the
    /// four entries, quan 0-3 six games each (docs/src/arena.md, "Tournaments").
    #[arg(long, requires = "walls", conflicts_with_all = ["games", "format"])]
    pub duplicate: bool,
    /// A candidate against a baseline (the bots file's two entries, in that
    /// order): `1v3` the candidate in each seat in turn, `2v2` in each pair
    /// of seats; every game of a wall on the same tiles.
    #[arg(long, value_name = "1v3|2v2", value_parser = parse_format, conflicts_with = "games")]
    pub format: Option<Format>,
    /// Walls of a duplicate or --format run.
    #[arg(long)]
    pub walls: Option<u64>,
    /// The sequential test: H0 the candidate's mean score per game minus the
    /// baseline's is at most D0, H1 at least D1 (with --format).
    #[arg(long, value_name = "D0,D1", requires = "format", conflicts_with = "walls")]
    pub sprt: Option<String>,
    /// The test's rate of accepting H1 when the difference is D0.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// The test's rate of accepting H0 when the difference is D1.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
    /// The most walls a sequential test plays (then it stops with no decision).
    #[arg(long, default_value_t = 10_000, requires = "sprt")]
    pub max_walls: u64,
    /// Play only the games whose index modulo N is I (`I/N`; duplicate and
    /// --format runs; a sharded --sprt run plays its share of --max-walls,
    /// and `mcr standings` on the shards' files decides the test).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<arena::duplicate::Shard>,
    /// Keep each answer's `debug` (at most 1 KB) in the records.
    #[arg(long)]
    pub keep_debug: bool,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

#[derive(clap::Subcommand)]
pub enum Sub {
    /// Tournament standings from arena records (the same as `mcr standings`).
    Standings(super::standings::Args),
    /// Repeats a sequential test of a pair without records (error rates,
    /// walls used), or plays --walls walls once (the noise of a format).
    Calibrate(CalibrateArgs),
}

/// `mcr arena calibrate`.
#[derive(clap::Args)]
pub struct CalibrateArgs {
    /// A bots file of two entries: the candidate, then the baseline.
    #[arg(long)]
    pub bots: PathBuf,
    #[arg(long, value_name = "1v3|2v2", value_parser = parse_format)]
    pub format: Format,
    /// The test of each run (as `mcr arena --sprt`).
    #[arg(long, value_name = "D0,D1", conflicts_with = "walls")]
    pub sprt: Option<String>,
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    #[arg(long, default_value_t = 10_000)]
    pub max_walls: u64,
    /// Sequential runs, run r on the walls of seed S + r.
    #[arg(long, default_value_t = 200)]
    pub runs: u64,
    /// Without --sprt: play this many walls once and report the noise.
    #[arg(long)]
    pub walls: Option<u64>,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Print each run.
    #[arg(long)]
    pub verbose: bool,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

fn parse_format(s: &str) -> Result<Format, String> {
    match Format::parse(s) {
        Some(f) if f.is_pair() => Ok(f),
        _ => Err(format!("`{s}`: 1v3 or 2v2 (four-bot duplicate runs: --duplicate)")),
    }
}

/// The four seats of a pair format: 1v3 the candidate then three copies of
/// the baseline, 2v2 two of each.
fn pair_seats(entries: &[spec::BotEntry], format: Format) -> [SeatSpec; 4] {
    let (c, b) = (entries[0].seat(), entries[1].seat());
    match format {
        Format::TwoVsTwo => [c.clone(), c, b.clone(), b],
        _ => [c, b.clone(), b.clone(), b],
    }
}

fn test_of(bounds: &str, alpha: f64, beta: f64) -> Result<Sprt, sprt::SprtError> {
    let (d0, d1) = Sprt::parse_bounds(bounds)?;
    Sprt::new(d0, d1, alpha, beta)
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    let (bots_file, output) = match (args.command, args.bots, args.output) {
        (Some(Sub::Standings(a)), _, _) => return super::standings::run(a, max_line_bytes),
        (Some(Sub::Calibrate(a)), _, _) => return calibrate(a, max_line_bytes),
        (None, Some(b), Some(o)) => (b, o),
        // clap requires both when there is no subcommand.
        _ => return Err(CliError::input("arena", "give --bots BOTS.toml and -o OUT")),
    };
    let specs = spec::load_n(&bots_file, if args.format.is_some() { 2 } else { 4 })
        .map_err(|e| CliError::failed("arena", e))?;
    let format = args.format.unwrap_or(Format::Duplicate);
    let seats: [SeatSpec; 4] =
        if args.format.is_some() { pair_seats(&specs, format) } else { std::array::from_fn(|i| specs[i].seat()) };
    let walled = args.duplicate || args.format.is_some();
    if args.shard.is_some() && !walled {
        return Err(CliError::failed("arena", "--shard is for --duplicate and --format runs"));
    }
    if args.walls.is_some() && !walled {
        return Err(CliError::failed("arena", "--walls is for --duplicate and --format runs"));
    }
    let (games, duplicate) = match (walled, args.walls, &args.sprt) {
        (true, Some(w), _) => match w.checked_mul(format.games_per_wall()) {
            Some(g) => (g, Some(args.shard.unwrap_or(arena::duplicate::Shard::ALL))),
            None => return Err(CliError::failed("arena", format!("--walls {w} is too many"))),
        },
        (true, None, Some(_)) => (0, Some(args.shard.unwrap_or(arena::duplicate::Shard::ALL))),
        (true, None, None) => {
            let what = if args.duplicate { "duplicate" } else { "format" };
            return Err(CliError::failed("arena", format!("--{what} needs --walls W (or --sprt D0,D1)")));
        }
        _ => (args.games, None),
    };
    let cfg = ArenaConfig {
        seats,
        games,
        seed: args.seed,
        jobs: args.jobs as usize,
        keep_debug: args.keep_debug,
        profile: args.rules.rules,
        duplicate,
        format,
        sprt: None,
        done: None,
        max_line_bytes,
    };
    arena::install_interrupt_handler();
    let out = if output.as_os_str() == "-" { Out::Stdout } else { Out::File(&output) };
    if let Some(bounds) = &args.sprt {
        let test =
            test_of(bounds, args.alpha, args.beta).map_err(|e| CliError::failed("arena", format!("--sprt {e}")))?;
        let plan = Plan { test, max_walls: args.max_walls, batch_walls: sprt::MIN_WALLS };
        return run_sprt(&cfg, &plan, out, &output);
    }
    let bar = progress_bar();
    let started = std::time::Instant::now();
    let finished = match output::run_into(&cfg, out, |done, total| {
        if let Some(b) = &bar {
            b.set_length(total);
            b.set_position(done);
        }
    }) {
        Ok(f) => f,
        Err(e @ ArenaError::CannotStart { .. }) => {
            return Err(CliError::failed("arena", format!("{}: {e}; no game was played", bots_file.display())));
        }
        Err(e) => return Err(output_failed(e)),
    };
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Some(d) = &finished.dropped {
        eprintln!("arena: {}: the cut last record ({d}) was dropped and is played again", output.display());
    }
    if finished.kept > 0 {
        eprintln!("arena: {}: continued after its {} records", output.display(), finished.kept);
    }
    for p in &finished.problems {
        eprintln!("arena: {p}");
    }
    eprint!("{}", format::text(&finished.standings));
    let bot_turns: u64 = finished.standings.bots.iter().filter_map(|b| b.time_ms.as_ref()).map(|t| t.turns).sum();
    if finished.played > 0 && bot_turns > 0 {
        eprintln!(
            "arena: {:.1} s, its own CPU {:.1} µs per bot turn (the bots' not counted)",
            started.elapsed().as_secs_f64(),
            own_cpu_seconds() * 1e6 / bot_turns as f64
        );
    }
    eprintln!(
        "arena: {} records written to {} ({} in all; bots tracked by {})",
        finished.played,
        output.display(),
        finished.kept + finished.played,
        arena::program::sandbox::tracking().describe()
    );
    stopped(finished.stopped, "every bot process was stopped; the same command continues")
}

/// The end of a run: done, interrupted (the records kept; `then`: what
/// was stopped and how to go on) or stopped by an error.
fn stopped(stopped: Option<ArenaError>, then: &str) -> Result<ExitCode, CliError> {
    match stopped {
        None => Ok(ExitCode::SUCCESS),
        Some(ArenaError::Interrupted { done }) => {
            Err(CliError::interrupted("arena", format!("interrupted after {done} games; {then}")))
        }
        Some(e) => Err(CliError::failed("arena", e)),
    }
}

/// A bar of games done, games/s and ETA, when standard error is a terminal.
fn progress_bar() -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::stderr());
    let style = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games  {per_sec}  ETA {eta}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    Some(bar)
}

/// CPU time of this process (user + system), its children's not included.
fn own_cpu_seconds() -> f64 {
    // SAFETY: `rusage` is a plain C struct of integers, for which all zero
    // bytes is a valid value.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes only into the `rusage` it is given, which is
    // a valid, exclusively borrowed value that outlives the call.
    unsafe {
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
    }
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// `--sprt`: the sequential run, its LLR after each batch, the decision.
fn run_sprt(cfg: &ArenaConfig, plan: &Plan, out: Out<'_>, output: &std::path::Path) -> Result<ExitCode, CliError> {
    let t = plan.test;
    eprintln!(
        "arena: SPRT H0 diff <= {} vs H1 diff >= {} (points per game), alpha {}, beta {}; LLR bounds [{:.3}, {:.3}]; {} vs {}, {} walls at most",
        t.d0,
        t.d1,
        t.alpha,
        t.beta,
        t.lower(),
        t.upper(),
        cfg.seats[0].name(),
        cfg.seats[3].name(),
        plan.max_walls
    );
    let report = match sequential::run(cfg, plan, Some(out), |p| {
        eprintln!(
            "arena: walls {:>6}  games {:>7}  LLR {:>7.3}  [{:.3}, {:.3}]  diff {:+.2}",
            p.walls,
            p.games,
            p.path.last_llr(),
            p.path.lower,
            p.path.upper,
            p.path.all.mean
        );
    }) {
        Ok(r) => r,
        Err(e @ ArenaError::CannotStart { .. }) => {
            return Err(CliError::failed("arena", format!("{e}; no game was played")));
        }
        Err(e) => return Err(output_failed(e)),
    };
    if let Some(f) = &report.finished {
        if let Some(d) = &f.dropped {
            eprintln!("arena: {}: the cut last record ({d}) was dropped and is played again", output.display());
        }
        if f.kept > 0 {
            eprintln!("arena: {}: continued after its {} records", output.display(), f.kept);
        }
        for p in &f.problems {
            eprintln!("arena: {p}");
        }
        // The test is printed below, from the run itself.
        let mut table = f.standings.clone();
        table.sprt = None;
        eprint!("{}", format::text(&table));
    }
    let r = mcr_engine::arena::stats::standings::SprtReport::of(&report.path, &report.walls, cfg.format.name());
    print!("{}", format::sprt_text(&r));
    eprintln!("arena: {} games played, written to {}", report.played, output.display());
    stopped(report.stopped, "the same command continues the test")
}

/// `mcr arena calibrate`.
fn calibrate(a: CalibrateArgs, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    const COMMAND: &str = "arena calibrate";
    let specs = spec::load_n(&a.bots, 2).map_err(|e| CliError::failed(COMMAND, e))?;
    let seats = pair_seats(&specs, a.format);
    let per_wall = a.format.games_per_wall();
    let mut cfg = ArenaConfig {
        seats,
        games: 0,
        seed: a.seed,
        jobs: a.jobs as usize,
        keep_debug: false,
        profile: a.rules.rules,
        duplicate: Some(arena::duplicate::Shard::ALL),
        format: a.format,
        sprt: None,
        done: None,
        max_line_bytes,
    };
    arena::install_interrupt_handler();
    let started = std::time::Instant::now();
    let (test, runs, max_walls) = match (&a.sprt, a.walls) {
        (Some(b), _) => {
            let t = test_of(b, a.alpha, a.beta).map_err(|e| CliError::failed(COMMAND, format!("--sprt {e}")))?;
            (t, a.runs, a.max_walls)
        }
        // One run of exactly W walls: a test that cannot decide.
        (None, Some(w)) => (Sprt { d0: 0.0, d1: f64::MIN_POSITIVE, alpha: 1e-300, beta: 1e-300 }, 1, w),
        (None, None) => {
            return Err(CliError::failed(COMMAND, "give --sprt D0,D1 (sequential runs) or --walls W (the noise)"));
        }
    };
    cfg.sprt = Some(test);
    let plan = Plan { test, max_walls, batch_walls: if a.sprt.is_some() { sprt::MIN_WALLS } else { max_walls } };
    let (cand, base) = (specs[0].name().to_string(), specs[1].name().to_string());
    println!("calibrate: {cand} vs {base}, format {}, seeds {}..{}", a.format.name(), a.seed, a.seed + runs);
    let mut done = 0;
    let result = sequential::calibrate(&cfg, &plan, runs, |r| {
        done += 1;
        if a.verbose {
            println!(
                "run {done:>4} seed {:>6}: {:<4} walls {:>5} (played {:>5}) diff {:+.2}",
                r.seed,
                r.decision.map_or("none", |h| h.name()),
                r.walls,
                r.played_walls,
                r.estimate
            );
        } else if done % 10 == 0 {
            eprintln!("calibrate: {done}/{runs} runs, {:.0} s", started.elapsed().as_secs_f64());
        }
    });
    let c = result.map_err(|e| CliError::failed(COMMAND, e))?;
    let sd_wall = c.wall_diff.sd();
    let sd_plain = c.game_diff.sd() / (per_wall as f64).sqrt();
    if a.sprt.is_some() {
        let n = c.runs.len() as f64;
        let share = |h| c.runs.iter().filter(|r| r.decision == Some(h)).count() as f64 / n;
        let h1 = share(sprt::Hypothesis::H1);
        let h0 = share(sprt::Hypothesis::H0);
        let mean_walls = c.runs.iter().map(|r| r.walls as f64).sum::<f64>() / n;
        let mut sorted: Vec<u64> = c.runs.iter().map(|r| r.walls).collect();
        sorted.sort();
        let fixed = test.fixed_walls(sd_wall);
        println!(
            "calibrate: SPRT [{}, {}] alpha {} beta {}: {} runs: H1 {:.1}% (+-{:.1}), H0 {:.1}%, none {:.1}%",
            test.d0,
            test.d1,
            test.alpha,
            test.beta,
            c.runs.len(),
            100.0 * h1,
            100.0 * 1.96 * (h1 * (1.0 - h1) / n).sqrt(),
            100.0 * h0,
            100.0 * (1.0 - h0 - h1).max(0.0)
        );
        println!(
            "calibrate: walls used: mean {:.1}, median {}, max {} ({:.0} games on average); fixed-size test of the same alpha and power: {:.0} walls ({:.0} games)",
            mean_walls,
            sorted[sorted.len() / 2],
            sorted[sorted.len() - 1],
            mean_walls * per_wall as f64,
            fixed.ceil(),
            fixed.ceil() * per_wall as f64
        );
    }
    println!(
        "calibrate: {} walls, {} games: difference {:+.3} points per game; sd per wall {:.2} (shared tiles), {:.2} if the wall's games had their own walls (per-game sd {:.2} / sqrt({per_wall}))",
        c.wall_diff.n,
        c.game_diff.n,
        c.wall_diff.mean,
        sd_wall,
        sd_plain,
        c.game_diff.sd()
    );
    let z = 2.0 * sprt::normal_quantile(0.95);
    for delta in [1.0, 2.0, 5.0] {
        let w = (z * sd_wall / delta).powi(2).ceil();
        let p = (z * sd_plain / delta).powi(2).ceil();
        println!(
            "calibrate: to detect {delta} point(s) per game (one-sided 5%, power 95%): {:.0} games ({w:.0} walls); {:.0} games with unshared walls",
            w * per_wall as f64,
            p * per_wall as f64
        );
    }
    eprintln!("calibrate: {:.1} s", started.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}
