//! Dataset self-test: re-checks a game record against the judge's rules
//! without the engine — a second opinion on the data (and, when the engine
//! reproduces the data, on the engine).
//!
//! The checks are those of the public validator's `check_record`
//! (`tests/data/validate_engine.py`): wall integrity, deal and draw order,
//! `tileCnt`, per-step hand and meld legality, claim priority and actor
//! rotation, response/event consistency with the embedded PENG/CHI discards,
//! GANG discrimination by the live discard, BUGANG and robbed kongs, terminal
//! classification, fan and score arithmetic, agreement with `expected`.
//! A few are stricter where the judge is (exact answer strings, the request
//! strings of every turn, `tileCnt` on every display, the winning event's
//! `canHu`), and error games (`expected.ending == "error"`) are checked up to
//! and including their WA/WH verdict.
//!
//! Hands are tile counts and melds fixed arrays: a game costs no allocation
//! beyond its parsed view.

use crate::tiles::{Tile, TILE_KINDS};
use std::fmt;
pub use crate::record::view::GameView;
use crate::record::view::{self, same_text, DisplayView, PerSeat};

/// The named checks; a failure names exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// 136 known tiles, four of each kind.
    Wall,
    /// INIT display and its quan/srand/strlen.
    Init,
    /// The deal: last 13 of each segment, back to front.
    Deal,
    /// Draws come from the drawer's own segment, back to front.
    DrawOrder,
    /// `tileCnt` equals the tiles left in each segment.
    TileCount,
    /// Who acts next: dealer first, next seat after a discard, same seat
    /// after a kong, discards only after one's own draw.
    Rotation,
    /// A discard (plain or PENG/CHI follow-up) comes from the hand.
    Discard,
    /// Standing tiles = 13 - 3 x melds after every discard.
    HandSize,
    Peng,
    Chi,
    /// Melded kong of the live discard.
    Gang,
    /// Concealed kong after one's own draw.
    AnGang,
    /// Promoted kong of one's own PENG.
    BuGang,
    /// The granted claim is the highest-priority one (HU > PENG/GANG > CHI,
    /// nearest downstream seat on ties).
    ClaimPriority,
    /// Answers are well-formed and the next event is the one they ask for.
    Response,
    /// The request strings sent to each seat match the display.
    Request,
    /// HUANG only when the next drawer's segment is empty, and last.
    Huang,
    /// zimo / ron / draw classification against `expected.ending`.
    Ending,
    /// Winner, discarder and qianggang flag against `expected`.
    Winner,
    /// Fan list, fan total, 8-fan minimum.
    Fan,
    /// Score arithmetic, display scores, zero sum.
    Score,
    /// Error games: the WA/WH verdict display.
    Verdict,
    /// A display lacks a key its action needs or holds a bad value.
    Display,
}

impl Check {
    pub const ALL: [Check; 23] = [
        Check::Wall,
        Check::Init,
        Check::Deal,
        Check::DrawOrder,
        Check::TileCount,
        Check::Rotation,
        Check::Discard,
        Check::HandSize,
        Check::Peng,
        Check::Chi,
        Check::Gang,
        Check::AnGang,
        Check::BuGang,
        Check::ClaimPriority,
        Check::Response,
        Check::Request,
        Check::Huang,
        Check::Ending,
        Check::Winner,
        Check::Fan,
        Check::Score,
        Check::Verdict,
        Check::Display,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Check::Wall => "wall",
            Check::Init => "init",
            Check::Deal => "deal",
            Check::DrawOrder => "draw-order",
            Check::TileCount => "tile-count",
            Check::Rotation => "rotation",
            Check::Discard => "discard",
            Check::HandSize => "hand-size",
            Check::Peng => "peng",
            Check::Chi => "chi",
            Check::Gang => "gang",
            Check::AnGang => "angang",
            Check::BuGang => "bugang",
            Check::ClaimPriority => "claim-priority",
            Check::Response => "response",
            Check::Request => "request",
            Check::Huang => "huang",
            Check::Ending => "ending",
            Check::Winner => "winner",
            Check::Fan => "fan",
            Check::Score => "score",
            Check::Verdict => "verdict",
            Check::Display => "display",
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The first violation found in a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckFailure {
    /// Index into `turns`; `None` for record-level checks (the wall).
    pub turn: Option<usize>,
    pub check: Check,
    pub message: String,
}

impl fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            Some(k) => write!(f, "turn {k}: {}: {}", self.check, self.message),
            None => write!(f, "{}: {}", self.check, self.message),
        }
    }
}

impl std::error::Error for CheckFailure {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Outcome {
    #[default]
    Zimo,
    Ron,
    Draw,
    /// Ended by a WA/WH verdict.
    Error,
}

/// What a passing record contains (for summaries and tagging).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    pub outcome: Outcome,
    pub qianggang: bool,
    pub peng: u32,
    pub chi: u32,
    pub minggang: u32,
    pub angang: u32,
    pub bugang: u32,
    /// Discards claimed by two or more seats.
    pub multi_claim: u32,
    /// Discards claimed with HU by two or more seats.
    pub multi_hu: u32,
}

/// Checks one JSON line (the fast path: parse once into a borrowed view).
/// A line that is not a game record is a [`Check::Display`]-free parse error.
pub fn check_json(line: &[u8]) -> Result<Result<Facts, CheckFailure>, serde_json::Error> {
    let view = GameView::parse(line)?;
    Ok(check_game(&view))
}

/// Checks a record parsed with [`crate::record`].
pub fn check_record(rec: &crate::record::GameRecord) -> Result<Facts, CheckFailure> {
    match GameView::from_record(rec) {
        Ok(view) => check_game(&view),
        Err(e) => Err(CheckFailure { turn: None, check: Check::Display, message: format!("record does not fit the game schema: {e}") }),
    }
}

/// Checks one game; returns the first violation.
pub fn check_game(g: &GameView) -> Result<Facts, CheckFailure> {
    let wall = check_wall(g)?;
    let events = read_events(g)?;
    let mut r = Replay::new(g, &wall, &events);
    r.run()?;
    r.terminal()?;
    Ok(r.facts)
}

fn fail(turn: Option<usize>, check: Check, message: String) -> CheckFailure {
    CheckFailure { turn, check, message }
}

macro_rules! ensure {
    ($cond:expr, $turn:expr, $check:ident, $($msg:tt)+) => {
        if !$cond {
            return Err(fail($turn, Check::$check, format!($($msg)+)));
        }
    };
}

fn check_wall(g: &GameView) -> Result<[Tile; 136], CheckFailure> {
    ensure!(g.wall.len() == 136, None, Wall, "wall length {} != 136", g.wall.len());
    let mut wall = [Tile::default(); 136];
    let mut counts = [0u8; TILE_KINDS];
    for (i, text) in g.wall.iter().enumerate() {
        let t = Tile::parse(text.as_str()).map_err(|e| fail(None, Check::Wall, format!("wall[{i}]: {e}")))?;
        counts[t.index()] += 1;
        wall[i] = t;
    }
    if let Some(k) = counts.iter().position(|&c| c != 4) {
        return Err(fail(None, Check::Wall, format!("wall is not 4x each of the 34 tile kinds ({} appears {} times)", Tile::from_index(k as u8), counts[k])));
    }
    Ok(wall)
}

// ---------------------------------------------------------------- events

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Init,
    Deal,
    Draw,
    Play,
    Peng,
    Chi,
    Gang,
    BuGang,
    Hu,
    Huang,
    /// Verdicts of error games.
    Wa,
    Wh,
}

impl Action {
    fn parse(s: &str) -> Option<Action> {
        Some(match s {
            "INIT" => Action::Init,
            "DEAL" => Action::Deal,
            "DRAW" => Action::Draw,
            "PLAY" => Action::Play,
            "PENG" => Action::Peng,
            "CHI" => Action::Chi,
            "GANG" => Action::Gang,
            "BUGANG" => Action::BuGang,
            "HU" => Action::Hu,
            "HUANG" => Action::Huang,
            "WA" => Action::Wa,
            "WH" => Action::Wh,
            _ => return None,
        })
    }
    fn name(self) -> &'static str {
        match self {
            Action::Init => "INIT",
            Action::Deal => "DEAL",
            Action::Draw => "DRAW",
            Action::Play => "PLAY",
            Action::Peng => "PENG",
            Action::Chi => "CHI",
            Action::Gang => "GANG",
            Action::BuGang => "BUGANG",
            Action::Hu => "HU",
            Action::Huang => "HUANG",
            Action::Wa => "WA",
            Action::Wh => "WH",
        }
    }
    fn is_verdict(self) -> bool {
        matches!(self, Action::Wa | Action::Wh)
    }
    fn is_terminal(self) -> bool {
        matches!(self, Action::Hu | Action::Huang | Action::Wa | Action::Wh)
    }
    /// A discard is on the table after it (plain or PENG/CHI follow-up).
    fn is_discard(self) -> bool {
        matches!(self, Action::Play | Action::Peng | Action::Chi)
    }
}

/// The typed core of one display.
#[derive(Clone, Copy, Debug)]
struct Event {
    action: Action,
    player: Option<usize>,
    tile: Option<Tile>,
    /// CHI: the run's middle tile.
    mid: Option<Tile>,
}

impl Event {
    /// Player of an action that always has one (checked in `read_events`).
    fn p(&self) -> usize {
        self.player.unwrap_or(0)
    }
    fn t(&self) -> Tile {
        self.tile.unwrap_or_default()
    }
    fn is(&self, action: Action, player: usize) -> bool {
        self.action == action && self.player == Some(player)
    }
}

/// Reads every display's action, player and tiles, checking that each action
/// carries the keys it needs.
fn read_events(g: &GameView) -> Result<Vec<Event>, CheckFailure> {
    let mut out = Vec::with_capacity(g.turns.len());
    for (k, turn) in g.turns.iter().enumerate() {
        let d = &turn.display;
        let action = Action::parse(d.action.as_str()).ok_or_else(|| fail(Some(k), Check::Display, format!("unknown display action {:?}", d.action.as_str())))?;
        let player = match d.player {
            Some(p) if (0..4).contains(&p) => Some(p as usize),
            Some(p) => return Err(fail(Some(k), Check::Display, format!("{} player {p} is not a seat 0..3", action.name()))),
            None => None,
        };
        let tile_of = |name: &str, v: &Option<view::Text>| -> Result<Option<Tile>, CheckFailure> {
            match v {
                Some(t) => Tile::parse(t.as_str()).map(Some).map_err(|e| fail(Some(k), Check::Display, format!("{} {name}: {e}", action.name()))),
                None => Ok(None),
            }
        };
        let ev = Event { action, player, tile: tile_of("tile", &d.tile)?, mid: tile_of("tileCHI", &d.tile_chi)? };
        let needs_player = !matches!(action, Action::Init | Action::Deal | Action::Huang);
        ensure!(!needs_player || ev.player.is_some(), Some(k), Display, "{} display without player", action.name());
        let needs_tile = matches!(action, Action::Draw | Action::Play | Action::Peng | Action::Chi | Action::BuGang);
        ensure!(!needs_tile || ev.tile.is_some(), Some(k), Display, "{} display without tile", action.name());
        ensure!(action != Action::Chi || ev.mid.is_some(), Some(k), Display, "CHI display without tileCHI");
        out.push(ev);
    }
    Ok(out)
}

// ---------------------------------------------------------------- answers

/// One answer string, by the exact grammar the judge accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Pass,
    Hu,
    Play(Tile),
    Peng(Tile),
    Chi(Tile, Tile),
    /// Melded kong of the last discard (no tile) or concealed kong (tile).
    Gang(Option<Tile>),
    BuGang(Tile),
    /// Anything else: malformed, or a verb the judge does not know.
    Invalid,
}

impl Answer {
    fn parse(s: &str) -> Answer {
        if s == "PASS" {
            return Answer::Pass;
        }
        let mut it = s.split(' ');
        let verb = it.next().unwrap_or("");
        let a = it.next().map(Tile::parse);
        let b = it.next().map(Tile::parse);
        if it.next().is_some() {
            return Answer::Invalid;
        }
        match (verb, a, b) {
            ("PASS", None, None) => Answer::Pass,
            ("HU", None, None) => Answer::Hu,
            ("PLAY", Some(Ok(t)), None) => Answer::Play(t),
            ("PENG", Some(Ok(t)), None) => Answer::Peng(t),
            ("CHI", Some(Ok(m)), Some(Ok(t))) => Answer::Chi(m, t),
            ("GANG", None, None) => Answer::Gang(None),
            ("GANG", Some(Ok(t)), None) => Answer::Gang(Some(t)),
            ("BUGANG", Some(Ok(t)), None) => Answer::BuGang(t),
            _ => Answer::Invalid,
        }
    }

    /// Claim priority on a discard: HU > PENG = GANG > CHI.
    fn claim_priority(self) -> Option<u8> {
        match self {
            Answer::Hu => Some(3),
            Answer::Peng(_) | Answer::Gang(None) => Some(2),
            Answer::Chi(..) => Some(1),
            _ => None,
        }
    }

    fn claim_action(self) -> Action {
        match self {
            Answer::Hu => Action::Hu,
            Answer::Peng(_) => Action::Peng,
            Answer::Chi(..) => Action::Chi,
            _ => Action::Gang,
        }
    }
}

// ---------------------------------------------------------------- replay

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MeldKind {
    Peng,
    Chi,
    Gang,
    AnGang,
}

#[derive(Clone, Copy, Debug)]
struct Meld {
    kind: MeldKind,
    tile: Tile,
}

/// Per-seat hand as tile counts plus up to four melds.
#[derive(Clone, Copy)]
struct Seat {
    counts: [u8; TILE_KINDS],
    len: usize,
    melds: [Option<Meld>; 4],
    meld_count: usize,
    /// Tiles left in the seat's wall segment.
    remain: usize,
}

impl Seat {
    fn has(&self, t: Tile, n: u8) -> bool {
        self.counts[t.index()] >= n
    }
    fn take(&mut self, t: Tile, n: u8) {
        self.counts[t.index()] -= n;
        self.len -= n as usize;
    }
    fn add(&mut self, t: Tile) {
        self.counts[t.index()] += 1;
        self.len += 1;
    }
    fn push_meld(&mut self, kind: MeldKind, tile: Tile) -> bool {
        if self.meld_count == 4 {
            return false;
        }
        self.melds[self.meld_count] = Some(Meld { kind, tile });
        self.meld_count += 1;
        true
    }
}

struct Replay<'g, 'a> {
    g: &'g GameView<'a>,
    wall: &'g [Tile; 136],
    ev: &'g [Event],
    seats: [Seat; 4],
    dealt: bool,
    /// The unclaimed discard on the table and who made it.
    live: Option<(Tile, usize)>,
    facts: Facts,
    /// Index of the WA/WH display in an error game.
    verdict_at: Option<usize>,
    buf: String,
}

impl<'g, 'a> Replay<'g, 'a> {
    fn new(g: &'g GameView<'a>, wall: &'g [Tile; 136], ev: &'g [Event]) -> Self {
        let seat = Seat { counts: [0; TILE_KINDS], len: 0, melds: [None; 4], meld_count: 0, remain: 34 };
        Replay { g, wall, ev, seats: [seat; 4], dealt: false, live: None, facts: Facts::default(), verdict_at: None, buf: String::with_capacity(64) }
    }

    fn is_error_game(&self) -> bool {
        self.g.expected.ending.as_str() == "error"
    }

    fn run(&mut self) -> Result<(), CheckFailure> {
        let n = self.ev.len();
        ensure!(n >= 2, None, Init, "{} turns: a game needs at least INIT and DEAL", n);
        for k in 0..n {
            let e = self.ev[k];
            let prev = if k > 0 { Some(self.ev[k - 1]) } else { None };
            let next = self.ev.get(k + 1).copied();
            ensure!(!e.action.is_terminal() || next.is_none(), Some(k), Ending, "{} is not the last turn", e.action.name());
            ensure!(
                self.dealt || matches!(e.action, Action::Init | Action::Deal) || e.action.is_verdict(),
                Some(k),
                Rotation,
                "{} before the deal",
                e.action.name()
            );
            // Answers that provoked a verdict are judged by the verdict check, not
            // against the next event.
            let follow = match next {
                Some(n) if n.action.is_verdict() => None,
                other => Some(other),
            };
            match e.action {
                Action::Init => self.init(k)?,
                Action::Deal => self.deal(k, prev)?,
                Action::Draw => self.draw(k, e, prev, follow)?,
                Action::Play | Action::Peng | Action::Chi => self.discard(k, e, prev, follow)?,
                Action::Gang => self.gang(k, e, prev, follow)?,
                Action::BuGang => self.bugang(k, e, prev, follow)?,
                Action::Huang => self.huang(k, prev)?,
                Action::Hu => {}
                Action::Wa | Action::Wh => {
                    ensure!(self.is_error_game(), Some(k), Ending, "verdict {} but expected ending is {:?}", e.action.name(), self.g.expected.ending.as_str());
                    self.verdict_at = Some(k);
                }
            }
            self.check_tile_count(k, e)?;
            self.check_request(k, e)?;
        }
        Ok(())
    }

    fn display(&self, k: usize) -> &'g DisplayView<'a> {
        &self.g.turns[k].display
    }

    fn responses(&self, k: usize) -> Option<&'g PerSeat<'a>> {
        self.g.turns[k].responses.as_ref()
    }

    /// Seat `s`'s answer on turn `k`; every seat must answer a non-terminal turn.
    fn answer(&self, k: usize, s: usize) -> Result<Answer, CheckFailure> {
        match self.responses(k).and_then(|r| r.get(s)) {
            Some(text) => Ok(Answer::parse(text)),
            None => Err(fail(Some(k), Check::Response, format!("seat {s} has no response"))),
        }
    }

    fn raw_answer(&self, k: usize, s: usize) -> &'g str {
        self.responses(k).and_then(|r| r.get(s)).unwrap_or("")
    }

    fn init(&mut self, k: usize) -> Result<(), CheckFailure> {
        ensure!(k == 0, Some(k), Init, "INIT at turn {k}");
        let d = self.display(k);
        ensure!(d.quan == Some(self.g.quan), Some(k), Init, "INIT quan {:?} != record quan {}", d.quan, self.g.quan);
        ensure!(d.srand == Some(self.g.srand), Some(k), Init, "INIT srand {:?} != record srand {}", d.srand, self.g.srand);
        // The judge reports the length of the space-separated walltiles string.
        let strlen = self.g.wall.iter().map(|t| t.as_str().len()).sum::<usize>() + self.g.wall.len() - 1;
        ensure!(d.strlen == Some(strlen as i64), Some(k), Init, "INIT strlen {:?} != {strlen}", d.strlen);
        Ok(())
    }

    fn deal(&mut self, k: usize, prev: Option<Event>) -> Result<(), CheckFailure> {
        ensure!(k == 1 && prev.map(|p| p.action) == Some(Action::Init), Some(k), Deal, "DEAL must follow INIT at turn 1");
        let hands = self.display(k).hand.as_ref().ok_or_else(|| fail(Some(k), Check::Display, "DEAL display without hand".into()))?;
        ensure!(hands.len() == 4, Some(k), Deal, "DEAL has {} hands", hands.len());
        for (s, hand) in hands.iter().enumerate() {
            let seg = &self.wall[34 * s..34 * s + 34];
            let ok = hand.len() == 13 && hand.iter().enumerate().all(|(i, t)| t.as_str() == seg[33 - i].name());
            ensure!(ok, Some(k), Deal, "seat {s} dealt hand != last-13-reversed of wall segment");
            let seat = &mut self.seats[s];
            for t in &seg[21..] {
                seat.add(*t);
            }
            seat.remain = 21;
        }
        self.dealt = true;
        Ok(())
    }

    fn draw(&mut self, k: usize, e: Event, prev: Option<Event>, follow: Option<Option<Event>>) -> Result<(), CheckFailure> {
        let (s, t) = (e.p(), e.t());
        let Some(prev) = prev else { return Err(fail(Some(k), Check::Rotation, "DRAW at turn 0".into())) };
        match prev.action {
            Action::Gang | Action::BuGang => ensure!(s == prev.p(), Some(k), Rotation, "replacement draw by seat {s}, kong was seat {}", prev.p()),
            a if a.is_discard() => ensure!(s == (prev.p() + 1) % 4, Some(k), Rotation, "draw out of rotation: seat {s} after seat {}'s discard", prev.p()),
            Action::Deal => ensure!(s == 0, Some(k), Rotation, "first draw not by dealer (seat 0)"),
            a => return Err(fail(Some(k), Check::Rotation, format!("DRAW after {}", a.name()))),
        }
        let seat = &mut self.seats[s];
        ensure!(seat.remain > 0, Some(k), DrawOrder, "seat {s} draws from empty segment");
        let want = self.wall[34 * s + seat.remain - 1];
        ensure!(want == t, Some(k), DrawOrder, "draw {t} != wall order tile {want}");
        seat.remain -= 1;
        seat.add(t);
        self.live = None;

        let Some(next) = follow else { return Ok(()) };
        for o in (0..4).filter(|&o| o != s) {
            ensure!(self.answer(k, o)? == Answer::Pass, Some(k), Response, "seat {o} answered {:?} to seat {s}'s draw", self.raw_answer(k, o));
        }
        let honored = match (self.answer(k, s)?, next) {
            (Answer::Play(x), Some(n)) => n.is(Action::Play, s) && n.tile == Some(x),
            (Answer::Gang(Some(x)), Some(n)) => n.is(Action::Gang, s) && n.tile == Some(x),
            (Answer::BuGang(x), Some(n)) => n.is(Action::BuGang, s) && n.tile == Some(x),
            (Answer::Hu, Some(n)) => n.is(Action::Hu, s),
            (Answer::Play(_) | Answer::Gang(Some(_)) | Answer::BuGang(_) | Answer::Hu, None) => false,
            _ => return Err(fail(Some(k), Check::Response, format!("drawer seat {s} answered {:?}", self.raw_answer(k, s)))),
        };
        ensure!(honored, Some(k), Response, "seat {s}'s answer {:?} not honored by the next event", self.raw_answer(k, s));
        Ok(())
    }

    fn discard(&mut self, k: usize, e: Event, prev: Option<Event>, follow: Option<Option<Event>>) -> Result<(), CheckFailure> {
        let s = e.p();
        match e.action {
            Action::Play => {
                ensure!(prev.is_some_and(|p| p.is(Action::Draw, s)), Some(k), Rotation, "PLAY not after own draw");
            }
            Action::Peng => {
                let Some((ct, _)) = self.live.filter(|&(_, from)| from != s) else {
                    return Err(fail(Some(k), Check::Peng, "PENG with no live discard".into()));
                };
                let seat = &mut self.seats[s];
                ensure!(seat.has(ct, 2), Some(k), Peng, "PENG of {ct} without 2 matching tiles in hand");
                seat.take(ct, 2);
                ensure!(seat.push_meld(MeldKind::Peng, ct), Some(k), Peng, "a fifth meld");
                self.facts.peng += 1;
            }
            _ => {
                let Some((ct, from)) = self.live else {
                    return Err(fail(Some(k), Check::Chi, "CHI with no live discard".into()));
                };
                ensure!((s + 4 - from) % 4 == 1, Some(k), Chi, "CHI by seat {s} from non-left neighbour seat {from}");
                let mid = e.mid.unwrap_or_default();
                ensure!(mid.is_suited() && ct.suit() == mid.suit(), Some(k), Chi, "CHI suit mismatch: run middle {mid}, claimed {ct}");
                ensure!((2..=8).contains(&mid.rank()), Some(k), Chi, "CHI middle tile {mid} cannot be a run's middle");
                ensure!(ct.rank().abs_diff(mid.rank()) <= 1, Some(k), Chi, "claimed tile {ct} not part of the run around {mid}");
                let seat = &mut self.seats[s];
                for x in [mid.prev(), Some(mid), mid.next()].into_iter().flatten().filter(|&x| x != ct) {
                    ensure!(seat.has(x, 1), Some(k), Chi, "CHI filler {x} not in hand");
                    seat.take(x, 1);
                }
                ensure!(seat.push_meld(MeldKind::Chi, mid), Some(k), Chi, "a fifth meld");
                self.facts.chi += 1;
            }
        }
        // The plain or embedded (PENG/CHI follow-up) discard.
        let out = e.t();
        let seat = &mut self.seats[s];
        ensure!(seat.has(out, 1), Some(k), Discard, "discard {out} not in hand");
        seat.take(out, 1);
        let want = 13 - 3 * seat.meld_count;
        ensure!(seat.len == want, Some(k), HandSize, "seat {s} hand size {} with {} melds", seat.len, seat.meld_count);
        self.live = Some((out, s));

        let Some(next) = follow else { return Ok(()) };
        self.resolve_claims(k, s, next)
    }

    /// Claim arbitration on seat `s`'s discard at turn `k`.
    fn resolve_claims(&mut self, k: usize, s: usize, next: Option<Event>) -> Result<(), CheckFailure> {
        ensure!(self.answer(k, s)? == Answer::Pass, Some(k), Response, "discarder seat {s} answered {:?}", self.raw_answer(k, s));
        let mut best: Option<(u8, usize, Answer)> = None;
        let (mut claims, mut hus) = (0, 0);
        // Downstream order, so that the first of equal priority is the nearest.
        for o in (1..4).map(|i| (s + i) % 4) {
            let a = self.answer(k, o)?;
            if a == Answer::Pass {
                continue;
            }
            let Some(prio) = a.claim_priority() else {
                return Err(fail(Some(k), Check::Response, format!("seat {o} answered {:?} to a discard", self.raw_answer(k, o))));
            };
            claims += 1;
            hus += (a == Answer::Hu) as u32;
            if best.is_none_or(|(b, _, _)| prio > b) {
                best = Some((prio, o, a));
            }
        }
        if claims > 1 {
            self.facts.multi_claim += 1;
        }
        if hus > 1 {
            self.facts.multi_hu += 1;
        }
        let Some((_, ws, a)) = best else {
            ensure!(
                next.is_some_and(|n| matches!(n.action, Action::Draw | Action::Huang)),
                Some(k),
                Response,
                "no claim: expected DRAW/HUANG next, got {}",
                next.map_or("end of log", |n| n.action.name())
            );
            return Ok(());
        };
        let Some(n) = next else {
            return Err(fail(Some(k), Check::ClaimPriority, "claim pending but log ended".into()));
        };
        ensure!(n.player == Some(ws), Some(k), ClaimPriority, "expected seat {ws} to act next, got {} by {}", n.action.name(), n.player.map_or("nobody".into(), |p| format!("seat {p}")));
        ensure!(n.action == a.claim_action(), Some(k), ClaimPriority, "granted claim {} != next event {}", a.claim_action().name(), n.action.name());
        match a {
            Answer::Peng(x) => ensure!(n.tile == Some(x), Some(k), Response, "PENG follow-up discard {x} != event tile {:?}", n.tile),
            Answer::Chi(m, x) => ensure!(n.mid == Some(m) && n.tile == Some(x), Some(k), Response, "CHI mid/follow-up {m} {x} != event {:?} {:?}", n.mid, n.tile),
            _ => {}
        }
        Ok(())
    }

    fn gang(&mut self, k: usize, e: Event, prev: Option<Event>, follow: Option<Option<Event>>) -> Result<(), CheckFailure> {
        let s = e.p();
        if let Some((ct, from)) = self.live {
            // A GANG while a discard is live is a melded kong of that discard.
            ensure!(s != from, Some(k), Gang, "GANG of own discard");
            ensure!(e.tile == Some(ct), Some(k), Gang, "melded GANG tile {:?} != live discard {ct}", e.tile);
            let seat = &mut self.seats[s];
            ensure!(seat.counts[ct.index()] == 3, Some(k), Gang, "melded GANG of {ct} without 3 in hand");
            seat.take(ct, 3);
            ensure!(seat.push_meld(MeldKind::Gang, ct), Some(k), Gang, "a fifth meld");
            self.live = None;
            self.facts.minggang += 1;
        } else {
            // No live discard: a concealed kong right after one's own draw.
            ensure!(prev.is_some_and(|p| p.is(Action::Draw, s)), Some(k), AnGang, "AnGang not after own draw");
            let Some(t) = e.tile else {
                return Err(fail(Some(k), Check::AnGang, "concealed GANG display without tile".into()));
            };
            let seat = &mut self.seats[s];
            ensure!(seat.counts[t.index()] == 4, Some(k), AnGang, "AnGang of {t} without 4 in hand");
            seat.take(t, 4);
            ensure!(seat.push_meld(MeldKind::AnGang, t), Some(k), AnGang, "a fifth meld");
            self.facts.angang += 1;
        }
        let Some(next) = follow else { return Ok(()) };
        for o in 0..4 {
            ensure!(self.answer(k, o)? == Answer::Pass, Some(k), Response, "seat {o} answered {:?} to a GANG", self.raw_answer(k, o));
        }
        ensure!(
            next.is_some_and(|n| n.is(Action::Draw, s) || n.action == Action::Huang),
            Some(k),
            Response,
            "no replacement draw after GANG"
        );
        Ok(())
    }

    fn bugang(&mut self, k: usize, e: Event, prev: Option<Event>, follow: Option<Option<Event>>) -> Result<(), CheckFailure> {
        let (s, t) = (e.p(), e.t());
        ensure!(prev.is_some_and(|p| p.is(Action::Draw, s)), Some(k), BuGang, "BUGANG not after own draw");
        let seat = &mut self.seats[s];
        let Some(i) = seat.melds[..seat.meld_count].iter().position(|m| m.is_some_and(|m| m.kind == MeldKind::Peng && m.tile == t)) else {
            return Err(fail(Some(k), Check::BuGang, format!("BUGANG of {t} without matching PENG meld")));
        };
        ensure!(seat.has(t, 1), Some(k), BuGang, "BUGANG tile {t} not in hand");
        seat.take(t, 1);
        seat.melds[i] = Some(Meld { kind: MeldKind::Gang, tile: t });
        self.live = None;
        self.facts.bugang += 1;

        let Some(next) = follow else { return Ok(()) };
        // Robbing the kong: the first HU downstream of the kong player wins.
        ensure!(self.answer(k, s)? == Answer::Pass, Some(k), Response, "kong player seat {s} answered {:?}", self.raw_answer(k, s));
        let mut robber = None;
        for o in (1..4).map(|i| (s + i) % 4) {
            match self.answer(k, o)? {
                Answer::Pass => {}
                Answer::Hu => robber = robber.or(Some(o)),
                _ => return Err(fail(Some(k), Check::Response, format!("seat {o} answered {:?} to a BUGANG", self.raw_answer(k, o)))),
            }
        }
        match robber {
            Some(w) => ensure!(next.is_some_and(|n| n.is(Action::Hu, w)), Some(k), ClaimPriority, "qianggang HU by seat {w} not honored"),
            None => ensure!(
                next.is_some_and(|n| n.is(Action::Draw, s) || n.action == Action::Huang),
                Some(k),
                Response,
                "no replacement draw after BUGANG"
            ),
        }
        Ok(())
    }

    fn huang(&mut self, k: usize, prev: Option<Event>) -> Result<(), CheckFailure> {
        let Some(prev) = prev else { return Err(fail(Some(k), Check::Huang, "HUANG at turn 0".into())) };
        let drawer = match prev.action {
            a if a.is_discard() => (prev.p() + 1) % 4,
            Action::Gang | Action::BuGang => prev.p(),
            Action::Deal => 0,
            a => return Err(fail(Some(k), Check::Huang, format!("HUANG after {}", a.name()))),
        };
        let left = self.seats[drawer].remain;
        ensure!(left == 0, Some(k), Huang, "HUANG but next drawer seat {drawer} still has {left} wall tiles");
        Ok(())
    }

    /// `tileCnt` is on every display but INIT, HU and verdicts.
    fn check_tile_count(&self, k: usize, e: Event) -> Result<(), CheckFailure> {
        if matches!(e.action, Action::Init | Action::Hu | Action::Wa | Action::Wh) {
            return Ok(());
        }
        let Some(cnt) = &self.display(k).tile_cnt else {
            return Err(fail(Some(k), Check::TileCount, format!("{} display without tileCnt", e.action.name())));
        };
        let ok = cnt.four().is_some_and(|c| (0..4).all(|s| c[s] == self.seats[s].remain as i64));
        ensure!(ok, Some(k), TileCount, "tileCnt {cnt:?} != segments left {:?}", self.seats.map(|s| s.remain));
        Ok(())
    }

    /// Turn `k`'s requests announce display `k` to each seat. Built with
    /// `push_str` once per turn (per seat only where they differ): this runs
    /// four times a turn and formatting machinery would dominate the check.
    fn check_request(&mut self, k: usize, e: Event) -> Result<(), CheckFailure> {
        let req = self.g.turns[k].request.as_ref();
        if e.action.is_terminal() {
            ensure!(req.is_none_or(|r| r.is_empty()), Some(k), Request, "terminal turn carries requests");
            return Ok(());
        }
        let Some(req) = req else {
            return Err(fail(Some(k), Check::Request, "turn without requests".into()));
        };
        const SEAT: [&str; 4] = ["0", "1", "2", "3"];
        let p = SEAT[e.p()];
        let per_seat = matches!(e.action, Action::Init | Action::Deal | Action::Draw);
        for (s, seat) in SEAT.iter().enumerate() {
            if s == 0 || per_seat {
                let b = &mut self.buf;
                b.clear();
                match e.action {
                    Action::Init => {
                        b.push_str("0 ");
                        b.push_str(seat);
                        b.push(' ');
                        b.push_str(&self.g.quan.to_string());
                    }
                    Action::Deal => {
                        // The segment's last 13 tiles, back to front.
                        b.push_str("1 0 0 0 0");
                        for t in self.wall[34 * s + 21..34 * s + 34].iter().rev() {
                            b.push(' ');
                            b.push_str(t.name());
                        }
                    }
                    Action::Draw if *seat == p => {
                        b.push_str("2 ");
                        b.push_str(e.t().name());
                    }
                    _ => {
                        b.push_str("3 ");
                        b.push_str(p);
                        b.push(' ');
                        b.push_str(e.action.name());
                        if e.action == Action::Chi {
                            b.push(' ');
                            b.push_str(e.mid.unwrap_or_default().name());
                        }
                        if !matches!(e.action, Action::Draw | Action::Gang) {
                            b.push(' ');
                            b.push_str(e.t().name());
                        }
                    }
                }
            }
            let got = req.get(s);
            ensure!(got.is_some_and(|g| same_text(g, &self.buf)), Some(k), Request, "request to seat {s} is {got:?}, the display says {:?}", self.buf);
        }
        Ok(())
    }

    // ------------------------------------------------------------ terminal

    fn terminal(&mut self) -> Result<(), CheckFailure> {
        if self.is_error_game() {
            return self.verdict();
        }
        let last_k = self.ev.len() - 1;
        let last = self.ev[last_k];
        let exp = &self.g.expected;
        let at = Some(last_k);
        // Classification of the end, from the live-discard state at the end.
        let (ending, winner, discarder, qianggang) = match last.action {
            Action::Huang => ("draw", None, None, false),
            Action::Hu => {
                let w = last.p();
                let prev = self.ev[last_k - 1];
                if prev.action == Action::BuGang {
                    ("ron", Some(w), Some(prev.p()), true)
                } else if let Some((_, from)) = self.live {
                    ("ron", Some(w), Some(from), false)
                } else {
                    ("zimo", Some(w), None, false)
                }
            }
            a => return Err(fail(at, Check::Ending, format!("game ends with {} instead of HU or HUANG", a.name()))),
        };
        ensure!(ending == exp.ending.as_str(), at, Ending, "ending {ending} != expected {}", exp.ending.as_str());
        let seat = |x: Option<usize>| x.map(|s| s as i64);
        ensure!(seat(winner) == exp.winner, at, Winner, "winner {winner:?} != expected {:?}", exp.winner);
        ensure!(seat(discarder) == exp.discarder, at, Winner, "discarder {discarder:?} != expected {:?}", exp.discarder);
        ensure!(Some(qianggang) == exp.qianggang, at, Winner, "qianggang {qianggang} != expected {:?}", exp.qianggang);
        self.facts.qianggang = qianggang;

        let scores = exp.scores.as_deref().ok_or_else(|| fail(at, Check::Score, "expected block without scores".into()))?;
        ensure!(scores.len() == 4, at, Score, "expected scores {scores:?} are not four");
        let fan = exp.fan.as_deref().unwrap_or(&[]);
        let fan_total = exp.fan_total.ok_or_else(|| fail(at, Check::Fan, "expected block without fan_total".into()))?;
        if ending == "draw" {
            self.facts.outcome = Outcome::Draw;
            ensure!(scores == [0, 0, 0, 0], at, Score, "draw scores {scores:?} not all 0");
            ensure!(fan_total == 0 && fan.is_empty(), at, Fan, "draw with fan");
        } else {
            self.facts.outcome = if ending == "zimo" { Outcome::Zimo } else { Outcome::Ron };
            let d = self.display(last_k);
            let fan_sum: i64 = fan.iter().map(|(_, v, c)| v * c).sum();
            ensure!(fan_sum == fan_total, at, Fan, "fan list sums to {fan_sum} != fan_total {fan_total}");
            ensure!(d.fan_cnt == Some(fan_total), at, Fan, "display fanCnt {:?} != fan_total {fan_total}", d.fan_cnt);
            let same_list = d.fan.as_ref().is_some_and(|df| {
                df.len() == fan.len() && df.iter().zip(fan).all(|(a, (n, v, c))| a.name == *n && a.value == *v && a.cnt == *c)
            });
            ensure!(same_list, at, Fan, "display fan list != expected fan list");
            ensure!(fan_total >= 8, at, Fan, "winning hand below the 8-fan minimum ({fan_total})");
            // The winning event's canHu is the judge's own fan count for the win.
            let w = winner.unwrap_or(0);
            let can_hu = self.display(last_k - 1).can_hu.and_then(|c| c.get(w));
            ensure!(can_hu == Some(fan_total), Some(last_k - 1), Fan, "winning event canHu[{w}] {can_hu:?} != fan_total {fan_total}");
            ensure!(d.score.and_then(|x| x.four()).is_some_and(|x| x == scores), at, Score, "display score {:?} != expected {scores:?}", d.score);
            let want = expected_scores(ending == "zimo", w, discarder, fan_total);
            ensure!(want == scores, at, Score, "score arithmetic: computed {want:?} != logged {scores:?}");
        }
        ensure!(scores.iter().sum::<i64>() == 0, at, Score, "scores {scores:?} do not sum to 0");
        Ok(())
    }

    /// Error games: the last display is the verdict on the offender.
    fn verdict(&mut self) -> Result<(), CheckFailure> {
        let last_k = self.ev.len() - 1;
        let at = Some(last_k);
        let exp = &self.g.expected;
        let Some(k) = self.verdict_at else {
            return Err(fail(at, Check::Ending, format!("error game ends with {} instead of a WA/WH verdict", self.ev[last_k].action.name())));
        };
        self.facts.outcome = Outcome::Error;
        let e = self.ev[k];
        let off = exp.offender.ok_or_else(|| fail(at, Check::Verdict, "error game without offender".into()))?;
        ensure!(Some(e.action.name()) == exp.verdict.as_ref().map(|v| v.as_str()), at, Verdict, "verdict {} != expected {:?}", e.action.name(), exp.verdict);
        ensure!(e.p() as i64 == off, at, Verdict, "verdict player {} != expected offender {off}", e.p());
        let scores = exp.scores.as_deref().ok_or_else(|| fail(at, Check::Score, "expected block without scores".into()))?;
        let want: Vec<i64> = (0..4).map(|s| if s as i64 == off { -30 } else { 10 }).collect();
        ensure!(scores == want, at, Score, "expected scores {scores:?} != verdict scores {want:?}");
        let shown = self.display(k).score;
        ensure!(shown.and_then(|x| x.four()).is_some_and(|x| x == scores), at, Score, "display score {shown:?} != expected {scores:?}");
        ensure!(scores.iter().sum::<i64>() == 0, at, Score, "scores {scores:?} do not sum to 0");
        // The verdict answers the previous turn; WH is a HU below 8 fan.
        let asked = k.checked_sub(1).map(|p| self.raw_answer(p, e.p()));
        if e.action == Action::Wh {
            ensure!(asked == Some("HU"), at, Verdict, "WH but the offender answered {asked:?}");
            let d = self.display(k);
            let Some(fc) = d.fan_cnt else {
                return Err(fail(at, Check::Verdict, "WH display without fanCnt".into()));
            };
            ensure!(fc < 8, at, Verdict, "WH with fanCnt {fc} >= 8");
            if let Some(f) = &d.fan {
                let sum: i64 = f.iter().map(|x| x.value * x.cnt).sum();
                ensure!(sum == fc, at, Verdict, "WH fan list sums to {sum} != fanCnt {fc}");
            }
        }
        if let Some(inj) = &self.g.injected {
            ensure!(inj.seat == off, at, Verdict, "injected seat {} != offender {off}", inj.seat);
            ensure!(inj.turn + 1 == k as i64, at, Verdict, "injected at turn {} but verdict at turn {k}", inj.turn);
            ensure!(asked == Some(inj.response.as_str()), at, Verdict, "offender answered {asked:?}, injected {:?}", inj.response.as_str());
        }
        Ok(())
    }
}

/// zimo: winner +3(8+f), others -(8+f); ron: winner 3*8+f, discarder -(8+f),
/// bystanders -8.
fn expected_scores(zimo: bool, winner: usize, discarder: Option<usize>, fan: i64) -> [i64; 4] {
    let mut sc = [0; 4];
    for (s, v) in sc.iter_mut().enumerate() {
        *v = if zimo {
            if s == winner { 3 * (8 + fan) } else { -(8 + fan) }
        } else if s == winner {
            3 * 8 + fan
        } else if Some(s) == discarder {
            -(8 + fan)
        } else {
            -8
        };
    }
    sc
}
