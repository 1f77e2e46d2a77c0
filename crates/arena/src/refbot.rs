//! The reference bot (`mcr bot`): speaks Botzone's protocol on stdin/stdout
//! and answers with the engine's own legal moves, seen from its seat
//! ([`SeatView`]). Its policies:
//!
//! - `random`: a uniform choice among the legal complete answers (seeded);
//! - `greedy`: HU when legal; after its own draw, the discard of least
//!   shanten (the analysis's discard table, best row first), a kong when it
//!   keeps that shanten; on another seat's tile, a PENG / CHI whose best
//!   discard lowers the shanten, a melded kong that keeps it; else PASS;
//! - `decide`: HU when legal; after its own draw, the discard of highest
//!   expected points of the decision analysis ([`mcr_core::analysis::decide`];
//!   `win_prob` with [`Policy::DecideWinProb`]), a concealed or promoted
//!   kong when the hand after it (one more draw: its replacement) is worth at
//!   least that discard; on another seat's tile, each CHI / PENG / melded
//!   kong weighed by the analysis of the hand after it (and its discard)
//!   against the hand as it waits (PASS). Where the analysis sees no win
//!   within the draws left (every figure 0), it plays as `greedy`.
//!
//! # Example
//!
//! One turn of a bot that does not keep running: it reads the turn's JSON
//! input to its end, prints its answer and returns.
//!
//! ```
//! use mcr_arena::Io;
//! use mcr_arena::refbot::{serve, Policy};
//!
//! // The first request of a game: seat 2, prevalent wind East.
//! let input = br#"{"requests":["0 2 0"],"responses":[]}"#;
//! let mut output = Vec::new();
//! serve(Io::Json, false, Policy::Greedy, 0, &input[..], &mut output)?;
//! assert_eq!(output, b"{\"response\":\"PASS\"}\n");
//! # Ok::<(), mcr_arena::refbot::RefBotError>(())
//! ```

use std::io::{BufRead, Write};

use crate::policy::moves::{decide_move, greedy};
use crate::policy::table::{table_move, TableBudget};
use crate::program::protocol::{Io, KEEP_RUNNING};
use mcr_core::engine::seat_view::{SeatView, SeatViewError};
use mcr_core::engine::Move;
use mcr_records::env::wall::Rng;

/// Why the bot cannot answer. A request's error names the request (its
/// index in the turn's input, from 0, and its text).
#[derive(Debug)]
#[non_exhaustive]
pub enum RefBotError {
    /// A request the bot's view of the game does not take.
    Request {
        /// The request's index in the game (0: the first).
        index: usize,
        /// What is wrong with it.
        source: SeatViewError,
    },
    /// Reading the input failed.
    Read(std::io::Error),
    /// An input line longer than the bot reads.
    LineTooLong {
        /// Its length so far.
        bytes: usize,
    },
    /// The input ends before the first turn.
    NoInput,
    /// A JSON bot's first line is not JSON.
    NotJson(serde_json::Error),
    /// A simple bot's first line is not a turn number.
    NotTurnNumber {
        /// The line.
        line: String,
    },
    /// A simple bot's turn number is 0 or above 10000.
    TurnNumber(usize),
    /// A simple bot's input ends before the requests and responses its
    /// turn number announces.
    EndsEarly {
        /// Lines of requests and responses read.
        lines: usize,
        /// Lines announced.
        expected: usize,
    },
    /// The first turn's input holds no request.
    NoRequests,
    /// A keep-running request line starting with `"` is not a JSON string.
    Quoted {
        /// The request's index in the game.
        index: usize,
        /// serde's reading.
        source: serde_json::Error,
    },
    /// Writing the answer failed.
    Write(std::io::Error),
}

impl std::fmt::Display for RefBotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RefBotError::Request { index, source } => write!(f, "request {index}: {source}"),
            RefBotError::Read(v0) => write!(f, "reading the input: {v0}"),
            RefBotError::LineTooLong { bytes } => write!(f, "input line of {bytes} bytes"),
            RefBotError::NoInput => f.write_str("no input"),
            RefBotError::NotJson(v0) => write!(f, "input is not JSON: {v0}"),
            RefBotError::NotTurnNumber { line } => write!(f, "first line is not a turn number: {line:?}"),
            RefBotError::TurnNumber(v0) => write!(f, "turn number {v0}"),
            RefBotError::EndsEarly { lines, expected } => write!(f, "input ends early: {lines} of {expected} lines"),
            RefBotError::NoRequests => f.write_str("no requests"),
            RefBotError::Quoted { index, source } => write!(f, "request {index}: not a JSON string: {source}"),
            RefBotError::Write(v0) => write!(f, "writing the answer: {v0}"),
        }
    }
}

impl std::error::Error for RefBotError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RefBotError::Request { source, .. } => Some(source),
            RefBotError::Read(v0) => Some(v0),
            RefBotError::NotJson(v0) => Some(v0),
            RefBotError::Quoted { source, .. } => Some(source),
            RefBotError::Write(v0) => Some(v0),
            _ => None,
        }
    }
}

/// How the reference bot chooses (`mcr bot --policy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// A uniform choice among the legal complete answers, drawn from the
    /// bot's seed.
    Random,
    /// HU when legal; else the discard of least shanten, and a claim or a
    /// kong that lowers or keeps it (the module's list).
    Greedy,
    /// The decision analysis, by expected points.
    Decide,
    /// The decision analysis, by the chance to win.
    DecideWinProb,
    /// The decision analysis's candidates weighed by the table model
    /// ([`crate::policy::table`]).
    Table,
}

/// The bot's state over one game.
pub struct RefBot {
    policy: Policy,
    seed: u64,
    /// Requests taken in: with the seed, what draws the table model's worlds.
    requests: u64,
    rng: Rng,
    view: SeatView,
    last: Option<String>,
}

impl RefBot {
    /// A bot for one game playing `policy`; `seed` draws the random
    /// policy's choices.
    pub fn new(policy: Policy, seed: u64) -> RefBot {
        RefBot { policy, seed, requests: 0, rng: Rng::new(seed), view: SeatView::default(), last: None }
    }

    /// Takes in a request (with this bot's previous answer, as given) and
    /// returns the answer.
    pub fn turn(&mut self, request: &str, previous_answer: Option<&str>) -> Result<String, SeatViewError> {
        let prev = previous_answer.map(str::to_string).or_else(|| self.last.take());
        self.view.observe(request.trim_end_matches(['\r', '\n']), prev.as_deref())?;
        self.requests += 1;
        let a = self.choose();
        self.last = Some(a.clone());
        Ok(a)
    }

    /// Takes in a past request (with this bot's recorded answer to the one
    /// before it) without choosing an answer: a restarted bot catching up.
    pub fn observe(&mut self, request: &str, previous_answer: Option<&str>) -> Result<(), SeatViewError> {
        let prev = previous_answer.map(str::to_string).or_else(|| self.last.take());
        self.last = None;
        self.view.observe(request.trim_end_matches(['\r', '\n']), prev.as_deref())?;
        self.requests += 1;
        Ok(())
    }

    fn choose(&mut self) -> String {
        let e = self.view.engine();
        let seat = self.view.seat();
        let mut moves: Vec<Move> = Vec::new();
        e.legal_moves(seat, |m| moves.push(m));
        let m = match self.policy {
            Policy::Random if moves.is_empty() => Move::PASS,
            Policy::Random => moves[self.rng.below(moves.len())],
            Policy::Greedy => greedy_move(&self.view, &moves),
            Policy::Decide => decide_move(e, seat, &moves, false).unwrap_or_else(|| greedy_move(&self.view, &moves)),
            Policy::DecideWinProb => {
                decide_move(e, seat, &moves, true).unwrap_or_else(|| greedy_move(&self.view, &moves))
            }
            Policy::Table => {
                let seed = Rng::stream(self.seed, self.requests).next_u64();
                table_move(e, seat, self.view.hand_sizes(), &moves, TableBudget::default(), seed)
            }
        };
        m.answer().unwrap_or_else(|| "PASS".into())
    }
}

/// The greedy policy's move for a seat's view, first choices taken.
fn greedy_move(view: &SeatView, moves: &[Move]) -> Move {
    greedy(view.engine(), view.seat(), moves, &mut |_| 0)
}

/// Bounds on what the bot reads (it is a bot: the arena is its only peer).
const MAX_INPUT_LINE: usize = 8 << 20;

fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<String>, RefBotError> {
    match mcr_records::record::read_line_capped(input, buf, MAX_INPUT_LINE).map_err(RefBotError::Read)? {
        mcr_records::record::LineRead::Eof => Ok(None),
        mcr_records::record::LineRead::TooLong(bytes) => Err(RefBotError::LineTooLong { bytes }),
        mcr_records::record::LineRead::Line => {
            let s = String::from_utf8_lossy(buf);
            Ok(Some(s.trim_end_matches(['\r', '\n']).to_string()))
        }
    }
}

/// Plays one game as a Botzone bot: reads the first turn's full input,
/// answers, and (keep-running) goes on request by request until its input
/// ends; otherwise returns after one answer.
pub fn serve(
    io: Io,
    keep_running: bool,
    policy: Policy,
    seed: u64,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), RefBotError> {
    let mut bot = RefBot::new(policy, seed);
    let mut buf = Vec::new();
    let (requests, responses) = match io {
        Io::Json => {
            let line = read_line(&mut input, &mut buf)?.ok_or(RefBotError::NoInput)?;
            let v: serde_json::Value = serde_json::from_str(&line).map_err(RefBotError::NotJson)?;
            let strings = |k: &str| -> Vec<String> {
                v[k].as_array()
                    .map(|a| a.iter().map(|x| x.as_str().unwrap_or("").to_string()).collect())
                    .unwrap_or_default()
            };
            (strings("requests"), strings("responses"))
        }
        Io::Simple => {
            let first = read_line(&mut input, &mut buf)?.ok_or(RefBotError::NoInput)?;
            let n: usize = first.trim().parse().map_err(|_| RefBotError::NotTurnNumber { line: first.clone() })?;
            if n == 0 || n > 10_000 {
                return Err(RefBotError::TurnNumber(n));
            }
            let (mut req, mut resp) = (Vec::new(), Vec::new());
            let expected = 2 * n - 1;
            let next = |input: &mut _, buf: &mut _, lines: usize| {
                read_line(input, buf)?.ok_or(RefBotError::EndsEarly { lines, expected })
            };
            for i in 0..n {
                req.push(next(&mut input, &mut buf, req.len() + resp.len())?);
                if i + 1 < n {
                    resp.push(next(&mut input, &mut buf, req.len() + resp.len())?);
                }
            }
            (req, resp)
        }
    };
    if requests.is_empty() {
        return Err(RefBotError::NoRequests);
    }
    let mut answer = String::new();
    // The decision analysis answers only the last request (the earlier ones
    // are caught up on); the other policies answer each, as when kept
    // running (the random policy's draws stay the same).
    let catch_up = matches!(policy, Policy::Decide | Policy::DecideWinProb | Policy::Table);
    for (i, r) in requests.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|k| responses.get(k)).map(String::as_str);
        let at = |source| RefBotError::Request { index: i, source };
        if i + 1 == requests.len() || !catch_up {
            answer = bot.turn(r, prev).map_err(at)?;
        } else {
            bot.observe(r, prev).map_err(at)?;
        }
    }
    // One write per turn (the answer and the marker together): the arena
    // wakes once.
    let mut line = Vec::with_capacity(128);
    let mut write = |out: &mut dyn Write, a: &str| -> Result<(), RefBotError> {
        line.clear();
        match io {
            Io::Json => {
                let _ = serde_json::to_writer(&mut line, &serde_json::json!({ "response": a }));
            }
            Io::Simple => line.extend_from_slice(a.as_bytes()),
        }
        line.push(b'\n');
        if keep_running {
            line.extend_from_slice(KEEP_RUNNING);
            line.push(b'\n');
        }
        out.write_all(&line).and_then(|()| out.flush()).map_err(RefBotError::Write)
    };
    write(&mut output, &answer)?;
    if !keep_running {
        return Ok(());
    }
    let mut index = requests.len();
    while let Some(line) = read_line(&mut input, &mut buf)? {
        // A JSON-quoted request (botzone-local) or a raw one.
        let request = if line.starts_with('"') {
            serde_json::from_str::<String>(&line).map_err(|source| RefBotError::Quoted { index, source })?
        } else {
            line
        };
        let a = bot.turn(&request, None).map_err(|source| RefBotError::Request { index, source })?;
        index += 1;
        write(&mut output, &a)?;
    }
    Ok(())
}
