//! `mcr rules check [FILE]...`: the rules checker of build.rs (the rules
//! language's `lang` and `profile`, `crates/rules-lang/`), every error of a
//! file at once, without a build.

use mcr_engine::rules::lang::{self, RulesError};
use mcr_engine::rules::profile;

use std::fmt;
use std::path::{Path, PathBuf};

/// One error `mcr rules check` reports: a rules file that cannot be read,
/// or a mistake in one (its file and line).
#[derive(Debug)]
#[non_exhaustive]
pub enum CheckError {
    /// A rules file that cannot be read.
    Read {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
    /// A mistake in a rules file.
    Rules(RulesError),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Read { file, error } => write!(f, "{}: cannot read: {error}", file.display()),
            CheckError::Rules(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CheckError {}

/// The checker's errors as `mcr rules check` lists them.
fn rules_errors(errors: Vec<RulesError>) -> Vec<CheckError> {
    errors.into_iter().map(CheckError::Rules).collect()
}

/// Checks rules files: with none, `rules/fans.mcr` and every profile in
/// `rules/profiles/`. A profile is checked applied to its base (read from
/// the `rules/` folder it lives in, else the copy built into mcr). Returns
/// the errors, each one line.
pub fn check(files: &[PathBuf]) -> Result<usize, Vec<CheckError>> {
    let files: Vec<PathBuf> = if files.is_empty() {
        let mut v = vec![PathBuf::from("rules/fans.mcr")];
        if let Ok(dir) = std::fs::read_dir("rules/profiles") {
            let mut p: Vec<PathBuf> = dir
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "mcr"))
                .collect();
            p.sort();
            v.extend(p);
        }
        v
    } else {
        files.to_vec()
    };
    let mut errors = Vec::new();
    for file in &files {
        if let Err(e) = check_file(file) {
            errors.extend(e);
        }
    }
    if errors.is_empty() {
        Ok(files.len())
    } else {
        Err(errors)
    }
}

fn read(file: &Path) -> Result<String, Vec<CheckError>> {
    std::fs::read_to_string(file).map_err(|error| vec![CheckError::Read { file: file.to_path_buf(), error }])
}

fn check_file(file: &Path) -> Result<lang::Rules, Vec<CheckError>> {
    let text = read(file)?;
    let stem = file.file_stem().unwrap_or_default().to_string_lossy().to_string();
    let rules_dir = file.parent().and_then(Path::parent).unwrap_or(Path::new("rules"));
    check_text(&file.display().to_string(), &stem, &text, Some(rules_dir))
}

/// The copy of a rules file (`rules/...`) compiled into this build.
fn built_in(file: &str) -> Option<&'static str> {
    mcr_engine::rules::profiles::SOURCES.iter().find(|s| s.0 == file).map(|s| s.1)
}

/// Checks one rules text named `name`. A profile's base is read from
/// `rules_dir` (the `rules/` folder the profile lives in) when it is there,
/// else from the copy compiled into this build (so a profile kept anywhere
/// can be checked), which the output notes.
fn check_text(name: &str, stem: &str, text: &str, rules_dir: Option<&Path>) -> Result<lang::Rules, Vec<CheckError>> {
    let is_profile = text.lines().any(|l| lang::strip_comment(l).trim_start().starts_with("extends "));
    if !is_profile {
        return lang::parse_all(name, text).map_err(rules_errors);
    }
    // Line errors first, all at once (a hint per line), then the profile applied.
    let hints: Vec<RulesError> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| lang::full_width_hint(l).map(|h| RulesError::new(name, i + 1, None, h)))
        .chain(text.starts_with('\u{feff}').then(|| {
            RulesError::new(name, 1, None, "the file starts with a byte-order mark (BOM): save it as UTF-8 without BOM")
        }))
        .collect();
    if !hints.is_empty() {
        return Err(rules_errors(hints));
    }
    let header = profile::read_header(stem, name, text).map_err(|e| vec![CheckError::Rules(e)])?;
    let base_rel =
        if header.extends == "botzone" { "fans.mcr".to_string() } else { format!("profiles/{}.mcr", header.extends) };
    let beside = rules_dir.map(|d| d.join(&base_rel)).filter(|f| f.is_file());
    let (base, base_text) = match (beside, rules_dir) {
        (Some(base_file), Some(dir)) => {
            let base = check_file(&base_file).map_err(|mut e| {
                let why = format!("its base `{}` ({}) has errors:", header.extends, base_file.display());
                e.insert(0, CheckError::Rules(RulesError::new(name, 1, None, why)));
                e
            })?;
            (base, read(&dir.join("fans.mcr"))?)
        }
        _ => {
            let file = format!("rules/{base_rel}");
            let (Some(text), Some(fans)) = (built_in(&file), built_in("rules/fans.mcr")) else {
                let looked =
                    rules_dir.map_or(String::new(), |d| format!("not in {}, and ", d.join(&base_rel).display()));
                let why =
                    format!("its base `{}` is {looked}not a profile built into mcr (`mcr rules list`)", header.extends);
                return Err(vec![CheckError::Rules(RulesError::new(name, 1, None, why))]);
            };
            if let Some(dir) = rules_dir {
                println!(
                    "note: {name}: its base `{}` is not in {}; checked against the copy built into mcr ({file})",
                    header.extends,
                    dir.display()
                );
            }
            (check_text(&file, &header.extends, text, None)?, fans.to_string())
        }
    };
    profile::apply(&base, &base_text, &header).map_err(rules_errors)
}
