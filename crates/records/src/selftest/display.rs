//! What every display carries about the table: `tileCnt` (tiles left in
//! each wall segment) and the request strings sent to each seat.

use super::events::{Action, Event};
use super::replay::Replay;
use super::{fail, Check, CheckFailure};
use crate::record::view::same_text;
use mcr_core::fans::Displays;

impl<'g, 'a> Replay<'g, 'a> {
    /// `tileCnt` is on every display but INIT's (checked with INIT) and,
    /// under the public judge's displays, but HU's and the verdicts'.
    pub(super) fn check_tile_count(&self, k: usize, e: Event) -> Result<(), CheckFailure> {
        let shown_at_end = self.rules.display == Displays::Platform;
        if e.action == Action::Init
            || (!shown_at_end && matches!(e.action, Action::Hu | Action::Wa | Action::Wh | Action::Platform))
        {
            return Ok(());
        }
        let Some(cnt) = &self.display(k).tile_cnt else {
            return Err(fail(Some(k), Check::TileCount, format!("{} display without tileCnt", e.action.name())));
        };
        let ok = cnt.four().is_some_and(|c| (0..4).all(|s| c[s] == self.seats[s].remain as i64));
        ensure!(ok, Some(k), TileCount, "tileCnt {cnt:?} != segments left {:?}", self.seats.map(|s| s.remain));
        Ok(())
    }

    /// Turn `k`'s requests announce display `k` to each seat. Built with
    /// `push_str` once per turn (per seat only where they differ): this runs
    /// four times a turn and formatting machinery would dominate the check.
    pub(super) fn check_request(&mut self, k: usize, e: Event) -> Result<(), CheckFailure> {
        let req = self.g.turns[k].request.as_ref();
        if e.action.is_terminal() {
            ensure!(req.is_none_or(|r| r.is_empty()), Some(k), Request, "terminal turn carries requests");
            return Ok(());
        }
        let Some(req) = req else {
            return Err(fail(Some(k), Check::Request, "turn without requests".into()));
        };
        const SEAT: [&str; 4] = ["0", "1", "2", "3"];
        let p = SEAT[e.p()];
        let per_seat = matches!(e.action, Action::Init | Action::Deal | Action::Draw);
        for (s, seat) in SEAT.iter().enumerate() {
            if s == 0 || per_seat {
                let b = &mut self.buf;
                b.clear();
                match e.action {
                    Action::Init => {
                        b.push_str("0 ");
                        b.push_str(seat);
                        b.push(' ');
                        b.push_str(&self.g.quan.to_string());
                    }
                    Action::Deal => {
                        // The segment's last 13 tiles, back to front.
                        b.push_str("1 0 0 0 0");
                        for t in self.wall[34 * s + 21..34 * s + 34].iter().rev() {
                            b.push(' ');
                            b.push_str(t.name());
                        }
                    }
                    Action::Draw if *seat == p => {
                        b.push_str("2 ");
                        b.push_str(e.t().name());
                    }
                    _ => {
                        b.push_str("3 ");
                        b.push_str(p);
                        b.push(' ');
                        b.push_str(e.action.name());
                        if e.action == Action::Chi {
                            b.push(' ');
                            b.push_str(e.mid.unwrap_or_default().name());
                        }
                        if !matches!(e.action, Action::Draw | Action::Gang) {
                            b.push(' ');
                            b.push_str(e.t().name());
                        }
                    }
                }
            }
            let got = req.get(s);
            ensure!(
                got.is_some_and(|g| same_text(g, &self.buf)),
                Some(k),
                Request,
                "request to seat {s} is {got:?}, the display says {:?}",
                self.buf
            );
        }
        Ok(())
    }
}
