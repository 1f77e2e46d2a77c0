//! Explanations of fan lists: which readings were weighed, which fans each
//! rule found, which were omitted and by what, which flags were corrected,
//! side by side with a recorded list. Built on `fans::explain`, the same
//! code path as the calculator.

use super::explained::fan_rows;
use super::notation::{hand_text, reading_text};
use mcr_core::fans::{self, Explanation, Profile};
use mcr_core::hand::{HandInput, WinFlags};
use std::fmt::Write as _;

fn flag_changes(given: WinFlags, used: WinFlags) -> Vec<String> {
    let mut out = Vec::new();
    for (name, a, b) in
        [("4th tile", given.fourth_tile, used.fourth_tile), ("about kong", given.about_kong, used.about_kong)]
    {
        if a != b {
            out.push(format!("{name} flag {} by the flag rules", if b { "set" } else { "dropped" }));
        }
    }
    out
}

/// A recorded fan list as counts by fan index; unknown names are reported.
pub fn recorded_counts(list: &[(String, i32, i32)]) -> (Vec<u8>, Vec<String>) {
    recorded_counts_with(Profile::default(), list)
}

/// [`recorded_counts`] in a profile's fan table.
pub fn recorded_counts_with(profile: &Profile, list: &[(String, i32, i32)]) -> (Vec<u8>, Vec<String>) {
    let mut counts = vec![0u8; profile.fans.len()];
    let mut unknown = Vec::new();
    for (name, _, cnt) in list {
        match profile.fan_by_name(name) {
            Some(f) => counts[f.index as usize] = *cnt as u8,
            None => unknown.push(name.clone()),
        }
    }
    (counts, unknown)
}

/// An explanation in words, and whether it disagrees with the recorded list.
pub struct Report {
    /// The explanation.
    pub text: String,
    /// It disagrees with the recorded list.
    pub differs: bool,
}

/// The full report for one hand; `recorded` is the list to compare with.
pub fn report(hand: &HandInput, recorded: Option<(i32, &[(String, i32, i32)])>) -> Report {
    report_with(Profile::default(), hand, recorded)
}

/// [`report`] under a rule profile.
pub fn report_with(
    profile: &'static Profile,
    hand: &HandInput,
    recorded: Option<(i32, &[(String, i32, i32)])>,
) -> Report {
    let fans_table = profile.fans;
    let table_size = fans_table.len();
    let mut differs = false;
    let e: Explanation = profile.explain(hand);
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "hand: {}", hand_text(hand));
    for c in flag_changes(e.flags_given, e.flags_used) {
        let _ = writeln!(w, "flags: {c}");
    }
    let _ = writeln!(w, "result: {}", e.result.result);
    if e.readings.is_empty() {
        let _ = writeln!(w, "readings: none (no special shape fits and the tiles do not split into sets and a pair)");
    }
    for (i, r) in e.readings.iter().enumerate() {
        let mark = if e.chosen == Some(i) { "*" } else { " " };
        let _ =
            writeln!(w, "{mark}reading {}: {}  total {}  ({})", i + 1, reading_text(&r.reading), r.total, r.verdict);
        let counted: Vec<String> = fan_items(fans_table, &r.counts);
        let _ = writeln!(w, "    counted: {}", if counted.is_empty() { "-".into() } else { counted.join(", ") });
        for &(by, fan, n) in &r.omissions {
            let _ = writeln!(
                w,
                "    omitted: {} x{} by {}",
                fans_table[fan as usize].name, n, fans_table[by as usize].name
            );
        }
    }
    let (rec_counts, unknown) = match recorded {
        Some((_, list)) => recorded_counts_with(profile, list),
        None => (vec![0; table_size], Vec::new()),
    };
    let _ = writeln!(
        w,
        "\n{:<24} {:>6} {:>8} {:>8}  why",
        "fan",
        "value",
        "engine",
        if recorded.is_some() { "recorded" } else { "" }
    );
    for row in fan_rows(&e, &rec_counts) {
        let why = match row.status {
            "counted" => format!("{} ({}:{})", row.rule, profile.file, row.line),
            "omitted" => format!("holds but omitted by {}", row.omitted_by.join(", ")),
            _ => format!("does not hold in the chosen reading: {}", row.rule),
        };
        let flag = if recorded.is_some() && row.engine != row.recorded { "≠" } else { " " };
        let rec_text = if recorded.is_some() { format!("x{}", row.recorded) } else { String::new() };
        let _ = writeln!(
            w,
            "{flag}{:<23} {:>6} {:>8} {:>8}  {}",
            row.name,
            row.value,
            format!("x{}", row.engine),
            rec_text,
            why
        );
    }
    if let Some((rec_result, _)) = recorded {
        let same = rec_result == e.result.result
            && (0..table_size).all(|i| e.result.counts[i] == rec_counts[i] || e.result.result < 0);
        let _ = writeln!(
            w,
            "\nrecorded result {rec_result}, engine {}: {}",
            e.result.result,
            if same { "agree" } else { "DIFFER" }
        );
        differs = !same;
    }
    for u in &unknown {
        let _ = writeln!(w, "recorded fan `{u}` is not in {}", profile.file);
    }
    Report { text: out, differs: differs || !unknown.is_empty() }
}

fn fan_items(table: &[fans::FanInfo], counts: &[u8]) -> Vec<String> {
    (1..table.len())
        .filter(|&i| counts[i] > 0)
        .map(|i| if counts[i] > 1 { format!("{} x{}", table[i].name, counts[i]) } else { table[i].name.to_string() })
        .collect()
}
