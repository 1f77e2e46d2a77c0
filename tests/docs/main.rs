//! The examples of the documentation, run: every `$ mcr ...` line of a
//! ```` ```console ```` block in `README.md`, `rules/README.md` and the
//! manual (`docs/src/*.md`)
//! is run from the repository's root and its output (stdout and stderr
//! together) compared with the lines under it, by trycmd. A line `...`
//! stands for any lines, `[..]` for any text within a line; `? failed` or
//! `? 1` under a command expects that exit status.
//!
//! After an intended change of output, rewrite the examples and review the
//! diff: `TRYCMD=overwrite cargo test --release --test docs && git diff`.
//!
//! `cargo test --release --test docs` (one binary; it needs the `mcr` binary:
//! `cargo build --release -p mcr-cli` first, or `cargo test --release` at the
//! root, which builds it).

use std::path::PathBuf;

#[path = "../common/mod.rs"]
mod common;

// The repository's root, where the examples run (their paths, such as
// `tests/data/golden.jsonl.gz`, are relative to it).
use common::repo;

/// The Markdown files whose examples are run: the README, the rules
/// maintainers' guide and every chapter of the manual.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![repo().join("README.md"), repo().join("rules/README.md")];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(repo().join("docs/src"))
        .expect("docs/src")
        .map(|e| e.expect("an entry of docs/src").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    files.extend(chapters);
    files
}

#[test]
fn examples_in_the_docs_give_their_output() {
    assert_eq!(
        std::env::current_dir().unwrap().canonicalize().unwrap(),
        repo().canonicalize().unwrap(),
        "the examples' paths are relative to the repository's root: run from there"
    );
    // Examples that write files write them under target/ (ignored by git).
    std::fs::create_dir_all(repo().join("target")).unwrap();
    let cases = trycmd::TestCases::new();
    cases.register_bin("mcr", PathBuf::from(crate::common::mcr_bin()));
    cases.env("NO_COLOR", "1");
    cases.timeout(std::time::Duration::from_secs(120));
    cases.case("README.md").case("rules/README.md").case("docs/src/*.md");
    cases.run();
}

/// Chapters whose ```` ```console,ignore ```` examples are not run yet: the
/// judge chapter's examples name the profile `pymahjonggb-1.4`. Remove a
/// file from here when its examples can run (the test fails while a listed
/// file has no ignored example left).
const NOT_YET_RUN: &[&str] = &[];

/// Where a document shows an `mcr` command with a prompt outside a
/// ```` ```console ```` block, or in one marked `ignore` (trycmd skips it):
/// such an example would not be run. Returns `file:line: text` for each.
fn prompts_outside_console(name: &str, text: &str) -> Vec<String> {
    #[derive(Clone, Copy, PartialEq)]
    enum Block {
        /// A console block trycmd runs.
        Runs,
        /// A console block marked `ignore`, in a file of `NOT_YET_RUN`.
        NotYetRun,
        /// Any other block.
        Other,
    }
    let mut found = Vec::new();
    let mut fence: Option<(String, Block)> = None; // the fence's backticks, the block's kind
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let ticks = trimmed.chars().take_while(|&c| c == '`').count();
        if ticks >= 3 {
            match &fence {
                Some((open, _)) if trimmed.starts_with(open.as_str()) && trimmed[ticks..].trim().is_empty() => {
                    fence = None
                }
                Some(_) => {}
                None => {
                    let info: Vec<&str> = trimmed[ticks..].trim().split(',').collect();
                    let console = matches!(info[0], "console" | "trycmd");
                    let ignored = info[1..].contains(&"ignore");
                    let block = match (console, ignored) {
                        (true, false) => Block::Runs,
                        (true, true) if NOT_YET_RUN.contains(&name) => Block::NotYetRun,
                        (true, true) => {
                            found.push(format!("{name}:{}: a console block marked ignore is not run: {line}", i + 1));
                            Block::Other
                        }
                        _ => Block::Other,
                    };
                    fence = Some(("`".repeat(ticks), block));
                }
            }
            continue;
        }
        let block = fence.as_ref().map(|(_, b)| *b);
        if let Some(cmd) = trimmed.strip_prefix("$ ").map(str::trim_start) {
            let runs_mcr = cmd.starts_with("mcr ") || cmd.contains("/mcr ") || cmd == "mcr";
            // Inside a console block, only the inner test applies: a guard
            // would let a non-mcr command fall through to the next arm.
            #[allow(clippy::collapsible_match)]
            match block {
                Some(Block::Runs) | Some(Block::NotYetRun) => {
                    if !cmd.starts_with("mcr ") && cmd != "mcr" {
                        found.push(format!(
                            "{name}:{}: a console block runs `mcr` only (as `$ mcr ...`): {line}",
                            i + 1
                        ));
                    }
                }
                _ if runs_mcr => found.push(format!("{name}:{}: {line}", i + 1)),
                _ => {}
            }
        }
    }
    found
}

#[test]
fn every_mcr_example_is_in_a_console_block() {
    let mut found = Vec::new();
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.strip_prefix(repo()).unwrap().display().to_string();
        if NOT_YET_RUN.contains(&name.as_str()) && !text.contains(",ignore\n") {
            found.push(format!(
                "{name}: listed in NOT_YET_RUN but has no ignored example left: remove it from the list"
            ));
        }
        found.extend(prompts_outside_console(&name, &text));
    }
    assert!(
        found.is_empty(),
        "examples that trycmd would not run (put them in a ```console block as `$ mcr ...`, \
        or show the command in a ```sh block without a prompt):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_guard_sees_a_prompt_outside_console() {
    let doc =
        "```text\n$ mcr fan \"123m\"\n```\n```console\n$ mcr fan x\n$ cat f\n```\n````sh\n```\n$ mcr hands f\n````\n\
               ```console,ignore\n$ mcr hands g\n```\n";
    let found = prompts_outside_console("d.md", doc);
    assert_eq!(found.len(), 5, "{found:?}");
    assert!(found[0].starts_with("d.md:2:"));
    assert!(found[1].starts_with("d.md:6:") && found[1].contains("console block runs `mcr` only"));
    assert!(found[2].starts_with("d.md:10:"));
    assert!(found[3].starts_with("d.md:12:") && found[3].contains("marked ignore"));
    assert!(found[4].starts_with("d.md:13:"));
}

#[test]
fn the_examples_are_found() {
    // A README without console blocks (or a renamed docs folder) must not
    // pass for a tested one.
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    assert!(readme.contains("```console\n$ mcr "), "README.md has no ```console example of mcr");
    let chapters = documents().len() - 2;
    assert!(chapters >= 12, "docs/src has {chapters} chapters");
}

/// The anchor GitHub (and mdBook) gives a heading: lower case, spaces as
/// hyphens, other punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (fenced blocks left out).
fn anchors(text: &str) -> Vec<String> {
    common::outside_fences(text)
        .into_iter()
        .filter(|(_, line)| line.starts_with('#'))
        .map(|(_, line)| slug(line.trim_start_matches('#')))
        .collect()
}

/// The relative links of a Markdown text (`](target)`), fenced blocks and
/// code spans left out, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in common::outside_fences(text) {
        // Drop code spans, whose brackets are not links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = &after[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                out.push((n, target.to_string()));
            }
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn links_between_the_documents_resolve() {
    let mut files = documents();
    files.push(repo().join("python/README.md"));
    files.push(repo().join("ARCHITECTURE.md"));
    let mut broken = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.strip_prefix(repo()).unwrap().display().to_string();
        for (line, target) in links(&text) {
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let dest = if file.is_empty() { path.clone() } else { path.parent().unwrap().join(file) };
            if !dest.exists() {
                broken.push(format!("{name}:{line}: {target}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                let dest_text = std::fs::read_to_string(&dest).unwrap_or_default();
                if !anchors(&dest_text).iter().any(|a| a == anchor) {
                    broken.push(format!("{name}:{line}: {target}: no heading with that anchor"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_check_sees_a_broken_link() {
    assert_eq!(slug(" The self-test (`mcr validate --self-test`)"), "the-self-test-mcr-validate---self-test");
    let text = "# Title\nSee [a](missing.md) and [b](#title), `[c](not-a-link.md)`.\n```\n[d](in-a-fence.md)\n```\n";
    assert_eq!(links(text), vec![(2, "missing.md".to_string()), (2, "#title".to_string())]);
    assert_eq!(anchors(text), vec!["title".to_string()]);
}

#[test]
fn every_chapter_is_in_the_summary() {
    let summary = std::fs::read_to_string(repo().join("docs/src/SUMMARY.md")).unwrap();
    let listed: Vec<String> = links(&summary).into_iter().map(|(_, target)| target).collect();
    let unlisted: Vec<String> = documents()
        .iter()
        .filter(|p| p.starts_with(repo().join("docs/src")))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "SUMMARY.md" && !listed.contains(name))
        .collect();
    assert!(unlisted.is_empty(), "chapters missing from docs/src/SUMMARY.md: {unlisted:?}");
}
