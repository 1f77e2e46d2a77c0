//! Accepted effects of rules on the bundled corpora, kept in
//! `rules/snapshots/<profile>.txt`: for a profile without an oracle (a house
//! rule), the `mcr rules diff` summary against the profile it extends; for
//! the base, botzone (`rules/fans.mcr`), the summary against the answers
//! recorded in the corpora (the reference's), which says that the rules
//! agree with every record until a deliberate change of the base is
//! accepted. A change of the effect fails the check until it is accepted
//! (`mcr rules snapshot NAME --accept`, or
//! `UPDATE_SNAPSHOTS=1 cargo test --release --test rules -- profiles::`).

use super::diff;
use mcr_core::fans::Profile;
use std::path::{Path, PathBuf};

/// The corpora a snapshot is taken on (under the crate root).
pub const CORPORA: &[&str] = &[
    "tests/data/hands.jsonl.gz",
    "tests/data/games.jsonl.gz",
    "tests/data/errors.jsonl.gz",
    "tests/data/golden.jsonl.gz",
];

/// Examples kept in a snapshot.
const EXAMPLES: usize = 5;

/// Where a profile's accepted snapshot lives.
pub fn path(root: &Path, profile: &Profile) -> PathBuf {
    root.join("rules/snapshots").join(format!("{}.txt", profile.name))
}

/// What a profile's snapshot compares it with: the profile it extends, or
/// for the base (botzone, which extends none) the recorded answers.
pub fn baseline(profile: &Profile) -> diff::Against {
    match profile.extends.and_then(Profile::by_name) {
        Some(base) => diff::Against::Profile(base),
        None => diff::Against::Recorded,
    }
}

/// The summary of a profile's effect on the corpora under `root` now.
pub fn summary(root: &Path, profile: &'static Profile) -> diff::Summary {
    let files: Vec<PathBuf> = CORPORA.iter().map(|f| root.join(f)).collect();
    let refs: Vec<&Path> = files.iter().map(|f| f.as_path()).collect();
    diff::diff(profile, baseline(profile), &refs, EXAMPLES, crate::record::DEFAULT_MAX_LINE_BYTES)
}

/// The snapshot text of a profile now: its diff against its baseline.
pub fn take(root: &Path, profile: &'static Profile) -> String {
    text(root, summary(root, profile))
}

/// The snapshot text of a summary taken on the corpora under `root`.
fn text(root: &Path, mut s: diff::Summary) -> String {
    // Paths relative to the root, so the snapshot is the same on any checkout.
    let prefix = format!("{}/", root.display());
    for e in &mut s.examples {
        e.file = e.file.trim_start_matches(&prefix).to_string();
    }
    if s.examples.is_empty() {
        return s.text();
    }
    format!("{}\nfirst {} of the changed records:\n{}", s.text(), s.examples.len(), s.examples_text())
}

/// Why a profile's effect is not its accepted snapshot, or the snapshot
/// could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SnapshotError {
    /// The snapshot file could not be written (the file, the system's reason).
    Write {
        /// The snapshot file.
        file: std::path::PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The effect is not the accepted one: how to review and accept it, then
    /// the line diff.
    Changed(String),
    /// The base rules agree with every bundled record, so a difference from
    /// the reference is no accepted change of the base.
    BaseAgrees,
}

impl std::fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SnapshotError::Write { file, reason } => write!(f, "{}: {reason}", file.display()),
            SnapshotError::Changed(v0) => write!(f, "{v0}"),
            SnapshotError::BaseAgrees => write!(f, "the base rules agree with every bundled record, as accepted in {BASE_SNAPSHOT}: this difference from the reference is not an accepted change of the base"),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// Compares the profile's effect with its accepted snapshot; with `accept`,
/// writes the new one instead. Err: what changed, as a line diff.
pub fn check(root: &Path, profile: &'static Profile, accept: bool) -> Result<(), SnapshotError> {
    compare(root, profile, &take(root, profile), accept)
}

/// [`check`] with the effect `now` already taken.
pub fn compare(root: &Path, profile: &Profile, now: &str, accept: bool) -> Result<(), SnapshotError> {
    let file = path(root, profile);
    if accept {
        let failed = |e: std::io::Error| SnapshotError::Write { file: file.clone(), reason: e.to_string() };
        std::fs::create_dir_all(file.parent().unwrap()).map_err(failed)?;
        return std::fs::write(&file, now).map_err(failed);
    }
    let accepted = std::fs::read_to_string(&file).unwrap_or_default();
    if accepted == now {
        return Ok(());
    }
    let test = if profile.extends.is_none() { "rules_base" } else { "rules -- profiles::" };
    let mut msg = format!(
        "profile {}: its effect on the bundled corpora is not the accepted one ({}).\n\
         Review the diff below; to accept it: mcr rules snapshot {} --accept\n\
         (or UPDATE_SNAPSHOTS=1 cargo test --release --test {test})\n\n",
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
    Err(SnapshotError::Changed(msg))
}

/// Where the base's accepted snapshot lives, relative to the root.
pub const BASE_SNAPSHOT: &str = "rules/snapshots/botzone.txt";

/// For a test that compared the base rules (botzone) with the reference and
/// found a difference: `Ok(note)` when the base's effect on the corpora
/// under `root` is the one accepted in [`BASE_SNAPSHOT`] and that records a
/// difference (a deliberate change of the base: the test reports the note
/// instead of failing); `Err` with the diff to review when the effect is not
/// the accepted one, or when the base agrees with every record (then the
/// difference is no accepted change of the base, and the test fails).
pub fn accepted_base_change(root: &Path) -> Result<String, SnapshotError> {
    let botzone = Profile::default();
    let s = summary(root, botzone);
    let agrees = s.agrees() && s.errors.is_empty();
    compare(root, botzone, &text(root, s), false)?;
    if agrees {
        return Err(SnapshotError::BaseAgrees);
    }
    Ok(format!("differs from the reference as accepted in {BASE_SNAPSHOT}"))
}
