//! `mcr play --games N --seed S [--rules NAME] -o FILE`: self-play with a seeded random
//! legal policy; every game written as a record in the corpus schema.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use mcr_engine::env::selfplay;

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
    /// Worker threads (0: one per core). The games do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

pub fn run(args: Args) -> ExitCode {
    let records = match selfplay::play(args.games, args.seed, args.threads, args.rules.rules) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("play: {e}");
            return ExitCode::FAILURE;
        }
    };
    let written = if args.output.as_os_str() == "-" {
        write_lines(std::io::stdout().lock(), &records)
    } else {
        std::fs::File::create(&args.output).and_then(|f| {
            let f = std::io::BufWriter::new(f);
            if args.output.extension().is_some_and(|e| e == "gz") {
                let mut gz = flate2::write::GzEncoder::new(f, flate2::Compression::default());
                write_lines(&mut gz, &records)?;
                gz.finish()?.flush()
            } else {
                write_lines(f, &records)
            }
        })
    };
    match written {
        Ok(()) => {
            eprintln!("play: {} games written to {}", records.len(), args.output.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("play: {}: {e}", args.output.display());
            ExitCode::FAILURE
        }
    }
}

fn write_lines(mut out: impl Write, records: &[String]) -> std::io::Result<()> {
    for r in records {
        out.write_all(r.as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
