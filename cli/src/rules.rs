//! `mcr rules list | diff`: the rule profiles compiled in, and what one
//! changes against another on hands and games.

use mcr_engine::fans::Profile;
use mcr_engine::rules::diff;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

#[derive(clap::Subcommand)]
pub enum What {
    /// List the rule profiles: name, base, fans, file, about.
    List,
    /// Score hands and replay games under the rules and compare with a
    /// baseline (another profile, or the answers stored in the records);
    /// summary by fan, then examples with the rule lines that differ.
    Diff(DiffArgs),
    /// Check rules files as the build does (default: rules/fans.mcr and every
    /// profile), reporting every error with its line; no build needed.
    Check { files: Vec<PathBuf> },
    /// Check a profile's effect on the bundled corpora against its accepted
    /// snapshot (rules/snapshots/NAME.txt); --accept writes it. A profile's
    /// effect is its diff against the profile it extends; botzone's (the base,
    /// rules/fans.mcr) is its diff against the answers recorded in the
    /// corpora. Run from the repository root.
    Snapshot {
        #[arg(value_parser = super::parse_profile)]
        profile: &'static Profile,
        #[arg(long)]
        accept: bool,
    },
}

#[derive(clap::Args)]
pub struct DiffArgs {
    /// Hands corpora or games (records, Botzone logs, folders), told apart by content.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub rules: super::RulesArg,
    /// What to compare with: `recorded` (the answers stored in the records:
    /// a hand's `expected` fans, a game's HU/WA/WH display and canHu values),
    /// `played` (each game's own rules: its record's "rules" key, else
    /// botzone; botzone for hands) or a profile name. [default: `recorded`
    /// for botzone, where comparing botzone with itself would say nothing,
    /// so that an edit of rules/fans.mcr shows; `played` for any other
    /// profile]
    #[arg(long, value_parser = parse_against)]
    pub against: Option<diff::Against>,
    /// How many differing records to show side by side.
    #[arg(long, default_value_t = 5)]
    pub show: usize,
    /// `text` or `json`.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
}

fn parse_against(s: &str) -> Result<diff::Against, String> {
    match diff::Against::parse(s) {
        Some(a) => Ok(a),
        None => {
            super::parse_profile(s).map(diff::Against::Profile).map_err(|e| format!("{e}; or `recorded` or `played`"))
        }
    }
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    use super::CliError;
    Ok(match args.what {
        What::List => {
            let base = |p: &Profile| p.extends.map(|e| format!("< {e}")).unwrap_or_default();
            let width = Profile::all().iter().map(|p| base(p).len()).max().unwrap_or(0);
            for p in Profile::all() {
                println!("{:<28} {:<width$} {:>3} fans  {:<46} {}", p.name, base(p), p.fans.len() - 1, p.file, p.about);
            }
            ExitCode::SUCCESS
        }
        What::Snapshot { profile, accept } => snapshot(profile, accept)?,
        What::Check { files } => match super::rules_check::check(&files) {
            Ok(n) => {
                println!("rules check: {n} file(s), no error");
                ExitCode::SUCCESS
            }
            // Every error of every file, then the count: the check fails.
            Err(errors) => {
                for e in &errors {
                    eprintln!("error: {e}");
                }
                eprintln!("rules check: {} error(s)", errors.len());
                ExitCode::FAILURE
            }
        },
        What::Diff(a) => {
            let files: Vec<&std::path::Path> = a.files.iter().map(|f| f.as_path()).collect();
            let against = a.against.unwrap_or_else(|| diff::Against::default_for(a.rules.rules));
            let s = diff::diff(a.rules.rules, against, &files, a.show, max_line_bytes);
            for k in &s.skipped {
                eprintln!("rules diff: {k}");
            }
            if a.format == "json" {
                println!("{}", serde_json::to_string_pretty(&s).expect("summary serialises"));
            } else {
                print!("{}", s.text());
                if !s.examples.is_empty() {
                    println!("\nfirst {} of the changed records:", s.examples.len());
                    print!("{}", s.examples_text());
                }
            }
            if s.hands + s.games == 0 {
                return Err(CliError::failed("rules diff", "no record read"));
            }
            if s.errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    })
}

/// `mcr rules snapshot NAME [--accept]`, run from the repository root. For
/// the base (botzone), whether its accepted effect records a difference
/// from the reference is told by the snapshot module's kind of answer.
fn snapshot(profile: &'static Profile, accept: bool) -> Result<ExitCode, super::CliError> {
    use mcr_engine::rules::snapshot::{self, SnapshotError};
    let root = std::path::Path::new(".");
    // The effect's message ends its own lines.
    let failed = |e: SnapshotError| super::CliError::failed("rules snapshot", e.to_string().trim_end().to_string());
    if accept {
        snapshot::check(root, profile, true).map_err(failed)?;
        println!("accepted: {}", snapshot::path(root, profile).display());
        return Ok(ExitCode::SUCCESS);
    }
    if profile.extends.is_some() {
        snapshot::check(root, profile, false).map_err(failed)?;
        println!("{}: the effect is the accepted one", profile.name);
        return Ok(ExitCode::SUCCESS);
    }
    // The base: its effect against the reference is accepted either way;
    // a difference is noted.
    let note = match snapshot::accepted_base_change(root) {
        Ok(note) => Some(note),
        Err(SnapshotError::BaseAgrees) => None,
        Err(e) => return Err(failed(e)),
    };
    println!("{}: the effect is the accepted one", profile.name);
    if let Some(note) = note {
        println!("{}: {note}", profile.name);
    }
    Ok(ExitCode::SUCCESS)
}
