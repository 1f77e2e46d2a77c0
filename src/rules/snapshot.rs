//! Accepted effects of profiles without an oracle (house rules): the
//! `mcr rules diff` summary of a profile against the profile it extends, on
//! the bundled corpora, kept in `rules/snapshots/<profile>.txt`. A change to
//! the profile changes the summary and fails the check until it is accepted
//! (`mcr rules snapshot NAME --accept`, or
//! `UPDATE_SNAPSHOTS=1 cargo test --release --test profiles`).

use super::diff;
use crate::fans::Profile;
use std::path::{Path, PathBuf};

/// The corpora a snapshot is taken on (under the crate root).
pub const CORPORA: &[&str] = &["tests/data/hands.jsonl.gz", "tests/data/games.jsonl.gz", "tests/data/errors.jsonl.gz"];

/// Examples kept in a snapshot.
const EXAMPLES: usize = 5;

/// Where a profile's accepted snapshot lives.
pub fn path(root: &Path, profile: &Profile) -> PathBuf {
    root.join("rules/snapshots").join(format!("{}.txt", profile.name))
}

/// The snapshot text of a profile now: its diff against its base.
pub fn take(root: &Path, profile: &'static Profile) -> String {
    let base = profile.extends.and_then(Profile::by_name).unwrap_or(Profile::default());
    let files: Vec<PathBuf> = CORPORA.iter().map(|f| root.join(f)).collect();
    let refs: Vec<&Path> = files.iter().map(|f| f.as_path()).collect();
    let mut s = diff::diff(profile, Some(base), &refs, EXAMPLES);
    // Paths relative to the root, so the snapshot is the same on any checkout.
    let prefix = format!("{}/", root.display());
    for e in &mut s.examples {
        e.file = e.file.trim_start_matches(&prefix).to_string();
    }
    format!("{}\nfirst {} of the changed records:\n{}", s.text(), s.examples.len(), s.examples_text())
}

/// Compares the profile's effect with its accepted snapshot; with `accept`,
/// writes the new one instead. Err: what changed, as a line diff.
pub fn check(root: &Path, profile: &'static Profile, accept: bool) -> Result<(), String> {
    compare(root, profile, &take(root, profile), accept)
}

/// [`check`] with the effect `now` already taken.
pub fn compare(root: &Path, profile: &Profile, now: &str, accept: bool) -> Result<(), String> {
    let file = path(root, profile);
    if accept {
        std::fs::create_dir_all(file.parent().unwrap()).map_err(|e| format!("{}: {e}", file.display()))?;
        return std::fs::write(&file, now).map_err(|e| format!("{}: {e}", file.display()));
    }
    let accepted = std::fs::read_to_string(&file).unwrap_or_default();
    if accepted == now {
        return Ok(());
    }
    let mut msg = format!(
        "profile {}: its effect on the bundled corpora is not the accepted one ({}).\n\
         Review the diff below; to accept it: mcr rules snapshot {} --accept\n\
         (or UPDATE_SNAPSHOTS=1 cargo test --release --test profiles)\n\n",
        profile.name,
        file.display(),
        profile.name
    );
    let (old, new): (Vec<&str>, Vec<&str>) = (accepted.lines().collect(), now.lines().collect());
    for l in &old {
        if !new.contains(l) {
            msg += &format!("- {l}\n");
        }
    }
    for l in &new {
        if !old.contains(l) {
            msg += &format!("+ {l}\n");
        }
    }
    Err(msg)
}
