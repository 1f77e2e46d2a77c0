//! What a rules change does (`mcr rules diff`): the hands and games of some
//! records scored under the rules and compared with a baseline, summarised by
//! fan, with examples side by side and the rule lines that made the
//! difference (`why`).
//!
//! The baseline ([`Against`]) is another profile, the rules each game was
//! played under, or the answers stored in the records themselves: a hands
//! record's `expected` fan list, a game's displays (the final HU, WA or WH
//! display's fans, fanCnt and scores, and every turn's canHu values). Comparing
//! with the records is the only way to see an edit of the base rules
//! (`rules/fans.mcr`): every profile is built from it.
//!
//! Hands are scored with the calculator of each profile; games are replayed
//! through the engine with the recorded answers.

mod text;
pub(crate) mod why;

use crate::record::{hand_inputs_of, GameRecord, HandRecord, Records};
use crate::replay::{Replayer, Stop};
use mcr_core::engine::Engine;
use mcr_core::fans::{self, FanResult, Profile};
use mcr_core::hand::HandInput;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// What the rules are compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Against {
    /// One profile, for hands and games.
    Profile(&'static Profile),
    /// Each game against the rules it was played under (its record's
    /// `"rules"`, else botzone); hands against botzone.
    Played,
    /// The answers stored in the records.
    Recorded,
}

impl Against {
    /// Parses `recorded`, `played` or a profile name.
    pub fn parse(s: &str) -> Option<Against> {
        match s {
            "recorded" => Some(Against::Recorded),
            "played" => Some(Against::Played),
            name => Profile::by_name(name).map(Against::Profile),
        }
    }

    /// The baseline when none is named: the records for botzone (comparing
    /// botzone with itself says nothing), else the rules each game was played
    /// under.
    pub fn default_for(rules: &Profile) -> Against {
        if rules.name == Profile::default().name {
            Against::Recorded
        } else {
            Against::Played
        }
    }
}

/// The name of the recorded baseline in reports.
pub const RECORDED: &str = "recorded";

/// Hands or games that gained, lost, changed the count of, or scored at
/// another value one fan.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FanChange {
    /// Records where the fan counted under one side only: the rules.
    pub gained: usize,
    /// Records where the fan counted under the baseline only.
    pub lost: usize,
    /// The fan counted a different number of times.
    pub changed: usize,
    /// The fan counted as often, at another value.
    pub value_changed: usize,
    /// How many of the records counted are games (the rest are hands).
    pub games: usize,
}

mcr_core::ser_struct! { FanChange;
    "gained" => gained,
    "lost" => lost,
    "changed" => changed,
    "value_changed" => value_changed,
    "games" => games,
}

/// One side's answer for a hand: the result code (a fan total, or negative
/// when it does not win) and the fans as (name, value, count).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// The raw result: total fan, or negative when the hand does not win.
    pub result: i32,
    /// The fans as (name, value, count).
    pub fans: Vec<(String, i32, i32)>,
}

mcr_core::ser_struct! { Answer;
    "result" => result,
    "fans" => fans,
}

impl Answer {
    /// The answer of a calculator's result.
    pub fn of(r: &FanResult) -> Answer {
        Answer { result: r.result, fans: r.fan_list() }
    }

    /// By name: (value, count); a non-winning answer has none.
    fn by_name(&self) -> BTreeMap<&str, (i32, i32)> {
        self.fans.iter().map(|(n, v, c)| (n.as_str(), (*v, *c))).collect()
    }

    /// `name value` or `name value xN`.
    pub fn items(&self) -> Vec<String> {
        self.fans.iter().map(|(n, v, c)| if *c > 1 { format!("{n} {v} x{c}") } else { format!("{n} {v}") }).collect()
    }

    fn same(&self, other: &Answer) -> bool {
        self.result == other.result && self.by_name() == other.by_name()
    }
}

/// How a game ended, read from its final display (the engine's or the
/// record's): action, player, scores and the fans of a HU or WH.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct End {
    /// The final display's action (HU, HUANG, WA, WH).
    pub action: String,
    /// The seat that won or was given the verdict.
    pub player: Option<i64>,
    /// The four scores.
    pub scores: Option<Vec<i64>>,
    /// fanCnt and the fan list, on a HU or WH display.
    pub fans: Option<Answer>,
}

impl End {
    /// Reads a judge display; missing or ill-typed keys are absent.
    pub fn of_display(d: &Value) -> End {
        let ints =
            |v: &Value| v.as_array().map(|a| a.iter().map(|x| x.as_i64().unwrap_or(i64::MIN)).collect::<Vec<_>>());
        let fans = d.get("fanCnt").and_then(Value::as_i64).map(|cnt| Answer {
            result: cnt as i32,
            fans: d
                .get("fan")
                .and_then(Value::as_array)
                .map(|list| {
                    list.iter()
                        .map(|f| {
                            let int = |k: &str| f.get(k).and_then(Value::as_i64).unwrap_or(0) as i32;
                            (f.get("name").and_then(Value::as_str).unwrap_or("?").to_string(), int("value"), int("cnt"))
                        })
                        .collect()
                })
                .unwrap_or_default(),
        });
        End {
            action: d.get("action").and_then(Value::as_str).unwrap_or("?").to_string(),
            player: d.get("player").and_then(Value::as_i64),
            scores: d.get("score").and_then(ints),
            fans,
        }
    }

    fn same(&self, other: &End) -> bool {
        self.action == other.action
            && self.player == other.player
            && self.scores == other.scores
            && match (&self.fans, &other.fans) {
                (Some(a), Some(b)) => a.same(b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }

    fn is_win(&self) -> bool {
        self.action == "HU"
    }

    /// `HU player 2 scores [-8, -8, 45, -29]`.
    pub fn text(&self) -> String {
        let mut t = self.action.clone();
        if let Some(p) = self.player {
            t += &format!(" player {p}");
        }
        if let Some(s) = &self.scores {
            t += &format!(" scores {s:?}");
        }
        t
    }
}

/// One game under one side: every display's canHu, the end, and (under the
/// rules) the hand of the HU answered last.
#[derive(Debug, Clone, Default)]
pub struct GameSide {
    /// Each display's canHu values (`None` where absent).
    pub can_hu: Vec<Option<[i64; 4]>>,
    /// How the game ended.
    pub end: End,
    /// The hand of the seat that won (or was refused), as the engine scored it.
    pub win: Option<HandInput>,
}

/// One record whose outcome differs, both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The record's id.
    pub id: String,
    /// Its file.
    pub file: String,
    /// Its line (1-based).
    pub line: usize,
    /// (result, fans as "name value \[xN\]") under the rules, then the baseline.
    pub rules: (i32, Vec<String>),
    /// (result, fans) under the baseline.
    pub against: (i32, Vec<String>),
    /// The baseline of this record: a profile's name or `recorded`.
    pub against_rules: String,
    /// Games: the end under each (verdict, player, scores).
    pub end_rules: Option<String>,
    /// Games: the end under the baseline.
    pub end_against: Option<String>,
    /// Games: the first turn whose canHu values differ, both sides.
    pub can_hu: Option<String>,
    /// The reading the rules chose and the rule of every fan that differs,
    /// with its file and line (the audit's explanation, `why`).
    pub why: Vec<String>,
}

mcr_core::ser_struct! { Example;
    "id" => id,
    "file" => file,
    "line" => line,
    "rules" => rules,
    "against" => against,
    "against_rules" => against_rules,
    "end_rules" => end_rules,
    "end_against" => end_against,
    "can_hu" => can_hu,
    "why" => why,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
/// What a rules diff found: counts over the hands and games, by fan, with examples.
pub struct Summary {
    /// The rules compared: a profile's name.
    pub rules: String,
    /// The baseline: a profile, `recorded`, or the rules the records were
    /// played under (their names, comma-separated, when they differ).
    pub against: String,
    /// What differs in the tables: fans added, removed, revalued, and game
    /// rules (none against the records: they carry no table).
    pub table_changes: Vec<String>,
    /// Files of input folders skipped (in none of the formats), and why.
    pub skipped: Vec<String>,
    /// Hands read.
    pub hands: usize,
    /// Hands whose answer differs.
    pub hands_changed: usize,
    /// Hands whose total rose under the rules.
    pub totals_up: usize,
    /// Hands whose total fell under the rules.
    pub totals_down: usize,
    /// Hands winning under one side only.
    pub wins_gained: usize,
    /// Hands winning under the baseline only.
    pub wins_lost: usize,
    /// Games read.
    pub games: usize,
    /// Games whose outcome differs.
    pub games_changed: usize,
    /// Games with another winner.
    pub winner_changed: usize,
    /// Games with another verdict.
    pub verdict_changed: usize,
    /// Games with other scores.
    pub scores_changed: usize,
    /// Games with a display whose canHu values differ, and those displays.
    pub can_hu_changed: usize,
    /// Displays whose canHu values differ.
    pub can_hu_turns: usize,
    /// By fan name (a fan of either side).
    pub by_fan: BTreeMap<String, FanChange>,
    /// Records that differ, both sides (the first few).
    pub examples: Vec<Example>,
    /// Unreadable records, with their location.
    pub errors: Vec<String>,
    /// The baselines used (names), for `against` and `table_changes`.
    baselines: std::collections::BTreeSet<&'static str>,
}

mcr_core::ser_struct! { Summary;
    "rules" => rules,
    "against" => against,
    "table_changes" => table_changes,
    "skipped" => skipped if Vec::is_empty,
    "hands" => hands,
    "hands_changed" => hands_changed,
    "totals_up" => totals_up,
    "totals_down" => totals_down,
    "wins_gained" => wins_gained,
    "wins_lost" => wins_lost,
    "games" => games,
    "games_changed" => games_changed,
    "winner_changed" => winner_changed,
    "verdict_changed" => verdict_changed,
    "scores_changed" => scores_changed,
    "can_hu_changed" => can_hu_changed,
    "can_hu_turns" => can_hu_turns,
    "by_fan" => by_fan,
    "examples" => examples,
    "errors" => errors,
}

impl Summary {
    /// Nothing differs: every record read agrees with the baseline.
    pub fn agrees(&self) -> bool {
        self.hands_changed == 0 && self.games_changed == 0
    }

    fn fans_of(&mut self, a: &Answer, b: &Answer, game: bool) {
        let (ca, cb) = (a.by_name(), b.by_name());
        let mut count = |name: &str, f: fn(&mut FanChange) -> &mut usize| {
            let c = self.by_fan.entry(name.to_string()).or_default();
            *f(c) += 1;
            c.games += game as usize;
        };
        for (name, &(v, n)) in &ca {
            match cb.get(name) {
                None => count(name, |c| &mut c.gained),
                Some(&(_, m)) if m != n => count(name, |c| &mut c.changed),
                Some(&(w, _)) if w != v => count(name, |c| &mut c.value_changed),
                _ => {}
            }
        }
        for name in cb.keys() {
            if !ca.contains_key(name) {
                count(name, |c| &mut c.lost);
            }
        }
    }

    /// Counts one hand; true when it differs.
    fn hand(&mut self, a: &Answer, b: &Answer) -> bool {
        self.hands += 1;
        if a.same(b) {
            return false;
        }
        self.hands_changed += 1;
        match (a.result >= 0, b.result >= 0) {
            (true, false) => self.wins_gained += 1,
            (false, true) => self.wins_lost += 1,
            _ => {}
        }
        if a.result > b.result {
            self.totals_up += 1;
        } else if a.result < b.result {
            self.totals_down += 1;
        }
        self.fans_of(a, b, false);
        true
    }

    /// Counts one game; true when it differs.
    fn game(&mut self, a: &GameSide, b: &GameSide) -> bool {
        self.games += 1;
        let can_hu = differing_can_hu(a, b);
        if let (Some(x), Some(y)) = (&a.end.fans, &b.end.fans) {
            self.fans_of(x, y, true);
        }
        if a.end.same(&b.end) && can_hu.is_empty() {
            return false;
        }
        self.games_changed += 1;
        if !can_hu.is_empty() {
            self.can_hu_changed += 1;
            self.can_hu_turns += can_hu.len();
        }
        let (x, y) = (&a.end, &b.end);
        if x.player != y.player && (x.is_win() || y.is_win()) || x.is_win() != y.is_win() {
            self.winner_changed += 1;
        }
        if x.action != y.action {
            self.verdict_changed += 1;
        }
        if x.scores != y.scores {
            self.scores_changed += 1;
        }
        true
    }
}

/// The turns whose canHu values differ (a turn one side lacks differs).
fn differing_can_hu(a: &GameSide, b: &GameSide) -> Vec<usize> {
    (0..a.can_hu.len().max(b.can_hu.len())).filter(|&k| a.can_hu.get(k) != b.can_hu.get(k)).collect()
}

/// The recorded answer of a hands record.
fn recorded_hand(rec: &HandRecord) -> Answer {
    Answer { result: rec.expected.result, fans: rec.expected.fan.clone() }
}

/// Records scored or replayed together on rayon's threads (memory stays
/// bounded by one chunk; results are counted in file order).
const CHUNK: usize = 2048;

/// Reads `records` in chunks, maps each record on rayon's threads, and
/// hands the results to `count` in file order; unreadable ones are errors.
fn chunked<T, R, E: ToString>(
    records: impl Iterator<Item = Result<T, E>>,
    chunk: usize,
    s: &mut Summary,
    map: impl Fn(&T) -> R + Sync,
    mut count: impl FnMut(&mut Summary, T, R),
) where
    T: Send + Sync,
    R: Send,
{
    use rayon::prelude::*;
    let mut records = records.peekable();
    while records.peek().is_some() {
        let mut batch = Vec::with_capacity(chunk);
        for item in records.by_ref() {
            match item {
                Ok(x) => batch.push(x),
                Err(e) => s.errors.push(e.to_string()),
            }
            if batch.len() == chunk {
                break;
            }
        }
        let results: Vec<R> = batch.par_iter().map(&map).collect();
        for (x, r) in batch.into_iter().zip(results) {
            count(s, x, r);
        }
    }
}

/// Scores the hands of `file` under the rules and against the baseline.
pub fn diff_hands(
    rules: &'static Profile,
    against: Against,
    file: &Path,
    records: Records<HandRecord>,
    keep: usize,
    s: &mut Summary,
) {
    let base = match against {
        Against::Profile(p) => Some(p),
        Against::Played => Some(Profile::default()),
        Against::Recorded => None,
    };
    s.baselines.insert(base.map_or(RECORDED, |p| p.name));
    let score = |(rec, input): &(crate::record::Located<HandRecord>, HandInput)| {
        let a = Answer::of(&fans::calculate_with(rules, input));
        let b = match base {
            Some(p) => Answer::of(&fans::calculate_with(p, input)),
            None => recorded_hand(&rec.record),
        };
        (a, b)
    };
    chunked(hand_inputs_of(records), CHUNK, s, score, |s, (rec, input), (a, b)| {
        if s.hand(&a, &b) && s.examples.len() < keep {
            s.examples.push(Example {
                id: rec.record.id.clone(),
                file: file.display().to_string(),
                line: rec.line,
                rules: (a.result, a.items()),
                against: (b.result, b.items()),
                against_rules: base.map_or(RECORDED, |p| p.name).to_string(),
                end_rules: None,
                end_against: None,
                can_hu: None,
                why: why::lines(rules, &input, &b),
            });
        }
    });
}

/// A game replayed under `profile` with its recorded answers: the canHu of
/// every display, the last display, and the hand of the seat whose HU was
/// answered. What does not replay is the error.
pub fn play(profile: &'static Profile, g: &GameRecord) -> Result<GameSide, Stop> {
    let mut side = GameSide::default();
    let mut hands: [Option<HandInput>; 4] = Default::default();
    let mut r = Replayer::new(Engine::with_profile(profile), g);
    while let Some(step) = r.next() {
        match step {
            Ok(step) => {
                side.can_hu.push(Some(step.turn.can_hu.map(i64::from)));
                for (seat, answer) in step.answers.iter().enumerate() {
                    if !step.last && answer.is_some_and(|a| a.trim() == "HU") {
                        hands[seat] = step.engine.win_hand(seat as u8).ok();
                    }
                }
            }
            // Under other rules a game may end before the record does: that
            // end is the answer, not an error.
            Err(Stop::GoesOn { .. }) => break,
            Err(stop) => return Err(stop),
        }
    }
    let turn = r.turn().ok_or(Stop::Empty)?;
    side.end = End::of_display(&turn.display_json());
    side.win = side.end.player.and_then(|p| hands.get(p as usize).cloned().flatten());
    Ok(side)
}

/// A game as its record answered it: every display's canHu and the last display.
pub fn recorded_game(g: &GameRecord) -> GameSide {
    let can_hu = g
        .turns
        .iter()
        .map(|t| {
            let a = t.display.get("canHu")?.as_array()?;
            let v: Vec<i64> = a.iter().map(|x| x.as_i64()).collect::<Option<_>>()?;
            v.try_into().ok()
        })
        .collect();
    let end = g.turns.last().map(|t| End::of_display(&t.display)).unwrap_or_default();
    GameSide { can_hu, end, win: None }
}

/// An engine error as a game's end (so that a game the rules cannot replay
/// shows, rather than vanishes).
fn failed(stop: Stop) -> GameSide {
    let e = match stop {
        // The engine's own words.
        Stop::Engine { error, .. } => error.to_string(),
        stop => stop.to_string(),
    };
    GameSide { end: End { action: format!("error: {e}"), ..End::default() }, ..GameSide::default() }
}

/// Replays `games` (read by the one input layer, [`crate::input`]) under
/// the rules and against the baseline.
pub fn diff_games(
    rules: &'static Profile,
    against: Against,
    games: impl Iterator<Item = Result<crate::input::Game, crate::formats::ImportError>>,
    keep: usize,
    s: &mut Summary,
) {
    let base_of = |g: &GameRecord| match against {
        Against::Profile(p) => Some(p),
        Against::Played => Some(g.rules.unwrap_or(Profile::default())),
        Against::Recorded => None,
    };
    let replay = |rec: &crate::input::Game| {
        let g = &rec.record;
        let a = play(rules, g).unwrap_or_else(failed);
        let b = match base_of(g) {
            Some(p) => play(p, g).unwrap_or_else(failed),
            None => recorded_game(g),
        };
        (a, b)
    };
    chunked(games, CHUNK / 8, s, replay, |s, rec, (a, b)| {
        let g = &rec.record;
        let name = base_of(g).map_or(RECORDED, |p| p.name);
        s.baselines.insert(name);
        if !s.game(&a, &b) || s.examples.len() >= keep {
            return;
        }
        let side = |f: &Option<Answer>| f.as_ref().map_or((0, Vec::new()), |f| (f.result, f.items()));
        let can_hu = differing_can_hu(&a, &b).first().map(|&k| {
            let show =
                |c: Option<&Option<[i64; 4]>>| c.copied().flatten().map_or("-".to_string(), |v| format!("{v:?}"));
            format!("turn {k}: {} against {}", show(a.can_hu.get(k)), show(b.can_hu.get(k)))
        });
        let why = match &a.win {
            Some(hand) => why::lines(rules, hand, &b.end.fans.clone().unwrap_or_default()),
            None => Vec::new(),
        };
        s.examples.push(Example {
            id: g.game_id.clone(),
            file: rec.file.display().to_string(),
            line: rec.line,
            rules: side(&a.end.fans),
            against: side(&b.end.fans),
            against_rules: name.to_string(),
            end_rules: Some(a.end.text()),
            end_against: Some(b.end.text()),
            can_hu,
            why,
        });
    });
}

/// Is this a hands file (rather than games)? Decided on the
/// [`kind`](crate::formats::kind) of its first line (left to be read as a
/// record): a record that is not a game (a hand record); a file whose first
/// line cannot be read is taken as hands, and its reader words the problem.
pub fn is_hands_file<T: serde::de::DeserializeOwned>(records: &mut Records<T>) -> bool {
    match records.peek_line() {
        None => true,
        Some(line) => matches!(crate::formats::kind(line.as_bytes()), None | Some(crate::formats::Kind::OtherRecord)),
    }
}

/// Fans added, removed or revalued, and game rules changed, from `against` to `rules`.
pub fn table_changes(rules: &Profile, against: &Profile) -> Vec<String> {
    let mut out = Vec::new();
    for f in &rules.fans[1..] {
        match against.fan_by_name(f.name) {
            None => out.push(format!("fan {} added ({})", f.name, f.value)),
            Some(g) if g.value != f.value => out.push(format!("fan {} {} -> {}", f.name, g.value, f.value)),
            _ => {}
        }
    }
    for g in &against.fans[1..] {
        if rules.fan_by_name(g.name).is_none() {
            out.push(format!("fan {} removed", g.name));
        }
    }
    let (a, b) = (rules.game, against.game);
    for (name, x, y) in [
        ("min_fan", a.min_fan, b.min_fan),
        ("base_score", a.base_score, b.base_score),
        ("false_win_penalty", a.false_win_penalty, b.false_win_penalty),
    ] {
        if x != y {
            out.push(format!("game {name} {y} -> {x}"));
        }
    }
    out
}

/// The rules against the baseline over every file (hands or games, told
/// apart by content: the hands files first, then the games of the others,
/// read together by the one input layer); no line longer than
/// `max_line_bytes` is kept.
pub fn diff(rules: &'static Profile, against: Against, files: &[&Path], keep: usize, max_line_bytes: usize) -> Summary {
    let mut s = Summary { rules: rules.name.into(), ..Summary::default() };
    // The games' inputs, read together by the one input layer (the files
    // of one platform match make one game).
    let mut games = Vec::new();
    for file in files {
        // A regular file whose first line is a record that is not a game
        // is hands; anything else holds games.
        let regular = std::fs::metadata(file).is_ok_and(|m| m.is_file());
        if regular {
            let mut records = match Records::<HandRecord>::open_with(file, max_line_bytes) {
                Ok(r) => r,
                Err(e) => {
                    s.errors.push(e.to_string());
                    continue;
                }
            };
            if is_hands_file(&mut records) {
                diff_hands(rules, against, file, records, keep, &mut s);
                continue;
            }
        }
        games.push(file);
    }
    if !games.is_empty() {
        let inputs = crate::input::Inputs::open(&games, None, max_line_bytes);
        s.skipped.extend(inputs.skipped.iter().map(|k| k.to_string()));
        diff_games(rules, against, inputs.games(), keep, &mut s);
    }
    if s.baselines.is_empty() {
        s.baselines.insert(match against {
            Against::Profile(p) => p.name,
            Against::Played => Profile::default().name,
            Against::Recorded => RECORDED,
        });
    }
    s.against = s.baselines.iter().copied().collect::<Vec<_>>().join(", ");
    let several = s.baselines.len() > 1;
    for name in &s.baselines {
        let Some(base) = Profile::by_name(name) else { continue };
        let changes = table_changes(rules, base);
        s.table_changes.extend(changes.into_iter().map(|c| if several { format!("against {name}: {c}") } else { c }));
    }
    s
}
