//! The Botzone human-game text format (the `data.txt` of 98,209 Botzone
//! games used by the PKU course and imitation-learning projects), in and out.
//!
//! ```text
//! Match 001499d06c100840d6c7b368
//! Wind 1
//! Player 0 Deal F4 W6 T1 F3 B4 W1 W9 B7 B6 W9 F4 T1 W3
//! ...                                  (Player 1..3 Deal)
//! Player 0 Draw B3
//! Player 0 Play B3
//! Player 2 Chi W8                      (the run's middle tile)
//! Player 2 Play F2
//! Player 3 Peng B6 Ignore Player 1 Chi B6
//! Player 1 Hu B3
//! Fan 8 混一色*1+一般高*1+老少副*1       (or: Huang)
//! Score -16 32 -8 -8
//! ```
//!
//! - `Wind Q` is the judge's `quan` Q: prevalent wind F(Q+1) (0 east,
//!   1 south, 2 west, 3 north); `Player N` is seat N, seat wind F(N+1).
//!   (The data's README lists 0..3 as east, north, west, south: the games'
//!   圈风刻 and 门风刻 fans say otherwise, see docs/src/formats.md.)
//! - Reading ([`games`]) streams the input one game at a time
//!   (`read`), rebuilds the wall and the answers and replays the game
//!   through the engine ([`rebuild`]); a game whose text and replay disagree
//!   is one located error and reading goes on at the next `Match` line.
//! - Writing ([`fn@write`]) renders a record's displays back as text.

pub(crate) mod line;
pub(crate) mod read;
pub mod rebuild;
pub mod write;

use std::io::BufRead;
use std::path::{Path, PathBuf};

use super::ImportError;
use crate::record::GameRecord;
use read::Lines;

pub use write::write;

/// The games of one text stream, each replayed and checked through the
/// engine: a record for every game whose logged events, `Fan` total and
/// `Score` line the engine reproduces, one located [`ImportError`] for each
/// other game (its `Match` line, the offending line in `at`).
pub fn games<R: BufRead>(reader: R, file: &Path, max_line_bytes: usize) -> Games<R> {
    Games { lines: Lines::new(reader, max_line_bytes), file: file.to_path_buf() }
}

/// Where `game` of `file` and the judge part ([`rebuild::replay_checked`]'s
/// fault), located.
pub fn fault(file: &Path, game: &read::Game, rebuild::Fault { line, why: message }: rebuild::Fault) -> ImportError {
    let e = ImportError::new(file, game.line, message).game(&game.id);
    if line != game.line {
        e.at(format!("line {line}"))
    } else {
        e
    }
}

/// The iterator of [`games`].
pub struct Games<R> {
    lines: Lines<R>,
    file: PathBuf,
}

impl<R: BufRead> Games<R> {
    /// The next game as written (shape checked, not yet replayed), or the
    /// located error of one that does not read.
    pub fn next_game(&mut self) -> Option<Result<read::Game, ImportError>> {
        Some(read::next_game(&mut self.lines)?.map_err(|bad| {
            let mut e = ImportError::with_kind(&self.file, bad.start, bad.kind);
            if let Some(id) = bad.id {
                e = e.game(id);
            }
            if bad.line != bad.start {
                e = e.at(format!("line {}", bad.line));
            }
            e
        }))
    }

    /// The next game with what the text could not hold exactly (the known
    /// wall positions, remarks).
    pub fn next_rebuilt(&mut self) -> Option<Result<rebuild::Rebuilt, ImportError>> {
        let game = match self.next_game()? {
            Ok(g) => g,
            Err(e) => return Some(Err(e)),
        };
        let mut rebuilt = match rebuild::rebuild(&game) {
            Ok(r) => r,
            Err(f) => return Some(Err(fault(&self.file, &game, f))),
        };
        let mut source = serde_json::Map::new();
        source.insert("format".into(), "botzone-text".into());
        source.insert("file".into(), self.file.display().to_string().into());
        source.insert("line".into(), game.line.into());
        if !rebuilt.notes.is_empty() {
            source.insert("notes".into(), rebuilt.notes.clone().into());
        }
        rebuilt.record.source = Some(serde_json::Value::Object(source));
        Some(Ok(rebuilt))
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<GameRecord, ImportError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_rebuilt().map(|r| r.map(|r| r.record))
    }
}
