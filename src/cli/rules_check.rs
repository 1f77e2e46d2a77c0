//! `mcr rules check [FILE]...`: the rules checker of build.rs (the same
//! files, build/lang.rs and build/profile.rs, compiled into the binary),
//! every error of a file at once, without a build.

#[path = "../../build/lang.rs"]
#[allow(dead_code)]
mod lang;
#[path = "../../build/profile.rs"]
#[allow(dead_code)]
mod profile;
pub(crate) use mcr_engine::rules::vocabulary;

use std::path::{Path, PathBuf};

/// Checks rules files: with none, `rules/fans.mcr` and every profile in
/// `rules/profiles/`. A profile is checked applied to its base (read from
/// the `rules/` folder it lives in). Returns the errors, one line each.
pub fn check(files: &[PathBuf]) -> Result<usize, Vec<String>> {
    let files: Vec<PathBuf> = if files.is_empty() {
        let mut v = vec![PathBuf::from("rules/fans.mcr")];
        if let Ok(dir) = std::fs::read_dir("rules/profiles") {
            let mut p: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "mcr")).collect();
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

fn read(file: &Path) -> Result<String, Vec<String>> {
    std::fs::read_to_string(file).map_err(|e| vec![format!("{}: cannot read: {e}", file.display())])
}

fn check_file(file: &Path) -> Result<lang::Rules, Vec<String>> {
    let text = read(file)?;
    let name = file.display().to_string();
    let is_profile = text.lines().any(|l| lang::strip_comment(l).trim_start().starts_with("extends "));
    if !is_profile {
        return lang::parse_all(&name, &text).map_err(|e| e.iter().map(|e| e.to_string()).collect());
    }
    // Line errors first, all at once (a hint per line), then the profile applied.
    let hints: Vec<String> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| lang::full_width_hint(l).map(|h| format!("{name}:{}: {h}", i + 1)))
        .chain(text.starts_with('\u{feff}').then(|| format!("{name}:1: the file starts with a byte-order mark (BOM): save it as UTF-8 without BOM")))
        .collect();
    if !hints.is_empty() {
        return Err(hints);
    }
    let stem = file.file_stem().unwrap_or_default().to_string_lossy().to_string();
    let header = profile::read_header(&stem, &name, &text).map_err(|e| vec![e.to_string()])?;
    let rules_dir = file.parent().and_then(Path::parent).unwrap_or(Path::new("rules"));
    let base_file = if header.extends == "botzone" { rules_dir.join("fans.mcr") } else { rules_dir.join("profiles").join(format!("{}.mcr", header.extends)) };
    let base = check_file(&base_file).map_err(|mut e| {
        e.insert(0, format!("{name}:1: its base `{}` ({}) has errors:", header.extends, base_file.display()));
        e
    })?;
    let base_text = read(&rules_dir.join("fans.mcr"))?;
    profile::apply(&base, &base_text, &header).map_err(|e| e.iter().map(|e| e.to_string()).collect())
}
