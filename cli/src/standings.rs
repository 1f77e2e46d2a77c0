//! `mcr standings FILE... [--format text|json|csv] [--html OUT.html]`: the
//! standings of tournament records (`mcr_engine::arena::stats::standings`); also
//! `mcr arena standings`.

use mcr_engine::arena::stats::standings::{format, html, Builder};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Form {
    Text,
    Json,
    Csv,
}

#[derive(clap::Args)]
pub struct Args {
    /// Record files (.jsonl/.jsonl.gz): shards and resumed runs in any order.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Form,
    /// Also write the report page (self-contained HTML).
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Embed the games' `mcr view` page when there are at most this many games.
    #[arg(long, default_value_t = html::EMBED_GAMES)]
    pub embed: usize,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let mut b = if args.html.is_some() { Builder::with_games() } else { Builder::default() };
    b.add_inputs(&super::open_inputs("standings", &args.files, max_line_bytes));
    for e in b.errors.iter().chain(&b.repeats) {
        eprintln!("{}", super::hinted(e));
    }
    let s = b.finish();
    let out = match args.format {
        Form::Text => format::text(&s),
        Form::Json => format::json(&s) + "\n",
        Form::Csv => format::csv(&s),
    };
    print!("{out}");
    if let Some(path) = &args.html {
        let (page, problems) = html::report(&s, &b.games, &args.files, args.embed);
        for p in problems {
            eprintln!("{p}");
        }
        std::fs::write(path, page)
            .map_err(|e| super::CliError::failed("standings", format!("{}: {e}", path.display())))?;
        eprintln!("standings: report written to {}", path.display());
    }
    // Standings of what was read; the unreadable records, reported above, fail the run.
    Ok(if b.errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
