//! `examples/judge_driver.py`: four `mcr bot` programs through `mcr judge`,
//! the whole log on every turn; its log is the judge's game.

use mcr_engine::judge::Judge;
use serde_json::{json, Value};

#[test]
fn the_example_driver_plays_a_game_requires_python() {
    if !crate::common::python3_found() {
        return crate::common::skip("MCR_REQUIRE_PYTHON", "python3 not found");
    }
    let bin = crate::common::mcr_bin();
    let dir = crate::common::temp_dir("judge-driver");
    let log_path = dir.join("game.json");
    let out = std::process::Command::new("python3")
        .arg(crate::common::repo().join("examples/judge_driver.py"))
        .args(["--judge", &format!("{bin} judge --rules botzone-local")])
        .args(["--bot", &format!("{bin} bot")])
        .args(["--initdata", "{\"srand\": 11}", "--log", log_path.to_str().unwrap()])
        .output()
        .expect("run python3");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let scores: Value = serde_json::from_slice(&out.stdout).expect("the scores as JSON");
    let game: Value = serde_json::from_str(&std::fs::read_to_string(&log_path).unwrap()).unwrap();
    let log = game["log"].as_array().unwrap();
    assert!(log.len() > 20 && log.len() % 2 == 1, "{} entries", log.len());
    // Every judge output in the log is the judge's answer to the log before it.
    let judge = Judge::new(crate::profile("botzone-local"));
    for k in (0..log.len()).step_by(2) {
        let initdata = if k == 0 { json!({"srand": 11}) } else { game["initdata"].clone() };
        let want = judge.respond_at(&json!({"log": log[..k], "initdata": initdata}), 0).unwrap();
        assert_eq!(log[k]["output"], want, "log[{k}]");
    }
    assert_eq!(log[log.len() - 1]["output"]["content"], scores);
    let sum: i64 = (0..4).map(|s| scores[s.to_string()].as_i64().unwrap()).sum();
    assert_eq!(sum, 0, "{scores}");
}
