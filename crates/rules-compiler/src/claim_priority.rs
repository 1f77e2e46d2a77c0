//! Generator for the claim-priority table: parses and validates
//! `rules/claims.txt` and writes `claims_table.rs` to OUT_DIR, which
//! `crates/core/src/rules/claim_priority.rs` includes. The format is described at the top of the
//! rules file. Every problem is reported as `file:line: problem`.
//!
//! `tests/rules/claims_rules.rs` calls it so that the validation can be
//! tested without a build.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

/// Why the claim table could not be generated.
#[derive(Debug)]
#[non_exhaustive]
pub enum ClaimsError {
    /// The rules file could not be read.
    Read {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
    /// The rules file holds a mistake.
    Invalid {
        /// The file, as [`parse`] was given its name.
        file: String,
        /// The 1-based line of the mistake; 0 when no line holds it (a
        /// missing section).
        line: usize,
        /// The problem in words.
        problem: String,
    },
    /// The generated table could not be written.
    Write {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
}

impl fmt::Display for ClaimsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimsError::Read { file, error } => write!(f, "{}: cannot read: {error}", file.display()),
            ClaimsError::Invalid { file, line: 0, problem } => write!(f, "{file}: {problem}"),
            ClaimsError::Invalid { file, line, problem } => write!(f, "{file}:{line}: {problem}"),
            ClaimsError::Write { file, error } => write!(f, "{}: cannot write: {error}", file.display()),
        }
    }
}

impl std::error::Error for ClaimsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClaimsError::Read { error, .. } | ClaimsError::Write { error, .. } => Some(error),
            ClaimsError::Invalid { .. } => None,
        }
    }
}

/// The generator as its provenance line names it.
pub const GENERATOR: &str = "crates/rules-compiler/src/claim_priority.rs";

/// The rules file, relative to the rules directory.
pub const RULES_FILE: &str = "claims.txt";
/// The generated file, relative to OUT_DIR.
pub const OUTPUT_FILE: &str = "claims_table.rs";

/// The events other seats react to, in the order the generated statics appear.
const EVENTS: [(&str, &str, &[&str]); 3] = [
    // (event, generated static, actions the engine can grant on it)
    ("discard", "ON_DISCARD", &["HU", "PENG", "GANG", "CHI"]),
    ("bugang", "ON_BUGANG", &["HU"]),
    ("gang", "ON_GANG", &[]),
];

const ACTIONS: [(&str, &str); 4] = [("HU", "Hu"), ("PENG", "Peng"), ("GANG", "Gang"), ("CHI", "Chi")];
const ORDERS: [(&str, &str); 2] = [("downstream", "Downstream"), ("seat", "SeatIndex")];
const FROM_WORDS: [(&str, &str); 2] = [("any", "AnyOther"), ("left", "LeftNeighbour")];
const OTHERWISE_WORDS: [(&str, &str); 2] = [("ignore", "Ignore"), ("reject", "Reject")];

/// A level line of a section: the claims examined at one priority, e.g.
/// `2. PENG GANG | order seat | from any | otherwise reject`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// The 1-based line it is written on.
    pub line: usize,
    /// Action names as written (empty for `none`).
    pub actions: Vec<String>,
    /// `order downstream` (the actor's next seat first) or `order seat`
    /// (seats 0 to 3): the order the seats' answers are examined in.
    pub order: String,
    /// `from any` (every seat but the actor) or `from left` (only the
    /// actor's next seat): who may claim, for actions without their own
    /// rule.
    pub from: String,
    /// `from any, CHI left`: (action, who) for actions that differ from `from`.
    pub from_by_action: Vec<(String, String)>,
    /// `otherwise ignore` or `otherwise reject`: what an answer that is not
    /// PASS, not an action of this level and not shaped like an action of a
    /// later level leads to (nothing, or WA for that seat).
    pub otherwise: String,
}

/// A section, `on <event>:` and its levels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The 1-based line of its `on <event>:` line.
    pub line: usize,
    /// The event the other seats react to: `discard`, `bugang` or `gang`.
    pub event: String,
    /// Its levels, rank 1 first (the order they are tried in).
    pub levels: Vec<Level>,
}

/// The whole table, as [`parse`] reads `rules/claims.txt`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimRules {
    /// One per event, in the order `discard`, `bugang`, `gang` whatever the
    /// file's order.
    pub sections: Vec<Section>,
}

/// Reads `<rules>/claims.txt`, validates it and writes `<out>/claims_table.rs`.
pub fn generate(rules: &Path, out: &Path) -> Result<(), ClaimsError> {
    let path = rules.join(RULES_FILE);
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|error| ClaimsError::Read { file: path.clone(), error })?;
    let parsed = parse(&text, &shown)?;
    let code = render(&parsed, &shown, &text);
    let target = out.join(OUTPUT_FILE);
    std::fs::write(&target, code).map_err(|error| ClaimsError::Write { file: target.clone(), error })
}

fn lookup<'a>(table: &'a [(&str, &'a str)], key: &str) -> Option<&'a str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

fn names(table: &[(&str, &str)]) -> String {
    table.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
}

/// Parses and validates the rules text; `file` only names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<ClaimRules, ClaimsError> {
    let mut sections: Vec<Section> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |problem: String| ClaimsError::Invalid { file: file.to_string(), line, problem };
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        if let Some(rest) = content.strip_prefix("on ") {
            let event = rest
                .strip_suffix(':')
                .ok_or_else(|| err(format!("section header {content:?} must end with ':'")))?
                .trim();
            if !EVENTS.iter().any(|(e, _, _)| *e == event) {
                let known: Vec<&str> = EVENTS.iter().map(|(e, _, _)| *e).collect();
                return Err(err(format!("unknown event {event:?} (expected one of {})", known.join(", "))));
            }
            if let Some(prev) = sections.iter().find(|s| s.event == event) {
                return Err(err(format!("duplicate section `on {event}:` (first at line {})", prev.line)));
            }
            sections.push(Section { line, event: event.to_string(), levels: Vec::new() });
            continue;
        }
        let section =
            sections.last_mut().ok_or_else(|| err("level line before any `on <event>:` section".to_string()))?;
        let level = parse_level(content, line, section, &err)?;
        section.levels.push(level);
    }
    for (event, _, _) in EVENTS {
        match sections.iter().find(|s| s.event == event) {
            None => {
                let problem = format!("missing section `on {event}:`");
                return Err(ClaimsError::Invalid { file: file.to_string(), line: 0, problem });
            }
            Some(s) if s.levels.is_empty() => {
                let problem = format!("section `on {event}:` has no levels");
                return Err(ClaimsError::Invalid { file: file.to_string(), line: s.line, problem });
            }
            Some(_) => {}
        }
    }
    sections.sort_by_key(|s| EVENTS.iter().position(|(e, _, _)| *e == s.event));
    Ok(ClaimRules { sections })
}

fn parse_level(
    content: &str,
    line: usize,
    section: &Section,
    err: &dyn Fn(String) -> ClaimsError,
) -> Result<Level, ClaimsError> {
    let mut parts = content.split('|').map(str::trim);
    let head = parts.next().unwrap_or("");
    let (rank, actions_text) = head.split_once('.').ok_or_else(|| {
        err(format!("expected `<rank>. <ACTIONS> | order .. | from .. | otherwise ..`, got {content:?}"))
    })?;
    let expected_rank = section.levels.len() + 1;
    match rank.trim().parse::<usize>() {
        Ok(r) if r == expected_rank => {}
        Ok(r) => return Err(err(format!("rank {r} out of sequence (expected {expected_rank})"))),
        Err(_) => return Err(err(format!("rank {:?} is not a number", rank.trim()))),
    }
    let allowed = EVENTS.iter().find(|(e, _, _)| *e == section.event).map(|(_, _, a)| *a).unwrap_or(&[]);
    let words: Vec<&str> = actions_text.split_whitespace().collect();
    if words.is_empty() {
        return Err(err("no actions (write `none` for a level where nothing may be claimed)".to_string()));
    }
    let mut actions = Vec::new();
    if words == ["none"] {
        // nothing may be claimed on this level
    } else {
        for w in &words {
            if *w == "none" {
                return Err(err("`none` cannot be combined with actions".to_string()));
            }
            if lookup(&ACTIONS, w).is_none() {
                return Err(err(format!("unknown action {w:?} (expected {} or none)", names(&ACTIONS))));
            }
            if !allowed.contains(w) {
                return Err(err(format!("action {w} cannot claim a {} event", section.event)));
            }
            let earlier = section.levels.iter().find(|l| l.actions.iter().any(|a| a == w));
            if actions.iter().any(|a: &String| a == w) {
                return Err(err(format!("duplicate action {w} in this level")));
            }
            if let Some(l) = earlier {
                return Err(err(format!("duplicate action {w} (already at line {})", l.line)));
            }
            actions.push(w.to_string());
        }
    }
    let (mut order, mut from, mut otherwise) = (None, None, None);
    let mut from_by_action = Vec::new();
    for part in parts {
        let (key, value) = part
            .split_once(char::is_whitespace)
            .map(|(k, v)| (k, v.trim()))
            .ok_or_else(|| err(format!("field {part:?} needs a key and a value")))?;
        let (slot, table) = match key {
            "order" => (&mut order, &ORDERS[..]),
            "from" => (&mut from, &FROM_WORDS[..]),
            "otherwise" => (&mut otherwise, &OTHERWISE_WORDS[..]),
            _ => return Err(err(format!("unknown field {key:?} (expected order, from, otherwise)"))),
        };
        if slot.is_some() {
            return Err(err(format!("duplicate field {key:?}")));
        }
        // `from <WHO>, <ACTION> <WHO>, ...`: a default and per-action rules.
        let value = if key == "from" {
            let mut items = value.split(',').map(str::trim);
            let default = items.next().unwrap_or("");
            for item in items {
                let (action, who) = item
                    .split_once(char::is_whitespace)
                    .map(|(a, w)| (a, w.trim()))
                    .ok_or_else(|| err(format!("`from`: expected `<ACTION> <WHO>` after a comma, got {item:?}")))?;
                if !actions.iter().any(|a| a == action) {
                    return Err(err(format!("`from`: {action} is not an action of this level")));
                }
                if lookup(&FROM_WORDS, who).is_none() {
                    return Err(err(format!("unknown from {who:?} (expected {})", names(&FROM_WORDS))));
                }
                if from_by_action.iter().any(|(a, _): &(String, String)| a == action) {
                    return Err(err(format!("`from`: {action} named twice")));
                }
                from_by_action.push((action.to_string(), who.to_string()));
            }
            default
        } else {
            value
        };
        if lookup(table, value).is_none() {
            return Err(err(format!("unknown {key} {value:?} (expected {})", names(table))));
        }
        *slot = Some(value.to_string());
    }
    let need = |v: Option<String>, key: &str| v.ok_or_else(|| err(format!("missing field `{key}`")));
    Ok(Level {
        line,
        actions,
        order: need(order, "order")?,
        from: need(from, "from")?,
        from_by_action,
        otherwise: need(otherwise, "otherwise")?,
    })
}

/// The generated Rust source: one static slice of levels per event; `text`
/// is the content of `source` (its hash goes in the provenance line).
pub fn render(rules: &ClaimRules, source: &str, text: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", mcr_rules_lang::provenance::header(GENERATOR, &[(source, text.as_bytes())]));
    for section in &rules.sections {
        let name = EVENTS.iter().find(|(e, _, _)| *e == section.event).map(|(_, n, _)| *n).unwrap_or("UNKNOWN");
        let _ = writeln!(out);
        let _ = writeln!(out, "/// `on {}:` ({source}:{})", section.event, section.line);
        let _ = writeln!(out, "pub static {name}: &[ClaimLevel] = &[");
        for level in &section.levels {
            let actions: Vec<String> =
                level.actions.iter().map(|a| format!("ClaimAction::{}", lookup(&ACTIONS, a).unwrap_or("?"))).collect();
            let _ = writeln!(out, "    // {source}:{}", level.line);
            let _ = writeln!(out, "    ClaimLevel {{");
            let _ = writeln!(out, "        actions: &[{}],", actions.join(", "));
            let _ = writeln!(out, "        order: SeatOrder::{},", lookup(&ORDERS, &level.order).unwrap_or("?"));
            let _ = writeln!(out, "        from: Eligible::{},", lookup(&FROM_WORDS, &level.from).unwrap_or("?"));
            let by: Vec<String> = level
                .from_by_action
                .iter()
                .map(|(a, w)| {
                    format!(
                        "(ClaimAction::{}, Eligible::{})",
                        lookup(&ACTIONS, a).unwrap_or("?"),
                        lookup(&FROM_WORDS, w).unwrap_or("?")
                    )
                })
                .collect();
            let _ = writeln!(out, "        from_by_action: &[{}],", by.join(", "));
            let _ = writeln!(
                out,
                "        otherwise: Otherwise::{},",
                lookup(&OTHERWISE_WORDS, &level.otherwise).unwrap_or("?")
            );
            let _ = writeln!(out, "        line: {},", level.line);
            let _ = writeln!(out, "    }},");
        }
        let _ = writeln!(out, "];");
    }
    out
}
