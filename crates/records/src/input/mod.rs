//! The one input layer: whatever a command is given (files or folders, any
//! mix, gzip or not, `-` for stdin), the games in it, each located, through
//! one reader. Every command and Python function that reads games takes
//! them from here: `mcr validate` (and `--self-test`), `audit --games`,
//! `view`, `review`, `samples`, `standings`, `import`, `export`, `rules
//! diff` over games, and `mcr_engine.read_games`.
//!
//! - [`Inputs::open`] tells what each input is (the plan): a folder stands
//!   for every file in it and its subfolders, in the order of their names
//!   (hidden ones left out); each file is told by its content
//!   ([`formats::open`], [`formats::kind`], [`log::sniff`]), never by its
//!   name: game records (one a line), Botzone text logs, Botzone match logs
//!   one a line, or one platform match a file (a log array, a `{"status",
//!   "logs"}` object, one match on one line), whose files (its logs and its
//!   metadata, grouped by the match's id, else the id its file's name starts
//!   with, `<id>_..._full_log.json`) make one game. A file of a folder in
//!   none of the formats (a README) is [`Skipped`], visibly; a metadata
//!   file is no game: it completes its match.
//! - [`Inputs::reader`]: the games as [`Piece`]s in input order (blocks of
//!   record lines unparsed, games imported from the Botzone formats), for
//!   pipelines with their own parallel plan (the samples).
//! - [`Inputs::games`]: the games one by one as [`Game`]s (records parsed).
//! - [`par_games`]: every game on worker threads, results in input order
//!   (`mcr validate`, `--self-test`, `audit --games`, the standings).
//!
//! Game records are handed out as their lines (the pipelines read them
//! their fast way); games of the Botzone formats are imported (replayed
//! through the engine and checked against what the input logged, see
//! [`formats`]) and handed out as records, located by file and line of
//! their start (and match id). Memory is bounded: files are streamed a
//! block of lines (records) or a game (text, match logs one a line) at a
//! time, no line is kept beyond `max_line_bytes`, and a whole-file JSON
//! document (one platform match) is read whole only up to that same bound.
//! Bad input is an [`ImportError`] at its place (file, line, match id) and
//! reading goes on; nothing read correctly is lost.
//!
//! # Example
//!
//! The 20 platform matches of a folder (60 files and a README):
//!
//! ```
//! use mcr_records::input::Inputs;
//! use std::path::PathBuf;
//!
//! let folder = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/platform"));
//! let inputs = Inputs::open(&[folder], None, 1 << 24);
//! assert_eq!(inputs.skipped.len(), 1); // the README
//! let games: Vec<_> = inputs.games().collect::<Result<_, _>>()?;
//! assert_eq!(games.len(), 20);
//! assert!(games.iter().all(|g| g.imported));
//! # Ok::<(), mcr_records::formats::ImportError>(())
//! ```

pub mod par;

pub use par::par_games;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::formats::{self, log, text, Format, ImportError};
use crate::record::lines::{Block, LineReader};
use crate::record::{parse_line, GameRecord};

/// What one input is read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Game records, one a line (also a file in none of the formats given
    /// by name: the record reader reports its lines).
    Records(PathBuf),
    /// A file of games in a Botzone format, read as it is: text logs, or
    /// match logs one a line with their own ids.
    Botzone(PathBuf, Format),
    /// One platform match: the files of its log (tried in turn until one
    /// imports) and of its metadata.
    Match {
        /// The match's id (its own, else its files' names').
        id: String,
        /// Its logs (`<id>_<bot>_full_log.json`, `<id>_lite.json`).
        logs: Vec<PathBuf>,
        /// Its metadata (`<id>_metadata.json`).
        metadata: Vec<PathBuf>,
    },
    /// Stdin (`-`) or a pipe: read once, its format told from its first line.
    Stream(PathBuf),
}

/// A file of an input folder that holds no game, and why it was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The file.
    pub file: PathBuf,
    /// Why.
    pub why: String,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: skipped: {}", self.file.display(), self.why)
    }
}

/// The inputs of a command, told apart ([`Inputs::open`]); read them with
/// [`Inputs::games`], [`Inputs::reader`] or [`par_games`].
#[derive(Clone, Debug)]
pub struct Inputs {
    /// What is read, in input order.
    pub sources: Vec<Source>,
    /// Files of input folders in none of the formats.
    pub skipped: Vec<Skipped>,
    /// Inputs that cannot be read at all (a folder that cannot be listed or
    /// holds no game file, a file that cannot be opened, a match's metadata
    /// without its log); handed out first by the readers.
    pub errors: Vec<ImportError>,
    /// The format asked for (`None`: each file's own).
    pub from: Option<Format>,
    /// The bound on one line (and on one whole-file JSON document).
    pub max_line_bytes: usize,
}

impl Inputs {
    /// Tells what each of `paths` is (see the module); `from` reads every
    /// file in that format instead (a folder's files in none of the formats
    /// are then read too, and reported by that format's reader). Each
    /// regular file's first lines are read here (a platform match file's
    /// document whole, within `max_line_bytes`), stdin and pipes only when
    /// their games are.
    pub fn open(paths: &[impl AsRef<Path>], from: Option<Format>, max_line_bytes: usize) -> Inputs {
        let mut inputs = Inputs { sources: Vec::new(), skipped: Vec::new(), errors: Vec::new(), from, max_line_bytes };
        let mut files = Vec::new();
        for p in paths {
            let p = p.as_ref();
            if p.as_os_str() != "-" && p.is_dir() {
                let before = files.len();
                list_folder(p, &mut files, &mut inputs.errors);
                // A folder with nothing to read is an error (an empty one too).
                if !files[before..].iter().any(|(f, _)| inputs.is_game_file(f)) {
                    inputs.errors.push(ImportError::new(p, 0, "the folder holds no file in any of the formats"));
                }
            } else {
                files.push((p.to_path_buf(), false));
            }
        }
        // The position in `sources` of each match's group.
        let mut groups: HashMap<String, usize> = HashMap::new();
        for (file, in_folder) in files {
            // Only a regular file is looked at before it is read: a pipe is read once.
            if !std::fs::metadata(&file).is_ok_and(|m| m.is_file()) {
                inputs.sources.push(Source::Stream(file));
                continue;
            }
            if from == Some(Format::Record) {
                inputs.sources.push(Source::Records(file));
                continue;
            }
            let input = match formats::open(&file, max_line_bytes) {
                Ok(i) => i,
                Err(e) => {
                    inputs.errors.push(e);
                    continue;
                }
            };
            let format = from.or(input.format);
            if format.is_none() && in_folder {
                inputs.skipped.push(Skipped { file, why: "in none of the formats (not a game file)".into() });
                continue;
            }
            let sniffed = if format == Some(Format::BotzoneLog) { log::sniff(input) } else { None };
            let grouped =
                sniffed.and_then(|(shape, own)| own.or_else(|| formats::name_id(&file)).map(|id| (shape, id)));
            let Some((shape, id)) = grouped else {
                inputs.sources.push(match format {
                    Some(f @ (Format::BotzoneLog | Format::BotzoneText)) => Source::Botzone(file, f),
                    _ => Source::Records(file),
                });
                continue;
            };
            let at = *groups.entry(id.clone()).or_insert_with(|| {
                inputs.sources.push(Source::Match { id, logs: Vec::new(), metadata: Vec::new() });
                inputs.sources.len() - 1
            });
            if let Source::Match { logs, metadata, .. } = &mut inputs.sources[at] {
                match shape {
                    log::Shape::Match => logs.push(file),
                    log::Shape::Metadata => metadata.push(file),
                }
            }
        }
        inputs
    }

    /// Whether a file of a folder is read (with `from`, every file is).
    fn is_game_file(&self, file: &Path) -> bool {
        self.from.is_some()
            || !std::fs::metadata(file).is_ok_and(|m| m.is_file())
            || formats::open(file, self.max_line_bytes).is_ok_and(|i| i.format.is_some())
    }

    /// The games as [`Piece`]s, in input order; `limit` pieces' worth of
    /// games at most (each record line, game and error counts one).
    pub fn reader(&self) -> Reader {
        Reader {
            errors: self.errors.clone().into(),
            sources: self.sources.clone().into(),
            from: self.from,
            max_line_bytes: self.max_line_bytes,
            budget: usize::MAX,
            text_as_written: false,
            current: Current::None,
        }
    }

    /// The games one by one, records parsed, in input order; a game that
    /// does not read (a malformed record line, a match log the engine does
    /// not reproduce, a text game that does not rebuild) is one `Err` at
    /// its place.
    pub fn games(&self) -> Games {
        Games(self.entries())
    }

    /// [`Inputs::games`] with each game record's line read as a `T` (a
    /// value kept as written, say), the imported games as they are.
    pub fn entries<T: serde::de::DeserializeOwned>(&self) -> Entries<T> {
        Entries { reader: self.reader(), block: None, at: 0, reuse: None, _t: std::marker::PhantomData }
    }
}

/// The files of `dir` and its subfolders, in the order of their names,
/// hidden ones (`.x`) left out (a link to a folder is not followed); each
/// marked as found in a folder.
fn list_folder(dir: &Path, files: &mut Vec<(PathBuf, bool)>, errors: &mut Vec<ImportError>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return errors.push(ImportError::new(dir, 0, format!("cannot list the folder: {e}"))),
    };
    let mut paths: Vec<(PathBuf, bool)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| (e.path(), e.file_type().is_ok_and(|t| t.is_dir())))
        .collect();
    paths.sort();
    for (p, folder) in paths {
        if folder {
            list_folder(&p, files, errors);
        } else {
            files.push((p, true));
        }
    }
}

/// What the inputs hand out, in input order.
pub enum Piece {
    /// Lines of a game record file, a block at a time, unparsed (blank
    /// lines left out); the lines that could not be read are the block's
    /// errors, in line order after its lines.
    Lines {
        /// The file.
        file: PathBuf,
        /// The lines.
        block: Block,
    },
    /// A game of a Botzone format, imported: replayed through the engine
    /// and checked against the input.
    Game(Box<Game>),
    /// A game of the Botzone text format as written, not yet replayed (only
    /// when asked, [`Reader::text_as_written`]: a pipeline that replays it
    /// itself, checking it against the text as the importer does).
    Text {
        /// The file.
        file: PathBuf,
        /// The game.
        game: text::read::Game,
    },
    /// Something that could not be read, at its place.
    Error(ImportError),
}

/// One game read, located.
#[derive(Clone, Debug)]
pub struct Game {
    /// The game.
    pub record: GameRecord,
    /// The file it was read from.
    pub file: PathBuf,
    /// The line where it starts (a record's line; a match log's or a text
    /// game's first line).
    pub line: usize,
    /// The game was imported from a Botzone format (and so replayed and
    /// checked); a game record is handed out as read.
    pub imported: bool,
}

impl Game {
    /// An imported record, located by its `source` key (else by `file`).
    fn imported(record: GameRecord, file: &Path) -> Game {
        let source = record.source.as_ref();
        let file = source.and_then(|s| s["file"].as_str()).map_or_else(|| file.to_path_buf(), PathBuf::from);
        let line = source.and_then(|s| s["line"].as_u64()).unwrap_or(0) as usize;
        Game { record, file, line, imported: true }
    }
}

/// What is being read.
enum Current {
    None,
    Lines(LineReader),
    Imported(PathBuf, formats::Games),
    Text(PathBuf, text::Games<Box<dyn std::io::BufRead + Send>>),
}

/// The [`Piece`]s of the inputs ([`Inputs::reader`]).
pub struct Reader {
    errors: std::collections::VecDeque<ImportError>,
    sources: std::collections::VecDeque<Source>,
    from: Option<Format>,
    max_line_bytes: usize,
    budget: usize,
    text_as_written: bool,
    current: Current,
}

impl Reader {
    /// At most `limit` games (each record line, game and error counts one).
    pub fn limit(mut self, limit: Option<usize>) -> Reader {
        self.budget = limit.unwrap_or(usize::MAX);
        self
    }

    /// Text games handed out as written ([`Piece::Text`]) rather than
    /// imported.
    pub fn text_as_written(mut self) -> Reader {
        self.text_as_written = true;
        self
    }

    /// The next piece into `block`'s place: a record file's next block is
    /// read into `block` (its buffer reused) and `Piece::Lines` holds it.
    pub fn next_piece(&mut self) -> Option<Piece> {
        self.next_into(&mut Block::default())
    }

    /// [`Reader::next_piece`] with a block's buffer to reuse.
    fn next_into(&mut self, block: &mut Block) -> Option<Piece> {
        loop {
            if self.budget == 0 {
                return None;
            }
            if let Some(e) = self.errors.pop_front() {
                self.budget -= 1;
                return Some(Piece::Error(e));
            }
            match &mut self.current {
                Current::None => {
                    let source = self.sources.pop_front()?;
                    self.start(source);
                }
                Current::Lines(reader) => {
                    if reader.fill(block) {
                        self.budget = reader.budget();
                        let file = reader.file().to_path_buf();
                        return Some(Piece::Lines { file, block: std::mem::take(block) });
                    }
                    self.current = Current::None;
                }
                Current::Imported(file, games) => match games.next() {
                    None => self.current = Current::None,
                    Some(g) => {
                        self.budget -= 1;
                        return Some(match g {
                            Ok(record) => Piece::Game(Box::new(Game::imported(record, file))),
                            Err(e) => Piece::Error(e),
                        });
                    }
                },
                Current::Text(file, games) => match games.next_game() {
                    None => self.current = Current::None,
                    Some(g) => {
                        self.budget -= 1;
                        return Some(match g {
                            Ok(game) => Piece::Text { file: file.clone(), game },
                            Err(e) => Piece::Error(e),
                        });
                    }
                },
            }
        }
    }

    /// Starts reading `source` (an input that cannot be opened is an error
    /// in its place).
    fn start(&mut self, source: Source) {
        let max = self.max_line_bytes;
        match source {
            Source::Records(file) => match LineReader::open_with(&file, self.budget, max) {
                Ok(r) => self.current = Current::Lines(r),
                Err(e) => self.errors.push_back(e.into()),
            },
            Source::Match { id, logs, metadata } => {
                let file = logs.first().or(metadata.first()).cloned().unwrap_or_default();
                let games = read_match(&id, &logs, &metadata, max);
                self.current = Current::Imported(file, Box::new(games.into_iter()));
            }
            Source::Botzone(file, _) | Source::Stream(file) => {
                let input = match formats::open(&file, max) {
                    Ok(i) => i,
                    Err(e) => return self.errors.push_back(e),
                };
                self.errors.extend(input.skipped.iter().cloned());
                match self.from.or(input.format) {
                    Some(Format::BotzoneText) if self.text_as_written => {
                        let games = text::games(input.reader, &file, input.max_line_bytes);
                        self.current = Current::Text(file, games);
                    }
                    Some(Format::BotzoneText) => {
                        let games = text::games(input.reader, &file, input.max_line_bytes);
                        self.current = Current::Imported(file, Box::new(games));
                    }
                    Some(Format::BotzoneLog) => {
                        let games = log::games(
                            input.reader,
                            &file,
                            input.max_line_bytes,
                            input.document,
                            log::Context::default(),
                        );
                        self.current = Current::Imported(file, games);
                    }
                    // Records, or none of the formats: the record reader
                    // reports each line it does not take.
                    _ => {
                        let reader = LineReader::from_reader(&file, Box::new(input.reader), self.budget, max);
                        self.current = Current::Lines(reader);
                    }
                }
            }
        }
    }
}

impl Iterator for Reader {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        self.next_piece()
    }
}

/// One platform match: its metadata read (the first given, else the one
/// beside its first log), then its logs tried in turn until one imports;
/// when none does, the first one's errors. A metadata without a log is one
/// error.
fn read_match(
    id: &str,
    logs: &[PathBuf],
    metadata: &[PathBuf],
    max_line_bytes: usize,
) -> Vec<Result<GameRecord, ImportError>> {
    let Some(first) = logs.first() else {
        let file = metadata.first().map_or_else(PathBuf::new, PathBuf::clone);
        return vec![Err(ImportError::new(
            &file,
            0,
            format!(
                "a match's metadata, without its log: no {id}_lite.json or {id}_<bot>_full_log.json was given \
                 (read the folder that holds both)"
            ),
        )
        .game(id))];
    };
    let beside = first.with_file_name(format!("{id}_metadata.json"));
    let meta_file = match metadata.first() {
        Some(m) => Some(m.clone()),
        None if beside.is_file() => Some(beside),
        None => None,
    };
    let meta = match meta_file.map(|f| log::read_metadata(&f, max_line_bytes).map(|m| (f, m))).transpose() {
        Ok(m) => m,
        Err(e) => return vec![Err(e.game(id))],
    };
    let mut failed = None;
    for file in logs {
        let context = log::Context { name: Some(id.to_string()), metadata: meta.clone() };
        let results: Vec<_> = match formats::open(file, max_line_bytes) {
            Ok(input) => {
                let formats::Input { file, reader, skipped, max_line_bytes, document, .. } = input;
                skipped
                    .into_iter()
                    .map(Err)
                    .chain(log::games(reader, &file, max_line_bytes, document, context))
                    .collect()
            }
            Err(e) => vec![Err(e)],
        };
        if !results.is_empty() && results.iter().all(Result::is_ok) {
            return results;
        }
        failed.get_or_insert(results);
    }
    failed.unwrap_or_default()
}

/// A game as [`Inputs::entries`] hands it out: a game record's line read
/// as a `T`, or a game imported.
#[derive(Clone, Debug)]
pub enum Entry<T> {
    /// A line of a game record file, read as a `T`.
    Line {
        /// The line read.
        value: T,
        /// The file.
        file: PathBuf,
        /// The line's number.
        line: usize,
    },
    /// A game imported from a Botzone format.
    Imported(Box<Game>),
}

/// The games of the inputs one by one ([`Inputs::entries`]).
pub struct Entries<T> {
    reader: Reader,
    /// The record file's block being handed out, and its next line.
    block: Option<(PathBuf, Block)>,
    at: usize,
    /// A block handed out, its buffer kept for the next.
    reuse: Option<Block>,
    _t: std::marker::PhantomData<fn() -> T>,
}

impl<T: serde::de::DeserializeOwned> Iterator for Entries<T> {
    type Item = Result<Entry<T>, ImportError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some((file, block)) = &mut self.block {
                // The block's lines and its errors, in line order.
                let line = block.line_number(self.at);
                let error = block.errors.first().map(|e| e.line);
                match (line, error) {
                    (Some(l), e) if e.is_none_or(|e| l < e) => {
                        let bytes = block.line(self.at);
                        self.at += 1;
                        return Some(
                            parse_line::<T>(file, l, bytes)
                                .map(|value| Entry::Line { value, file: file.clone(), line: l })
                                .map_err(ImportError::from),
                        );
                    }
                    (_, Some(_)) => return Some(Err(block.errors.remove(0).into())),
                    _ => {
                        self.reuse = self.block.take().map(|(_, b)| b);
                        self.at = 0;
                    }
                }
            }
            let mut buffer = self.reuse.take().unwrap_or_default();
            match self.reader.next_into(&mut buffer)? {
                Piece::Lines { file, block } => self.block = Some((file, block)),
                Piece::Game(g) => return Some(Ok(Entry::Imported(g))),
                // Not asked for: text games are imported.
                Piece::Text { file, game } => {
                    return Some(Err(ImportError::new(&file, game.line, "a text game not imported").game(game.id)))
                }
                Piece::Error(e) => return Some(Err(e)),
            }
        }
    }
}

/// The games of the inputs one by one, records parsed ([`Inputs::games`]).
pub struct Games(Entries<GameRecord>);

impl Iterator for Games {
    type Item = Result<Game, ImportError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.0.next()?.map(|entry| match entry {
            Entry::Line { value, file, line } => Game { record: value, file, line, imported: false },
            Entry::Imported(g) => *g,
        }))
    }
}
