//! Resuming OUT: games keyed by (wall, perm), a cut last line dropped,
//! another tournament refused.

use super::common;
use super::records::duplicate_lines;
use common::corpus::write_lines;
use mcr_engine::arena::run::resume::{open_output, scan, Identity};
use mcr_engine::record::DEFAULT_MAX_LINE_BYTES;
use std::io::Write;

fn identity(seed: u64) -> Identity {
    let bots = ["alpha", "beta", "gamma", "delta"].map(String::from).to_vec();
    Identity { bots: Some(bots), seed: Some(seed), ..Identity::default() }
}

#[test]
fn a_cut_last_line_is_dropped_and_the_rest_kept() {
    let dir = common::temp_dir("tournament-resume");
    let lines = duplicate_lines(&dir, 1, 4);
    // The run's identity: arena.bots is by seat, so compare seed only here.
    let id = Identity { seed: Some(4), ..Identity::default() };
    let mut text: String = lines[..10].iter().map(|l| format!("{l}\n")).collect();
    text.push_str(&lines[10][..lines[10].len() / 2]);
    let out = dir.join("out.jsonl");
    std::fs::write(&out, &text).unwrap();
    let r = scan(&out, &id, DEFAULT_MAX_LINE_BYTES).unwrap().unwrap();
    assert_eq!(r.records, 10);
    assert!(r.dropped.as_deref().unwrap().starts_with("line 11"), "{:?}", r.dropped);
    let expect: Vec<u64> = (0..10).collect();
    assert_eq!(r.done.iter().copied().collect::<Vec<_>>(), expect);
    let mut w = open_output(&out, Some(&r)).unwrap();
    w.write_all(format!("{}\n", lines[10]).as_bytes()).unwrap();
    drop(w);
    let now = std::fs::read_to_string(&out).unwrap();
    assert_eq!(now, lines[..11].iter().map(|l| format!("{l}\n")).collect::<String>());

    // Gzip: a stream cut short keeps its whole records and is continued.
    let gz = dir.join("out.jsonl.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(now.as_bytes()).unwrap();
    let bytes = enc.finish().unwrap();
    std::fs::write(&gz, &bytes[..bytes.len() - 12]).unwrap();
    let r = scan(&gz, &id, DEFAULT_MAX_LINE_BYTES).unwrap().unwrap();
    assert!(r.records >= 1 && r.records <= 11, "{}", r.records);
    let kept = r.records as usize;
    let mut w = open_output(&gz, Some(&r)).unwrap();
    for l in &lines[kept..] {
        w.write_all(format!("{l}\n").as_bytes()).unwrap();
    }
    drop(w);
    let s = super::records::standings_json(&[&gz]);
    assert_eq!(s["records"], 24);
    assert_eq!(s["repeats"], 0);
}

#[test]
fn another_tournament_is_refused_with_its_line() {
    let dir = common::temp_dir("tournament-other");
    let lines = duplicate_lines(&dir, 1, 5);
    let out = write_lines(&dir, "out.jsonl", &lines[..5]);
    let err =
        scan(&out, &Identity { seed: Some(6), ..Identity::default() }, DEFAULT_MAX_LINE_BYTES).unwrap_err().to_string();
    assert!(err.contains("out.jsonl:1") && err.contains("another tournament") && err.contains("seed is 5"), "{err}");
    let _ = identity(1);
    let err =
        scan(&out, &Identity { time_limit_ms: Some(vec![500; 4]), ..Identity::default() }, DEFAULT_MAX_LINE_BYTES)
            .unwrap_err()
            .to_string();
    assert!(err.contains("time_limit_ms"), "{err}");
    assert!(scan(&dir.join("missing.jsonl"), &identity(1), DEFAULT_MAX_LINE_BYTES).unwrap().is_none());
}
