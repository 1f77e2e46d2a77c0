//! The games of a text stream, line by line: each game from its `Match` line
//! to its `Score` line, checked for shape (a `Wind`, four deals, actions, one
//! ending) but not yet for play ([`super::rebuild`] replays it).
//!
//! Memory is bounded: a line is kept up to the bound given (a
//! longer one is an error for its game, skipped without being kept), and a
//! game up to [`MAX_GAME_LINES`] lines (a game that goes on longer is cut and
//! reported, reading resumes at the next `Match` line).

use std::io::BufRead;

use super::line::{self, Ignored, Line, Verb, DEALT};
use crate::record::{self, LineRead};
use mcr_core::tiles::Tile;

/// The most lines one game may have: four deals and at most 136 draws, each
/// followed by a discard or a kong, plus the header and the ending, is under
/// 300 lines; twice as many are accepted.
pub const MAX_GAME_LINES: usize = 600;

/// One `Player N <Verb> <tile>` line.
#[derive(Clone, Debug)]
pub struct Act {
    /// Its line.
    pub line: usize,
    /// The seat.
    pub seat: u8,
    /// What it did.
    pub verb: Verb,
    /// The tile.
    pub tile: Tile,
    /// Claims of other seats the judge ignored.
    pub ignored: Vec<Ignored>,
}

/// How the text says the game ended.
#[derive(Clone, Debug)]
pub enum End {
    /// `Fan <total> <description>` (after the winner's `Hu` line).
    Fan {
        /// The `Fan` line.
        line: usize,
        /// The total fan.
        total: i32,
        /// The fans as written.
        description: String,
    },
    /// `Huang`: a draw game.
    Huang {
        /// The `Huang` line.
        line: usize,
    },
}

/// One game as written: shape checked, play not yet.
#[derive(Clone, Debug)]
pub struct Game {
    /// The match id.
    pub id: String,
    /// The `Match` line.
    pub line: usize,
    /// The prevalent wind, 0 east to 3 north.
    pub wind: u8,
    /// Each seat's dealt tiles.
    pub deals: [[Tile; DEALT]; 4],
    /// The `Deal` line of each seat.
    pub deal_lines: [usize; 4],
    /// Every `Player` action, in order.
    pub acts: Vec<Act>,
    /// How the game ended.
    pub end: End,
    /// The four scores.
    pub score: [i32; 4],
    /// The `Score` line.
    pub score_line: usize,
}

/// A game that could not be read: its `Match` line and id (when it had one),
/// the offending line and what is wrong.
#[derive(Clone, Debug)]
pub struct Bad {
    /// The game's `Match` line.
    pub start: usize,
    /// The match id, when the game had one.
    pub id: Option<String>,
    /// The offending line.
    pub line: usize,
    /// What is wrong.
    pub kind: record::RecordErrorKind,
}

/// Lines of a stream, with their numbers, one line of look-ahead.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    /// Lines read so far.
    number: usize,
    max_line: usize,
    /// The current line is in `buf` and was not consumed.
    held: bool,
    done: bool,
}

/// What [`Lines::peek`] found.
/// Each with the line's number (for `Eof`: the number of lines read).
pub enum Peek<'a> {
    /// The end of the stream.
    Eof(usize),
    /// A non-blank line, trimmed.
    Text(usize, &'a str),
    /// A line that cannot be read: too long, not UTF-8, a read error (which
    /// ends the stream).
    Bad(usize, record::RecordErrorKind),
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, none kept longer than `max_line_bytes`.
    pub fn new(reader: R, max_line_bytes: usize) -> Lines<R> {
        let max_line = record::line_bound(max_line_bytes);
        Lines { reader, buf: Vec::new(), number: 0, max_line, held: false, done: false }
    }

    /// The next non-blank line, left in place until [`Lines::consume`].
    pub fn peek(&mut self) -> Peek<'_> {
        if !self.held {
            loop {
                if self.done {
                    return Peek::Eof(self.number);
                }
                self.number += 1;
                match record::read_line_capped(&mut self.reader, &mut self.buf, self.max_line) {
                    Ok(LineRead::Eof) => {
                        self.done = true;
                        self.number -= 1;
                        return Peek::Eof(self.number);
                    }
                    Ok(LineRead::Line) => {
                        // A UTF-8 byte order mark before the first line
                        // (as Windows editors save) is not part of it.
                        if self.number == 1 && self.buf.starts_with(b"\xEF\xBB\xBF") {
                            self.buf.drain(..3);
                        }
                        if self.buf.iter().all(u8::is_ascii_whitespace) {
                            continue;
                        }
                    }
                    Ok(LineRead::TooLong(len)) => {
                        self.buf.clear();
                        self.held = true;
                        return Peek::Bad(self.number, record::RecordErrorKind::TooLong { len, max: self.max_line });
                    }
                    Err(e) => {
                        self.done = true;
                        self.buf.clear();
                        self.held = true;
                        return Peek::Bad(self.number, record::RecordErrorKind::Read(e.to_string()));
                    }
                }
                self.held = true;
                break;
            }
        }
        if self.buf.is_empty() {
            // A held line that could not be read (its error already told).
            return Peek::Bad(self.number, record::RecordErrorKind::Invalid(String::new()));
        }
        match std::str::from_utf8(&self.buf) {
            Ok(t) => Peek::Text(self.number, t.trim()),
            Err(e) => Peek::Bad(self.number, record::RecordErrorKind::NotUtf8(e.valid_up_to())),
        }
    }

    /// The line shown ends the stream without a line break (a file cut
    /// inside it, perhaps).
    pub fn unterminated(&self) -> bool {
        self.held && self.buf.last().is_some_and(|&b| b != b'\n')
    }

    /// Consumes the line shown.
    pub fn consume(&mut self) {
        self.held = false;
    }
}

/// Reads the next game: `None` at the end of the stream.
pub fn next_game<R: BufRead>(lines: &mut Lines<R>) -> Option<Result<Game, Bad>> {
    // Lines before a `Match` line are one error, up to the next `Match`.
    let start = match lines.peek() {
        Peek::Eof(_) => return None,
        Peek::Text(n, t) if is_match_line(t) => n,
        Peek::Text(line, t) => {
            let kind = record::RecordErrorKind::Invalid(format!("expected a `Match` line, found `{}`", short(t)));
            lines.consume();
            skip_to_match(lines);
            return Some(Err(Bad { start: line, id: None, line, kind }));
        }
        Peek::Bad(line, m) => {
            lines.consume();
            skip_to_match(lines);
            return Some(Err(Bad { start: line, id: None, line, kind: m }));
        }
    };
    let mut b = Builder::new(start);
    let result = b.read(lines);
    Some(result.map_err(|(line, kind)| {
        // A `Match` line that does not read (`Match` alone) is left in
        // place: step past it, or the next call would stop at it again.
        if matches!(lines.peek(), Peek::Text(n, _) if n == start) {
            lines.consume();
        }
        skip_to_match(lines);
        Bad { start, id: b.id.clone(), line, kind }
    }))
}

/// A game's first line: `Match <id>`.
fn is_match_line(text: &str) -> bool {
    text.split_ascii_whitespace().next() == Some("Match")
}

/// Skips lines up to (not including) the next `Match` line.
fn skip_to_match<R: BufRead>(lines: &mut Lines<R>) {
    loop {
        match lines.peek() {
            Peek::Eof(_) => return,
            Peek::Text(_, t) if is_match_line(t) => return,
            _ => lines.consume(),
        }
    }
}

/// A line quoted in a message.
pub fn short(text: &str) -> &str {
    match text.char_indices().nth(80) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

struct Builder {
    start: usize,
    id: Option<String>,
    wind: Option<u8>,
    deals: [Option<[Tile; DEALT]>; 4],
    deal_lines: [usize; 4],
    acts: Vec<Act>,
    end: Option<End>,
}

impl Builder {
    fn new(start: usize) -> Builder {
        Builder { start, id: None, wind: None, deals: [None; 4], deal_lines: [0; 4], acts: Vec::new(), end: None }
    }

    /// Reads the game's lines through its `Score` line; `Err((line, message))`
    /// at the first problem (the stream is left at the offending line or
    /// after it).
    fn read<R: BufRead>(&mut self, lines: &mut Lines<R>) -> Result<Game, (usize, record::RecordErrorKind)> {
        self.read_lines(lines).map_err(|(n, e)| (n, e.into()))
    }

    /// [`Builder::read`], its error a kind or a message.
    fn read_lines<R: BufRead>(&mut self, lines: &mut Lines<R>) -> Result<Game, (usize, Why)> {
        loop {
            let (n, text) = match lines.peek() {
                Peek::Eof(n) => {
                    return Err((n, "the game is cut short: the file ends before its Score line".into()));
                }
                Peek::Bad(n, m) => {
                    lines.consume();
                    return Err((n, Why::Kind(m)));
                }
                Peek::Text(n, t) => (n, t),
            };
            if n + 1 - self.start > MAX_GAME_LINES {
                return Err((
                    n,
                    format!("the game has more than {MAX_GAME_LINES} lines without its Score line").into(),
                ));
            }
            let parsed = match line::parse(text) {
                Ok(p) => p,
                Err(m) => {
                    let cut = if lines.unterminated() { " (the file ends inside this line: cut short?)" } else { "" };
                    return Err((n, format!("{m}{cut}").into()));
                }
            };
            if let Line::Match(id) = parsed {
                if self.id.is_some() {
                    // The next game: this one ended without its Score line.
                    return Err((n, "the game is cut short: a new Match line comes before its Score line".into()));
                }
                self.id = Some(id.to_string());
                lines.consume();
                continue;
            }
            let owned = self.take(n, parsed).map_err(|(n, m)| (n, Why::Message(m)))?;
            lines.consume();
            if let Some(score) = owned {
                return self.finish(score, n).map_err(|(n, m)| (n, Why::Message(m)));
            }
        }
    }

    /// Takes one line; `Some(score)` on the `Score` line.
    fn take(&mut self, n: usize, line: Line<'_>) -> Result<Option<[i32; 4]>, (usize, String)> {
        let deals_done = self.deals.iter().all(Option::is_some);
        match line {
            Line::Match(_) => unreachable!("handled by read"),
            Line::Wind(w) => {
                if self.wind.is_some() || deals_done || !self.acts.is_empty() {
                    return Err((n, "a second Wind line, or one after the deals".into()));
                }
                self.wind = Some(w);
            }
            Line::Deal { seat, tiles } => {
                if self.wind.is_none() {
                    return Err((n, "a Deal line before the Wind line".into()));
                }
                if self.deals[seat as usize].is_some() {
                    return Err((n, format!("a second Deal for Player {seat}")));
                }
                self.deals[seat as usize] = Some(tiles);
                self.deal_lines[seat as usize] = n;
            }
            Line::Act { seat, verb, tile, ignored } => {
                if !deals_done {
                    let missing = (0..4).find(|&s| self.deals[s].is_none()).unwrap_or(0);
                    return Err((n, format!("Player {seat} {} before the Deal of Player {missing}", verb.word())));
                }
                if self.end.is_some() {
                    return Err((n, "an action after the game's ending (Fan or Huang)".into()));
                }
                self.acts.push(Act { line: n, seat, verb, tile, ignored });
            }
            Line::Fan { total, description } => {
                if self.end.is_some() {
                    return Err((n, "a second ending line (Fan or Huang)".into()));
                }
                if !deals_done {
                    return Err((n, "a Fan line before the deals".into()));
                }
                self.end = Some(End::Fan { line: n, total, description: description.to_string() });
            }
            Line::Huang => {
                if self.end.is_some() {
                    return Err((n, "a second ending line (Fan or Huang)".into()));
                }
                if !deals_done {
                    return Err((n, "a Huang line before the deals".into()));
                }
                self.end = Some(End::Huang { line: n });
            }
            Line::Score(s) => {
                if self.end.is_none() {
                    return Err((n, "a Score line without a Fan or Huang line before it".into()));
                }
                return Ok(Some(s));
            }
        }
        Ok(None)
    }

    fn finish(&mut self, score: [i32; 4], n: usize) -> Result<Game, (usize, String)> {
        let id = self.id.take().ok_or((self.start, "a game without its Match line".to_string()))?;
        self.id = Some(id.clone());
        let wind = self.wind.ok_or((self.start, "the game has no Wind line".to_string()))?;
        let deals = self.deals.map(|d| d.unwrap_or_default());
        let end = self.end.take().ok_or((n, "no ending".to_string()))?;
        Ok(Game {
            id,
            line: self.start,
            wind,
            deals,
            deal_lines: self.deal_lines,
            acts: std::mem::take(&mut self.acts),
            end,
            score,
            score_line: n,
        })
    }
}

/// Why a game does not read, inside the reader: a line's kind of error, or
/// the text reader's words.
enum Why {
    Kind(record::RecordErrorKind),
    Message(String),
}

impl From<String> for Why {
    fn from(m: String) -> Why {
        Why::Message(m)
    }
}

impl From<&str> for Why {
    fn from(m: &str) -> Why {
        Why::Message(m.to_string())
    }
}

impl From<Why> for record::RecordErrorKind {
    fn from(w: Why) -> record::RecordErrorKind {
        match w {
            Why::Kind(k) => k,
            Why::Message(m) => record::RecordErrorKind::Invalid(m),
        }
    }
}
