//! `mcr validate --self-test FILE...`: the dataset self-test over the games
//! of the inputs (read by the one input layer, as `mcr validate` reads them), in parallel (`--jobs`), up to `--limit` games. Prints the first
//! failures (`FAIL <game_id>: turn K: <check>: <message>`; unreadable lines as
//! `FAIL <file>:<line>: ...`), a summary of what was seen, and finally
//! `self-test: X/Y games PASS`. Exit status 0 only when every game passes.
//! Each record is checked under the game rules (minimum, scores, penalty)
//! of its own `"rules"` profile, as `mcr validate` replays it.

use super::validate::Args;
use super::RecordRulesArg;
use mcr_engine::input::par_games;
use mcr_engine::record::view::{game_id_of, GameView};
use mcr_engine::selftest::{self, Facts, Outcome};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// Failures printed in full; the rest are counted.
const SHOWN: usize = 20;

enum GameResult {
    Pass(Facts),
    Fail(String),
}

fn check_line(file: &Path, line: usize, bytes: &[u8], rules: &RecordRulesArg) -> (Option<String>, GameResult) {
    match GameView::parse(bytes) {
        Ok(view) => {
            let id = view.game_id.as_str().to_owned();
            // The game rules of the record's own profile (or --rules, botzone).
            let result = match rules.for_record(view.rules) {
                Err(conflict) => GameResult::Fail(format!(
                    "FAIL {}:{line}: game {id}: {}",
                    file.display(),
                    super::conflict_hint(&conflict)
                )),
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

pub fn run(args: &Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    // No spinner: the self-test prints its failures as they come.
    let options = super::validate::par_options("self-test", args, max_line_bytes);
    let start = Instant::now();
    let mut sum = Summary::default();
    let (mut total, mut failed, mut read) = (0, 0, 0);
    let mut ids = super::DuplicateIds::default();
    // Each line (or file) checked: its game id when the record was read;
    // an unreadable file, line or read error counts as a failed game.
    let inputs = super::open_inputs("self-test", &args.files, max_line_bytes);
    let done = par_games(
        &inputs,
        &options,
        || (),
        |_, file, line, bytes| check_line(file, line, bytes, &args.rules),
        |file, line, checked| {
            total += 1;
            let result = match checked {
                Ok((id, result)) => {
                    if let Some(id) = id {
                        read += 1;
                        ids.see(id, file, line);
                    }
                    result
                }
                Err(e) => GameResult::Fail(format!("FAIL {}", super::hinted(&e))),
            };
            match result {
                GameResult::Pass(f) => sum.add(&f),
                GameResult::Fail(msg) => {
                    if failed < SHOWN {
                        println!("{msg}");
                    }
                    failed += 1;
                }
            }
        },
    );
    let threads = done
        .map_err(|e| {
            let threads = mcr_engine::record::par::worker_threads(options.jobs);
            super::CliError::failed("self-test", format!("cannot start {threads} worker threads: {e}"))
        })?
        .threads;
    let elapsed = start.elapsed().as_secs_f64();
    if failed > SHOWN {
        println!("... and {} more failures", failed - SHOWN);
    }
    println!("{}", sum.line());
    eprintln!(
        "checked {total} games in {elapsed:.2} s ({:.0} games/s, {threads} threads)",
        total as f64 / elapsed.max(1e-9)
    );
    println!("self-test: {}/{total} games PASS", total - failed);
    if read == 0 {
        return Err(super::CliError::failed("self-test", "no game record read"));
    }
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
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
