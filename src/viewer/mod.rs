//! `mcr view`: game records as one self-contained web page (inline CSS and
//! script, no network), stepped turn by turn.
//!
//! Everything shown is computed here from the engine's replay
//! ([`model::build`]) and, at the end, the game's audit
//! (`audit::games::audit_game` with the cai replay: the calculator's own
//! explanation, the flags with their evidence, the cai-style list); the
//! page's script only renders the embedded JSON ([`page::render`]).

pub mod model;
pub mod page;

use crate::record::{GameRecord, Records};
use std::path::Path;

pub use model::GameModel;

/// Which games of the files to show.
#[derive(Debug, Clone)]
pub struct Selection {
    /// Only these game ids (none: all).
    pub ids: Vec<String>,
    /// Only games carrying at least one of these tags (none: all).
    pub tags: Vec<String>,
    /// At most this many games (0: no limit): the page holds every turn of
    /// every game, about 35 KB a game.
    pub limit: usize,
    /// `mcr view --rules`: the rules for games whose record has no
    /// `"rules"` key (`None`: botzone); a record naming another profile is
    /// reported as a conflict (see [`crate::record::rules::profile_for`]).
    pub profile: Option<&'static crate::fans::Profile>,
}

/// Games replayed, what was left out, and the located errors.
pub struct Loaded {
    pub games: Vec<GameModel>,
    /// Selected games past the limit, not replayed.
    pub left_out: usize,
    /// `file:line: problem` for each unreadable record or file.
    pub errors: Vec<String>,
}

impl Default for Selection {
    /// Every game, no limit, each under its own rules (botzone by default).
    fn default() -> Selection {
        Selection { ids: Vec::new(), tags: Vec::new(), limit: 0, profile: None }
    }
}

impl Selection {
    pub fn accepts(&self, rec: &GameRecord) -> bool {
        (self.ids.is_empty() || self.ids.contains(&rec.game_id))
            && (self.tags.is_empty() || rec.tags.iter().any(|t| self.tags.contains(t)))
    }
}

/// The games selected from `files`, each replayed; unreadable records are
/// returned as located errors (`file:line: problem`), the others kept. Past
/// the limit, selected games are only counted (memory stays bounded).
pub fn load(files: &[impl AsRef<Path>], sel: &Selection) -> Loaded {
    let mut out = Loaded { games: Vec::new(), left_out: 0, errors: Vec::new() };
    for file in files {
        let file = file.as_ref();
        let records = match Records::<GameRecord>::open(file) {
            Ok(r) => r,
            Err(e) => {
                out.errors.push(e.to_string());
                continue;
            }
        };
        for rec in records {
            match rec {
                Ok(r) if sel.accepts(&r.record) => {
                    let source = format!("{}:{}", file.display(), r.line);
                    match crate::record::rules::decide(r.record.rules, sel.profile) {
                        Err(conflict) => out.errors.push(format!("{source}: game {}: {conflict}", r.record.game_id)),
                        Ok(_) if sel.limit > 0 && out.games.len() >= sel.limit => out.left_out += 1,
                        Ok((profile, from)) => out.games.push(model::build_with(profile, from, &r.record, &source)),
                    }
                }
                Ok(_) => {}
                Err(e) => out.errors.push(e.to_string()),
            }
        }
    }
    out
}
