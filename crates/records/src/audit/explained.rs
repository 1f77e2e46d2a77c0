//! The calculator's explanation (`fans::explain`) as rows: every fan that
//! was counted, found but omitted (and by which fan), or recorded, with the
//! rules line of each; and every reading weighed. The text of `mcr audit`
//! ([`super::report`]) and the JSON of `mcr audit --games` (`win.fan_rows`,
//! `win.readings`, which the game viewer renders) are both made from these.

use super::notation::reading_text;
use mcr_core::fans::Explanation;

/// One fan of the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FanRow {
    /// The fan's Chinese name.
    pub name: &'static str,
    /// Its English name.
    pub name_en: &'static str,
    /// Its value.
    pub value: u16,
    /// Times counted by the engine, and in the recorded list.
    pub engine: u8,
    /// Times counted in the recorded list.
    pub recorded: u8,
    /// "counted", "omitted" (holds in the chosen reading but another fan
    /// omits it) or "absent" (only recorded).
    pub status: &'static str,
    /// The fans that omit it (status "omitted").
    pub omitted_by: Vec<&'static str>,
    /// The fan's rule in `rules/fans.mcr` and its line there.
    pub rule: &'static str,
    /// The rule's line in `rules/fans.mcr`.
    pub line: u32,
}

mcr_core::ser_struct! { FanRow;
    "name" => name,
    "name_en" => name_en,
    "value" => value,
    "engine" => engine,
    "recorded" => recorded,
    "status" => status,
    "omitted_by" => omitted_by,
    "rule" => rule,
    "line" => line,
}

/// One reading of the hand the calculator weighed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingRow {
    /// The sets and pair (`mcr audit` notation).
    pub text: String,
    /// The reading's total fan.
    pub total: i32,
    /// Why it was kept or passed over.
    pub verdict: &'static str,
    /// The reading the result was taken from.
    pub chosen: bool,
    /// `[fan, times]`.
    pub counted: Vec<(&'static str, u8)>,
    /// `[omitted fan, times, omitted by]`.
    pub omitted: Vec<(&'static str, u8, &'static str)>,
}

mcr_core::ser_struct! { ReadingRow;
    "text" => text,
    "total" => total,
    "verdict" => verdict,
    "chosen" => chosen,
    "counted" => counted,
    "omitted" => omitted,
}

/// Every fan counted by the engine, found in the chosen reading, or in
/// `recorded` (counts by fan index), in fan-table order.
pub fn fan_rows(e: &Explanation, recorded: &[u8]) -> Vec<FanRow> {
    let profile = e.result.profile;
    let (fans, rule_text) = (profile.fans, profile.rule_text);
    let chosen = e.chosen.map(|i| &e.readings[i]);
    let rec = |i: usize| recorded.get(i).copied().unwrap_or(0);
    (1..fans.len())
        .filter_map(|i| {
            let got = e.result.counts[i];
            let found = chosen.map_or(0, |r| r.found[i]);
            if got == 0 && found == 0 && rec(i) == 0 {
                return None;
            }
            let status = if got > 0 {
                "counted"
            } else if found > 0 {
                "omitted"
            } else {
                "absent"
            };
            let omitted_by = match (status, chosen) {
                ("omitted", Some(r)) => {
                    r.omissions.iter().filter(|o| o.1 as usize == i).map(|o| fans[o.0 as usize].name).collect()
                }
                _ => Vec::new(),
            };
            Some(FanRow {
                name: fans[i].name,
                name_en: fans[i].name_en,
                value: fans[i].value,
                engine: got,
                recorded: rec(i),
                status,
                omitted_by,
                rule: rule_text[i].0,
                line: rule_text[i].1,
            })
        })
        .collect()
}

/// Every reading weighed, the chosen one marked.
pub fn reading_rows(e: &Explanation) -> Vec<ReadingRow> {
    let fans = e.result.profile.fans;
    e.readings
        .iter()
        .enumerate()
        .map(|(i, r)| ReadingRow {
            text: reading_text(&r.reading),
            total: r.total,
            verdict: r.verdict.as_str(),
            chosen: e.chosen == Some(i),
            counted: (1..fans.len()).filter(|&f| r.counts[f] > 0).map(|f| (fans[f].name, r.counts[f])).collect(),
            omitted: r
                .omissions
                .iter()
                .map(|&(by, fan, n)| (fans[fan as usize].name, n, fans[by as usize].name))
                .collect(),
        })
        .collect()
}
