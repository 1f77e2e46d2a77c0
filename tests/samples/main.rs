//! `mcr samples` and `mcr_engine::samples`: the course baseline's arrays
//! reproduced byte for byte (`--flags cai`), the judge's HU against the
//! recorded canHu (`--flags judge`), the layouts, bad input.

#[path = "../common/mod.rs"]
mod common;

mod baseline;
mod flags;
mod judge;
mod layout;

use mcr_engine::samples::npz::{read_npz, ReadArray};
use mcr_engine::samples::run::Stream;
use mcr_engine::samples::{Batch, Options};
use std::path::Path;

/// The arrays of an .npz by name.
pub fn npz(path: &Path) -> std::collections::BTreeMap<String, ReadArray> {
    let f = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_npz(f).unwrap().into_iter().map(|a| (a.name.clone(), a)).collect()
}

/// Every sample of `files` in one batch, and the samples per game.
pub fn sample_all(files: &[&Path], opts: Options) -> (Batch, Vec<usize>, Stream) {
    let mut s = Stream::new(files, opts, None);
    let mut b = Batch::new(opts.encoding.len());
    let mut counts = Vec::new();
    while let Some(n) = s.next_game(&mut b) {
        counts.push(n);
    }
    (b, counts, s)
}

/// Little-endian i64s of an array's data.
pub fn i64s(a: &ReadArray) -> Vec<i64> {
    a.data.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap())).collect()
}

/// The JSON lines of a (possibly gzipped) corpus of tests/data.
pub use common::corpus::lines as corpus_lines;
