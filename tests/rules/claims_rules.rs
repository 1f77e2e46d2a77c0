//! The claim-priority generator (`crates/rules-compiler/src/claim_priority.rs`): the shipped rules parse
//! and render to the pinned table (`tests/snapshots/claims_table.rs`; rerun
//! with `UPDATE_SNAPSHOTS=1` after an intended change), and every kind of
//! mistake is reported with file, line and problem.

use crate::common;

use mcr_rules_compiler::claim_priority;

const SHIPPED: &str = include_str!("../../rules/claims.txt");

fn err(text: &str) -> String {
    claim_priority::parse(text, "rules/claims.txt").unwrap_err().to_string()
}

/// The shipped file with `from` replaced in its first non-comment line
/// holding it.
fn edit(from: &str, to: &str) -> String {
    let mut done = false;
    let lines: Vec<String> = SHIPPED
        .lines()
        .map(|l| {
            if !done && !l.starts_with('#') && l.contains(from) {
                done = true;
                l.replacen(from, to, 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(done, "{from:?} not in the rules file");
    lines.join("\n") + "\n"
}

/// 1-based number of the first non-comment line holding `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| !l.starts_with('#') && l.contains(needle)).unwrap() + 1
}

#[test]
fn shipped_rules_parse_and_render() {
    let rules = claim_priority::parse(SHIPPED, "rules/claims.txt").unwrap();
    let events: Vec<&str> = rules.sections.iter().map(|s| s.event.as_str()).collect();
    assert_eq!(events, ["discard", "bugang", "gang"]);
    assert_eq!(rules.sections[0].levels[1].actions, ["PENG", "GANG"]);
    let code = claim_priority::render(&rules, "rules/claims.txt", SHIPPED);
    common::assert_snapshot("claims_table.rs", &code);
}

#[test]
fn unknown_action() {
    let text = edit("2. PENG GANG", "2. PONG GANG");
    let line = line_of(&text, "PONG");
    assert_eq!(
        err(&text),
        format!("rules/claims.txt:{line}: unknown action \"PONG\" (expected HU, PENG, GANG, CHI or none)")
    );
}

#[test]
fn duplicate_action() {
    let text = edit("3. CHI ", "3. PENG");
    let line = line_of(&text, "3. PENG");
    let first = line_of(&text, "2. PENG GANG");
    assert_eq!(err(&text), format!("rules/claims.txt:{line}: duplicate action PENG (already at line {first})"));
    let text = edit("2. PENG GANG", "2. PENG PENG");
    assert!(err(&text).ends_with("duplicate action PENG in this level"), "{}", err(&text));
}

#[test]
fn syntax_errors() {
    let text = edit("| from left |", "| from left");
    let line = line_of(&text, "3. CHI");
    assert_eq!(
        err(&text),
        format!("rules/claims.txt:{line}: unknown from \"left otherwise reject\" (expected any, left)")
    );
    let text = edit("| order seat       | from left", "| from left");
    assert_eq!(err(&text), format!("rules/claims.txt:{line}: missing field `order`"));
    let text = edit("3. CHI", "3 CHI");
    assert!(err(&text).starts_with(&format!("rules/claims.txt:{line}: expected `<rank>. <ACTIONS>")), "{}", err(&text));
    let text = edit("on gang:", "on gang");
    let line = line_of(&text, "on gang");
    assert_eq!(err(&text), format!("rules/claims.txt:{line}: section header \"on gang\" must end with ':'"));
    let text = edit("| otherwise ignore", "| otherwise maybe");
    assert!(err(&text).contains("unknown otherwise \"maybe\" (expected ignore, reject)"), "{}", err(&text));
    let text = edit("| otherwise ignore", "| color red");
    assert!(err(&text).contains("unknown field \"color\""), "{}", err(&text));
}

#[test]
fn ranks_sections_and_contexts() {
    let text = edit("3. CHI", "4. CHI");
    assert!(err(&text).ends_with("rank 4 out of sequence (expected 3)"), "{}", err(&text));
    let text = edit("on gang:", "on riichi:");
    assert!(err(&text).contains("unknown event \"riichi\""), "{}", err(&text));
    let text = edit("on gang:", "on discard:");
    assert!(err(&text).contains("duplicate section `on discard:` (first at line"), "{}", err(&text));
    let text = edit("1. none", "1. HU  ");
    assert!(err(&text).ends_with("action HU cannot claim a gang event"), "{}", err(&text));
    let text = edit("1. none      | order downstream | from any  | otherwise reject", "");
    assert_eq!(
        err(&text),
        format!("rules/claims.txt:{}: section `on gang:` has no levels", line_of(&text, "on gang:"))
    );
    let cut = SHIPPED.find("\non gang:").unwrap();
    assert_eq!(err(&SHIPPED[..cut]), "rules/claims.txt: missing section `on gang:`");
    assert!(err("1. HU | order seat | from any | otherwise reject\n")
        .ends_with(":1: level line before any `on <event>:` section"));
}

#[test]
fn generate_writes_the_table_and_names_an_unreadable_file() {
    let dir = common::temp_dir("claims");
    let rules = dir.join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    let e = claim_priority::generate(&rules, &dir).unwrap_err();
    assert!(
        matches!(e, claim_priority::ClaimsError::Read { .. }) && e.to_string().contains("claims.txt: cannot read"),
        "{e}"
    );
    std::fs::write(rules.join("claims.txt"), SHIPPED).unwrap();
    claim_priority::generate(&rules, &dir).unwrap();
    let code = std::fs::read_to_string(dir.join("claims_table.rs")).unwrap();
    let source = rules.join("claims.txt").display().to_string();
    let rendered = claim_priority::render(&claim_priority::parse(SHIPPED, &source).unwrap(), &source, SHIPPED);
    assert!(code == rendered, "generate wrote something other than the rendering:\n{code}");
}
