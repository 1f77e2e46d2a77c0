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
}

pub fn run(args: Args) -> ExitCode {
    let Some(obs) = ObsKind::parse(&args.obs) else {
        eprintln!("bench env: unknown observation encoder {:?} (compact or feature)", args.obs);
        return ExitCode::FAILURE;
    };
    let mut threads = Vec::new();
    for t in args.threads.split(',') {
        match t.trim().parse::<usize>() {
            Ok(n) if n > 0 => threads.push(n),
            _ => {
                eprintln!("bench env: bad thread count {t:?}");
                return ExitCode::FAILURE;
            }
        }
    }
    for n in threads {
        let mut cfg = VecEnvConfig::new(args.envs.max(1), args.seed);
        cfg.threads = n;
        cfg.obs = obs;
        cfg.skip_forced = !args.no_skip;
        match time(cfg, args.steps) {
            Ok((steps_s, games_s, policy_share)) => println!(
                "bench env: {n} thread(s), {} tables, obs {}: {:.0} steps/s ({:.2} M), {:.0} games/s; policy {:.0}% of the time",
                args.envs,
                args.obs,
                steps_s,
                steps_s / 1e6,
                games_s,
                policy_share * 100.0
            ),
            Err(e) => {
                eprintln!("bench env: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    match clone_cost(args.seed) {
        Ok((ns, bytes)) => println!("bench env: engine clone {ns:.1} ns ({bytes} bytes)"),
        Err(e) => {
            eprintln!("bench env: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Steps/s, games/s, and the share of the time the policy took.
fn time(cfg: VecEnvConfig, steps: usize) -> Result<(f64, f64, f64), mcr_engine::env::EnvError> {
    let mut env = VecEnv::new(cfg)?;
    let mut buf = OwnedBuffers::for_env(&env);
    let mut policy = RandomPolicy::new(env.num_envs(), env.config().seed);
    let mut actions = vec![0i64; env.num_envs() * 4];
    env.reset(buf.view())?;
    for _ in 0..50 {
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view())?;
    }
    let (games0, steps0) = env.counters();
    let start = Instant::now();
    let mut in_policy = 0.0;
    for _ in 0..steps {
        let p = Instant::now();
        policy.act(&buf.mask, &mut actions);
        in_policy += p.elapsed().as_secs_f64();
        env.step(&actions, buf.view())?;
    }
    let secs = start.elapsed().as_secs_f64();
    let (games1, steps1) = env.counters();
    black_box(&buf.obs);
    Ok(((steps1 - steps0) as f64 / secs, (games1 - games0) as f64 / secs, in_policy / secs))
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
        black_box(black_box(engine).clone());
    }
    Ok((start.elapsed().as_secs_f64() * 1e9 / n as f64, std::mem::size_of_val(engine)))
}
