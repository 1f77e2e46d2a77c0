//! `mcr bench env`: the vectorised environment under a random legal policy,
//! masks and observations written every step, on 1 and 2 threads; and what
//! cloning the engine costs.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use mcr_engine::env::selfplay::{OwnedBuffers, RandomPolicy};
use mcr_engine::env::{ObsKind, VecEnv, VecEnvConfig};

#[derive(clap::Args)]
pub struct Args {
    /// Tables stepped together.
    #[arg(long, default_value_t = 1024)]
    pub envs: usize,
    /// Steps timed (each steps every table), after 50 untimed ones.
    #[arg(long, default_value_t = 400)]
    pub steps: usize,
    /// Observation encoder: compact or feature.
    #[arg(long, default_value = "compact")]
    pub obs: String,
    /// Thread counts to time, comma-separated.
    #[arg(long, default_value = "1,2")]
    pub threads: String,
    /// Count every judge step as a step (no forced steps played inside).
    #[arg(long)]
    pub no_skip: bool,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

pub fn run(args: Args) -> Result<ExitCode, super::CliError> {
    use super::CliError;
    let Some(obs) = ObsKind::parse(&args.obs) else {
        let why = format!("unknown observation encoder {:?} (compact or feature)", args.obs);
        return Err(CliError::failed("bench env", why));
    };
    let mut threads = Vec::new();
    for t in args.threads.split(',') {
        match t.trim().parse::<usize>() {
            Ok(n) if n > 0 => threads.push(n),
            _ => return Err(CliError::failed("bench env", format!("bad thread count {t:?}"))),
        }
    }
    for n in threads {
        let mut cfg = VecEnvConfig::new(args.envs.max(1), args.seed);
        cfg.threads = n;
        cfg.obs = obs;
        cfg.profile = args.rules.rules;
        cfg.skip_forced = !args.no_skip;
        let t = time(cfg, args.steps).map_err(|e| CliError::failed("bench env", e))?;
        println!(
            "bench env: {n} thread(s), {} tables, rules {}, obs {}, {}: {:.0} steps/s ({:.2} M), {:.0} judge steps/s, {:.0} games/s; \
             per CPU-second {:.0} steps; policy {:.0}% of the time",
            args.envs,
            args.rules.rules.name,
            args.obs,
            if args.no_skip { "every judge step" } else { "forced steps inside" },
            t.steps,
            t.steps / 1e6,
            t.judge_steps,
            t.games,
            t.steps_per_cpu_second,
            t.policy_share * 100.0
        );
    }
    let (ns, bytes) = clone_cost(args.seed).map_err(|e| CliError::failed("bench env", e))?;
    println!("bench env: engine clone {ns:.1} ns ({bytes} bytes)");
    Ok(ExitCode::SUCCESS)
}

struct Timing {
    steps: f64,
    judge_steps: f64,
    games: f64,
    /// Steps per second of CPU time of the process (all threads): what a
    /// loaded machine does not change much.
    steps_per_cpu_second: f64,
    policy_share: f64,
}

/// CPU time of the whole process, in seconds.
fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn time(cfg: VecEnvConfig, steps: usize) -> Result<Timing, mcr_engine::env::EnvError> {
    let mut env = VecEnv::new(cfg)?;
    let mut buf = OwnedBuffers::for_env(&env);
    let mut policy = RandomPolicy::new(env.num_envs(), env.config().seed);
    let mut actions = vec![0i64; env.num_envs() * 4];
    env.reset(buf.view())?;
    for _ in 0..50 {
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view())?;
    }
    let (games0, steps0, judge0) = env.counters();
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    let mut in_policy = 0.0;
    for _ in 0..steps {
        let p = Instant::now();
        policy.act(&buf.mask, &mut actions);
        in_policy += p.elapsed().as_secs_f64();
        env.step(&actions, buf.view())?;
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu0;
    let (games1, steps1, judge1) = env.counters();
    black_box(&buf.obs);
    let steps = (steps1 - steps0) as f64;
    Ok(Timing {
        steps: steps / secs,
        judge_steps: (judge1 - judge0) as f64 / secs,
        games: (games1 - games0) as f64 / secs,
        steps_per_cpu_second: steps / cpu,
        policy_share: in_policy / secs,
    })
}

/// Nanoseconds to clone an engine in the middle of a game, and its size.
fn clone_cost(seed: u64) -> Result<(f64, usize), mcr_engine::env::EnvError> {
    let mut cfg = VecEnvConfig::new(1, seed);
    cfg.threads = 1;
    let mut env = VecEnv::new(cfg)?;
    let mut buf = OwnedBuffers::for_env(&env);
    let mut policy = RandomPolicy::new(1, seed);
    let mut actions = vec![0i64; 4];
    env.reset(buf.view())?;
    for _ in 0..20 {
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view())?;
    }
    let engine = env.game(0).engine();
    let n = 2_000_000;
    let start = Instant::now();
    for _ in 0..n {
        black_box(*black_box(engine));
    }
    Ok((start.elapsed().as_secs_f64() * 1e9 / n as f64, std::mem::size_of_val(engine)))
}
