//! `mcr arena --duplicate` with four keep-running `mcr bot`s: the records
//! follow the schedule (read back from the records alone), every record
//! replays and passes the self-test, and two shards give the standings of
//! the whole run.

use super::output::{arena, bots_file};
use crate::common;
use common::corpus::file_values as records;
use std::collections::HashMap;
use std::path::Path;

/// The standings' CSV without the time columns (wall clock varies by run).
fn scores_csv(files: &[&Path]) -> String {
    let mut args = vec!["arena", "standings", "--format", "csv"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let run = common::mcr(&args);
    assert!(run.ok(), "{}", run.stderr);
    run.stdout.lines().map(|l| l.split(',').take(17).collect::<Vec<_>>().join(",") + "\n").collect()
}

#[test]
fn a_duplicate_run_follows_the_schedule_and_shards_add_up() {
    let dir = common::temp_dir("tournament-runner");
    let bots = bots_file(&dir);
    let (full, s0, s1) = (dir.join("full.jsonl"), dir.join("s0.jsonl"), dir.join("s1.jsonl"));
    let play = |out: &Path, extra: &[&str]| {
        let run = arena(&bots, out, extra);
        assert!(run.ok(), "{}", run.stderr);
    };
    play(&full, &["--jobs", "2"]);
    play(&s0, &["--shard", "0/2"]);
    play(&s1, &["--shard", "1/2"]);

    let recs = records(&full);
    assert_eq!(recs.len(), 24);
    // Read back from the records: 24 distinct perms of wall 0, quan = perm / 6,
    // the same tiles in every game, and each bot in each seat six times.
    let mut perms: Vec<u64> = recs.iter().map(|r| r["arena"]["perm"].as_u64().unwrap()).collect();
    perms.sort();
    assert_eq!(perms, (0..24).collect::<Vec<_>>());
    let mut seat_count: HashMap<(String, usize), u32> = HashMap::new();
    for r in &recs {
        assert_eq!(r["arena"]["wall"], 0);
        assert_eq!(r["quan"].as_u64().unwrap(), r["arena"]["perm"].as_u64().unwrap() / 6);
        assert_eq!(r["wall"], recs[0]["wall"], "every perm plays the same tiles");
        assert_eq!(r["players"], r["arena"]["bots"]);
        for (s, name) in r["players"].as_array().unwrap().iter().enumerate() {
            *seat_count.entry((name.as_str().unwrap().to_string(), s)).or_default() += 1;
        }
    }
    assert_eq!(seat_count.len(), 16);
    assert!(seat_count.values().all(|&n| n == 6), "{seat_count:?}");
    assert_eq!(records(&s0).len() + records(&s1).len(), 24);
    assert!(records(&s0).iter().all(|r| r["arena"]["game"].as_u64().unwrap() % 2 == 0));

    for args in [vec!["validate"], vec!["validate", "--self-test"]] {
        let mut a = args.clone();
        a.push(full.to_str().unwrap());
        let run = common::mcr(&a);
        assert!(run.ok(), "{:?}: {}{}", args, run.stdout, run.stderr);
    }
    assert_eq!(scores_csv(&[&s1, &s0]), scores_csv(&[&full]));
}
