//! A game audit in words (what `mcr audit --games` prints); the JSON form is
//! the [`GameAudit`] itself.

use super::cai::{Check, Shown, WinFlagsOut, FLAG_NAMES};
use super::games::{GameAudit, Kind, WinAudit};
use std::fmt::Write as _;

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn shown_text(s: &Shown) -> String {
    format!("turn {} {} by seat {} ({}, {:+})", s.turn, s.action, s.seat, s.what, s.cai_delta)
}

fn flags_text(f: &WinFlagsOut) -> String {
    (0..4).map(|i| format!("{} {}", FLAG_NAMES[i], yes(f.get(i)))).collect::<Vec<_>>().join(", ")
}

/// The heading of a game: `game ID (file:line)`.
pub fn title(a: &GameAudit) -> String {
    let mut t = format!("game {}", if a.game_id.is_empty() { "?" } else { &a.game_id });
    if let (Some(f), Some(l)) = (&a.file, a.line) {
        let _ = write!(t, " ({f}:{l})");
    }
    t
}

/// The whole audit of one game.
pub fn game_text(a: &GameAudit) -> String {
    let mut out = String::new();
    let w = &mut out;
    let tags = if a.tags.is_empty() { String::new() } else { format!(" [{}]", a.tags.join(", ")) };
    match a.kind {
        Kind::Draw => {
            let _ = writeln!(w, "== {}: draw (荒庄), nothing to score{tags}", title(a));
        }
        Kind::Error => {
            let _ = writeln!(w, "== {}: error game, verdict {}{tags}", title(a), a.verdict.as_deref().unwrap_or("?"));
            if let Some(win) = &a.win {
                let _ = writeln!(w, "the HU refused: seat {} on {} (turn {})", win.winner, win.win_tile, win.win_turn);
                win_text(w, win);
            }
        }
        Kind::Bad => {
            let _ = writeln!(w, "== {}: BAD RECORD: {}{tags}", title(a), a.problem.as_deref().unwrap_or("?"));
        }
        Kind::Hu => {
            if let Some(win) = &a.win {
                let _ = writeln!(
                    w,
                    "== {}: {} by seat {} on {} (turn {}){tags}",
                    title(a),
                    win.ending,
                    win.winner,
                    win.win_tile,
                    win.win_turn
                );
                win_text(w, win);
            }
        }
    }
    out
}

fn win_text(w: &mut String, win: &WinAudit) {
    let f = &win.flags;
    let _ = writeln!(w, "judge's win flags (the engine's, before the flag rules):");
    let how = match win.discarder {
        None => format!("the winner's own draw, turn {}", win.win_turn),
        Some(d) => format!(
            "seat {d}'s {}, turn {}",
            if win.ending == "qianggang" { "promoted kong" } else { "discard" },
            win.win_turn
        ),
    };
    let _ = writeln!(w, "  self-drawn: {} ({how})", yes(f.given.self_drawn));
    let copies: Vec<String> = f.shown.iter().map(shown_text).collect();
    let count: i64 = f.shown.iter().map(|s| s.cai_delta as i64).sum();
    let copies = if copies.is_empty() {
        format!("no other copy of {} shown", win.win_tile)
    } else {
        let noun = if count == 1 { "copy" } else { "copies" };
        format!("{count} other {noun} of {} shown: {}", win.win_tile, copies.join("; "))
    };
    let _ = writeln!(w, "  4th tile (和绝张): {}; {copies}", yes(f.given.fourth_tile));
    let kong = match &f.kong {
        Some(k) => format!(" ({} kong of {} by seat {}, turn {})", k.kind, k.tile, k.seat, k.turn),
        None => String::new(),
    };
    let _ = writeln!(w, "  about kong: {}{kong}", yes(f.given.about_kong));
    let _ = writeln!(
        w,
        "  wall last: {} (seat {}'s wall segment holds {} tile{}{})",
        yes(f.given.wall_last),
        f.wall_seat,
        f.wall_left,
        if f.wall_left == 1 { "" } else { "s" },
        if f.wall_left == 0 { ": empty" } else { "" }
    );
    if f.used != f.given {
        let _ = writeln!(w, "  after the flag rules: {}", flags_text(&f.used));
    }
    let _ = write!(w, "{}", win.trace);
    let Some(c) = &win.cai else { return };
    let check = match c.flags.check {
        Check::SelfDraw => "on the winner's own draw, before the drawn tile is counted",
        Check::Discard => "on the discard, after its +1",
        Check::RobKong => "on the promoted kong, after its +1",
    };
    let _ = writeln!(w, "cai replay (check {check}; shownTiles[{}] = {}):", win.win_tile, c.flags.shown_tiles);
    let _ = writeln!(w, "  flags: {}", flags_text(&c.flags.cai));
    let _ = writeln!(w, "  list: {}", c.fans.text());
    if c.differing.is_empty() {
        let _ = writeln!(w, "  equal to the judge's list");
    } else {
        for d in &c.differing {
            let _ = writeln!(w, "  differs: {} ({} fan): judge x{}, cai x{}", d.name, d.value, d.judge, d.cai);
        }
        let _ = writeln!(w, "  explained by: {}", c.explained_by.join(", "));
        let gate = if c.status == "cai_replay_below_8fan_gate" {
            "BELOW the 8-fan gate: a cai-gated bot refuses this legal win"
        } else {
            "milder: still at or above the 8-fan gate"
        };
        let _ = writeln!(w, "  cai total {}: {gate} ({})", c.fans.total, c.status);
    }
    let _ = writeln!(
        w,
        "  corrected (is4thTile = shownTiles + 1 if self-drawn == 4: {}): {}: {}",
        yes(c.flags.corrected.fourth_tile),
        c.corrected.text(),
        if c.corrected_agrees { "equals the judge's list" } else { "DIFFERS from the judge's list" }
    );
    if let Some(k) = &c.known {
        let _ = writeln!(
            w,
            "  known discrepancy: recorded list {}: {}; recorded status {}: {}",
            k.recorded_fans.as_ref().map_or("missing".into(), |l| l.text()),
            if k.list_equal { "equal" } else { "NOT REPRODUCED" },
            k.recorded_status.as_deref().unwrap_or("missing"),
            if k.status_equal { "equal" } else { "NOT REPRODUCED" }
        );
    }
}
