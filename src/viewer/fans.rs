//! The end of a won (or wrongly declared) game: the winner's hand explained
//! by the calculator's own trace (`fans::explain`), fan by fan against the
//! list the judge displayed: counted, omitted and by which fan, or absent,
//! with the rules line of each fan.
//!
//! This is the one place the viewer takes its fan audit from: when the
//! audit's JSON (`mcr audit --games --format json`) exists, an [`EndAudit`]
//! is built from it instead, with no change to the page.

use serde::Serialize;

use crate::audit::{hand_text, reading_text, recorded_counts};
use crate::fans::{self, FANS, FAN_TABLE_SIZE};
use crate::hand::{HandInput, WinFlags};
use crate::record::GameRecord;
use crate::rules::fans::RULE_TEXT;

#[derive(Serialize, Debug, Clone)]
pub struct EndAudit {
    pub player: u8,
    /// The hand in the notation of `mcr fan`.
    pub hand: String,
    pub win_tile: u8,
    /// Win flags as the engine set them, and as the flag rules corrected them.
    pub flags: Vec<FlagRow>,
    pub readings: Vec<ReadingRow>,
    /// Every fan that was counted, found, or recorded.
    pub fans: Vec<FanRow>,
    pub result: i32,
    /// The judge's displayed total and whether the lists agree.
    pub recorded_result: Option<i32>,
    pub agree: Option<bool>,
    /// Recorded fan names that are not in rules/fans.mcr.
    pub unknown: Vec<String>,
}

#[derive(Serialize, Debug, Clone)]
pub struct FlagRow {
    pub name: &'static str,
    pub given: bool,
    pub used: bool,
}

#[derive(Serialize, Debug, Clone)]
pub struct ReadingRow {
    pub text: String,
    pub total: i32,
    pub verdict: &'static str,
    pub chosen: bool,
    pub counted: Vec<(&'static str, u8)>,
    /// (omitted fan, how many, omitted by)
    pub omitted: Vec<(&'static str, u8, &'static str)>,
}

#[derive(Serialize, Debug, Clone)]
pub struct FanRow {
    pub name: &'static str,
    pub name_en: &'static str,
    pub value: u16,
    /// Times counted by the engine, and in the judge's list.
    pub engine: u8,
    pub recorded: Option<u8>,
    /// counted, omitted (holds but another fan omits it), absent.
    pub status: &'static str,
    pub omitted_by: Vec<&'static str>,
    /// The fan's rule in rules/fans.mcr and its line.
    pub rule: &'static str,
    pub line: u32,
}

fn flag_rows(given: WinFlags, used: WinFlags) -> Vec<FlagRow> {
    vec![
        FlagRow { name: "self-drawn", given: given.self_drawn, used: used.self_drawn },
        FlagRow { name: "4th tile", given: given.fourth_tile, used: used.fourth_tile },
        FlagRow { name: "about kong", given: given.about_kong, used: used.about_kong },
        FlagRow { name: "last tile", given: given.wall_last, used: used.wall_last },
    ]
}

/// The judge's fan list and total, from the final display.
fn recorded(rec: &GameRecord) -> Option<(i32, Vec<(String, i32, i32)>)> {
    let d = &rec.turns.last()?.display;
    let list = d["fan"].as_array()?;
    let list = list
        .iter()
        .map(|f| (f["name"].as_str().unwrap_or("").to_string(), f["value"].as_i64().unwrap_or(0) as i32, f["cnt"].as_i64().unwrap_or(0) as i32))
        .collect();
    Some((d["fanCnt"].as_i64()? as i32, list))
}

/// Explains the winner's hand (the engine's `win_hand` before the final step).
pub fn explain_win(player: u8, hand: &HandInput, rec: &GameRecord) -> EndAudit {
    let e = fans::explain(hand);
    let chosen = e.chosen.map(|i| &e.readings[i]);
    let rec_list = recorded(rec);
    let (rec_counts, unknown) = match &rec_list {
        Some((_, list)) => recorded_counts(list),
        None => (vec![0; FAN_TABLE_SIZE], Vec::new()),
    };
    let mut rows = Vec::new();
    for i in 1..FAN_TABLE_SIZE {
        let got = e.result.counts[i];
        let found = chosen.map_or(0, |r| r.found[i]);
        if got == 0 && found == 0 && rec_counts[i] == 0 {
            continue;
        }
        let omitted_by: Vec<&'static str> = chosen
            .map(|r| r.omissions.iter().filter(|o| o.1 as usize == i).map(|o| FANS[o.0 as usize].name).collect())
            .unwrap_or_default();
        rows.push(FanRow {
            name: FANS[i].name,
            name_en: FANS[i].name_en,
            value: FANS[i].value,
            engine: got,
            recorded: rec_list.as_ref().map(|_| rec_counts[i]),
            status: if got > 0 {
                "counted"
            } else if found > 0 {
                "omitted"
            } else {
                "absent"
            },
            omitted_by,
            rule: RULE_TEXT[i].0,
            line: RULE_TEXT[i].1,
        });
    }
    let readings = e
        .readings
        .iter()
        .enumerate()
        .map(|(i, r)| ReadingRow {
            text: reading_text(&r.reading),
            total: r.total,
            verdict: r.verdict,
            chosen: e.chosen == Some(i),
            counted: (1..FAN_TABLE_SIZE).filter(|&f| r.counts[f] > 0).map(|f| (FANS[f].name, r.counts[f])).collect(),
            omitted: r.omissions.iter().map(|&(by, fan, n)| (FANS[fan as usize].name, n, FANS[by as usize].name)).collect(),
        })
        .collect();
    let agree = rec_list.as_ref().map(|(total, _)| {
        *total == e.result.result && unknown.is_empty() && (e.result.result < 0 || (0..FAN_TABLE_SIZE).all(|i| e.result.counts[i] == rec_counts[i]))
    });
    EndAudit {
        player,
        hand: hand_text(hand),
        win_tile: hand.win_tile.index() as u8,
        flags: flag_rows(e.flags_given, e.flags_used),
        readings,
        fans: rows,
        result: e.result.result,
        recorded_result: rec_list.map(|(t, _)| t),
        agree,
        unknown,
    }
}
