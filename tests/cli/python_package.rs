//! The Python package (`python/`, `pip install ./python`): runs its pytest
//! suite (`python3 -m pytest python/tests`) against the installed package, so
//! that the README's one test command covers the Rust and the Python side.
//!
//! The installed package must have been built from these sources: its
//! `mcr_engine.BUILD_ID` must equal the hash of the package's inputs
//! (`python/build_id.rs`), so a stale install cannot hide a change.
//!
//! Where python3, pytest, the package (or a package built from these
//! sources) or the oracle pymahjonggb is missing, the test skips by the rule
//! of `common::skip`: a visible `SKIPPED: ...` line, or a failure under
//! `MCR_REQUIRE_PYTHON=1` or `CI=true` (as `.ci/run` sets); when required, a
//! pytest skip is a failure too, except the skips of optional dependencies
//! (reason "optional: ...": ray).

use crate::common;

use common::repo;
use std::process::Command;

include!("../../python/build_id.rs");

fn required() -> bool {
    common::required("MCR_REQUIRE_PYTHON")
}

/// Skips visibly, or fails when the Python side is required.
#[track_caller]
fn unavailable(why: &str) {
    let hint = "(pip install maturin pytest numpy pymahjonggb==1.4.0 && pip install ./python)";
    common::skip("MCR_REQUIRE_PYTHON", &format!("{why} {hint}"));
}

/// The pymahjonggb versions the suite runs: 1.4.0 imported (its `oracle`
/// fixture), the others through `tests/oracle/pymahjonggb_oracle.py`.
const SUITE_ORACLES: [&str; 4] = ["1.1.0", "1.2.0", "1.3.0", "1.4.0"];

/// `PYTHONPATH` with pymahjonggb 1.4.0's folder of the oracles first, after
/// [`common::oracle_install`] of every version of [`SUITE_ORACLES`], so
/// that the suite's oracles are those versions whatever pymahjonggb the
/// user's Python has. Where one cannot be installed the suite says so (a
/// skip naming the version and the command, a failure when required); for
/// 1.4.0 it then imports the environment's own and checks its version.
fn python_path() -> std::ffi::OsString {
    static PATH: std::sync::OnceLock<std::ffi::OsString> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        for v in SUITE_ORACLES {
            let _ = common::oracle_install(v); // a failure is the suite's to report
        }
        let mut dirs: Vec<std::path::PathBuf> = common::oracle_install("1.4.0").into_iter().collect();
        if let Some(old) = std::env::var_os("PYTHONPATH") {
            dirs.extend(std::env::split_paths(&old));
        }
        std::env::join_paths(dirs).expect("PYTHONPATH's folders")
    })
    .clone()
}

fn python(code: &str) -> Option<std::process::Output> {
    Command::new("python3")
        .args(["-c", code])
        .current_dir(repo())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONPATH", python_path())
        .output()
        .ok()
}

#[test]
fn pytest_suite_of_the_python_package_requires_python() {
    let Some(out) = python("import sys; print(sys.version_info >= (3, 9))") else {
        return unavailable("python3 not found");
    };
    if String::from_utf8_lossy(&out.stdout).trim() != "True" {
        return unavailable("python3 older than 3.9");
    }
    for (module, what) in
        [("pytest", "pytest is not installed"), ("MahjongGB", "the oracle pymahjonggb 1.4.0 is not installed")]
    {
        if !python(&format!("import {module}")).is_some_and(|o| o.status.success()) {
            return unavailable(what);
        }
    }
    let out = python("import mcr_engine; print(mcr_engine.BUILD_ID)").unwrap();
    if !out.status.success() {
        return unavailable("the package mcr_engine is not installed");
    }
    let installed = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let source = build_id(repo());
    if installed != source {
        return unavailable(&format!(
            "the installed mcr_engine was built from other sources (BUILD_ID {installed}, these sources {source}): reinstall it"
        ));
    }

    let mut cmd = Command::new("python3");
    cmd.args(["-m", "pytest", "python/tests", "-q", "-rs", "-p", "no:cacheprovider"])
        .current_dir(repo())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONPATH", python_path())
        .env("MCR_BIN", crate::common::mcr_bin());
    let out = cmd.output().expect("python3 -m pytest runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let summary = text
        .lines()
        .rev()
        .find(|l| l.contains(" passed") || l.contains(" failed") || l.contains(" error"))
        .unwrap_or("");
    println!("pytest: {summary}");
    assert!(out.status.success(), "pytest failed:\n{text}");
    // Skips of optional dependencies (reason "optional: ...", e.g. ray) are
    // shown and allowed; any other skip fails when the Python side is required.
    let skips: Vec<&str> = text.lines().filter(|l| l.starts_with("SKIPPED")).collect();
    for s in &skips {
        println!("pytest: {s}");
    }
    if required() {
        let strict: Vec<&&str> = skips.iter().filter(|l| !l.contains("optional:")).collect();
        assert!(strict.is_empty(), "MCR_REQUIRE_PYTHON=1 but pytest skipped tests:\n{text}");
    }
}
