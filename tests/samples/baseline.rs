//! `--flags cai --encoding baseline` against the course baseline's own
//! output (preprocess.py + FeatureAgent with pymahjonggb, tests/data).

use super::common;
use super::{corpus_lines, i64s, npz, sample_all};
use mcr_engine::samples::{Encoding, Flags, Options};

const CAI: Options = Options {
    encoding: Encoding::Baseline,
    flags: Flags::Cai,
    keep_forced: false,
    max_line_bytes: mcr_engine::record::DEFAULT_MAX_LINE_BYTES,
};

/// The lead's acceptance check: the per-game layout of the golden games,
/// concatenated, is the baseline's npz byte for byte.
#[test]
fn golden_games_per_game_equal_the_baseline() {
    per_game_equals_the_baseline("samples_golden_per_game", "golden.jsonl.gz");
}

/// The same from the baseline's own input, the games in the Botzone text
/// format (`golden.txt`), imported on the way.
#[test]
fn golden_text_log_per_game_equals_the_baseline() {
    per_game_equals_the_baseline("samples_golden_text_per_game", "golden.txt");
}

fn per_game_equals_the_baseline(dir: &str, input: &str) {
    let out = common::temp_dir(dir);
    let golden = common::data(input);
    let run = common::mcr(&[
        "samples",
        golden.to_str().unwrap(),
        "--encoding",
        "baseline",
        "--flags",
        "cai",
        "--layout",
        "per-game",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(run.ok(), "{run:?}");
    let counts: Vec<usize> = serde_json::from_str(&std::fs::read_to_string(out.join("count.json")).unwrap()).unwrap();
    let base = npz(&common::data("golden_baseline_cai.npz"));
    let base_counts = i64s(&base["counts"]);
    assert_eq!(counts.len(), base_counts.len());
    assert_eq!(counts.iter().map(|&c| c as i64).collect::<Vec<_>>(), base_counts);
    for key in ["obs", "mask", "act"] {
        let mut all = Vec::new();
        for i in 0..counts.len() {
            let a = npz(&out.join(format!("{i}.npz")));
            assert_eq!(a[key].descr, base[key].descr, "{key} dtype");
            assert_eq!(a[key].shape[0], counts[i], "game {i} {key}");
            all.extend_from_slice(&a[key].data);
        }
        assert_eq!(all.len(), base[key].data.len(), "{key} length");
        assert!(all == base[key].data, "{key} differs from the baseline");
    }
}

/// 300 public games the baseline was run on (every 14th of games.jsonl.gz).
#[test]
fn public_games_equal_the_baseline() {
    let base = npz(&common::data("baseline_cai_games_every14.npz"));
    let games = i64s(&base["games"]);
    let lines = corpus_lines("games.jsonl.gz");
    let picked: String = games.iter().map(|&i| lines[i as usize].clone() + "\n").collect();
    let file = common::temp_file("samples_every14.jsonl", picked);
    let (b, counts, _) = sample_all(&[std::path::Path::new(&file)], CAI);
    assert_eq!(counts.iter().map(|&c| c as i64).collect::<Vec<_>>(), i64s(&base["counts"]));
    assert!(b.obs == base["obs"].data, "obs differ");
    assert!(b.mask == base["mask"].data, "masks differ");
    assert_eq!(b.act, i64s(&base["act"]));
}
