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

use crate::engine::answer::Answer;
use crate::engine::Engine;
use crate::fans::Profile;
use crate::record::lines::{Block, LineReader};
use crate::record::view::{AnswersView, GameView};
use crate::formats::text::read::Game;
use crate::formats::text::rebuild::{replay_checked, Fault};
use crate::formats::Format;
use crate::replay::{Record, Replayer};

use super::extract::{Batch, Extractor};
use super::Options;

type TextGames = crate::formats::text::Games<Box<dyn std::io::BufRead + Send>>;

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

/// The games of a list of files, one at a time.
pub struct Stream {
    files: Vec<PathBuf>,
    next_file: usize,
    /// The file being read, its current block and the next line in it.
    current: Option<(PathBuf, LineReader)>,
    /// A file in a Botzone format being read: its games as imported
    /// (`formats`), each replayed and checked against the file.
    imported: Option<(PathBuf, crate::formats::Games)>,
    /// A file in the Botzone text format being read: each game replayed
    /// once, checked against the text as the importer checks it, and
    /// sampled in the same pass.
    text: Option<TextGames>,
    block: Block,
    at: usize,
    extractor: Extractor,
    engine: Option<Engine>,
    rules: Option<&'static Profile>,
    report: Report,
    /// Problems not yet handed to the caller.
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
            imported: None,
            text: None,
            block: Block::default(),
            at: 0,
            extractor: Extractor::new(opts),
            engine: Some(Engine::with_profile(rules.unwrap_or(Profile::default()))),
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

    fn problem(&mut self, file: PathBuf, line: usize, message: String) {
        let p = self.report.problem(Problem { file, line, message });
        self.fresh.push(p);
    }

    /// Appends the next game's samples to `out` (game index = games sampled
    /// before it); returns the number appended, `None` after the last game.
    pub fn next_game(&mut self, out: &mut Batch) -> Option<usize> {
        loop {
            // Taken out while a game is sampled (which needs `self`); put
            // back until the file is done.
            if let Some(mut games) = self.text.take() {
                let Some(game) = games.next_game() else { continue };
                let sampled = game.and_then(|game| self.sample_text(&game, out).map_err(|f| games.fault(&game, f)));
                self.text = Some(games);
                match sampled {
                    Ok(n) => return Some(n),
                    Err(e) => self.problem(e.file.clone(), e.line, e.what()),
                }
                continue;
            }
            if let Some((file, games)) = self.imported.as_mut() {
                let file = file.clone();
                match games.next() {
                    None => self.imported = None,
                    Some(Err(e)) => self.problem(file, e.line, e.what()),
                    Some(Ok(record)) => {
                        let line = record.source.as_ref().and_then(|s| s["line"].as_u64()).unwrap_or(0) as usize;
                        match self.sample_game(&record.game_id, record.rules, &record, out) {
                            Ok(n) => return Some(n),
                            Err(message) => self.problem(file, line, message),
                        }
                    }
                }
                continue;
            }
            let Some((file, reader)) = self.current.as_mut() else {
                let file = self.files.get(self.next_file)?.clone();
                self.next_file += 1;
                // Records are read here; the Botzone formats are imported
                // first (the text format rebuilt into records, match logs
                // checked against their judge outputs).
                match crate::formats::open(&file, self.options().max_line_bytes) {
                    Ok(input) if input.format == Some(Format::BotzoneText) && self.text_sampled_directly() => {
                        for e in &input.skipped {
                            self.problem(file.clone(), e.line, e.what());
                        }
                        self.text = Some(crate::formats::text::games(input.reader, &file, input.max_line_bytes));
                        continue;
                    }
                    Ok(input) if matches!(input.format, Some(f) if f != Format::Record) => {
                        self.imported = Some((file, crate::formats::games_in(input, None)));
                        continue;
                    }
                    _ => {}
                }
                match LineReader::open_with(&file, usize::MAX, self.options().max_line_bytes) {
                    Ok(r) => {
                        self.current = Some((file, r));
                        self.block = Block::default();
                        self.at = 0;
                    }
                    Err(e) => self.problem(file, 0, e.message),
                }
                continue;
            };
            if self.at >= self.block.len() {
                let file = file.clone();
                if !reader.fill(&mut self.block) {
                    self.current = None;
                    continue;
                }
                self.at = 0;
                for e in std::mem::take(&mut self.block.errors) {
                    self.problem(file.clone(), e.line, e.message);
                }
                continue;
            }
            let file = file.clone();
            let block = std::mem::take(&mut self.block);
            let (line, text) = block.lines().nth(self.at).unwrap_or((0, &[]));
            self.at += 1;
            let result = self.sample_line(text, out);
            self.block = block;
            match result {
                Ok(Some(n)) => return Some(n),
                Ok(None) => {}
                Err(message) => self.problem(file, line, message),
            }
        }
    }

    /// One line: `Ok(Some(samples))` for a game sampled, `Ok(None)` for a
    /// line that is not a game record.
    fn sample_line(&mut self, text: &[u8], out: &mut Batch) -> Result<Option<usize>, String> {
        // A record that is not a game is counted, not parsed as one.
        if memchr::memmem::find(text, b"\"turns\"").is_none() {
            return match serde_json::from_slice::<serde::de::IgnoredAny>(text) {
                Ok(_) => {
                    self.report.not_games += 1;
                    Ok(None)
                }
                Err(e) => Err(format!("malformed record: {e}")),
            };
        }
        // The answers-only scan (what a replay reads); anything it does not
        // take, the full reader takes or words.
        let fast = std::str::from_utf8(text).ok().and_then(AnswersView::parse);
        let full;
        let (game_id, rules, record): (&str, _, &dyn Record) = match &fast {
            Some(v) => (v.game_id, v.rules, v),
            None => {
                full = GameView::parse(text).map_err(|e| format!("malformed record: {e}"))?;
                (full.game_id.as_str(), full.rules, &full)
            }
        };
        self.sample_game(game_id, rules, record, out).map(Some)
    }

    /// Whether text games are sampled straight from the text: under the
    /// judge's own profile (the text's `Fan` and `Score` lines are the
    /// judge's). Under another profile they are imported (checked under the
    /// judge's rules) and sampled as records.
    fn text_sampled_directly(&self) -> bool {
        std::ptr::eq(self.rules.unwrap_or(Profile::default()), Profile::default())
    }

    /// One text game replayed and checked as the importer does, its
    /// samples extracted in the same pass.
    fn sample_text(&mut self, game: &Game, out: &mut Batch) -> Result<usize, Fault> {
        self.sample_with(Profile::default(), out, |engine, ex| {
            replay_checked(game, engine, |index, engine, turn, answers| {
                ex.step(index, engine, turn, answers.map_or([None; 4], |a| a.read.map(Some)))
            })
        })
    }

    /// One game's samples appended to `out` (their number), or why it was
    /// skipped.
    fn sample_game(
        &mut self,
        game_id: &str,
        rules: Option<&'static Profile>,
        record: &dyn Record,
        out: &mut Batch,
    ) -> Result<usize, String> {
        let profile = crate::record::rules::profile_for(rules, self.rules).map_err(|e| e.to_string())?;
        self.sample_with(profile, out, |engine, ex| {
            // The one replay driver: each turn with the engine as it
            // emitted it and the record's answers; its policy decides what
            // does not replay.
            let mut replay = Replayer::new(engine, record);
            let mut stop = None;
            while let Some(step) = replay.next() {
                match step {
                    Ok(s) => ex.step(s.index, s.engine, s.turn, s.answers.map(|a| a.map(Answer::parse))),
                    Err(e) => {
                        stop = Some(format!("game {game_id}: {e}"));
                        break;
                    }
                }
            }
            (replay.into_engine(), stop.map_or(Ok(()), Err))
        })
    }

    /// A game replayed by `drive` on the stream's engine (under `profile`)
    /// into the extractor; its samples appended to `out`.
    fn sample_with<T, E>(
        &mut self,
        profile: &'static Profile,
        out: &mut Batch,
        drive: impl FnOnce(Engine, &mut Extractor) -> (Engine, Result<T, E>),
    ) -> Result<usize, E> {
        let mut engine = self.engine.take().unwrap_or_else(|| Engine::with_profile(profile));
        if !std::ptr::eq(engine.profile(), profile) {
            engine = Engine::with_profile(profile);
        }
        let ex = &mut self.extractor;
        ex.start();
        let before = ex.unencodable;
        let (engine, result) = drive(engine, ex);
        self.engine = Some(engine);
        result?;
        let ex = &mut self.extractor;
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
