//! Side by side with the real judges: the same inputs to `mcr judge` and
//! to the binary, every output compared byte for byte. Each binary is found
//! through its variable (`MCR_PLATFORM_JUDGE`, `MCR_PUBLIC_JUDGE`,
//! `MCR_BOTZONE_LOCAL_JUDGE`; docs/src/judge-program.md says how to build
//! them); a test whose binary is not given skips, saying so, in CI too
//! (`MCR_REQUIRE_JUDGES=1` makes that a failure). `MCR_JUDGE_STRIDE=N`
//! (default 20) drives every N-th turn of each corpus game and its last
//! two; 1 drives every turn.

use super::{games, Driven, JUDGES};
use serde_json::{json, Value};
use std::io::Write;

/// What a program gave: exit code, stdout.
fn run(program: &str, args: &[&str], input: &[u8]) -> (Option<i32>, Vec<u8>) {
    let out = crate::common::run_with_input(program, args, input.to_vec());
    (out.status.code(), out.stdout)
}

/// The binary of variable `var`, or a visible skip.
fn binary(var: &str, what: &str) -> Option<String> {
    match std::env::var(var) {
        Ok(path) if std::path::Path::new(&path).is_file() => Some(path),
        found => {
            let why = match found {
                Ok(path) => format!("{var}={path} is no file"),
                Err(_) => format!("{var} is not set"),
            };
            // Not `common::skip`: CI has no real judge either, and skips too.
            let test = std::thread::current().name().unwrap_or("?").to_string();
            let reason = format!(
                "no real judge to compare with: {why}; set it to {what} (docs/src/judge-program.md: building the real judges)"
            );
            assert!(std::env::var("MCR_REQUIRE_JUDGES").as_deref() != Ok("1"), "{reason}, and MCR_REQUIRE_JUDGES=1");
            let line = format!("SKIPPED: {test}: {reason} (MCR_REQUIRE_JUDGES=1 makes this a failure)\n");
            let _ = std::io::stderr().lock().write_all(line.as_bytes());
            None
        }
    }
}

/// `mcr judge --rules NAME` and the binary on `input`: the same bytes. A
/// clock-seeded input may cross a second between the two runs: it is
/// tried again.
fn same(name: &str, bin: &str, input: &[u8], clocked: bool) -> Result<(), String> {
    for _ in 0..5 {
        let (want_code, want) = run(bin, &[], input);
        let (code, got) = run(crate::common::mcr_bin(), &["judge", "--rules", name], input);
        if want_code == Some(0) && code == Some(0) && got == want {
            return Ok(());
        }
        if !clocked || want_code != Some(0) {
            return Err(format!(
                "{name}: input {}\n  judge (exit {want_code:?}):\n{}\n  mcr judge (exit {code:?}):\n{}",
                String::from_utf8_lossy(input),
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&got)
            ));
        }
    }
    Err(format!("{name}: a clock-seeded input differs five times: {}", String::from_utf8_lossy(input)))
}

fn stride() -> usize {
    crate::common::env_num("MCR_JUDGE_STRIDE", 20).max(1) as usize
}

/// Every corpus of each judge, a stride of turns of every game.
#[test]
fn corpora_side_by_side_with_the_real_judges() {
    let stride = stride();
    for (name, files, var, what) in JUDGES {
        let Some(bin) = binary(var, what) else { continue };
        let mut files: Vec<&str> = files.to_vec();
        if name == "botzone-local" {
            // It has no corpus of platform verdicts: the platform's cuts.
            files.push("verdicts_injected.jsonl.gz");
        }
        let mut runs = 0;
        for file in files {
            for g in games(file) {
                let d = Driven::new(&g);
                let n = d.outputs.len();
                for k in (0..n).filter(|&k| k % stride == 0 || k + 2 >= n) {
                    same(name, &bin, d.input(k).to_string().as_bytes(), false)
                        .unwrap_or_else(|e| panic!("{} turn {k}: {e}", d.id));
                    runs += 1;
                }
            }
        }
        eprintln!("{name}: {runs} judge outputs identical to {bin}'s");
    }
}

/// The inputs the corpora lack (tests/judge/inputs.rs), and the first turn
/// of games with every form of `initdata`.
#[test]
fn generated_inputs_side_by_side_with_the_real_judges() {
    let pass = json!({"verdict": "OK", "response": "PASS"});
    let all = json!({"0": pass, "1": pass, "2": pass, "3": pass});
    let hu = json!({"0": {"verdict": "OK", "response": "HU"}, "1": pass, "2": pass, "3": pass});
    let tle = json!({"0": pass, "1": pass, "2": {"verdict": "TLE"}, "3": pass});
    let g = &games("golden.jsonl.gz")[3];
    let d = Driven::new(g);
    // (input, seeded by the clock)
    let mut inputs: Vec<(Value, bool)> = vec![
        (json!({"log": [], "initdata": ""}), true),
        (json!({"log": [], "initdata": "{\"srand\": 3}"}), true),
        (json!({"log": []}), true),
        (json!({}), true),
        (json!({"log": [], "initdata": {}}), true),
        (json!({"log": [], "initdata": null}), true),
        (json!({"log": [], "initdata": {"srand": 2.0, "quan": 1}}), true),
        (json!({"log": [], "initdata": {"srand": 3_000_000_000u64, "quan": 1}}), true),
        (json!({"log": [], "initdata": {"srand": 1}}), false),
        (json!({"log": [], "initdata": {"srand": -1, "quan": 3}}), false),
        (json!({"log": [], "initdata": {"srand": 5, "quan": 9, "walltiles": ""}}), false),
        (json!({"log": [], "initdata": {"quan": 2, "walltiles": d.initdata["walltiles"]}}), true),
        (json!({"log": [{}, all], "initdata": {"srand": 7}}), false),
        (json!({"log": [{}, all, {}, all], "initdata": {"srand": 7, "quan": 2}}), false),
        (json!({"log": [{}, tle], "initdata": {"srand": 1}}), false),
        (json!({"log": [{}, all, {}, all, {}, hu], "initdata": {"srand": 1, "quan": 0}}), false),
        (json!({"log": [{}, {}], "initdata": {"srand": 3}}), false),
        (json!({"log": [{}, null], "initdata": {"srand": 3}}), false),
        (
            json!({"log": [{}, {"0": {"verdict": "OK"}, "1": pass, "2": pass, "3": pass}], "initdata": {"srand": 3}}),
            false,
        ),
    ];
    // A game's turns with the verdict of every seat in turn at a few turns.
    for k in [1, 2, 5, 9, 14] {
        for seat in ["0", "1", "2", "3"] {
            let mut input = d.input(k + 1);
            let log = input["log"].as_array_mut().unwrap();
            let last = log.len() - 1;
            log[last][seat] = json!({"verdict": "MLE"});
            inputs.push((input, false));
        }
    }
    for (name, _, var, what) in JUDGES {
        let Some(bin) = binary(var, what) else { continue };
        for (input, clocked) in &inputs {
            same(name, &bin, input.to_string().as_bytes(), *clocked).unwrap_or_else(|e| panic!("{e}"));
        }
        eprintln!("{name}: {} generated inputs identical to {bin}'s", inputs.len());
    }
}

/// Malformed input: `mcr judge` exits 1; the real judge does what the
/// manual says (crashes, or answers something no driver can use).
#[test]
fn malformed_input_side_by_side_with_the_real_judges() {
    let pass = json!({"verdict": "OK", "response": "PASS"});
    let all = json!({"0": pass, "1": pass, "2": pass, "3": pass});
    // (input, the judge crashes (else it answers))
    let cases: Vec<(String, bool)> = vec![
        (String::new(), true),
        ("{\"log\": [".into(), true),
        ("[1]".into(), true),
        (json!({"log": [{}, "x"]}).to_string(), true),
        (json!({"log": [{}, {"0": 5}]}).to_string(), true),
        (json!({"log": [{}, all], "initdata": {"walltiles": "W1 W2"}}).to_string(), true),
        (json!({"log": [{}]}).to_string(), false),
        (json!({"log": 5}).to_string(), false),
        (json!({"log": [], "initdata": {"walltiles": "W1 W2"}}).to_string(), false),
    ];
    for (name, _, var, what) in JUDGES {
        let Some(bin) = binary(var, what) else { continue };
        for (input, crashes) in &cases {
            let (code, out) = run(crate::common::mcr_bin(), &["judge", "--rules", name], input.as_bytes());
            assert!(code == Some(1) && out.is_empty(), "{name}: mcr judge on {input}: exit {code:?}");
            let (code, out) = run(&bin, &[], input.as_bytes());
            if *crashes {
                assert!(code != Some(0) && out.is_empty(), "{name}: the judge on {input}: exit {code:?}");
            } else {
                assert_eq!(code, Some(0), "{name}: the judge on {input}");
                let v: Value = serde_json::from_slice(&out).expect("the judge's answer is JSON");
                assert!(v["command"] == "request" || v["display"]["action"] == "", "{name}: {input}: {v}");
            }
        }
    }
}
