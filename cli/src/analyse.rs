//! `mcr analyse FILE...`: check a shanten corpus (the schema of
//! `shanten.jsonl.gz`) against the analysis; ends with `analyse: X/Y match`.

use mcr_engine::analysis::corpus::{answer, ShantenRecord};
use mcr_engine::record::Records;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Shanten corpora (.jsonl or .jsonl.gz).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// How many mismatches to print.
    #[arg(long, default_value_t = 20)]
    pub show: usize,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let (mut total, mut matched, mut shown) = (0usize, 0usize, 0usize);
    for file in &args.files {
        let records = match Records::<ShantenRecord>::open_with(file, max_line_bytes) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                total += 1;
                continue;
            }
        };
        for item in records {
            total += 1;
            let Some(rec) = super::ok_or_report(item) else { continue };
            let got = answer(&rec.record.packs, &rec.record.hand);
            if got == rec.record.expected {
                matched += 1;
            } else if shown < args.show {
                shown += 1;
                println!("MISMATCH {} ({}:{})", rec.record.id, file.display(), rec.line);
                println!("  expected: {}", rec.record.expected);
                println!("  got:      {got}");
            }
        }
    }
    println!("analyse: {matched}/{total} match");
    Ok(if matched == total && total > 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
