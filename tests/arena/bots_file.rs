//! Bad bots files and bots that cannot start: a clear error naming the
//! file and line (or the bot), before any game.

use crate::common;
use crate::helpers::*;

fn four_with(third: &str) -> Vec<String> {
    let ok = entry("a", &[mcr_bin(), "bot"], "");
    vec![ok.clone(), ok.clone(), third.to_string(), ok]
}

fn fails_with(test: &str, entries: Vec<String>, wants: &[&str]) {
    let (dir, file) = bots_file(test, &entries);
    let (run, records) = arena(&file, &dir, &["--games", "1"]);
    assert!(!run.ok(), "{run:?}");
    for w in wants {
        assert!(run.stderr.contains(w), "wanted {w:?} in: {}", run.stderr);
    }
    assert!(records.is_empty());
    assert!(!dir.join("out.jsonl").exists() || std::fs::read(dir.join("out.jsonl")).unwrap().is_empty());
}

#[test]
fn unknown_key_missing_command_bad_values_have_lines() {
    // Lines: each entry is 4 lines; the third entry starts at line 9.
    fails_with(
        "unknown_key",
        four_with("[[bot]]\nname = \"c\"\ncommand = \"x\"\ncolour = 1\n"),
        &["bots.toml:12:", "unknown field `colour`"],
    );
    fails_with("no_command", four_with("[[bot]]\nname = \"c\"\n\n\n"), &["bots.toml:9:", "no command"]);
    fails_with("bad_io", four_with("[[bot]]\ncommand = \"x\"\nio = \"xml\"\n\n"), &["bots.toml:11:", "xml"]);
    fails_with(
        "bad_time",
        four_with("[[bot]]\ncommand = \"x\"\ntime_limit_ms = -5\n\n"),
        &["bots.toml:11:", "time_limit_ms = -5"],
    );
    fails_with("bad_memory", four_with("[[bot]]\ncommand = \"x\"\nmemory_mb = \"lots\"\n\n"), &["bots.toml:11:"]);
    fails_with("empty_command", four_with("[[bot]]\ncommand = []\n\n\n"), &["bots.toml:10:", "empty"]);
    fails_with("quotes", four_with("[[bot]]\ncommand = \"a 'b\"\n\n\n"), &["bots.toml:10:", "quotes"]);
    fails_with("not_toml", four_with("[[bot]\n"), &["bots.toml:9:"]);
}

#[test]
fn four_bots_exactly() {
    let ok = entry("a", &[mcr_bin(), "bot"], "");
    fails_with("three", vec![ok.clone(), ok.clone(), ok.clone()], &["bots.toml", "3 [[bot]] entries", "exactly four"]);
    fails_with("five", vec![ok.clone(); 5], &["bots.toml:17:", "5 [[bot]] entries"]);
    fails_with("none", vec![], &["0 [[bot]] entries"]);
}

#[test]
fn a_bot_that_cannot_start_is_named_before_any_game() {
    fails_with(
        "missing_program",
        four_with(&entry("ghost", &["./no-such-bot"], "")),
        &["\"ghost\"", "seat 2", "does not exist"],
    );
    fails_with(
        "not_on_path",
        four_with(&entry("ghost", &["no-such-bot-anywhere"], "")),
        &["\"ghost\"", "does not exist"],
    );
    let (dir, _) = bots_file("no_exec_setup", &[]);
    let script = dir.join("bot.sh");
    std::fs::write(&script, "#!/bin/sh\necho PASS\n").unwrap();
    fails_with(
        "no_exec",
        four_with(&entry("noexec", &[script.to_str().unwrap()], "")),
        &["\"noexec\"", "not an executable"],
    );
    fails_with(
        "bad_dir",
        four_with(&entry("nodir", &[mcr_bin(), "bot"], "dir = \"no/such/folder\"")),
        &["\"nodir\"", "not a folder"],
    );
}

/// A bots file named by a path relative to the working directory, its
/// programs by paths relative to it: the programs start (each bot runs in
/// its own working directory, so the paths are resolved before).
#[test]
fn relative_programs_of_a_relative_bots_file_start() {
    let dir = common::temp_dir("relative_bots_file");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::os::unix::fs::symlink(mcr_bin(), dir.join("sub/mcr")).unwrap();
    let ok = entry("a", &["./mcr", "bot"], "");
    std::fs::write(dir.join("sub/bots.toml"), [ok.clone(), ok.clone(), ok.clone(), ok].concat()).unwrap();
    for (cwd, file) in [(dir.join("sub"), "bots.toml"), (dir.to_path_buf(), "sub/bots.toml")] {
        let run = common::mcr_in(&cwd, &["arena", "--bots", file, "--games", "1", "-o", "out.jsonl"]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let text = std::fs::read_to_string(cwd.join("out.jsonl")).unwrap();
        let rec: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        let (action, _) = ending(&rec);
        assert!(action == "HU" || action == "HUANG", "--bots {file} from {}: the game ended {action}", cwd.display());
    }
}
