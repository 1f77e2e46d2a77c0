//! The vectorised environment and self-play: records that replay exactly
//! and pass the self-test, determinism under a seed, buffers, auto-reset,
//! verdicts on actions outside the mask, the duplicate format.

use std::path::Path;

use mcr_engine::env::action::{self, NUM_ACTIONS};
use mcr_engine::env::obs::{COMPACT_LEN, FEATURE_LEN};
use mcr_engine::env::selfplay::{self, OwnedBuffers, RandomPolicy};
use mcr_engine::env::wall::PERMUTATIONS;
use mcr_engine::env::{Buffers, EnvError, ObsKind, VecEnv, VecEnvConfig};
use mcr_engine::record::GameRecord;

#[test]
fn played_games_pass_validate_and_the_self_test() {
    let dir = crate::common::temp_dir("env-play");
    let file = dir.join("play.jsonl.gz");
    let path = file.to_str().unwrap();
    let (ok, _, err) = crate::common::mcr(&["play", "--games", "300", "--seed", "11", "-o", path]).parts();
    assert!(ok, "{err}");
    assert!(err.contains("300 games written"), "{err}");
    let (ok, out, err) = crate::common::mcr(&["validate", path]).parts();
    assert!(ok && out.contains("validate: 300/300 games reproduced exactly"), "{out}{err}");
    let (ok, out, err) = crate::common::mcr(&["validate", "--self-test", path]).parts();
    assert!(ok && out.contains("self-test: 300/300 games PASS"), "{out}{err}");
    // The same seed on one thread writes the same games.
    let again = dir.join("again.jsonl.gz");
    let (ok, _, err) = crate::common::mcr(&[
        "play",
        "--games",
        "300",
        "--seed",
        "11",
        "--threads",
        "1",
        "-o",
        again.to_str().unwrap(),
    ])
    .parts();
    assert!(ok, "{err}");
    let unzip = |p: &Path| crate::common::corpus::file_lines(p).collect::<Vec<_>>();
    assert_eq!(unzip(&file), unzip(&again));
    let (ok, _, err) = crate::common::mcr(&["play", "--games", "3", "-o", "/nonexistent-dir/x.jsonl"]).parts();
    assert!(!ok && err.contains("/nonexistent-dir/x.jsonl"), "{err}");
}

fn run(cfg: VecEnvConfig, steps: usize) -> (Vec<u8>, Vec<u8>, Vec<f32>, usize) {
    let mut env = VecEnv::new(cfg).unwrap();
    let mut buf = OwnedBuffers::for_env(&env);
    let mut policy = RandomPolicy::new(env.num_envs(), 99);
    let mut actions = vec![0i64; env.num_envs() * 4];
    env.reset(buf.view()).unwrap();
    let mut dones = 0;
    let mut rewards = Vec::new();
    for _ in 0..steps {
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view()).unwrap();
        for (i, &d) in buf.done.iter().enumerate() {
            let r = &buf.reward[i * 4..i * 4 + 4];
            if d == 1 {
                dones += 1;
                assert_eq!(r.iter().sum::<f32>(), 0.0, "scores sum to 0: {r:?}");
                rewards.extend_from_slice(r);
            } else {
                assert_eq!(r, [0.0; 4], "rewards only at the end");
            }
        }
        // After every step (auto-reset included) each table has a seat to act.
        for t in 0..env.num_envs() {
            let m = &buf.mask[t * 4 * NUM_ACTIONS..(t + 1) * 4 * NUM_ACTIONS];
            assert!(m.chunks(NUM_ACTIONS).all(|s| s.contains(&1)), "table {t}: a seat without a legal action");
        }
    }
    (buf.obs, buf.mask, rewards, dones)
}

#[test]
fn deterministic_under_a_seed_whatever_the_threads_and_auto_resetting() {
    let mut a = VecEnvConfig::new(16, 5);
    a.threads = 1;
    let mut b = a.clone();
    b.threads = 2;
    let ra = run(a.clone(), 600);
    let rb = run(b, 600);
    assert_eq!(ra, rb);
    assert!(ra.3 >= 16, "only {} games ended in 600 steps", ra.3);
    let mut c = a;
    c.seed = 6;
    assert_ne!(run(c, 600).0, ra.0);
}

#[test]
fn buffers_of_the_wrong_size_are_refused() {
    let mut env = VecEnv::new(VecEnvConfig::new(2, 1)).unwrap();
    let mut buf = OwnedBuffers::for_env(&env);
    assert_eq!(buf.obs.len(), 2 * 4 * COMPACT_LEN);
    let mut short = vec![0u8; 3];
    let view = Buffers {
        obs: &mut short,
        mask: &mut buf.mask,
        reward: &mut buf.reward,
        done: &mut buf.done,
        hu_fans: &mut buf.hu_fans,
    };
    let e = env.reset(view).unwrap_err();
    assert!(matches!(e, EnvError::BufferSize { name: "obs", got: 3, .. }), "{e}");
    env.reset(buf.view()).unwrap();
    let e = env.step(&[0; 7], buf.view()).unwrap_err();
    assert!(e.to_string().contains("actions"), "{e}");
    assert!(matches!(VecEnv::new(VecEnvConfig::new(0, 1)), Err(EnvError::NoEnvs)));
}

#[test]
fn an_action_outside_the_mask_meets_the_judges_verdict() {
    let mut env = VecEnv::new(VecEnvConfig::new(1, 3)).unwrap();
    let mut buf = OwnedBuffers::for_env(&env);
    env.reset(buf.view()).unwrap();
    // The dealer's first draw: seat 0 must discard; PASS is illegal.
    assert_eq!(buf.mask[action::PASS], 0);
    assert!(buf.mask[action::PLAY..action::CHI].contains(&1));
    let mut actions = [0i64; 4];
    env.step(&actions, buf.view()).unwrap();
    assert_eq!(buf.done, [1]);
    assert_eq!(buf.reward, [-30.0, 10.0, 10.0, 10.0]);
    // A legal discard goes on.
    let play = buf.mask[..NUM_ACTIONS].iter().position(|&m| m == 1).unwrap();
    actions[0] = play as i64;
    env.step(&actions, buf.view()).unwrap();
    assert_eq!(buf.done, [0]);
}

#[test]
fn every_judge_step_without_skipping_and_the_feature_planes() {
    let mut cfg = VecEnvConfig::new(4, 2);
    cfg.skip_forced = false;
    cfg.obs = ObsKind::Feature;
    let mut env = VecEnv::new(cfg).unwrap();
    let mut buf = OwnedBuffers::for_env(&env);
    env.reset(buf.view()).unwrap();
    // INIT: everybody may only PASS.
    for seat_mask in buf.mask.chunks(NUM_ACTIONS) {
        assert_eq!(seat_mask.iter().filter(|&&m| m == 1).count(), 1);
        assert_eq!(seat_mask[action::PASS], 1);
    }
    let mut policy = RandomPolicy::new(4, 1);
    let mut actions = vec![0i64; 16];
    for step in 0..200 {
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view()).unwrap();
        for (k, o) in buf.obs.chunks(FEATURE_LEN).enumerate() {
            let (seat, table) = (k % 4, k / 4);
            assert_eq!(o[27 + seat], 1, "seat wind plane");
            assert_eq!(o[36..72].iter().map(|&b| b as usize).sum::<usize>(), 1, "prevalent wind plane");
            let tiles: usize = o[72..].iter().map(|&b| b as usize).sum();
            let engine = env.game(table).engine();
            let melds = engine.packs(seat as u8).len();
            // 13 or 14 (a drawn tile, or the hand of a chosen meld) less 3 a meld.
            // (A table whose game just ended shows the next game's INIT.)
            if step > 2 && buf.done[table] == 0 && !env.game(table).choosing_discard() {
                assert!(
                    tiles + 3 * melds == 13 || tiles + 3 * melds == 14,
                    "table {table} seat {seat}: {tiles} tiles, {melds} melds"
                );
            }
        }
    }
}

#[test]
fn duplicate_walls_are_the_24_seat_permutations_of_one() {
    let mut cfg = VecEnvConfig::new(24, 8);
    cfg.duplicate = true;
    cfg.records = true;
    let mut env = VecEnv::new(cfg).unwrap();
    let mut buf = OwnedBuffers::for_env(&env);
    let mut policy = RandomPolicy::new(24, 8);
    let mut actions = vec![0i64; 96];
    env.reset(buf.view()).unwrap();
    let mut records: Vec<GameRecord> = Vec::new();
    while records.len() < 48 {
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view()).unwrap();
        records.extend(env.take_records().iter().map(|r| serde_json::from_str::<GameRecord>(r).unwrap()));
    }
    // The env reset at the start, so the first set is games 24..48.
    let mut set: Vec<&GameRecord> =
        records.iter().filter(|r| (24..48).contains(&u64::from_str_radix(&r.game_id[16..], 16).unwrap())).collect();
    set.sort_by_key(|r| r.game_id.clone());
    assert_eq!(set.len(), 24, "the whole set finished");
    let base = &set[0].wall;
    for (k, r) in set.iter().enumerate() {
        for s in 0..4 {
            let from = PERMUTATIONS[k][s] as usize * 34;
            assert_eq!(r.wall[s * 34..s * 34 + 34], base[from..from + 34], "game {k} seat {s}");
        }
        assert_eq!(r.quan, (k / 6) as i64);
    }
}

#[test]
fn selfplay_library_records_replay_exactly() {
    let records = selfplay::play(40, 21, 2, mcr_engine::fans::Profile::default()).unwrap();
    assert_eq!(records.len(), 40);
    for line in &records {
        let rec: GameRecord = serde_json::from_str(line).unwrap();
        let mut engine = mcr_engine::engine::Engine::new();
        mcr_engine::replay::replay(&mut engine, &rec, mcr_engine::replay::Compare::Exact)
            .unwrap_or_else(|d| panic!("{}: {d:?}", rec.game_id));
        mcr_engine::selftest::check_record(&rec).unwrap_or_else(|f| panic!("{}: {f:?}", rec.game_id));
    }
}
