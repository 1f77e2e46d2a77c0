//! `mcr review FILE...`: each discard after an own draw in game records,
//! weighed by the decision analysis (`mcr_engine::analysis::review`, whose
//! docs define the figures), or with `--model table` every decision weighed
//! by the table model (`mcr_engine::analysis::review_table`), as a table or
//! one JSON line per game.

use mcr_engine::analysis::review::{review_game, totals, GameReview, ReviewOptions, ReviewedDecision, Tally};
use mcr_engine::analysis::review_table::{self, TableDecision, TableReview, TableReviewOptions, TableTally};
use mcr_engine::record::Selection;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(after_help = "\
Files: game records (.jsonl, .jsonl.gz), Botzone match logs, text logs, folders (as `mcr import` reads them).
Text: per game, each seat's decisions (answered by a discard), the judged ones (the analysis sees a win
within the draws left), the share of judged discards worth as much as the best, the summed loss in
expected points and in the chance to win, and the flagged decisions (loss above --threshold) listed;
with several games, totals per player. JSON: one object per game with every decision.
--model table: every decision (discards, claims, passes, kongs, HU) weighed by the table model (every
legal answer played out on --worlds sampled worlds); per seat the decisions, the flagged ones (a loss
above --threshold points and above twice its standard error), the summed loss, the deal-ins and the
mean deal-in chance of the discards; the flagged decisions and the deal-ins listed.")]
pub struct Args {
    /// Game records or Botzone logs.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Only these game ids (repeatable).
    #[arg(long)]
    pub id: Vec<String>,
    /// Only this seat's decisions (0-3).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..4))]
    pub seat: Option<u8>,
    /// text or json.
    #[arg(long, default_value = "text")]
    pub format: super::Format,
    /// Flag a decision losing more expected points than this.
    #[arg(long, allow_negative_numbers = true, default_value_t = ReviewOptions::default().threshold)]
    pub threshold: f64,
    /// decide: the decision analysis (discards after an own draw); table:
    /// the table model (every decision).
    #[arg(long, value_enum, default_value = "decide")]
    pub model: ReviewModel,
    /// With --model table: worlds each answer is played out in.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub worlds: Option<u64>,
    /// With --model table: the seed of the worlds.
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

/// The model a review weighs decisions by.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum ReviewModel {
    /// The decision analysis (`mcr decide`): discards after an own draw.
    Decide,
    /// The table model: every decision, played out on sampled worlds.
    Table,
}

/// The table model's options from `--worlds` and `--seed`, or why they do
/// not apply (`command` words the error).
pub fn table_options(
    command: &'static str,
    model: ReviewModel,
    worlds: Option<u64>,
    seed: Option<u64>,
    threshold: f64,
    seat: Option<u8>,
) -> Result<Option<TableReviewOptions>, super::CliError> {
    if model == ReviewModel::Decide {
        if let Some(flag) = worlds.map(|_| "--worlds").or(seed.map(|_| "--seed")) {
            return Err(super::CliError::input(command, format!("{flag} applies to --model table only")));
        }
        return Ok(None);
    }
    let d = TableReviewOptions::default();
    Ok(Some(TableReviewOptions {
        worlds: worlds.map_or(d.worlds, |w| w as usize),
        seed: seed.unwrap_or(d.seed),
        threshold,
        seat,
    }))
}

/// One game's review, by either model.
enum Reviewed {
    Decide(GameReview),
    Table(TableReview),
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    use super::CliError;
    if !args.threshold.is_finite() || args.threshold < 0.0 {
        let why = format!("--threshold {}: a number of points, 0 or more", args.threshold);
        return Err(CliError::input("mcr review", why));
    }
    let write_failed = |e: std::io::Error| CliError::failed("mcr review", format!("cannot write the output: {e}"));
    let options = ReviewOptions { threshold: args.threshold, seat: args.seat, ..ReviewOptions::default() };
    let table = table_options("mcr review", args.model, args.worlds, args.seed, args.threshold, args.seat)?;
    let selection = Selection { ids: args.id.clone(), profile: args.rules.rules, ..Selection::default() };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let mut reviews = Vec::new();
    let inputs = super::open_inputs("review", &args.files, max_line_bytes);
    for game in inputs.games() {
        let record = match game {
            Ok(g) => g.record,
            Err(e) => {
                eprintln!("{}", super::hinted(&e));
                failed = true;
                continue;
            }
        };
        if !selection.accepts(&record) {
            continue;
        }
        let profile = match selection.rules_for(&record) {
            Ok((p, _)) => p,
            Err(c) => {
                eprintln!("mcr review: game {}: {}", record.game_id, super::conflict_hint(&c));
                failed = true;
                continue;
            }
        };
        let review = match &table {
            None => Reviewed::Decide(review_game(profile, &record, &options)),
            Some(t) => Reviewed::Table(review_table::review_game(profile, &record, t)),
        };
        let (stopped, errors) = match &review {
            Reviewed::Decide(r) => (&r.stopped, &r.errors),
            Reviewed::Table(r) => (&r.stopped, &r.errors),
        };
        for e in stopped.iter().chain(errors) {
            eprintln!("mcr review: game {}: {e}", record.game_id);
            failed = true;
        }
        // A blank line between the games' tables.
        let gap = if args.format == super::Format::Text && !reviews.is_empty() { writeln!(out) } else { Ok(()) };
        let written = gap.and_then(|()| match (args.format, &review) {
            (super::Format::Json, Reviewed::Decide(r)) => json_line(&mut out, serde_json::to_string(r)),
            (super::Format::Json, Reviewed::Table(r)) => json_line(&mut out, serde_json::to_string(r)),
            (super::Format::Text, Reviewed::Decide(r)) => write_game(&mut out, r),
            (super::Format::Text, Reviewed::Table(r)) => write_table_game(&mut out, r),
        });
        written.map_err(write_failed)?;
        reviews.push(review);
    }
    if reviews.is_empty() {
        out.flush().map_err(write_failed)?;
        return Err(CliError::failed("mcr review", "no game reviewed"));
    }
    if args.format == super::Format::Text && reviews.len() > 1 {
        writeln!(out, "\ntotals over {} games", reviews.len()).map_err(write_failed)?;
        let decide: Vec<&GameReview> =
            reviews.iter().filter_map(|r| if let Reviewed::Decide(r) = r { Some(r) } else { None }).collect();
        let tables: Vec<&TableReview> =
            reviews.iter().filter_map(|r| if let Reviewed::Table(r) = r { Some(r) } else { None }).collect();
        if !decide.is_empty() {
            let all = totals(decide);
            let rows: Vec<(String, usize, &Tally)> =
                all.iter().map(|t| (t.player.clone(), t.games, &t.tally)).collect();
            write_tallies(&mut out, "player", &rows).map_err(write_failed)?;
        }
        if !tables.is_empty() {
            let all = review_table::totals(tables);
            let rows: Vec<(String, &TableTally)> = all.iter().map(|t| (t.player.clone(), &t.tally)).collect();
            write_table_tallies(&mut out, "player", &rows).map_err(write_failed)?;
        }
    }
    out.flush().map_err(write_failed)?;
    // The games that could not be read or reviewed are reported above.
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn percent(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{:.1}%", 100.0 * x))
}

/// The per-seat (or per-player) table: `(name, games, tally)` rows.
fn write_tallies(out: &mut impl Write, head: &str, rows: &[(String, usize, &Tally)]) -> std::io::Result<()> {
    let width = rows.iter().map(|r| r.0.chars().count()).chain([head.len()]).max().unwrap_or(0);
    writeln!(out, "  {head:<width$}  discards  judged  agree  loss (points)  loss (win)  flagged")?;
    for (name, _, t) in rows {
        writeln!(
            out,
            "  {name:<width$}  {:>8}  {:>6}  {:>5}  {:>13.2}  {:>10.4}  {:>7}",
            t.decisions,
            t.judged,
            percent(t.agreement),
            t.loss_points,
            t.loss_win_prob,
            t.flagged
        )?;
    }
    Ok(())
}

/// One row of the decisions table, its cells already words.
fn write_row(out: &mut impl Write, c: [&str; 13]) -> std::io::Result<()> {
    writeln!(
        out,
        "  {:>4}  {:>4}  {:>4}  {:<6}  {:>8}  {:>7}  {:>3}  {:<4}  {:>8}  {:>7}  {:>3}  {:>6}  {:>10}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12]
    )
}

fn write_decision(out: &mut impl Write, d: &ReviewedDecision) -> std::io::Result<()> {
    let min = |m: Option<u32>| m.map_or("-".to_string(), |m| m.to_string());
    let (p, b) = (&d.played, &d.best);
    write_row(
        out,
        [
            &d.turn.to_string(),
            &format!("S{}", d.seat),
            &d.draws_left.to_string(),
            p.tile.name(),
            &format!("{:.4}", p.win_prob),
            &format!("{:.3}", p.exp_points),
            &min(p.min_draws),
            b.tile.name(),
            &format!("{:.4}", b.win_prob),
            &format!("{:.3}", b.exp_points),
            &min(b.min_draws),
            &format!("{:.2}", d.loss_points),
            &format!("{:.4}", d.loss_win_prob),
        ],
    )
}

fn write_game(out: &mut impl Write, r: &GameReview) -> std::io::Result<()> {
    writeln!(out, "game {} (rules {}; flagged: a loss of expected points above {})", r.game_id, r.rules, r.threshold)?;
    let rows: Vec<(String, usize, &Tally)> = r
        .seats
        .iter()
        .map(|s| {
            let name = if s.player.is_empty() { format!("S{}", s.seat) } else { format!("S{} {}", s.seat, s.player) };
            (name, 1, &s.tally)
        })
        .collect();
    write_tallies(out, "seat", &rows)?;
    let flagged: Vec<_> = r.flagged().collect();
    if flagged.is_empty() {
        writeln!(out, "  no decision flagged")?;
    } else {
        writeln!(out, "  flagged:")?;
        let head = ["turn", "seat", "left", "played", "win_prob", "points", "min", "best", "win_prob", "points", "min"];
        write_row(
            out,
            [
                head[0],
                head[1],
                head[2],
                head[3],
                head[4],
                head[5],
                head[6],
                head[7],
                head[8],
                head[9],
                head[10],
                "loss",
                "loss (win)",
            ],
        )?;
        for d in flagged {
            write_decision(out, d)?;
        }
    }
    Ok(())
}

fn json_line(out: &mut impl Write, json: serde_json::Result<String>) -> std::io::Result<()> {
    let j = json.map_err(std::io::Error::other)?;
    writeln!(out, "{j}")
}

/// The table model's per-seat (or per-player) table: `(name, tally)` rows.
fn write_table_tallies(out: &mut impl Write, head: &str, rows: &[(String, &TableTally)]) -> std::io::Result<()> {
    let width = rows.iter().map(|r| r.0.chars().count()).chain([head.len()]).max().unwrap_or(0);
    writeln!(out, "  {head:<width$}  decisions  flagged  loss (points)    ± se  deal-ins  deal-in chance")?;
    for (name, t) in rows {
        writeln!(
            out,
            "  {name:<width$}  {:>9}  {:>7}  {:>13.2}  {:>6.2}  {:>8}  {:>14}",
            t.decisions,
            t.flagged,
            t.loss,
            t.loss_se,
            t.deal_ins,
            percent(t.deal_in_chance)
        )?;
    }
    Ok(())
}

/// One row of the table model's decisions, its cells already words.
fn write_table_row(out: &mut impl Write, c: [&str; 9]) -> std::io::Result<()> {
    let line = format!(
        "  {:>4}  {:>4}  {:<13}  {:>7}  {:<13}  {:>7}  {:>15}  {:>7}  {}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
    );
    writeln!(out, "{}", line.trim_end())
}

fn write_table_decision(out: &mut impl Write, d: &TableDecision) -> std::io::Result<()> {
    let answer = |f: &mcr_engine::table::ActionFigures| f.action.answer().unwrap_or_default();
    let mark = match (d.flagged, d.dealt_in) {
        (true, true) => "flagged, dealt in",
        (true, false) => "flagged",
        (false, true) => "dealt in",
        (false, false) => "",
    };
    write_table_row(
        out,
        [
            &d.turn.to_string(),
            &format!("S{}", d.seat),
            &answer(&d.played),
            &format!("{:.2}", d.played.mean),
            &answer(&d.best),
            &format!("{:.2}", d.best.mean),
            &format!("{:.2} ± {:.2}", d.loss, d.loss_se),
            &percent(d.played.deal_in),
            mark,
        ],
    )
}

fn write_table_game(out: &mut impl Write, r: &TableReview) -> std::io::Result<()> {
    writeln!(
        out,
        "game {} (rules {}; table model, {} worlds, seed {}; flagged: a loss above {} points and 2 standard errors)",
        r.game_id, r.rules, r.worlds, r.seed, r.threshold
    )?;
    let rows: Vec<(String, &TableTally)> = r
        .seats
        .iter()
        .map(|s| {
            let name = if s.player.is_empty() { format!("S{}", s.seat) } else { format!("S{} {}", s.seat, s.player) };
            (name, &s.tally)
        })
        .collect();
    write_table_tallies(out, "seat", &rows)?;
    let listed: Vec<_> = r.decisions.iter().filter(|d| d.flagged || d.dealt_in).collect();
    if listed.is_empty() {
        writeln!(out, "  no decision flagged, no deal-in")?;
        return Ok(());
    }
    writeln!(out, "  flagged and deal-ins:")?;
    write_table_row(out, ["turn", "seat", "played", "points", "best", "points", "loss ± se", "deal-in", ""])?;
    for d in listed {
        write_table_decision(out, d)?;
    }
    Ok(())
}
