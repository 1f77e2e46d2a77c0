//! `mcr bench shanten FILE`: load the hands of a shanten corpus, then time
//! only the analysis (the five shapes with their useful tiles) on one thread,
//! several passes; the median pass is reported, timed in the thread's CPU
//! time.

use mcr_engine::analysis::{self, corpus::ShantenRecord};
use mcr_engine::record::Records;
use mcr_engine::tiles::Tile;
use std::path::Path;
use std::process::ExitCode;

/// CPU time of this thread in seconds: on a shared machine, time waiting for
/// a core is not the analysis's.
fn thread_seconds() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

pub fn run(file: &Path, passes: usize, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let mut hands: Vec<Vec<Tile>> = Vec::new();
    let mut bad = 0usize;
    match Records::<ShantenRecord>::open_with(file, max_line_bytes) {
        Ok(records) => {
            for item in records {
                let tiles = item.map_err(|e| e.to_string()).and_then(|r| {
                    r.record
                        .hand
                        .iter()
                        .map(|t| Tile::parse(t).map_err(|e| format!("{}:{}: {e}", file.display(), r.line)))
                        .collect()
                });
                match tiles {
                    Ok(t) => hands.push(t),
                    Err(e) => {
                        bad += 1;
                        eprintln!("{e}");
                    }
                }
            }
        }
        Err(e) => eprintln!("{e}"),
    }
    if hands.is_empty() {
        return Err(super::CliError::failed("bench shanten", format!("no hands read from {}", file.display())));
    }
    println!("loaded {} hands ({bad} unreadable)", hands.len());
    let mut rates = Vec::new();
    for _ in 0..passes.max(1) {
        let start = thread_seconds();
        let mut sink = 0u64;
        for h in &hands {
            let a = analysis::analyse(&[], std::hint::black_box(h));
            for s in a.shapes.iter().flatten() {
                sink = sink.wrapping_add(s.shanten as u64 ^ s.useful.0);
            }
        }
        std::hint::black_box(sink);
        rates.push(hands.len() as f64 / (thread_seconds() - start));
    }
    rates.sort_by(f64::total_cmp);
    let median = rates[rates.len() / 2];
    println!(
        "passes: {}, best {:.0} hands/s, {:.2} µs a hand (median)",
        rates.len(),
        rates[rates.len() - 1],
        1e6 / median
    );
    println!("bench shanten: {median:.0} hands/s");
    // Measured, but not over everything: the exit code says so.
    Ok(if bad > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
