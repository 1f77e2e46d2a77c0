//! The test data of `tests/data/` (see its README for where each file comes
//! from): the named corpora, and readers of JSON-lines files, gzipped or
//! not, into lines, JSON values or game records. The readers are the
//! tests' own (flate2 and serde_json), not the library's record readers
//! they check. Also the writers of such files for a test's inputs.

use mcr_engine::record::GameRecord;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// The 222 curated games of the platform's judge (every rare tag in full).
pub const GOLDEN: &str = "golden.jsonl.gz";
/// The 150 games ended by an illegal answer (WA, WH).
pub const ERRORS: &str = "errors.jsonl.gz";
/// The 4,200 public games of the dataset.
pub const GAMES: &str = "games.jsonl.gz";
/// The 101,350 single hands with the reference calculator's answer.
pub const HANDS: &str = "hands.jsonl.gz";
/// The 444 golden games cut at a platform verdict (TLE, MLE, RE, ...).
pub const VERDICTS_INJECTED: &str = "verdicts_injected.jsonl.gz";
/// The 120 Botzone match logs.
pub const BOTZONE_LOGS: &str = "botzone_logs.jsonl.gz";

/// The folder of the test data, `tests/data/`.
pub fn data_dir() -> PathBuf {
    super::repo().join("tests/data")
}

/// A file of `tests/data/` (`name` may name a subfolder's file, e.g.
/// `variants/...`).
pub fn data(name: &str) -> PathBuf {
    data_dir().join(name)
}

/// The decompressed text of `path`: gzip (told by its first two bytes) or
/// plain.
pub fn open(path: &Path) -> Box<dyn BufRead> {
    let mut file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut magic = [0u8; 2];
    let n = file.read(&mut magic).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let head = std::io::Cursor::new(magic[..n].to_vec()).chain(file);
    if magic[..n] == [0x1f, 0x8b] {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(head)))
    } else {
        Box::new(BufReader::new(head))
    }
}

/// The non-blank lines of the JSON-lines file `path`, read as they are
/// needed (a corpus of 140 MB is never read whole for its first lines).
pub fn file_lines(path: &Path) -> impl Iterator<Item = String> {
    numbered(path).map(|(_, l)| l)
}

/// The non-blank lines of `path` with their line numbers (from 1).
fn numbered(path: &Path) -> impl Iterator<Item = (usize, String)> {
    let shown = path.display().to_string();
    open(path)
        .lines()
        .enumerate()
        .map(move |(n, l)| (n + 1, l.unwrap_or_else(|e| panic!("{shown}:{}: {e}", n + 1))))
        .filter(|(_, l)| !l.trim().is_empty())
}

/// The non-blank lines of `path` parsed (as JSON values, game records),
/// read as they are needed; a line that does not parse panics naming its
/// file and line.
pub fn each<T: serde::de::DeserializeOwned>(path: &Path) -> impl Iterator<Item = T> {
    let shown = path.display().to_string();
    numbered(path).map(move |(at, l)| serde_json::from_str(&l).unwrap_or_else(|e| panic!("{shown}:{at}: {e}: {l:.80}")))
}

fn parsed<T: serde::de::DeserializeOwned>(path: &Path, n: usize) -> Vec<T> {
    each(path).take(n).collect()
}

/// Every line of the JSON-lines file `path` parsed as JSON.
pub fn file_values(path: &Path) -> Vec<Value> {
    parsed(path, usize::MAX)
}

/// Every line of the JSON-lines file `path` parsed as a game record.
pub fn file_records(path: &Path) -> Vec<GameRecord> {
    parsed(path, usize::MAX)
}

/// The non-blank lines of corpus `name`.
pub fn lines(name: &str) -> Vec<String> {
    file_lines(&data(name)).collect()
}

/// The first `n` non-blank lines of corpus `name`.
pub fn first_lines(name: &str, n: usize) -> Vec<String> {
    file_lines(&data(name)).take(n).collect()
}

/// The records of corpus `name` as JSON values.
pub fn values(name: &str) -> Vec<Value> {
    file_values(&data(name))
}

/// The first `n` records of corpus `name` as JSON values.
pub fn first_values(name: &str, n: usize) -> Vec<Value> {
    parsed(&data(name), n)
}

/// The first `n` game records of corpus `name`.
pub fn first_records(name: &str, n: usize) -> Vec<GameRecord> {
    parsed(&data(name), n)
}

/// The game records of corpus `name`.
pub fn records(name: &str) -> Vec<GameRecord> {
    file_records(&data(name))
}

/// The game records of corpus `name`, read once per test binary.
pub fn shared_records(name: &str) -> &'static [GameRecord] {
    shared(name, records)
}

/// The non-blank lines of corpus `name`, read once per test binary.
pub fn shared_lines(name: &str) -> &'static [String] {
    shared(name, lines)
}

/// The records of corpus `name` as JSON values, read once per test binary.
pub fn shared_values(name: &str) -> &'static [Value] {
    shared(name, values)
}

/// `load(name)`, kept for the rest of the process.
fn shared<T: Send + Sync + 'static>(name: &str, load: fn(&str) -> Vec<T>) -> &'static [T] {
    use std::any::{Any, TypeId};
    use std::sync::Mutex;
    type Kept = (TypeId, String, &'static (dyn Any + Send + Sync));
    static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    let kind = TypeId::of::<Vec<T>>();
    let found = kept.iter().find(|(k, n, _)| *k == kind && n == name).map(|(_, _, v)| *v);
    let all: &'static (dyn Any + Send + Sync) = match found {
        Some(v) => v,
        None => {
            let v: &'static Vec<T> = Box::leak(Box::new(load(name)));
            kept.push((kind, name.to_string(), v));
            v
        }
    };
    all.downcast_ref::<Vec<T>>().expect("kept under its own type")
}

/// Writes `lines` (one a line) to `dir/name`; its path.
pub fn write_lines<S: AsRef<str>>(dir: &Path, name: &str, lines: &[S]) -> PathBuf {
    let path = dir.join(name);
    let text: String = lines.iter().map(|l| format!("{}\n", l.as_ref())).collect();
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path
}

/// Writes `lines` (one a line) gzip-compressed to `dir/name`, making
/// `dir` if it is missing; its path.
pub fn write_gz<S: std::fmt::Display>(dir: &Path, name: &str, lines: impl IntoIterator<Item = S>) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let path = dir.join(name);
    let file = std::fs::File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut enc = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
    for l in lines {
        writeln!(enc, "{l}").unwrap();
    }
    enc.finish().unwrap();
    path
}
