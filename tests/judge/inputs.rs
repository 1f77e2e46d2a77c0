//! Inputs the corpora lack: the first turn with every form of `initdata`,
//! a wall dealt from `srand` alone, platform verdicts and missing entries in
//! the log, a false HU, and malformed input. The expected values are the
//! real judges' answers to the same inputs (checked side by side in
//! `binaries.rs` where the binaries are given).

use super::{games, profile, Driven};
use mcr_engine::judge::{Judge, JudgeError};
use serde_json::{json, Value};

fn judge(name: &str) -> Judge {
    Judge::new(profile(name))
}

fn pass() -> Value {
    json!({"verdict": "OK", "response": "PASS"})
}

fn all_pass() -> Value {
    json!({"0": pass(), "1": pass(), "2": pass(), "3": pass()})
}

/// `srand` alone: `quan` is C's first `rand() % 4` after `srand(1)`
/// (1804289383 % 4 = 3), then the judge's ordered wall is shuffled.
#[test]
fn a_wall_dealt_from_srand_alone_is_the_judges() {
    for name in ["botzone", "pymahjonggb-1.4", "botzone-local"] {
        let out = judge(name).respond_at(&json!({"log": [], "initdata": {"srand": 1}}), 99).unwrap();
        assert_eq!(out["initdata"]["quan"], 3);
        assert_eq!(out["initdata"]["srand"], 1);
        let wall = out["initdata"]["walltiles"].as_str().unwrap();
        assert!(wall.starts_with("W5 B6 B9 W7 B1 J3 J3 T7 W4 B5 B1 J1 W3 B4 T7 "), "{wall}");
        assert_eq!(wall.split(' ').count(), 136);
        assert_eq!(out["display"]["srand"], 1);
        assert_eq!(out["content"]["1"], "0 1 3");
    }
    // The public judge's INIT shows the wall's text length: 0 when it dealt its own.
    let out = judge("pymahjonggb-1.4").respond_at(&json!({"log": [], "initdata": {"srand": 1}}), 99).unwrap();
    assert_eq!(out["display"]["strlen"], 0);
    // The platform's shows none, and the walls as dealt.
    let out = judge("botzone").respond_at(&json!({"log": [], "initdata": {"srand": 1}}), 99).unwrap();
    assert_eq!(out["display"].get("strlen"), None);
    assert_eq!(out["display"]["tileCnt"], json!([21, 21, 21, 21]));
}

/// Later turns with `srand` alone replay the same wall as with the wall
/// given back: the deal is the same.
#[test]
fn later_turns_with_srand_alone_deal_the_same_wall() {
    let j = judge("pymahjonggb-1.4");
    let first = j.respond_at(&json!({"log": [], "initdata": {"srand": 5, "quan": 2}}), 0).unwrap();
    let log = json!([{"output": first}, all_pass()]);
    let alone = j.respond_at(&json!({"log": log, "initdata": {"srand": 5, "quan": 2}}), 0).unwrap();
    let given = j.respond_at(&json!({"log": log, "initdata": first["initdata"]}), 0).unwrap();
    assert_eq!(alone["display"]["action"], "DEAL");
    assert_eq!(alone, given);
}

/// `initdata` as a string (even the JSON text of an object), `null`, empty
/// or absent is no object: the judge seeds with the clock and draws `quan`.
#[test]
fn initdata_that_is_no_object_seeds_with_the_clock() {
    for name in ["botzone", "pymahjonggb-1.4", "botzone-local"] {
        let j = judge(name);
        let clocked = j.respond_at(&json!({"log": [], "initdata": {"srand": 1_796_000_000}}), 0).unwrap();
        for initdata in [json!(""), json!("{\"srand\": 3, \"quan\": 1}"), Value::Null, json!({})] {
            let out = j.respond_at(&json!({"log": [], "initdata": initdata}), 1_796_000_000).unwrap();
            assert_eq!(out, clocked, "{name}: initdata {initdata}");
        }
        let out = j.respond_at(&json!({"log": []}), 1_796_000_000).unwrap();
        assert_eq!(out, clocked, "{name}: no initdata");
        let out = j.respond_at(&json!({}), 1_796_000_000).unwrap();
        assert_eq!(out, clocked, "{name}: no log");
    }
}

/// `srand` is read as a C `int` and shown as the `unsigned` it seeds; a
/// `quan` out of 0..=3 is drawn; `2.0` is an integer to jsoncpp 1.x only.
#[test]
fn seeds_and_winds_as_the_judge_reads_them() {
    let out =
        judge("pymahjonggb-1.4").respond_at(&json!({"log": [], "initdata": {"srand": -1, "quan": 3}}), 0).unwrap();
    assert_eq!(
        (&out["display"]["srand"], &out["initdata"]["srand"]),
        (&json!(4_294_967_295u32), &json!(4_294_967_295u32))
    );
    let out = judge("botzone").respond_at(&json!({"log": [], "initdata": {"srand": 5, "quan": 9}}), 0).unwrap();
    assert_eq!(out["initdata"]["quan"], 3);
    let real = json!({"log": [], "initdata": {"srand": 2.0, "quan": 1}});
    assert_eq!(judge("pymahjonggb-1.4").respond_at(&real, 77).unwrap()["initdata"]["srand"], 2);
    assert_eq!(judge("botzone-local").respond_at(&real, 77).unwrap()["initdata"]["srand"], 77);
    // A seed beyond a C int is no int either.
    let big = json!({"log": [], "initdata": {"srand": 3_000_000_000u64, "quan": 1}});
    assert_eq!(judge("botzone").respond_at(&big, 77).unwrap()["initdata"]["srand"], 77);
}

/// A platform verdict in the log ends the game as the judge's
/// `playerError`; on an answer to INIT the public judge's display keeps
/// `strlen` (0 for its own wall), the platform's shows the walls.
#[test]
fn a_platform_verdict_on_the_first_answers() {
    let log = json!([{}, {"0": pass(), "1": pass(), "2": {"verdict": "TLE"}, "3": pass()}]);
    let input = json!({"log": log, "initdata": {"srand": 1}});
    let want = |extra: Value| {
        let mut d = json!({"action": "TLE", "canHu": [-4, -4, -4, -4], "player": 2, "score": [10, 10, -30, 10]});
        d.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({"command": "finish", "content": {"0": 10, "1": 10, "2": -30, "3": 10}, "display": d})
    };
    assert_eq!(judge("pymahjonggb-1.4").respond_at(&input, 0).unwrap(), want(json!({"strlen": 0})));
    assert_eq!(judge("botzone-local").respond_at(&input, 0).unwrap(), want(json!({"strlen": 0})));
    assert_eq!(judge("botzone").respond_at(&input, 0).unwrap(), want(json!({"tileCnt": [34, 34, 34, 34]})));
}

/// A bots' entry without a seat, or `null`, gives that seat the verdict the
/// judge reads from nothing: the empty string.
#[test]
fn a_missing_seat_is_the_empty_verdict() {
    for entry in [json!({}), Value::Null, json!({"1": pass(), "2": pass(), "3": pass()})] {
        let input = json!({"log": [{}, entry], "initdata": {"srand": 3}});
        let out = judge("pymahjonggb-1.4").respond_at(&input, 0).unwrap();
        assert_eq!(out["display"]["action"], "", "{entry}");
        assert_eq!(out["display"]["player"], 0);
        assert_eq!(out["content"], json!({"0": -30, "1": 10, "2": 10, "3": 10}));
    }
    // A response absent or null is the empty answer: WA.
    let entry = json!({"0": {"verdict": "OK"}, "1": {"verdict": "OK", "response": null}, "2": pass(), "3": pass()});
    let out = judge("botzone").respond_at(&json!({"log": [{}, entry], "initdata": {"srand": 3}}), 0).unwrap();
    assert_eq!((&out["display"]["action"], &out["display"]["player"]), (&json!("WA"), &json!(0)));
}

/// HU on the first draw with a hand that does not win: WH, `fanCnt` -3,
/// no fan list.
#[test]
fn a_false_hu() {
    let hu = json!({"verdict": "OK", "response": "HU"});
    let log = json!([{}, all_pass(), {}, all_pass(), {}, {"0": hu, "1": pass(), "2": pass(), "3": pass()}]);
    let input = json!({"log": log, "initdata": {"srand": 1, "quan": 0}});
    let want = json!({"command": "finish", "content": {"0": -30, "1": 10, "2": 10, "3": 10},
        "display": {"action": "WH", "canHu": [-4, -4, -4, -4], "fanCnt": -3, "player": 0, "score": [-30, 10, 10, 10]}});
    assert_eq!(judge("pymahjonggb-1.4").respond_at(&input, 0).unwrap(), want);
    let mut platform = want.clone();
    platform["display"]["tileCnt"] = json!([20, 21, 21, 21]);
    assert_eq!(judge("botzone").respond_at(&input, 0).unwrap(), platform);
}

/// Malformed input: a typed error (the CLI prints it and exits 1).
#[test]
fn malformed_input_is_an_error() {
    let j = judge("botzone");
    let input = |log: Value| json!({"log": log, "initdata": {"srand": 1}});
    let cases: Vec<(Value, fn(&JudgeError) -> bool)> = vec![
        (json!([1]), |e| matches!(e, JudgeError::NotAnObject { .. })),
        (json!({"log": 5}), |e| matches!(e, JudgeError::LogNotArray { .. })),
        (input(json!([{}])), |e| matches!(e, JudgeError::LogEndsOnJudge { len: 1 })),
        (input(json!([{}, "x"])), |e| matches!(e, JudgeError::EntryNotObject { index: 1, .. })),
        (input(json!([{}, {"0": 5}])), |e| matches!(e, JudgeError::SeatNotObject { index: 1, seat: 0, .. })),
        (input(json!([{}, {"2": {"verdict": "OK", "response": 5}}])), |e| {
            matches!(e, JudgeError::NotAString { seat: 2, key: "response", .. })
        }),
        (input(json!([{}, {"0": {"verdict": 5}}])), |e| matches!(e, JudgeError::NotAString { key: "verdict", .. })),
        (json!({"log": [], "initdata": {"walltiles": "W1 W2"}}), |e| matches!(e, JudgeError::Initdata { .. })),
        (json!({"log": [], "initdata": {"walltiles": "W1  W2"}}), |e| matches!(e, JudgeError::Initdata { .. })),
    ];
    for (value, ok) in cases {
        let e = j.respond_at(&value, 0).expect_err(&value.to_string());
        assert!(ok(&e), "{value}: {e:?}");
    }
    let wall136 = ["W1"; 136].join(" ");
    let e = j.respond_at(&json!({"log": [], "initdata": {"walltiles": wall136}}), 0).unwrap_err();
    assert!(e.to_string().contains("a fifth W1"), "{e}");
    assert!(matches!(j.respond_text(b"{\"log\": [", 1 << 20), Err(JudgeError::NotJson { .. })));
    assert!(matches!(j.respond_text(&[b' '; 5000], 1024), Err(JudgeError::TooLong { .. })));
}

/// A log that goes on after the game's end (the judge answered `finish`).
#[test]
fn a_log_past_the_end_is_an_error() {
    let g = &games("golden.jsonl.gz")[0];
    let d = Driven::new(g);
    let n = d.outputs.len();
    let mut input = d.input(n - 1);
    let log = input["log"].as_array_mut().unwrap();
    log.push(json!({"output": d.outputs[n - 1]}));
    log.push(all_pass());
    let e = judge("botzone").respond_at(&input, 0).unwrap_err();
    assert_eq!(e, JudgeError::AfterEnd { index: 2 * n - 3, len: 2 * n });
}

/// The binary: the error on stderr, nothing on stdout, exit 1.
#[test]
fn the_binary_reports_bad_input() {
    for (input, words) in [
        ("", "not JSON"),
        ("[1]", "not an object"),
        ("{\"log\": [{}]}", "must end on the bots' entry"),
        ("{\"log\": [], \"initdata\": {\"walltiles\": \"W1 W2\"}}", "initdata: wall has 2 tiles"),
    ] {
        let (code, out, err) = crate::common::mcr_with_input(&["judge"], input.as_bytes().to_vec()).coded();
        assert_eq!(code, Some(1), "{input}: {err}");
        assert!(out.is_empty() && err.starts_with("judge: ") && err.contains(words), "{input}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let (ok, _, err) = crate::common::mcr_with_input(&["judge", "--layout", "yaml"], b"{}".to_vec()).parts();
    assert!(!ok && err.contains("layouts: jsoncpp-1, jsoncpp-0.5, compact"), "{err}");
}
