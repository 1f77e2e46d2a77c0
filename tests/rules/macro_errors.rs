//! `mcr_macros::rule!` outside the build (hand-rolled compile tests, as
//! trybuild does; trybuild is not in the offline registry): small crates
//! depending on `macros/` by path are written under CARGO_TARGET_TMPDIR and
//! built with `cargo --offline`, sharing one target folder.
//!
//! - `rejects_each_malformed_rule`: one crate, one wrong `rule!` per function,
//!   built once; each error the macro reports is named with its line.
//! - `costly_conditions_go_last`: a crate whose view records the primitives
//!   it is asked, run: a conjunction asks `unique_wait` last.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The two tests share the target folder: one cargo at a time.
static CARGO: Mutex<()> = Mutex::new(());

fn write_crate(name: &str, kind: &str, source: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("macro-cases").join(name);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let macros = common::repo().join("macros");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[dependencies]\nmcr-macros = {{ path = {:?} }}\n\n[workspace]\n",
        macros.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    // The project's lock file: the same syn/quote/proc-macro2, all cached.
    std::fs::copy(common::repo().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("src").join(kind), source).unwrap();
    dir
}

fn cargo(dir: &Path, args: &[&str]) -> std::process::Output {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("macro-cases").join("target");
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(args)
        .args(["--offline", "--quiet"])
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .current_dir(dir)
        .output()
        .expect("cargo runs")
}

/// Each case: a rule and the message the macro must give for it.
const CASES: &[(&str, &str)] = &[
    ("v concealed", "expected `;`"),
    ("v; tiles == \"four\"", "expected a whole number"),
    ("v; suits(rank(x))", "expected a whole number"),
    ("v; pairs(300)", "number too large to fit in target type"),
    ("v; suits(1 + 2)", "expected a tile class"),
    ("v; hand::concealed", "expected a primitive"),
    ("v; (pairs)(1)", "expected a primitive"),
    ("v; pairs(1, wind)", "mixed arguments: a primitive takes whole numbers or one tile class"),
    ("v; hand.concealed", "unsupported in a rule condition"),
    ("v; pairs[0]", "unsupported in a rule condition"),
];

#[test]
fn rejects_each_malformed_rule() {
    let mut source = String::from("#![allow(dead_code, unused)]\nuse mcr_macros::rule;\n");
    let mut lines = Vec::new();
    for (k, (rule, _)) in CASES.iter().enumerate() {
        lines.push(source.lines().count() + 1);
        source += &format!("fn case{k}(v: ()) {{ let _ = rule!({rule}); }}\n");
    }
    let _lock = CARGO.lock().unwrap_or_else(|e| e.into_inner());
    let dir = write_crate("rule_errors", "lib.rs", &source);
    let out = cargo(&dir, &["build", "--lib"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the malformed rules compiled:\n{stderr}");
    // `error: <message>` then ` --> src/lib.rs:<line>:<column>`.
    let mut reported: Vec<(String, usize)> = Vec::new();
    let all: Vec<&str> = stderr.lines().collect();
    for (i, l) in all.iter().enumerate() {
        if let Some(message) = l.strip_prefix("error: ") {
            if let Some(at) = all.get(i + 1).and_then(|n| n.trim_start().strip_prefix("--> src/lib.rs:")) {
                let line: usize = at.split(':').next().unwrap().parse().unwrap();
                reported.push((message.to_string(), line));
            }
        }
    }
    let mut missing = Vec::new();
    for ((rule, message), line) in CASES.iter().zip(&lines) {
        if !reported.iter().any(|(m, l)| l == line && m.contains(message)) {
            missing.push(format!("rule!({rule}) at src/lib.rs:{line}: no error `{message}`"));
        }
    }
    assert!(missing.is_empty(), "{}\n\nreported: {reported:?}\n\nstderr:\n{stderr}", missing.join("\n"));
    // Nothing else fails: one error per case, from the macro.
    assert_eq!(reported.len(), CASES.len(), "{stderr}");
}

#[test]
fn costly_conditions_go_last() {
    let rules = [
        ("unique_wait && a", "a unique_wait"),
        ("a && unique_wait", "a unique_wait"),
        ("unique_wait && a && b", "b a unique_wait"),
        ("(unique_wait || a) && b", "b unique_wait a"),
        ("!unique_wait && a", "a unique_wait"),
        ("unique_wait || a", "unique_wait a"),
        ("a && b", "a b"),
    ];
    let mut source = String::from(
        "use mcr_macros::rule;\nuse std::cell::RefCell;\n\
         struct View(RefCell<Vec<&'static str>>);\n\
         impl View {\n\
         fn a(&self) -> bool { self.0.borrow_mut().push(\"a\"); true }\n\
         fn b(&self) -> bool { self.0.borrow_mut().push(\"b\"); true }\n\
         fn unique_wait(&self) -> bool { self.0.borrow_mut().push(\"unique_wait\"); false }\n\
         }\n\
         fn main() {\n",
    );
    for (rule, _) in &rules {
        source += &format!("    {{ let v = View(RefCell::new(Vec::new())); let _ = rule!(v; {rule}); println!(\"{{}}\", v.0.borrow().join(\" \")); }}\n");
    }
    source += "}\n";
    let _lock = CARGO.lock().unwrap_or_else(|e| e.into_inner());
    let dir = write_crate("rule_order", "main.rs", &source);
    let out = cargo(&dir, &["run"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let asked: Vec<&str> = stdout.lines().collect();
    assert_eq!(asked.len(), rules.len(), "{stdout}");
    for ((rule, want), got) in rules.iter().zip(asked) {
        assert_eq!(got, *want, "rule!({rule}): primitives asked in this order");
    }
}
