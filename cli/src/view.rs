//! `mcr view`: game records as one self-contained HTML page.

use super::review::ReviewModel;
use mcr_engine::analysis::review::ReviewOptions;
use mcr_engine::viewer::{self, Review, Selection};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Game records (.jsonl/.jsonl.gz), Botzone logs, folders of them.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Only these game ids (repeatable).
    #[arg(long)]
    pub id: Vec<String>,
    /// Only games carrying one of these tags (repeatable).
    #[arg(long)]
    pub tag: Vec<String>,
    /// At most this many games on the page (0: all); the others are counted.
    #[arg(long, default_value_t = 500)]
    pub limit: usize,
    /// The HTML file to write.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Mark each discard after an own draw with the decision analysis's
    /// suggested discard and the loss (`mcr review`).
    #[arg(long)]
    pub review: bool,
    /// With --review: flag a discard losing more expected points than this
    /// (with --model table: a decision losing more points of final score,
    /// and more than twice its standard error).
    #[arg(long, requires = "review", allow_negative_numbers = true, default_value_t = ReviewOptions::default().threshold)]
    pub threshold: f64,
    /// With --review: decide, the decision analysis (discards after an own
    /// draw); table, the table model (every decision, its deal-in chance
    /// and the deal-ins).
    #[arg(long, requires = "review", value_enum, default_value = "decide")]
    pub model: ReviewModel,
    /// With --review --model table: worlds each answer is played out in.
    #[arg(long, requires = "review", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub worlds: Option<u64>,
    /// With --review --model table: the seed of the worlds.
    #[arg(long, requires = "review")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    use super::CliError;
    let sel = Selection { ids: args.id.clone(), tags: args.tag.clone(), limit: args.limit, profile: args.rules.rules };
    if !args.threshold.is_finite() || args.threshold < 0.0 {
        let why = format!("--threshold {}: a number of points, 0 or more", args.threshold);
        return Err(CliError::input("mcr view", why));
    }
    let table = super::review::table_options("mcr view", args.model, args.worlds, args.seed, args.threshold, None)?;
    let review = args.review.then(|| match table {
        Some(t) => Review::Table(t),
        None => Review::Decide(ReviewOptions { threshold: args.threshold, ..ReviewOptions::default() }),
    });
    let viewer::Loaded { games, left_out, errors, skipped } =
        viewer::load_reviewed(&args.files, &sel, max_line_bytes, review.as_ref());
    for s in &skipped {
        eprintln!("view: {s}");
    }
    for e in &errors {
        eprintln!("{}", super::hinted(e));
    }
    if left_out > 0 {
        eprintln!("mcr view: {left_out} more selected games left out (--limit {}; narrow with --id/--tag)", args.limit);
    }
    if games.is_empty() {
        return Err(CliError::failed("mcr view", "no game selected"));
    }
    for g in games.iter().filter_map(|g| g.error.as_ref().map(|e| (g, e))) {
        eprintln!("{}: game {}: replay stopped: {}", g.0.source, g.0.id, g.1);
    }
    // Decisions the table model could not analyse (the others are shown).
    for g in &games {
        for e in g.table_review.iter().flat_map(|r| &r.errors) {
            eprintln!("{}: game {}: table review: {e}", g.source, g.id);
        }
    }
    let page = viewer::page::render(&games).map_err(|e| CliError::failed("mcr view", e.to_string()))?;
    std::fs::write(&args.output, page.as_bytes())
        .map_err(|e| CliError::failed("mcr view", format!("{}: {e}", args.output.display())))?;
    let plural = if games.len() == 1 { "" } else { "s" };
    println!("view: {} game{plural} written to {} ({} KB)", games.len(), args.output.display(), page.len() / 1024);
    // Games written, but some records unreadable: reported above, exit 1.
    Ok(if errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
