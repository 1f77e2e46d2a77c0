//! The reference bot (`mcr bot`): speaks Botzone's protocol on stdin/stdout
//! and answers with the engine's own legal moves, seen from its seat
//! ([`SeatView`]). Two policies:
//!
//! - `random`: a uniform choice among the legal complete answers (seeded);
//! - `greedy`: HU when legal; after its own draw, the discard of least
//!   shanten (the analysis's discard table, best row first), a kong when it
//!   keeps that shanten; on another seat's tile, a PENG / CHI whose best
//!   discard lowers the shanten, a melded kong that keeps it; else PASS.

use std::io::{BufRead, Write};

use super::bots::Io;
use super::protocol::KEEP_RUNNING;
use crate::analysis::{analyse_counts, discard};
use crate::engine::seat_view::SeatView;
use crate::engine::{Claim, Move};
use crate::env::wall::Rng;
use crate::tiles::{Tile, TILE_KINDS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    Random,
    Greedy,
}

/// The bot's state over one game.
pub struct RefBot {
    policy: Policy,
    rng: Rng,
    view: SeatView,
    last: Option<String>,
}

impl RefBot {
    pub fn new(policy: Policy, seed: u64) -> RefBot {
        RefBot { policy, rng: Rng::new(seed), view: SeatView::default(), last: None }
    }

    /// Takes in a request (with this bot's previous answer, as given) and
    /// returns the answer.
    pub fn turn(&mut self, request: &str, previous_answer: Option<&str>) -> Result<String, String> {
        let prev = previous_answer.map(str::to_string).or_else(|| self.last.take());
        self.view.observe(request.trim_end_matches(['\r', '\n']), prev.as_deref()).map_err(|e| e.to_string())?;
        let a = self.choose();
        self.last = Some(a.clone());
        Ok(a)
    }

    fn choose(&mut self) -> String {
        let e = self.view.engine();
        let seat = self.view.seat();
        let mut moves: Vec<Move> = Vec::new();
        e.legal_moves(seat, |m| moves.push(m));
        let m = match self.policy {
            Policy::Random if moves.is_empty() => Move::PASS,
            Policy::Random => moves[self.rng.below(moves.len())],
            Policy::Greedy => greedy(self.view.engine(), self.view.seat(), &moves, &mut |_| 0),
        };
        m.answer().unwrap_or_else(|| "PASS".into())
    }
}

/// The shanten of a hand by kind counts (99 when it has none).
pub(crate) fn shanten(counts: &[u8; TILE_KINDS]) -> i32 {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    analyse_counts(counts, n).shanten().unwrap_or(99)
}

/// The greedy policy's move for `seat` of `e` among its legal `moves`,
/// reading only what the seat may see (its hand, its packs, the current
/// tile). Equal discard rows (same shanten, same unseen useful copies) are
/// broken by `pick(n)`, an index in `0..n` (`mcr bot` takes the first).
pub(crate) fn greedy(
    e: &crate::engine::Engine,
    seat: u8,
    moves: &[Move],
    pick: &mut dyn FnMut(usize) -> usize,
) -> Move {
    if moves.iter().any(|m| m.claim == Claim::Hu) {
        return Move::new(Claim::Hu);
    }
    let hand = e.hand(seat);
    let current = e.current_tile();
    let drawer = moves.iter().any(|m| matches!(m.claim, Claim::Play(_)));
    if drawer {
        let mut with = hand;
        with[current.index()] += 1;
        let standing: Vec<Tile> = Tile::all().flat_map(|t| std::iter::repeat_n(t, with[t.index()] as usize)).collect();
        let best = discard::discards(e.packs(seat), &standing, &[]).ok().and_then(|rows| {
            let first = rows.first()?;
            let tied = rows.iter().take_while(|r| (r.shanten, r.unseen) == (first.shanten, first.unseen)).count();
            let r = &rows[pick(tied).min(tied - 1)];
            Some((r.tile, r.shanten))
        });
        let Some((tile, best_shanten)) = best else {
            return moves.iter().copied().find(|m| matches!(m.claim, Claim::Play(_))).unwrap_or(Move::PASS);
        };
        for m in moves {
            let after = match m.claim {
                Claim::AnGang(t) => {
                    let mut c = with;
                    c[t.index()] -= 4;
                    c
                }
                Claim::BuGang(t) => {
                    let mut c = with;
                    c[t.index()] -= 1;
                    c
                }
                _ => continue,
            };
            // After a kong the hand draws again: compare its shanten before that draw.
            if shanten(&after) <= best_shanten {
                return *m;
            }
        }
        return Move::new(Claim::Play(tile));
    }
    let now = shanten(&hand);
    let mut best: Option<(i32, Move)> = None;
    for m in moves {
        let mut c = hand;
        let take = |c: &mut [u8; TILE_KINDS], t: Tile| c[t.index()] = c[t.index()].saturating_sub(1);
        let s = match (m.claim, m.discard) {
            (Claim::Gang, _) => {
                c[current.index()] = c[current.index()].saturating_sub(3);
                let s = shanten(&c);
                if s > now {
                    continue;
                }
                s
            }
            (Claim::Peng, Some(d)) => {
                take(&mut c, current);
                take(&mut c, current);
                take(&mut c, d);
                shanten(&c)
            }
            (Claim::Chi { middle }, Some(d)) => {
                c[current.index()] += 1;
                for t in [middle.prev(), Some(middle), middle.next()].into_iter().flatten() {
                    take(&mut c, t);
                }
                take(&mut c, d);
                shanten(&c)
            }
            _ => continue,
        };
        let helps = s < now || m.claim == Claim::Gang;
        if helps && best.is_none_or(|(b, _)| s < b) {
            best = Some((s, *m));
        }
    }
    best.map_or(Move::PASS, |(_, m)| m)
}

/// Bounds on what the bot reads (it is a bot: the arena is its only peer).
const MAX_INPUT_LINE: usize = 8 << 20;

fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<String>, String> {
    match crate::record::read_line_capped(input, buf, MAX_INPUT_LINE).map_err(|e| e.to_string())? {
        crate::record::LineRead::Eof => Ok(None),
        crate::record::LineRead::TooLong(n) => Err(format!("input line of {n} bytes")),
        crate::record::LineRead::Line => {
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
) -> Result<(), String> {
    let mut bot = RefBot::new(policy, seed);
    let mut buf = Vec::new();
    let (requests, responses) = match io {
        Io::Json => {
            let line = read_line(&mut input, &mut buf)?.ok_or("no input")?;
            let v: serde_json::Value = serde_json::from_str(&line).map_err(|e| format!("input is not JSON: {e}"))?;
            let strings = |k: &str| -> Vec<String> {
                v[k].as_array()
                    .map(|a| a.iter().map(|x| x.as_str().unwrap_or("").to_string()).collect())
                    .unwrap_or_default()
            };
            (strings("requests"), strings("responses"))
        }
        Io::Simple => {
            let n: usize = read_line(&mut input, &mut buf)?
                .ok_or("no input")?
                .trim()
                .parse()
                .map_err(|_| "first line is not a turn number")?;
            if n == 0 || n > 10_000 {
                return Err(format!("turn number {n}"));
            }
            let (mut req, mut resp) = (Vec::new(), Vec::new());
            for i in 0..n {
                req.push(read_line(&mut input, &mut buf)?.ok_or("input ends early")?);
                if i + 1 < n {
                    resp.push(read_line(&mut input, &mut buf)?.ok_or("input ends early")?);
                }
            }
            (req, resp)
        }
    };
    if requests.is_empty() {
        return Err("no requests".into());
    }
    let mut answer = String::new();
    for (i, r) in requests.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|k| responses.get(k)).map(String::as_str);
        answer = bot.turn(r, prev)?;
    }
    // One write per turn (the answer and the marker together): the arena
    // wakes once.
    let mut line = Vec::with_capacity(128);
    let mut write = |out: &mut dyn Write, a: &str| -> Result<(), String> {
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
        out.write_all(&line).and_then(|()| out.flush()).map_err(|e| e.to_string())
    };
    write(&mut output, &answer)?;
    if !keep_running {
        return Ok(());
    }
    while let Some(line) = read_line(&mut input, &mut buf)? {
        // A JSON-quoted request (botzone-local) or a raw one.
        let request = if line.starts_with('"') {
            serde_json::from_str::<String>(&line).map_err(|e| e.to_string())?
        } else {
            line
        };
        let a = bot.turn(&request, None)?;
        write(&mut output, &a)?;
    }
    Ok(())
}
