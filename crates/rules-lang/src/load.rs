//! The one loader of the profiles: `rules/fans.mcr` (botzone) and every
//! profile of `rules/profiles/`, each applied to its base once that is
//! compiled ([`profiles`]); build.rs generates the tables of each.

use crate::lang::{self, Rules};
use crate::profile::{apply, read_header};
use std::path::Path;

/// The reference profile's rules file (botzone), relative to the
/// repository: the name its errors and provenance lines give it.
pub const RULES_FILE: &str = "rules/fans.mcr";

/// Reads and checks `fans.mcr` of a `rules/` folder (the reference profile,
/// botzone). An error holds every error of the file, one per line, the
/// lines after the first prefixed `error: ` (build.rs prefixes the first).
pub fn base(rules_dir: &Path) -> Result<Rules, String> {
    let path = rules_dir.join("fans.mcr");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    lang::parse_all(RULES_FILE, &text)
        .map_err(|errors| errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\nerror: "))
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
/// [`Profiles`]); an error is one line naming file and line.
pub fn profiles(rules_dir: &Path, only: Option<&[&str]>) -> Result<Profiles, String> {
    let fan_rules = base(rules_dir)?;
    let base_file = RULES_FILE.to_string();
    let base_text = std::fs::read_to_string(rules_dir.join("fans.mcr")).map_err(|e| e.to_string())?;
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
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mcr"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_stem().unwrap_or_default().to_string_lossy().to_string();
            let file = format!("rules/profiles/{name}.mcr");
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: cannot read: {e}"))?;
            pending.push(read_header(&name, &file, &text).map_err(|e| e.to_string())?);
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
            return Err(format!(
                "{}:1: extends unknown profile `{}` (or profiles extend each other in a cycle)",
                p.file, p.extends
            ));
        };
        let p = pending.remove(k);
        let base = compiled.iter().find(|d| d.name == p.extends).expect("found above");
        let rules = apply(&base.rules, &base_text, &p)
            .map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\nerror: "))?;
        let mut chain = vec![p.file.clone()];
        chain.extend(base.chain.iter().cloned());
        compiled.push(Compiled { name: p.name, file: p.file, extends: Some(p.extends), about: p.about, rules, chain });
    }
    Ok(Profiles { compiled, texts })
}
