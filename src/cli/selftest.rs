//! `mcr validate --self-test FILE...`: the dataset self-test over game record
//! files, in parallel (`--jobs`), up to `--limit` games. Prints the first
//! failures (`FAIL <game_id>: turn K: <check>: <message>`; unreadable lines as
//! `FAIL <file>:<line>: ...`), a summary of what was seen, and finally
//! `self-test: X/Y games PASS`. Exit status 0 only when every game passes.
//! Each record is checked under the game rules (minimum, scores, penalty)
//! of its own `"rules"` profile, as `mcr validate` replays it.

use super::validate::Args;
use super::RecordRulesArg;
use mcr_engine::record::lines::{for_each_block, LineReader};
use mcr_engine::record::view::{game_id_of, GameView};
use mcr_engine::selftest::{self, Facts, Outcome};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Failures printed in full; the rest are counted.
const SHOWN: usize = 20;

enum GameResult {
    Pass(Facts),
    Fail(String),
}

/// One line (or file) checked: where, the game id when the record was read.
struct Checked {
    file: usize,
    line: usize,
    id: Option<String>,
    result: GameResult,
}

fn check_line(file: &Path, line: usize, bytes: &[u8], rules: &RecordRulesArg) -> (Option<String>, GameResult) {
    match GameView::parse(bytes) {
        Ok(view) => {
            let id = view.game_id.as_str().to_owned();
            // The game rules of the record's own profile (or --rules, botzone).
            let result = match rules.for_record(view.rules) {
                Err(conflict) => GameResult::Fail(format!("FAIL {}:{line}: game {id}: {conflict}", file.display())),
                Ok(profile) => match selftest::check_game_with(profile.game, &view) {
                    Ok(facts) => GameResult::Pass(facts),
                    Err(failure) => GameResult::Fail(format!("FAIL {id}: {failure}")),
                },
            };
            (Some(id), result)
        }
        Err(e) => {
            let id = game_id_of(bytes).map(|id| format!(" (game {id})")).unwrap_or_default();
            (None, GameResult::Fail(format!("FAIL {}:{line}{id}: malformed record: {e}", file.display())))
        }
    }
}

/// Checks the files in order, up to `limit` games; an unreadable file,
/// line or read error counts as a failed game.
fn check_files(files: &[PathBuf], limit: usize, rules: &RecordRulesArg) -> Vec<Checked> {
    let mut results = Vec::new();
    let mut budget = limit;
    for (index, file) in files.iter().enumerate() {
        if budget == 0 {
            break;
        }
        let failed = |e: &dyn std::fmt::Display, line: usize| Checked { file: index, line, id: None, result: GameResult::Fail(format!("FAIL {e}")) };
        let mut reader = match LineReader::open(file, budget) {
            Ok(r) => r,
            Err(e) => {
                results.push(failed(&e, 0));
                budget -= 1;
                continue;
            }
        };
        for_each_block(&mut reader, |block| {
            let start = results.len();
            results.par_extend(block.par_lines().map(|(line, bytes)| {
                let (id, result) = check_line(file, line, bytes, rules);
                Checked { file: index, line, id, result }
            }));
            if !block.errors.is_empty() {
                // Lines that could not be read take their place in line order.
                results.extend(block.errors.iter().map(|e| failed(e, e.line)));
                results[start..].sort_by_key(|c| c.line);
            }
        });
        budget = reader.budget();
    }
    results
}

pub fn run(args: &Args) -> ExitCode {
    let pool = match super::validate::worker_pool("self-test", args.jobs) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let start = Instant::now();
    let mut results = pool.install(|| check_files(&args.files, args.limit.unwrap_or(usize::MAX), &args.rules));
    let elapsed = start.elapsed().as_secs_f64();

    let total = results.len();
    let mut sum = Summary::default();
    let mut failed = 0;
    let mut ids = super::DuplicateIds::default();
    let mut read = 0;
    for c in &mut results {
        if let Some(id) = c.id.take() {
            read += 1;
            ids.see(id, &args.files[c.file], c.line);
        }
        match &c.result {
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
    if read == 0 {
        eprintln!("self-test: no game record read");
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
