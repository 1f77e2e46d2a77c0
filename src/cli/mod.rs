//! One module per subcommand.
pub mod analyse;
pub mod audit;
pub mod bench;
pub mod bench_env;
pub mod bench_fan;
pub mod bench_replay;
pub mod bench_shanten;
pub mod fan;
pub mod hands;
pub mod play;
pub mod rules;
pub mod rules_check;
pub mod selftest;
pub mod serve;
pub mod shanten;
pub mod validate;
pub mod waits;
pub mod view;

/// `--rules NAME`: the rule profile to score with (flattened into each
/// subcommand that scores).
#[derive(clap::Args, Clone, Debug)]
pub struct RulesArg {
    /// Rule profile (`mcr rules list`); botzone is the reference.
    #[arg(long = "rules", value_name = "PROFILE", default_value = "botzone", value_parser = parse_profile)]
    pub rules: &'static mcr_engine::fans::Profile,
}

pub fn parse_profile(name: &str) -> Result<&'static mcr_engine::fans::Profile, String> {
    mcr_engine::fans::Profile::by_name(name)
        .ok_or_else(|| format!("unknown profile `{name}` (profiles: {})", mcr_engine::fans::Profile::names().join(", ")))
}

/// A record or its located error: errors go to stderr and are skipped.
pub fn ok_or_report<T>(item: Result<T, String>) -> Option<T> {
    item.map_err(|e| eprintln!("{e}")).ok()
}

/// Game ids seen in a run: a repeated id is warned about on stderr (with
/// both places) and still counted, as each line is a game.
#[derive(Default)]
pub struct DuplicateIds {
    files: Vec<std::path::PathBuf>,
    /// Id -> (index into `files`, line) of its first occurrence.
    seen: std::collections::HashMap<String, (usize, usize)>,
}

impl DuplicateIds {
    pub fn see(&mut self, id: String, file: &std::path::Path, line: usize) {
        if id.is_empty() {
            return;
        }
        if self.files.last().is_none_or(|f| f != file) {
            self.files.push(file.to_path_buf());
        }
        let here = (self.files.len() - 1, line);
        match self.seen.entry(id) {
            std::collections::hash_map::Entry::Occupied(first) => {
                let (f, l) = *first.get();
                eprintln!("warning: {}:{line}: game id {:?} repeats {}:{l}", file.display(), first.key(), self.files[f].display());
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(here);
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
