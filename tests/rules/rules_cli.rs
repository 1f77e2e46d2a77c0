//! `mcr rules check` (every error at once, on its line, with hints) and
//! `mcr rules diff` (summary by fan, JSON) from the command line.

#[test]
fn the_shipped_rules_check_clean() {
    let (ok, out, err) = crate::common::mcr(&["rules", "check"]).parts();
    assert!(ok, "{err}");
    assert!(out.contains("no error"), "{out}");
}

#[test]
fn every_mistake_is_reported_on_its_line_with_a_hint() {
    let rules = crate::common::repo_file("rules/fans.mcr");
    let line_of = |needle: &str| rules.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let edits = [
        ("omits 碰碰和, 单钓将", "omits 碰碰胡, 单钓将"),
        ("when  kongs == 3", "when  kongs = 3"),
        ("omits 清一色, 门前清, 不求人, 无字, 幺九刻 x1", "omits 清一色, 门前清, 不求人, 无字, 幺九刻 x0"),
        ("when  all_tiles(green)", "when  all_tiles（green)"),
        ("when  voided_suits == 1", "when  voided_suit == 1"),
    ];
    let mut bad = format!("\u{feff}{rules}");
    for (from, to) in edits {
        assert_eq!(bad.matches(from).count(), 1, "{from}");
        bad = bad.replacen(from, to, 1);
    }
    let dir = crate::common::temp_dir("bad-rules");
    let file = dir.join("bad.mcr");
    std::fs::write(&file, bad).unwrap();
    let (ok, _, err) = crate::common::mcr(&["rules", "check", file.to_str().unwrap()]).parts();
    assert!(!ok);
    let f = file.display().to_string();
    for (line, words) in [
        (1, "byte-order mark"),
        (line_of("when  all_tiles(green)"), "full-width `（`: write `(`"),
        (line_of("幺九刻 x1"), "x0 omits nothing"),
        (line_of("omits 碰碰和, 单钓将"), "did you mean `碰碰和`?"),
        (line_of("when  kongs == 3"), "write `==` to compare"),
        (line_of("when  voided_suits == 1"), "did you mean `voided_suits`?"),
    ] {
        assert!(
            err.contains(&format!("{f}:{line}:"))
                && err.lines().any(|l| l.contains(&format!("{f}:{line}:")) && l.contains(words)),
            "line {line} {words:?} not in:\n{err}"
        );
    }
    assert!(err.contains("rules check: 6 error(s)"), "{err}");
}

#[test]
fn diff_summarises_by_fan_in_json() {
    let (ok, out, err) = crate::common::mcr(&[
        "rules",
        "diff",
        "--rules",
        "no-concealed-melded-kong",
        "--against",
        "pymahjonggb-1.4",
        "--format",
        "json",
        "tests/data/variants/no-concealed-melded-kong.jsonl.gz",
    ])
    .parts();
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["table_changes"][0], "fan 明暗杠 removed");
    let lost = v["by_fan"]["明暗杠"]["lost"].as_u64().unwrap();
    assert!(
        lost > 400
            && v["by_fan"]["明杠"]["gained"].as_u64() == Some(lost)
            && v["by_fan"]["暗杠"]["gained"].as_u64() == Some(lost),
        "{out}"
    );
    assert_eq!(v["totals_down"].as_u64(), Some(lost));
}

#[test]
fn a_profile_kept_anywhere_is_checked_against_the_built_in_base() {
    let dir = crate::common::temp_dir("profile-anywhere");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let good = dir.join("sub/good.mcr");
    std::fs::write(&good, "extends house-example\nabout \"x\"\nfan 五心 = 3\nfan 圈风刻\n    at_most 2\n").unwrap();
    let bad = dir.join("sub/bad.mcr");
    std::fs::write(&bad, "extends botzone\nfan 圈风刻\n    at_most 2\n    at_most 3\n").unwrap();
    let none = dir.join("sub/none.mcr");
    std::fs::write(&none, "extends no-such-profile\n").unwrap();
    let (ok, out, err) = crate::common::mcr(&["rules", "check", good.to_str().unwrap()]).parts();
    assert!(ok, "{err}");
    assert!(
        out.contains("its base `house-example` is not in")
            && out.contains("copy built into mcr (rules/profiles/house-example.mcr)")
            && out.contains("1 file(s), no error"),
        "{out}"
    );
    let (ok, _, err) = crate::common::mcr(&["rules", "check", bad.to_str().unwrap(), none.to_str().unwrap()]).parts();
    assert!(!ok);
    assert!(
        err.contains(&format!("{}:4: fan 圈风刻: `at_most` is given once (already on line 3)", bad.display())),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:1: its base `no-such-profile` is not in", none.display()))
            && err.contains("not a profile built into mcr"),
        "{err}"
    );
}
