//! What a rules change does: hands and games scored under two profiles and
//! compared (`mcr rules diff`). Hands are scored with the calculator of each
//! profile; games are replayed through the engine of each profile with the
//! recorded answers, and their ends compared (winner, verdict, scores).
//!
//! The baseline (`--against`) defaults to the rules each game was played
//! under: its record's `"rules"` key, `botzone` without one (and for hands).

use crate::engine::{Engine, Event};
use crate::fans::{self, FanResult, Profile};
use crate::record::{hand_inputs_of, GameRecord, HandRecord, Records};
use crate::replay::{Replayer, Stop};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Hands or games that gained, lost or changed the count of one fan.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct FanChange {
    pub gained: usize,
    pub lost: usize,
    pub changed: usize,
}

/// One record whose outcome differs, both sides.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Example {
    pub id: String,
    pub file: String,
    pub line: usize,
    /// (result, fan list as "name xN") under the profile, then the baseline.
    pub rules: (i32, Vec<String>),
    pub against: (i32, Vec<String>),
    /// The baseline profile of this record (`--against`, or the game's own rules).
    pub against_rules: String,
    /// Games: the end under each (verdict, player, scores).
    pub end_rules: Option<String>,
    pub end_against: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Summary {
    pub rules: String,
    /// The baseline: `--against`, or the rules the records were played
    /// under (their names, comma-separated, when they differ).
    pub against: String,
    /// What differs in the tables: fans added, removed, revalued, and game rules.
    pub table_changes: Vec<String>,
    pub hands: usize,
    pub hands_changed: usize,
    pub totals_up: usize,
    pub totals_down: usize,
    /// Hands winning under one profile only.
    pub wins_gained: usize,
    pub wins_lost: usize,
    pub games: usize,
    pub games_changed: usize,
    pub winner_changed: usize,
    pub verdict_changed: usize,
    pub scores_changed: usize,
    /// By fan name (a fan of either table).
    pub by_fan: BTreeMap<String, FanChange>,
    pub examples: Vec<Example>,
    /// Unreadable records, with their location.
    pub errors: Vec<String>,
    /// The baselines used (names), for `against` and `table_changes`.
    #[serde(skip)]
    baselines: std::collections::BTreeSet<&'static str>,
}

fn items(r: &FanResult) -> Vec<String> {
    if r.result < 0 {
        return Vec::new();
    }
    r.fans().map(|(f, c)| if c > 1 { format!("{} x{c}", f.name) } else { f.name.to_string() }).collect()
}

fn counts_by_name(r: &FanResult) -> BTreeMap<&'static str, u8> {
    if r.result < 0 {
        return BTreeMap::new();
    }
    r.fans().map(|(f, c)| (f.name, c)).collect()
}

impl Summary {
    fn fans_of(&mut self, a: &FanResult, b: &FanResult) {
        let (ca, cb) = (counts_by_name(a), counts_by_name(b));
        for (name, &n) in &ca {
            match cb.get(name) {
                None => self.by_fan.entry(name.to_string()).or_default().gained += 1,
                Some(&m) if m != n => self.by_fan.entry(name.to_string()).or_default().changed += 1,
                _ => {}
            }
        }
        for name in cb.keys() {
            if !ca.contains_key(name) {
                self.by_fan.entry(name.to_string()).or_default().lost += 1;
            }
        }
    }

    fn hand(&mut self, a: &FanResult, b: &FanResult, example: impl FnOnce() -> Example, keep: usize) {
        self.hands += 1;
        let same = a.result == b.result && items(a) == items(b);
        if same {
            return;
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
        self.fans_of(a, b);
        if self.examples.len() < keep {
            self.examples.push(example());
        }
    }
}

/// Scores the hands of `file` under both profiles.
pub fn diff_hands(rules: &'static Profile, against: &'static Profile, file: &Path, records: Records<HandRecord>, keep: usize, s: &mut Summary) {
    s.baselines.insert(against.name);
    for item in hand_inputs_of(records) {
        let (rec, input) = match item {
            Ok(x) => x,
            Err(e) => {
                s.errors.push(e);
                continue;
            }
        };
        let (a, b) = (fans::calculate_with(rules, &input), fans::calculate_with(against, &input));
        let example = || Example {
            id: rec.record.id.clone(),
            file: file.display().to_string(),
            line: rec.line,
            rules: (a.result, items(&a)),
            against: (b.result, items(&b)),
            against_rules: against.name.to_string(),
            end_rules: None,
            end_against: None,
        };
        s.hand(&a, &b, example, keep);
    }
}

/// The end of a game replayed with its recorded answers: the last event, or
/// why the replay stopped. Under other rules a game may end before the
/// record does ([`Stop::GoesOn`]): that end is the answer, not an error.
fn play(profile: &'static Profile, g: &GameRecord) -> Result<Event, String> {
    let mut r = Replayer::new(Engine::with_profile(profile), g);
    let stop = std::iter::from_fn(|| r.next().map(|s| s.err())).flatten().next();
    match stop {
        None | Some(Stop::GoesOn { .. }) => r.turn().map(|t| t.event.clone()).ok_or_else(|| Stop::Empty.to_string()),
        // The engine's own words, as before.
        Some(Stop::Engine { error, .. }) => Err(error.to_string()),
        Some(stop) => Err(stop.to_string()),
    }
}

fn end_text(e: &Result<Event, String>) -> String {
    match e {
        Ok(ev) => format!("{} player {} scores {:?}", ev.action(), ev.player().map_or("-".into(), |p| p.to_string()), ev.scores().unwrap_or_default()),
        Err(e) => format!("error: {e}"),
    }
}

fn hand_fans(e: &Result<Event, String>) -> Option<&FanResult> {
    match e {
        Ok(Event::Hu { fans, .. }) | Ok(Event::WrongHu { fans, .. }) => Some(fans),
        _ => None,
    }
}

/// Replays the games of `file` under both profiles; `against: None`: each
/// game against the rules it was played under (its `"rules"`, else botzone).
pub fn diff_games(rules: &'static Profile, against: Option<&'static Profile>, file: &Path, records: Records<GameRecord>, keep: usize, s: &mut Summary) {
    for item in records {
        let rec = match item {
            Ok(r) => r,
            Err(e) => {
                s.errors.push(e.to_string());
                continue;
            }
        };
        s.games += 1;
        let against = against.or(rec.record.rules).unwrap_or(Profile::default());
        s.baselines.insert(against.name);
        let (a, b) = (play(rules, &rec.record), play(against, &rec.record));
        let (ea, eb) = (end_text(&a), end_text(&b));
        let (fa, fb) = (hand_fans(&a), hand_fans(&b));
        if let (Some(x), Some(y)) = (fa, fb) {
            s.fans_of(x, y);
        }
        if ea == eb && fa.map(items) == fb.map(items) {
            continue;
        }
        s.games_changed += 1;
        let (ok_a, ok_b) = (a.as_ref().ok(), b.as_ref().ok());
        if ok_a.and_then(|e| e.player()) != ok_b.and_then(|e| e.player()) || ok_a.map(|e| matches!(e, Event::Hu { .. })) != ok_b.map(|e| matches!(e, Event::Hu { .. })) {
            s.winner_changed += 1;
        }
        if ok_a.map(|e| e.action()) != ok_b.map(|e| e.action()) {
            s.verdict_changed += 1;
        }
        if ok_a.and_then(|e| e.scores()) != ok_b.and_then(|e| e.scores()) {
            s.scores_changed += 1;
        }
        if s.examples.len() < keep {
            let side = |f: Option<&FanResult>| f.map_or((0, Vec::new()), |f| (f.result, items(f)));
            s.examples.push(Example {
                id: rec.record.game_id.clone(),
                file: file.display().to_string(),
                line: rec.line,
                rules: side(fa),
                against: side(fb),
                against_rules: against.name.to_string(),
                end_rules: Some(ea),
                end_against: Some(eb),
            });
        }
    }
}

/// Is this a game records file (rather than hands)? Decided on its first
/// line (left to be read as a record: the file is read once, and may be a
/// pipe); a file whose first line cannot be read is taken as hands.
pub fn is_games_file<T: serde::de::DeserializeOwned>(records: &mut Records<T>) -> bool {
    records.peek_line().is_some_and(|line| line.contains("\"wall\""))
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
    for (name, x, y) in [("min_fan", a.min_fan, b.min_fan), ("base_score", a.base_score, b.base_score), ("false_win_penalty", a.false_win_penalty, b.false_win_penalty)] {
        if x != y {
            out.push(format!("game {name} {y} -> {x}"));
        }
    }
    out
}

/// Both profiles over every file (hands or games, told apart by content).
/// `against: None` compares each game with the rules it was played under
/// (its record's `"rules"`, else botzone) and hands with botzone.
pub fn diff(rules: &'static Profile, against: Option<&'static Profile>, files: &[&Path], keep: usize) -> Summary {
    let mut s = Summary { rules: rules.name.into(), ..Summary::default() };
    for file in files {
        let mut records = match Records::<HandRecord>::open(file) {
            Ok(r) => r,
            Err(e) => {
                s.errors.push(e.to_string());
                continue;
            }
        };
        if is_games_file(&mut records) {
            diff_games(rules, against, file, records.into_records(), keep, &mut s);
        } else {
            diff_hands(rules, against.unwrap_or(Profile::default()), file, records, keep, &mut s);
        }
    }
    if s.baselines.is_empty() {
        s.baselines.insert(against.unwrap_or(Profile::default()).name);
    }
    s.against = s.baselines.iter().copied().collect::<Vec<_>>().join(", ");
    let several = s.baselines.len() > 1;
    for name in &s.baselines {
        let base = Profile::by_name(name).expect("a baseline is a profile");
        let changes = table_changes(rules, base);
        s.table_changes.extend(changes.into_iter().map(|c| if several { format!("against {name}: {c}") } else { c }));
    }
    s
}

impl Summary {
    /// The summary in words (without the examples).
    pub fn text(&self) -> String {
        let mut w = String::new();
        let _ = writeln!(w, "rules diff: {} against {}", self.rules, self.against);
        for c in &self.table_changes {
            let _ = writeln!(w, "  {c}");
        }
        let _ = writeln!(
            w,
            "hands: {} scored, {} changed (total up {}, down {}; win gained {}, lost {})",
            self.hands, self.hands_changed, self.totals_up, self.totals_down, self.wins_gained, self.wins_lost
        );
        let _ = writeln!(
            w,
            "games: {} replayed, {} changed (winner {}, verdict {}, scores {})",
            self.games, self.games_changed, self.winner_changed, self.verdict_changed, self.scores_changed
        );
        if !self.by_fan.is_empty() {
            let _ = writeln!(w, "{:<24} {:>8} {:>8} {:>8}", "fan", "gained", "lost", "changed");
            for (name, c) in &self.by_fan {
                let _ = writeln!(w, "{name:<24} {:>8} {:>8} {:>8}", c.gained, c.lost, c.changed);
            }
        }
        for e in &self.errors {
            let _ = writeln!(w, "unreadable: {e}");
        }
        w
    }

    /// The examples side by side.
    pub fn examples_text(&self) -> String {
        let mut w = String::new();
        for e in &self.examples {
            let _ = writeln!(w, "{} ({}:{})", e.id, e.file, e.line);
            if let (Some(a), Some(b)) = (&e.end_rules, &e.end_against) {
                let _ = writeln!(w, "  {:<12} {a}", self.rules);
                let _ = writeln!(w, "  {:<12} {b}", e.against_rules);
            }
            let _ = writeln!(w, "  {:<12} {:>4}  {}", self.rules, e.rules.0, e.rules.1.join(", "));
            let _ = writeln!(w, "  {:<12} {:>4}  {}", e.against_rules, e.against.0, e.against.1.join(", "));
        }
        w
    }
}
