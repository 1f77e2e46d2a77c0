//! What the subcommands share: the `--rules` options, the hints added to
//! library messages, the duplicate-id warning, the output format.

/// `--rules NAME`: the rule profile to score with (flattened into each
/// subcommand that scores).
#[derive(clap::Args, Clone, Debug)]
pub struct RulesArg {
    /// Rule profile (`mcr rules list`); botzone is the reference.
    #[arg(long = "rules", value_name = "PROFILE", default_value = "botzone", value_parser = parse_profile)]
    pub rules: &'static mcr_engine::fans::Profile,
}

/// `--rules NAME` for the commands that read game records (`validate`,
/// `audit`, `view`, `bench replay`): given or not, since a record's own
/// `"rules"` key decides when present (`mcr_engine::record::rules`).
#[derive(clap::Args, Clone, Debug)]
pub struct RecordRulesArg {
    /// Rule profile (`mcr rules list`) for records without a "rules" key
    /// (hands have none) [default: botzone]
    ///
    /// A game record that says "rules": NAME (as `mcr play --rules NAME` writes)
    /// is replayed under NAME without this option, each record of a file under
    /// its own; records without the key are replayed under --rules, else
    /// botzone (the judge's rules). A record whose "rules" names another
    /// profile than an explicit --rules is not replayed: it fails as a rules
    /// conflict, with its file and line. An unknown profile name in "rules"
    /// makes the record malformed (file:line, the name, the profiles).
    #[arg(long = "rules", value_name = "PROFILE", value_parser = parse_profile)]
    pub rules: Option<&'static mcr_engine::fans::Profile>,
}

impl RecordRulesArg {
    /// The profile of a game record whose `"rules"` key is `recorded`.
    pub fn for_record(
        &self,
        recorded: Option<&'static mcr_engine::fans::Profile>,
    ) -> Result<&'static mcr_engine::fans::Profile, mcr_engine::record::rules::RulesConflict> {
        mcr_engine::record::rules::profile_for(recorded, self.rules)
    }

    /// The profile for what carries no rules key (hands): --rules, else botzone.
    pub fn profile(&self) -> &'static mcr_engine::fans::Profile {
        self.rules.unwrap_or(mcr_engine::fans::Profile::default())
    }
}

/// A `--rules` name that names no profile compiled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl std::fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown profile `{}` (profiles: {})", self.0, mcr_engine::fans::Profile::names().join(", "))
    }
}

impl std::error::Error for UnknownProfile {}

/// The profile named `name` (`--rules NAME`).
pub fn parse_profile(name: &str) -> Result<&'static mcr_engine::fans::Profile, UnknownProfile> {
    mcr_engine::fans::Profile::by_name(name).ok_or_else(|| UnknownProfile(name.to_string()))
}

/// A record or its located error: errors go to stderr (with the CLI's
/// hint, [`hinted`]) and are skipped.
pub fn ok_or_report<T>(item: Result<T, mcr_engine::record::RecordError>) -> Option<T> {
    item.map_err(|e| eprintln!("{}", hinted(&e))).ok()
}

/// The CLI's hint after a rules conflict: the library names no option.
const CONFLICT_HINT: &str = "(leave --rules out to replay each record under its own rules)";

/// The CLI's hint after a line over the bound.
const TOO_LONG_HINT: &str = "(raise it with --max-line-bytes)";

/// A rules conflict as the CLI prints it: the library's words, then how to
/// avoid it with the CLI's options.
pub fn conflict_hint(conflict: &mcr_engine::record::rules::RulesConflict) -> String {
    format!("{conflict} {CONFLICT_HINT}")
}

/// A note when `--jobs` asks for more threads than cores (they are capped).
pub fn note_jobs_capped(command: &str, jobs: Option<u32>) {
    let cores = mcr_engine::record::par::cores();
    if let Some(n) = jobs.filter(|&n| n as usize > cores) {
        eprintln!("{command}: --jobs {n} capped at {cores}, the cores of this machine");
    }
}

/// An error whose kind may call for a hint naming one of the CLI's options.
pub trait Hint: std::fmt::Display {
    /// The kind of what went wrong, when the error has one.
    fn kind(&self) -> Option<&mcr_engine::record::RecordErrorKind>;
}

impl Hint for mcr_engine::record::RecordError {
    fn kind(&self) -> Option<&mcr_engine::record::RecordErrorKind> {
        Some(&self.kind)
    }
}

impl Hint for mcr_engine::formats::ImportError {
    fn kind(&self) -> Option<&mcr_engine::record::RecordErrorKind> {
        Some(&self.kind)
    }
}

impl Hint for mcr_engine::samples::run::Problem {
    fn kind(&self) -> Option<&mcr_engine::record::RecordErrorKind> {
        Some(&self.kind)
    }
}

impl Hint for String {
    fn kind(&self) -> Option<&mcr_engine::record::RecordErrorKind> {
        None
    }
}

/// A library error as the CLI prints it: with how to change, with the
/// CLI's options, what the error depends on (the line bound
/// `--max-line-bytes`, the rules asked for `--rules`), told by the error's
/// kind. Library messages name no option: they are the same for the Python
/// binding.
pub fn hinted(e: &impl Hint) -> String {
    use mcr_engine::record::RecordErrorKind;
    match e.kind() {
        Some(RecordErrorKind::TooLong { .. } | RecordErrorKind::DocumentTooLong { .. }) => {
            format!("{e} {TOO_LONG_HINT}")
        }
        Some(RecordErrorKind::RulesConflict { .. }) => format!("{e} {CONFLICT_HINT}"),
        _ => e.to_string(),
    }
}

/// Game ids seen in a file: an id repeated within one file is warned about
/// on stderr (with both lines) and still counted, as each line is a game.
/// Files are told apart: the same game in two files (the golden file is a
/// subset of the games file) is not a repeat.
#[derive(Default)]
pub struct DuplicateIds {
    file: Option<std::path::PathBuf>,
    /// Id -> line of its first occurrence in the current file.
    seen: std::collections::HashMap<String, usize>,
}

impl DuplicateIds {
    pub fn see(&mut self, id: String, file: &std::path::Path, line: usize) {
        if id.is_empty() {
            return;
        }
        if self.file.as_deref() != Some(file) {
            self.file = Some(file.to_path_buf());
            self.seen.clear();
        }
        match self.seen.entry(id) {
            std::collections::hash_map::Entry::Occupied(first) => {
                eprintln!("warning: {}:{line}: game id {:?} repeats line {}", file.display(), first.key(), first.get());
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(line);
            }
        }
    }
}

/// Output format of the analysis commands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// The inputs of `command` as the one input layer tells them apart
/// (`mcr_engine::input::Inputs`); each file of a folder skipped (in none of
/// the formats) is named on stderr.
pub fn open_inputs(command: &str, files: &[std::path::PathBuf], max_line_bytes: usize) -> mcr_engine::input::Inputs {
    let inputs = mcr_engine::input::Inputs::open(files, None, max_line_bytes);
    for s in &inputs.skipped {
        eprintln!("{command}: {s}");
    }
    inputs
}

/// A spinner on stderr while records are read (games, rate, the file), drawn
/// from the library's progress events; `None` when stderr is not a terminal.
pub fn spinner() -> Option<mcr_engine::record::Progress> {
    use mcr_engine::record::ProgressEvent;
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {pos} games  {per_sec}  {msg}") {
        bar.set_style(style);
    }
    Some(std::sync::Arc::new(move |event: ProgressEvent<'_>| match event {
        ProgressEvent::File(file) => bar.set_message(file.display().to_string()),
        ProgressEvent::Lines(n) => bar.set_position(n as u64),
        ProgressEvent::Done => bar.finish_and_clear(),
    }))
}
