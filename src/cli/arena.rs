//! `mcr arena --bots BOTS.toml [--games N] [--seed S] -o OUT.jsonl[.gz] [--jobs J] [--keep-debug]`:
//! real bot programs play each other (src/arena); the records are written
//! in run order (`arena::output`: an existing OUT is continued), with a
//! progress bar on a terminal, then the standings are printed.
//! `mcr arena standings FILE...` is `mcr standings` (src/cli/standings.rs).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use mcr_engine::arena::output::{self, Out};
use mcr_engine::arena::standings::format;
use mcr_engine::arena::{self, bots, ArenaConfig, ArenaError, SeatSpec};

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Sub>,
    /// The bots file: four [[bot]] entries, seat i the i-th (docs/src/arena.md).
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
    #[arg(long, requires = "walls", conflicts_with = "games")]
    pub duplicate: bool,
    /// Walls of a duplicate run.
    #[arg(long, requires = "duplicate")]
    pub walls: Option<u64>,
    /// Play only the games whose index modulo N is I (`I/N`; duplicate runs).
    #[arg(long, value_name = "I/N", requires = "duplicate")]
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
}

pub fn run(args: Args, max_line_bytes: usize) -> ExitCode {
    let (bots_file, output) = match (args.command, args.bots, args.output) {
        (Some(Sub::Standings(a)), _, _) => return super::standings::run(a, max_line_bytes),
        (None, Some(b), Some(o)) => (b, o),
        // clap requires both when there is no subcommand.
        _ => return ExitCode::FAILURE,
    };
    let specs = match bots::load(&bots_file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let seats: [SeatSpec; 4] = std::array::from_fn(|i| SeatSpec::Bot(Arc::new(specs[i].clone())));
    let (games, duplicate) = match (args.duplicate, args.walls) {
        (true, Some(w)) => match w.checked_mul(arena::duplicate::GAMES_PER_WALL) {
            Some(g) => (g, Some(args.shard.unwrap_or(arena::duplicate::Shard::ALL))),
            None => {
                eprintln!("arena: --walls {w} is too many");
                return ExitCode::FAILURE;
            }
        },
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
        done: None,
        max_line_bytes,
    };
    arena::install_interrupt_handler();
    let out = if output.as_os_str() == "-" { Out::Stdout } else { Out::File(&output) };
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
            eprintln!("arena: {}: {e}; no game was played", bots_file.display());
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("arena: {e} (give another -o, or delete the file to start over)");
            return ExitCode::FAILURE;
        }
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
        arena::sandbox::tracking().describe()
    );
    match finished.stopped {
        None => ExitCode::SUCCESS,
        Some(ArenaError::Interrupted { done }) => {
            eprintln!(
                "arena: interrupted after {done} games; every bot process was stopped; the same command continues"
            );
            ExitCode::from(130)
        }
        Some(e) => {
            eprintln!("arena: {e}");
            ExitCode::FAILURE
        }
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
