//! The audit's notation of sets, readings and hands: the text `mcr audit`,
//! `mcr fan --explain` and the rules diff print, and the hand `mcr fan`
//! reads back.

use mcr_core::decompose::{Reading, Set, SetKind, Shape};
use mcr_core::hand::{HandInput, PackKind};
use std::fmt::Write as _;

/// A set in the audit's notation (`[123m]`, `[555p]`, ...).
pub fn set_text(s: &Set) -> String {
    let body = match s.kind {
        SetKind::Chow => {
            let [a, b, c] = s.tiles();
            format!("{a} {b} {c}")
        }
        SetKind::Pung => format!("{0} {0} {0}", s.tile),
        SetKind::Kong => format!("{0} {0} {0} {0}", s.tile),
    };
    match (s.fixed, s.melded) {
        (true, true) => format!("[{body}]"),
        (true, false) => format!("[{body}]concealed"),
        _ => format!("({body})"),
    }
}

/// A reading's sets and pair in the audit's notation.
pub fn reading_text(r: &Reading) -> String {
    let mut parts: Vec<String> = r.sets().iter().map(set_text).collect();
    match r.shape {
        Shape::Regular | Shape::KnittedStraight => {
            if r.shape == Shape::KnittedStraight {
                let k = r.knitted.unwrap_or(0) as usize;
                let seq: Vec<String> = mcr_core::decompose::KNITTED_STRAIGHTS[k]
                    .iter()
                    .map(|&t| mcr_core::tiles::Tile::from_index(t).to_string())
                    .collect();
                parts.insert(0, format!("knitted({})", seq.join(" ")));
            }
            if let Some(p) = r.pair {
                parts.push(format!("({p} {p})"));
            }
            format!("{}: {}", r.shape.name(), parts.join(" "))
        }
        _ => r.shape.name().to_string(),
    }
}

/// A hand in the notation of `mcr fan`.
pub fn hand_text(h: &HandInput) -> String {
    let mut s = String::new();
    for p in h.packs() {
        let kind = match (p.kind, p.offer) {
            (PackKind::Kong, 0) => "angang",
            (k, _) => match k {
                PackKind::Chow => "chi",
                PackKind::Pung => "peng",
                PackKind::Kong => "gang",
            },
        };
        let _ = write!(s, "[{kind} {} {}] ", p.tile, p.offer);
    }
    for t in h.standing() {
        let _ = write!(s, "{t} ");
    }
    let _ = write!(s, "+{}", h.win_tile);
    let f = h.flags;
    for (on, word) in [(f.self_drawn, "zimo"), (f.fourth_tile, "4th"), (f.about_kong, "kong"), (f.wall_last, "last")] {
        if on {
            let _ = write!(s, " {word}");
        }
    }
    let _ = write!(s, " seat={} prevalent={}", h.seat_wind, h.prevalent_wind);
    if h.flower_count > 0 {
        let _ = write!(s, " flowers={}", h.flower_count);
    }
    s
}
