//! Profiles: `rules/profiles/NAME.mcr` states only what differs from the
//! profile it extends (syntax in rules/README.md, "Profiles"). A profile is
//! applied to its base's parsed rules, then checked as a whole like
//! `rules/fans.mcr`.

use crate::lang::{self, FanDef, Omit, Parser, Rule, Rules, RulesError};
use std::collections::HashSet;

/// A profile as read from its file.
pub struct ProfileFile {
    /// The profile's name, the file's name without `.mcr` (`strict-98`).
    pub name: String,
    /// The file as errors name it (`rules/profiles/strict-98.mcr`).
    pub file: String,
    /// The profile it extends, from its `extends NAME` line (`botzone`, or
    /// another profile's name).
    pub extends: String,
    /// Its `about "..."` line without the quotes; empty when it has none.
    pub about: String,
    /// The whole text of the file, applied by [`apply`].
    pub text: String,
}

/// Reads the header lines (`extends`, `about`) of a profile file.
pub fn read_header(name: &str, file: &str, text: &str) -> Result<ProfileFile, RulesError> {
    let mut p = Parser { file, fan: None, line: 0 };
    let (mut extends, mut about) = (None, String::new());
    for (i, raw) in text.lines().enumerate() {
        p.line = i + 1;
        let line = lang::strip_comment(raw).trim();
        let (word, rest) = lang::split_word(line);
        match word {
            "extends" => extends = Some(rest.to_string()),
            "about" => about = rest.trim_matches('"').to_string(),
            _ => {}
        }
    }
    let Some(extends) = extends else {
        return Err(RulesError {
            file: file.into(),
            line: 1,
            fan: None,
            message: "a profile needs an `extends <profile>` line".into(),
        });
    };
    Ok(ProfileFile { name: name.into(), file: file.into(), extends, about, text: text.into() })
}

/// The fans a name stands for after `replaces` (a replaced fan's name in
/// omissions and policies means every fan that replaces it).
fn expand(name: &str, replaced: &[(String, Vec<String>)]) -> Vec<String> {
    match replaced.iter().find(|(old, _)| old == name) {
        Some((_, new)) => new.clone(),
        None => vec![name.to_string()],
    }
}

/// Applies a profile to its base's rules.
/// Every error of the profile's lines is reported (a fan whose header is
/// wrong has its indented lines skipped); then the whole is checked.
pub fn apply(base: &Rules, base_text: &str, prof: &ProfileFile) -> Result<Rules, Vec<RulesError>> {
    let mut rules = base.clone();
    let mut errors: Vec<RulesError> = Vec::new();
    let mut skipping = false;
    let mut p = Parser { file: &prof.file, fan: None, line: 0 };
    let mut seen_policies: HashSet<String> = HashSet::new();
    let mut replaced: Vec<(String, Vec<String>)> = Vec::new();
    let mut removed: Vec<String> = Vec::new();
    // The fan being amended or defined: its name, and whether its rule was given.
    let mut current: Option<(String, bool, bool, bool)> = None; // (name, is_new, has_rule, has_at_most)
    let check_new = |p: &Parser, current: &Option<(String, bool, bool, bool)>| -> Result<(), RulesError> {
        if let Some((name, true, false, _)) = current {
            return Err(RulesError {
                file: p.file.into(),
                line: p.line,
                fan: Some(name.clone()),
                message: "a new fan needs a `when` or `count` line".into(),
            });
        }
        Ok(())
    };
    for (i, raw) in prof.text.lines().enumerate() {
        p.line = i + 1;
        let line = lang::strip_comment(raw);
        if line.trim().is_empty() {
            continue;
        }
        let indented = line.starts_with(' ') || line.starts_with('\t');
        let line = line.trim();
        if indented && skipping {
            continue;
        }
        let mut header_failed = false;
        let result: Result<(), RulesError> = (|| {
            if indented {
                let Some((name, _, has_rule, has_at_most)) = current.as_mut() else {
                    return Err(p.err("indented line outside a fan"));
                };
                let def = rules.fans.iter_mut().find(|f| f.name == *name).unwrap();
                let (word, rest) = lang::split_word(line);
                match word {
                    "when" | "count" => {
                        if *has_rule {
                            return Err(p.err("a fan has exactly one `when` or `count` line"));
                        }
                        def.rule = lang::parse_rule(&p, word == "count", rest)?;
                        def.rule_text = format!("{word} {rest}");
                        def.line = p.line;
                        *has_rule = true;
                    }
                    "omits" | "keeps" => {
                        for item in rest.split(',') {
                            let item = item.trim();
                            if item.is_empty() {
                                return Err(p.err(format!("empty name in `{word}`")));
                            }
                            let (name, limit) = match item.rsplit_once(' ') {
                                Some((n, x)) if word == "omits" && x.starts_with('x') => {
                                    let k: u8 = x[1..].parse().ok().filter(|&k| k > 0).ok_or_else(|| {
                                        p.err(format!("bad count `{x}` in `omits` (write x1, x2, ...)"))
                                    })?;
                                    (n.trim(), Some(k))
                                }
                                _ => (item, None),
                            };
                            if word == "omits" {
                                if def.omits.iter().any(|o| o.fan == name) {
                                    return Err(p.err(format!("already omits `{name}`")));
                                }
                                def.omits.push(Omit { fan: name.to_string(), limit, line: p.line });
                            } else {
                                let before = def.omits.len();
                                def.omits.retain(|o| o.fan != name);
                                if def.omits.len() == before {
                                    return Err(p.err(format!("`keeps {name}`: the fan does not omit it")));
                                }
                            }
                        }
                    }
                    "at_most" => {
                        // The base's own line is replaced; a second one here is an error.
                        let before = if *has_at_most { def.at_most } else { None };
                        def.at_most = Some((lang::parse_at_most(&p, before, rest)?, p.line));
                        *has_at_most = true;
                    }
                    other => {
                        return Err(
                            p.err(format!("unknown line `{other}` (expected when, count, at_most, omits or keeps)"))
                        )
                    }
                }
                return Ok(());
            }
            skipping = false;
            let pending = check_new(&p, &current);
            current = None;
            p.fan = None;
            pending?;
            let (word, rest) = lang::split_word(line);
            match word {
                "extends" | "about" => {}
                "remove" => {
                    let name = rest.trim();
                    let Some(pos) = rules.fans.iter().position(|f| f.name == name) else {
                        return Err(p.err(format!("remove: unknown fan `{name}`")));
                    };
                    rules.fans.remove(pos);
                    removed.push(name.to_string());
                }
                "fan" => match fan_header(&mut p, rest, &mut rules, &mut replaced) {
                    Ok((name, is_new)) => current = Some((name, is_new, false, false)),
                    Err(e) => {
                        header_failed = true;
                        return Err(e);
                    }
                },
                "flag" => rules.flags.push(lang::parse_flag(&p, rest)?),
                "game" => lang::parse_game(&p, rest, &mut rules.game)?,
                "policy" => {
                    let mut pol = rules.policies.clone();
                    let key = rest.split('=').next().unwrap_or("").trim().to_string();
                    lang::parse_policy(&p, rest, &mut pol, &mut seen_policies)?;
                    // Only the policy named changes.
                    set_policy(&mut rules.policies, &pol, &key);
                }
                other => {
                    return Err(p.err(format!(
                        "unknown line `{other}` (expected extends, about, fan, remove, flag, policy or game)"
                    )))
                }
            }
            Ok(())
        })();
        if let Err(e) = result {
            errors.push(e);
            if header_failed {
                skipping = true;
            }
        }
    }
    p.line += 1;
    if let Err(e) = check_new(&p, &current) {
        errors.push(e);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Names of replaced fans stand for their replacements; removed fans are
    // dropped from omissions and policies.
    for f in &mut rules.fans {
        let omits = std::mem::take(&mut f.omits);
        for o in omits {
            if removed.contains(&o.fan) {
                continue;
            }
            for n in expand(&o.fan, &replaced) {
                f.omits.push(Omit { fan: n, limit: o.limit, line: o.line });
            }
        }
    }
    let pol = &mut rules.policies;
    for list in [
        &mut pol.regular_readings_also_after,
        &mut pol.tie_prefers,
        &mut pol.tie_yields,
        &mut pol.chow_pairs_trim,
        &mut pol.outside_readings,
    ] {
        let old = std::mem::take(list);
        for n in old {
            if !removed.contains(&n) {
                list.extend(expand(&n, &replaced));
            }
        }
    }
    for (k, f) in rules.fans.iter_mut().enumerate() {
        f.index = k + 1;
    }
    let text = format!("{base_text}\n{}", prof.text);
    lang::check(&prof.file, &text, &rules).map_err(|e| vec![e])?;
    Ok(rules)
}

fn set_policy(to: &mut lang::Policies, from: &lang::Policies, key: &str) {
    match key {
        "special_readings" => to.special_readings = from.special_readings.clone(),
        "regular_readings_also_after" => to.regular_readings_also_after = from.regular_readings_also_after.clone(),
        "tie_prefers" => to.tie_prefers = from.tie_prefers.clone(),
        "tie_yields" => to.tie_yields = from.tie_yields.clone(),
        "chow_pairs" => to.chow_pairs_trim = from.chow_pairs_trim.clone(),
        "pung_pairs" => to.pung_pairs_every = from.pung_pairs_every,
        "discard_completes_pung" => to.discard_completes_pung_melded = from.discard_completes_pung_melded,
        "outside_readings" => to.outside_readings = from.outside_readings.clone(),
        "tile_limit" => to.tile_limit = from.tile_limit,
        "chow_triples_prefer" => to.chow_triples_prefer = from.chow_triples_prefer.clone(),
        "nine_gates_whole_hand" => to.nine_gates_whole_hand = from.nine_gates_whole_hand.clone(),
        _ => *to = from.clone(),
    }
}

/// `fan <name> ["<English>"] [= <value>] [extension on|off] [after <fan> | replaces <fan>]`:
/// amends a fan of the base, or defines a new one (English name and value
/// required). Returns the name and whether it is new.
fn fan_header(
    p: &mut Parser,
    rest: &str,
    rules: &mut Rules,
    replaced: &mut Vec<(String, Vec<String>)>,
) -> Result<(String, bool), RulesError> {
    let (name, mut rest) = lang::split_word(rest);
    if name.is_empty() {
        return Err(p.err("`fan` needs a name"));
    }
    p.fan = Some(name.to_string());
    let mut name_en = None;
    if let Some(r) = rest.strip_prefix('"') {
        let Some(end) = r.find('"') else {
            return Err(p.err("unterminated English name"));
        };
        name_en = Some(r[..end].to_string());
        rest = r[end + 1..].trim();
    }
    let mut value = None;
    if let Some(r) = rest.strip_prefix('=') {
        let (v, r) = lang::split_word(r.trim());
        let v: u16 =
            v.parse().ok().filter(|&v| v > 0).ok_or_else(|| p.err("the value must be a whole number, at least 1"))?;
        value = Some(v);
        rest = r;
    }
    let (mut extension, mut after, mut replaces) = (None, None, None);
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut k = 0;
    while k < words.len() {
        match (words[k], words.get(k + 1)) {
            ("extension", Some(&"on")) => extension = Some(Some(true)),
            ("extension", Some(&"off")) => extension = Some(Some(false)),
            ("after", Some(f)) => after = Some(f.to_string()),
            ("replaces", Some(f)) => replaces = Some(f.to_string()),
            _ => {
                return Err(p.err(format!(
                    "unexpected `{}` (after the value: extension on|off, after <fan>, replaces <fan>)",
                    words[k..].join(" ")
                )))
            }
        }
        k += 2;
    }
    if let Some(def) = rules.fans.iter_mut().find(|f| f.name == name) {
        if after.is_some() || replaces.is_some() {
            return Err(p.err("`after` and `replaces` place a new fan; this fan exists already"));
        }
        if let Some(en) = name_en {
            def.name_en = en;
        }
        if let Some(v) = value {
            def.value = v;
        }
        if let Some(e) = extension {
            def.extension = e;
        }
        return Ok((name.to_string(), false));
    }
    let (Some(name_en), Some(value)) = (name_en, value) else {
        let known: Vec<&str> = rules.fans.iter().map(|f| f.name.as_str()).collect();
        return Err(p.err(format!(
            "unknown fan{}: a new fan needs `\"<English name>\" = <value>`",
            lang::did_you_mean(name, known)
        )));
    };
    let def = FanDef {
        index: 0,
        name: name.to_string(),
        name_en,
        value,
        extension: extension.flatten(),
        line: p.line,
        rule: Rule::Count(crate::grammar::Expr::number(0)),
        rule_text: String::new(),
        omits: Vec::new(),
        at_most: None,
    };
    let pos = match (&after, &replaces) {
        (Some(a), _) => {
            1 + rules
                .fans
                .iter()
                .position(|f| f.name == *a)
                .ok_or_else(|| p.err(format!("after: unknown fan `{a}`")))?
        }
        (None, Some(r)) => {
            let pos = rules
                .fans
                .iter()
                .position(|f| f.name == *r)
                .ok_or_else(|| p.err(format!("replaces: unknown fan `{r}`")))?;
            let old = rules.fans.remove(pos);
            // The new fan keeps the old one's omissions unless it says otherwise.
            let mut def = def;
            def.omits = old.omits.clone();
            rules.fans.insert(pos, def);
            replaced.push((r.clone(), vec![name.to_string()]));
            return Ok((name.to_string(), true));
        }
        (None, None) => rules.fans.len(),
    };
    // A fan placed after a replacement also stands for the replaced fan.
    if let Some(a) = &after {
        if let Some((_, new)) = replaced.iter_mut().find(|(_, new)| new.contains(a)) {
            new.push(name.to_string());
        }
    }
    rules.fans.insert(pos, def);
    Ok((name.to_string(), true))
}
