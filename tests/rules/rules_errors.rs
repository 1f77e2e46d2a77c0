//! Every error the rules checker can report, each on its line with its
//! message, fast: the checker itself (crates/rules-lang/src/lang.rs, the code
//! build.rs and `mcr rules check` run) is compiled into this test, as `mcr
//! rules check` compiles it, and run on the shipped rules with one edit each,
//! and a profile (crates/rules-lang/src/profile.rs) on small profiles of
//! botzone. A guard test
//! reads both files and fails when a message there is asserted by no case. (rules_variants.rs keeps real build failures.)

use mcr_rules_lang::{lang, profile};

const FILE: &str = "fans.mcr";

fn shipped() -> String {
    crate::common::repo_file("rules/fans.mcr")
}

/// Where the error is expected.
enum At {
    /// The first line holding the edit's new text.
    Edit,
    /// The line where the last line of this text (first found in the edited
    /// file) starts.
    Of(&'static str),
    /// This line.
    Line(usize),
    /// One past the last line.
    End,
}

/// (text replaced, once; its replacement; where; the whole message).
/// An empty text replaced means the replacement goes first in the file.
#[rustfmt::skip]
const CASES: &[(&str, &str, At, &str)] = &[
    // Lines.
    ("", "\u{feff}", At::Line(1), "the file starts with a byte-order mark (BOM): save it as UTF-8 without BOM"),
    ("when  all_tiles(green)", "when  all_tiles（green)", At::Edit, "fan 绿一色: full-width `（`: write `(` (switch the input method to half-width)"),
    ("", "    when  kongs == 3\n", At::Line(1), "indented line outside a fan"),
    ("    when  all_tiles(green)\n", "    when  all_tiles(green)\n    when  nine_gates\n", At::Of("all_tiles(green)\n    when  nine_gates"), "fan 绿一色: a fan has exactly one `when` or `count` line"),
    ("    omits 混一色, 缺一门", "    omits 混一色, 缺一门\n    keeps 缺一门", At::Of("缺一门\n    keeps"), "fan 绿一色: unknown line `keeps` (expected when, count, at_most or omits)"),
    ("flag fourth_tile off", "flags fourth_tile off", At::Edit, "unknown line `flags` (expected fan, flag, policy or game) (did you mean `flag`?)"),
    ("fan 绿一色 \"All Green\" = 88\n    when  all_tiles(green)\n", "fan 绿一色 \"All Green\" = 88\n", At::Of("fan 绿一色"), "fan 绿一色: has no `when` or `count` line"),
    // Omits.
    ("omits 混一色, 缺一门", "omits 混一色, , 缺一门", At::Edit, "fan 绿一色: empty name in `omits`"),
    ("omits 混一色, 缺一门", "omits 混一色, 缺一门 xx", At::Edit, "fan 绿一色: bad count `xx` in `omits` (write x1, x2, ...)"),
    ("omits 混一色, 缺一门", "omits 混一色, 缺一门 x0", At::Edit, "fan 绿一色: `缺一门 x0`: x0 omits nothing; write `缺一门` alone to omit all of it, or drop it"),
    // Count limits.
    ("    when  pungs(1): is_prevalent_wind\n    at_most 1\n", "    when  pungs(1): is_prevalent_wind\n    at_most 1\n    at_most 2\n", At::Of("at_most 1\n    at_most 2"), "fan 圈风刻: `at_most` is given once (already on line 243)"),
    ("    when  pungs(1): is_prevalent_wind\n    at_most 1\n", "    when  pungs(1): is_prevalent_wind\n    at_most 255\n", At::Of("    at_most 255"), "fan 圈风刻: bad count `255` in `at_most` (write a whole number from 1 to 254)"),
    ("    when  all_tiles(green)\n", "    when  all_tiles(green)\n    at_most 1\n", At::Of("all_tiles(green)\n    at_most 1"), "fan 绿一色: `at_most` on a fan whose `when` counts it once at most: drop the line"),
    // Fan headers.
    ("fan 绿一色 \"All Green\" = 88", "fan ", At::Of("\nfan \n"), "`fan` needs a name"),
    ("fan 绿一色 \"All Green\" = 88", "fan 绿一色 All Green = 88", At::Edit, "fan 绿一色: expected the English name in double quotes after the name"),
    ("fan 绿一色 \"All Green\" = 88", "fan 绿一色 \"All Green = 88", At::Edit, "fan 绿一色: unterminated English name"),
    ("fan 绿一色 \"All Green\" = 88", "fan 绿一色 \"All Green\" 88", At::Edit, "fan 绿一色: expected `= <value>` after the English name"),
    ("fan 绿一色 \"All Green\" = 88", "fan 绿一色 \"All Green\" = many", At::Edit, "fan 绿一色: the value must be a whole number"),
    ("fan 绿一色 \"All Green\" = 88", "fan 绿一色 \"All Green\" = 0", At::Edit, "fan 绿一色: the value must be at least 1"),
    ("fan 绿一色 \"All Green\" = 88", "fan 绿一色 \"All Green\" = 88 extension maybe", At::Edit, "fan 绿一色: after the value only `extension on` or `extension off` may follow"),
    // Conditions.
    ("when  all_tiles(green)", "when", At::Of("    when\n"), "fan 绿一色: missing condition"),
    ("when  kongs == 4", "when  count kongs", At::Edit, "fan 四杠: syntax error in `count kongs`: unexpected `kongs`"),
    ("when  pungs(3): all(dragon)", "count pungs(3): all(dragon)", At::Edit, "fan 大三元: group relations go on a `when` line"),
    ("when  pungs(3): all(dragon)", "when  pungs(three): all(dragon)", At::Edit, "fan 大三元: bad group size `three`"),
    ("when  pungs(3): all(dragon)", "when  pungs(5): all(dragon)", At::Edit, "fan 大三元: a group has 1 to 4 sets, not 5"),
    ("when  kongs == 4", "when  kongs", At::Edit, "fan 四杠: `kongs` is a number, a yes/no is needed here"),
    ("when  kongs == 4", "when  kongs == 4.5", At::Edit, "fan 四杠: only whole numbers may be written, not `4.5`"),
    ("when  kongs == 4", "when  -kongs == 4", At::Edit, "fan 四杠: unsupported operator in `- kongs`"),
    ("when  kongs == 4", "when  kongs * 1 == 4", At::Edit, "fan 四杠: unsupported operator in `kongs * 1`"),
    ("when  kongs == 4", "when  a::kongs == 4", At::Edit, "fan 四杠: unknown primitive `a :: kongs`"),
    ("when  kongs == 4", "when  kong == 4", At::Edit, "fan 四杠: unknown primitive `kong` in a hand condition (did you mean `kongs`?)"),
    ("when  pungs(3): all(dragon)", "when  pungs(3): all", At::Edit, "fan 大三元: `all` needs arguments"),
    ("when  kongs == 4", "when  a::b(1) == 4", At::Edit, "fan 四杠: unknown primitive `a :: b`"),
    ("when  all_tiles(green)", "when  all_tiles(green, even)", At::Edit, "fan 绿一色: `all_tiles` takes one tile class"),
    ("when  pungs(3): all(dragon)", "when  pungs(3): shifted(x)", At::Edit, "fan 大三元: `shifted` takes 1 whole number(s)"),
    ("when  pungs(3): all(dragon)", "when  pungs(3): ranks()", At::Edit, "fan 大三元: `ranks` takes one or more whole number(s)"),
    ("when  kongs == 4", "when  kongs(1) == 4", At::Edit, "fan 四杠: `kongs` takes no arguments"),
    ("when  kongs == 4", "when  kongs = 4", At::Edit, "fan 四杠: `kongs = 4`: `=` assigns; write `==` to compare"),
    ("when  kongs == 4", "when  [kongs]", At::Edit, "fan 四杠: unsupported expression `[kongs]`"),
    // Tile classes.
    ("when  all_tiles(green)", "when  all_tiles(gren)", At::Edit, "fan 绿一色: unknown tile class `gren` (did you mean `green`?)"),
    ("when  all_tiles(green)", "when  all_tiles(suit(1))", At::Edit, "fan 绿一色: unknown tile class `suit (1)`"),
    ("when  all_tiles(green)", "when  all_tiles(rank(1, 2))", At::Edit, "fan 绿一色: `rank` takes 1 number(s)"),
    ("when  all_tiles(green)", "when  all_tiles(1)", At::Edit, "fan 绿一色: expected a tile class, found `1`"),
    // Flags.
    ("flag fourth_tile off when", "flag fifth_tile off when", At::Edit, "unknown flag `fifth_tile` (flags: fourth_tile, about_kong)"),
    ("flag fourth_tile off when", "flag fourth_tile maybe when", At::Edit, "expected `on` or `off` after the flag name"),
    ("flag fourth_tile off when", "flag fourth_tile off if", At::Edit, "expected `when <condition>`"),
    // Policies.
    ("policy outside_readings = 花牌", "policy outside_readings 花牌", At::Edit, "expected `policy <name> = <value>`"),
    ("policy outside_readings = 花牌", "policy outside_readings = 花牌\npolicy outside_readings = 花牌", At::Of("花牌\npolicy outside_readings"), "policy `outside_readings` is set twice"),
    ("policy special_readings = seven_pairs,", "policy special_readings = eight_pairs,", At::Edit, "unknown special reading `eight_pairs` (known: seven_pairs, honors_knitted, thirteen_orphans, knitted_straight)"),
    ("policy pung_pairs = every_pair", "policy pung_pairs = some_pairs", At::Edit, "pung_pairs must be `every_pair`"),
    ("policy discard_completes_pung = melded", "policy discard_completes_pung = sometimes", At::Edit, "discard_completes_pung must be `melded` or `concealed`"),
    ("policy outside_readings = 花牌", "policy outside_readings = 花牌\npolicy chow_triples_prefer = 清龙", At::Of("chow_triples_prefer"), "chow_triples_prefer: expected `<fan> over <fan>`, found `清龙`"),
    ("policy outside_readings = 花牌", "policy outside_reading = 花牌", At::Edit, "unknown policy `outside_reading`"),
    ("policy outside_readings = 花牌", "policy outside_readings = 花牌\npolicy nine_gates_whole_hand = fourth_tile +", At::Of("policy nine_gates"), "syntax error in `fourth_tile +`: unexpected end of input, expected an expression"),
    // Game.
    // (Each on a line of its own: a game rule replaced would also be missing.)
    ("game false_win_penalty = 10 ", "game false_win_penalty = 10\ngame min_fan 8 ", At::Of("game min_fan 8"), "expected `game <name> = <value>`"),
    ("game false_win_penalty = 10 ", "game false_win_penalty = 10\ngame max_fan = 8 ", At::Of("game max_fan"), "unknown game rule `max_fan` (known: min_fan, base_score, false_win_penalty, display)"),
    ("game false_win_penalty = 10 ", "game false_win_penalty = 10\ngame min_fan = eight ", At::Of("= eight"), "game min_fan: `eight` is not a whole number"),
    ("game false_win_penalty = 10 ", "game false_win_penalty = 10\ngame display = public ", At::Of("game display = public"), "game display: `public` is not one of platform, public_judge"),
    ("policy tile_limit = 4", "policy tile_limit = four", At::Of("tile_limit = four"), "tile_limit must be a number of copies (1..255) or `none`, not `four`"),
    ("game min_fan = 8 ", "# game min_fan = 8 ", At::End, "game min_fan is missing"),
    // Whole-file checks.
    ("fan 四杠 \"Four Kongs\"", "fan 绿一色 \"Four Kongs\"", At::Edit, "fan 绿一色: duplicate fan name (first defined on line 31)"),
    ("fan 四杠 \"Four Kongs\"", "fan 四杠 \"All Green\"", At::Edit, "fan 四杠: duplicate English name \"All Green\" (also fan 绿一色 on line 31)"),
    ("omits 混一色, 缺一门", "omits 混一色, 缺一们", At::Edit, "fan 绿一色: omits unknown fan `缺一们` (did you mean `缺一门`?)"),
    ("omits 混一色, 缺一门", "omits 混一色, 绿一色", At::Edit, "fan 绿一色: omits itself"),
    ("    when  voided_suits == 1\n", "    when  voided_suits == 1\n    omits 绿一色\n", At::Of("fan 绿一色"), "fan 绿一色: exclusion cycle: 绿一色 omits 缺一门 omits 绿一色"),
    ("policy outside_readings = 花牌", "policy outside_readings = 八对", At::Edit, "policy outside_readings names unknown fan `八对`"),
    ("policy outside_readings = 花牌", "policy outside_readings = 花牌\npolicy chow_triples_prefer = 清龙 over 全不靠", At::Of("chow_triples_prefer"), "policy chow_triples_prefer names `全不靠`, which is not a chows(3) fan"),
    ("policy outside_readings = 花牌", "policy outside_readings = 花牌\npolicy chow_triples_prefer = 清龙 over 青龙", At::Of("chow_triples_prefer"), "policy chow_triples_prefer names unknown fan `青龙`"),
    ("policy chow_pairs = account_once: 老少副,", "policy chow_pairs = account_once: 双同刻, 老少副,", At::Edit, "policy chow_pairs names `双同刻`, which is not a chows(2) fan"),
    ("policy chow_pairs = account_once: 老少副,", "policy chow_pairs = account_once:", At::Of("fan 老少副"), "fan 老少副: a chows(2) fan must be listed in policy chow_pairs"),
    ("when  pungs(1): all(dragon)", "when  chows(1): all(dragon)", At::Of("fan 箭刻"), "fan 箭刻: chows(1) is not supported: a single chow is no combination"),
    ("policy pung_pairs = every_pair", "", At::Line(0), "policy pung_pairs is missing"),
];

fn edited(from: &str, to: &str) -> String {
    let rules = shipped();
    if from.is_empty() {
        return format!("{to}{rules}");
    }
    assert_eq!(rules.matches(from).count(), 1, "`{from}` must occur once in rules/fans.mcr");
    rules.replacen(from, to, 1)
}

#[test]
fn the_shipped_rules_pass() {
    let rules =
        lang::parse_all(FILE, &shipped()).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>()).unwrap();
    assert!(rules.fans.len() > 80);
}

#[test]
fn every_error_on_its_line_with_its_message() {
    let mut failures = Vec::new();
    for (from, to, at, message) in CASES {
        let text = edited(from, to);
        let line_of = |needle: &str| text.lines().position(|l| l.contains(needle.lines().next().unwrap())).unwrap() + 1;
        let line = match at {
            At::Edit => line_of(to.trim_start_matches('\u{feff}')),
            At::Of(needle) => {
                let at = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in the edited file"));
                let last = at + needle.trim_end().rfind('\n').map_or(0, |i| i + 1);
                text[..last].matches('\n').count() + 1
            }
            At::Line(n) => *n,
            At::End => text.lines().count() + 1,
        };
        let want = format!("{FILE}:{line}: {message}");
        let got: Vec<String> = match lang::parse_all(FILE, &text) {
            Ok(_) => vec!["(no error)".into()],
            Err(e) => e.iter().map(|e| e.to_string()).collect(),
        };
        if got != [want.clone()] {
            failures.push(format!("edit `{from}` -> `{to}`\n  want: {want}\n  got:  {}", got.join("\n        ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases:\n{}", failures.len(), CASES.len(), failures.join("\n"));
}

/// The fixed words of every message crates/rules-lang/src/lang.rs can report: the first
/// string literal after each `err(`, `err_at(`, `message:` (and the
/// full-width hint), its longest piece between `{...}` holes.
fn messages_in_checker(file: &str) -> Vec<String> {
    let src = crate::common::repo_file(&format!("crates/rules-lang/src/{file}"));
    let mut out = Vec::new();
    for marker in ["err(", "err_at(", "message:", "(c, ascii)| format!("] {
        for (at, _) in src.match_indices(marker) {
            let rest = &src[at + marker.len()..];
            // The call's own text: up to the end of its statement.
            let stmt = &rest[..rest.find(";\n").unwrap_or(rest.len()).min(400)];
            let Some(q) = stmt.find('"') else { continue };
            let body = &stmt[q + 1..];
            let end = body
                .char_indices()
                .find(|&(i, c)| c == '"' && !body[..i].ends_with('\\'))
                .map_or(body.len(), |(i, _)| i);
            let lit = body[..end].replace("\\\"", "\"");
            let pieces = lit.split('{').enumerate().map(|(k, piece)| {
                if k == 0 {
                    piece
                } else {
                    piece.split_once('}').map_or("", |(_, after)| after)
                }
            });
            let fixed = pieces.max_by_key(|piece| piece.len()).unwrap_or_default().to_string();
            if fixed.trim().len() >= 4 && !out.contains(&fixed) {
                out.push(fixed);
            }
        }
    }
    out
}

/// A `chow_pairs` line that does not read leaves no trim list, so the
/// chows(2) fans are reported unlisted too (on their own lines).
const CHOW_PAIRS_SYNTAX: &str = "chow_pairs must be `account_once: <fans in trim order>`";

#[test]
fn a_bad_chow_pairs_line_is_reported_on_its_line() {
    let text = edited("policy chow_pairs = account_once:", "policy chow_pairs = once:");
    let line = text.lines().position(|l| l.starts_with("policy chow_pairs")).unwrap() + 1;
    let got: Vec<String> = lang::parse_all(FILE, &text).unwrap_err().iter().map(|e| e.to_string()).collect();
    assert!(got.contains(&format!("{FILE}:{line}: {CHOW_PAIRS_SYNTAX}")), "{got:#?}");
    assert!(
        got.iter().all(|e| e.contains(CHOW_PAIRS_SYNTAX) || e.contains("must be listed in policy chow_pairs")),
        "{got:#?}"
    );
}

/// Profiles of botzone: (the lines after `extends botzone`, the error's
/// line in the profile, the whole message).
#[rustfmt::skip]
const PROFILE_CASES: &[(&str, usize, &str)] = &[
    ("    when  kongs == 1", 2, "indented line outside a fan"),
    ("fan 平和\n    when  kongs == 1\n    when  kongs == 2", 4, "fan 平和: a fan has exactly one `when` or `count` line"),
    ("fan 平和\n    omits , 断幺", 3, "fan 平和: empty name in `omits`"),
    ("fan 平和\n    omits 断幺 x0", 3, "fan 平和: bad count `x0` in `omits` (write x1, x2, ...)"),
    ("fan 九莲宝灯\n    omits 无字", 3, "fan 九莲宝灯: already omits `无字`"),
    ("fan 九莲宝灯\n    keeps 七对", 3, "fan 九莲宝灯: `keeps 七对`: the fan does not omit it"),
    ("fan 平和\n    adds 断幺", 3, "fan 平和: unknown line `adds` (expected when, count, at_most, omits or keeps)"),
    ("fan 圈风刻\n    at_most 2\n    at_most 3", 4, "fan 圈风刻: `at_most` is given once (already on line 3)"),
    ("fan 圈风刻\n    at_most none", 3, "fan 圈风刻: bad count `none` in `at_most` (write a whole number from 1 to 254)"),
    ("fan 平和\n    at_most 2", 3, "fan 平和: `at_most` on a fan whose `when` counts it once at most: drop the line"),
    ("remove 青龙", 2, "remove: unknown fan `青龙`"),
    ("removes 清龙", 2, "unknown line `removes` (expected extends, about, fan, remove, flag, policy or game)"),
    ("fan ", 2, "`fan` needs a name"),
    ("fan 平和 \"All Chows = 4", 2, "fan 平和: unterminated English name"),
    ("fan 平和 = 0", 2, "fan 平和: the value must be a whole number, at least 1"),
    ("fan 平和 = 4 bonus", 2, "fan 平和: unexpected `bonus` (after the value: extension on|off, after <fan>, replaces <fan>)"),
    ("fan 平和 = 4 after 断幺", 2, "fan 平和: `after` and `replaces` place a new fan; this fan exists already"),
    ("fan 平合 = 4", 2, "fan 平合: unknown fan (did you mean `平和`?): a new fan needs `\"<English name>\" = <value>`"),
    ("fan 新番 \"New Fan\" = 1 after 青龙\n    when  kongs == 1", 2, "fan 新番: after: unknown fan `青龙`"),
    ("fan 新番 \"New Fan\" = 1 replaces 青龙\n    when  kongs == 1", 2, "fan 新番: replaces: unknown fan `青龙`"),
    ("fan 新番 \"New Fan\" = 1\nfan 平和 = 4", 3, "fan 新番: a new fan needs a `when` or `count` line"),
];

#[test]
fn every_profile_error_on_its_line_with_its_message() {
    let base_text = shipped();
    let base = lang::parse_all(FILE, &base_text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut failures = Vec::new();
    for (body, line, message) in PROFILE_CASES {
        let text = format!("extends botzone\n{body}\n");
        let header = profile::read_header("p", "p.mcr", &text).unwrap();
        let got: Vec<String> = match profile::apply(&base, &base_text, &header) {
            Ok(_) => vec!["(no error)".into()],
            Err(e) => e.iter().map(|e| e.to_string()).collect(),
        };
        let want = format!("p.mcr:{line}: {message}");
        if got != [want.clone()] {
            failures.push(format!("profile `{body}`\n  want: {want}\n  got:  {}", got.join("\n        ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases:\n{}", failures.len(), PROFILE_CASES.len(), failures.join("\n"));
    let e = profile::read_header("p", "p.mcr", "about \"no base\"\n").err().unwrap();
    assert_eq!(e.to_string(), format!("p.mcr:1: {NO_EXTENDS}"));
}

#[test]
fn a_profile_replaces_the_base_at_most() {
    let base_text = shipped();
    let base = lang::parse_all(FILE, &base_text).unwrap_or_else(|e| panic!("{e:?}"));
    let limit = |rules: &lang::Rules| rules.fans.iter().find(|f| f.name == "圈风刻").unwrap().at_most.map(|(n, _)| n);
    assert_eq!(limit(&base), Some(1));
    let header = profile::read_header("p", "p.mcr", "extends botzone\nfan 圈风刻\n    at_most 2\n").unwrap();
    let amended = profile::apply(&base, &base_text, &header).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(limit(&amended), Some(2));
}

const NO_EXTENDS: &str = "a profile needs an `extends <profile>` line";

#[test]
fn every_message_of_the_checker_has_a_case() {
    let messages = messages_in_checker("lang.rs");
    assert!(messages.len() >= 50, "only {} messages found: {messages:?}", messages.len());
    let missing: Vec<&String> = messages
        .iter()
        .filter(|m| !CASES.iter().any(|c| c.3.contains(m.as_str())) && !CHOW_PAIRS_SYNTAX.contains(m.as_str()))
        .collect();
    assert!(missing.is_empty(), "messages of crates/rules-lang/src/lang.rs no case asserts: {missing:#?}");
    let messages = messages_in_checker("profile.rs");
    assert!(messages.len() >= 15, "only {} messages found: {messages:?}", messages.len());
    let missing: Vec<&String> = messages
        .iter()
        .filter(|m| !PROFILE_CASES.iter().any(|c| c.2.contains(m.as_str())) && !NO_EXTENDS.contains(m.as_str()))
        .collect();
    assert!(missing.is_empty(), "messages of crates/rules-lang/src/profile.rs no case asserts: {missing:#?}");
}
