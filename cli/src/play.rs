//! `mcr play --games N --seed S [--rules NAME] -o FILE`: self-play with a seeded random
//! legal policy; every game written as a record in the corpus schema.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use mcr_engine::env::selfplay;
use mcr_engine::env::EnvError;

#[derive(clap::Args)]
pub struct Args {
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Seed of the walls and of the policy.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output file (.jsonl, or .jsonl.gz to compress); `-` for stdout.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Worker threads (0: one per core; more than the cores is capped, with
    /// a note). The games do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=4096))]
    pub threads: u32,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

/// Why the games could not be played and written.
enum PlayError {
    Env(EnvError),
    Write(std::io::Error),
}

impl From<EnvError> for PlayError {
    fn from(e: EnvError) -> Self {
        PlayError::Env(e)
    }
}

pub fn run(args: Args) -> Result<ExitCode, super::CliError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match args.threads as usize {
        n if n > cores => {
            eprintln!("play: --threads {n} capped at {cores}, the cores of this machine");
            cores
        }
        n => n,
    };
    // Each record is written as its game ends: memory does not grow with --games.
    let play = |out: &mut dyn Write| -> Result<usize, PlayError> {
        let mut n = 0;
        selfplay::play_each(args.games, args.seed, threads, args.rules.rules, |r| {
            n += 1;
            out.write_all(r.as_bytes()).and_then(|()| out.write_all(b"\n")).map_err(PlayError::Write)
        })?;
        out.flush().map_err(PlayError::Write)?;
        Ok(n)
    };
    let written = if args.output.as_os_str() == "-" {
        play(&mut std::io::stdout().lock())
    } else {
        std::fs::File::create(&args.output).map_err(PlayError::Write).and_then(|f| {
            let mut f = std::io::BufWriter::new(f);
            if args.output.extension().is_some_and(|e| e == "gz") {
                let mut gz = flate2::write::GzEncoder::new(f, flate2::Compression::default());
                let n = play(&mut gz)?;
                gz.finish().and_then(|mut f| f.flush()).map_err(PlayError::Write)?;
                Ok(n)
            } else {
                play(&mut f)
            }
        })
    };
    match written {
        Ok(n) => {
            eprintln!("play: {n} games written to {}", args.output.display());
            Ok(ExitCode::SUCCESS)
        }
        Err(PlayError::Env(e)) => Err(super::CliError::failed("play", e)),
        Err(PlayError::Write(e)) => Err(super::CliError::failed("play", format!("{}: {e}", args.output.display()))),
    }
}
