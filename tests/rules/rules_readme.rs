//! The primitive tables of rules/README.md are rendered from the vocabulary
//! (`crates/rules-lang/src/vocabulary.rs`, the one list the build checks rules against):
//! the section between the two marker comments must be exactly the rendering.
//! A difference fails naming the first differing line; `UPDATE_SNAPSHOTS=1`
//! rewrites the section.

use crate::common;
use mcr_rules_lang::vocabulary;
use std::fmt::Write as _;
use vocabulary::{Context, Shape, CLASSES, CLASS_CONSTRUCTORS, PRIMITIVES};

const BEGIN: &str = "<!-- primitives: generated from crates/rules-lang/src/vocabulary.rs; tests/rules/rules_readme.rs checks it (UPDATE_SNAPSHOTS=1 rewrites) -->\n";
const END: &str = "<!-- end of primitives -->\n";

/// How a primitive is written, and what it gives.
fn call_and_gives(name: &str, shape: Shape) -> (String, &'static str) {
    match shape {
        Shape::Bool => (name.to_string(), "yes/no"),
        Shape::Count => (name.to_string(), "number"),
        Shape::BoolOfClass => (format!("{name}(class)"), "yes/no"),
        Shape::CountOfClass => (format!("{name}(class)"), "number"),
        Shape::BoolOfNumbers(0) => (format!("{name}(n, ...)"), "yes/no"),
        Shape::BoolOfNumbers(k) => (format!("{name}({})", vec!["n"; k].join(", ")), "yes/no"),
    }
}

fn render() -> String {
    let mut s = String::new();
    for (context, heading) in [
        (Context::Hand, "In `when` / `count` (a reading of the hand)"),
        (Context::Group, "In `when chows(N):` / `when pungs(N):` (a group of sets)"),
        (Context::Flag, "In `flag ... when` (the hand as given)"),
    ] {
        writeln!(s, "### {heading}\n\n| primitive | gives | meaning |\n|---|---|---|").unwrap();
        for p in PRIMITIVES.iter().filter(|p| p.context == context) {
            let (call, gives) = call_and_gives(p.name, p.shape);
            writeln!(s, "| `{call}` | {gives} | {} |", p.doc).unwrap();
        }
        s.push('\n');
    }
    writeln!(s, "### Tile classes\n\n| class | tiles |\n|---|---|").unwrap();
    for (name, doc) in CLASSES {
        writeln!(s, "| `{name}` | {doc} |").unwrap();
    }
    for (name, arity, doc) in CLASS_CONSTRUCTORS {
        let args = match arity {
            1 => "n".to_string(),
            2 => "lo, hi".to_string(),
            k => vec!["n"; *k].join(", "),
        };
        writeln!(s, "| `{name}({args})` | {doc} |").unwrap();
    }
    s
}

#[test]
fn readme_primitive_tables_are_the_vocabulary() {
    let path = common::repo().join("rules/README.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start =
        text.find(BEGIN).unwrap_or_else(|| panic!("rules/README.md: no line {:?}", BEGIN.trim_end())) + BEGIN.len();
    let end = start
        + text[start..]
            .find(END)
            .unwrap_or_else(|| panic!("rules/README.md: no line {:?} after the first marker", END.trim_end()));
    let (section, actual) = (&text[start..end], render());
    let offset = text[..start].lines().count();
    // Edit the doc strings in crates/rules-lang/src/vocabulary.rs; UPDATE_SNAPSHOTS=1 rewrites the README section.
    common::accept_or_diff(
        "rules/README.md (the primitive tables of crates/rules-lang/src/vocabulary.rs)",
        offset,
        Ok(section.to_string()),
        &actual,
        |new| {
            std::fs::write(&path, format!("{}{new}{}", &text[..start], &text[end..]))
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        },
    );
}
