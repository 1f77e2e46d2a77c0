//! Rules are data: a changed rules file changes scoring with no engine code
//! changed, and a broken rules file fails the build naming file, line, fan
//! and problem. Each case copies the crate, edits `rules/fans.mcr` and builds
//! the copy with cargo (one shared target directory, so only the first build
//! is slow).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use crate::common;

static BUILD: Mutex<()> = Mutex::new(());

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        let kind = entry.file_type().unwrap();
        if kind.is_symlink() {
            // A link within the workspace (crates/core/rules): the same link.
            let link = std::fs::read_link(entry.path()).unwrap();
            #[cfg(unix)]
            std::os::unix::fs::symlink(&link, &target).unwrap();
            #[cfg(not(unix))]
            copy_dir(&entry.path().parent().unwrap().join(link), &target);
        } else if kind.is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Builds a copy of the crate whose rules file is `edit(original)`.
/// Ok(path of a copy of its `mcr` binary, private to this variant) or
/// Err(the build's stderr). The build writes one shared path
/// (`target/rules-variants/debug/mcr`): the copy is made while the lock is
/// held, so that a variant built by another test afterwards cannot replace
/// the binary this one runs.
fn build_variant(name: &str, edit: impl FnOnce(&str) -> String) -> Result<PathBuf, String> {
    build_variant_of(name, "rules/fans.mcr", "", edit)
}

/// Builds a copy of the crate with `file` (under the root) edited, compiling
/// only the profiles named in `profiles` besides botzone (MCR_PROFILES).
fn build_variant_of(
    name: &str,
    file: &str,
    profiles: &str,
    edit: impl FnOnce(&str) -> String,
) -> Result<PathBuf, String> {
    let _guard = BUILD.lock().unwrap_or_else(|e| e.into_inner());
    let root = common::repo();
    let dir = common::temp_dir(&format!("rules-variant-{name}"));
    // The workspace's packages and the rules, without tests, docs or
    // build output.
    for d in ["src", "crates", "cli", "rules"] {
        if root.join(d).is_dir() {
            copy_dir(&root.join(d), &dir.join(d));
        }
    }
    for f in ["Cargo.toml", "Cargo.lock", "README.md", "CHANGELOG.md", "LICENSE"] {
        if root.join(f).is_file() {
            std::fs::copy(root.join(f), dir.join(f)).unwrap();
        }
    }
    let rules = std::fs::read_to_string(root.join(file)).unwrap();
    let edited = edit(&rules);
    assert_ne!(edited, rules, "the edit must change the rules");
    std::fs::write(dir.join(file), edited).unwrap();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["build", "--offline", "--quiet", "-p", "mcr-cli", "--bin", "mcr"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", root.join("target/rules-variants"))
        // Only the profiles a case needs: a faster build.
        .env("MCR_PROFILES", profiles)
        .output()
        .expect("run cargo");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    drop(dir);
    if out.status.success() {
        let private = root.join("target/rules-variants").join(format!("mcr-{name}-{}", std::process::id()));
        std::fs::copy(root.join("target/rules-variants/debug/mcr"), &private).unwrap();
        Ok(private)
    } else {
        Err(stderr)
    }
}

fn fan(bin: &Path, hand: &str) -> String {
    let out = Command::new(bin).args(["fan", hand]).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} must occur once in rules/fans.mcr");
    text.replacen(from, to, 1)
}

// 三色三步高 6 + 平和 2 + 断幺 2 + 喜相逢 1 = 11 with the shipped rules.
const ALL_CHOWS_HAND: &str = "[chi B6 3] [chi W5 1] [chi T4 1] W7 W7 W4 W3 +W5 seat=2 prevalent=0";
// One melded and one concealed kong.
const TWO_KONGS_HAND: &str = "[gang W2 1] [angang T5] 345p 789p 1s +1s seat=0 prevalent=0";

#[test]
fn a_changed_value_and_exclusion_change_scoring_without_code_changes() {
    let shipped = mcr_engine::fans::calculate(&mcr_engine::notation::parse_hand(ALL_CHOWS_HAND).unwrap());
    assert_eq!(shipped.result, 11);
    let kongs = mcr_engine::fans::calculate(&mcr_engine::notation::parse_hand(TWO_KONGS_HAND).unwrap());
    assert!(kongs.fans().any(|(f, _)| f.name == "明暗杠"));

    let bin = build_variant("changed", |rules| {
        // 平和 worth 3 and omitting 断幺; 明暗杠 switched off; 双箭刻 counted
        // at most twice; 圈风刻 without its limit.
        let r = replace_once(
            rules,
            "fan 平和 \"All Chows\" = 2\n    when  chows > 0 && pungs == 0 && pair_is(numbered)\n    omits 无字",
            "fan 平和 \"All Chows\" = 3\n    when  chows > 0 && pungs == 0 && pair_is(numbered)\n    omits 无字, 断幺",
        );
        let r =
            replace_once(&r, "    when  pungs(2): all(dragon)\n", "    when  pungs(2): all(dragon)\n    at_most 2\n");
        let r = replace_once(
            &r,
            "    when  pungs(1): is_prevalent_wind\n    at_most 1\n",
            "    when  pungs(1): is_prevalent_wind\n",
        );
        let r = replace_once(&r, "= 5 extension on", "= 5 extension off");
        // Six copies scored, not refused, for the at_most checks below.
        replace_once(&r, "policy tile_limit = 4\n", "policy tile_limit = none\n")
    })
    .unwrap_or_else(|e| panic!("variant build failed:\n{e}"));
    let out = fan(&bin, ALL_CHOWS_HAND);
    assert!(out.contains("total 10 fan"), "{out}");
    assert!(out.contains("平和") && !out.contains("断幺"), "{out}");
    let out = fan(&bin, TWO_KONGS_HAND);
    assert!(out.contains("明杠") && out.contains("暗杠") && !out.contains("明暗杠"), "{out}");
    // Six copies (scored with `tile_limit = none`): three pairs of dragon
    // pungs (x3 shipped), two pungs of the prevalent wind (x1 shipped); 幺九刻
    // is omitted on both either way.
    let out = fan(&bin, "[peng J1 1] J1 J1 J1 J2 J2 J2 W1 W2 W3 W5 +W5");
    assert!(out.contains("双箭刻 x2 ") && out.contains("total 21 fan"), "{out}");
    let out = fan(&bin, "[peng F4 1] [peng F4 2] [peng B1 3] F2 F2 F2 B7 +B7 seat=2 prevalent=3");
    assert!(out.contains("圈风刻 x2 ") && out.contains("幺九刻 x2 ") && out.contains("total 19 fan"), "{out}");
    a_base_edit_shows_against_the_records_and_is_accepted_once(&bin);
    std::fs::remove_file(&bin).ok();
}

/// The base edit above (平和 = 3 among others), seen by `mcr rules diff`
/// against the recorded answers and by the base's snapshot, on the first
/// records of the bundled corpora (this binary is a debug build): the diff
/// by fan, a failing snapshot check until `--accept`, then the note the
/// corpus tests print; the shipped rules (the revert) agree with every
/// record again, which fails the accepted snapshot until accepted back.
fn a_base_edit_shows_against_the_records_and_is_accepted_once(edited: &Path) {
    let work = common::temp_dir("base-edit");
    let data = work.join("tests/data");
    std::fs::create_dir_all(&data).unwrap();
    let mut with_pinghe = 0;
    for (name, n) in
        [("hands.jsonl.gz", 2000), ("games.jsonl.gz", 150), ("errors.jsonl.gz", 30), ("golden.jsonl.gz", 10)]
    {
        let lines = common::corpus::first_lines(name, n);
        with_pinghe += lines.iter().filter(|l| l.contains("\"平和\"")).count();
        common::corpus::write_gz(&data, name, &lines);
    }
    // Today's state, accepted by the shipped rules.
    std::fs::create_dir_all(work.join("rules/snapshots")).unwrap();
    let run = |bin: &Path, args: &[&str]| {
        let out = Command::new(bin).args(args).current_dir(&work).output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let shipped = Path::new(crate::common::mcr_bin());
    assert!(run(shipped, &["rules", "snapshot", "botzone", "--accept"]).0);
    let (ok, out, err) =
        run(edited, &["rules", "diff", "tests/data/hands.jsonl.gz", "tests/data/games.jsonl.gz", "--show", "1"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("rules diff: botzone against the recorded answers\n"), "{out}");
    let line = out.lines().find(|l| l.starts_with("平和 ")).unwrap_or_else(|| panic!("{out}"));
    let n: usize = line
        .split("value changed ")
        .nth(1)
        .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(
        n > with_pinghe / 2 && n <= with_pinghe && line.contains(" of them games)"),
        "{line}, {with_pinghe} records with 平和"
    );
    assert!(out.contains("why: 平和 value 3 against 2: fan 平和 = 3 (rules/fans.mcr:"), "{out}");
    // Unaccepted: the snapshot fails with the diff by fan.
    let (ok, _, err) = run(edited, &["rules", "snapshot", "botzone"]);
    assert!(
        !ok && err.contains("+ 平和 ")
            && err.contains("- the rules agree with every record")
            && err.contains("mcr rules snapshot botzone --accept"),
        "{err}"
    );
    // Accepted once: the check passes and says how the base differs.
    assert!(run(edited, &["rules", "snapshot", "botzone", "--accept"]).0);
    let (ok, out, err) = run(edited, &["rules", "snapshot", "botzone"]);
    assert!(
        ok && out.contains("botzone: differs from the reference as accepted in rules/snapshots/botzone.txt"),
        "{out}{err}"
    );
    // Reverted: the shipped rules agree with every record again.
    let (ok, out, _) = run(shipped, &["rules", "diff", "tests/data/hands.jsonl.gz", "tests/data/games.jsonl.gz"]);
    assert!(ok && out.contains("the rules agree with every record (2000 hands, 150 games)"), "{out}");
    let (ok, _, err) = run(shipped, &["rules", "snapshot", "botzone"]);
    assert!(!ok && err.contains("+ the rules agree with every record"), "{err}");
}

fn assert_build_error(name: &str, edit: impl FnOnce(&str) -> String, expected: &[&str]) {
    let err = build_variant(name, edit).expect_err("a broken rules file must fail the build");
    let line = err
        .lines()
        .find(|l| l.contains("error: rules/fans.mcr:"))
        .unwrap_or_else(|| panic!("no rules error line in:\n{err}"));
    for e in expected {
        assert!(line.contains(e), "{e:?} not in {line:?}");
    }
}

/// Two real build failures (a whole-file check and a line check): the
/// checker's every message is tested fast in rules_errors.rs.
#[test]
fn broken_rules_fail_the_build_with_file_line_fan_and_problem() {
    let line_of = |rules: &str, needle: &str| rules.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let rules = std::fs::read_to_string(common::repo().join("rules/fans.mcr")).unwrap();

    // The mistake's own line: the `omits` line, two below the fan's header.
    let l = line_of(&rules, "fan 清龙 ") + 2;
    assert_build_error(
        "unknown-omit",
        |r| {
            replace_once(
                r,
                "    when  chows(3): same_suit && ranks(2, 5, 8)\n",
                "    when  chows(3): same_suit && ranks(2, 5, 8)\n    omits 清一龙\n",
            )
        },
        &[&format!("rules/fans.mcr:{l}:"), "fan 清龙", "omits unknown fan `清一龙`"],
    );

    let l = line_of(&rules, "when  voided_suits == 1");
    assert_build_error(
        "syntax",
        |r| replace_once(r, "when  voided_suits == 1", "when  voided_suits == "),
        &[&format!("rules/fans.mcr:{l}:"), "fan 缺一门", "syntax error"],
    );
}

/// A deliberate edit of a house-rule profile fails its snapshot check with
/// the diff summary, and passes once accepted (the documented command's
/// fast form, `mcr rules snapshot NAME --accept`; `UPDATE_SNAPSHOTS=1 cargo
/// test --release --test rules -- profiles::` calls the same code).
#[test]
fn an_edited_house_rule_fails_until_accepted() {
    let root = common::repo();
    let bin = build_variant_of("house-edit", "rules/profiles/house-example.mcr", "house-example", |r| {
        replace_once(r, "fan 平和 = 4", "fan 平和 = 5")
    })
    .unwrap();
    // A checkout to run in: the bundled corpora and the accepted snapshots.
    let work = common::temp_dir("house-edit");
    copy_dir(&root.join("rules/snapshots"), &work.join("rules/snapshots"));
    std::fs::create_dir_all(work.join("tests")).unwrap();
    std::os::unix::fs::symlink(root.join("tests/data"), work.join("tests/data")).unwrap();
    let snapshot = |accept: bool| {
        let mut c = Command::new(&bin);
        c.args(["rules", "snapshot", "house-example"]).current_dir(&work);
        if accept {
            c.arg("--accept");
        }
        c.output().unwrap()
    };
    let out = snapshot(false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "an edited profile must fail its snapshot");
    assert!(err.contains("-   fan 平和 2 -> 4") && err.contains("+   fan 平和 2 -> 5"), "{err}");
    assert!(err.contains("mcr rules snapshot house-example --accept"), "{err}");
    assert!(snapshot(true).status.success());
    let out = snapshot(false);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
