//! `mcr bench fan FILE`: load a hands corpus, then time only the calculator
//! calls on one thread, several passes; winning and non-winning hands apart.

use mcr_engine::fans;
use mcr_engine::hand::HandInput;
use mcr_engine::record::hand_inputs;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(file: &Path, passes: usize, profile: &'static fans::Profile) -> Result<ExitCode, super::CliError> {
    let (mut win, mut nonwin): (Vec<HandInput>, Vec<HandInput>) = (Vec::new(), Vec::new());
    let mut bad = 0usize;
    for item in hand_inputs(file) {
        match item {
            Ok((rec, input)) if rec.record.expected.result >= 0 => win.push(input),
            Ok((_, input)) => nonwin.push(input),
            Err(e) => {
                bad += 1;
                eprintln!("{e}");
            }
        }
    }
    if win.is_empty() && nonwin.is_empty() {
        return Err(super::CliError::failed("bench fan", format!("no hands read from {}", file.display())));
    }
    println!("loaded {} winning and {} non-winning hands ({bad} unreadable)", win.len(), nonwin.len());
    // Full fan lists for winning hands (what HU needs), the raw result for
    // the others (what canHu needs).
    let time = |hands: &[HandInput], full: bool| -> f64 {
        let mut best = f64::INFINITY;
        for _ in 0..passes {
            let start = Instant::now();
            let mut sink = 0i64;
            for h in hands {
                sink += match (full, profile == fans::Profile::default()) {
                    // The default path as every caller takes it.
                    (true, true) => fans::calculate(h).result as i64,
                    (false, true) => fans::calculate_total(h) as i64,
                    (true, false) => fans::calculate_with(profile, h).result as i64,
                    (false, false) => fans::calculate_total_with(profile, h) as i64,
                };
            }
            std::hint::black_box(sink);
            best = best.min(start.elapsed().as_secs_f64());
        }
        hands.len() as f64 / best
    };
    let w = time(&win, true);
    let n = time(&nonwin, false);
    let w_total = time(&win, false);
    println!("winning hands, raw result only: {:.0}/s", w_total);
    println!("bench fan: {:.0} win/s {:.0} nonwin/s", w, n);
    // Measured, but not over everything: the exit code says so.
    Ok(if bad > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
