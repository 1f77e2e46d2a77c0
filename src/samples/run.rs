//! Files in, samples out: the records of every input file in order, each
//! game replayed and its decisions extracted ([`Stream`]). The CLI's layouts
//! ([`super::write`]) and the Python iterator both pull games from it.
//!
//! A line that is not a game record (valid JSON without `"turns"`, a hand
//! record say) is skipped and counted; a line that cannot be read, and a
//! record that does not replay to its end, are reported with file:line and
//! skipped; the rest is sampled. Games are numbered in input order among
//! the games sampled (so the per-game layout has no holes).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::engine::Engine;
use crate::fans::Profile;
use crate::record::{GameRecord, Records};

use super::extract::{Batch, Extractor};
use super::Options;

/// A record skipped: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub file: PathBuf,
    /// 1-based; 0 for the file as a whole.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
    }
}

/// What a run read.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games sampled.
    pub games: usize,
    pub samples: usize,
    /// Samples by kind (0 draw, 1 claim, 2 meld discard).
    pub by_kind: [usize; 3],
    /// Lines that are not game records.
    pub not_games: usize,
    /// Records reported and skipped (all counted, the first
    /// [`MAX_PROBLEMS`] kept).
    pub skipped: usize,
    pub problems: Vec<Problem>,
    /// Decisions whose recorded answer names no action (not sampled).
    pub unencodable: usize,
}

/// Problems kept in a report (the rest are counted).
pub const MAX_PROBLEMS: usize = 1000;

impl Report {
    fn problem(&mut self, p: Problem) -> Problem {
        self.skipped += 1;
        if self.problems.len() < MAX_PROBLEMS {
            self.problems.push(p.clone());
        }
        p
    }
}

enum Line {
    Game(Box<GameRecord>),
    NotGame,
    Bad(String),
}

/// The games of a list of files, one at a time.
pub struct Stream {
    files: Vec<PathBuf>,
    next_file: usize,
    current: Option<(PathBuf, Records<serde::de::IgnoredAny>)>,
    extractor: Extractor,
    engine: Engine,
    rules: Option<&'static Profile>,
    report: Report,
    /// A problem not yet handed to the caller.
    fresh: Vec<Problem>,
}

impl Stream {
    /// Samples `files` in order; `rules` is the profile for records without
    /// a `"rules"` key (and must agree with those that have one).
    pub fn new(files: &[impl AsRef<Path>], opts: Options, rules: Option<&'static Profile>) -> Stream {
        Stream {
            files: files.iter().map(|p| p.as_ref().to_path_buf()).collect(),
            next_file: 0,
            current: None,
            extractor: Extractor::new(opts),
            engine: Engine::with_profile(rules.unwrap_or(Profile::default())),
            rules,
            report: Report::default(),
            fresh: Vec::new(),
        }
    }

    pub fn report(&self) -> &Report {
        &self.report
    }

    pub fn options(&self) -> Options {
        self.extractor.options()
    }

    /// Problems found since the last call (for printing as they come).
    pub fn take_problems(&mut self) -> Vec<Problem> {
        std::mem::take(&mut self.fresh)
    }

    /// Appends the next game's samples to `out` (game index = games sampled
    /// before it); returns the number appended, `None` after the last game.
    pub fn next_game(&mut self, out: &mut Batch) -> Option<usize> {
        loop {
            let Some((file, records)) = self.current.as_mut() else {
                let file = self.files.get(self.next_file)?.clone();
                self.next_file += 1;
                match Records::open(&file) {
                    Ok(r) => self.current = Some((file, r)),
                    Err(e) => {
                        let p = self.report.problem(Problem { file, line: 0, message: e.message });
                        self.fresh.push(p);
                    }
                }
                continue;
            };
            // Look at the line first: a record that is not a game is counted,
            // not parsed as one.
            let kind = records.peek_line().map(|text| {
                if !text.contains("\"turns\"") {
                    match serde_json::from_str::<serde::de::IgnoredAny>(text) {
                        Ok(_) => Line::NotGame,
                        Err(e) => Line::Bad(format!("malformed record: {e}")),
                    }
                } else {
                    match serde_json::from_str::<GameRecord>(text) {
                        Ok(g) => Line::Game(Box::new(g)),
                        Err(e) => Line::Bad(format!("malformed record: {e}")),
                    }
                }
            });
            // Advances past the line (`peek_line` gave `None`: the read error
            // or the end of the file).
            let item = records.next();
            let file = file.clone();
            let record = match (kind, item) {
                (_, None) => {
                    self.current = None;
                    continue;
                }
                (None, Some(Err(e))) => {
                    let p = self.report.problem(Problem { file: e.file, line: e.line, message: e.message });
                    self.fresh.push(p);
                    continue;
                }
                (None, Some(Ok(_))) => continue,
                (Some(Line::NotGame), _) => {
                    self.report.not_games += 1;
                    continue;
                }
                (Some(Line::Bad(message)), Some(item)) => {
                    let line = match item {
                        Ok(l) => l.line,
                        Err(e) => e.line,
                    };
                    let p = self.report.problem(Problem { file, line, message });
                    self.fresh.push(p);
                    continue;
                }
                (Some(Line::Game(g)), Some(item)) => {
                    let line = match item {
                        Ok(l) => l.line,
                        Err(e) => e.line,
                    };
                    (g, line)
                }
            };
            let (record, line) = record;
            match self.sample(&record, out) {
                Ok(n) => return Some(n),
                Err(message) => {
                    let p = self.report.problem(Problem { file, line, message });
                    self.fresh.push(p);
                }
            }
        }
    }

    /// Replays one record and appends its samples.
    fn sample(&mut self, record: &GameRecord, out: &mut Batch) -> Result<usize, String> {
        let profile = crate::record::rules::profile_for(record.rules, self.rules).map_err(|e| e.to_string())?;
        if !std::ptr::eq(self.engine.profile(), profile) {
            self.engine = Engine::with_profile(profile);
        }
        let ex = &mut self.extractor;
        ex.start();
        let before = ex.unencodable;
        replay_into(&mut self.engine, record, ex).map_err(|e| format!("game {}: {e}", record.game_id))?;
        self.report.unencodable += ex.unencodable - before;
        let start = out.len();
        let n = ex.finish(self.report.games as i64, out);
        for &k in &out.kind[start..] {
            self.report.by_kind[k as usize] += 1;
        }
        self.report.games += 1;
        self.report.samples += n;
        Ok(n)
    }
}

/// Feeds `record`'s turns to `ex`.
// TEMPORARY: replaced by `replay::Replayer` (issue 20) as soon as it lands.
fn replay_into(engine: &mut Engine, record: &GameRecord, ex: &mut Extractor) -> Result<(), String> {
    let n = record.turns.len();
    if n == 0 {
        return Err("record has no turns".into());
    }
    let mut turn = engine.reset(&record.wall, record.quan, record.srand).map_err(|e| format!("turn 0: {e}"))?;
    for k in 0..n {
        let answers = record.turns[k].responses_by_seat();
        ex.step(k, engine, &turn, answers);
        if turn.is_terminal() {
            return if k + 1 == n { Ok(()) } else { Err(format!("turn {k}: the game ends here but the record goes on")) };
        }
        if k + 1 == n {
            break;
        }
        let mut given = [""; 4];
        for (s, g) in given.iter_mut().enumerate() {
            *g = answers[s].ok_or_else(|| format!("turn {k}: no response for seat {s}"))?;
        }
        turn = engine.step(given).map_err(|e| format!("turn {}: {e}", k + 1))?;
    }
    Err(format!("turn {}: the record ends before the game does (no HU, HUANG or verdict)", n - 1))
}
