//! Why one side of a diff differs from the other: the reading the rules
//! chose and, for every fan that differs, its rule with file and line. Made
//! from the audit's rows ([`crate::audit::explained::fan_rows`]), that is
//! from `fans::explain`, the calculator's own code path.

use super::Answer;
use crate::audit::explained::fan_rows;
use crate::audit::{reading_text, recorded_counts_with};
use mcr_core::fans::Profile;
use mcr_core::hand::HandInput;

/// The explanation of `hand` under `rules`, against the answer `other`.
pub fn lines(rules: &'static Profile, hand: &HandInput, other: &Answer) -> Vec<String> {
    let e = rules.explain(hand);
    let mut out = Vec::new();
    match e.chosen.map(|i| &e.readings[i]) {
        Some(r) => out.push(format!("reading: {}", reading_text(&r.reading))),
        None if e.readings.is_empty() => out.push("reading: none (the tiles do not split into sets and a pair)".into()),
        None => out.push(format!("reading: none of {} wins", e.readings.len())),
    }
    let (counts, unknown) = recorded_counts_with(rules, &other.fans);
    let value_of = |name: &str| other.fans.iter().find(|f| f.0 == name).map(|f| f.1);
    for row in fan_rows(&e, &counts) {
        let at = |line: u32| location(rules, row.name, line);
        let other_value = value_of(row.name);
        let revalued = other_value.is_some_and(|v| v != row.value as i32);
        if row.engine == row.recorded && !revalued {
            continue;
        }
        let text = if row.engine > 0 && row.recorded == 0 {
            format!("{} gained: {} ({})", row.name, row.rule, at(row.line))
        } else if row.engine == 0 && row.status == "omitted" {
            format!("{} lost: holds but omitted by {}", row.name, row.omitted_by.join(", "))
        } else if row.engine == 0 {
            format!("{} lost: does not hold in the chosen reading: {} ({})", row.name, row.rule, at(row.line))
        } else if row.engine != row.recorded {
            format!("{} x{} against x{}: {} ({})", row.name, row.engine, row.recorded, row.rule, at(row.line))
        } else {
            format!(
                "{} value {} against {}: fan {} = {} ({})",
                row.name,
                row.value,
                other_value.unwrap_or(0),
                row.name,
                row.value,
                at(row.line)
            )
        };
        out.push(text);
    }
    for u in unknown {
        out.push(format!("{u} lost: not a fan of {}", rules.file));
    }
    out
}

/// Where a fan is written: the line `fan NAME ...` of the first profile
/// that states it, from `rules` down the profiles it extends (a profile
/// that only revalues a fan states it too); else `line` of the last one.
fn location(rules: &'static Profile, name: &str, line: u32) -> String {
    let head = format!("fan {name} ");
    let mut p = rules;
    loop {
        let text = mcr_core::rules::profiles::SOURCES.iter().find(|s| s.0 == p.file).map_or("", |s| s.1);
        if let Some(n) = text.lines().position(|l| l.starts_with(&head) || l.trim_end() == head.trim_end()) {
            return format!("{}:{}", p.file, n + 1);
        }
        match p.extends.and_then(Profile::by_name) {
            Some(base) => p = base,
            None => return format!("{}:{line}", p.file),
        }
    }
}
