//! A [`Summary`] in words: what `mcr rules diff` prints and what a snapshot
//! (`rules/snapshots/NAME.txt`) keeps.

use super::{Summary, RECORDED};
use std::fmt::Write as _;

impl Summary {
    /// The summary in words (without the examples).
    pub fn text(&self) -> String {
        let mut w = String::new();
        let against = if self.against == RECORDED { "the recorded answers" } else { &self.against };
        let _ = writeln!(w, "rules diff: {} against {against}", self.rules);
        for c in &self.table_changes {
            let _ = writeln!(w, "  {c}");
        }
        let _ = writeln!(
            w,
            "hands: {} scored, {} changed (total up {}, down {}; win gained {}, lost {})",
            self.hands, self.hands_changed, self.totals_up, self.totals_down, self.wins_gained, self.wins_lost
        );
        let _ = writeln!(
            w,
            "games: {} replayed, {} changed (winner {}, verdict {}, scores {}, canHu {} in {} displays)",
            self.games,
            self.games_changed,
            self.winner_changed,
            self.verdict_changed,
            self.scores_changed,
            self.can_hu_changed,
            self.can_hu_turns
        );
        if self.agrees() && self.hands + self.games > 0 {
            let _ = writeln!(w, "the rules agree with every record ({} hands, {} games)", self.hands, self.games);
        }
        // One line a fan: `平和 value changed 20239 (139 of them games)`.
        for (name, c) in &self.by_fan {
            let parts: Vec<String> = [
                (c.gained, "gained"),
                (c.lost, "lost"),
                (c.changed, "count changed"),
                (c.value_changed, "value changed"),
            ]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{what} {n}"))
            .collect();
            let games = if c.games > 0 { format!(" ({} of them games)", c.games) } else { String::new() };
            let _ = writeln!(w, "{name} {}{games}", parts.join(", "));
        }
        for e in &self.errors {
            let _ = writeln!(w, "unreadable: {e}");
        }
        w
    }

    /// The examples side by side, each with the reading and the rules that
    /// made the difference.
    pub fn examples_text(&self) -> String {
        let mut w = String::new();
        for e in &self.examples {
            let _ = writeln!(w, "{} ({}:{})", e.id, e.file, e.line);
            if let (Some(a), Some(b)) = (&e.end_rules, &e.end_against) {
                let _ = writeln!(w, "  {:<12} {a}", self.rules);
                let _ = writeln!(w, "  {:<12} {b}", e.against_rules);
            }
            let _ = writeln!(w, "  {:<12} {:>4}  {}", self.rules, e.rules.0, e.rules.1.join(", "));
            let _ = writeln!(w, "  {:<12} {:>4}  {}", e.against_rules, e.against.0, e.against.1.join(", "));
            if let Some(c) = &e.can_hu {
                let _ = writeln!(w, "  canHu {c}");
            }
            for l in &e.why {
                let _ = writeln!(w, "  why: {l}");
            }
        }
        w
    }
}
