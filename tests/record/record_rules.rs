//! The `"rules"` key of game records (`mcr play --rules NAME` writes it):
//! every reader replays a record under its own profile, `--rules` only
//! decides for records without the key, an explicit `--rules` naming another
//! profile fails the record as a conflict, and an unknown or non-string
//! name is a malformed record located by file and line.

use crate::common;

use common::corpus::{self, write_lines as write, GOLDEN};
use common::{mcr, temp_dir};
use std::path::Path;

/// `mcr play` output: `n` games under `rules` (None: botzone, no key).
fn play(dir: &Path, name: &str, n: usize, seed: u64, rules: Option<&str>) -> Vec<String> {
    corpus::file_lines(&common::mcr_play(dir, name, n, seed, rules)).collect()
}

fn strip_rules(line: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    v.as_object_mut().unwrap().remove("rules");
    v.to_string()
}

/// House-rule games (a 6-fan minimum), of which some are HUs of 6-7 fans:
/// botzone would refuse those.
fn house_games(dir: &Path) -> Vec<String> {
    let lines = play(dir, "house-played.jsonl", 200, 3, Some("house-example"));
    let below_8 = lines
        .iter()
        .filter(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["rules"], "house-example");
            let e = &v["expected"];
            e["ending"] != "error" && e["winner"].is_number() && e["fan_total"].as_i64().is_some_and(|t| t < 8)
        })
        .count();
    assert!(below_8 > 0, "no HU of 6-7 fans among the house games");
    lines
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn played_house_games_validate_and_self_test_without_the_flag() {
    let dir = temp_dir("record-rules-house");
    let house = write(&dir, "house.jsonl", &house_games(&dir));
    let run = mcr(&["validate", p(&house)]);
    assert!(run.ok() && run.stdout.contains("validate: 200/200 games reproduced exactly"), "{run:?}");
    let run = mcr(&["validate", "--self-test", p(&house)]);
    assert!(run.ok() && run.stdout.contains("self-test: 200/200 games PASS"), "{run:?}");
    // The same flag as the records: no conflict.
    let run = mcr(&["validate", "--rules", "house-example", p(&house)]);
    assert!(run.ok() && run.stdout.contains("200/200"), "{run:?}");

    // Without the key, the records are botzone's unless --rules says otherwise.
    let stripped: Vec<String> = std::fs::read_to_string(&house).unwrap().lines().map(strip_rules).collect();
    let stripped = write(&dir, "stripped.jsonl", &stripped);
    let run = mcr(&["validate", p(&stripped)]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(!run.stdout.contains("200/200") && run.stdout.contains("FAIL "), "{run:?}");
    let run = mcr(&["validate", "--self-test", p(&stripped)]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stdout.contains("winning hand below the 8-fan minimum"), "{run:?}");
    for args in
        [vec!["validate", "--rules", "house-example"], vec!["validate", "--self-test", "--rules", "house-example"]]
    {
        let run = mcr(&[args.as_slice(), &[p(&stripped)]].concat());
        assert!(run.ok() && run.stdout.contains("200/200"), "{args:?}: {run:?}");
    }
}

#[test]
fn a_file_mixing_profiles_replays_each_record_under_its_own() {
    let dir = temp_dir("record-rules-mixed");
    let house = house_games(&dir);
    let botzone = play(&dir, "botzone-played.jsonl", 40, 5, None);
    assert!(botzone.iter().all(|l| !l.contains("\"rules\"")));
    // Interleaved: house, golden, played botzone games.
    let mut mixed = Vec::new();
    for (i, g) in corpus::first_lines(GOLDEN, 60).into_iter().enumerate() {
        mixed.push(house[i].clone());
        mixed.push(g);
        if i < botzone.len() {
            mixed.push(botzone[i].clone());
        }
    }
    let total = mixed.len();
    let file = write(&dir, "mixed.jsonl", &mixed);
    let run = mcr(&["validate", p(&file)]);
    assert!(run.ok() && run.stdout.contains(&format!("validate: {total}/{total} games reproduced exactly")), "{run:?}");
    let run = mcr(&["validate", "--self-test", p(&file)]);
    assert!(run.ok() && run.stdout.contains(&format!("self-test: {total}/{total} games PASS")), "{run:?}");
    let run = mcr(&["audit", "--games", p(&file)]);
    assert!(
        run.ok() && run.stdout.contains(&format!("games: {total} read")) && run.stdout.contains("0 bad records"),
        "{run:?}"
    );
    let page = dir.join("mixed.html");
    let run = mcr(&["view", p(&file), "-o", p(&page)]);
    assert!(run.ok() && run.stderr.is_empty(), "{run:?}");
    let run = mcr(&["bench", "replay", p(&file), "--passes", "1"]);
    assert!(run.ok() && run.stdout.contains("0 engine errors"), "{run:?}");
    // rules diff: each game against the rules it was played under.
    let run = mcr(&["rules", "diff", "--rules", "botzone", "--against", "played", "--format", "json", p(&file)]);
    assert!(run.ok(), "{run:?}");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["against"], "botzone, house-example");
    assert_eq!(v["games"].as_u64(), Some(total as u64));
    // Only house games change under botzone, and the 6-7 fan HUs among them.
    let changed = v["examples"].as_array().unwrap();
    assert!(!changed.is_empty() && changed.iter().all(|e| e["against_rules"] == "house-example"), "{}", run.stdout);
    assert!(v["games_changed"].as_u64().unwrap() <= house.len().min(60) as u64);
}

#[test]
fn an_explicit_rules_naming_another_profile_fails_those_records() {
    let dir = temp_dir("record-rules-conflict");
    let house = house_games(&dir);
    let mixed = vec![corpus::first_lines(GOLDEN, 1).remove(0), house[0].clone(), house[1].clone()];
    let id = |l: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()["game_id"].as_str().unwrap().to_string();
    let file = write(&dir, "conflict.jsonl", &mixed);
    let f = p(&file);
    let conflict = |line: usize, rules: &str| {
        // The library's words, then the CLI's hint.
        format!(
            "{f}:{line}: game {}: rules conflict: the record says \"rules\": \"house-example\" but \"{rules}\" was asked for (leave --rules out to replay each record under its own rules)",
            id(&mixed[line - 1])
        )
    };
    let run = mcr(&["validate", "--rules", "botzone", f]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(
        run.stdout.contains(&format!("FAIL {}", conflict(2, "botzone")))
            && run.stdout.contains(&format!("FAIL {}", conflict(3, "botzone"))),
        "{run:?}"
    );
    // The record without the key is replayed under --rules botzone.
    assert!(run.stdout.contains("validate: 1/3 games reproduced exactly"), "{run:?}");
    let run = mcr(&["validate", "--self-test", "--rules", "strict-98", f]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(
        run.stdout.contains(&conflict(2, "strict-98")) && run.stdout.contains("self-test: 1/3 games PASS"),
        "{run:?}"
    );
    let run = mcr(&["audit", "--games", f, "--rules", "botzone"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stderr.contains(&conflict(2, "botzone")) && run.stdout.contains("2 bad records"), "{run:?}");
    let run = mcr(&["view", f, "--rules", "botzone", "-o", p(&dir.join("c.html"))]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stderr.contains(&conflict(3, "botzone")) && run.stdout.contains("view: 1 game written"), "{run:?}");
    let run = mcr(&["bench", "replay", f, "--passes", "1", "--rules", "botzone"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stderr.contains(&conflict(2, "botzone")), "{run:?}");
}

#[test]
fn an_unknown_or_non_string_profile_name_is_a_located_malformed_record() {
    let dir = temp_dir("record-rules-unknown");
    let good = corpus::first_lines(GOLDEN, 1).remove(0);
    let with = |value: &str| {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v["rules"] = serde_json::from_str(value).unwrap();
        v.to_string()
    };
    let lines = vec![good.clone(), with("\"no-such-rules\""), with("7"), with("null")];
    let file = write(&dir, "unknown.jsonl", &lines);
    let f = p(&file);
    let unknown =
        format!("{f}:2: malformed record: unknown rule profile \"no-such-rules\" in \"rules\" (profiles: botzone, ");
    let not_string = |line: usize, what: &str| {
        format!("{f}:{line}: malformed record: invalid type: {what}, expected the name of a rule profile (a string) in \"rules\"")
    };
    let run = mcr(&["validate", f]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stdout.contains(&format!("FAIL {unknown}")) && run.stdout.contains("house-example, "), "{run:?}");
    assert!(
        run.stdout.contains(&not_string(3, "integer `7`")) && run.stdout.contains(&not_string(4, "null")),
        "{run:?}"
    );
    assert!(run.stdout.contains("validate: 1/4 games reproduced exactly"), "{run:?}");
    let run = mcr(&["validate", "--self-test", f]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(
        run.stdout.contains(&format!("{f}:2 (game ")) && run.stdout.contains("unknown rule profile \"no-such-rules\""),
        "{run:?}"
    );
    assert!(run.stdout.contains("self-test: 1/4 games PASS"), "{run:?}");
    // The readers of whole records say the same, with file and line.
    for args in [
        vec!["audit", "--games", f],
        vec!["view", f, "-o", p(&dir.join("u.html"))],
        vec!["bench", "replay", f, "--passes", "1"],
    ] {
        let run = mcr(&args);
        assert!(run.stderr.contains(&unknown), "{args:?}: {run:?}");
        assert!(!run.stderr.contains("panicked"), "{args:?}: {run:?}");
    }
    let run = mcr(&["rules", "diff", f]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stdout.contains(&format!("unreadable: {unknown}")), "{run:?}");
}

#[test]
fn validate_help_states_the_precedence() {
    let run = mcr(&["validate", "--help"]);
    assert!(run.ok(), "{run:?}");
    let help = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for words in [
        "for records without a \"rules\" key",
        "[default: botzone]",
        "is replayed under NAME without this option",
        "fails as a rules conflict",
        "An unknown profile name",
    ] {
        assert!(help.contains(words), "{words:?} not in:\n{}", run.stdout);
    }
}
