//! Generator for the fan tables (rules/fans.mcr -> OUT_DIR/fan_rules.rs):
//! the fan table, the name maps (phf), the exclusion lists and their order,
//! the policies, and the fan-detection code (a decision tree over reading
//! shapes, then group matchers by set kind and size). Conditions are emitted
//! as `mcr_macros::rule!(view; condition)`; the proc-macro compiles them.

use super::lang::{self, GroupKind, Rule, Rules};
use super::vocabulary;
use quote::ToTokens;
use std::fmt::Write as _;
use std::path::Path;

pub const RULES_FILE: &str = "rules/fans.mcr";

pub fn load(rules_dir: &Path) -> Result<Rules, String> {
    let path = rules_dir.join("fans.mcr");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    // Every error, one per line (build.rs prefixes the first with `error: `).
    lang::parse_all(RULES_FILE, &text).map_err(|errors| errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\nerror: "))
}

fn cond(view: &str, e: &syn::Expr) -> String {
    format!("mcr_macros::rule!({view}; {})", e.to_token_stream())
}

/// The shape a condition requires at its top level (`regular && ...`), if any.
fn required_shape(e: &syn::Expr) -> Option<&'static str> {
    match e {
        syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
            required_shape(&b.left).or_else(|| required_shape(&b.right))
        }
        syn::Expr::Path(p) => {
            let id = p.path.get_ident()?.to_string();
            [("regular", "Regular"), ("seven_pairs", "SevenPairs"), ("thirteen_orphans", "ThirteenOrphans"), ("honors_knitted", "HonorsKnitted")]
                .into_iter()
                .find(|(n, _)| *n == id)
                .map(|(_, s)| s)
        }
        _ => None,
    }
}

fn mentions(e: &syn::Expr, word: &str) -> bool {
    e.to_token_stream().to_string().split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == word)
}

fn rust_str(s: &str) -> String {
    format!("{s:?}")
}

fn index_list(rules: &Rules, names: &[String]) -> String {
    let v: Vec<String> = names.iter().map(|n| rules.index_of(n).unwrap().to_string()).collect();
    format!("&[{}]", v.join(", "))
}

/// Fans ordered so that every fan comes before the fans it omits (the order
/// in which omissions are applied: an omitted fan then omits nothing).
/// Omissions as generated `Omit` values.
fn omit_items<'a>(rules: &Rules, omits: impl Iterator<Item = &'a lang::Omit>) -> String {
    let items: Vec<String> = omits.map(|o| format!("Omit {{ fan: {}, limit: {} }}", rules.index_of(&o.fan).unwrap(), o.limit.unwrap_or(0))).collect();
    items.join(", ")
}

fn omission_order(rules: &Rules) -> Vec<usize> {
    let n = rules.fans.len();
    let mut indegree = vec![0usize; n + 1];
    for f in &rules.fans {
        for o in &f.omits {
            indegree[rules.index_of(&o.fan).unwrap()] += 1;
        }
    }
    let mut order = Vec::new();
    let mut ready: Vec<usize> = (1..=n).filter(|&i| indegree[i] == 0).collect();
    while let Some(i) = ready.first().copied() {
        ready.remove(0);
        order.push(i);
        for o in &rules.fans[i - 1].omits {
            let j = rules.index_of(&o.fan).unwrap();
            indegree[j] -= 1;
            if indegree[j] == 0 {
                let pos = ready.partition_point(|&k| k < j);
                ready.insert(pos, j);
            }
        }
    }
    order
}

/// Generates one profile's tables into `out_file`; `file` names the
/// file the rules were read from, `inputs` are the files (name, content)
/// they were compiled from, hashed in the provenance line.
pub fn generate(rules: &Rules, file: &str, inputs: &[(&str, &[u8])], out_file: &Path) -> Result<(), String> {
    let mut s = String::new();
    let n = rules.fans.len() + 1;
    if n > 128 {
        return Err(format!("{file}: {} fans; fan sets are 128-bit masks", n - 1));
    }
    let w = &mut s;
    writeln!(w, "{}", crate::provenance::header("build/fans.rs", inputs)).unwrap();
    writeln!(w, "// Each condition below is the rules file's text, compiled by mcr_macros::rule!.").unwrap();
    writeln!(w).unwrap();
    writeln!(w, "use crate::fans::view::{{FlagView, GroupView, HandView}};").unwrap();
    writeln!(w, "use crate::fans::{{FanInfo, Omit, Tally}};").unwrap();
    writeln!(w, "use crate::decompose::Shape;").unwrap();
    writeln!(w).unwrap();
    writeln!(w, "/// Entries of the fan table: 0 = none, then the fans in file order.").unwrap();
    writeln!(w, "pub const FAN_TABLE_SIZE: usize = {n};").unwrap();
    writeln!(w).unwrap();

    // The fan table.
    writeln!(w, "pub static FANS: [FanInfo; FAN_TABLE_SIZE] = [").unwrap();
    writeln!(w, "    FanInfo {{ index: 0, name: \"无\", name_en: \"None\", value: 0, extension: None }},").unwrap();
    for f in &rules.fans {
        writeln!(
            w,
            "    FanInfo {{ index: {}, name: {}, name_en: {}, value: {}, extension: {:?} }},",
            f.index,
            rust_str(&f.name),
            rust_str(&f.name_en),
            f.value,
            f.extension
        )
        .unwrap();
    }
    writeln!(w, "];\n").unwrap();

    // The rule text of each fan, for explanations.
    writeln!(w, "/// Each fan's rule as written in {file} (`when ...` / `count ...`), and its line.").unwrap();
    writeln!(w, "pub static RULE_TEXT: [(&str, u32); FAN_TABLE_SIZE] = [").unwrap();
    writeln!(w, "    (\"\", 0),").unwrap();
    for f in &rules.fans {
        writeln!(w, "    ({}, {}),", rust_str(&f.rule_text), f.line).unwrap();
    }
    writeln!(w, "];\n").unwrap();

    // Name maps.
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
    writeln!(w, "/// Fan index by Chinese or English name.").unwrap();
    writeln!(w, "pub static FAN_BY_NAME: phf::Map<&'static str, u8> = {};\n", map.build()).unwrap();

    // Exclusions.
    writeln!(w, "/// 不计: for each fan, the fans it omits (limit 0 = all of it).").unwrap();
    writeln!(w, "pub static OMITS: [&[Omit]; FAN_TABLE_SIZE] = [").unwrap();
    writeln!(w, "    &[],").unwrap();
    for f in &rules.fans {
        writeln!(w, "    /* {} */ &[{}],", f.name, omit_items(rules, f.omits.iter())).unwrap();
    }
    writeln!(w, "];\n").unwrap();
    writeln!(w, "/// For each fan, the fans it omits as a mask (to skip fans none of whose targets are present).").unwrap();
    writeln!(w, "pub static OMITS_MASK: [u128; FAN_TABLE_SIZE] = [").unwrap();
    writeln!(w, "    0,").unwrap();
    for f in &rules.fans {
        let m = f.omits.iter().fold(0u128, |m, o| m | 1 << rules.index_of(&o.fan).unwrap());
        writeln!(w, "    /* {} */ {m:#x},", f.name).unwrap();
    }
    writeln!(w, "];\n").unwrap();
    let omitters = rules.fans.iter().filter(|f| !f.omits.is_empty()).fold(0u128, |m, f| m | 1 << f.index);
    writeln!(w, "/// Fans that omit some other fan.").unwrap();
    writeln!(w, "pub const OMITTERS: u128 = {omitters:#x};\n").unwrap();
    let order = omission_order(rules);
    writeln!(w, "/// Fans in the order omissions are applied (each before the fans it omits).").unwrap();
    writeln!(w, "pub static OMISSION_ORDER: [u8; {}] = {:?};\n", order.len(), order).unwrap();
    let mut rank = vec![0usize; n];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r;
    }
    writeln!(w, "/// Each fan's place in OMISSION_ORDER.").unwrap();
    writeln!(w, "pub static OMISSION_RANK: [u8; FAN_TABLE_SIZE] = {rank:?};\n").unwrap();

    // Per-fan facts the evaluator needs.
    let set_fans: Vec<usize> = rules
        .fans
        .iter()
        .filter(|f| matches!(f.rule, Rule::Group { arity: 1, .. }))
        .map(|f| f.index)
        .collect();
    writeln!(w, "/// Fans counted per set (`pungs(1)`): omitted set by set.").unwrap();
    let mut is_set_fan = vec![false; n];
    for &i in &set_fans {
        is_set_fan[i] = true;
    }
    writeln!(w, "pub static SET_FAN: [bool; FAN_TABLE_SIZE] = {is_set_fan:?};").unwrap();
    let set_fan_mask = set_fans.iter().fold(0u128, |m, &i| m | 1 << i);
    writeln!(w, "pub const SET_FANS: u128 = {set_fan_mask:#x};\n").unwrap();
    // Omissions split by how they apply: a whole fan counted by hand is
    // dropped from the mask; the rest (limits, set fans) count down.
    let whole = |o: &&lang::Omit| o.limit.unwrap_or(0) == 0 && !is_set_fan[rules.index_of(&o.fan).unwrap()];
    writeln!(w, "/// For each fan, the fans not counted per set that it omits all of, as a mask.").unwrap();
    writeln!(w, "pub static OMITS_WHOLE: [u128; FAN_TABLE_SIZE] = [").unwrap();
    writeln!(w, "    0,").unwrap();
    for f in &rules.fans {
        let m = f.omits.iter().filter(whole).fold(0u128, |m, o| m | 1 << rules.index_of(&o.fan).unwrap());
        writeln!(w, "    /* {} */ {m:#x},", f.name).unwrap();
    }
    writeln!(w, "];\n").unwrap();
    writeln!(w, "/// For each fan, the rest of OMITS (limited, or of fans counted per set).").unwrap();
    writeln!(w, "pub static OMITS_COUNTED: [&[Omit]; FAN_TABLE_SIZE] = [").unwrap();
    writeln!(w, "    &[],").unwrap();
    for f in &rules.fans {
        writeln!(w, "    /* {} */ &[{}],", f.name, omit_items(rules, f.omits.iter().filter(|o| !whole(o)))).unwrap();
    }
    writeln!(w, "];\n").unwrap();

    // Policies.
    let pol = &rules.policies;
    let shapes: Vec<String> = pol
        .special_readings
        .iter()
        .map(|r| {
            let camel: String = r
                .split('_')
                .map(|p| {
                    let mut c = p.chars();
                    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
                })
                .collect();
            format!("Shape::{camel}")
        })
        .collect();
    writeln!(w, "// Policies (see the comments in {file}).").unwrap();
    writeln!(w, "pub static SPECIAL_READINGS: &[Shape] = &[{}];", shapes.join(", ")).unwrap();
    writeln!(w, "pub static REGULAR_READINGS_ALSO_AFTER: &[u8] = {};", index_list(rules, &pol.regular_readings_also_after)).unwrap();
    writeln!(w, "pub static TIE_PREFERS: &[u8] = {};", index_list(rules, &pol.tie_prefers)).unwrap();
    writeln!(w, "pub static TIE_YIELDS: &[u8] = {};", index_list(rules, &pol.tie_yields)).unwrap();
    writeln!(w, "/// chows(2) fans in account-once trim order.").unwrap();
    writeln!(w, "pub static CHOW_PAIR_TRIM: &[u8] = {};", index_list(rules, &pol.chow_pairs_trim)).unwrap();
    let prefer: Vec<String> = pol
        .chow_triples_prefer
        .iter()
        .map(|(a, b)| format!("({}, {})", rules.index_of(a).unwrap(), rules.index_of(b).unwrap()))
        .collect();
    writeln!(w, "/// (preferred, over): a later group of three chows showing the first is counted instead of one showing the second.").unwrap();
    writeln!(w, "pub const CHOW_TRIPLE_PREFER: &[(u8, u8)] = &[{}];", prefer.join(", ")).unwrap();
    writeln!(w, "pub const DISCARD_COMPLETES_PUNG_MELDED: bool = {};", pol.discard_completes_pung_melded).unwrap();
    writeln!(w, "pub static OUTSIDE_READINGS: &[u8] = {};\n", index_list(rules, &pol.outside_readings)).unwrap();

    writeln!(w, "/// Policy nine_gates_whole_hand: when it holds, nine gates is read from the 14 tiles.").unwrap();
    writeln!(w, "pub const NINE_GATES_WHOLE_HAND: bool = {};", pol.nine_gates_whole_hand.is_some()).unwrap();
    writeln!(w, "#[allow(unused_variables)]\npub fn nine_gates_whole_hand(v: &FlagView) -> bool {{").unwrap();
    match &pol.nine_gates_whole_hand {
        Some(e) => writeln!(w, "    {}", cond("v", e)).unwrap(),
        None => writeln!(w, "    false").unwrap(),
    }
    writeln!(w, "}}\n").unwrap();

    // Game rules.
    let g: Vec<u32> = rules.game.iter().map(|v| v.unwrap()).collect();
    writeln!(w, "/// The game's rules around the fans (`game` lines).").unwrap();
    writeln!(w, "pub static GAME: crate::fans::GameRules = crate::fans::GameRules {{ min_fan: {}, base_score: {}, false_win_penalty: {} }};\n", g[0], g[1], g[2]).unwrap();

    // Flag rules.
    writeln!(w, "/// Win-flag corrections, in file order.").unwrap();
    writeln!(w, "pub fn apply_flag_rules(v: &mut FlagView) {{").unwrap();
    for fl in &rules.flags {
        writeln!(w, "    // {file}:{}", fl.line).unwrap();
        writeln!(w, "    if {} {{ v.set_{}({}); }}", cond("v", &fl.expr), fl.flag, fl.on).unwrap();
    }
    writeln!(w, "}}\n").unwrap();

    // Hand fans: a decision tree on the reading's shape, then the rest.
    let active = |f: &&lang::FanDef| f.extension != Some(false);
    // Do the active group fans of this kind and arity use none of `words`?
    let reads_none = |kind: GroupKind, arity: u8, words: &[&[&str]]| {
        rules.fans.iter().filter(active).all(|f| match &f.rule {
            Rule::Group { kind: k, arity: a, expr } if *k == kind && *a == arity => !words.iter().flat_map(|w| w.iter()).any(|word| mentions(expr, word)),
            _ => true,
        })
    };
    let outside: Vec<&String> = pol.outside_readings.iter().collect();
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
    let emit = |w: &mut String, f: &lang::FanDef, indent: &str| match &f.rule {
        Rule::When(e) => {
            writeln!(w, "{indent}t.set_if({}, {}); // {}", f.index, cond("v", e), f.name).unwrap();
        }
        Rule::Count(e) => {
            writeln!(w, "{indent}t.set({}, ({}) as u8); // {}", f.index, cond("v", e), f.name).unwrap();
        }
        Rule::Group { .. } => unreachable!(),
    };
    writeln!(w, "/// Fans of a whole reading (not the group fans, not the last-pass fans).").unwrap();
    writeln!(w, "pub fn hand_fans(v: &HandView, t: &mut Tally) {{").unwrap();
    writeln!(w, "    match v.shape() {{").unwrap();
    for shape in ["Regular", "SevenPairs", "ThirteenOrphans", "HonorsKnitted"] {
        writeln!(w, "        Shape::{shape} => {{").unwrap();
        for f in hand_fans.iter().filter(|f| matches!(&f.rule, Rule::When(e) | Rule::Count(e) if required_shape(e) == Some(shape))) {
            emit(w, f, "            ");
        }
        writeln!(w, "        }}").unwrap();
    }
    writeln!(w, "        _ => {{}}").unwrap();
    writeln!(w, "    }}").unwrap();
    for f in hand_fans.iter().filter(|f| matches!(&f.rule, Rule::When(e) | Rule::Count(e) if required_shape(e).is_none())) {
        emit(w, f, "    ");
    }
    writeln!(w, "}}\n").unwrap();

    writeln!(w, "/// Fans decided after all others (`no_other_fan`).").unwrap();
    writeln!(w, "pub fn last_pass_fans(v: &HandView, t: &mut Tally) {{").unwrap();
    for f in rules.fans.iter().filter(active) {
        if let Rule::When(e) = &f.rule {
            if mentions(e, "no_other_fan") {
                writeln!(w, "    t.set_if({}, {}); // {}", f.index, cond("v", e), f.name).unwrap();
            }
        }
    }
    writeln!(w, "}}\n").unwrap();

    writeln!(w, "/// Fans counted outside the readings, once the best is chosen.").unwrap();
    writeln!(w, "pub fn outside_fans(v: &HandView, t: &mut Tally) {{").unwrap();
    for f in rules.fans.iter().filter(active).filter(|f| outside.contains(&&f.name)) {
        match &f.rule {
            Rule::When(e) => writeln!(w, "    t.set_if({}, {}); // {}", f.index, cond("v", e), f.name).unwrap(),
            Rule::Count(e) => writeln!(w, "    t.set({}, ({}) as u8); // {}", f.index, cond("v", e), f.name).unwrap(),
            Rule::Group { .. } => return Err(format!("{file}:{}: fan {}: a group fan cannot be counted outside readings", f.line, f.name)),
        }
    }
    writeln!(w, "}}\n").unwrap();

    // Group matchers.
    for (kind, kname) in [(GroupKind::Chows, "chows"), (GroupKind::Pungs, "pungs")] {
        for arity in 2..=4u8 {
            writeln!(w, "/// The first `{kname}({arity})` fan the group shows, in file order.").unwrap();
            writeln!(w, "pub fn {kname}_{arity}(g: &GroupView) -> Option<u8> {{").unwrap();
            for f in rules.fans.iter().filter(active) {
                if let Rule::Group { kind: k, arity: a, expr } = &f.rule {
                    if *k == kind && *a == arity {
                        writeln!(w, "    if {} {{ return Some({}); }} // {}", cond("g", expr), f.index, f.name).unwrap();
                    }
                }
            }
            writeln!(w, "    None").unwrap();
            writeln!(w, "}}\n").unwrap();
            let by_tiles = reads_none(kind, arity, &[vocabulary::GROUP_READS_PAIR, vocabulary::GROUP_READS_WINDS]);
            writeln!(w, "/// Does `{kname}_{arity}` read the group's tiles only (so a table over tiles can answer)?").unwrap();
            writeln!(w, "pub const {}_{arity}_BY_TILES: bool = {by_tiles};\n", kname.to_uppercase()).unwrap();
            // Read by the filter of four chows only (eval.rs, CHOWS_4_MAY_MATCH).
            if kind == GroupKind::Chows && arity == 4 {
                let reads_winds = !reads_none(kind, arity, &[vocabulary::GROUP_READS_WINDS]);
                writeln!(w, "/// Does `{kname}_{arity}` read the winds?").unwrap();
                writeln!(w, "pub const {}_{arity}_READS_WINDS: bool = {reads_winds};\n", kname.to_uppercase()).unwrap();
            }
        }
        writeln!(w, "/// Every `{kname}(1)` fan the set shows.").unwrap();
        writeln!(w, "#[allow(unused_variables)]").unwrap();
        writeln!(w, "pub fn {kname}_1(g: &GroupView, hit: &mut dyn FnMut(u8)) {{").unwrap();
        for f in rules.fans.iter().filter(active) {
            if let Rule::Group { kind: k, arity: 1, expr } = &f.rule {
                if *k == kind {
                    writeln!(w, "    if {} {{ hit({}); }} // {}", cond("g", expr), f.index, f.name).unwrap();
                }
            }
        }
        writeln!(w, "}}\n").unwrap();
        let by_tile = reads_none(kind, 1, &[vocabulary::GROUP_READS_PAIR]);
        writeln!(w, "/// Does `{kname}_1` read the set's tile and the winds only (so a table over them can answer)?").unwrap();
        writeln!(w, "pub const {}_1_BY_TILE: bool = {by_tile};\n", kname.to_uppercase()).unwrap();
    }
    std::fs::write(out_file, s).map_err(|e| e.to_string())
}
