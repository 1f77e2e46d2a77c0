//! The one loader of the profiles: `rules/fans.mcr` (botzone) and every
//! profile of `rules/profiles/`, each applied to its base once that is
//! compiled ([`profiles`]); build.rs generates the tables of each.

use crate::lang::{self, Rules, RulesError};
use crate::profile::{apply, read_header};
use std::fmt;
use std::path::Path;

/// The reference profile's rules file (botzone), relative to the
/// repository: the name its errors and provenance lines give it.
pub const RULES_FILE: &str = "rules/fans.mcr";

/// Why the profiles of a `rules/` folder could not be loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum LoadError {
    /// A rules file or folder could not be read.
    Read {
        /// The file or folder, as its errors name it.
        file: String,
        /// The system's reason.
        error: std::io::Error,
    },
    /// A rules file holds mistakes: every one of the file, each with its
    /// file and line (at least one).
    Rules(Vec<RulesError>),
    /// A profile extends a profile that is not there (or the profiles
    /// extend each other in a cycle).
    UnknownBase {
        /// The profile's file (`rules/profiles/NAME.mcr`).
        file: String,
        /// The profile named on its `extends` line.
        extends: String,
    },
}

impl fmt::Display for LoadError {
    /// One line; the mistakes of a rules file one per line, the lines after
    /// the first prefixed `error: ` (build.rs prefixes the first).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read { file, error } => write!(f, "{file}: cannot read: {error}"),
            LoadError::Rules(errors) => {
                for (i, e) in errors.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\nerror: ")?;
                    }
                    write!(f, "{e}")?;
                }
                Ok(())
            }
            LoadError::UnknownBase { file, extends } => {
                write!(f, "{file}:1: extends unknown profile `{extends}` (or profiles extend each other in a cycle)")
            }
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Read { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Reads a rules file of `rules_dir`, named `file` in errors.
fn read(path: &Path, file: &str) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|error| LoadError::Read { file: file.to_string(), error })
}

/// Reads and checks `fans.mcr` of a `rules/` folder (the reference profile,
/// botzone). An error holds every error of the file.
pub fn base(rules_dir: &Path) -> Result<Rules, LoadError> {
    let path = rules_dir.join("fans.mcr");
    let text = read(&path, &path.display().to_string())?;
    lang::parse_all(RULES_FILE, &text).map_err(LoadError::Rules)
}

/// A profile compiled from the rules: `botzone` (`rules/fans.mcr`) or a
/// profile file applied to its base.
pub struct Compiled {
    /// The profile's name: `botzone`, or the file's name without `.mcr`
    /// (`strict-98`), as `--rules NAME` gives it.
    pub name: String,
    /// `rules/fans.mcr` or `rules/profiles/NAME.mcr`.
    pub file: String,
    /// The profile it extends (`None` for botzone).
    pub extends: Option<String>,
    /// Its `about` line, shown by `mcr rules list` (for botzone,
    /// [`BOTZONE_ABOUT`]).
    pub about: String,
    /// Its rules, the base's with the profile applied, checked.
    pub rules: Rules,
    /// Its file, then the files of the profiles it extends, down to
    /// `rules/fans.mcr`: the inputs of its tables.
    pub chain: Vec<String>,
}

/// Every profile of a `rules/` folder, each after its base: botzone first,
/// then `rules/profiles/*.mcr` (in name order, each once its base is
/// compiled; `only`: just these besides botzone), with the text of every
/// file read. The one loader of the profiles (build.rs, [`profiles`]).
pub struct Profiles {
    /// Botzone first, then each profile after the one it extends.
    pub compiled: Vec<Compiled>,
    /// (file, text) of every rules file read.
    pub texts: Vec<(String, String)>,
}

impl Profiles {
    /// The text of a file read (`rules/...`).
    pub fn text(&self, file: &str) -> &str {
        self.texts.iter().find(|t| t.0 == file).map_or("", |t| t.1.as_str())
    }
}

/// The about line of the reference profile.
pub const BOTZONE_ABOUT: &str =
    "the reference: the Botzone platform's judge (the 2018 calculator of pymahjonggb 1.1.0, the platform's displays)";

/// Loads `rules/fans.mcr` and the profiles of `rules/profiles/` (see
/// [`Profiles`]); an error names file and line.
pub fn profiles(rules_dir: &Path, only: Option<&[&str]>) -> Result<Profiles, LoadError> {
    let fan_rules = base(rules_dir)?;
    let base_file = RULES_FILE.to_string();
    let base_path = rules_dir.join("fans.mcr");
    let base_text = read(&base_path, &base_path.display().to_string())?;
    let mut texts = vec![(base_file.clone(), base_text.clone())];
    let mut compiled = vec![Compiled {
        name: "botzone".into(),
        file: base_file.clone(),
        extends: None,
        about: BOTZONE_ABOUT.into(),
        rules: fan_rules,
        chain: vec![base_file],
    }];
    let mut pending = Vec::new();
    let dir = rules_dir.join("profiles");
    if dir.is_dir() {
        let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
            .map_err(|error| LoadError::Read { file: dir.display().to_string(), error })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mcr"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_stem().unwrap_or_default().to_string_lossy().to_string();
            let file = format!("rules/profiles/{name}.mcr");
            let text = read(&path, &file)?;
            pending.push(read_header(&name, &file, &text).map_err(|e| LoadError::Rules(vec![e]))?);
            texts.push((file, text));
        }
    }
    if let Some(only) = only {
        pending.retain(|p| only.contains(&p.name.as_str()));
    }
    // Each profile once its base is compiled.
    while !pending.is_empty() {
        let Some(k) = pending.iter().position(|p| compiled.iter().any(|d| d.name == p.extends)) else {
            let p = &pending[0];
            return Err(LoadError::UnknownBase { file: p.file.clone(), extends: p.extends.clone() });
        };
        let p = pending.remove(k);
        let base = compiled.iter().find(|d| d.name == p.extends).expect("found above");
        let rules = apply(&base.rules, &base_text, &p).map_err(LoadError::Rules)?;
        let mut chain = vec![p.file.clone()];
        chain.extend(base.chain.iter().cloned());
        compiled.push(Compiled { name: p.name, file: p.file, extends: Some(p.extends), about: p.about, rules, chain });
    }
    Ok(Profiles { compiled, texts })
}
