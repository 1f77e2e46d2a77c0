//! A text game made a record: the wall rebuilt from the deals and draws, the
//! answers read off the actions, the game replayed through the engine
//! ([`Replayer::live`]) and every logged event, the `Fan` total and the
//! `Score` line checked against what the engine emits.
//!
//! - **Wall.** Seat s deals and draws from the back of its segment
//!   `wall[34s..34s+34]`: its k-th tile (13 dealt, then its draws in order,
//!   kong replacements included) is `wall[34s + 33 - k]`. The positions never
//!   reached are filled with the tiles nobody saw, lowest kind first
//!   (W1..J3), front of seat 0's segment first; `wall_known[s]` is how many
//!   tiles of segment s the text shows (the back ones).
//! - **Answers.** The drawer answers its next line (`Play` -> `PLAY t`,
//!   `AnGang` -> `GANG t`, `BuGang` -> `BUGANG t`, `Hu` -> `HU`: a `Hu`
//!   after the seat's own draw is self-drawn, its tile the drawn one or the
//!   last tile given up before it, see `given_up_before`). After a discard,
//!   a claim line answers for its seat (`Chi M` + the next `Play X`
//!   -> `CHI M X`, `Peng` + `Play X` -> `PENG X`, `Gang` -> `GANG`, `Hu` ->
//!   `HU`), each `Ignore` clause for its seat (the same words; an ignored
//!   `Chi`/`Peng` gets the lowest tile the judge would accept as its discard,
//!   which the text does not give and the judge never reads), every other
//!   seat `PASS`.
//! - **srand** is 0: the text has none, and with a wall given the judge only
//!   echoes it in the INIT display.

use std::collections::BTreeMap;

use arrayvec::ArrayString;

use super::line::{Ignored, Verb, DEALT};
use super::read::{Act, End, Game};
use crate::record::{Expected, GameRecord, TurnRecord};
use crate::replay::Replayer;
use mcr_core::engine::answer::{Answer, Verb as AnswerVerb};
use mcr_core::engine::legal::{chow_around, Claim};
use mcr_core::engine::{Engine, Event, Turn, WALL_SIZE};
use mcr_core::fans::{self, FanResult};
use mcr_core::tiles::{Tile, TILE_KINDS};

/// Tiles in each seat's wall segment.
const SEGMENT: usize = 34;

/// A problem with the game as the checks find it: the line and the words.
type Located = (usize, String);

/// Where a text game and the judge part: the line (1-based, in the file)
/// and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fault {
    /// The line at fault.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl From<Located> for Fault {
    fn from((line, why): Located) -> Fault {
        Fault { line, why }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for Fault {}

/// A game that replays as written: its record (`wall_known`: the tiles of
/// each segment the text shows) and remarks.
#[derive(Debug)]
pub struct Rebuilt {
    /// The game as a record.
    pub record: GameRecord,
    /// Remarks that do not reject the game (a `Fan` description whose terms
    /// disagree with the judge's list while the total agrees).
    pub notes: Vec<String>,
}

/// Replays `game` and builds its record, or says where the text and the
/// judge part.
pub fn rebuild(game: &Game) -> Result<Rebuilt, Fault> {
    let mut turns = Vec::with_capacity(game.acts.len() + 4);
    // The event before the last (what the ending needs), and the ending.
    let mut before: Option<Event> = None;
    let mut expected = None;
    let (_, checked) = replay_checked(game, Engine::new(), |_, _, turn, answers| {
        turns.push(TurnRecord::from_turn(turn, answers.map(Answers::texts), [None; 4]));
        if answers.is_none() {
            expected = Some(Expected::from_events(&turn.event, before.as_ref()));
        } else if matches!(
            turn.event,
            Event::Draw { .. } | Event::Play { .. } | Event::Peng { .. } | Event::Chi { .. } | Event::BuGang { .. }
        ) {
            before = Some(turn.event.clone());
        }
    });
    let Checked { wall, wall_known, notes } = checked?;
    let names = wall.iter().map(|t| t.name().to_string()).collect();
    let mut record = GameRecord::new(game.id.clone(), 0, game.wind as i64, names);
    record.expected = expected.unwrap_or_default();
    record.turns = turns;
    record.wall_known = Some(wall_known.to_vec());
    Ok(Rebuilt { record, notes })
}

/// What a text game replayed as written gives besides its turns: the wall
/// rebuilt, the tiles of each segment the text shows, remarks.
#[derive(Debug)]
pub struct Checked {
    /// The wall rebuilt.
    pub wall: [Tile; WALL_SIZE],
    /// How many tiles of each seat's segment the text shows.
    pub wall_known: [u8; 4],
    /// Remarks that do not reject the game.
    pub notes: Vec<String>,
}

/// The four answers to a turn read off the text: as a record writes them,
/// and as the judge reads them (what the engine is fed).
#[derive(Clone, Copy, Debug)]
pub struct Answers {
    /// `CHI W2 W3` is the longest.
    text: [ArrayString<16>; 4],
    /// As the judge reads them.
    pub read: [Answer; 4],
}

impl Answers {
    fn all_pass() -> Answers {
        let mut pass = ArrayString::new();
        pass.push_str("PASS");
        Answers { text: [pass; 4], read: [Answer::PASS; 4] }
    }

    /// Seat `seat` answers `verb` with `tiles` (at most two).
    fn set(&mut self, seat: u8, verb: AnswerVerb, tiles: &[Tile]) {
        let text = &mut self.text[seat as usize];
        text.clear();
        let _ = text.try_push_str(verb.word().unwrap_or_default());
        for t in tiles {
            let _ = text.try_push_str(" ");
            let _ = text.try_push_str(t.name());
        }
        let read = Answer { verb, arity: tiles.len(), args: [tiles.first().copied(), tiles.get(1).copied()] };
        debug_assert_eq!(read, Answer::parse(text), "{text}");
        self.read[seat as usize] = read;
    }

    /// The answers as written.
    pub fn texts(&self) -> [&str; 4] {
        std::array::from_fn(|s| self.text[s].as_str())
    }
}

/// Replays `game` on `engine` (its profile's judge), checking each logged
/// event, the `Fan` total and the `Score` line against what the engine
/// emits. `visit` sees every turn as the engine emits it: its index (0 is
/// INIT), the engine before the answers are read, the turn, and the
/// answers read off the text (`None` on the last turn). The engine is
/// given back either way, for the next game.
pub fn replay_checked(
    game: &Game,
    engine: Engine,
    visit: impl FnMut(usize, &Engine, &Turn, Option<&Answers>),
) -> (Engine, Result<Checked, Fault>) {
    let (engine, checked) = replay_located(game, engine, visit);
    (engine, checked.map_err(Fault::from))
}

/// [`replay_checked`], its problems as located words.
fn replay_located(
    game: &Game,
    engine: Engine,
    mut visit: impl FnMut(usize, &Engine, &Turn, Option<&Answers>),
) -> (Engine, Result<Checked, Located>) {
    let profile = engine.profile();
    let (wall, wall_known) = match build_wall(game) {
        Ok(w) => w,
        Err(f) => return (engine, Err(f)),
    };
    let mut replay = match Replayer::live_tiles(engine, &wall, game.wind as i64, 0) {
        Ok(r) => r,
        Err(e) => {
            return (Engine::with_profile(profile), Err((game.line, format!("the engine refuses the game: {e}"))))
        }
    };
    let result = (|| {
        let mut cursor = Cursor { acts: &game.acts, next: 0 };
        let mut notes = Vec::new();
        // The line the last answers were read from.
        let mut answered = game.line;
        let mut index = 0;
        loop {
            let turn = replay.turn().ok_or((game.line, "internal error: the replay has no turn".to_string()))?;
            check_event(game, &mut cursor, turn, answered)?;
            if turn.is_terminal() {
                check_end(game, &cursor, turn, &mut notes)?;
                visit(index, replay.engine(), turn, None);
                return Ok(Checked { wall, wall_known, notes });
            }
            let (answers, line) = answers_to(game, &cursor, replay.engine(), turn)?;
            if let Some(line) = line {
                answered = line;
            }
            visit(index, replay.engine(), turn, Some(&answers));
            replay
                .feed_answers(answers.read)
                .map_err(|e| (answered, format!("the engine refuses the answers: {e}")))?;
            index += 1;
        }
    })();
    (replay.into_engine(), result)
}

/// The wall: each seat's dealt and drawn tiles at the back of its segment,
/// the unseen positions filled with the unseen tiles.
fn build_wall(game: &Game) -> Result<([Tile; WALL_SIZE], [u8; 4]), Located> {
    let draws = game.acts.iter().filter(|a| a.verb == Verb::Draw).map(|a| (a.seat, a.tile, a.line));
    wall_from_draws(&game.deals, game.deal_lines, draws)
}

/// The wall of a game whose deals and draws are known, and how many tiles of
/// each seat's segment they show (see the module): seat s's 13 dealt tiles
/// (`deals[s]`, told at `deal_places[s]`), then each draw `(seat, tile,
/// place)` in the order of play, kong replacements included, fill the back
/// of its segment; the positions never reached get the tiles nobody saw,
/// lowest kind first, front of seat 0's segment first. A `place` (a line, a
/// log entry) locates a fault: a fifth copy of a tile, a 22nd draw from one
/// segment.
pub fn wall_from_draws(
    deals: &[[Tile; DEALT]; 4],
    deal_places: [usize; 4],
    draws: impl IntoIterator<Item = (u8, Tile, usize)>,
) -> Result<([Tile; WALL_SIZE], [u8; 4]), Located> {
    let mut wall = [Tile::default(); WALL_SIZE];
    let mut known = [0usize; 4];
    let mut count = [0u8; TILE_KINDS];
    let mut put = |seat: u8, tile: Tile, line: usize, known: &mut [usize; 4]| -> Result<(), Located> {
        let s = seat as usize % 4;
        if known[s] == SEGMENT {
            return Err((
                line,
                format!("Player {seat} draws a 22nd time: a seat's wall segment holds 34 tiles (13 dealt, 21 drawn)"),
            ));
        }
        count[tile.index()] += 1;
        if count[tile.index()] > 4 {
            return Err((line, format!("a fifth {tile}: each tile appears 4 times in the wall")));
        }
        wall[SEGMENT * s + SEGMENT - 1 - known[s]] = tile;
        known[s] += 1;
        Ok(())
    };
    for seat in 0..4u8 {
        for &t in &deals[seat as usize] {
            put(seat, t, deal_places[seat as usize], &mut known)?;
        }
    }
    for (seat, tile, line) in draws {
        put(seat, tile, line, &mut known)?;
    }
    let mut unseen = Tile::all().flat_map(|t| std::iter::repeat_n(t, 4 - count[t.index()] as usize));
    for (s, &k) in known.iter().enumerate() {
        for slot in &mut wall[SEGMENT * s..SEGMENT * (s + 1) - k] {
            *slot = unseen.next().expect("as many unseen tiles as unseen positions");
        }
    }
    Ok((wall, known.map(|k| k as u8)))
}

/// The actions not yet matched with an event.
struct Cursor<'g> {
    acts: &'g [Act],
    next: usize,
}

impl<'g> Cursor<'g> {
    fn peek(&self) -> Option<&'g Act> {
        self.acts.get(self.next)
    }
    fn peek2(&self) -> Option<&'g Act> {
        self.acts.get(self.next + 1)
    }
}

/// `Player N Verb tile` as written.
fn act_text(a: &Act) -> String {
    format!("Player {} {} {}", a.seat, a.verb.word(), a.tile)
}

/// The event as the text would say it.
fn event_text(e: &Event) -> String {
    match e {
        Event::Init { .. } => "INIT".into(),
        Event::Deal { .. } => "the deal".into(),
        Event::Draw { player, tile } => format!("Player {player} Draw {tile}"),
        Event::Play { player, tile } => format!("Player {player} Play {tile}"),
        Event::Peng { player, tile } => format!("Player {player} Peng, then Play {tile}"),
        Event::Chi { player, middle, tile } => format!("Player {player} Chi {middle}, then Play {tile}"),
        Event::Gang { player, tile } => format!("Player {player} Gang/AnGang {tile}"),
        Event::BuGang { player, tile } => format!("Player {player} BuGang {tile}"),
        Event::Huang => "Huang".into(),
        Event::Hu { player, .. } => format!("Player {player} Hu"),
        Event::WrongAnswer { player, .. } => format!("a WA verdict on Player {player}"),
        Event::WrongHu { player, .. } => format!("a WH verdict on Player {player}"),
    }
}

/// Where the text stops when its actions are all used: its ending line.
fn end_line(game: &Game) -> usize {
    match game.end {
        End::Fan { line, .. } | End::Huang { line } => line,
    }
}

/// Matches the engine's event with the text's next line(s), consuming them.
fn check_event(game: &Game, cursor: &mut Cursor<'_>, turn: &Turn, answered: usize) -> Result<(), Located> {
    let event = &turn.event;
    // (seat, verb, tile) lines the event stands for.
    let mut want: [Option<(u8, Verb, Option<Tile>)>; 2] = [None, None];
    match *event {
        Event::Init { .. } => return Ok(()),
        Event::Deal { ref hands } => {
            for s in 0..4 {
                if hands[s] != game.deals[s] {
                    return Err((game.deal_lines[s], format!("the judge deals Player {s} another hand")));
                }
            }
            return Ok(());
        }
        Event::Draw { player, tile } => want[0] = Some((player, Verb::Draw, Some(tile))),
        Event::Play { player, tile } => want[0] = Some((player, Verb::Play, Some(tile))),
        Event::Peng { player, tile } => {
            want = [Some((player, Verb::Peng, None)), Some((player, Verb::Play, Some(tile)))];
        }
        Event::Chi { player, middle, tile } => {
            want = [Some((player, Verb::Chi, Some(middle))), Some((player, Verb::Play, Some(tile)))];
        }
        Event::Gang { player, tile } => {
            // Melded (`Gang`) or concealed (`AnGang`): the verb the answer came from.
            let verb = match cursor.peek() {
                Some(a) if a.verb == Verb::AnGang => Verb::AnGang,
                _ => Verb::Gang,
            };
            want[0] = Some((player, verb, Some(tile)));
        }
        Event::BuGang { player, tile } => want[0] = Some((player, Verb::BuGang, Some(tile))),
        Event::Hu { player, .. } => want[0] = Some((player, Verb::Hu, None)),
        Event::Huang => {
            if let Some(a) = cursor.peek() {
                return Err((a.line, format!("the judge's game ends here in a draw (Huang: the next drawer's wall segment is empty), the text has `{}`", act_text(a))));
            }
            return Ok(());
        }
        Event::WrongAnswer { player, .. } => {
            let hint = cursor.peek().map(|a| format!(" (`{}`)", act_text(a))).unwrap_or_default();
            return Err((answered, format!("the judge rejects Player {player}'s action here{hint}: verdict WA")));
        }
        Event::WrongHu { player, ref fans } => {
            return Err((
                answered,
                format!(
                    "Player {player}'s Hu: the hand scores {} fan (below 8, or not a winning hand): verdict WH",
                    fans.result
                ),
            ));
        }
    }
    for (seat, verb, tile) in want.into_iter().flatten() {
        let Some(a) = cursor.peek() else {
            let message = match game.end {
                End::Huang { .. } if verb == Verb::Draw => format!(
                    "Huang, but the judge's game goes on: Player {seat}'s wall segment still has {} tile(s) (a draw game comes when the next drawer's segment is empty)",
                    turn.tile_cnt[seat as usize] + 1
                ),
                _ => format!("the text ends here, but the judge's game goes on: {}", event_text(event)),
            };
            return Err((end_line(game), message));
        };
        if a.seat != seat || a.verb != verb || tile.is_some_and(|t| t != a.tile) {
            return Err((
                a.line,
                format!("the judge's next event is {}, the text has `{}`", event_text(event), act_text(a)),
            ));
        }
        cursor.next += 1;
    }
    Ok(())
}

/// The ending: nothing after the last event, the Fan total and Score agree.
fn check_end(game: &Game, cursor: &Cursor<'_>, turn: &Turn, notes: &mut Vec<String>) -> Result<(), Located> {
    if let Some(a) = cursor.peek() {
        return Err((a.line, format!("the judge's game ends before `{}` ({})", act_text(a), event_text(&turn.event))));
    }
    let score = turn.event.scores().unwrap_or([0; 4]);
    match (&turn.event, &game.end) {
        (Event::Hu { fans, .. }, End::Fan { line, total, description }) => {
            let terms = description_terms(description);
            let differs = terms.as_ref().map(|t| describe_difference(t, fans)).unwrap_or_default();
            if *total != fans.result {
                let mut m = format!("Fan {total}, but the judge counts {} ({})", fans.result, fan_text(fans));
                if !differs.is_empty() {
                    m.push_str(&format!("; the description differs: {differs}"));
                }
                return Err((*line, m));
            }
            if !differs.is_empty() {
                notes.push(format!(
                    "line {line}: the Fan description differs from the judge's list ({}): {differs}",
                    fan_text(fans)
                ));
            }
        }
        (Event::Hu { player, .. }, End::Huang { line }) => {
            return Err((*line, format!("Huang, but the judge's game ends with Player {player}'s Hu")));
        }
        (_, End::Fan { line, .. }) => {
            return Err((*line, format!("a Fan line, but the judge's game ends in {}", event_text(&turn.event))));
        }
        _ => {}
    }
    if score != game.score {
        let s = |v: [i32; 4]| v.map(|x| x.to_string()).join(" ");
        return Err((game.score_line, format!("Score {}, but the judge scores {}", s(game.score), s(score))));
    }
    Ok(())
}

/// The judge's fans as the text writes them: `name*count+...`.
pub fn fan_text(fans: &FanResult) -> String {
    let mut out = String::new();
    for (info, cnt) in fans.fans() {
        if !out.is_empty() {
            out.push('+');
        }
        out.push_str(info.name);
        out.push('*');
        out.push_str(&cnt.to_string());
    }
    out
}

/// The `name*count` terms of a description, when every term reads as one
/// (a known fan name and a count); `None` otherwise.
fn description_terms(description: &str) -> Option<Vec<(&'static str, u32)>> {
    if description.is_empty() {
        return None;
    }
    description
        .split('+')
        .map(|term| {
            let (name, count) = term.trim().rsplit_once('*')?;
            let info = fans::fan_by_name(name.trim())?;
            Some((info.name, count.trim().parse().ok()?))
        })
        .collect()
}

/// What a description's terms say that the judge's fans do not (empty when
/// they agree).
fn describe_difference(terms: &[(&'static str, u32)], fans: &FanResult) -> String {
    let mut said: BTreeMap<&str, u32> = BTreeMap::new();
    for &(name, c) in terms {
        *said.entry(name).or_default() += c;
    }
    let mut judged: BTreeMap<&str, u32> = BTreeMap::new();
    for (info, c) in fans.fans() {
        judged.insert(info.name, c as u32);
    }
    let mut out = Vec::new();
    for (name, &c) in &said {
        match judged.get(name) {
            Some(&j) if j == c => {}
            Some(&j) => out.push(format!("{name}*{c} (judge: *{j})")),
            None => out.push(format!("{name}*{c} (judge: none)")),
        }
    }
    for (name, &j) in &judged {
        if !said.contains_key(name) {
            out.push(format!("{name} missing (judge: *{j})"));
        }
    }
    out.join(", ")
}

/// The four answers to `turn`, read off the text's next lines (not
/// consumed), and the line they come from (`None`: all PASS).
fn answers_to(
    game: &Game,
    cursor: &Cursor<'_>,
    engine: &Engine,
    turn: &Turn,
) -> Result<(Answers, Option<usize>), Located> {
    let mut answers = Answers::all_pass();
    let next = cursor.peek();
    match turn.event {
        Event::Draw { player, tile } => {
            let Some(a) = next else {
                return Err((
                    end_line(game),
                    format!("the text ends after Player {player} Draw {tile}: the drawer's action is missing"),
                ));
            };
            if a.seat != player || !matches!(a.verb, Verb::Play | Verb::AnGang | Verb::BuGang | Verb::Hu) {
                return Err((a.line, format!("after Player {player} Draw {tile} the text has `{}`: expected Play, AnGang, BuGang or Hu by Player {player}", act_text(a))));
            }
            if !a.ignored.is_empty() {
                return Err((
                    a.line,
                    format!(
                        "`{}` after Player {player}'s own draw: nobody else can claim it, so nothing is ignored",
                        act_text(a)
                    ),
                ));
            }
            let (verb, tiles): (AnswerVerb, &[Tile]) = match a.verb {
                Verb::Play => (AnswerVerb::Play, &[a.tile]),
                Verb::AnGang => (AnswerVerb::Gang, &[a.tile]),
                Verb::BuGang => (AnswerVerb::BuGang, &[a.tile]),
                _ => {
                    let given = given_up_before(&game.acts[..cursor.next]);
                    if a.tile != tile && !given.contains(&Some(a.tile)) {
                        let named = match given[0] {
                            Some(g) => format!("the drawn tile ({tile}) or the last discarded tile ({g})"),
                            None => format!("the drawn tile ({tile}): nothing was discarded before it"),
                        };
                        return Err((
                            a.line,
                            format!(
                                "`{}` after Player {player} Draw {tile}: a self-drawn Hu names {named}",
                                act_text(a)
                            ),
                        ));
                    }
                    (AnswerVerb::Hu, &[])
                }
            };
            answers.set(player, verb, tiles);
            Ok((answers, Some(a.line)))
        }
        Event::Play { player, tile } | Event::Peng { player, tile } | Event::Chi { player, tile, .. } => {
            let Some(a) = next.filter(|a| a.verb.is_claim()) else { return Ok((answers, None)) };
            claim_answers(engine, cursor, a, player, tile, false, &mut answers)?;
            Ok((answers, Some(a.line)))
        }
        Event::BuGang { player, tile } => {
            let Some(a) = next.filter(|a| a.verb == Verb::Hu && a.seat != player) else { return Ok((answers, None)) };
            claim_answers(engine, cursor, a, player, tile, true, &mut answers)?;
            Ok((answers, Some(a.line)))
        }
        _ => Ok((answers, None)),
    }
}

/// The tiles a self-drawn `Hu` line may name besides the drawn tile, from
/// the lines before it (`acts`): the last tile given up, that of the last
/// `Play` or `BuGang` line (the data's converters write it), and after a
/// `BuGang` the last `Play` before it too (a writer that follows discards
/// alone). `[None, None]` before any discard (the dealer's first draw).
fn given_up_before(acts: &[Act]) -> [Option<Tile>; 2] {
    let mut given = acts.iter().rev().filter(|a| matches!(a.verb, Verb::Play | Verb::BuGang));
    match given.next() {
        Some(a) if a.verb == Verb::BuGang => [Some(a.tile), given.find(|a| a.verb == Verb::Play).map(|a| a.tile)],
        Some(a) => [Some(a.tile), None],
        None => [None, None],
    }
}

/// The answers of a claim line `a` and its `Ignore` clauses on `tile`, given
/// up by `actor` (a discard, or with `kong` a promoted kong).
fn claim_answers(
    engine: &Engine,
    cursor: &Cursor<'_>,
    a: &Act,
    actor: u8,
    tile: Tile,
    kong: bool,
    answers: &mut Answers,
) -> Result<(), Located> {
    let mut seen = [false; 4];
    seen[actor as usize] = true;
    let main = Ignored { seat: a.seat, verb: a.verb, tile: a.tile };
    for (k, c) in std::iter::once(main).chain(a.ignored.iter().copied()).enumerate() {
        // Only an error message names the line's words.
        let what =
            || if k == 0 { act_text(a) } else { format!("Ignore Player {} {} {}", c.seat, c.verb.word(), c.tile) };
        if c.seat == actor {
            return Err((
                a.line,
                format!("`{}`: Player {actor} claims its own {}", what(), if kong { "kong" } else { "discard" }),
            ));
        }
        if seen[c.seat as usize] {
            return Err((a.line, format!("`{}`: Player {} claims twice", what(), c.seat)));
        }
        seen[c.seat as usize] = true;
        let live = if kong { "the promoted kong's tile" } else { "the live discard" };
        if kong && c.verb != Verb::Hu {
            return Err((a.line, format!("`{}`: only Hu may claim a BuGang (robbing the kong)", what())));
        }
        let claim = match c.verb {
            Verb::Chi => {
                if chow_around(c.tile, tile).is_none() {
                    return Err((
                        a.line,
                        format!(
                            "`{}`: no run around {} holds {live} {tile} (Chi names the run's middle tile)",
                            what(),
                            c.tile
                        ),
                    ));
                }
                if c.seat != (actor + 1) % 4 {
                    return Err((
                        a.line,
                        format!(
                            "`{}`: only the next seat, Player {}, may Chi Player {actor}'s discard",
                            what(),
                            (actor + 1) % 4
                        ),
                    ));
                }
                Claim::Chi { middle: c.tile }
            }
            _ if c.tile != tile => {
                return Err((a.line, format!("`{}`: a claim of {}, but {live} is {tile}", what(), c.tile)));
            }
            Verb::Peng => Claim::Peng,
            Verb::Gang => Claim::Gang,
            _ => Claim::Hu,
        };
        let discard = match claim {
            Claim::Peng | Claim::Chi { .. } if k == 0 => {
                // The follow-up discard is the claimer's next line.
                match cursor.peek2() {
                    Some(p) if p.seat == c.seat && p.verb == Verb::Play => Some(p.tile),
                    Some(p) => {
                        return Err((
                            p.line,
                            format!(
                                "after `{}` the text has `{}`: expected Player {} Play",
                                what(),
                                act_text(p),
                                c.seat
                            ),
                        ))
                    }
                    None => return Err((a.line, format!("`{}` is not followed by Player {}'s Play", what(), c.seat))),
                }
            }
            Claim::Peng | Claim::Chi { .. } => Some(pick_discard(engine, c.seat, claim, tile)),
            _ => None,
        };
        match (claim, discard) {
            (Claim::Peng, Some(d)) => answers.set(c.seat, AnswerVerb::Peng, &[d]),
            (Claim::Chi { middle }, Some(d)) => answers.set(c.seat, AnswerVerb::Chi, &[middle, d]),
            (Claim::Gang, _) => answers.set(c.seat, AnswerVerb::Gang, &[]),
            _ => answers.set(c.seat, AnswerVerb::Hu, &[]),
        }
    }
    Ok(())
}

/// An ignored Chi or Peng's follow-up discard (the text does not give it):
/// the lowest tile the judge accepts, else the lowest tile held (the judge
/// never reads a claim it did not grant).
fn pick_discard(engine: &Engine, seat: u8, claim: Claim, claimed: Tile) -> Tile {
    Tile::all()
        .find(|&d| engine.legal_discard(seat, claim, d))
        .or_else(|| Tile::all().find(|&d| engine.hand(seat)[d.index()] > 0))
        .unwrap_or(claimed)
}
