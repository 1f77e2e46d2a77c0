//! The layouts on disk: shards hold what the per-game files hold, plus the
//! per-sample columns; the manifest names the inputs by SHA-256; bad input
//! is reported with file:line and skipped; an unwritable OUT is an error.

use super::common;
use super::npz;

fn sha_listed(name: &str) -> String {
    let readme = std::fs::read_to_string(common::data("README.md")).unwrap();
    readme.lines().find(|l| l.ends_with(&format!("  {name}"))).unwrap().split(' ').next().unwrap().to_string()
}

#[test]
fn shards_hold_the_per_game_samples_and_a_manifest() {
    let golden = common::data("golden.jsonl.gz");
    let (shards, per_game) = (common::temp_dir("samples_shards"), common::temp_dir("samples_pg"));
    for (out, layout) in [(&shards, "shards"), (&per_game, "per-game")] {
        let run = common::mcr(&[
            "samples",
            golden.to_str().unwrap(),
            "--layout",
            layout,
            "--shard-size",
            "5000",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(run.ok(), "{run:?}");
    }
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shards.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["inputs"][0]["sha256"], sha_listed("golden.jsonl.gz"));
    assert_eq!(manifest["options"]["flags"], "judge");
    let counts: Vec<usize> =
        serde_json::from_str(&std::fs::read_to_string(per_game.join("count.json")).unwrap()).unwrap();
    assert_eq!(manifest["counts"]["games"], counts.len());
    assert_eq!(manifest["counts"]["samples"], counts.iter().sum::<usize>());
    let files = manifest["files"].as_array().unwrap();
    assert!(files.len() >= 3, "5000-sample shards of about 19,000 samples");
    let mut cols: std::collections::BTreeMap<String, Vec<u8>> = Default::default();
    for f in files {
        let a = npz(&shards.join(f["file"].as_str().unwrap()));
        assert_eq!(a["act"].shape[0], f["samples"].as_u64().unwrap() as usize);
        for (k, v) in a {
            cols.entry(k).or_default().extend_from_slice(&v.data);
        }
    }
    let mut want: std::collections::BTreeMap<&str, Vec<u8>> = Default::default();
    for i in 0..counts.len() {
        for (k, v) in npz(&per_game.join(format!("{i}.npz"))) {
            want.entry(if k == "obs" {
                "obs"
            } else if k == "mask" {
                "mask"
            } else {
                "act"
            })
            .or_default()
            .extend_from_slice(&v.data);
        }
    }
    for k in ["obs", "mask", "act"] {
        assert!(cols[k] == want[k], "{k}: shards and per-game files differ");
    }
    // game numbers follow count.json; kinds and seats in range.
    let game: Vec<i64> = cols["game"].chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap())).collect();
    let mut per = vec![0usize; counts.len()];
    for &g in &game {
        per[g as usize] += 1;
    }
    assert_eq!(per, counts);
    assert!(cols["kind"].iter().all(|&k| k <= 2) && cols["seat"].iter().all(|&s| s <= 3));
}

#[test]
fn bad_records_are_reported_and_skipped() {
    let lines = super::corpus_lines("golden.jsonl.gz");
    let good = &lines[0];
    let cut = {
        let mut g: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
        g["turns"].as_array_mut().unwrap().truncate(30);
        g.to_string()
    };
    let hand = r#"{"packs": [], "hand": ["W1"], "win_tile": "W1"}"#;
    let text = format!("{good}\n{{\"turns\": [oops\n{hand}\n{cut}\n{good}\n");
    let file = common::temp_file("samples_bad.jsonl", text);
    let out = common::temp_dir("samples_bad_out");
    let run = common::mcr(&["samples", &file, "--layout", "per-game", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stderr.contains(&format!("{file}:2: malformed record")), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("{file}:4: game ")) && run.stderr.contains("ends before the game does"),
        "{}",
        run.stderr
    );
    let counts: Vec<usize> = serde_json::from_str(&std::fs::read_to_string(out.join("count.json")).unwrap()).unwrap();
    assert_eq!(counts.len(), 2, "the two good games");
    assert_eq!(counts[0], counts[1]);
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!((m["counts"]["not_games"].as_u64(), m["counts"]["skipped"].as_u64()), (Some(1), Some(2)));
}

#[test]
fn an_unwritable_out_is_an_error() {
    let file = common::temp_file("samples_not_a_dir", "x");
    let golden = common::data("golden.jsonl.gz");
    let run = common::mcr(&["samples", golden.to_str().unwrap(), "-o", &file]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.stderr.contains("samples: cannot write") && run.stderr.contains("samples_not_a_dir"), "{}", run.stderr);
}

#[test]
fn a_rerun_leaves_no_output_of_an_earlier_run() {
    let golden = common::data("golden.jsonl.gz");
    let out = common::temp_dir("samples_rerun");
    let run = |args: &[&str]| {
        let mut all = vec!["samples", golden.to_str().unwrap(), "-o", out.to_str().unwrap()];
        all.extend_from_slice(args);
        let r = common::mcr(&all);
        assert!(r.ok(), "{r:?}");
    };
    let names = || {
        let mut v: Vec<String> =
            std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        v.sort();
        v
    };
    run(&["--layout", "per-game"]);
    run(&["--shard-size", "5000"]);
    assert!(names().iter().filter(|n| n.starts_with("samples-")).count() >= 3, "{:?}", names());
    // Not the command's: kept.
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    std::fs::write(out.join(".samples-00009.npz.tmp"), "an interrupted run's").unwrap();
    run(&[]);
    assert_eq!(names(), ["manifest.json", "notes.txt", "samples-00000.npz"]);
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(m["files"].as_array().unwrap().len(), 1);
    assert!(m["removed_stale"].as_u64().unwrap() >= 3, "{}", m["removed_stale"]);
}

/// Sampling on several threads writes what one thread writes, and tells
/// the same problems in the same order: on records with bad lines, a text
/// log with games that do not read or replay, and match logs; in both
/// layouts, with shards small enough that several close.
#[test]
fn threads_change_nothing_but_speed() {
    use mcr_engine::samples::layout::{self, Layout};
    use mcr_engine::samples::{Encoding, Flags, Options};
    let lines = super::corpus_lines("golden.jsonl.gz");
    let mut records: Vec<String> = lines[..60].to_vec();
    records.insert(7, "{\"turns\": [oops".into());
    records.insert(20, r#"{"packs": [], "hand": ["W1"], "win_tile": "W1"}"#.into());
    let mut cut: serde_json::Value = serde_json::from_str(&lines[61]).unwrap();
    cut["turns"].as_array_mut().unwrap().truncate(30);
    records.insert(33, cut.to_string());
    let records = common::temp_file("samples_threads.jsonl", records.join("\n") + "\n");
    let mut text: Vec<String> =
        std::fs::read_to_string(common::data("golden.txt")).unwrap().lines().map(str::to_owned).collect();
    let play = (1000..).find(|&i| text[i].contains(" Play ")).unwrap();
    text[play] = text[play].replace(" Play ", " Plya ");
    let draw = (3000..).find(|&i| text[i].contains(" Draw ")).unwrap();
    text[draw] = text[draw].replace("Player ", "Player 7");
    let wrong = (6000..).find(|&i| text[i].contains(" Play ")).unwrap();
    text[wrong] = text[wrong].replace(" Play ", " Peng ");
    let text = common::temp_file("samples_threads.txt", text.join("\n") + "\n");
    let logs = common::data("botzone_logs.jsonl.gz");
    let inputs: Vec<std::path::PathBuf> = vec![records.into(), text.into(), logs];
    for (layout, flags) in [(Layout::Shards, Flags::Judge), (Layout::PerGame, Flags::Cai)] {
        let opts = Options { encoding: Encoding::Baseline, flags, keep_forced: false, max_line_bytes: 1 << 20 };
        let mut runs = Vec::new();
        for threads in [1, 4] {
            let out = common::temp_dir(&format!("samples_threads_{}_{threads}", layout.name()));
            let mut told = Vec::new();
            let w = layout::write(&inputs, opts, None, layout, 3000, threads, &out, |p| told.push(p.to_string()))
                .unwrap_or_else(|e| panic!("{e}"));
            let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&out)
                .unwrap()
                .map(|e| e.unwrap())
                .map(|e| (e.file_name().into_string().unwrap(), std::fs::read(e.path()).unwrap()))
                .collect();
            files.sort();
            runs.push((told, files, w.report.games, w.report.skipped));
        }
        let (told, files, games, skipped) = &runs[0];
        assert!(*games > 350 && *skipped == 5, "{games} games, {skipped} skipped: {told:#?}");
        assert_eq!(told.len(), 5, "{told:#?}");
        assert!(files.len() > 3, "{} files", files.len());
        assert_eq!(&runs[1].0, told, "problems told");
        assert_eq!((runs[1].2, runs[1].3), (*games, *skipped));
        assert_eq!(runs[1].1.len(), files.len());
        for ((name, bytes), (name4, bytes4)) in files.iter().zip(&runs[1].1) {
            assert_eq!(name, name4);
            assert!(bytes == bytes4, "{} {name} differs on 4 threads", layout.name());
        }
    }
}

/// The command samples on every core by default; `--jobs` sets it.
#[test]
fn jobs_are_an_option_of_the_command() {
    let golden = common::data("golden.txt");
    let (one, two) = (common::temp_dir("samples_jobs_1"), common::temp_dir("samples_jobs_2"));
    for (out, jobs) in [(&one, "1"), (&two, "2")] {
        let run = common::mcr(&["samples", golden.to_str().unwrap(), "--jobs", jobs, "-o", out.to_str().unwrap()]);
        assert!(run.ok(), "{run:?}");
    }
    for name in ["samples-00000.npz", "manifest.json"] {
        assert!(std::fs::read(one.join(name)).unwrap() == std::fs::read(two.join(name)).unwrap(), "{name}");
    }
}

/// A new or empty OUT is written as a folder beside it renamed at the end:
/// it appears whole or not at all, keeps an empty OUT's permissions, and a
/// run dropped before the end leaves nothing. An interrupted run's folder
/// (only the command's files) is removed; a folder of other files by that
/// name is left alone, and so is an OUT holding files: both are written in
/// place.
#[test]
fn a_new_out_appears_whole() {
    use mcr_engine::samples::layout::Out;
    use std::os::unix::fs::PermissionsExt;
    let names = |dir: &std::path::Path| {
        let mut v: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        v.sort();
        v
    };
    let root = common::temp_dir("samples_staged");
    let out = root.join("out");
    std::fs::create_dir(root.join(".out.tmp")).unwrap();
    std::fs::write(root.join(".out.tmp/3.npz"), "an interrupted run's").unwrap();
    let sink = Out::open(&out).unwrap();
    assert!(sink.staged());
    sink.file("0.npz", |w| w.write_all(b"zero")).unwrap();
    assert!(!out.exists(), "OUT appears only when finished");
    sink.finish().unwrap();
    assert_eq!(names(&root), ["out"]);
    assert_eq!(names(&out), ["0.npz"]);
    assert_eq!(std::fs::read(out.join("0.npz")).unwrap(), b"zero");

    let dropped = root.join("dropped");
    let sink = Out::open(&dropped).unwrap();
    sink.file("0.npz", |w| w.write_all(b"zero")).unwrap();
    drop(sink);
    assert_eq!(names(&root), ["out"], "a run that did not finish leaves nothing");

    let empty = root.join("empty");
    std::fs::create_dir(&empty).unwrap();
    std::fs::set_permissions(&empty, std::fs::Permissions::from_mode(0o700)).unwrap();
    let sink = Out::open(&empty).unwrap();
    assert!(sink.staged());
    sink.file("count.json", |w| w.write_all(b"[]")).unwrap();
    sink.finish().unwrap();
    assert_eq!(names(&empty), ["count.json"]);
    assert_eq!(std::fs::metadata(&empty).unwrap().permissions().mode() & 0o777, 0o700);

    let foreign = root.join("foreign");
    std::fs::create_dir(root.join(".foreign.tmp")).unwrap();
    std::fs::write(root.join(".foreign.tmp/notes.txt"), "mine").unwrap();
    let sink = Out::open(&foreign).unwrap();
    assert!(!sink.staged());
    sink.file("0.npz", |w| w.write_all(b"zero")).unwrap();
    sink.finish().unwrap();
    assert_eq!(names(&root.join(".foreign.tmp")), ["notes.txt"]);
    assert_eq!(names(&foreign), ["0.npz"]);

    // OUT holds files now: in place, through a temporary name per file.
    let sink = Out::open(&foreign).unwrap();
    assert!(!sink.staged());
    sink.file("1.npz", |w| w.write_all(b"one")).unwrap();
    assert_eq!(names(&foreign), ["0.npz", "1.npz"]);
}
