//! Parser and checker for `rules/fans.mcr` (syntax in rules/README.md).
//!
//! Every error names the file, the line, the fan (when there is one) and the
//! problem, in one line, so that a broken rules file fails the build legibly.

use crate::vocabulary::{self, Context, Shape};
use grammar::{Arg, BinOp, Class, Expr, Invalid, Node, UnOp};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The grammar of conditions, shared with the generators: the checker below
/// walks the tree it reads.
pub use crate::grammar;

/// One mistake in a rules file: where it is and what is wrong. It displays
/// as one line, `file:line: fan NAME: problem` (the `fan NAME: ` part only
/// for a line of a fan's definition), the line `mcr rules check` and the
/// build print after `error: `, e.g.
///
/// ```text
/// rules/fans.mcr:40: fan 四杠: omits unknown fan `碰碰胡` (did you mean `碰碰和`?)
/// ```
#[derive(Debug, Clone)]
pub struct RulesError {
    /// The file as the checker was given its name (`rules/fans.mcr`,
    /// `rules/profiles/strict-98.mcr`, or the path given to `mcr rules
    /// check`).
    pub file: String,
    /// The 1-based line that carries the mistake; 0 when no line does (a
    /// required `policy` line that is missing).
    pub line: usize,
    /// The Chinese name of the fan whose definition holds the line, or
    /// `None` for a line outside fans (`flag`, `policy`, `game`, `extends`).
    pub fan: Option<String>,
    /// The problem in plain words, with a hint where there is one (a
    /// did-you-mean, the half-width character to type).
    pub message: String,
}

impl RulesError {
    /// The one way to build an error: where (file, line, fan if any) and what.
    pub fn new(file: &str, line: usize, fan: Option<&str>, message: impl Into<String>) -> Self {
        RulesError { file: file.to_string(), line, fan: fan.map(str::to_string), message: message.into() }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.file, self.line)?;
        if let Some(fan) = &self.fan {
            write!(f, "fan {fan}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// The sets a group fan relates: the word before `(N):` on its `when`
/// line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupKind {
    /// `when chows(N): ...`: N chows of the reading (N = 2..4), e.g.
    /// `when  chows(2): same_suit && shifted(3)` (连六).
    Chows,
    /// `when pungs(N): ...`: N pungs or kongs of the reading (N = 1..4),
    /// e.g. `when  pungs(1): all(dragon)` (箭刻).
    Pungs,
}

/// How a fan counts: its one `when` or `count` line.
#[derive(Debug, Clone)]
pub enum Rule {
    /// `when <condition>`: counts once in a reading where the yes/no
    /// condition holds, e.g. `when  kongs == 4` (四杠).
    When(Expr),
    /// `count <number>`: counts as many times as the number says in a
    /// reading (0: not at all), e.g. `count tile_hogs` (四归一).
    Count(Expr),
    /// `when chows(N): <relation>` / `when pungs(N): <relation>`: counts
    /// for groups of N sets of the reading that the relation holds for (how
    /// often: rules/README.md, "Syntax of fans.mcr"), e.g.
    /// `when  pungs(3): all(dragon) && distinct_tiles` (大三元).
    Group {
        /// Chows or pungs (pungs include kongs).
        kind: GroupKind,
        /// N, the number of sets in a group: 2 to 4 for chows, 1 to 4 for
        /// pungs.
        arity: u8,
        /// The relation, a yes/no condition over the group's primitives
        /// ([`Context::Group`]).
        expr: Expr,
    },
}

/// One fan of an `omits` line (不计): the fan omits it when it counts.
/// `omits 清一色, 幺九刻 x1` holds two of them.
#[derive(Debug, Clone)]
pub struct Omit {
    /// The omitted fan's Chinese name, as written.
    pub fan: String,
    /// `幺九刻 x1`: only that many counts of it are omitted (1 to 255);
    /// `None` (no `xN`): all of it.
    pub limit: Option<u8>,
    /// The 1-based line it is written on.
    pub line: usize,
}

/// A fan: a `fan` line and its indented lines, e.g.
///
/// ```text
/// fan 平和 "All Chows" = 2
///     when  chows > 0 && pungs == 0 && pair_is(numbered)
///     omits 无字
/// ```
#[derive(Debug, Clone)]
pub struct FanDef {
    /// The fan's index, 1-based, in the order of the file (of the profile
    /// once applied): the index of fan lists and of the generated tables,
    /// where 0 is no fan.
    pub index: usize,
    /// The Chinese name (`平和`): the word after `fan`, by which `omits`
    /// lines and policies name the fan.
    pub name: String,
    /// The English name, the quoted text (`All Chows`).
    pub name_en: String,
    /// The value in fan, the number after `=` (at least 1).
    pub value: u16,
    /// `extension on|off` after the value: `Some(true)`, a fan that is not
    /// one of the 81 official fans, counted; `Some(false)`, such a fan
    /// never counted; `None` (no `extension`), an official fan.
    pub extension: Option<bool>,
    /// The 1-based line of its `fan` line; when a profile replaced its rule,
    /// the line of the profile's `when` or `count` line.
    pub line: usize,
    /// How it counts: its `when` or `count` line.
    pub rule: Rule,
    /// The `when`/`count` line as written.
    pub rule_text: String,
    /// Its `omits` lines, the fans it omits, in the order written.
    pub omits: Vec<Omit>,
    /// `at_most N`: counted at most N times (1 to 254); and the line it is
    /// written on. `None`: no cap.
    pub at_most: Option<(u8, usize)>,
}

/// A `flag` line: a correction of a win flag as the calculator receives
/// it, applied in file order before any reading, e.g.
/// `flag about_kong off when self_drawn && fixed_kongs == 0`.
#[derive(Debug, Clone)]
pub struct FlagRule {
    /// The flag set: `fourth_tile` or `about_kong`
    /// ([`vocabulary::FLAGS`]).
    pub flag: String,
    /// `on` (true) or `off` (false): the value the flag takes when the
    /// condition holds.
    pub on: bool,
    /// The condition after `when`, over the hand as given
    /// ([`Context::Flag`]).
    pub expr: Expr,
    /// The 1-based line it is written on.
    pub line: usize,
}

/// The `policy <name> = <value>` lines: the calculator's global choices
/// (each is commented where it stands in `rules/fans.mcr`).
/// `special_readings`, `chow_pairs`, `pung_pairs` and
/// `discard_completes_pung` are required in `rules/fans.mcr`; another
/// policy it does not write has the value of [`Default`] (an empty list,
/// `false`, `None`). A profile keeps its base's policies but those it
/// writes.
#[derive(Debug, Clone, Default)]
pub struct Policies {
    /// `special_readings = seven_pairs, honors_knitted, ...`: the special
    /// shapes a hand is read as, tried in this order
    /// ([`vocabulary::SPECIAL_READINGS`]).
    pub special_readings: Vec<String>,
    /// `regular_readings_also_after = 七对`: regular readings are scored
    /// also when the special reading has one of these fans.
    pub regular_readings_also_after: Vec<String>,
    /// `tie_prefers = 一色三同顺, ...`: at equal totals, a later regular
    /// reading with one of these fans replaces the one kept.
    pub tie_prefers: Vec<String>,
    /// `tie_yields = 七对, ...`: at equal totals, a special reading with
    /// one of these fans yields to a later regular reading.
    pub tie_yields: Vec<String>,
    /// `chow_pairs = account_once: 老少副, 连六, ...`: the `chows(2)` fans,
    /// in the order the account-once rule trims them; every `chows(2)` fan
    /// must be listed.
    pub chow_pairs_trim: Vec<String>,
    /// `pung_pairs = every_pair` (the one value): every related pair of
    /// pungs counts its `pungs(2)` fan.
    pub pung_pairs_every: bool,
    /// `discard_completes_pung = melded` (true) or `concealed` (false): how
    /// a concealed pung completed by a discarded win tile counts.
    pub discard_completes_pung_melded: bool,
    /// `outside_readings = 花牌`: fans counted once the best reading is
    /// chosen, outside every reading.
    pub outside_readings: Vec<String>,
    /// `tile_limit = N | none`: a hand holding a kind more than N times
    /// (packs, standing tiles and the win tile together) is refused, result
    /// -2. `None` (`none`, or no such line): no limit.
    pub tile_limit: Option<u8>,
    /// `chow_triples_prefer = A over B, ...`: (A, B) pairs of `chows(3)`
    /// fans; when the first group of three chows with a fan shows B and a
    /// later group of the same four chows shows A, the later group counts.
    pub chow_triples_prefer: Vec<(String, String)>,
    /// `nine_gates_whole_hand = <flag condition>`: when the condition
    /// holds, nine gates is read from the whole hand, whichever tile was
    /// drawn last. `None`: no such line.
    pub nine_gates_whole_hand: Option<Expr>,
}

/// `game <key> = <value>`: the game's rules around the fans, each as (key,
/// meaning, words). A key with words takes one of them (stored as its
/// index); the others a number.
pub const GAME_KEYS: &[(&str, &str, &[&str])] = &[
    ("min_fan", "a HU below this many fan is a false win (WH)", &[]),
    ("base_score", "what each loser pays on top of the fan (self-drawn: all three pay base + fan; on a discard: the discarder base + fan, the others base)", &[]),
    ("false_win_penalty", "a false win (WH): the offender pays this to each other seat", &[]),
    ("display", "the judge's displays: `platform` (the Botzone platform's: INIT shows canHu 0 and tileCnt and no strlen, the discarder's canHu is -4, HU and verdict displays carry tileCnt) or `public_judge` (the public judge/main.cpp's)", &["platform", "public_judge"]),
];

/// A whole rules file read and checked: `rules/fans.mcr`, or a profile
/// applied to its base ([`crate::profile::apply`]). What the generators
/// compile into one profile's tables.
#[derive(Debug, Clone)]
pub struct Rules {
    /// The fans, in index order (`fans[i].index == i + 1`).
    pub fans: Vec<FanDef>,
    /// The `flag` lines, in the order they apply.
    pub flags: Vec<FlagRule>,
    /// The `policy` lines.
    pub policies: Policies,
    /// The values of the `game` lines, in the order of [`GAME_KEYS`] (a
    /// key with words holds the index of its word); `None` only while a
    /// file is being read: a checked file has every key.
    pub game: Vec<Option<u32>>,
}

/// `game <key> = <value>`.
pub(crate) fn parse_game(p: &Parser, rest: &str, game: &mut [Option<u32>]) -> Result<(), RulesError> {
    let Some((key, value)) = rest.split_once('=') else {
        return Err(p.err("expected `game <name> = <value>`"));
    };
    let (key, value) = (key.trim(), value.trim());
    let Some(k) = GAME_KEYS.iter().position(|(g, _, _)| *g == key) else {
        let known: Vec<&str> = GAME_KEYS.iter().map(|g| g.0).collect();
        return Err(p.err(format!("unknown game rule `{key}` (known: {})", known.join(", "))));
    };
    let words = GAME_KEYS[k].2;
    let v: u32 = if words.is_empty() {
        value.parse().map_err(|_| p.err(format!("game {key}: `{value}` is not a whole number")))?
    } else {
        let Some(w) = words.iter().position(|w| *w == value) else {
            return Err(p.err(format!("game {key}: `{value}` is not one of {}", words.join(", "))));
        };
        w as u32
    };
    game[k] = Some(v);
    Ok(())
}

impl Rules {
    /// The index ([`FanDef::index`], 1-based) of the fan with this Chinese
    /// name, or `None` when no fan has it.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.fans.iter().find(|f| f.name == name).map(|f| f.index)
    }
}

/// Where the reader stands: the file, the fan being read and the line;
/// every error it makes names them.
pub(crate) struct Parser<'a> {
    pub file: &'a str,
    /// The fan whose lines are being read, if any.
    pub fan: Option<String>,
    /// The 1-based line being read.
    pub line: usize,
}

impl Parser<'_> {
    pub fn err_at(&self, line: usize, message: impl Into<String>) -> RulesError {
        RulesError::new(self.file, line, self.fan.as_deref(), message)
    }
    pub fn err(&self, message: impl Into<String>) -> RulesError {
        RulesError::new(self.file, self.line, self.fan.as_deref(), message)
    }
}

/// Strips a `#` comment (outside quotes).
pub fn strip_comment(line: &str) -> &str {
    let mut in_quotes = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_quotes = !in_quotes,
            '#' if !in_quotes => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Parses and checks a rules file, reporting every error of its lines (each
/// on the line that carries it); the whole-file checks run once the lines
/// read cleanly. `file` names the file in the errors; the errors come
/// sorted by line.
///
/// A complete file needs the four required policies and every `game` key
/// besides its fans:
///
/// ```
/// use mcr_rules_lang::lang;
///
/// let text = "\
/// fan 平和 \"All Chows\" = 2
///     when  chows > 0 && pungs == 0 && pair_is(numbered)
///     omits 无字
/// fan 无字 \"No Honors\" = 1
///     when  !any_tile(honor)
/// policy special_readings = seven_pairs, honors_knitted, thirteen_orphans, knitted_straight
/// policy chow_pairs = account_once:
/// policy pung_pairs = every_pair
/// policy discard_completes_pung = melded
/// game min_fan = 8
/// game base_score = 8
/// game false_win_penalty = 10
/// game display = platform
/// ";
/// let rules = lang::parse_all("house.mcr", text).unwrap();
/// assert_eq!(rules.fans[0].name, "平和");
/// assert_eq!(rules.fans[0].omits[0].fan, "无字");
/// assert_eq!(rules.index_of("无字"), Some(2));
///
/// // A misspelt fan, and a primitive where a yes/no is needed.
/// let bad = text.replace("omits 无字", "omits 无子").replace("!any_tile(honor)", "voided_suits");
/// let errors: Vec<String> =
///     lang::parse_all("house.mcr", &bad).unwrap_err().iter().map(|e| e.to_string()).collect();
/// assert_eq!(
///     errors,
///     [
///         "house.mcr:3: fan 平和: omits unknown fan `无子` (did you mean `无字`?)",
///         "house.mcr:5: fan 无字: `voided_suits` is a number, a yes/no is needed here",
///     ]
/// );
/// ```
pub fn parse_all(file: &str, text: &str) -> Result<Rules, Vec<RulesError>> {
    let mut p = Parser { file, fan: None, line: 0 };
    let mut errors: Vec<RulesError> = Vec::new();
    if text.starts_with('\u{feff}') {
        errors.push(p.err_at(1, "the file starts with a byte-order mark (BOM): save it as UTF-8 without BOM"));
    }
    let text = text.trim_start_matches('\u{feff}');
    let mut fans: Vec<FanDef> = Vec::new();
    let mut flags = Vec::new();
    let mut policies = Policies::default();
    let mut seen_policies: HashSet<String> = HashSet::new();
    let mut game = vec![None; GAME_KEYS.len()];
    // A fan being read: its header, then indented `when`/`count`/`omits` lines.
    let mut current: Option<(FanDef, Option<Rule>)> = None;
    // After a bad fan header, its indented lines are skipped.
    let mut skipping = false;
    let mut header_failed = false;

    fn finish(p: &Parser, current: Option<(FanDef, Option<Rule>)>, fans: &mut Vec<FanDef>) -> Result<(), RulesError> {
        if let Some((mut def, rule)) = current {
            match rule {
                Some(r) => def.rule = r,
                None => {
                    // Still a fan: its name stays known, and the next line is read.
                    def.rule = Rule::Count(Expr::number(0));
                    fans.push(def.clone());
                    return Err(RulesError::new(p.file, def.line, Some(&def.name), "has no `when` or `count` line"));
                }
            }
            fans.push(def);
        }
        Ok(())
    }

    for (i, raw) in text.lines().enumerate() {
        p.line = i + 1;
        let line = strip_comment(raw);
        if line.trim().is_empty() {
            continue;
        }
        if let Some(hint) = full_width_hint(line) {
            errors.push(p.err(hint));
            if let Some((_, rule)) = current.as_mut() {
                rule.get_or_insert(Rule::Count(Expr::number(0)));
            }
            continue;
        }
        let indented = line.starts_with(' ') || line.starts_with('\t');
        let line = line.trim();
        if indented && skipping {
            continue;
        }
        let result: Result<(), RulesError> = (|| {
            if indented {
                let Some((def, rule)) = current.as_mut() else {
                    return Err(p.err("indented line outside a fan"));
                };
                let (word, rest) = split_word(line);
                match word {
                    "when" | "count" => {
                        if rule.is_some() {
                            return Err(p.err("a fan has exactly one `when` or `count` line"));
                        }
                        // A bad condition still counts as the fan's rule (one error, not two).
                        *rule = Some(Rule::Count(Expr::number(0)));
                        *rule = Some(parse_rule(&p, word == "count", rest)?);
                        def.rule_text = format!("{word} {rest}");
                    }
                    "omits" => def.omits.extend(parse_omits(&p, rest)?),
                    "at_most" => def.at_most = Some((parse_at_most(&p, def.at_most, rest)?, p.line)),
                    other => {
                        return Err(p.err(format!("unknown line `{other}` (expected when, count, at_most or omits)")))
                    }
                }
                return Ok(());
            }
            // A top-level line ends the fan being read.
            skipping = false;
            if let Err(e) = finish(&p, current.take(), &mut fans) {
                errors.push(e);
            }
            p.fan = None;
            let (word, rest) = split_word(line);
            match word {
                "fan" => match parse_fan_header(&mut p, rest, fans.len() + 1) {
                    Ok(def) => current = Some((def, None)),
                    Err(e) => {
                        skipping = true;
                        header_failed = true;
                        return Err(e);
                    }
                },
                "flag" => flags.push(parse_flag(&p, rest)?),
                "policy" => parse_policy(&p, rest, &mut policies, &mut seen_policies)?,
                "game" => parse_game(&p, rest, &mut game)?,
                other => {
                    return Err(p.err(format!(
                        "unknown line `{other}` (expected fan, flag, policy or game){}",
                        did_you_mean(other, ["fan", "flag", "policy", "game"])
                    )))
                }
            }
            Ok(())
        })();
        if let Err(e) = result {
            errors.push(e);
        }
    }
    p.line += 1;
    if let Err(e) = finish(&p, current.take(), &mut fans) {
        errors.push(e);
    }
    if let Some(k) = game.iter().position(Option::is_none) {
        errors.push(RulesError::new(file, p.line, None, format!("game {} is missing", GAME_KEYS[k].0)));
    }
    let rules = Rules { fans, flags, policies, game };
    // The whole-file checks too, unless a fan went unread (its name would be
    // reported unknown wherever it is used).
    if !header_failed {
        if let Err(e) = check(file, text, &rules) {
            errors.push(e);
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.line);
        return Err(errors);
    }
    Ok(rules)
}

/// `omits A, B x1, ...`, each with its line.
pub(crate) fn parse_omits(p: &Parser, rest: &str) -> Result<Vec<Omit>, RulesError> {
    let mut out = Vec::new();
    for item in rest.split(',') {
        let item = item.trim();
        if item.is_empty() {
            return Err(p.err("empty name in `omits`"));
        }
        let (name, limit) = match item.rsplit_once(' ') {
            Some((n, x)) if x.starts_with('x') => {
                let k: u8 =
                    x[1..].parse().map_err(|_| p.err(format!("bad count `{x}` in `omits` (write x1, x2, ...)")))?;
                if k == 0 {
                    return Err(p.err(format!(
                        "`{item}`: x0 omits nothing; write `{}` alone to omit all of it, or drop it",
                        n.trim()
                    )));
                }
                (n.trim(), Some(k))
            }
            _ => (item, None),
        };
        out.push(Omit { fan: name.to_string(), limit, line: p.line });
    }
    Ok(out)
}

/// `at_most N`: a count from 1 to 254, given once per fan (`before` is the
/// one given already, if any).
pub(crate) fn parse_at_most(p: &Parser, before: Option<(u8, usize)>, rest: &str) -> Result<u8, RulesError> {
    if let Some((_, line)) = before {
        return Err(p.err(format!("`at_most` is given once (already on line {line})")));
    }
    match rest.trim().parse::<u8>() {
        Ok(n) if (1..=254).contains(&n) => Ok(n),
        _ => Err(p.err(format!("bad count `{}` in `at_most` (write a whole number from 1 to 254)", rest.trim()))),
    }
}

/// Full-width punctuation (from a Chinese input method) where the rules
/// language wants ASCII.
pub fn full_width_hint(line: &str) -> Option<String> {
    const PAIRS: &[(char, &str)] = &[
        ('，', ","),
        ('（', "("),
        ('）', ")"),
        ('＝', "="),
        ('！', "!"),
        ('＆', "&"),
        ('｜', "|"),
        ('＜', "<"),
        ('＞', ">"),
        ('＋', "+"),
        ('－', "-"),
        ('：', ":"),
        ('“', "\""),
        ('”', "\""),
        ('　', "a space"),
        ('；', ";"),
        ('、', ","),
    ];
    let code = strip_comment(line);
    PAIRS
        .iter()
        .find(|(c, _)| code.contains(*c))
        .map(|(c, ascii)| format!("full-width `{c}`: write `{ascii}` (switch the input method to half-width)"))
}

/// ` (did you mean `x`?)` for the closest of `known` to `word`, if close.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let w: Vec<char> = word.chars().collect();
    let best = known
        .into_iter()
        .map(|k| (edit_distance(&w, &k.chars().collect::<Vec<_>>()), k))
        .filter(|&(d, k)| d > 0 && d <= (k.chars().count().max(w.len()) / 3).max(1))
        .min();
    best.map(|(_, k)| format!(" (did you mean `{k}`?)")).unwrap_or_default()
}

fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + (ca != cb) as usize).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

pub(crate) fn split_word(line: &str) -> (&str, &str) {
    match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    }
}

fn parse_fan_header(p: &mut Parser, rest: &str, index: usize) -> Result<FanDef, RulesError> {
    // <name> "<English>" = <value> [extension on|off]
    let (name, rest) = split_word(rest);
    if name.is_empty() {
        return Err(p.err("`fan` needs a name"));
    }
    p.fan = Some(name.to_string());
    let rest = rest.trim_start();
    let Some(rest) = rest.strip_prefix('"') else {
        return Err(p.err("expected the English name in double quotes after the name"));
    };
    let Some(end) = rest.find('"') else {
        return Err(p.err("unterminated English name"));
    };
    let name_en = rest[..end].to_string();
    let rest = rest[end + 1..].trim();
    let Some(rest) = rest.strip_prefix('=') else {
        return Err(p.err("expected `= <value>` after the English name"));
    };
    let mut words = rest.split_whitespace();
    let value: u16 =
        words.next().and_then(|v| v.parse().ok()).ok_or_else(|| p.err("the value must be a whole number"))?;
    if value == 0 {
        return Err(p.err("the value must be at least 1"));
    }
    let extension = match (words.next(), words.next(), words.next()) {
        (None, _, _) => None,
        (Some("extension"), Some("on"), None) => Some(true),
        (Some("extension"), Some("off"), None) => Some(false),
        _ => return Err(p.err("after the value only `extension on` or `extension off` may follow")),
    };
    Ok(FanDef {
        index,
        name: name.to_string(),
        name_en,
        value,
        extension,
        line: p.line,
        rule: Rule::Count(Expr::number(0)),
        rule_text: String::new(),
        omits: Vec::new(),
        at_most: None,
    })
}

pub(crate) fn parse_expr(p: &Parser, text: &str) -> Result<Expr, RulesError> {
    if text.trim().is_empty() {
        return Err(p.err("missing condition"));
    }
    grammar::parse(text).map_err(|e| p.err(format!("syntax error in `{}`: {e}", text.trim())))
}

pub(crate) fn parse_rule(p: &Parser, is_count: bool, rest: &str) -> Result<Rule, RulesError> {
    for (prefix, kind) in [("chows(", GroupKind::Chows), ("pungs(", GroupKind::Pungs)] {
        if let Some(after) = rest.strip_prefix(prefix) {
            if let Some((n, expr)) = after.split_once("):") {
                if is_count {
                    return Err(p.err("group relations go on a `when` line"));
                }
                let arity: u8 = n.trim().parse().map_err(|_| p.err(format!("bad group size `{n}`")))?;
                if !(1..=4).contains(&arity) {
                    return Err(p.err(format!("a group has 1 to 4 sets, not {arity}")));
                }
                let expr = parse_expr(p, expr)?;
                check_expr(p, &expr, Context::Group, Expect::Bool)?;
                return Ok(Rule::Group { kind, arity, expr });
            }
        }
    }
    let expr = parse_expr(p, rest)?;
    if is_count {
        check_expr(p, &expr, Context::Hand, Expect::Count)?;
        Ok(Rule::Count(expr))
    } else {
        check_expr(p, &expr, Context::Hand, Expect::Bool)?;
        Ok(Rule::When(expr))
    }
}

pub(crate) fn parse_flag(p: &Parser, rest: &str) -> Result<FlagRule, RulesError> {
    // <flag> on|off when <expr>
    let (flag, rest) = split_word(rest);
    if !vocabulary::FLAGS.contains(&flag) {
        return Err(p.err(format!("unknown flag `{flag}` (flags: {})", vocabulary::FLAGS.join(", "))));
    }
    let (state, rest) = split_word(rest);
    let on = match state {
        "on" => true,
        "off" => false,
        _ => return Err(p.err("expected `on` or `off` after the flag name")),
    };
    let (when, rest) = split_word(rest);
    if when != "when" {
        return Err(p.err("expected `when <condition>`"));
    }
    let expr = parse_expr(p, rest)?;
    check_expr(p, &expr, Context::Flag, Expect::Bool)?;
    Ok(FlagRule { flag: flag.to_string(), on, expr, line: p.line })
}

pub(crate) fn names(list: &str) -> Vec<String> {
    list.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

pub(crate) fn parse_policy(
    p: &Parser,
    rest: &str,
    pol: &mut Policies,
    seen: &mut HashSet<String>,
) -> Result<(), RulesError> {
    let Some((key, value)) = rest.split_once('=') else {
        return Err(p.err("expected `policy <name> = <value>`"));
    };
    let key = key.trim();
    let value = value.trim();
    if !seen.insert(key.to_string()) {
        return Err(p.err(format!("policy `{key}` is set twice")));
    }
    match key {
        "special_readings" => {
            let list = names(value);
            for r in &list {
                if !vocabulary::SPECIAL_READINGS.contains(&r.as_str()) {
                    return Err(p.err(format!(
                        "unknown special reading `{r}` (known: {})",
                        vocabulary::SPECIAL_READINGS.join(", ")
                    )));
                }
            }
            pol.special_readings = list;
        }
        "regular_readings_also_after" => pol.regular_readings_also_after = names(value),
        "tie_prefers" => pol.tie_prefers = names(value),
        "tie_yields" => pol.tie_yields = names(value),
        "chow_pairs" => {
            let Some(list) = value.strip_prefix("account_once:") else {
                return Err(p.err("chow_pairs must be `account_once: <fans in trim order>`"));
            };
            pol.chow_pairs_trim = names(list);
        }
        "pung_pairs" => {
            if value != "every_pair" {
                return Err(p.err("pung_pairs must be `every_pair`"));
            }
            pol.pung_pairs_every = true;
        }
        "discard_completes_pung" => {
            pol.discard_completes_pung_melded = match value {
                "melded" => true,
                "concealed" => false,
                _ => return Err(p.err("discard_completes_pung must be `melded` or `concealed`")),
            }
        }
        "outside_readings" => pol.outside_readings = names(value),
        "tile_limit" => {
            pol.tile_limit = match value {
                "none" => None,
                n => Some(n.parse().ok().filter(|&n: &u8| n > 0).ok_or_else(|| {
                    p.err(format!("tile_limit must be a number of copies (1..255) or `none`, not `{n}`"))
                })?),
            }
        }
        "nine_gates_whole_hand" => {
            let expr = parse_expr(p, value)?;
            check_expr(p, &expr, Context::Flag, Expect::Bool)?;
            pol.nine_gates_whole_hand = Some(expr);
        }
        "chow_triples_prefer" => {
            pol.chow_triples_prefer = Vec::new();
            for item in names(value) {
                let Some((a, b)) = item.split_once(" over ") else {
                    return Err(p.err(format!("chow_triples_prefer: expected `<fan> over <fan>`, found `{item}`")));
                };
                pol.chow_triples_prefer.push((a.trim().to_string(), b.trim().to_string()));
            }
        }
        other => return Err(p.err(format!("unknown policy `{other}`"))),
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// The type an expression must have (and has): a yes/no test or a number.
enum Expect {
    Bool,
    Count,
}

/// Checks a class argument: a class name or a constructor `rank(5)`.
fn check_class(p: &Parser, a: &Arg) -> Result<(), RulesError> {
    match &a.class {
        Class::Name(name) => {
            if vocabulary::CLASSES.iter().any(|(c, _)| *c == name) {
                return Ok(());
            }
            Err(p.err(format!(
                "unknown tile class `{name}`{}",
                did_you_mean(name, vocabulary::CLASSES.iter().map(|c| c.0))
            )))
        }
        Class::Constructor(f, args) => {
            let name = f.clone().unwrap_or_default();
            let Some((_, n, _)) = vocabulary::CLASS_CONSTRUCTORS.iter().find(|(c, _, _)| *c == name) else {
                return Err(p.err(format!("unknown tile class `{}`", a.expr)));
            };
            if args.len() != *n || args.iter().any(Option::is_none) {
                return Err(p.err(format!("`{name}` takes {n} number(s)")));
            }
            Ok(())
        }
        Class::Other => Err(p.err(format!("expected a tile class, found `{}`", a.expr))),
    }
}

fn check_expr(p: &Parser, e: &Expr, ctx: Context, want: Expect) -> Result<(), RulesError> {
    let got = type_of(p, e, ctx)?;
    if got != want {
        return Err(p.err(format!(
            "`{e}` is a {}, a {} is needed here",
            if got == Expect::Bool { "yes/no" } else { "number" },
            if want == Expect::Bool { "yes/no" } else { "number" }
        )));
    }
    Ok(())
}

fn type_of(p: &Parser, e: &Expr, ctx: Context) -> Result<Expect, RulesError> {
    match &e.node {
        Node::Paren(x) => type_of(p, x, ctx),
        Node::Number(_) => Ok(Expect::Count),
        Node::Invalid(Invalid::Literal) => Err(p.err(format!("only whole numbers may be written, not `{e}`"))),
        Node::Unary(op, x) => match op {
            UnOp::Not => {
                check_expr(p, x, ctx, Expect::Bool)?;
                Ok(Expect::Bool)
            }
            UnOp::Neg | UnOp::Deref => Err(p.err(format!("unsupported operator in `{e}`"))),
        },
        Node::Binary(left, op, right) => match op {
            BinOp::And | BinOp::Or => {
                check_expr(p, left, ctx, Expect::Bool)?;
                check_expr(p, right, ctx, Expect::Bool)?;
                Ok(Expect::Bool)
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                check_expr(p, left, ctx, Expect::Count)?;
                check_expr(p, right, ctx, Expect::Count)?;
                Ok(Expect::Bool)
            }
            BinOp::Add | BinOp::Sub => {
                check_expr(p, left, ctx, Expect::Count)?;
                check_expr(p, right, ctx, Expect::Count)?;
                Ok(Expect::Count)
            }
            BinOp::Other(_) => Err(p.err(format!("unsupported operator in `{e}`"))),
        },
        Node::Primitive(name) => {
            let prim = vocabulary::lookup(name, ctx).ok_or_else(|| unknown_primitive(p, name, ctx))?;
            match prim.shape {
                Shape::Bool => Ok(Expect::Bool),
                Shape::Count => Ok(Expect::Count),
                _ => Err(p.err(format!("`{name}` needs arguments"))),
            }
        }
        Node::Call(name, args) => {
            let prim = vocabulary::lookup(name, ctx).ok_or_else(|| unknown_primitive(p, name, ctx))?;
            match prim.shape {
                Shape::BoolOfClass | Shape::CountOfClass => {
                    let [arg] = &args[..] else {
                        return Err(p.err(format!("`{name}` takes one tile class")));
                    };
                    check_class(p, arg)?;
                    Ok(if prim.shape == Shape::BoolOfClass { Expect::Bool } else { Expect::Count })
                }
                Shape::BoolOfNumbers(n) => {
                    if args.iter().any(|a| a.number.is_none()) || args.is_empty() || (n != 0 && args.len() != n) {
                        return Err(p.err(format!(
                            "`{name}` takes {} whole number(s)",
                            if n == 0 { "one or more".to_string() } else { n.to_string() }
                        )));
                    }
                    Ok(Expect::Bool)
                }
                Shape::Bool | Shape::Count => Err(p.err(format!("`{name}` takes no arguments"))),
            }
        }
        Node::Invalid(Invalid::NotAName(at)) => Err(p.err(format!("unknown primitive `{at}`"))),
        Node::Invalid(Invalid::Assign) => Err(p.err(format!("`{e}`: `=` assigns; write `==` to compare"))),
        Node::Invalid(Invalid::Unsupported) => Err(p.err(format!("unsupported expression `{e}`"))),
    }
}

fn unknown_primitive(p: &Parser, name: &str, ctx: Context) -> RulesError {
    let known = vocabulary::PRIMITIVES.iter().filter(|q| q.context == ctx).map(|q| q.name);
    p.err(format!("unknown primitive `{name}` in a {} condition{}", context_name(ctx), did_you_mean(name, known)))
}

fn context_name(c: Context) -> &'static str {
    match c {
        Context::Hand => "hand",
        Context::Group => "group (chows(N)/pungs(N))",
        Context::Flag => "flag",
    }
}

/// Whole-file checks: names unique and known, no exclusion cycle, policies
/// naming real fans.
pub fn check(file: &str, text: &str, rules: &Rules) -> Result<(), RulesError> {
    let err = |line: usize, fan: Option<&str>, message: String| RulesError::new(file, line, fan, message);
    let mut by_name: HashMap<&str, &FanDef> = HashMap::new();
    let mut by_en: HashMap<&str, &FanDef> = HashMap::new();
    for f in &rules.fans {
        if let Some(prev) = by_name.insert(&f.name, f) {
            return Err(err(
                f.line,
                Some(&f.name),
                format!("duplicate fan name (first defined on line {})", prev.line),
            ));
        }
        if let Some(prev) = by_en.insert(&f.name_en, f) {
            return Err(err(
                f.line,
                Some(&f.name),
                format!("duplicate English name \"{}\" (also fan {} on line {})", f.name_en, prev.name, prev.line),
            ));
        }
    }
    // The line of `policy <key> ...`, matched by the exact key (0 when absent).
    let policy_line = |key: &str| policy_line(text, key).unwrap_or(0);
    for f in &rules.fans {
        for o in &f.omits {
            let Some(target) = by_name.get(o.fan.as_str()) else {
                return Err(err(
                    o.line,
                    Some(&f.name),
                    format!("omits unknown fan `{}`{}", o.fan, did_you_mean(&o.fan, by_name.keys().copied())),
                ));
            };
            if target.name == f.name {
                return Err(err(o.line, Some(&f.name), "omits itself".into()));
            }
        }
    }
    // `at_most` limits a fan that may count more than once.
    for f in &rules.fans {
        if let (Some((_, line)), Rule::When(_)) = (f.at_most, &f.rule) {
            return Err(err(
                line,
                Some(&f.name),
                "`at_most` on a fan whose `when` counts it once at most: drop the line".into(),
            ));
        }
    }
    // Exclusion cycle: A omits B omits ... omits A makes "an omitted fan omits
    // nothing" ambiguous.
    let index: HashMap<&str, usize> = rules.fans.iter().map(|f| (f.name.as_str(), f.index - 1)).collect();
    /// Depth-first search marks: not reached yet, on the current path, finished (no cycle through it).
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Visit {
        Unseen,
        OnPath,
        Done,
    }
    let mut state = vec![Visit::Unseen; rules.fans.len()];
    fn visit(
        i: usize,
        rules: &Rules,
        index: &HashMap<&str, usize>,
        state: &mut [Visit],
        path: &mut Vec<usize>,
    ) -> Option<Vec<usize>> {
        state[i] = Visit::OnPath;
        path.push(i);
        for o in &rules.fans[i].omits {
            let j = index[o.fan.as_str()];
            if state[j] == Visit::OnPath {
                let start = path.iter().position(|&k| k == j).unwrap();
                let mut cycle = path[start..].to_vec();
                cycle.push(j);
                return Some(cycle);
            }
            if state[j] == Visit::Unseen {
                if let Some(c) = visit(j, rules, index, state, path) {
                    return Some(c);
                }
            }
        }
        path.pop();
        state[i] = Visit::Done;
        None
    }
    for i in 0..rules.fans.len() {
        if state[i] == Visit::Unseen {
            if let Some(cycle) = visit(i, rules, &index, &mut state, &mut Vec::new()) {
                let f = &rules.fans[cycle[0]];
                let names: Vec<&str> = cycle.iter().map(|&k| rules.fans[k].name.as_str()).collect();
                return Err(err(f.line, Some(&f.name), format!("exclusion cycle: {}", names.join(" omits "))));
            }
        }
    }
    let pol = &rules.policies;
    for (key, list) in [
        ("regular_readings_also_after", &pol.regular_readings_also_after),
        ("tie_prefers", &pol.tie_prefers),
        ("tie_yields", &pol.tie_yields),
        ("chow_pairs", &pol.chow_pairs_trim),
        ("outside_readings", &pol.outside_readings),
    ] {
        for name in list {
            if !by_name.contains_key(name.as_str()) {
                return Err(err(policy_line(key), None, format!("policy {key} names unknown fan `{name}`")));
            }
        }
    }
    for (a, b) in &pol.chow_triples_prefer {
        for name in [a, b] {
            match by_name.get(name.as_str()) {
                Some(f) if matches!(f.rule, Rule::Group { kind: GroupKind::Chows, arity: 3, .. }) => {}
                Some(_) => {
                    return Err(err(
                        policy_line("chow_triples_prefer"),
                        None,
                        format!("policy chow_triples_prefer names `{name}`, which is not a chows(3) fan"),
                    ))
                }
                None => {
                    return Err(err(
                        policy_line("chow_triples_prefer"),
                        None,
                        format!("policy chow_triples_prefer names unknown fan `{name}`"),
                    ))
                }
            }
        }
    }
    for name in &pol.chow_pairs_trim {
        let f = by_name[name.as_str()];
        if !matches!(f.rule, Rule::Group { kind: GroupKind::Chows, arity: 2, .. }) {
            return Err(err(
                policy_line("chow_pairs"),
                None,
                format!("policy chow_pairs names `{name}`, which is not a chows(2) fan"),
            ));
        }
    }
    for f in &rules.fans {
        if let Rule::Group { kind: GroupKind::Chows, arity: 2, .. } = f.rule {
            if !pol.chow_pairs_trim.contains(&f.name) {
                return Err(err(f.line, Some(&f.name), "a chows(2) fan must be listed in policy chow_pairs".into()));
            }
        }
        if let Rule::Group { kind: GroupKind::Chows, arity: 1, .. } = f.rule {
            return Err(err(
                f.line,
                Some(&f.name),
                "chows(1) is not supported: a single chow is no combination".into(),
            ));
        }
    }
    for key in ["special_readings", "chow_pairs", "pung_pairs", "discard_completes_pung"] {
        if self::policy_line(text, key).is_none() {
            return Err(err(0, None, format!("policy {key} is missing")));
        }
    }
    Ok(())
}

/// The 1-based line of the first `policy <key>` line, the key compared whole
/// (so `chow_pairs` never finds a `chow_pairs_...` line or a comment).
fn policy_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            let mut words = l.split_whitespace();
            words.next() == Some("policy") && words.next() == Some(key)
        })
        .map(|i| i + 1)
}
