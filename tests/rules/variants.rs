//! The five rule variants with an oracle: each profile in rules/profiles/
//! reproduces pymahjonggb 1.4.0's calculator built with that rule switch,
//! and extends the profile `pymahjonggb-1.4`. tests/data/variants/V.jsonl.gz
//! holds, from the oracle corpus, every record whose expected result differs
//! from pymahjonggb 1.4.0's (all extra hands among them) plus a 1% sample
//! of the others. Extra hands also carry `expected_base`, pymahjonggb
//! 1.4.0's result with `initial` removed: `pymahjonggb-1.4` must give it.

use mcr_engine::fans::{self, Profile};
use mcr_engine::record::hand_inputs;
use std::path::Path;

use crate::common::corpus;

/// (expected_base result, fan list) of each extra hand, by line.
fn expected_base(file: &Path) -> Vec<Option<(i32, Vec<(String, i32, i32)>)>> {
    corpus::file_values(file)
        .into_iter()
        .map(|v| {
            v.get("expected_base")
                .map(|b| (b["result"].as_i64().unwrap() as i32, serde_json::from_value(b["fan"].clone()).unwrap()))
        })
        .collect()
}

fn check(variant: &str) {
    let profile = Profile::by_name(variant).unwrap_or_else(|| panic!("no profile {variant}"));
    let base = Profile::by_name("pymahjonggb-1.4").expect("the profile is built in");
    let file = corpus::data(&format!("variants/{variant}.jsonl.gz"));
    let bases = expected_base(&file);
    let (mut total, mut bad, mut base_checked) = (0, Vec::new(), 0);
    for item in hand_inputs(&file) {
        let (rec, input) = item.unwrap();
        total += 1;
        let got = fans::calculate_with(profile, &input);
        let h = &rec.record;
        if got.result != h.expected.result || got.fan_list() != h.expected.fan {
            bad.push(format!(
                "{}: expected {} {:?}\n    got {} {:?}",
                h.id,
                h.expected.result,
                h.expected.fan,
                got.result,
                got.fan_list()
            ));
        }
        if let Some((result, fan)) = &bases[rec.line - 1] {
            let mut plain = input;
            plain.flags.initial = false;
            let base = fans::calculate_with(base, &plain);
            base_checked += 1;
            if base.result != *result || base.fan_list() != *fan {
                bad.push(format!(
                    "{} (pymahjonggb-1.4): expected {result} {fan:?}\n    got {} {:?}",
                    h.id,
                    base.result,
                    base.fan_list()
                ));
            }
        }
    }
    assert!(total > 2000 && base_checked > 400, "{variant}: only {total} hands ({base_checked} extras)");
    assert!(
        bad.is_empty(),
        "{variant}: {} of {total} hands differ, first:\n{}",
        bad.len(),
        bad[..bad.len().min(5)].join("\n")
    );
}

#[test]
fn strict_98() {
    check("strict-98");
}

#[test]
fn no_concealed_melded_kong() {
    check("no-concealed-melded-kong");
}

#[test]
fn knitted_straight_no_waits() {
    check("knitted-straight-no-waits");
}

#[test]
fn distinguish_shifted_chows() {
    check("distinguish-shifted-chows");
}

#[test]
fn blessings() {
    check("blessings");
}

/// The profiles' fan tables are the oracle's (names, values, order).
#[test]
fn fan_tables_match_the_oracle() {
    let tables = [
        ("no-concealed-melded-kong", 82),
        ("distinguish-shifted-chows", 85),
        ("blessings", 87),
        ("strict-98", 83),
        ("knitted-straight-no-waits", 83),
    ];
    for (name, entries) in tables {
        let p = Profile::by_name(name).unwrap();
        assert_eq!(p.fans.len(), entries, "{name}");
        assert_eq!(p.extends, Some("pymahjonggb-1.4"));
    }
    let d = Profile::by_name("distinguish-shifted-chows").unwrap();
    assert_eq!(
        (d.fans[16].name, d.fans[17].name, d.fans[31].name, d.fans[32].name),
        ("一色四步高Ⅰ", "一色四步高Ⅱ", "一色三步高Ⅰ", "一色三步高Ⅱ")
    );
    let b = Profile::by_name("blessings").unwrap();
    assert_eq!(
        b.fans[83..].iter().map(|f| (f.name, f.value)).collect::<Vec<_>>(),
        [("天和", 8), ("地和", 8), ("人和Ⅰ", 8), ("人和Ⅱ", 8)]
    );
    assert_eq!(Profile::default().name, "botzone");
    assert!(std::ptr::eq(Profile::default().fans, fans::FANS.as_slice()));
}

/// The notation's `initial` flag reaches the blessings; botzone ignores it.
#[test]
fn initial_flag_in_the_notation() {
    let hand = mcr_engine::notation::parse_hand("123m 456m 789m 123p 5p +5p zimo initial seat=S").unwrap();
    let b = fans::calculate_with(Profile::by_name("blessings").unwrap(), &hand);
    assert!(b.fans().any(|(f, _)| f.name == "人和Ⅱ"), "{:?}", b.fan_list());
    let d = fans::calculate(&hand);
    assert!(!d.fans().any(|(f, _)| f.name.contains('和') && f.value == 8));
}
