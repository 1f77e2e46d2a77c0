//! `mcr hands FILE...`: score every hand of a hands corpus and compare result
//! code and fan list with the recorded ones.

use mcr_engine::fans;
use mcr_engine::record::hand_inputs_with;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Hands corpora (.jsonl or .jsonl.gz).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// How many mismatches to print.
    #[arg(long, default_value_t = 20)]
    pub show: usize,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let (mut total, mut matched, mut shown, mut read) = (0usize, 0usize, 0usize, 0usize);
    for file in &args.files {
        for item in hand_inputs_with(file, max_line_bytes) {
            total += 1;
            let Some((rec, input)) = super::ok_or_report(item) else { continue };
            read += 1;
            let h = &rec.record;
            let got = fans::calculate_with(args.rules.rules, &input);
            let got_list = got.fan_list();
            if got.result == h.expected.result && got_list == h.expected.fan {
                matched += 1;
            } else if shown < args.show {
                shown += 1;
                println!("MISMATCH {} ({}:{})", h.id, file.display(), rec.line);
                println!("  expected: {} {:?}", h.expected.result, h.expected.fan);
                println!("  got:      {} {:?}", got.result, got_list);
            }
        }
    }
    println!("hands: {matched}/{total} match");
    if read == 0 {
        return Err(super::CliError::failed("hands", "no hand record read"));
    }
    Ok(if matched == total { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
