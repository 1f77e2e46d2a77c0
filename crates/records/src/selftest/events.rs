//! The displays of a record read into typed events: action, player, tiles.

use super::{fail, Check, CheckFailure, GameView};
use crate::record::view;
use mcr_core::tiles::Tile;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    Init,
    Deal,
    Draw,
    Play,
    Peng,
    Chi,
    Gang,
    BuGang,
    Hu,
    Huang,
    /// Verdicts of error games.
    Wa,
    Wh,
    /// A platform verdict (`TLE`, `RE`, ...): the display's action is the
    /// verdict the previous turn's `verdicts` gave its player.
    Platform,
}

impl Action {
    pub(super) fn parse(s: &str) -> Option<Action> {
        Some(match s {
            "INIT" => Action::Init,
            "DEAL" => Action::Deal,
            "DRAW" => Action::Draw,
            "PLAY" => Action::Play,
            "PENG" => Action::Peng,
            "CHI" => Action::Chi,
            "GANG" => Action::Gang,
            "BUGANG" => Action::BuGang,
            "HU" => Action::Hu,
            "HUANG" => Action::Huang,
            "WA" => Action::Wa,
            "WH" => Action::Wh,
            _ => return None,
        })
    }
    pub(super) fn name(self) -> &'static str {
        match self {
            Action::Init => "INIT",
            Action::Deal => "DEAL",
            Action::Draw => "DRAW",
            Action::Play => "PLAY",
            Action::Peng => "PENG",
            Action::Chi => "CHI",
            Action::Gang => "GANG",
            Action::BuGang => "BUGANG",
            Action::Hu => "HU",
            Action::Huang => "HUANG",
            Action::Wa => "WA",
            Action::Wh => "WH",
            Action::Platform => "platform verdict",
        }
    }
    pub(super) fn is_verdict(self) -> bool {
        matches!(self, Action::Wa | Action::Wh | Action::Platform)
    }
    pub(super) fn is_terminal(self) -> bool {
        matches!(self, Action::Hu | Action::Huang | Action::Wa | Action::Wh | Action::Platform)
    }
    /// A discard is on the table after it (plain or PENG/CHI follow-up).
    pub(super) fn is_discard(self) -> bool {
        matches!(self, Action::Play | Action::Peng | Action::Chi)
    }
}

/// The typed core of one display.
#[derive(Clone, Copy, Debug)]
pub(super) struct Event {
    pub(super) action: Action,
    pub(super) player: Option<usize>,
    pub(super) tile: Option<Tile>,
    /// CHI: the run's middle tile.
    pub(super) mid: Option<Tile>,
}

impl Event {
    /// Player of an action that always has one (checked in `read_events`).
    pub(super) fn p(&self) -> usize {
        self.player.unwrap_or(0)
    }
    pub(super) fn t(&self) -> Tile {
        self.tile.unwrap_or_default()
    }
    pub(super) fn is(&self, action: Action, player: usize) -> bool {
        self.action == action && self.player == Some(player)
    }
}

/// Reads every display's action, player and tiles, checking that each action
/// carries the keys it needs.
pub(super) fn read_events(g: &GameView) -> Result<Vec<Event>, CheckFailure> {
    let mut out = Vec::with_capacity(g.turns.len());
    for (k, turn) in g.turns.iter().enumerate() {
        let d = &turn.display;
        // An action of no event is a platform verdict when the previous turn
        // gave the display's player that verdict.
        let platform = || {
            let given = k.checked_sub(1).and_then(|p| g.turns[p].verdicts.as_ref());
            let seat = d.player.filter(|p| (0..4).contains(p))? as usize;
            (given?.get(seat)? == d.action.as_str()).then_some(Action::Platform)
        };
        let action = Action::parse(d.action.as_str()).or_else(platform).ok_or_else(|| {
            fail(
                Some(k),
                Check::Display,
                format!(
                    "unknown display action {:?} (nor the previous turn's verdict for its player)",
                    d.action.as_str()
                ),
            )
        })?;
        let player = match d.player {
            Some(p) if (0..4).contains(&p) => Some(p as usize),
            Some(p) => {
                return Err(fail(Some(k), Check::Display, format!("{} player {p} is not a seat 0..3", action.name())))
            }
            None => None,
        };
        let tile_of = |name: &str, v: &Option<view::Text>| -> Result<Option<Tile>, CheckFailure> {
            match v {
                Some(t) => Tile::parse(t.as_str())
                    .map(Some)
                    .map_err(|e| fail(Some(k), Check::Display, format!("{} {name}: {e}", action.name()))),
                None => Ok(None),
            }
        };
        let ev = Event { action, player, tile: tile_of("tile", &d.tile)?, mid: tile_of("tileCHI", &d.tile_chi)? };
        let needs_player = !matches!(action, Action::Init | Action::Deal | Action::Huang);
        ensure!(!needs_player || ev.player.is_some(), Some(k), Display, "{} display without player", action.name());
        let needs_tile = matches!(action, Action::Draw | Action::Play | Action::Peng | Action::Chi | Action::BuGang);
        ensure!(!needs_tile || ev.tile.is_some(), Some(k), Display, "{} display without tile", action.name());
        ensure!(action != Action::Chi || ev.mid.is_some(), Some(k), Display, "CHI display without tileCHI");
        out.push(ev);
    }
    Ok(out)
}
