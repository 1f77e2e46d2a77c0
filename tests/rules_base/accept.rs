//! A deliberate change of the base: `rules/snapshots/botzone.txt` records
//! the base's agreement with the bundled corpora; a difference fails with
//! the diff by fan until accepted, and once accepted the tests that compare
//! with the reference say so instead of failing.

use super::corpora::Scratch;
use mcr_engine::fans::Profile;
use mcr_engine::rules::snapshot;

#[test]
fn the_base_agrees_with_the_bundled_corpora_as_accepted() {
    let accept = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let root = super::common::repo();
    if let Err(e) = snapshot::check(root, Profile::default(), accept) {
        panic!("{e}");
    }
    let accepted = std::fs::read_to_string(snapshot::path(root, Profile::default())).unwrap();
    assert!(accepted.starts_with("rules diff: botzone against the recorded answers\n"), "{accepted}");
}

#[test]
fn an_unaccepted_base_change_fails_with_the_diff_and_an_accepted_one_passes() {
    if !super::corpora::base_is_the_reference(
        "an_unaccepted_base_change_fails_with_the_diff_and_an_accepted_one_passes",
    ) {
        return;
    }
    let mut s = Scratch::new("accept", false);
    let botzone = Profile::default();
    // The state of today: the rules agree with every record.
    snapshot::check(&s.root, botzone, true).unwrap();
    let agreed = std::fs::read_to_string(snapshot::path(&s.root, botzone)).unwrap();
    assert!(agreed.contains("the rules agree with every record"), "{agreed}");
    assert_eq!(snapshot::accepted_base_change(&s.root).unwrap_err().to_string().lines().next(), Some("the base rules agree with every bundled record, as accepted in rules/snapshots/botzone.txt: this difference from the reference is not an accepted change of the base"));

    // A difference (here in the records: the rules now answer 平和 2 where
    // the records say 3) fails, with the diff by fan.
    s.write(true);
    let err = snapshot::check(&s.root, botzone, false).unwrap_err().to_string();
    let n = s.hands_changed + s.games_changed;
    assert!(err.contains(&format!("+ 平和 value changed {n} ({} of them games)", s.games_changed)), "{err}");
    assert!(err.contains("- the rules agree with every record"), "{err}");
    assert!(err.contains("mcr rules snapshot botzone --accept"), "{err}");
    assert_eq!(
        snapshot::accepted_base_change(&s.root).unwrap_err().to_string(),
        err,
        "a corpus test fails with the same diff"
    );

    // Accepted: the check passes, and a test that compares with the
    // reference is told that the difference is the accepted one.
    snapshot::check(&s.root, botzone, true).unwrap();
    assert_eq!(snapshot::check(&s.root, botzone, false), Ok(()));
    assert_eq!(
        snapshot::accepted_base_change(&s.root),
        Ok("differs from the reference as accepted in rules/snapshots/botzone.txt".to_string())
    );

    // Reverted: full agreement again, which is itself a change to accept.
    s.write(false);
    let err = snapshot::check(&s.root, botzone, false).unwrap_err().to_string();
    assert!(
        err.contains("+ the rules agree with every record") && err.contains(&format!("- 平和 value changed {n}")),
        "{err}"
    );
}
