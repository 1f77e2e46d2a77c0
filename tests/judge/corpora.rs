//! Every judge output of the corpora, turn by turn: in process through
//! `Judge::respond` (the function `mcr judge` calls) for every turn of every
//! game, and through the `mcr judge` binary for a sample of turns, under
//! each judge's profile.

use super::{games, profile, Driven, JUDGES};
use mcr_engine::judge::Judge;
use serde_json::{json, Value};

/// Drives `d` through `judge` with the whole log on every turn (the log
/// grown in place); the first turn whose output differs, if any.
fn drive(judge: &Judge, d: &Driven) -> Result<usize, String> {
    let mut input = json!({"log": [], "initdata": d.initdata});
    for (k, want) in d.outputs.iter().enumerate() {
        if k == 1 {
            input["initdata"] = d.outputs[0]["initdata"].clone();
        }
        let got = judge.respond_at(&input, 0).map_err(|e| format!("{}: turn {k}: {e}", d.id))?;
        if &got != want {
            return Err(format!("{}: turn {k}:\n  judge  {want}\n  engine {got}", d.id));
        }
        if k + 1 < d.outputs.len() {
            let log = input["log"].as_array_mut().expect("the log is an array");
            log.push(json!({"verdict": "OK", "output": got}));
            log.push(d.entries[k].clone());
        }
    }
    Ok(d.outputs.len())
}

#[test]
fn every_recorded_output_of_every_corpus_under_each_profile() {
    let mut report = Vec::new();
    for (name, files, _, _) in JUDGES {
        let judge = Judge::new(profile(name));
        for file in files {
            let (mut turns, mut failures) = (0, Vec::new());
            let all = games(file);
            assert!(all.len() >= 150, "{file}: {} games", all.len());
            for g in &all {
                match drive(&judge, &Driven::new(g)) {
                    Ok(n) => turns += n,
                    Err(e) => failures.push(e),
                }
            }
            assert!(failures.is_empty(), "{name} on {file}: {} games differ; first:\n{}", failures.len(), failures[0]);
            report.push(format!("{name} {file}: {} games, {turns} outputs", all.len()));
        }
    }
    assert_eq!(report.len(), 8, "{report:?}");
}

/// The binary gives what the library gives, in the profile's layout, for a
/// sample of turns of each corpus (the first, every 23rd, the last two).
#[test]
fn the_binary_prints_the_library_output_in_the_judges_layout() {
    let mut runs = 0;
    for (name, files, _, _) in JUDGES {
        let judge = Judge::new(profile(name));
        for file in files {
            for g in games(file).iter().step_by(25) {
                let d = Driven::new(g);
                let n = d.outputs.len();
                for k in (0..n).filter(|&k| k % 23 == 0 || k + 2 >= n) {
                    let input = d.input(k);
                    let run =
                        crate::common::mcr_with_input(&["judge", "--rules", name], input.to_string().into_bytes());
                    assert!(run.ok(), "{name} {}: turn {k}: {}", d.id, run.stderr);
                    assert_eq!(run.stdout, judge.layout().write(&d.outputs[k]), "{name} {}: turn {k}", d.id);
                    let parsed: Value = serde_json::from_str(&run.stdout).expect("the output is JSON");
                    assert_eq!(parsed, d.outputs[k]);
                    runs += 1;
                }
            }
        }
    }
    assert!(runs > 100, "{runs} runs");
}
