//! The Python bridge: the public validator (`tests/data/validate_engine.py`)
//! drives `mcr serve` through the subprocess adapter `python/mcr_serve.py`
//! (`--engine mcr_serve:Engine`; the native package is tests/cli/python_package.rs).
//!
//! Each test needs `python3` (hence the `_requires_python` in its name).
//! Without it the test fails when `MCR_REQUIRE_PYTHON=1` or `CI=true` (as
//! `.ci/run` sets), and otherwise prints `SKIPPED: ...` and passes.

use crate::common;

use common::{data, repo};
use std::process::Command;

/// False (after the skip rule of `common::skip`) when `python3` is missing.
fn python3_available() -> bool {
    let found = common::python3_found();
    if !found {
        common::skip("MCR_REQUIRE_PYTHON", "python3 not found, the Python bridge (python/mcr_serve.py) was not tested");
    }
    found
}

/// `(reproduced, games)` from the validator's `engine mode: X/Y ...` line.
fn validator_engine_mode(file: &str) -> (usize, usize, String) {
    let out = Command::new("python3")
        .arg(data("validate_engine.py"))
        .args(["--engine", "mcr_serve:Engine"])
        .arg(data(file))
        .env("PYTHONPATH", repo().join("python"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("MCR_BIN", crate::common::mcr_bin())
        .output()
        .expect("python3 runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let counts = text
        .lines()
        .find_map(|l| l.strip_prefix("engine mode: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|xy| xy.split_once('/'))
        .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)));
    let Some((x, y)) = counts else { panic!("validator printed no summary:\n{text}") };
    (x, y, text)
}

/// `(reproduced, games)` from `mcr validate FILE`.
fn mcr_validate(file: &str) -> (usize, usize) {
    let text = common::mcr(&["validate", data(file).to_str().unwrap()]).stdout;
    text.lines()
        .find_map(|l| l.strip_prefix("validate: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|xy| xy.split_once('/'))
        .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
        .unwrap_or_else(|| panic!("mcr validate printed no summary:\n{text}"))
}

fn first_lines(text: &str, n: usize) -> String {
    text.lines().take(n).collect::<Vec<_>>().join("\n")
}

#[test]
fn validator_reproduces_every_golden_game_through_the_bridge_requires_python() {
    if !python3_available() {
        return;
    }
    let (x, y, text) = validator_engine_mode("golden.jsonl.gz");
    assert_eq!(y, 222);
    assert_eq!(x, y, "golden games not reproduced through the bridge:\n{}", first_lines(&text, 12));
}

#[test]
fn validator_reproduces_every_error_game_through_the_bridge_requires_python() {
    if !python3_available() {
        return;
    }
    let (x, y, text) = validator_engine_mode("errors.jsonl.gz");
    assert_eq!(y, 150);
    assert_eq!(x, y, "error games not reproduced through the bridge:\n{}", first_lines(&text, 12));
}

/// Whatever the engine's state, the bridge must not change the verdict:
/// the validator through the adapter and `mcr validate` agree game counts.
#[test]
fn bridge_agrees_with_mcr_validate_requires_python() {
    if !python3_available() {
        return;
    }
    for file in ["golden.jsonl.gz", "errors.jsonl.gz"] {
        let (x, y, _) = validator_engine_mode(file);
        assert_eq!((x, y), mcr_validate(file), "{file}");
    }
}

#[test]
fn adapter_raises_on_engine_errors_and_closes_its_process_requires_python() {
    if !python3_available() {
        return;
    }
    let script = r#"
import gc, mcr_serve
e = mcr_serve.Engine()
try:
    e.step({"0": "PASS", "1": "PASS", "2": "PASS", "3": "PASS"})
    raise SystemExit("step before reset did not raise")
except mcr_serve.EngineError as x:
    assert "before reset" in str(x), x
try:
    e.reset(["W1"] * 136, 0, 1)
    raise SystemExit("bad wall did not raise")
except mcr_serve.EngineError as x:
    assert "fifth" in str(x), x
p = e._proc
e.close(); e.close()
assert p.poll() is not None, "close() left the process running"
with mcr_serve.Engine() as e2:
    q = e2._proc
assert q.poll() is not None, "with-block left the process running"
e3 = mcr_serve.Engine(); r = e3._proc
del e3; gc.collect()
assert r.poll() is not None, "garbage collection left the process running"
print("adapter ok")
"#;
    let out = Command::new("python3")
        .args(["-c", script])
        .env("PYTHONPATH", repo().join("python"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("MCR_BIN", crate::common::mcr_bin())
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && text.contains("adapter ok"), "{text}");
}
