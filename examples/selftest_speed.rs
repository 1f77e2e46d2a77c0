//! Where the self-test's time goes, on one thread:
//! `cargo run --release --example selftest_speed -- tests/data/games.jsonl.gz`
//!
//! Stages, each timed over the whole file: reading (decompression and line
//! splitting, in blocks as the CLI reads), reading + parsing into the
//! self-test's borrowed view, reading +
//! parsing + checking (what `mcr validate --self-test --jobs 1` does), and for
//! comparison reading + parsing into `record::GameRecord` (`Value` displays).

use mcr_engine::record::lines::{Block, LineReader};
use mcr_engine::record::{view::GameView, GameRecord};
use mcr_engine::selftest;
use std::path::Path;
use std::time::Instant;

/// Reads as `mcr validate` does (blocks of lines), on this thread.
fn each_line(path: &Path, mut f: impl FnMut(&[u8])) -> usize {
    let mut reader = LineReader::open(path, usize::MAX).unwrap_or_else(|e| panic!("{e}"));
    let mut block = Block::default();
    let mut n = 0;
    while reader.fill(&mut block) {
        if let Some(e) = block.errors.first() {
            panic!("{e}");
        }
        for (_, line) in block.lines() {
            n += 1;
            f(line);
        }
    }
    n
}

fn timed(label: &str, path: &Path, f: impl FnMut(&[u8])) {
    let start = Instant::now();
    let n = each_line(path, f);
    let s = start.elapsed().as_secs_f64();
    println!("{label:<38} {s:6.3} s  {:8.0} games/s", n as f64 / s);
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: selftest_speed FILE");
    let path = Path::new(&path);
    let mut bytes = 0usize;
    timed("read (gunzip + lines)", path, |l| bytes += l.len());
    println!("  ({:.1} MB of JSON)", bytes as f64 / 1e6);
    let mut ok = 0usize;
    timed("read + parse (self-test view)", path, |l| ok += GameView::parse(l).is_ok() as usize);
    let mut pass = 0usize;
    timed("read + parse + check (self-test)", path, |l| pass += matches!(selftest::check_json(l), Ok(Ok(_))) as usize);
    let mut rec = 0usize;
    timed("read + parse (record::GameRecord)", path, |l| {
        rec += serde_json::from_slice::<GameRecord>(l).is_ok() as usize
    });
    println!("  parsed {ok}, passed {pass}, GameRecord parsed {rec}");
}
