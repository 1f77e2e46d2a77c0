//! `mcr view`: game records as one self-contained web page (inline CSS and
//! script, no network), stepped turn by turn.
//!
//! Everything shown is computed here from the engine's replay
//! ([`model::build`]) and, at the end, the game's audit
//! (`audit::games::audit_game` with the cai replay: the calculator's own
//! explanation, the flags with their evidence, the cai-style list); the
//! page's script only renders the embedded JSON ([`page::render`]).
//! Reviewed ([`load_reviewed`]), each game also carries its review: by the
//! decision analysis ([`crate::analysis::review`]), the page marks every
//! discard weighed with the suggested one and the loss; by the table model
//! ([`crate::analysis::review_table`]), every decision with the answer
//! given, the best one, the loss and its standard error, the deal-in chance
//! and the discards that dealt in.

pub mod model;
pub mod page;

use crate::analysis::review::{review_game, ReviewOptions};
use crate::analysis::review_table::{self, TableReviewOptions};
use crate::input::{Inputs, Skipped};
use crate::record::{RecordError, RecordErrorKind};

/// Which games to show (`limit`: the page holds every turn of every game,
/// about 35 KB a game).
pub use crate::record::Selection;
use std::path::Path;

pub use model::GameModel;

/// Games replayed, what was left out, and the located errors.
pub struct Loaded {
    /// The games replayed, ready to render.
    pub games: Vec<GameModel>,
    /// Selected games past the limit, not replayed.
    pub left_out: usize,
    /// Each unreadable record or file, or record under other rules than
    /// those asked for (`file:line: problem`).
    pub errors: Vec<RecordError>,
    /// Files of input folders skipped (in none of the formats), and why.
    pub skipped: Vec<Skipped>,
}

/// The games selected from `files` (any inputs, read by the one input
/// layer, [`crate::input`]), each replayed; what does not read is returned
/// as located errors (`file:line: problem`), the others kept. Past
/// the limit, selected games are only counted (memory stays bounded).
pub fn load(files: &[impl AsRef<Path>], sel: &Selection) -> Loaded {
    load_with(files, sel, crate::record::DEFAULT_MAX_LINE_BYTES)
}

/// [`load`] keeping no line longer than `max_line_bytes`.
pub fn load_with(files: &[impl AsRef<Path>], sel: &Selection, max_line_bytes: usize) -> Loaded {
    load_reviewed(files, sel, max_line_bytes, None)
}

/// Which review the page carries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Review {
    /// The decision analysis's ([`crate::analysis::review::review_game`]):
    /// [`GameModel::review`].
    Decide(ReviewOptions),
    /// The table model's ([`crate::analysis::review_table::review_game`]):
    /// [`GameModel::table_review`].
    Table(TableReviewOptions),
}

/// [`load_with`], each game also reviewed with `review` (under the game's
/// profile): the page then marks each reviewed discard with the suggested
/// one and the loss ([`GameModel::review`]), or each decision with the
/// table model's figures ([`GameModel::table_review`]).
pub fn load_reviewed(
    files: &[impl AsRef<Path>],
    sel: &Selection,
    max_line_bytes: usize,
    review: Option<&Review>,
) -> Loaded {
    let inputs = Inputs::open(files, None, max_line_bytes);
    let skipped = inputs.skipped.clone();
    let mut out = Loaded { games: Vec::new(), left_out: 0, errors: Vec::new(), skipped };
    for game in inputs.games() {
        match game {
            Ok(g) if sel.accepts(&g.record) => {
                let source = format!("{}:{}", g.file.display(), g.line);
                match sel.rules_for(&g.record) {
                    Err(conflict) => out.errors.push(RecordError::new(
                        &g.file,
                        g.line,
                        RecordErrorKind::RulesConflict { game: g.record.game_id.clone(), conflict },
                    )),
                    Ok(_) if sel.full(out.games.len()) => out.left_out += 1,
                    Ok((profile, from)) => {
                        let mut game = model::build_with(profile, from, &g.record, &source);
                        match review {
                            Some(Review::Decide(o)) => game.review = Some(review_game(profile, &g.record, o)),
                            Some(Review::Table(o)) => {
                                game.table_review = Some(review_table::review_game(profile, &g.record, o))
                            }
                            None => {}
                        }
                        out.games.push(game);
                    }
                }
            }
            Ok(_) => {}
            Err(e) => out.errors.push(RecordError::from(e)),
        }
    }
    out
}
