//! Files in, samples out: the games of every input in order, as the one
//! input layer reads them ([`crate::input`]), each game replayed and its
//! decisions extracted ([`Stream`]). The CLI's layouts
//! ([`super::layout`]) and the Python iterator both pull games from it.
//!
//! A stream is a `Source` (the files read in order, one [`Item`] at a
//! time) and a [`Sampler`] (an engine and an extractor, one game at a
//! time). On several threads ([`Stream::with_threads`]) items
//! are read in chunks on one thread, sampled on the others, and taken in
//! input order, so the output is the same whatever the threads.
//!
//! A line that is not a game record (valid JSON without `"turns"`, a hand
//! record say) is skipped and counted; a line that cannot be read, and a
//! record that does not replay to its end, are reported with file:line and
//! skipped; the rest is sampled. Games are numbered in input order among
//! the games sampled (so the per-game layout has no holes).

use std::collections::VecDeque;
use std::fmt;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::formats::text::read::{Act, End, Game};
use crate::formats::text::rebuild::{replay_checked, Fault};
use crate::record::view::{AnswersView, GameView};
use crate::record::{GameRecord, RecordErrorKind};
use crate::replay::{Record, Replayer};
use mcr_core::engine::answer::Answer;
use mcr_core::engine::Engine;
use mcr_core::fans::Profile;

use super::extract::{Batch, Extractor};
use super::Options;

/// A record skipped: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file.
    pub file: PathBuf,
    /// 1-based; 0 for the file as a whole.
    pub line: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.kind)
    }
}

/// What a run read.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games sampled.
    pub games: usize,
    /// Samples made.
    pub samples: usize,
    /// Samples by kind (0 draw, 1 claim, 2 meld discard).
    pub by_kind: [usize; 3],
    /// Lines that are not game records.
    pub not_games: usize,
    /// Records reported and skipped (all counted, the first
    /// [`MAX_PROBLEMS`] kept).
    pub skipped: usize,
    /// The first problems, with their location.
    pub problems: Vec<Problem>,
    /// Decisions whose recorded answer names no action (not sampled).
    pub unencodable: usize,
    /// Files of input folders skipped (in none of the formats), and why.
    pub skipped_files: Vec<String>,
}

/// Problems kept in a report (the rest are counted).
pub const MAX_PROBLEMS: usize = 1000;

impl Report {
    fn problem(&mut self, p: &Problem) {
        self.skipped += 1;
        if self.problems.len() < MAX_PROBLEMS {
            self.problems.push(p.clone());
        }
    }
}

/// An import error as a problem of the samples.
fn located(e: crate::formats::ImportError) -> Problem {
    let e = crate::record::RecordError::from(e);
    Problem { kind: e.kind, file: e.file, line: e.line }
}

/// One thing read from the inputs, in input order: a game to sample, or a
/// problem found reading.
pub enum Item {
    /// A game of the Botzone text format, to be replayed, checked against
    /// the text and sampled in one pass.
    Text {
        /// The file.
        file: PathBuf,
        /// The game as written.
        game: Game,
    },
    /// A game of another Botzone format, imported (replayed and checked
    /// against the file) as a record; `line` where it starts.
    Imported {
        /// The file.
        file: PathBuf,
        /// The line where the game starts.
        line: usize,
        /// The game as a record.
        record: Box<GameRecord>,
    },
    /// A line of a record file.
    Line {
        /// The file.
        file: PathBuf,
        /// The line's number.
        line: usize,
        /// The line.
        text: Vec<u8>,
    },
    /// A record that could not be read.
    Problem(Problem),
}

impl Item {
    fn problem(file: PathBuf, line: usize, kind: RecordErrorKind) -> Item {
        Item::Problem(Problem { file, line, kind })
    }

    /// About the bytes the item holds (what bounds a chunk's memory).
    fn weight(&self) -> usize {
        match self {
            Item::Text { game, .. } => {
                let description = match &game.end {
                    End::Fan { description, .. } => description.len(),
                    End::Huang { .. } => 0,
                };
                std::mem::size_of::<Game>() + game.acts.len() * std::mem::size_of::<Act>() + description
            }
            Item::Imported { record, .. } => std::mem::size_of::<GameRecord>() + record.turns.len() * 512,
            Item::Line { text, .. } => text.len(),
            Item::Problem(_) => std::mem::size_of::<Problem>(),
        }
    }
}

/// The inputs of a stream, read in order one [`Item`] at a time from the
/// one input layer ([`crate::input::Reader`]).
struct Source {
    reader: crate::input::Reader,
    /// Items read ahead of the ones that follow them (a block's lines).
    queued: VecDeque<Item>,
}

impl Source {
    /// `text_direct`: text games are sampled straight from the text (see
    /// [`Stream::text_sampled_directly`]); else imported as records.
    /// Also the files of input folders skipped.
    fn new(files: &[impl AsRef<Path>], max_line_bytes: usize, text_direct: bool) -> (Source, Vec<String>) {
        let inputs = crate::input::Inputs::open(files, None, max_line_bytes);
        let reader = if text_direct { inputs.reader().text_as_written() } else { inputs.reader() };
        (Source { reader, queued: VecDeque::new() }, inputs.skipped.iter().map(|s| s.to_string()).collect())
    }

    /// The next item; `None` after the last input.
    fn next_item(&mut self) -> Option<Item> {
        use crate::input::Piece;
        loop {
            if let Some(item) = self.queued.pop_front() {
                return Some(item);
            }
            match self.reader.next_piece()? {
                Piece::Lines { file, block } => {
                    // The block's lines, each with the errors before it in line order.
                    let mut errors = block.errors.iter().peekable();
                    for (line, text) in block.lines() {
                        while let Some(e) = errors.next_if(|e| e.line < line) {
                            self.queued.push_back(Item::problem(file.clone(), e.line, e.kind.clone()));
                        }
                        self.queued.push_back(Item::Line { file: file.clone(), line, text: text.to_vec() });
                    }
                    for e in errors {
                        self.queued.push_back(Item::problem(file.clone(), e.line, e.kind.clone()));
                    }
                }
                Piece::Game(g) => {
                    return Some(Item::Imported { file: g.file, line: g.line, record: Box::new(g.record) })
                }
                Piece::Text { file, game } => return Some(Item::Text { file, game }),
                Piece::Error(e) => return Some(Item::Problem(located(e))),
            }
        }
    }

    /// The next items up to `max_items` or about `max_bytes` (at least one
    /// item unless the source is done).
    fn chunk(&mut self, max_items: usize, max_bytes: usize) -> Vec<Item> {
        let (mut items, mut bytes) = (Vec::new(), 0);
        while items.len() < max_items && bytes < max_bytes {
            let Some(item) = self.next_item() else { break };
            bytes += item.weight();
            items.push(item);
        }
        items
    }
}

/// What sampling one item came to.
pub enum Sampled {
    /// A game: its samples (appended to the batch) and the decisions whose
    /// answer named no action.
    Game {
        /// Samples appended.
        samples: usize,
        /// Decisions whose answer named no action.
        unencodable: usize,
    },
    /// A record that is not a game.
    NotGame,
    /// A record skipped, and why.
    Skipped(Problem),
}

/// An engine and an extractor: one game at a time.
pub struct Sampler {
    extractor: Extractor,
    engine: Option<Engine>,
    /// The profile of records without a `"rules"` key.
    rules: Option<&'static Profile>,
}

impl Sampler {
    /// A sampler with `opts`; `rules` is the profile for records that name none.
    pub fn new(opts: Options, rules: Option<&'static Profile>) -> Sampler {
        Sampler {
            extractor: Extractor::new(opts),
            engine: Some(Engine::with_profile(rules.unwrap_or(Profile::default()))),
            rules,
        }
    }

    /// Samples `item` into `out` as game `game` (a problem read is passed
    /// on as skipped).
    pub fn sample(&mut self, item: &Item, game: i64, out: &mut Batch) -> Sampled {
        let result = match item {
            Item::Text { file, game: g } => {
                self.sample_text(g, game, out).map_err(|f| located(crate::formats::text::fault(file, g, f)))
            }
            Item::Imported { file, line, record } => self
                .sample_game(&record.game_id, record.rules, &**record, game, out)
                .map_err(|kind| Problem { file: file.clone(), line: *line, kind }),
            Item::Line { file, line, text } => match self.sample_line(text, game, out) {
                Ok(None) => return Sampled::NotGame,
                Ok(Some(sampled)) => Ok(sampled),
                Err(kind) => Err(Problem { file: file.clone(), line: *line, kind }),
            },
            Item::Problem(p) => Err(p.clone()),
        };
        result.unwrap_or_else(Sampled::Skipped)
    }

    /// One line: `Ok(None)` for a line that is not a game record.
    fn sample_line(&mut self, text: &[u8], game: i64, out: &mut Batch) -> Result<Option<Sampled>, RecordErrorKind> {
        // A record that is not a game is counted, not parsed as one.
        if crate::formats::kind(text) != Some(crate::formats::Kind::Game) {
            return match serde_json::from_slice::<serde::de::IgnoredAny>(text) {
                Ok(_) => Ok(None),
                Err(e) => Err(RecordErrorKind::Malformed(e.to_string())),
            };
        }
        // The answers-only scan (what a replay reads); anything it does not
        // take, the full reader takes or words.
        let fast = std::str::from_utf8(text).ok().and_then(AnswersView::parse);
        let full;
        let (game_id, rules, record): (&str, _, &dyn Record) = match &fast {
            Some(v) => (v.game_id, v.rules, v),
            None => {
                full = GameView::parse(text).map_err(|e| RecordErrorKind::Malformed(e.to_string()))?;
                (full.game_id.as_str(), full.rules, &full)
            }
        };
        self.sample_game(game_id, rules, record, game, out).map(Some)
    }

    /// One text game replayed and checked as the importer does, its
    /// samples extracted in the same pass.
    fn sample_text(&mut self, g: &Game, game: i64, out: &mut Batch) -> Result<Sampled, Fault> {
        self.sample_with(Profile::default(), game, out, |engine, ex| {
            replay_checked(g, engine, |index, engine, turn, answers| {
                ex.step(index, engine, turn, answers.map_or([None; 4], |a| a.read.map(Some)))
            })
        })
    }

    /// One game's samples appended to `out`, or why it was skipped.
    fn sample_game(
        &mut self,
        game_id: &str,
        rules: Option<&'static Profile>,
        record: &dyn Record,
        game: i64,
        out: &mut Batch,
    ) -> Result<Sampled, RecordErrorKind> {
        let profile = crate::record::rules::profile_for(rules, self.rules)
            .map_err(|conflict| RecordErrorKind::RulesConflict { game: game_id.to_string(), conflict })?;
        self.sample_with(profile, game, out, |engine, ex| {
            // The one replay driver: each turn with the engine as it
            // emitted it and the record's answers; its policy decides what
            // does not replay.
            let mut replay = Replayer::new(engine, record);
            let mut stop = None;
            while let Some(step) = replay.next() {
                match step {
                    Ok(s) => ex.step(s.index, s.engine, s.turn, s.answers.map(|a| a.map(Answer::parse))),
                    Err(e) => {
                        stop = Some(RecordErrorKind::Invalid(format!("game {game_id}: {e}")));
                        break;
                    }
                }
            }
            (replay.into_engine(), stop.map_or(Ok(()), Err))
        })
    }

    /// A game replayed by `drive` on the sampler's engine (under `profile`)
    /// into the extractor; its samples appended to `out` as game `game`.
    fn sample_with<T, E>(
        &mut self,
        profile: &'static Profile,
        game: i64,
        out: &mut Batch,
        drive: impl FnOnce(Engine, &mut Extractor) -> (Engine, Result<T, E>),
    ) -> Result<Sampled, E> {
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
        let samples = ex.finish(game, out);
        Ok(Sampled::Game { samples, unencodable: ex.unencodable - before })
    }
}

/// What [`Stream::for_each_game`] hands on, in input order.
pub enum Progress<'a> {
    /// A record skipped.
    Problem(&'a Problem),
    /// A game sampled: its samples are the last `samples` of the batch.
    Game {
        /// The batch, the game's samples last.
        batch: &'a mut Batch,
        /// How many samples the game gave.
        samples: usize,
    },
}

/// Items read and sampled together on several threads: enough to keep the
/// threads busy, few enough (with their samples) to bound the memory.
const CHUNK_ITEMS: usize = 512;
const CHUNK_BYTES: usize = 16 << 20;

/// The games of a list of files, one at a time.
pub struct Stream {
    source: Source,
    sampler: Sampler,
    opts: Options,
    report: Report,
    /// Problems not yet handed to the caller.
    fresh: Vec<Problem>,
    /// The sampling threads (`None`: the caller's).
    pool: Option<rayon::ThreadPool>,
}

impl Stream {
    /// Samples the games of `files` (any inputs, [`crate::input`]) in order; `rules` is the profile for records without
    /// a `"rules"` key (and must agree with those that have one).
    pub fn new(files: &[impl AsRef<Path>], opts: Options, rules: Option<&'static Profile>) -> Stream {
        let (source, skipped_files) = Source::new(files, opts.max_line_bytes, Stream::text_sampled_directly(rules));
        Stream {
            source,
            sampler: Sampler::new(opts, rules),
            opts,
            report: Report { skipped_files, ..Report::default() },
            fresh: Vec::new(),
            pool: None,
        }
    }

    /// What was read so far.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The options sampled with.
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Problems found since the last call (for printing as they come).
    pub fn take_problems(&mut self) -> Vec<Problem> {
        std::mem::take(&mut self.fresh)
    }

    /// Appends the next game's samples to `out` (game index = games sampled
    /// before it); returns the number appended, `None` after the last game.
    pub fn next_game(&mut self, out: &mut Batch) -> Option<usize> {
        loop {
            let item = self.source.next_item()?;
            let start = out.len();
            let sampled = self.sampler.sample(&item, self.report.games as i64, out);
            if let Some(n) = self.take(sampled, &out.kind[start..]) {
                return Some(n);
            }
        }
    }

    /// Counts what sampling one item came to (`kinds`: its samples' kinds);
    /// `Some(samples)` for a game.
    fn take(&mut self, sampled: Sampled, kinds: &[i8]) -> Option<usize> {
        match sampled {
            Sampled::Game { samples, unencodable } => {
                for &k in kinds {
                    self.report.by_kind[k as usize] += 1;
                }
                self.report.unencodable += unencodable;
                self.report.games += 1;
                self.report.samples += samples;
                Some(samples)
            }
            Sampled::NotGame => {
                self.report.not_games += 1;
                None
            }
            Sampled::Skipped(p) => {
                self.report.problem(&p);
                self.fresh.push(p);
                None
            }
        }
    }

    /// Samples on `threads` threads from now on (1: on the caller's): the
    /// games, samples and problems are the same whatever the threads.
    pub fn with_threads(mut self, threads: usize) -> Stream {
        self.pool = pool(threads);
        self
    }

    /// Samples into `out` until it holds at least `at_least` samples or the
    /// input ends; false once nothing is left to read. On several threads a
    /// chunk of items at a time ([`Stream::for_each_game`]'s chunks, without
    /// its overlap of reading and sampling).
    pub fn fill(&mut self, out: &mut Batch, at_least: usize) -> bool {
        let Some(pool) = self.pool.take() else {
            while out.len() < at_least {
                if self.next_game(out).is_none() {
                    return false;
                }
            }
            return true;
        };
        let mut more = true;
        while more && out.len() < at_least {
            let items = self.source.chunk(CHUNK_ITEMS, CHUNK_BYTES);
            more = !items.is_empty();
            let sampled = pool.install(|| sample_items(self.opts, self.sampler.rules, &items));
            let taken: Result<(), std::convert::Infallible> = self.take_sampled(sampled, out, &mut |_| Ok(()));
            let Ok(()) = taken;
        }
        self.pool = Some(pool);
        more
    }

    /// Every game and problem to the end, in input order, to `each`: each
    /// game's samples appended to `out` first. On several threads
    /// ([`Stream::with_threads`]) chunks of items are sampled on the others
    /// while this one takes the last chunk's results and reads the next
    /// (the same calls as one thread makes); `each`'s error stops the run.
    pub fn for_each_game<E: Send>(
        &mut self,
        out: &mut Batch,
        mut each: impl FnMut(Progress<'_>) -> Result<(), E> + Send,
    ) -> Result<(), E> {
        let Some(pool) = self.pool.take() else {
            loop {
                let next = self.next_game(out);
                for p in self.take_problems() {
                    each(Progress::Problem(&p))?;
                }
                let Some(samples) = next else { return Ok(()) };
                each(Progress::Game { batch: out, samples })?;
            }
        };
        // Chunk k is sampled while chunk k-1's results are taken and chunk
        // k+1 is read.
        let mut items = self.source.chunk(CHUNK_ITEMS, CHUNK_BYTES);
        let mut done: Vec<(Sampled, Batch)> = Vec::new();
        let (opts, rules) = (self.opts, self.sampler.rules);
        let result = pool.install(|| loop {
            if items.is_empty() && done.is_empty() {
                return Ok(());
            }
            let (taken, sampled) = rayon::join(
                || -> Result<Vec<Item>, E> {
                    self.take_sampled(std::mem::take(&mut done), out, &mut each)?;
                    Ok(self.source.chunk(CHUNK_ITEMS, CHUNK_BYTES))
                },
                || sample_items(opts, rules, &items),
            );
            items = taken?;
            done = sampled;
        });
        self.pool = Some(pool);
        result
    }

    /// Items sampled elsewhere, taken in input order: each game appended to
    /// `out` and numbered, problems told, and `each` called as
    /// [`Stream::for_each_game`] calls it.
    fn take_sampled<E>(
        &mut self,
        sampled: Vec<(Sampled, Batch)>,
        out: &mut Batch,
        each: &mut impl FnMut(Progress<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        for (sampled, b) in sampled {
            let kinds: &[i8] = match sampled {
                Sampled::Game { .. } => {
                    out.append_game(&b, self.report.games as i64);
                    &b.kind
                }
                _ => &[],
            };
            let game = self.take(sampled, kinds);
            for p in self.take_problems() {
                each(Progress::Problem(&p))?;
            }
            if let Some(samples) = game {
                each(Progress::Game { batch: out, samples })?;
            }
        }
        Ok(())
    }

    /// Whether text games are sampled straight from the text: under the
    /// judge's own profile (the text's `Fan` and `Score` lines are the
    /// judge's). Under another profile they are imported (checked under the
    /// judge's rules) and sampled as records.
    fn text_sampled_directly(rules: Option<&'static Profile>) -> bool {
        std::ptr::eq(rules.unwrap_or(Profile::default()), Profile::default())
    }
}

/// A pool of `threads` threads for sampling; `None` for one thread (or when
/// no thread can be started: the work is then done on the caller's).
fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    (threads > 1).then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok()).flatten()
}

/// `items` sampled on the current rayon pool, in order (a problem passes
/// through as skipped); each game's samples in a batch of its own, its game
/// index left for the taker to set.
fn sample_items(opts: Options, rules: Option<&'static Profile>, items: &[Item]) -> Vec<(Sampled, Batch)> {
    items
        .par_iter()
        .map_init(
            || Sampler::new(opts, rules),
            |sampler, item| {
                let mut b = Batch::new(opts.encoding.len());
                // Room for most games' samples (87 a game on the golden
                // games), so a game's batch seldom grows by copies.
                b.reserve(128);
                let sampled = sampler.sample(item, 0, &mut b);
                (sampled, b)
            },
        )
        .collect()
}
