//! ARCHITECTURE.md against the tree: every path it names in backticks
//! exists, and every module of the library's crates (`src/` and
//! `crates/*/src/`: each `.rs` file and each folder) is named in it, by its
//! path from the repository's root.

use crate::common;
use std::collections::BTreeSet;
use std::path::Path;

/// The backticked spans of a Markdown text, fenced blocks left out.
fn code_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    for (_, line) in common::outside_fences(text) {
        let mut parts = line.split('`');
        parts.next();
        while let (Some(span), Some(_)) = (parts.next(), parts.next()) {
            spans.push(span.to_string());
        }
        // An odd count: the last span is unclosed on this line; not a path.
    }
    spans
}

/// Whether a backticked span is meant as a path in the repository: no
/// spaces, no Rust path (`::`), no placeholder (`$`, `<`, `*`), not a bare
/// extension (`.jsonl.gz`), and a folder separator or a file extension the
/// repository uses.
fn is_path(span: &str) -> bool {
    const EXTENSIONS: &[&str] = &[".rs", ".md", ".mcr", ".txt", ".py", ".pyi", ".toml", ".sh", ".gz", ".json"];
    !span.is_empty()
        && !span.contains(char::is_whitespace)
        && !span.contains("::")
        && !span.contains(['$', '<', '>', '*', '(', ')', '=', '"', '\'', '|'])
        && !span.starts_with(['-', '.'])
        && (span.contains('/') || EXTENSIONS.iter().any(|e| span.ends_with(e)))
}

/// The paths ARCHITECTURE.md names that do not exist.
fn missing_paths(text: &str, root: &Path) -> Vec<String> {
    code_spans(text).into_iter().filter(|s| is_path(s)).filter(|s| !root.join(s).exists()).collect()
}

/// Every module under `src/`: its `.rs` files and its folders, as paths from
/// the root (folders with a trailing `/`). Asset files are not modules, their
/// folders are.
fn modules(root: &Path) -> BTreeSet<String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            if path.is_dir() {
                out.insert(format!("{rel}/"));
                walk(&path, root, out);
            } else if rel.ends_with(".rs") {
                out.insert(rel);
            }
        }
    }
    let mut out = BTreeSet::new();
    // The facade's src/ and every crate's under crates/.
    walk(&root.join("src"), root, &mut out);
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        let src = krate.unwrap().path().join("src");
        if src.is_dir() {
            walk(&src, root, &mut out);
        }
    }
    out
}

/// The modules under `src/` that ARCHITECTURE.md does not name (a folder may
/// be named with or without its trailing `/`).
fn unnamed_modules(text: &str, root: &Path) -> Vec<String> {
    let named: BTreeSet<String> = code_spans(text).into_iter().collect();
    modules(root).into_iter().filter(|m| !named.contains(m) && !named.contains(m.trim_end_matches('/'))).collect()
}

#[test]
fn architecture_names_existing_paths_and_every_module() {
    let root = common::repo();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md at the root");
    let missing = missing_paths(&text, root);
    assert!(missing.is_empty(), "ARCHITECTURE.md names paths that do not exist: {missing:?}");
    let unnamed = unnamed_modules(&text, root);
    assert!(unnamed.is_empty(), "ARCHITECTURE.md does not name these modules under src/: {unnamed:?}");
    assert!(modules(root).len() > 100, "the walk over src/ found too few modules");
}

#[test]
fn the_check_sees_a_missing_path_and_an_unnamed_module() {
    let root = common::repo();
    let text = "`src/lib.rs` and `src/no_such_module.rs`, `replay::Replayer`, `mcr fan`, `crates/core/src/engine/`\n\
                ```text\n`src/in_a_fence.rs`\n```\n";
    assert_eq!(missing_paths(text, root), vec!["src/no_such_module.rs".to_string()]);
    let unnamed = unnamed_modules(text, root);
    assert!(unnamed.contains(&"crates/core/src/fans/eval.rs".to_string()), "{unnamed:?}");
    assert!(unnamed.contains(&"crates/core/src/fans/".to_string()));
    assert!(!unnamed.contains(&"src/lib.rs".to_string()) && !unnamed.contains(&"crates/core/src/engine/".to_string()));
}
