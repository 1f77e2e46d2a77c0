//! `mcr decide --model table GAMES...`: the table model
//! (`mcr_engine::table`, whose docs state the model) on every decision of
//! game records, one JSON line a decision; with `--calibrate`, each
//! decision's answer against what happened in its game, summed up as the
//! calibration (`mcr_engine::analysis::table::Calibration`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use mcr_engine::analysis::table::{calibrate, record_points, Calibration, CalibrationRow};
use mcr_engine::input::par_games;
use mcr_engine::record::par::ParOptions;
use mcr_engine::record::{parse_line, GameRecord, Records, Selection};
use mcr_engine::table::{Options, Sampler};

use super::CliError;

/// What the table model is asked (the `--model table` flags of `mcr decide`).
pub struct TableArgs<'a> {
    pub files: Vec<PathBuf>,
    pub ids: &'a [String],
    pub turn: Option<usize>,
    pub seat: Option<u8>,
    pub options: Options,
    pub calibrate: bool,
    pub from_rows: bool,
    pub rows: Option<&'a Path>,
    pub svg: Option<&'a Path>,
    pub format: super::Format,
    pub jobs: usize,
    pub rules: Option<&'static mcr_engine::fans::Profile>,
}

pub fn run(args: TableArgs<'_>, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    let write_failed = |e: std::io::Error| CliError::failed("mcr decide", format!("cannot write the output: {e}"));
    let selection = Selection { ids: args.ids.to_vec(), profile: args.rules, ..Selection::default() };
    let options = ParOptions { max_line_bytes, jobs: (args.jobs > 0).then_some(args.jobs), ..ParOptions::default() };
    let inputs = super::open_inputs("decide", &args.files, max_line_bytes);
    // Not locked: the writer moves to the thread that prints in order.
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let mut failed = false;
    let mut rows: Vec<CalibrationRow> = Vec::new();
    if args.calibrate && args.from_rows {
        for file in &args.files {
            let records = Records::<CalibrationRow>::open_with(file, max_line_bytes)
                .map_err(|e| CliError::input("mcr decide", super::hinted(&e)))?;
            for r in records {
                rows.push(r.map_err(|e| CliError::input("mcr decide", super::hinted(&e)))?.record);
            }
        }
        return summarize(&args, rows);
    }
    let mut decisions = 0usize;
    let mut write_error: Option<std::io::Error> = None;
    // Each game analysed on a worker: its lines (or calibration rows) or
    // the error, printed here in input order.
    let work = |_: &mut (), file: &Path, line: usize, bytes: &[u8]| -> Result<Option<Analysed>, String> {
        let record = parse_line::<GameRecord>(file, line, bytes).map_err(|e| super::hinted(&e))?;
        if !selection.accepts(&record) {
            return Ok(None);
        }
        let at = format!("{}:{line}: game {}", file.display(), record.game_id);
        let profile = selection.rules_for(&record).map_err(|c| format!("{at}: {}", super::conflict_hint(&c)))?.0;
        if args.calibrate {
            let rows = calibrate(&record, profile, &args.options).map_err(|e| format!("{at}: {e}"))?;
            return Ok(Some(Analysed::Rows(rows)));
        }
        let points = record_points(&record, profile);
        let mut lines = Vec::new();
        for p in &points.points {
            if args.turn.is_some_and(|t| t != p.turn) || args.seat.is_some_and(|s| s != p.seat) {
                continue;
            }
            let a = p
                .analyse(&Options { seed: p.seed(args.options.seed), ..args.options })
                .map_err(|e| format!("{at}: turn {} seat {}: {e}", p.turn, p.seat))?;
            let line = serde_json::to_string(&p.line(&record.game_id, &a)).map_err(|e| format!("{at}: {e}"))?;
            lines.push(line);
        }
        let stopped = points.stop.map(|s| format!("{at}: the replay stopped: {s}"));
        Ok(Some(Analysed::Lines(lines, stopped)))
    };
    let done = par_games(
        &inputs,
        &options,
        || (),
        work,
        |_, _, result| {
            let analysed = match result.map_err(|e| super::hinted(&e)).and_then(|r| r) {
                Ok(Some(a)) => a,
                Ok(None) => return,
                Err(e) => {
                    eprintln!("{e}");
                    failed = true;
                    return;
                }
            };
            match analysed {
                Analysed::Rows(r) => rows.extend(r),
                Analysed::Lines(lines, stopped) => {
                    if let Some(s) = stopped {
                        eprintln!("mcr decide: {s}");
                        failed = true;
                    }
                    for l in lines {
                        decisions += 1;
                        if write_error.is_none() {
                            if let Err(e) = writeln!(out, "{l}") {
                                write_error = Some(e);
                            }
                        }
                    }
                }
            }
        },
    );
    done.map_err(|e| CliError::failed("mcr decide", format!("cannot start the worker threads: {e}")))?;
    if let Some(e) = write_error {
        return Err(write_failed(e));
    }
    if args.calibrate {
        out.flush().map_err(write_failed)?;
        let code = summarize(&args, rows)?;
        return Ok(if failed { ExitCode::FAILURE } else { code });
    }
    out.flush().map_err(write_failed)?;
    if decisions == 0 && !failed {
        return Err(CliError::failed("mcr decide", "no decision analysed"));
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// The calibration of `rows`: the rows file and the picture when asked,
/// the summary on stdout.
fn summarize(args: &TableArgs<'_>, rows: Vec<CalibrationRow>) -> Result<ExitCode, CliError> {
    let write_failed = |e: std::io::Error| CliError::failed("mcr decide", format!("cannot write the output: {e}"));
    if rows.is_empty() {
        return Err(CliError::failed("mcr decide", "no decision to calibrate"));
    }
    if let Some(path) = args.rows.filter(|_| !args.from_rows) {
        let mut text = String::new();
        for r in &rows {
            text.push_str(&serde_json::to_string(r).map_err(|e| CliError::failed("mcr decide", e))?);
            text.push('\n');
        }
        std::fs::write(path, text)
            .map_err(|e| CliError::failed("mcr decide", format!("cannot write {}: {e}", path.display())))?;
    }
    let c = Calibration::of(&rows);
    if let Some(path) = args.svg {
        std::fs::write(path, c.svg())
            .map_err(|e| CliError::failed("mcr decide", format!("cannot write {}: {e}", path.display())))?;
    }
    let mut out = std::io::stdout().lock();
    match args.format {
        super::Format::Json => {
            writeln!(out, "{}", serde_json::to_string(&c).map_err(|e| CliError::failed("mcr decide", e))?)
        }
        super::Format::Text => write_calibration(&mut out, &c),
    }
    .and_then(|()| out.flush())
    .map_err(write_failed)?;
    Ok(ExitCode::SUCCESS)
}

enum Analysed {
    Rows(Vec<CalibrationRow>),
    Lines(Vec<String>, Option<String>),
}

/// The calibration as text: the two chances' Brier scores and reliability
/// bins, the score bins.
fn write_calibration(out: &mut impl Write, c: &Calibration) -> std::io::Result<()> {
    writeln!(out, "{} decisions of {} games", c.decisions, c.games)?;
    for (name, f) in [("deal-in chance", &c.deal_in), ("win chance", &c.win)] {
        writeln!(
            out,
            "{name}: {} decisions, base rate {:.4}, Brier {:.5} (base rate's {:.5}): {}",
            f.n,
            f.base_rate,
            f.brier,
            f.brier_base,
            if f.beats_base_rate() { "better" } else { "NOT better" }
        )?;
        writeln!(out, "  bin  decisions  predicted  observed")?;
        for (i, b) in f.bins.iter().enumerate() {
            writeln!(out, "  {:>3}  {:>9}  {:>9.4}  {:>8.4}", i + 1, b.n, b.predicted, b.observed)?;
        }
    }
    writeln!(
        out,
        "final score: {}",
        if c.score_unbiased() { "every bin within 2 s.e." } else { "some bin NOT within 2 s.e." }
    )?;
    writeln!(out, "  bin  decisions  seat-games  predicted  actual  s.e.    z   (s.e. clustered by seat-game)")?;
    for (i, b) in c.score.iter().enumerate() {
        writeln!(
            out,
            "  {:>3}  {:>9}  {:>10}  {:>9.3}  {:>6.3}  {:>4.3}  {:>5.2}{}",
            i + 1,
            b.n,
            b.clusters,
            b.predicted,
            b.actual,
            b.se,
            b.z,
            if b.within { "" } else { "  !" }
        )?;
    }
    Ok(())
}

/// The table model's options from the flags.
pub fn options(worlds: usize, seed: u64, time_limit_ms: Option<u64>, sampler: Sampler) -> Options {
    Options { worlds, seed, time_limit: time_limit_ms.map(Duration::from_millis), sampler, ..Options::default() }
}
