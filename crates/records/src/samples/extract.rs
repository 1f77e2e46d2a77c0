//! The decisions of one game, taken from its replay turn by turn.
//!
//! [`Extractor::step`] is given each turn as the replay yields it (the
//! engine as it emitted the turn, and the record's answers to it). The
//! decision points are the baseline's (`preprocess.py`):
//! - a DRAW: the drawer ([`Kind::Draw`]);
//! - a PLAY (or the discard of a PENG/CHI) and a BUGANG: every other seat
//!   ([`Kind::Claim`]);
//! - a seat's own PENG or CHI that took place: its discard
//!   ([`Kind::MeldDiscard`], a decision of its own, made with the claim).
//!
//! The action is the record's answer in the 235-action layout. Decisions
//! with a single legal action are dropped unless `keep_forced`. A game's
//! samples are kept per seat and handed out seat by seat (seat 0's in
//! order, then seat 1's, ...), the baseline's order.

use crate::audit::cai::Tracker;
use crate::env::action::{self, chi_index, ANGANG, BUGANG, GANG, HU, NUM_ACTIONS, PASS, PENG, PLAY};
use crate::env::obs::{self, Seen, FEATURE_LEN};
use mcr_core::engine::answer::{Answer, Verb};
use mcr_core::engine::legal::chow_around;
use mcr_core::engine::{Claim, Engine, Event, Turn};
use mcr_core::rules::claim_priority::ClaimAction;
use mcr_core::tiles::Tile;

use super::legal::Legal;
use super::{baseline, Flags, Kind, Options};

/// Samples in columns (the arrays of a shard).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    /// Bytes of one observation.
    pub obs_len: usize,
    /// Observations, `obs_len` bytes each.
    pub obs: Vec<u8>,
    /// `NUM_ACTIONS` bytes a sample, 0/1.
    pub mask: Vec<u8>,
    /// The action taken (index into the 235 actions).
    pub act: Vec<i64>,
    /// The game's index in input order.
    pub game: Vec<i64>,
    /// Index into the record's `turns` whose answers hold the decision.
    pub turn: Vec<i32>,
    /// The deciding seat.
    pub seat: Vec<i8>,
    /// [`Kind`] as 0, 1, 2.
    pub kind: Vec<i8>,
    /// The seat's final score.
    pub score: Vec<i32>,
    /// The win flags a HU at the decision would be scored with (the
    /// engine's, what canHu is computed on): bits [`SELF_DRAWN`],
    /// [`FOURTH_TILE`], [`ABOUT_KONG`], [`WALL_LAST`].
    pub win_flags: Vec<u8>,
}

/// `win_flags` bit: the win tile was drawn by the seat itself.
pub const SELF_DRAWN: u8 = 1;
/// `win_flags` bit: the win tile is the last of its kind (和绝张).
pub const FOURTH_TILE: u8 = 2;
/// `win_flags` bit: a kong replacement draw, or robbing a kong.
pub const ABOUT_KONG: u8 = 4;
/// `win_flags` bit: the last tile of the wall.
pub const WALL_LAST: u8 = 8;

/// The `win_flags` byte of a seat's win now.
pub fn win_flags_byte(engine: &Engine, seat: u8) -> u8 {
    let f = engine.win_flags(seat);
    (f.self_drawn as u8 * SELF_DRAWN)
        | (f.fourth_tile as u8 * FOURTH_TILE)
        | (f.about_kong as u8 * ABOUT_KONG)
        | (f.wall_last as u8 * WALL_LAST)
}

impl Batch {
    /// No samples; observations of `obs_len` bytes.
    pub fn new(obs_len: usize) -> Batch {
        Batch { obs_len, ..Batch::default() }
    }
    /// How many samples.
    pub fn len(&self) -> usize {
        self.act.len()
    }
    /// No samples.
    pub fn is_empty(&self) -> bool {
        self.act.is_empty()
    }
    /// Room for `n` more samples, so a batch filled to a known size is
    /// allocated once (not grown by copies).
    pub fn reserve(&mut self, n: usize) {
        self.obs.reserve(n * self.obs_len);
        self.mask.reserve(n * NUM_ACTIONS);
        self.act.reserve(n);
        self.game.reserve(n);
        self.turn.reserve(n);
        self.seat.reserve(n);
        self.kind.reserve(n);
        self.score.reserve(n);
        self.win_flags.reserve(n);
    }
    /// Forgets every sample.
    pub fn clear(&mut self) {
        self.obs.clear();
        self.mask.clear();
        self.act.clear();
        self.game.clear();
        self.turn.clear();
        self.seat.clear();
        self.kind.clear();
        self.score.clear();
        self.win_flags.clear();
    }
    /// Appends the samples of `other` (one game's) as game `game`.
    pub fn append_game(&mut self, other: &Batch, game: i64) {
        self.obs.extend_from_slice(&other.obs);
        self.mask.extend_from_slice(&other.mask);
        self.act.extend_from_slice(&other.act);
        self.game.extend(std::iter::repeat_n(game, other.len()));
        self.turn.extend_from_slice(&other.turn);
        self.seat.extend_from_slice(&other.seat);
        self.kind.extend_from_slice(&other.kind);
        self.score.extend_from_slice(&other.score);
        self.win_flags.extend_from_slice(&other.win_flags);
    }
    /// Drops the first `n` samples (the rest move to the front).
    pub fn remove_front(&mut self, n: usize) {
        let n = n.min(self.len());
        self.obs.drain(..n * self.obs_len);
        self.mask.drain(..n * NUM_ACTIONS);
        self.act.drain(..n);
        self.game.drain(..n);
        self.turn.drain(..n);
        self.seat.drain(..n);
        self.kind.drain(..n);
        self.score.drain(..n);
        self.win_flags.drain(..n);
    }
}

/// One seat's samples of the current game.
#[derive(Clone, Debug, Default)]
struct SeatSamples {
    obs: Vec<u8>,
    mask: Vec<u8>,
    act: Vec<i64>,
    turn: Vec<i32>,
    kind: Vec<i8>,
    win_flags: Vec<u8>,
}

impl SeatSamples {
    fn clear(&mut self) {
        self.obs.clear();
        self.mask.clear();
        self.act.clear();
        self.turn.clear();
        self.kind.clear();
        self.win_flags.clear();
    }
    fn push(&mut self, obs: &[u8], mask: &Legal, act: usize, turn: usize, kind: Kind, win_flags: u8) {
        self.obs.extend_from_slice(obs);
        mask.write_into(&mut self.mask);
        self.act.push(act as i64);
        self.turn.push(turn as i32);
        self.kind.push(kind as i8);
        self.win_flags.push(win_flags);
    }
}

/// A PENG/CHI discard decision, kept until the next turn shows whether the
/// claim took place.
#[derive(Clone)]
struct Candidate {
    obs: [u8; MAX_OBS],
    mask: Legal,
    act: usize,
    turn: usize,
    win_flags: u8,
}

const MAX_OBS: usize = if FEATURE_LEN > obs::COMPACT_LEN { FEATURE_LEN } else { obs::COMPACT_LEN };

/// Collects the samples of one game at a time.
pub struct Extractor {
    opts: Options,
    seen: Seen,
    tracker: Tracker,
    seats: [SeatSamples; 4],
    candidates: [Option<Box<Candidate>>; 4],
    scores: Option<[i32; 4]>,
    mask_buf: Legal,
    /// Decisions whose answer has no index (a malformed answer, which the
    /// judge then punished): not sampled.
    pub unencodable: usize,
}

impl Extractor {
    /// An extractor making samples with `opts`.
    pub fn new(opts: Options) -> Extractor {
        Extractor {
            opts,
            seen: Seen::new(0),
            tracker: Tracker::new(),
            seats: Default::default(),
            candidates: Default::default(),
            scores: None,
            mask_buf: Legal::default(),
            unencodable: 0,
        }
    }

    /// The options it samples with.
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Forgets the current game.
    pub fn start(&mut self) {
        self.seen = Seen::new(0);
        self.tracker = Tracker::new();
        for s in &mut self.seats {
            s.clear();
        }
        self.candidates = Default::default();
        self.scores = None;
    }

    /// Takes turn `index` of the replay: `engine` as it emitted `turn`,
    /// `answers` the record's answers to it (as the judge reads them).
    pub fn step(&mut self, index: usize, engine: &Engine, turn: &Turn, answers: [Option<Answer>; 4]) {
        self.seen.observe(turn);
        self.tracker.observe(index, turn);
        if let Event::Peng { player, .. } | Event::Chi { player, .. } = turn.event {
            if let Some(c) = self.candidates[player as usize % 4].take() {
                let n = self.opts.encoding.len();
                self.seats[player as usize % 4].push(
                    &c.obs[..n],
                    &c.mask,
                    c.act,
                    c.turn,
                    Kind::MeldDiscard,
                    c.win_flags,
                );
            }
        }
        self.candidates = Default::default();
        if let Some(scores) = turn.event.scores() {
            self.scores = Some(scores);
            return;
        }
        match turn.event {
            Event::Draw { player, .. } => self.decide(index, engine, turn, player, Kind::Draw, None, answers),
            Event::Play { player, .. } | Event::Peng { player, .. } | Event::Chi { player, .. } => {
                for seat in (0..4u8).filter(|&s| s != player) {
                    if self.opts.keep_forced || may_claim(engine, turn, seat) {
                        self.decide(index, engine, turn, seat, Kind::Claim, None, answers);
                    }
                    let claim = match answers[seat as usize] {
                        Some(a) if a.is(Verb::Peng, 1) => Some(Claim::Peng),
                        Some(Answer { verb: Verb::Chi, arity: 2, args: [Some(middle), _] }) => {
                            Some(Claim::Chi { middle })
                        }
                        _ => None,
                    };
                    if let Some(claim) = claim {
                        self.decide(index, engine, turn, seat, Kind::MeldDiscard, Some(claim), answers);
                    }
                }
            }
            Event::BuGang { player, .. } => {
                for seat in (0..4u8).filter(|&s| s != player) {
                    if self.opts.keep_forced || may_claim(engine, turn, seat) {
                        self.decide(index, engine, turn, seat, Kind::Claim, None, answers);
                    }
                }
            }
            _ => {}
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn decide(
        &mut self,
        index: usize,
        engine: &Engine,
        turn: &Turn,
        seat: u8,
        kind: Kind,
        pending: Option<Claim>,
        answers: [Option<Answer>; 4],
    ) {
        let o = self.opts.encoding.len();
        let mask = &mut self.mask_buf;
        match (self.opts.flags, pending) {
            (Flags::Judge, claim) => {
                mask.clear();
                match claim {
                    Some(claim) => action::legal_discard_indices(engine, seat, claim, |i| mask.set(i)),
                    None => action::legal_indices(engine, seat, |i| mask.set(i)),
                }
            }
            (Flags::Cai, _) => {
                let hand = obs::shown_hand(engine, &self.seen, seat, pending);
                baseline::write_mask(engine, turn, &self.tracker, seat, kind, &hand, mask)
            }
        }
        if mask.at_most_one() && !self.opts.keep_forced {
            return;
        }
        let Some(act) = answers[seat as usize].and_then(|a| act_of(kind, &a, engine.current_tile())) else {
            self.unencodable += 1;
            return;
        };
        if kind == Kind::MeldDiscard {
            let win_flags = win_flags_byte(engine, seat);
            let mut c = Box::new(Candidate { obs: [0; MAX_OBS], mask: self.mask_buf, act, turn: index, win_flags });
            obs::write(self.opts.encoding.obs_kind(), engine, &self.seen, seat, pending, &mut c.obs[..o]);
            self.candidates[seat as usize] = Some(c);
        } else {
            // The observation written where it is kept.
            let s = &mut self.seats[seat as usize];
            let at = s.obs.len();
            s.obs.resize(at + o, 0);
            obs::write(self.opts.encoding.obs_kind(), engine, &self.seen, seat, pending, &mut s.obs[at..]);
            self.mask_buf.write_into(&mut s.mask);
            s.act.push(act as i64);
            s.turn.push(index as i32);
            s.kind.push(kind as i8);
            s.win_flags.push(win_flags_byte(engine, seat));
        }
    }

    /// The game's final scores, once its last turn was taken.
    pub fn scores(&self) -> Option<[i32; 4]> {
        self.scores
    }

    /// Samples of the current game so far.
    pub fn len(&self) -> usize {
        self.seats.iter().map(|s| s.act.len()).sum()
    }

    /// No samples yet in the current game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the game's samples to `out`, seat by seat, as game `game`;
    /// returns how many.
    pub fn finish(&mut self, game: i64, out: &mut Batch) -> usize {
        let scores = self.scores.unwrap_or([0; 4]);
        let mut n = 0;
        for (seat, s) in self.seats.iter_mut().enumerate() {
            let k = s.act.len();
            out.obs.extend_from_slice(&s.obs);
            out.mask.extend_from_slice(&s.mask);
            out.act.extend_from_slice(&s.act);
            out.turn.extend_from_slice(&s.turn);
            out.kind.extend_from_slice(&s.kind);
            out.win_flags.extend_from_slice(&s.win_flags);
            out.game.extend(std::iter::repeat_n(game, k));
            out.seat.extend(std::iter::repeat_n(seat as i8, k));
            out.score.extend(std::iter::repeat_n(scores[seat], k));
            s.clear();
            n += k;
        }
        n
    }
}

/// Whether `seat` may have more than PASS at a claim chance on the current
/// tile, told from what costs nothing to look at: a win the judge's canHu
/// does not rule out (flags never make a shape that does not win win), two
/// copies of the tile, or a tile of its suit within two ranks where a CHI
/// may be asked. Who may ask for a PENG, GANG or CHI is what either layer
/// lets ask: the baseline's (fixed: anyone on a discard, CHI the next seat)
/// or the judge's claim table (`rules/claims.txt`). When this is false,
/// neither layer's mask offers more than PASS: the decision is forced, and
/// is dropped without working the mask out.
#[inline]
fn may_claim(engine: &Engine, turn: &Turn, seat: u8) -> bool {
    let judged = turn.can_hu[seat as usize];
    if judged >= 0 || judged == -4 {
        return true;
    }
    let Some((levels, actor)) = engine.claim_levels() else { return true };
    let allowed = |action| levels.iter().any(|l| l.actions.contains(&action) && l.from.allows(actor, seat));
    let discard = matches!(turn.event, Event::Play { .. } | Event::Peng { .. } | Event::Chi { .. });
    let tile = engine.current_tile();
    let hand = engine.hand(seat);
    if hand[tile.index()] >= 2 && (discard || allowed(ClaimAction::Peng) || allowed(ClaimAction::Gang)) {
        return true;
    }
    // The suit's tiles two ranks either side (a suit is 9 kinds from a
    // multiple of 9; honours, from 27, have no runs).
    let (i, rank) = (tile.index(), tile.index() % 9);
    let mut near = (i - rank + rank.saturating_sub(2)..=i - rank + (rank + 2).min(8)).filter(|&k| k != i);
    i < 27 && near.any(|k| hand[k] > 0) && ((discard && (actor + 1) % 4 == seat) || allowed(ClaimAction::Chi))
}

/// The index of a recorded answer to a decision of `kind`, `current` the
/// engine's current tile (the claimed one); `None` when the answer names no
/// action of the layout.
pub fn act_of(kind: Kind, a: &Answer, current: Tile) -> Option<usize> {
    let tile = |i: usize| a.args[i].map(Tile::index);
    Some(match (kind, a.verb, a.arity) {
        (Kind::Draw | Kind::Claim, Verb::Hu, 0) => HU,
        (Kind::Draw, Verb::Play, 1) => PLAY + tile(0)?,
        (Kind::Draw, Verb::Gang, 1) => ANGANG + tile(0)?,
        (Kind::Draw, Verb::BuGang, 1) => BUGANG + tile(0)?,
        (Kind::Claim, Verb::Pass, 0) => PASS,
        (Kind::Claim, Verb::Gang, 0) => GANG + current.index(),
        (Kind::Claim, Verb::Peng, 1) => PENG + current.index(),
        (Kind::Claim, Verb::Chi, 2) => {
            let middle = a.args[0]?;
            chow_around(middle, current)?;
            chi_index(middle, current)
        }
        (Kind::MeldDiscard, Verb::Peng, 1) => PLAY + tile(0)?,
        (Kind::MeldDiscard, Verb::Chi, 2) => PLAY + tile(1)?,
        _ => return None,
    })
}
