//! The environment under a rule profile other than botzone: `mcr play
//! --rules house-example` (a 6-fan minimum) writes games that say their
//! rules, replay exactly under them (`mcr validate` reads the key), and hold
//! HUs of 6-7 fans, which botzone would judge WH (so, without the key, they
//! do not replay under botzone). tests/record/record_rules.rs covers the key in
//! every reader.

use mcr_engine::fans::Profile;
use mcr_engine::record::GameRecord;

#[test]
fn house_rule_games_replay_under_their_rules_only() {
    let dir = crate::common::temp_dir("env-rules");
    let file = dir.join("house.jsonl");
    let path = file.to_str().unwrap();
    let (ok, _, err) =
        crate::common::mcr(&["play", "--games", "400", "--seed", "3", "--rules", "house-example", "-o", path]).parts();
    assert!(ok && err.contains("400 games written"), "{err}");

    let text = std::fs::read_to_string(&file).unwrap();
    let mut below_botzone = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["rules"], "house-example", "{}", v["game_id"]);
        let e = &v["expected"];
        if e["ending"] != "error" {
            if let Some(total) = e["fan_total"].as_i64().filter(|_| e["winner"].is_number()) {
                assert!(total >= 6, "{}: a HU of {total} fans under a 6-fan minimum", v["game_id"]);
                below_botzone += (total < 8) as usize;
            }
        }
        serde_json::from_str::<GameRecord>(line).unwrap();
    }
    assert!(below_botzone > 0, "no HU of 6-7 fans in 400 games");

    let (ok, out, err) = crate::common::mcr(&["validate", path]).parts();
    assert!(ok && out.contains("validate: 400/400 games reproduced exactly"), "{out}{err}");
    // Under botzone, each 6-7 fan HU is a WH (and other canHu values
    // differ, 平和 being worth 2): at least those games diverge once the
    // records no longer say their rules.
    let stripped: Vec<String> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("rules");
            v.to_string()
        })
        .collect();
    let botzone = dir.join("as-botzone.jsonl");
    std::fs::write(&botzone, stripped.join("\n")).unwrap();
    let (_, out, err) = crate::common::mcr(&["validate", botzone.to_str().unwrap()]).parts();
    let reproduced: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("validate: ")?.split('/').next()?.parse().ok())
        .unwrap_or_else(|| panic!("{out}{err}"));
    assert!(
        reproduced <= 400 - below_botzone,
        "{reproduced} reproduced under botzone, {below_botzone} HUs of 6-7 fans\n{out}"
    );
}

#[test]
fn masks_follow_the_profile_minimum() {
    use mcr_engine::env::action::{HU, NUM_ACTIONS};
    use mcr_engine::env::selfplay::{OwnedBuffers, RandomPolicy};
    use mcr_engine::env::{VecEnv, VecEnvConfig};
    let house = Profile::by_name("house-example").unwrap();
    let mut cfg = VecEnvConfig::new(64, 9);
    cfg.profile = house;
    let mut env = VecEnv::new(cfg).unwrap();
    let mut buf = OwnedBuffers::for_env(&env);
    let mut policy = RandomPolicy::new(64, 9);
    let mut actions = vec![0i64; 64 * 4];
    env.reset(buf.view()).unwrap();
    let (mut six_seven, mut hu_seen) = (0, 0);
    for _ in 0..3000 {
        for (i, &f) in buf.hu_fans.iter().enumerate() {
            if f < 0 {
                continue;
            }
            let legal = buf.mask[i * NUM_ACTIONS + HU] != 0;
            // HU is in the mask exactly when the hand reaches the profile's minimum.
            assert_eq!(legal, f >= 6, "hu_fans {f}, mask {legal}");
            hu_seen += 1;
            six_seven += (legal && f < 8) as usize;
        }
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view()).unwrap();
    }
    assert!(hu_seen > 0 && six_seven > 0, "{hu_seen} HU chances, {six_seven} of 6-7 fans");
}
