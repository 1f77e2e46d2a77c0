//! The profile `pymahjonggb-1.4` keeps the behaviour of pymahjonggb 1.4.0's
//! calculator and the public `judge/main.cpp`'s displays: every corpus made
//! with them (`tests/data/pymahjonggb-1.4/`) reproduces under it, and not
//! under the default profile (the platform's judge), which differs in its
//! displays, three fan names and some readings.

use super::common::{data, mcr};

const LEGACY: &str = "pymahjonggb-1.4";

fn legacy(name: &str) -> String {
    data(&format!("pymahjonggb-1.4/{name}")).display().to_string()
}

/// The last line of a command's standard output.
fn last_line(out: &str) -> &str {
    out.lines().last().unwrap_or("")
}

#[test]
fn legacy_games_reproduce_under_their_profile_only() {
    for (file, n) in [
        ("golden.jsonl.gz", 222),
        ("games.jsonl.gz", 4200),
        ("errors.jsonl.gz", 150),
        ("botzone_logs_records.jsonl.gz", 120),
        ("verdicts_injected.jsonl.gz", 444),
    ] {
        let path = legacy(file);
        let run = mcr(&["validate", &path, "--rules", LEGACY]);
        assert!(run.ok(), "{file} under {LEGACY}: {}{}", run.stdout, run.stderr);
        assert_eq!(last_line(&run.stdout), format!("validate: {n}/{n} games reproduced exactly"), "{file}");
        // The default profile shows the platform's displays: INIT differs in
        // every game.
        let run = mcr(&["validate", &path]);
        assert!(!run.ok(), "{file} reproduced under the default profile too");
        assert_eq!(last_line(&run.stdout), format!("validate: 0/{n} games reproduced exactly"), "{file}");
    }
}

#[test]
fn legacy_games_pass_the_self_test_under_their_profile() {
    let path = legacy("games.jsonl.gz");
    let run = mcr(&["validate", "--self-test", &path, "--rules", LEGACY]);
    assert!(run.ok(), "{}{}", run.stdout, run.stderr);
    assert_eq!(last_line(&run.stdout), "self-test: 4200/4200 games PASS");
    // The platform's self-test wants the platform's INIT display.
    let run = mcr(&["validate", "--self-test", &path]);
    assert!(!run.ok());
    assert_eq!(last_line(&run.stdout), "self-test: 0/4200 games PASS");
}

#[test]
fn legacy_hands_score_under_their_profile() {
    let path = legacy("hands.jsonl.gz");
    let run = mcr(&["hands", &path, "--rules", LEGACY]);
    assert!(run.ok(), "{}{}", run.stdout, run.stderr);
    assert_eq!(last_line(&run.stdout), "hands: 101350/101350 match");
    // Under the platform's calculator: the three renamed wait fans, the 177
    // knitted-straight wins without a wait fan, and the readings of equal
    // total chosen otherwise.
    let run = mcr(&["hands", &path]);
    assert!(!run.ok());
    let last = last_line(&run.stdout);
    let matched: usize = last.trim_start_matches("hands: ").split('/').next().unwrap().parse().unwrap();
    assert!(matched < 101350 - 177, "{last}");
}

#[test]
fn legacy_fan_table_is_the_profiles() {
    // The fan table of pymahjonggb 1.4.0 (fans.json) is the profile's, name
    // for name and value for value.
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(legacy("fans.json")).unwrap()).unwrap();
    let ours = mcr_engine::fans::Profile::by_name(LEGACY).expect("the profile is built in");
    let want: Vec<(String, i64)> = table
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["name"].as_str().unwrap().to_string(), f["value"].as_i64().unwrap()))
        .collect();
    let got: Vec<(String, i64)> = ours.fans.iter().map(|f| (f.name.to_string(), i64::from(f.value))).collect();
    assert_eq!(got, want);
    // And the platform's table (the default profile's) is the 2018 one.
    let table: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(data("fans.json")).unwrap()).unwrap();
    let names: Vec<&str> = table.as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    let ours: Vec<&str> = mcr_engine::fans::Profile::default().fans.iter().map(|f| f.name).collect();
    assert_eq!(ours, names);
}
