//! `mcr arena --duplicate -o OUT` as a whole (crates/arena/src/output.rs): the same
//! records whatever `--jobs` and sharding (each turn's `times_ms` aside),
//! resume after a cut, refusals before any game, and Ctrl-C.

use crate::common;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A bots file of four keep-running `mcr bot`s (deterministic: greedy, and
/// random with its fixed seed).
pub fn bots_file(dir: &Path) -> PathBuf {
    let bin = crate::common::mcr_bin();
    let entry = |name: &str, policy: &str| {
        format!("[[bot]]\nname = \"{name}\"\ncommand = [\"{bin}\", \"bot\", \"--policy\", \"{policy}\", \"--keep-running\"]\nkeep_running = true\n")
    };
    let text = [entry("g1", "greedy"), entry("r1", "random"), entry("g2", "greedy"), entry("r2", "random")].concat();
    let p = dir.join("bots.toml");
    std::fs::write(&p, text).unwrap();
    p
}

/// A record line without its turns' `times_ms` (the only fields that vary
/// between runs of deterministic bots).
pub fn without_times(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(",\"times_ms\":{") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find('}').expect("times_ms closes") + 1;
        assert!(!tail[1..end].contains('{') || tail[1..end].matches('{').count() == 1, "a flat times_ms map");
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn game_of(line: &str) -> u64 {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["arena"]["game"].as_u64().unwrap()
}

/// `mcr arena --duplicate --walls 1 --seed 7 -o OUT` and `extra`.
pub fn arena(bots: &Path, out: &Path, extra: &[&str]) -> common::Run {
    let mut args = vec![
        "arena",
        "--bots",
        bots.to_str().unwrap(),
        "--duplicate",
        "--walls",
        "1",
        "--seed",
        "7",
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    common::mcr(&args)
}

#[test]
fn the_records_are_the_same_whatever_jobs_and_shards() {
    let dir = common::temp_dir("tournament-determinism");
    let bots = bots_file(&dir);
    let one = dir.join("one.jsonl");
    let two = dir.join("two.jsonl");
    for (out, jobs) in [(&one, "1"), (&two, "2")] {
        let run = arena(&bots, out, &["--jobs", jobs]);
        assert!(run.ok(), "{}", run.stderr);
    }
    let read = |p: &Path| std::fs::read_to_string(p).unwrap().lines().map(without_times).collect::<Vec<_>>();
    let whole = read(&one);
    assert_eq!(whole.len(), 24);
    // In run order, byte for byte.
    assert_eq!(whole.iter().map(|l| game_of(l)).collect::<Vec<_>>(), (0..24).collect::<Vec<_>>());
    assert_eq!(read(&two), whole, "--jobs 2 wrote other bytes than --jobs 1");
    let mut shards = Vec::new();
    for i in 0..3 {
        let out = dir.join(format!("shard{i}.jsonl"));
        let run = arena(&bots, &out, &["--shard", &format!("{i}/3"), "--jobs", "2"]);
        assert!(run.ok(), "{}", run.stderr);
        let lines = read(&out);
        assert!(lines.iter().all(|l| game_of(l) % 3 == i), "shard {i}");
        shards.extend(lines);
    }
    shards.sort_by_key(|l| game_of(l));
    assert_eq!(shards, whole, "the shards' records differ from the whole run's");
    // The times removed were there.
    assert!(std::fs::read_to_string(&one).unwrap().contains("\"times_ms\":{"));
}

#[test]
fn a_rerun_continues_after_a_cut_and_refuses_another_tournament() {
    let dir = common::temp_dir("tournament-rerun");
    let bots = bots_file(&dir);
    let full = dir.join("full.jsonl");
    assert!(arena(&bots, &full, &["--jobs", "2"]).ok());
    let text = std::fs::read_to_string(&full).unwrap();
    // Killed while writing line 11: ten whole records and half of one.
    let lines: Vec<&str> = text.lines().collect();
    let cut: String =
        lines[..10].iter().map(|l| format!("{l}\n")).collect::<String>() + &lines[10][..lines[10].len() / 2];
    let out = dir.join("out.jsonl");
    std::fs::write(&out, &cut).unwrap();
    let run = arena(&bots, &out, &["--jobs", "2"]);
    assert!(run.ok(), "{}", run.stderr);
    assert!(run.stderr.contains("line 11") && run.stderr.contains("dropped"), "{}", run.stderr);
    assert!(run.stderr.contains("14 records written") && run.stderr.contains("24 in all"), "{}", run.stderr);
    let now = std::fs::read_to_string(&out).unwrap();
    let mut a: Vec<String> = now.lines().map(without_times).collect();
    let mut b: Vec<String> = lines.iter().map(|l| without_times(l)).collect();
    assert_eq!(&a[..10], &b[..10], "the kept records are untouched");
    a.sort();
    b.sort();
    assert_eq!(a, b, "nothing played twice or lost");
    // Nothing left to play: the file stays as it is.
    let run = arena(&bots, &out, &[]);
    assert!(run.ok() && run.stderr.contains("0 records written"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), now);
    assert!(run.stderr.contains("24 games, 1 walls"), "the standings of the whole file: {}", run.stderr);

    // Another seed, another bots file, another format: refused, the file untouched.
    let other = dir.join("other.toml");
    std::fs::write(&other, std::fs::read_to_string(&bots).unwrap().replace("\"random\"", "\"greedy\"")).unwrap();
    let out_s = out.to_str().unwrap();
    let refusals = [
        (
            common::mcr(&[
                "arena",
                "--bots",
                bots.to_str().unwrap(),
                "--duplicate",
                "--walls",
                "1",
                "--seed",
                "8",
                "-o",
                out_s,
            ]),
            "arena.seed is 7, this run's is 8",
        ),
        (arena(&other, &out, &[]), "another bots file"),
        (
            common::mcr(&["arena", "--bots", bots.to_str().unwrap(), "--games", "2", "--seed", "7", "-o", out_s]),
            "arena.format is \"duplicate\"",
        ),
    ];
    for (run, want) in refusals {
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        assert!(
            run.stderr.contains("out.jsonl:1")
                && run.stderr.contains("another tournament")
                && run.stderr.contains(want),
            "{want}: {}",
            run.stderr
        );
        assert_eq!(std::fs::read_to_string(&out).unwrap(), now);
    }
}

#[test]
fn a_bot_that_cannot_start_is_named_before_any_game() {
    let dir = common::temp_dir("tournament-cannot-start");
    let good = bots_file(&dir);
    let text = std::fs::read_to_string(&good).unwrap();
    let noexec = dir.join("noexec.sh");
    std::fs::write(&noexec, "#!/bin/sh\n").unwrap();
    let cases = [
        (text.replacen(crate::common::mcr_bin(), "/nonexistent/bot", 1), "\"g1\"", "does not exist"),
        (
            text.replacen(crate::common::mcr_bin(), noexec.to_str().unwrap(), 3).replacen(
                noexec.to_str().unwrap(),
                crate::common::mcr_bin(),
                2,
            ),
            "\"g2\"",
            "not an executable",
        ),
    ];
    for (i, (bots_text, name, why)) in cases.into_iter().enumerate() {
        let bots = dir.join(format!("bots{i}.toml"));
        std::fs::write(&bots, bots_text).unwrap();
        let out = dir.join(format!("out{i}.jsonl"));
        let run = arena(&bots, &out, &[]);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        assert!(
            run.stderr.contains(name) && run.stderr.contains(why) && run.stderr.contains("no game was played"),
            "{}",
            run.stderr
        );
        assert!(!out.exists(), "no output before a game");
    }
    // A bots file that is wrong: located.
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, text.replacen("keep_running = true", "keep_running = 3", 1)).unwrap();
    let run = arena(&bad, &dir.join("bad.jsonl"), &[]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("bad.toml:4:16:") && run.stderr.contains("expected a boolean"), "{}", run.stderr);
}

#[test]
fn ctrl_c_stops_cleanly_and_the_same_command_continues() {
    let dir = common::temp_dir("tournament-ctrl-c");
    // Slow bots: a new process each turn (not keep-running), a shell that
    // execs the program through a link whose path marks it.
    let link = dir.join("marked-mcr");
    std::os::unix::fs::symlink(crate::common::mcr_bin(), &link).unwrap();
    let script = dir.join("slow-bot.sh");
    std::fs::write(&script, format!("#!/bin/sh\nexec {} bot --policy greedy\n", link.display())).unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let entry = |n: &str| format!("[[bot]]\nname = \"{n}\"\ncommand = [\"{}\"]\n", script.display());
    let bots = dir.join("bots.toml");
    std::fs::write(&bots, ["a", "b", "c", "d"].map(entry).concat()).unwrap();
    let out = dir.join("out.jsonl");
    let args = [
        "arena",
        "--bots",
        bots.to_str().unwrap(),
        "--duplicate",
        "--walls",
        "1",
        "--seed",
        "3",
        "-o",
        out.to_str().unwrap(),
        "--jobs",
        "2",
        "--shard",
        "0/6",
    ];
    let run = common::mcr_started(&args);
    // Once a game is written (others in flight), Ctrl-C.
    let t0 = Instant::now();
    while std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) < 1 {
        assert!(t0.elapsed() < Duration::from_secs(120), "no game within 2 minutes");
        std::thread::sleep(Duration::from_millis(20));
    }
    run.signal(libc::SIGINT);
    let done = run.wait();
    let stderr = &done.stderr;
    assert_eq!(done.code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted after"), "{stderr}");
    for marker in [link.to_str().unwrap(), script.to_str().unwrap()] {
        let left = common::processes_with(marker);
        assert!(left.is_empty(), "bot processes left: {left:?}");
    }
    // The file is whole records, fewer than all.
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.ends_with('\n'));
    let first: BTreeSet<u64> = text.lines().map(game_of).collect();
    assert_eq!(first.len(), text.lines().count());
    assert!(!first.is_empty() && first.len() < 4, "{}", first.len());
    // The same command plays the rest, and only the rest.
    let run = common::mcr(&args);
    assert!(run.ok(), "{}", run.stderr);
    assert!(run.stderr.contains(&format!("{} records written", 4 - first.len())), "{}", run.stderr);
    let all: Vec<u64> = std::fs::read_to_string(&out).unwrap().lines().map(game_of).collect();
    assert_eq!(all.iter().copied().collect::<BTreeSet<_>>(), (0..24).step_by(6).collect());
    assert_eq!(all.len(), 4);
}
