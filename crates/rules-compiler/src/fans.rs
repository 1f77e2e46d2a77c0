//! Generator for the fan tables (rules/fans.mcr -> OUT_DIR/fan_rules.rs):
//! the fan table, the name maps (phf), the exclusion lists and their order,
//! the policies, and the fan-detection code (a decision tree over reading
//! shapes, then group matchers by set kind and size). Each condition is
//! written as Rust over the views' primitives ([`crate::condition`]).

use crate::condition::ConditionError;
use mcr_rules_lang::grammar::{BinOp, Expr, Node};
use mcr_rules_lang::lang::{self, GroupKind, Rule, Rules};
use mcr_rules_lang::vocabulary;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The generator as its provenance lines name it.
pub const GENERATOR: &str = "crates/rules-compiler/src/fans.rs";

/// Why a profile's tables could not be generated: the checker let through
/// something the tables cannot hold, or the file could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum FansError {
    /// More fans than the 128-bit fan sets hold.
    TooManyFans {
        /// The rules file.
        file: String,
        /// Its fans.
        fans: usize,
    },
    /// A condition that cannot be written as Rust.
    Condition(ConditionError),
    /// A fan named that the rules do not define.
    UnknownFan(String),
    /// A special reading that is no shape.
    NotAShape {
        /// The rules file.
        file: String,
        /// The reading.
        reading: String,
    },
    /// A `game` line is missing.
    MissingGame {
        /// The rules file.
        file: String,
    },
    /// A group fan counted outside readings.
    GroupOutsideReadings {
        /// The rules file.
        file: String,
        /// The line of the fan's definition.
        line: usize,
        /// The fan.
        fan: String,
    },
    /// The generated text could not be formatted.
    Format(io::Error),
    /// The generated file could not be written.
    Write {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        error: io::Error,
    },
}

impl fmt::Display for FansError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FansError::TooManyFans { file, fans } => write!(f, "{file}: {fans} fans; fan sets are 128-bit masks"),
            FansError::Condition(e) => write!(f, "{e}"),
            FansError::UnknownFan(name) => write!(f, "unknown fan `{name}`"),
            FansError::NotAShape { file, reading } => write!(f, "{file}: special reading `{reading}` is no shape"),
            FansError::MissingGame { file } => write!(f, "{file}: a `game` line is missing"),
            FansError::GroupOutsideReadings { file, line, fan } => {
                write!(f, "{file}:{line}: fan {fan}: a group fan cannot be counted outside readings")
            }
            FansError::Format(e) => write!(f, "{e}"),
            FansError::Write { file, error } => write!(f, "{}: cannot write: {error}", file.display()),
        }
    }
}

impl std::error::Error for FansError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FansError::Condition(e) => Some(e),
            FansError::Format(e) | FansError::Write { error: e, .. } => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for FansError {
    fn from(e: io::Error) -> FansError {
        FansError::Format(e)
    }
}

impl From<ConditionError> for FansError {
    fn from(e: ConditionError) -> FansError {
        FansError::Condition(e)
    }
}

/// What the generator's steps return.
type Gen<T> = Result<T, FansError>;

/// A condition as Rust over `view` (an expression the checker let through
/// always translates; the error names it).
fn cond(view: &str, e: &Expr) -> Gen<String> {
    Ok(crate::condition::rust(view, e)?)
}

/// The reading shapes, once: the word of the rules file, the generated
/// `Shape` variant, and whether the hand-fan decision tree branches on it
/// (a condition starting `regular && ...` is tested in the `Regular` arm
/// only; `knitted_straight` is no branch: its fan's condition is tested in
/// every reading).
const SHAPES: [(&str, &str, bool); 5] = [
    ("regular", "Regular", true),
    ("seven_pairs", "SevenPairs", true),
    ("thirteen_orphans", "ThirteenOrphans", true),
    ("honors_knitted", "HonorsKnitted", true),
    ("knitted_straight", "KnittedStraight", false),
];

/// The shape a condition requires at its top level (`regular && ...`), if
/// the decision tree branches on it.
fn required_shape(c: &Expr) -> Option<&'static str> {
    match &c.node {
        Node::Binary(l, BinOp::And, r) => required_shape(l).or_else(|| required_shape(r)),
        Node::Primitive(id) => {
            SHAPES.iter().find(|(word, _, branch)| *branch && id == word).map(|(_, variant, _)| *variant)
        }
        _ => None,
    }
}

/// Does the condition use the primitive `word`?
fn mentions(e: &Expr, word: &str) -> bool {
    e.uses(word)
}

fn rust_str(s: &str) -> String {
    format!("{s:?}")
}

/// A fan's index by name (the checker has made every name known).
fn index(rules: &Rules, name: &str) -> Gen<usize> {
    rules.index_of(name).ok_or_else(|| FansError::UnknownFan(name.to_string()))
}

fn index_list(rules: &Rules, names: &[String]) -> Gen<String> {
    let v: Vec<String> = names.iter().map(|n| index(rules, n).map(|i| i.to_string())).collect::<Gen<_>>()?;
    Ok(format!("&[{}]", v.join(", ")))
}

/// Omissions as generated `Omit` values.
fn omit_items<'a>(rules: &Rules, omits: impl Iterator<Item = &'a lang::Omit>) -> Gen<String> {
    let items: Vec<String> = omits
        .map(|o| Ok(format!("Omit {{ fan: {}, limit: {} }}", index(rules, &o.fan)?, o.limit.unwrap_or(0))))
        .collect::<Gen<_>>()?;
    Ok(items.join(", "))
}

/// The mask of the fans `omits` names.
fn omit_mask<'a>(rules: &Rules, omits: impl Iterator<Item = &'a lang::Omit>) -> Gen<u128> {
    omits.map(|o| index(rules, &o.fan)).try_fold(0u128, |m, i| Ok(m | 1 << i?))
}

/// Fans ordered so that every fan comes before the fans it omits (the order
/// in which omissions are applied: an omitted fan then omits nothing).
fn omission_order(rules: &Rules) -> Gen<Vec<usize>> {
    let n = rules.fans.len();
    let mut indegree = vec![0usize; n + 1];
    for f in &rules.fans {
        for o in &f.omits {
            indegree[index(rules, &o.fan)?] += 1;
        }
    }
    let mut order = Vec::new();
    let mut ready: Vec<usize> = (1..=n).filter(|&i| indegree[i] == 0).collect();
    while let Some(i) = ready.first().copied() {
        ready.remove(0);
        order.push(i);
        for o in &rules.fans[i - 1].omits {
            let j = index(rules, &o.fan)?;
            indegree[j] -= 1;
            if indegree[j] == 0 {
                let pos = ready.partition_point(|&k| k < j);
                ready.insert(pos, j);
            }
        }
    }
    Ok(order)
}

/// One table with an entry per fan: `doc`, the declaration, the entry of
/// index 0 (no fan), then `/* name */ entry,` for each fan in file order.
fn write_fan_list(
    w: &mut impl Write,
    rules: &Rules,
    doc: &str,
    decl: &str,
    none: &str,
    mut entry: impl FnMut(&lang::FanDef) -> Gen<String>,
) -> Gen<()> {
    writeln!(w, "/// {doc}")?;
    writeln!(w, "{decl} = [")?;
    writeln!(w, "    {none},")?;
    for f in &rules.fans {
        writeln!(w, "    /* {} */ {},", f.name, entry(f)?)?;
    }
    Ok(writeln!(w, "];\n")?)
}

/// Generates one profile's tables into `out_file`; `file` names the
/// file the rules were read from, `inputs` are the files (name, content)
/// they were compiled from, hashed in the provenance line.
pub fn generate(rules: &Rules, file: &str, inputs: &[(&str, &[u8])], out_file: &Path) -> Result<(), FansError> {
    if rules.fans.len() + 1 > 128 {
        return Err(FansError::TooManyFans { file: file.to_string(), fans: rules.fans.len() });
    }
    let mut out = Vec::new();
    write_all(&mut out, rules, file, inputs)?;
    std::fs::write(out_file, out).map_err(|error| FansError::Write { file: out_file.to_path_buf(), error })
}

/// The whole generated file, section by section.
fn write_all(w: &mut impl Write, rules: &Rules, file: &str, inputs: &[(&str, &[u8])]) -> Gen<()> {
    write_header(w, rules, inputs)?;
    write_fan_table(w, rules, file)?;
    write_name_map(w, rules)?;
    write_omissions(w, rules)?;
    write_count_limits(w, rules)?;
    write_policies(w, rules, file)?;
    write_game_and_flags(w, rules, file)?;
    write_hand_fans(w, rules, file)?;
    write_group_matchers(w, rules)
}

fn write_header(w: &mut impl Write, rules: &Rules, inputs: &[(&str, &[u8])]) -> Gen<()> {
    writeln!(w, "{}", mcr_rules_lang::provenance::header(GENERATOR, inputs))?;
    writeln!(w, "// Each condition below is a rule of the rules file as Rust over the views' primitives.")?;
    writeln!(w)?;
    writeln!(w, "#[allow(unused_imports)]")?;
    writeln!(w, "use crate::fans::class::Class;")?;
    writeln!(w, "use crate::fans::primitives::{{FlagView, GroupView, HandView}};")?;
    writeln!(w, "use crate::fans::{{FanInfo, Omit, Tally}};")?;
    writeln!(w, "use crate::decompose::Shape;")?;
    writeln!(w)?;
    writeln!(w, "/// Entries of the fan table: 0 = none, then the fans in file order.")?;
    writeln!(w, "pub const FAN_TABLE_SIZE: usize = {};", rules.fans.len() + 1)?;
    Ok(writeln!(w)?)
}

/// The fan table and the rule text of each fan (for explanations).
fn write_fan_table(w: &mut impl Write, rules: &Rules, file: &str) -> Gen<()> {
    writeln!(w, "/// The fan table: index 0 is no fan, then the profile's fans in file order.")?;
    writeln!(w, "pub static FANS: [FanInfo; FAN_TABLE_SIZE] = [")?;
    writeln!(w, "    FanInfo {{ index: 0, name: \"无\", name_en: \"None\", value: 0, extension: None }},")?;
    for f in &rules.fans {
        writeln!(
            w,
            "    FanInfo {{ index: {}, name: {}, name_en: {}, value: {}, extension: {:?} }},",
            f.index,
            rust_str(&f.name),
            rust_str(&f.name_en),
            f.value,
            f.extension
        )?;
    }
    writeln!(w, "];\n")?;

    writeln!(w, "/// Each fan's rule as written in {file} (`when ...` / `count ...`, then `; at_most N`")?;
    writeln!(w, "/// when it has one), and its line.")?;
    writeln!(w, "pub static RULE_TEXT: [(&str, u32); FAN_TABLE_SIZE] = [")?;
    writeln!(w, "    (\"\", 0),")?;
    for f in &rules.fans {
        let text = match f.at_most {
            Some((n, _)) => format!("{}; at_most {n}", f.rule_text),
            None => f.rule_text.clone(),
        };
        writeln!(w, "    ({}, {}),", rust_str(&text), f.line)?;
    }
    Ok(writeln!(w, "];\n")?)
}

/// Fan index by Chinese or English name (phf).
fn write_name_map(w: &mut impl Write, rules: &Rules) -> Gen<()> {
    let mut map = phf_codegen::Map::new();
    let mut entries: Vec<(String, String)> = Vec::new();
    for f in &rules.fans {
        entries.push((f.name.clone(), f.index.to_string()));
        if f.name_en != f.name {
            entries.push((f.name_en.clone(), f.index.to_string()));
        }
    }
    for (k, v) in &entries {
        map.entry(k.as_str(), v.as_str());
    }
    writeln!(w, "/// Fan index by Chinese or English name.")?;
    Ok(writeln!(w, "pub static FAN_BY_NAME: phf::Map<&'static str, u8> = {};\n", map.build())?)
}

/// Exclusions (不计): the lists, their masks, the order they apply in, and
/// their split into whole omissions and counted ones.
fn write_omissions(w: &mut impl Write, rules: &Rules) -> Gen<()> {
    let n = rules.fans.len() + 1;
    write_fan_list(
        w,
        rules,
        "不计: for each fan, the fans it omits (limit 0 = all of it).",
        "pub static OMITS: [&[Omit]; FAN_TABLE_SIZE]",
        "&[]",
        |f| Ok(format!("&[{}]", omit_items(rules, f.omits.iter())?)),
    )?;
    write_fan_list(
        w,
        rules,
        "For each fan, the fans it omits as a mask (to skip fans none of whose targets are present).",
        "pub static OMITS_MASK: [u128; FAN_TABLE_SIZE]",
        "0",
        |f| Ok(format!("{:#x}", omit_mask(rules, f.omits.iter())?)),
    )?;
    let omitters = rules.fans.iter().filter(|f| !f.omits.is_empty()).fold(0u128, |m, f| m | 1 << f.index);
    writeln!(w, "/// Fans that omit some other fan.")?;
    writeln!(w, "pub const OMITTERS: u128 = {omitters:#x};\n")?;
    let order = omission_order(rules)?;
    writeln!(w, "/// Fans in the order omissions are applied (each before the fans it omits).")?;
    writeln!(w, "pub static OMISSION_ORDER: [u8; {}] = {:?};\n", order.len(), order)?;
    let mut rank = vec![0usize; n];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r;
    }
    writeln!(w, "/// Each fan's place in OMISSION_ORDER.")?;
    writeln!(w, "pub static OMISSION_RANK: [u8; FAN_TABLE_SIZE] = {rank:?};\n")?;

    // Per-fan facts the evaluator needs.
    let set_fans: Vec<usize> =
        rules.fans.iter().filter(|f| matches!(f.rule, Rule::Group { arity: 1, .. })).map(|f| f.index).collect();
    writeln!(w, "/// Fans counted per set (`pungs(1)`): omitted set by set.")?;
    let mut is_set_fan = vec![false; n];
    for &i in &set_fans {
        is_set_fan[i] = true;
    }
    writeln!(w, "pub static SET_FAN: [bool; FAN_TABLE_SIZE] = {is_set_fan:?};")?;
    let set_fan_mask = set_fans.iter().fold(0u128, |m, &i| m | 1 << i);
    writeln!(w, "/// The fans counted per set, as a bit mask over fan indices.")?;
    writeln!(w, "pub const SET_FANS: u128 = {set_fan_mask:#x};\n")?;
    // Omissions split by how they apply: a whole fan counted by hand is
    // dropped from the mask; the rest (limits, set fans) count down.
    let whole = |o: &lang::Omit| -> Gen<bool> { Ok(o.limit.unwrap_or(0) == 0 && !is_set_fan[index(rules, &o.fan)?]) };
    fn split<'a>(
        f: &'a lang::FanDef,
        keep_whole: bool,
        whole: &dyn Fn(&lang::Omit) -> Gen<bool>,
    ) -> Gen<Vec<&'a lang::Omit>> {
        let mut kept = Vec::new();
        for o in &f.omits {
            if whole(o)? == keep_whole {
                kept.push(o);
            }
        }
        Ok(kept)
    }
    write_fan_list(
        w,
        rules,
        "For each fan, the fans not counted per set that it omits all of, as a mask.",
        "pub static OMITS_WHOLE: [u128; FAN_TABLE_SIZE]",
        "0",
        |f| Ok(format!("{:#x}", omit_mask(rules, split(f, true, &whole)?.into_iter())?)),
    )?;
    write_fan_list(
        w,
        rules,
        "For each fan, the rest of OMITS (limited, or of fans counted per set).",
        "pub static OMITS_COUNTED: [&[Omit]; FAN_TABLE_SIZE]",
        "&[]",
        |f| Ok(format!("&[{}]", omit_items(rules, split(f, false, &whole)?.into_iter())?)),
    )
}

/// `at_most N`: each fan's most counts (255: no limit), and the fans limited.
fn write_count_limits(w: &mut impl Write, rules: &Rules) -> Gen<()> {
    write_fan_list(
        w,
        rules,
        "`at_most`: how many times each fan counts at most (255: no limit).",
        "pub static AT_MOST: [u8; FAN_TABLE_SIZE]",
        "255",
        |f| Ok(f.at_most.map_or(255, |(n, _)| n).to_string()),
    )?;
    let limited = rules.fans.iter().filter(|f| f.at_most.is_some()).fold(0u128, |m, f| m | 1 << f.index);
    writeln!(w, "/// Fans with an `at_most` line.")?;
    Ok(writeln!(w, "pub const LIMITED: u128 = {limited:#x};\n")?)
}

fn write_policies(w: &mut impl Write, rules: &Rules, file: &str) -> Gen<()> {
    let pol = &rules.policies;
    let shapes: Vec<String> = pol
        .special_readings
        .iter()
        .map(|r| match SHAPES.iter().find(|(word, _, _)| word == r) {
            Some((_, variant, _)) => Ok(format!("Shape::{variant}")),
            None => Err(FansError::NotAShape { file: file.to_string(), reading: r.to_string() }),
        })
        .collect::<Gen<_>>()?;
    writeln!(w, "// Policies (see the comments in {file}).")?;
    writeln!(w, "/// Policy special_readings: the special shapes a hand is read as, in order.")?;
    writeln!(w, "pub static SPECIAL_READINGS: &[Shape] = &[{}];", shapes.join(", "))?;
    writeln!(w, "/// Policy regular_readings_also_after: regular readings are also scored when the special reading has one of these fans.")?;
    writeln!(
        w,
        "pub static REGULAR_READINGS_ALSO_AFTER: &[u8] = {};",
        index_list(rules, &pol.regular_readings_also_after)?
    )?;
    writeln!(w, "/// Policy tie_prefers: at equal totals, a later regular reading with one of these fans replaces the kept one.")?;
    writeln!(w, "pub static TIE_PREFERS: &[u8] = {};", index_list(rules, &pol.tie_prefers)?)?;
    writeln!(w, "/// Policy tie_yields: at equal totals, a special reading with one of these fans yields to a later regular one.")?;
    writeln!(w, "pub static TIE_YIELDS: &[u8] = {};", index_list(rules, &pol.tie_yields)?)?;
    writeln!(w, "/// chows(2) fans in account-once trim order.")?;
    writeln!(w, "pub static CHOW_PAIR_TRIM: &[u8] = {};", index_list(rules, &pol.chow_pairs_trim)?)?;
    let prefer: Vec<String> = pol
        .chow_triples_prefer
        .iter()
        .map(|(a, b)| Ok(format!("({}, {})", index(rules, a)?, index(rules, b)?)))
        .collect::<Gen<_>>()?;
    writeln!(w, "/// (preferred, over): a later group of three chows showing the first is counted instead of one showing the second.")?;
    writeln!(w, "pub const CHOW_TRIPLE_PREFER: &[(u8, u8)] = &[{}];", prefer.join(", "))?;
    writeln!(
        w,
        "/// Policy discard_completes_pung: a concealed pung completed by a discarded win tile counts as melded."
    )?;
    writeln!(w, "pub const DISCARD_COMPLETES_PUNG_MELDED: bool = {};", pol.discard_completes_pung_melded)?;
    writeln!(w, "/// A hand holding a kind more times than this is refused (None: any number).")?;
    writeln!(w, "pub const TILE_LIMIT: Option<u8> = {:?};", pol.tile_limit)?;
    writeln!(w, "/// Policy outside_readings: fans counted after the best reading is chosen, outside every reading.")?;
    writeln!(w, "pub static OUTSIDE_READINGS: &[u8] = {};\n", index_list(rules, &pol.outside_readings)?)?;

    writeln!(w, "/// Policy nine_gates_whole_hand: when it holds, nine gates is read from the 14 tiles.")?;
    writeln!(w, "pub const NINE_GATES_WHOLE_HAND: bool = {};", pol.nine_gates_whole_hand.is_some())?;
    writeln!(w, "/// Whether nine gates is read from the 14 tiles of this hand.")?;
    writeln!(w, "#[allow(unused_variables)]\npub fn nine_gates_whole_hand(v: &FlagView) -> bool {{")?;
    match &pol.nine_gates_whole_hand {
        Some(e) => writeln!(w, "    {}", cond("v", e)?)?,
        None => writeln!(w, "    false")?,
    }
    Ok(writeln!(w, "}}\n")?)
}

fn write_game_and_flags(w: &mut impl Write, rules: &Rules, file: &str) -> Gen<()> {
    let g: Vec<u32> = rules
        .game
        .iter()
        .map(|v| v.ok_or_else(|| FansError::MissingGame { file: file.to_string() }))
        .collect::<Gen<_>>()?;
    writeln!(w, "/// The game's rules around the fans (`game` lines).")?;
    let display = ["Platform", "PublicJudge"][g[3] as usize];
    writeln!(w, "pub static GAME: crate::fans::GameRules = crate::fans::GameRules {{ min_fan: {}, base_score: {}, false_win_penalty: {}, display: crate::fans::Displays::{display} }};\n", g[0], g[1], g[2])?;

    writeln!(w, "/// Win-flag corrections, in file order.")?;
    writeln!(w, "pub fn apply_flag_rules(v: &mut FlagView) {{")?;
    for fl in &rules.flags {
        writeln!(w, "    // {file}:{}", fl.line)?;
        writeln!(w, "    if {} {{ v.set_{}({}); }}", cond("v", &fl.expr)?, fl.flag, fl.on)?;
    }
    Ok(writeln!(w, "}}\n")?)
}

fn active(f: &&lang::FanDef) -> bool {
    f.extension != Some(false)
}

/// `t.set_if(...)` or `t.set(...)` for a fan of a whole reading.
fn write_hand_fan(w: &mut impl Write, f: &lang::FanDef, indent: &str, file: &str) -> Gen<()> {
    match &f.rule {
        Rule::When(e) => Ok(writeln!(w, "{indent}t.set_if({}, {}); // {}", f.index, cond("v", e)?, f.name)?),
        Rule::Count(e) => Ok(writeln!(w, "{indent}t.set({}, ({}) as u8); // {}", f.index, cond("v", e)?, f.name)?),
        Rule::Group { .. } => {
            Err(FansError::GroupOutsideReadings { file: file.to_string(), line: f.line, fan: f.name.clone() })
        }
    }
}

/// Hand fans: a decision tree on the reading's shape, then the rest; the
/// last-pass fans; the fans counted outside readings.
fn write_hand_fans(w: &mut impl Write, rules: &Rules, file: &str) -> Gen<()> {
    let outside: Vec<&String> = rules.policies.outside_readings.iter().collect();
    let hand_fans: Vec<&lang::FanDef> = rules
        .fans
        .iter()
        .filter(active)
        .filter(|f| !outside.contains(&&f.name))
        .filter(|f| match &f.rule {
            Rule::When(e) => !mentions(e, "no_other_fan"),
            Rule::Count(_) => true,
            Rule::Group { .. } => false,
        })
        .collect();
    writeln!(w, "/// Fans of a whole reading (not the group fans, not the last-pass fans).")?;
    writeln!(w, "pub fn hand_fans(v: &HandView, t: &mut Tally) {{")?;
    writeln!(w, "    match v.shape() {{")?;
    for (_, shape, _) in SHAPES.iter().filter(|(_, _, branch)| *branch) {
        writeln!(w, "        Shape::{shape} => {{")?;
        for f in hand_fans
            .iter()
            .filter(|f| matches!(&f.rule, Rule::When(e) | Rule::Count(e) if required_shape(e) == Some(*shape)))
        {
            write_hand_fan(w, f, "            ", file)?;
        }
        writeln!(w, "        }}")?;
    }
    writeln!(w, "        _ => {{}}")?;
    writeln!(w, "    }}")?;
    for f in
        hand_fans.iter().filter(|f| matches!(&f.rule, Rule::When(e) | Rule::Count(e) if required_shape(e).is_none()))
    {
        write_hand_fan(w, f, "    ", file)?;
    }
    writeln!(w, "}}\n")?;

    writeln!(w, "/// Fans decided after all others (`no_other_fan`).")?;
    writeln!(w, "pub fn last_pass_fans(v: &HandView, t: &mut Tally) {{")?;
    for f in rules.fans.iter().filter(active) {
        if let Rule::When(e) = &f.rule {
            if mentions(e, "no_other_fan") {
                writeln!(w, "    t.set_if({}, {}); // {}", f.index, cond("v", e)?, f.name)?;
            }
        }
    }
    writeln!(w, "}}\n")?;

    writeln!(w, "/// Fans counted outside the readings, once the best is chosen.")?;
    writeln!(w, "pub fn outside_fans(v: &HandView, t: &mut Tally) {{")?;
    for f in rules.fans.iter().filter(active).filter(|f| outside.contains(&&f.name)) {
        write_hand_fan(w, f, "    ", file)?;
    }
    Ok(writeln!(w, "}}\n")?)
}

/// Group matchers by set kind and size, and what each reads.
fn write_group_matchers(w: &mut impl Write, rules: &Rules) -> Gen<()> {
    // Do the active group fans of this kind and arity use none of `words`?
    let reads_none = |kind: GroupKind, arity: u8, words: &[&[&str]]| {
        rules.fans.iter().filter(active).all(|f| match &f.rule {
            Rule::Group { kind: k, arity: a, expr } if *k == kind && *a == arity => {
                !words.iter().flat_map(|w| w.iter()).any(|word| mentions(expr, word))
            }
            _ => true,
        })
    };
    for (kind, kname) in [(GroupKind::Chows, "chows"), (GroupKind::Pungs, "pungs")] {
        for arity in 2..=4u8 {
            writeln!(w, "/// The first `{kname}({arity})` fan the group shows, in file order.")?;
            writeln!(w, "pub fn {kname}_{arity}(g: &GroupView) -> Option<u8> {{")?;
            for f in rules.fans.iter().filter(active) {
                if let Rule::Group { kind: k, arity: a, expr } = &f.rule {
                    if *k == kind && *a == arity {
                        writeln!(w, "    if {} {{ return Some({}); }} // {}", cond("g", expr)?, f.index, f.name)?;
                    }
                }
            }
            writeln!(w, "    None")?;
            writeln!(w, "}}\n")?;
            let by_tiles = reads_none(kind, arity, &[vocabulary::GROUP_READS_PAIR, vocabulary::GROUP_READS_WINDS]);
            writeln!(w, "/// Does `{kname}_{arity}` read the group's tiles only (so a table over tiles can answer)?")?;
            writeln!(w, "pub const {}_{arity}_BY_TILES: bool = {by_tiles};\n", kname.to_uppercase())?;
            // Read by the filter of four chows only (eval.rs, CHOWS_4_MAY_MATCH).
            if kind == GroupKind::Chows && arity == 4 {
                let reads_winds = !reads_none(kind, arity, &[vocabulary::GROUP_READS_WINDS]);
                writeln!(w, "/// Does `{kname}_{arity}` read the winds?")?;
                writeln!(w, "pub const {}_{arity}_READS_WINDS: bool = {reads_winds};\n", kname.to_uppercase())?;
            }
        }
        writeln!(w, "/// Every `{kname}(1)` fan the set shows.")?;
        writeln!(w, "#[allow(unused_variables)]")?;
        writeln!(w, "pub fn {kname}_1(g: &GroupView, hit: &mut dyn FnMut(u8)) {{")?;
        for f in rules.fans.iter().filter(active) {
            if let Rule::Group { kind: k, arity: 1, expr } = &f.rule {
                if *k == kind {
                    writeln!(w, "    if {} {{ hit({}); }} // {}", cond("g", expr)?, f.index, f.name)?;
                }
            }
        }
        writeln!(w, "}}\n")?;
        let by_tile = reads_none(kind, 1, &[vocabulary::GROUP_READS_PAIR]);
        writeln!(w, "/// Does `{kname}_1` read the set's tile and the winds only (so a table over them can answer)?")?;
        writeln!(w, "pub const {}_1_BY_TILE: bool = {by_tile};\n", kname.to_uppercase())?;
    }
    Ok(())
}
