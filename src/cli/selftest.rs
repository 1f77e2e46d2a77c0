//! `mcr validate --self-test FILE...`: the dataset self-test over game record
//! files, in parallel (`--jobs`), up to `--limit` games. Prints the first
//! failures (`FAIL <game_id>: turn K: <check>: <message>`; unreadable lines as
//! `FAIL <file>:<line>: ...`), a summary of what was seen, and finally
//! `self-test: X/Y games PASS`. Exit status 0 only when every game passes.

use super::validate::Args;
use mcr_engine::record::{open_lines, view::game_id_of};
use mcr_engine::selftest::{self, Facts, Outcome};
use rayon::prelude::*;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Failures printed in full; the rest are counted.
const SHOWN: usize = 20;

/// One non-blank line of input (or the reason a file could not be read).
struct Unit {
    seq: usize,
    file: usize,
    line: usize,
    body: Result<Vec<u8>, String>,
}

/// Reads the files line by line, in order, stopping after `limit` games.
/// Runs inside the worker pool (`par_bridge`), so decompression overlaps with
/// checking when there is more than one job.
struct Lines<'f> {
    files: &'f [PathBuf],
    file: usize,
    reader: Option<Box<dyn BufRead + Send>>,
    line: usize,
    seq: usize,
    limit: usize,
}

impl Iterator for Lines<'_> {
    type Item = Unit;

    fn next(&mut self) -> Option<Unit> {
        while self.seq < self.limit && self.file < self.files.len() {
            let path = &self.files[self.file];
            let reader = match &mut self.reader {
                Some(r) => r,
                None => match open_lines(path) {
                    Ok(r) => {
                        self.line = 0;
                        self.reader.insert(r)
                    }
                    Err(e) => {
                        self.file += 1;
                        return Some(self.unit(self.file - 1, 0, Err(e.message)));
                    }
                },
            };
            // Room for a typical game line (~35 kB) without regrowing.
            let mut buf = Vec::with_capacity(1 << 16);
            self.line += 1;
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) => {
                    self.reader = None;
                    self.file += 1;
                }
                Ok(_) if buf.iter().all(u8::is_ascii_whitespace) => {}
                Ok(_) => {
                    // Without its line break, so that parse errors point into the record.
                    while buf.last().is_some_and(|c| matches!(c, b'\n' | b'\r')) {
                        buf.pop();
                    }
                    return Some(self.unit(self.file, self.line, Ok(buf)));
                }
                Err(e) => {
                    // Truncated or corrupt stream: report once, go on with the next file.
                    self.reader = None;
                    self.file += 1;
                    return Some(self.unit(self.file - 1, self.line, Err(format!("read error (truncated or corrupt file?): {e}"))));
                }
            }
        }
        None
    }
}

impl Lines<'_> {
    fn unit(&mut self, file: usize, line: usize, body: Result<Vec<u8>, String>) -> Unit {
        self.seq += 1;
        Unit { seq: self.seq - 1, file, line, body }
    }
}

enum GameResult {
    Pass(Facts),
    Fail(String),
}

fn check_unit(u: Unit, files: &[PathBuf]) -> (usize, GameResult) {
    let at = |line: usize| {
        if line == 0 {
            files[u.file].display().to_string()
        } else {
            format!("{}:{}", files[u.file].display(), line)
        }
    };
    let bytes = match u.body {
        Ok(b) => b,
        Err(message) => return (u.seq, GameResult::Fail(format!("FAIL {}: {message}", at(u.line)))),
    };
    let out = match selftest::check_json(&bytes) {
        Ok(Ok(facts)) => GameResult::Pass(facts),
        Ok(Err(failure)) => {
            let id = game_id_of(&bytes).unwrap_or_default();
            GameResult::Fail(format!("FAIL {id}: {failure}"))
        }
        Err(e) => {
            let id = game_id_of(&bytes).map(|id| format!(" (game {id})")).unwrap_or_default();
            GameResult::Fail(format!("FAIL {}{id}: malformed record: {e}", at(u.line)))
        }
    };
    (u.seq, out)
}

pub fn run(args: &Args) -> ExitCode {
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(args.jobs.unwrap_or(0)).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start {} worker threads: {e}", args.jobs.unwrap_or(0));
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let lines = Lines { files: &args.files, file: 0, reader: None, line: 0, seq: 0, limit: args.limit.unwrap_or(usize::MAX) };
    let files = &args.files;
    let mut results: Vec<(usize, GameResult)> = pool.install(|| lines.par_bridge().map(|u| check_unit(u, files)).collect());
    results.sort_unstable_by_key(|r| r.0);
    let elapsed = start.elapsed().as_secs_f64();

    let total = results.len();
    let mut sum = Summary::default();
    let mut failed = 0;
    for (_, r) in &results {
        match r {
            GameResult::Pass(f) => sum.add(f),
            GameResult::Fail(msg) => {
                if failed < SHOWN {
                    println!("{msg}");
                }
                failed += 1;
            }
        }
    }
    if failed > SHOWN {
        println!("... and {} more failures", failed - SHOWN);
    }
    println!("{}", sum.line());
    eprintln!("checked {total} games in {elapsed:.2} s ({:.0} games/s, {} threads)", total as f64 / elapsed.max(1e-9), pool.current_num_threads());
    println!("self-test: {}/{total} games PASS", total - failed);
    if total == 0 {
        eprintln!("error: no games read");
        return ExitCode::FAILURE;
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Totals over the passing games.
#[derive(Default)]
struct Summary {
    zimo: u32,
    ron: u32,
    draw: u32,
    error: u32,
    qianggang: u32,
    peng: u32,
    chi: u32,
    minggang: u32,
    angang: u32,
    bugang: u32,
    multi_claim: u32,
    multi_hu: u32,
}

impl Summary {
    fn add(&mut self, f: &Facts) {
        match f.outcome {
            Outcome::Zimo => self.zimo += 1,
            Outcome::Ron => self.ron += 1,
            Outcome::Draw => self.draw += 1,
            Outcome::Error => self.error += 1,
        }
        self.qianggang += f.qianggang as u32;
        self.peng += f.peng;
        self.chi += f.chi;
        self.minggang += f.minggang;
        self.angang += f.angang;
        self.bugang += f.bugang;
        self.multi_claim += f.multi_claim;
        self.multi_hu += f.multi_hu;
    }

    fn line(&self) -> String {
        format!(
            "passing games: {} zimo, {} ron ({} robbed kong), {} draw, {} error verdicts; {} peng, {} chi, {} melded kong, {} concealed kong, {} promoted kong; {} multi-claim, {} multi-HU discards",
            self.zimo, self.ron, self.qianggang, self.draw, self.error, self.peng, self.chi, self.minggang, self.angang, self.bugang, self.multi_claim, self.multi_hu
        )
    }
}
