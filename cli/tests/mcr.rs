//! The `mcr` binary of this package runs: its version, and the rule
//! profiles it was built with. (The behaviour of each command is tested by
//! the library's integration tests, `tests/` at the workspace's root, which
//! run this binary; this test also makes `cargo test` build it.)

use std::process::Command;

fn mcr(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mcr")).args(args).output().expect("run the mcr binary");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn version_names_the_program() {
    let (ok, out) = mcr(&["--version"]);
    assert!(ok);
    assert_eq!(out, format!("mcr {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn rules_list_starts_with_the_default_profile() {
    let (ok, out) = mcr(&["rules", "list"]);
    assert!(ok);
    let first = out.lines().next().unwrap_or_default();
    assert!(first.starts_with("botzone"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("house-example")), "{out}");
}
