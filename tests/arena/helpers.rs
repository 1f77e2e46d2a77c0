//! Shared by the arena tests: bots files, runs, records, leftover checks.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common;

/// The Python interpreter by absolute path (a bot's environment is
/// cleaned: a version manager's shim may not find itself there).
pub fn python() -> Option<&'static str> {
    static P: OnceLock<Option<String>> = OnceLock::new();
    P.get_or_init(|| {
        let out =
            std::process::Command::new("python3").args(["-c", "import sys; print(sys.executable)"]).output().ok()?;
        let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
        (!s.is_empty()).then_some(s)
    })
    .as_deref()
}

/// Python for a test: `None` (and a skip line) when missing outside CI.
pub fn python_or_skip() -> Option<&'static str> {
    let p = python();
    if p.is_none() {
        common::skip("MCR_REQUIRE_PYTHON", "python3 not found");
    }
    p
}

pub fn bot_script(name: &str) -> String {
    common::repo().join("tests/arena/bots").join(name).to_string_lossy().into_owned()
}

pub use crate::common::mcr_bin;

/// One `[[bot]]` entry.
pub fn entry(name: &str, argv: &[&str], extra: &str) -> String {
    let argv: Vec<String> = argv.iter().map(|a| format!("{a:?}")).collect();
    format!("[[bot]]\nname = {name:?}\ncommand = [{}]\n{extra}\n", argv.join(", "))
}

/// Writes a bots file in a fresh folder and returns (folder, file).
pub fn bots_file(test: &str, entries: &[String]) -> (common::TempDir, PathBuf) {
    let dir = common::temp_dir(test);
    let file = dir.join("bots.toml");
    std::fs::write(&file, entries.concat()).unwrap();
    (dir, file)
}

/// Runs `mcr arena` and returns the run and the records.
pub fn arena(file: &Path, dir: &Path, extra: &[&str]) -> (common::Run, Vec<serde_json::Value>) {
    let out = dir.join("out.jsonl");
    // A fresh run each call: an existing OUT would be continued (resume).
    let _ = std::fs::remove_file(&out);
    let mut args = vec!["arena", "--bots", file.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let run = common::mcr(&args);
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    let records = text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    (run, records)
}

/// `mcr validate` and `mcr validate --self-test` pass on the run's output.
pub fn assert_valid(dir: &Path, games: usize) {
    let out = dir.join("out.jsonl");
    let out = out.to_str().unwrap();
    let v = common::mcr(&["validate", out]);
    assert!(v.ok() && v.stdout.contains(&format!("{games}/{games} games reproduced exactly")), "validate: {v:?}");
    let s = common::mcr(&["validate", "--self-test", out]);
    assert!(s.ok() && s.stdout.contains(&format!("{games}/{games} games PASS")), "self-test: {s:?}");
}

pub use crate::common::processes_with;

/// No process of the test remains (a zombie counts: it was not reaped).
pub fn assert_none_left(token: &str) {
    let left = processes_with(token);
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

/// A unique token for a test's bots.
pub fn token(test: &str) -> String {
    format!("mcrtok-{}-{test}", std::process::id())
}

/// The final display's action and player.
pub fn ending(r: &serde_json::Value) -> (String, Option<u64>) {
    let last = r["turns"].as_array().unwrap().last().unwrap();
    (last["display"]["action"].as_str().unwrap().to_string(), last["display"]["player"].as_u64())
}
