//! One table as an environment: the engine, what each seat has seen, the
//! two-decision PENG/CHI (claim, then discard), masks, observations and the
//! game's record in the corpus schema.
//!
//! A step takes one action index per seat. An action in the seat's mask is
//! sent as its answer; an action outside it is sent as [`REJECTED`] (a HU as
//! `HU`, so a HU below the minimum meets the judge's WH), and the judge's
//! verdict applies if it examines it. When a seat claims PENG or CHI, the
//! table asks every such seat for its discard first (the next step: their
//! masks hold the legal discards as play indices, the other seats' only
//! PASS, and their actions are not read), then sends all answers at once: as
//! on Botzone, a claim and its discard are one answer, given without knowing
//! the others' answers.

use crate::record::{Expected, GameRecord, TurnRecord};

use super::action::{self, NUM_ACTIONS};
use super::obs::{self, ObsKind, Seen};
use super::wall::Deal;
use crate::replay::{Live, Replayer, Stop};
use mcr_core::engine::{Claim, Engine, EngineError, Move, Turn, WALL_SIZE};
use mcr_core::fans::Profile;
use mcr_core::tiles::Tile;

/// The answer sent for an action outside the mask: the judge rejects it
/// (WA) whenever it examines it.
pub const REJECTED: &str = "ILLEGAL";

/// The end of a game.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The four seats' scores.
    pub scores: [i32; 4],
    /// The record in the corpus schema (one JSON line), when kept.
    pub record: Option<String>,
}

#[derive(Clone, Debug)]
struct Logged {
    turn: Turn,
    responses: [String; 4],
}

#[derive(Clone)]
/// One table: a live game through the engine, with legal masks and observations.
pub struct Game {
    /// The engine, stepped as every live game is ([`Replayer::live`]).
    game: Replayer<'static, Live>,
    seen: Seen,
    deal: Deal,
    game_id: String,
    /// Claims waiting for their discard (second decision).
    pending: [Option<Claim>; 4],
    /// First-decision answers held while discards are chosen.
    held: [Option<Move>; 4],
    answers: [String; 4],
    /// The current masks, and how many actions each allows.
    masks: [[u8; NUM_ACTIONS]; 4],
    legal_count: [u16; 4],
    log: Option<Vec<Logged>>,
    /// Make the record at the end (else the log is only kept, [`Game::logged`]).
    serialize: bool,
    over: bool,
    judge_steps: u32,
}

impl Game {
    /// A game on `deal` under `profile`; `record` keeps what the corpus
    /// record needs.
    pub fn new(profile: &'static Profile, deal: Deal, game_id: String, record: bool) -> Result<Game, EngineError> {
        let names = deal.wall.map(Tile::name);
        let game = Replayer::live(Engine::with_profile(profile), &names, deal.quan as i64, deal.srand as i64)
            .map_err(engine_error)?;
        let turn = game.turn().ok_or(EngineError::GameOver)?;
        let mut seen = Seen::new(deal.quan);
        seen.observe(turn);
        let log = record.then(|| vec![Logged { turn: turn.clone(), responses: Default::default() }]);
        let mut g = Game {
            game,
            seen,
            deal,
            game_id,
            pending: [None; 4],
            held: [None; 4],
            answers: Default::default(),
            masks: [[0; NUM_ACTIONS]; 4],
            legal_count: [0; 4],
            log,
            serialize: record,
            over: false,
            judge_steps: 0,
        };
        g.update_legal();
        Ok(g)
    }

    /// A game that keeps its turns and answers ([`Game::turns`]) without
    /// making a record of its own (the arena's batched runner dresses it).
    pub fn logged(profile: &'static Profile, deal: Deal, game_id: String) -> Result<Game, EngineError> {
        let mut g = Game::new(profile, deal, game_id, true)?;
        g.serialize = false;
        Ok(g)
    }

    /// The turns so far with the answers given to each (`None` for the
    /// last turn of a finished game), when kept.
    pub fn turns(&self) -> Option<impl Iterator<Item = (&Turn, Option<[&str; 4]>)> + '_> {
        let over = self.over;
        let log = self.log.as_ref()?;
        let n = log.len();
        Some(
            log.iter().enumerate().map(move |(i, l)| {
                (&l.turn, (!(over && i + 1 == n)).then(|| l.responses.each_ref().map(String::as_str)))
            }),
        )
    }

    /// The engine, as it emitted the last turn.
    pub fn engine(&self) -> &Engine {
        self.game.engine()
    }

    /// What every seat has seen so far (the table's discards).
    pub fn seen(&self) -> &Seen {
        &self.seen
    }

    /// The PENG or CHI whose discard `seat` is choosing, if any.
    pub fn pending(&self, seat: u8) -> Option<Claim> {
        self.pending.get(seat as usize).copied().flatten()
    }

    /// Judge steps played so far (a PENG/CHI claim's first decision is none).
    pub fn judge_steps(&self) -> u32 {
        self.judge_steps
    }

    /// The game ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// A seat is choosing the discard of its PENG or CHI.
    pub fn choosing_discard(&self) -> bool {
        self.pending.iter().any(Option::is_some)
    }

    fn update_legal(&mut self) {
        for seat in 0..4u8 {
            let n = write_mask(self.game.engine(), &self.pending, self.over, seat, &mut self.masks[seat as usize]);
            self.legal_count[seat as usize] = n as u16;
        }
    }

    /// Writes the four seats' masks (`4 × 235` bytes).
    pub fn write_masks(&self, masks: &mut [u8]) {
        for (seat, m) in self.masks.iter().enumerate() {
            masks[seat * NUM_ACTIONS..(seat + 1) * NUM_ACTIONS].copy_from_slice(m);
        }
    }

    /// Legal actions of `seat` now, by index.
    pub fn legal_actions(&self, seat: u8) -> impl Iterator<Item = usize> + '_ {
        let mask = &self.masks[seat as usize];
        (0..NUM_ACTIONS).filter(move |&i| mask[i] != 0)
    }

    /// How many actions seat `seat` may take.
    pub fn legal_count(&self, seat: u8) -> usize {
        self.legal_count[seat as usize] as usize
    }

    /// The only legal action of each seat, when no seat has a choice.
    pub fn forced(&self) -> Option<[usize; 4]> {
        if self.over || self.legal_count.iter().any(|&n| n != 1) {
            return None;
        }
        Some(std::array::from_fn(|s| self.legal_actions(s as u8).next().unwrap_or(action::PASS)))
    }

    /// Writes one seat's observation (`kind.len()` bytes).
    pub fn write_seat_obs(&self, kind: ObsKind, seat: u8, out: &mut [u8]) {
        obs::write(kind, self.game.engine(), &self.seen, seat, self.pending[seat as usize], out);
    }

    /// One seat's current mask (235 bytes).
    pub fn mask(&self, seat: u8) -> &[u8] {
        &self.masks[seat as usize]
    }

    /// Writes the four seats' observations (`4 × kind.len()` bytes).
    pub fn write_obs(&self, kind: ObsKind, out: &mut [u8]) {
        let n = kind.len();
        for seat in 0..4u8 {
            let pending = self.pending[seat as usize];
            obs::write(
                kind,
                self.game.engine(),
                &self.seen,
                seat,
                pending,
                &mut out[seat as usize * n..(seat as usize + 1) * n],
            );
        }
    }

    /// The calculator's result for a HU by each seat now (below the minimum
    /// too: such a HU would be judged WH and is not in the mask); -4 where
    /// HU is not an answer the seat may give.
    pub fn hu_fans(&self) -> [i32; 4] {
        if self.over || self.choosing_discard() {
            return [-4; 4];
        }
        std::array::from_fn(|s| self.engine().hu_fans(s as u8).unwrap_or(-4))
    }

    /// Plays one decision of every seat. Returns the outcome when the game
    /// ends.
    pub fn step(&mut self, actions: [usize; 4]) -> Result<Option<Outcome>, EngineError> {
        if self.over {
            return Err(EngineError::GameOver);
        }
        let current = self.engine().current_tile();
        if self.choosing_discard() {
            for seat in 0..4 {
                if let Some(claim) = self.pending[seat] {
                    // A discard outside the mask is still sent: the judge
                    // judges `PENG <tile>` / `CHI <middle> <tile>`.
                    let discard =
                        actions[seat].checked_sub(action::PLAY).filter(|&t| t < 34).and_then(|t| Tile::new(t as u8));
                    self.held[seat] = discard.map(|d| Move { claim, discard: Some(d) });
                }
            }
            self.pending = [None; 4];
        } else {
            for seat in 0..4 {
                let a = actions[seat];
                let legal = self.masks[seat].get(a).is_some_and(|&m| m != 0);
                self.held[seat] = match action::decode(a, current) {
                    Some(claim) if legal => Some(Move::new(claim)),
                    Some(Claim::Hu) => Some(Move::new(Claim::Hu)),
                    _ => None,
                };
                if legal {
                    if let Some(c @ (Claim::Peng | Claim::Chi { .. })) = self.held[seat].map(|m| m.claim) {
                        self.pending[seat] = Some(c);
                    }
                }
            }
            if self.choosing_discard() {
                self.update_legal();
                return Ok(None);
            }
        }
        for seat in 0..4 {
            let text = &mut self.answers[seat];
            text.clear();
            match self.held[seat] {
                Some(m) if m.write_answer(text) => {}
                _ => text.push_str(REJECTED),
            }
        }
        let turn = self
            .game
            .feed([&self.answers[0], &self.answers[1], &self.answers[2], &self.answers[3]])
            .map_err(engine_error)?;
        self.judge_steps += 1;
        self.seen.observe(turn);
        let terminal = turn.is_terminal();
        let scores = turn.event.scores();
        if let Some(log) = &mut self.log {
            if let Some(last) = log.last_mut() {
                last.responses = self.answers.clone();
            }
            log.push(Logged { turn: turn.clone(), responses: Default::default() });
        }
        if terminal {
            self.over = true;
            self.update_legal();
            let record = self.log.as_ref().filter(|_| self.serialize).map(|log| self.record(log).to_json());
            return Ok(Some(Outcome { scores: scores.unwrap_or([0; 4]), record }));
        }
        self.update_legal();
        Ok(None)
    }

    /// The game in the corpus schema (that of `tests/data/games.jsonl.gz`).
    fn record(&self, log: &[Logged]) -> GameRecord {
        let wall: Vec<String> = self.deal.wall.iter().map(|t| t.name().to_string()).collect();
        debug_assert_eq!(wall.len(), WALL_SIZE);
        let mut record = GameRecord::new(self.game_id.clone(), self.deal.srand.into(), self.deal.quan.into(), wall);
        record.players = vec!["random".to_string(); 4];
        record.turns = log
            .iter()
            .map(|l| {
                let answers = (!l.turn.is_terminal()).then(|| l.responses.each_ref().map(String::as_str));
                TurnRecord::from_turn(&l.turn, answers, [None; 4])
            })
            .collect();
        let last = &log[log.len() - 1].turn.event;
        let before = log.len().checked_sub(2).map(|k| &log[k].turn.event);
        record.expected = Expected::from_events(last, before);
        record.tags = vec!["selfplay".to_string()];
        // A game not under the reference rules says which: `mcr validate
        // --rules NAME` replays it.
        let profile = self.engine().profile();
        if profile != Profile::default() {
            record.rules = Some(profile);
        }
        record
    }
}

/// The engine's refusal a live game stopped on (after its end: game over).
fn engine_error(stop: Stop) -> EngineError {
    match stop {
        Stop::Engine { error, .. } => error,
        _ => EngineError::GameOver,
    }
}

/// One seat's mask: none once over; the discards of a pending claim (or
/// PASS) while claims wait for them; otherwise its legal claims.
fn write_mask(engine: &Engine, pending: &[Option<Claim>; 4], over: bool, seat: u8, mask: &mut [u8]) -> usize {
    if over {
        mask[..NUM_ACTIONS].fill(0);
        return 0;
    }
    if pending.iter().any(Option::is_some) {
        return match pending[seat as usize] {
            Some(claim) => action::write_discard_mask(engine, seat, claim, mask),
            None => {
                mask[..NUM_ACTIONS].fill(0);
                mask[action::PASS] = 1;
                1
            }
        };
    }
    action::write_mask(engine, seat, mask)
}
