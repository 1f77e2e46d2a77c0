//! `mcr rules diff --against recorded` (the default for botzone).

use super::common::corpus::{self, GAMES};
use super::common::mcr;
use super::corpora::{fan_line, Scratch};
use mcr_engine::fans::Profile;
use mcr_engine::record::DEFAULT_MAX_LINE_BYTES;
use mcr_engine::rules::diff::{self, Against};
use std::path::Path;

fn diff_of(files: &[&Path]) -> diff::Summary {
    diff::diff(Profile::default(), Against::Recorded, files, 3, DEFAULT_MAX_LINE_BYTES)
}

#[test]
fn the_base_agrees_with_the_recorded_answers_of_the_records_as_they_are() {
    if !super::corpora::base_is_the_reference("the_base_agrees_with_the_recorded_answers_of_the_records_as_they_are") {
        return;
    }
    let s = Scratch::new("as-is", false);
    let (h, g, e) = (s.file("hands.jsonl.gz"), s.file("games.jsonl.gz"), s.file("errors.jsonl.gz"));
    let sum = diff_of(&[&h, &g, &e]);
    assert_eq!((sum.hands, sum.games), (3000, 440), "{}", sum.text());
    assert!(sum.agrees() && sum.by_fan.is_empty() && sum.errors.is_empty(), "{}", sum.text());
    assert_eq!(sum.against, "recorded");
    // From the command line, the default for botzone.
    let run = mcr(&["rules", "diff", h.to_str().unwrap(), g.to_str().unwrap(), e.to_str().unwrap()]);
    assert!(run.ok(), "{run:?}");
    assert!(run.stdout.starts_with("rules diff: botzone against the recorded answers\n"), "{}", run.stdout);
    assert!(run.stdout.contains("the rules agree with every record (3000 hands, 440 games)"), "{}", run.stdout);
}

#[test]
fn a_differing_value_is_shown_by_fan_on_hands_and_games_with_examples_and_its_rule() {
    if !super::corpora::base_is_the_reference(
        "a_differing_value_is_shown_by_fan_on_hands_and_games_with_examples_and_its_rule",
    ) {
        return;
    }
    let s = Scratch::new("pinghe", true);
    let (h, g) = (s.file("hands.jsonl.gz"), s.file("games.jsonl.gz"));
    assert!(s.hands_changed > 300 && s.games_changed > 5, "{} hands, {} games", s.hands_changed, s.games_changed);
    let sum = diff_of(&[&h, &g]);
    let c = &sum.by_fan["平和"];
    // Every record with 平和 differs by its value and nothing else.
    assert_eq!(
        (c.value_changed, c.games, c.gained, c.lost, c.changed),
        (s.hands_changed + s.games_changed, s.games_changed, 0, 0, 0),
        "{}",
        sum.text()
    );
    assert_eq!(sum.by_fan.len(), 1, "{}", sum.text());
    assert_eq!((sum.hands_changed, sum.totals_down, sum.totals_up), (s.hands_changed, s.hands_changed, 0));
    assert_eq!((sum.games_changed, sum.winner_changed, sum.verdict_changed), (s.games_changed, 0, 0));
    let text = sum.text();
    assert!(
        text.contains(&format!(
            "平和 value changed {} ({} of them games)",
            s.hands_changed + s.games_changed,
            s.games_changed
        )),
        "{text}"
    );
    // Examples side by side, with the reading and the rule line.
    let e = &sum.examples[0];
    assert!(e.rules.1.contains(&"平和 2".to_string()) && e.against.1.contains(&"平和 3".to_string()), "{e:?}");
    assert_eq!(e.rules.0 + 1, e.against.0);
    assert!(e.why[0].starts_with("reading: regular: "), "{e:?}");
    let rule = format!("平和 value 2 against 3: fan 平和 = 2 (rules/fans.mcr:{})", fan_line("平和"));
    assert_eq!(e.why[1..], *std::slice::from_ref(&rule), "{e:?}");
    // Games: the examples there too, with the winner's hand explained.
    let games = diff::diff(Profile::default(), Against::Recorded, &[&g], 1, DEFAULT_MAX_LINE_BYTES);
    let e = &games.examples[0];
    assert!(e.end_rules.as_deref().unwrap().starts_with("HU player ") && e.end_rules == e.end_against, "{e:?}");
    assert!(e.why.contains(&rule), "{e:?}");
    // The JSON of the command line says the same.
    let run = mcr(&["rules", "diff", "--format", "json", h.to_str().unwrap(), g.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        v["by_fan"]["平和"]["value_changed"].as_u64(),
        Some((s.hands_changed + s.games_changed) as u64),
        "{}",
        run.stdout
    );
    assert_eq!(v["against"], "recorded");
    assert!(run.ok(), "{run:?}");
}

/// Against the records, a game whose canHu values differ is a changed game
/// even when its end is the same.
#[test]
fn a_differing_can_hu_value_changes_the_game() {
    if !super::corpora::base_is_the_reference("a_differing_can_hu_value_changes_the_game") {
        return;
    }
    let mut games = corpus::first_values(GAMES, 200);
    let (k, turn) = games
        .iter_mut()
        .enumerate()
        .find_map(|(k, g)| {
            let turns = g["turns"].as_array_mut().unwrap();
            let t = turns
                .iter_mut()
                .position(|t| t["display"]["canHu"].as_array().unwrap().iter().any(|v| v.as_i64().unwrap() >= 8))?;
            let can_hu = turns[t]["display"]["canHu"].as_array_mut().unwrap();
            let seat = can_hu.iter().position(|v| v.as_i64().unwrap() >= 8).unwrap();
            can_hu[seat] = (can_hu[seat].as_i64().unwrap() + 1).into();
            Some((k, t))
        })
        .expect("a game where a seat could win");
    let dir = super::common::temp_dir("rules-base-canhu");
    let file = corpus::write_gz(&dir, "canhu.jsonl.gz", &games);
    let sum = diff_of(&[&file]);
    assert_eq!(
        (sum.games_changed, sum.can_hu_changed, sum.can_hu_turns, sum.scores_changed),
        (1, 1, 1, 0),
        "{}",
        sum.text()
    );
    let e = &sum.examples[0];
    assert_eq!(e.line, k + 1);
    assert!(e.can_hu.as_deref().unwrap().starts_with(&format!("turn {turn}: ")), "{e:?}");
}
