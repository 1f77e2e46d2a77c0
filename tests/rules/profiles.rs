//! Profiles without an oracle (house rules) are pinned by an accepted
//! snapshot of their effect on the bundled corpora (rules/snapshots/).
//! After a deliberate change to such a profile, review and accept with
//!     UPDATE_SNAPSHOTS=1 cargo test --release --test rules -- profiles::
//! (or `mcr rules snapshot NAME --accept`). Also: game rules are data (a
//! changed minimum changes WH verdicts and scores).

use mcr_engine::engine::{Engine, Event};
use mcr_engine::fans::Profile;
use mcr_engine::record::GameRecord;
use mcr_engine::replay::Replayer;
use mcr_engine::rules::snapshot;

use crate::common;
use common::corpus::{self, ERRORS};

/// Profiles with an oracle are pinned by tests/rules/variants.rs (the
/// variants), tests/fans/differential.rs and tests/rules_base/legacy.rs (the
/// pymahjonggb versions), tests/judge/ (botzone-local); the others here.
const WITH_ORACLE: &[&str] = &[
    "botzone",
    "botzone-local",
    "pymahjonggb-1.2",
    "pymahjonggb-1.4",
    "strict-98",
    "no-concealed-melded-kong",
    "knitted-straight-no-waits",
    "distinguish-shifted-chows",
    "blessings",
];

#[test]
fn house_rule_profiles_match_their_accepted_snapshots() {
    let accept = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut failures = Vec::new();
    let mut checked = 0;
    for p in Profile::all().iter().copied().filter(|p| !WITH_ORACLE.contains(&p.name)) {
        checked += 1;
        if let Err(e) = snapshot::check(common::repo(), p, accept) {
            failures.push(e.to_string());
        }
    }
    assert!(checked >= 1, "the house-rule example profile is missing");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The mechanism: a profile whose effect is not the accepted one fails with
/// the diff summary, and passes once accepted. (A deliberate edit of the
/// example profile itself, rebuilt, is in tests/rules/rules_variants.rs.)
#[test]
fn a_changed_effect_fails_until_accepted() {
    let scratch = common::temp_dir("snapshot");
    let house = Profile::by_name("house-example").unwrap();
    std::fs::create_dir_all(scratch.join("rules/snapshots")).unwrap();
    // The accepted effect, then an "edited" profile: the same snapshot file
    // holding another effect (as after an edit of the profile's values).
    std::fs::copy(snapshot::path(common::repo(), house), snapshot::path(&scratch, house)).unwrap();
    let now = snapshot::take(common::repo(), house);
    assert_eq!(snapshot::compare(&scratch, house, &now, false), Ok(()));
    let accepted = std::fs::read_to_string(snapshot::path(&scratch, house)).unwrap();
    assert!(accepted.contains("  fan 平和 2 -> 4\n"));
    std::fs::write(snapshot::path(&scratch, house), accepted.replace("平和 2 -> 4", "平和 2 -> 5")).unwrap();
    let err = snapshot::compare(&scratch, house, &now, false).unwrap_err().to_string();
    assert!(err.contains("-   fan 平和 2 -> 5") && err.contains("+   fan 平和 2 -> 4"), "{err}");
    assert!(err.contains("mcr rules snapshot house-example --accept"), "{err}");
    snapshot::compare(&scratch, house, &now, true).unwrap();
    assert_eq!(snapshot::compare(&scratch, house, &now, false), Ok(()));
}

/// Plays a game with its recorded answers; its last event.
fn end(profile: &'static Profile, g: &GameRecord) -> Event {
    Replayer::new(Engine::with_profile(profile), g).run().unwrap_or_else(|e| panic!("{}: {e}", g.game_id)).event
}

/// house-example sets `game min_fan = 6`: a HU of 6 or 7 fan the judge
/// ruled a false win (WH, -30/+10) ends in HU, scored by the formula.
#[test]
fn a_changed_minimum_changes_wh_verdicts_and_scores() {
    let (botzone, house) = (Profile::default(), Profile::by_name("house-example").unwrap());
    assert_eq!((botzone.game.min_fan, house.game.min_fan), (8, 6));
    let mut changed = 0;
    for g in corpus::records(ERRORS) {
        let (Event::WrongHu { player, fans }, scores) = ({
            let e = end(botzone, &g);
            let s = e.scores();
            (e, s)
        }) else {
            continue;
        };
        assert_eq!(scores, Some(botzone.game.false_win_scores(player)));
        let e = end(house, &g);
        match &e {
            Event::Hu { player: p, fans: f, score } => {
                assert_eq!(*p, player);
                assert!((6..8).contains(&f.result) || f.result > fans.result, "{} fan: {}", f.result, g.game_id);
                assert_eq!(score.iter().sum::<i32>(), 0);
                assert!(score[player as usize] >= 3 * 8 + 6, "{score:?}");
                changed += 1;
            }
            Event::WrongHu { fans: f, .. } => {
                assert!(f.result < 6, "{}: {} fan under a 6-fan minimum", g.game_id, f.result)
            }
            other => panic!("{}: {other:?}", g.game_id),
        }
    }
    assert!(changed >= 2, "only {changed} WH games became HU");
}
