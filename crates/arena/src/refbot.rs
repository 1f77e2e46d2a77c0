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
//! use mcr_arena::bots::Io;
//! use mcr_arena::refbot::{serve, Policy};
//!
//! // The first request of a game: seat 2, prevalent wind East.
//! let input = br#"{"requests":["0 2 0"],"responses":[]}"#;
//! let mut output = Vec::new();
//! serve(Io::Json, false, Policy::Greedy, 0, &input[..], &mut output)?;
//! assert_eq!(output, b"{\"response\":\"PASS\"}\n");
//! # Ok::<(), String>(())
//! ```

use std::io::{BufRead, Write};

use super::bots::Io;
use super::protocol::KEEP_RUNNING;
use mcr_core::analysis::{analyse_counts, discard};
use mcr_core::engine::seat_view::SeatView;
use mcr_core::engine::{Claim, Move};
use mcr_core::hand::{Pack, PackKind};
use mcr_core::tiles::{Tile, TILE_KINDS};
use mcr_records::analysis::decide::{decide_with, seat_state, waiting_figures, DiscardFigures, Options, State};
use mcr_records::env::wall::Rng;

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
}

/// The bot's state over one game.
pub struct RefBot {
    policy: Policy,
    rng: Rng,
    view: SeatView,
    last: Option<String>,
}

impl RefBot {
    /// A bot for one game playing `policy`; `seed` draws the random
    /// policy's choices.
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

    /// Takes in a past request (with this bot's recorded answer to the one
    /// before it) without choosing an answer: a restarted bot catching up.
    pub fn observe(&mut self, request: &str, previous_answer: Option<&str>) -> Result<(), String> {
        let prev = previous_answer.map(str::to_string).or_else(|| self.last.take());
        self.last = None;
        self.view.observe(request.trim_end_matches(['\r', '\n']), prev.as_deref()).map_err(|e| e.to_string())
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
        };
        m.answer().unwrap_or_else(|| "PASS".into())
    }
}

/// The shanten of a hand by kind counts (99 when it has none).
pub(crate) fn shanten(counts: &[u8; TILE_KINDS]) -> i32 {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    analyse_counts(counts, n).shanten().unwrap_or(99)
}

/// The greedy policy's move for a seat's view, first choices taken.
fn greedy_move(view: &SeatView, moves: &[Move]) -> Move {
    greedy(view.engine(), view.seat(), moves, &mut |_| 0)
}

/// The greedy policy's move for `seat` of `e` among its legal `moves`,
/// reading only what the seat may see (its hand, its packs, the current
/// tile). Equal discard rows (same shanten, same unseen useful copies) are
/// broken by `pick(n)`, an index in `0..n` (`mcr bot` takes the first).
pub(crate) fn greedy(
    e: &mcr_core::engine::Engine,
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

/// The figure a policy ranks by: (primary, secondary).
fn rank(f: &DiscardFigures, by_win_prob: bool) -> (f64, f64) {
    if by_win_prob {
        (f.win_prob, f.exp_points)
    } else {
        (f.exp_points, f.win_prob)
    }
}

/// The hand of `seat` after `claim` (PENG, CHI or a melded kong) of the
/// current tile, as the analysis takes it: the claim's pack added, its
/// tiles taken from the concealed ones, before the discard that follows.
pub(crate) fn after_claim(e: &mcr_core::engine::Engine, seat: u8, claim: Claim) -> Option<State> {
    let current = e.current_tile();
    let mut after = e.hand(seat);
    let pack = match claim {
        Claim::Peng => {
            after[current.index()] = after[current.index()].saturating_sub(2);
            Pack::new(PackKind::Pung, current, 1)
        }
        Claim::Gang => {
            after[current.index()] = after[current.index()].saturating_sub(3);
            Pack::new(PackKind::Kong, current, 1)
        }
        Claim::Chi { middle } => {
            after[current.index()] += 1;
            for t in [middle.prev(), Some(middle), middle.next()].into_iter().flatten() {
                after[t.index()] = after[t.index()].saturating_sub(1);
            }
            Pack::new(PackKind::Chow, middle, 1)
        }
        _ => return None,
    };
    let mut state = seat_state(e, seat, &after);
    state.packs.push(pack);
    Some(state)
}

/// The `decide` policy's move for `seat` of `e` among its legal `moves`
/// (reading only what the seat may see); `None` when the analysis sees no
/// win within the draws left (the caller then plays greedy).
pub(crate) fn decide_move(e: &mcr_core::engine::Engine, seat: u8, moves: &[Move], by_win_prob: bool) -> Option<Move> {
    if moves.iter().any(|m| m.claim == Claim::Hu) {
        return Some(Move::new(Claim::Hu));
    }
    let profile = e.profile();
    let options = Options::default();
    let hand = e.hand(seat);
    let current = e.current_tile();
    let zero = |f: &DiscardFigures| f.exp_points == 0.0 && f.win_prob == 0.0;
    if moves.iter().any(|m| matches!(m.claim, Claim::Play(_))) {
        let mut with = hand;
        with[current.index()] += 1;
        let d = decide_with(profile, &seat_state(e, seat, &with), options).ok()?;
        let best = if by_win_prob { d.best_by_win_prob() } else { d.best_by_points() }?;
        if zero(best) {
            return None;
        }
        for m in moves {
            let mut after = with;
            match m.claim {
                Claim::AnGang(t) => after[t.index()] -= 4,
                Claim::BuGang(t) => after[t.index()] -= 1,
                _ => continue,
            }
            // The kong's pack is not in the view yet: weigh the hand after it
            // with the packs it will have.
            let mut state = seat_state(e, seat, &after);
            match m.claim {
                Claim::AnGang(t) => state.packs.push(Pack::new(PackKind::Kong, t, 0)),
                Claim::BuGang(t) => {
                    if let Some(p) = state.packs.iter_mut().find(|p| p.kind == PackKind::Pung && p.tile == t) {
                        p.kind = PackKind::Kong;
                    }
                }
                _ => {}
            }
            state.draws_left += 1;
            if let Ok(f) = waiting_figures(profile, &state, options) {
                if rank(&f, by_win_prob) >= rank(best, by_win_prob) {
                    return Some(*m);
                }
            }
        }
        return Some(Move::new(Claim::Play(best.tile)));
    }
    // Another seat's tile: each claim against passing.
    let pass = waiting_figures(profile, &seat_state(e, seat, &hand), options).ok()?;
    let mut best: Option<((f64, f64), Move)> = None;
    let mut any = !zero(&pass);
    let mut analysed: Vec<(Claim, Option<mcr_core::analysis::decide::Decision>)> = Vec::new();
    for m in moves {
        let Some(mut state) = after_claim(e, seat, m.claim) else { continue };
        let figures = if m.claim == Claim::Gang {
            state.draws_left += 1;
            waiting_figures(profile, &state, options).ok()
        } else {
            let known = analysed.iter().find(|(c, _)| *c == m.claim).map(|(_, d)| d.clone());
            let d = match known {
                Some(d) => d,
                None => {
                    let d = decide_with(profile, &state, options).ok();
                    analysed.push((m.claim, d.clone()));
                    d
                }
            };
            d.and_then(|d| d.discards.iter().find(|r| Some(r.tile) == m.discard).copied())
        };
        let Some(f) = figures else { continue };
        any |= !zero(&f);
        let r = rank(&f, by_win_prob);
        if r > rank(&pass, by_win_prob) && best.is_none_or(|(b, _)| r > b) {
            best = Some((r, *m));
        }
    }
    if !any {
        return None;
    }
    Some(best.map_or(Move::PASS, |(_, m)| m))
}

/// The `decide` policy's discard after its `claim` (PENG or CHI) of the
/// current tile, among the tiles `allowed`: the analysis's best row of the
/// hand after the claim; `None` when it sees no win (every row 0).
pub(crate) fn decide_claim_discard(
    e: &mcr_core::engine::Engine,
    seat: u8,
    claim: Claim,
    allowed: &dyn Fn(Tile) -> bool,
    by_win_prob: bool,
) -> Option<Tile> {
    let state = after_claim(e, seat, claim)?;
    let d = decide_with(e.profile(), &state, Options::default()).ok()?;
    let best = d.discards.iter().filter(|r| allowed(r.tile)).reduce(|a, b| {
        if rank(b, by_win_prob) > rank(a, by_win_prob) {
            b
        } else {
            a
        }
    })?;
    (best.exp_points > 0.0 || best.win_prob > 0.0).then_some(best.tile)
}

/// Bounds on what the bot reads (it is a bot: the arena is its only peer).
const MAX_INPUT_LINE: usize = 8 << 20;

fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<Option<String>, String> {
    match mcr_records::record::read_line_capped(input, buf, MAX_INPUT_LINE).map_err(|e| e.to_string())? {
        mcr_records::record::LineRead::Eof => Ok(None),
        mcr_records::record::LineRead::TooLong(n) => Err(format!("input line of {n} bytes")),
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
    // The decision analysis answers only the last request (the earlier ones
    // are caught up on); the other policies answer each, as when kept
    // running (the random policy's draws stay the same).
    let catch_up = matches!(policy, Policy::Decide | Policy::DecideWinProb);
    for (i, r) in requests.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|k| responses.get(k)).map(String::as_str);
        if i + 1 == requests.len() || !catch_up {
            answer = bot.turn(r, prev)?;
        } else {
            bot.observe(r, prev)?;
        }
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
