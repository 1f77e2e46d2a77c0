//! `mcr audit`: why each fan was or was not counted, side by side with a
//! recorded list. Takes a hand in the notation, or hands corpus records.

use mcr_engine::record::{HandRecord, Records};
use mcr_engine::{audit, notation};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// A hands corpus (.jsonl/.jsonl.gz) to audit.
    #[arg(long, conflicts_with = "hand")]
    pub hands: Option<PathBuf>,
    /// Only these record ids (with --hands).
    #[arg(long)]
    pub id: Vec<String>,
    /// Only records where the engine and the record differ (with --hands).
    #[arg(long)]
    pub differing: bool,
    /// A hand in the notation of `mcr fan`.
    pub hand: Vec<String>,
}

pub fn run(args: Args) -> ExitCode {
    if let Some(file) = &args.hands {
        let records = match Records::<HandRecord>::open(file) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let (mut shown, mut differ) = (0usize, 0usize);
        for rec in records {
            let rec = match rec {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{e}");
                    continue;
                }
            };
            let h = &rec.record;
            if !args.id.is_empty() && !args.id.contains(&h.id) {
                continue;
            }
            let input = match h.to_input() {
                Ok(i) => i,
                Err(e) => {
                    eprintln!("{}:{}: {}: {e}", file.display(), rec.line, h.id);
                    continue;
                }
            };
            let text = audit::report(&input, Some((h.expected.result, &h.expected.fan)));
            let differs = text.contains(": DIFFER");
            differ += differs as usize;
            if args.differing && !differs {
                continue;
            }
            println!("== {} ({}:{})\n{text}", h.id, file.display(), rec.line);
            shown += 1;
        }
        println!("audit: {shown} shown, {differ} differ from the record");
        return if differ == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    }
    if args.hand.is_empty() {
        eprintln!("mcr audit: give a hand (see `mcr fan --help`) or --hands FILE");
        return ExitCode::from(2);
    }
    match notation::parse_hand(&args.hand.join(" ")) {
        Ok(h) => {
            print!("{}", audit::report(&h, None));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mcr audit: {e}");
            ExitCode::from(2)
        }
    }
}
