//! Generator for the suit-pattern tables (crates/core/src/decompose/tables.rs): which
//! counts of one suit split into sets only, and into sets and one pair; and
//! for a suit one tile short of that, which ranks complete it (its waits).

use std::collections::{BTreeMap, HashSet};
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use mcr_rules_lang::distance;

/// Why the suit tables could not be generated.
#[derive(Debug)]
#[non_exhaustive]
pub enum DecomposeError {
    /// A table file could not be written.
    Write {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
}

impl fmt::Display for DecomposeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecomposeError::Write { file, error } => write!(f, "{}: cannot write: {error}", file.display()),
        }
    }
}

impl std::error::Error for DecomposeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DecomposeError::Write { error, .. } => Some(error),
        }
    }
}

/// Writes a generated file.
fn write(file: &Path, bytes: impl AsRef<[u8]>) -> Result<(), DecomposeError> {
    std::fs::write(file, bytes).map_err(|error| DecomposeError::Write { file: file.to_path_buf(), error })
}

const KEYS: usize = 1_953_125; // 5^9

fn key(c: &[u8; 9]) -> usize {
    c.iter().rev().fold(0usize, |k, &n| k * 5 + n as usize)
}

/// Every suit pattern made of up to four sets (each count at most `max`).
fn set_patterns(max: u8) -> Vec<[u8; 9]> {
    let mut seen = HashSet::new();
    let mut frontier = vec![[0u8; 9]];
    seen.insert([0u8; 9]);
    let mut all = vec![[0u8; 9]];
    for _ in 0..4 {
        let mut next = Vec::new();
        for c in &frontier {
            for r in 0..9 {
                let mut p = *c;
                if p[r] + 3 <= max {
                    p[r] += 3;
                    if seen.insert(p) {
                        next.push(p);
                    }
                }
                if r < 7 && c[r] < max && c[r + 1] < max && c[r + 2] < max {
                    let mut q = *c;
                    q[r] += 1;
                    q[r + 1] += 1;
                    q[r + 2] += 1;
                    if seen.insert(q) {
                        next.push(q);
                    }
                }
            }
        }
        all.extend(next.iter().copied());
        frontier = next;
    }
    all
}

/// The ranks that complete a suit pattern one tile short of sets (or of sets
/// and a pair), by the pattern's key. Counts of the pattern are at most 4; the
/// completing tile may be a fifth copy (the reference's wait search does not
/// ask whether a tile is left), so complete patterns go up to 5.
fn suit_waits() -> BTreeMap<usize, u16> {
    let mut waits = BTreeMap::new();
    for c in set_patterns(5) {
        let with_pairs = (0..9).filter(|&r| c[r] + 2 <= 5).map(|r| {
            let mut p = c;
            p[r] += 2;
            p
        });
        for complete in with_pairs.chain(std::iter::once(c)) {
            for r in (0..9).filter(|&r| complete[r] > 0) {
                let mut short = complete;
                short[r] -= 1;
                if short.iter().all(|&n| n <= 4) {
                    *waits.entry(key(&short)).or_insert(0) |= 1 << r;
                }
            }
        }
    }
    waits
}

/// Multiplier of the wait table's hash (Fibonacci hashing).
const HASH: u32 = 0x9E37_79B1;

/// An open-addressing table (linear probing) over suit keys: each slot
/// holds `key << value_bits | value`, 0 when empty (no entry has key 0).
/// Sized to be half full at most, so most lookups take one probe. Returns
/// the slots, log2 of their number, and the longest probe.
fn hash_table(entries: &BTreeMap<usize, u64>, value_bits: u32) -> (Vec<u64>, u32, usize) {
    let bits = (2 * entries.len()).next_power_of_two().trailing_zeros();
    let mut slots = vec![0u64; 1 << bits];
    let mut longest = 0;
    for (&k, &value) in entries {
        assert!(k != 0 && value < 1 << value_bits);
        let mut i = ((k as u32).wrapping_mul(HASH) >> (32 - bits)) as usize;
        let mut probe = 1;
        while slots[i] != 0 {
            i = (i + 1) & (slots.len() - 1);
            probe += 1;
        }
        slots[i] = (k as u64) << value_bits | value;
        longest = longest.max(probe);
    }
    (slots, bits, longest)
}

/// SETS_ONLY, SETS_AND_PAIR: bitmaps over every suit key.
fn sets_bitmaps(out: &Path, src: &mut String) -> Result<(), DecomposeError> {
    let sets = set_patterns(4);
    let mut sets_only = vec![0u8; KEYS.div_ceil(8)];
    let mut sets_and_pair = vec![0u8; KEYS.div_ceil(8)];
    let mut with_pair = 0usize;
    for c in &sets {
        let k = key(c);
        sets_only[k >> 3] |= 1 << (k & 7);
        for r in 0..9 {
            if c[r] + 2 <= 4 {
                let mut p = *c;
                p[r] += 2;
                let k = key(&p);
                if sets_and_pair[k >> 3] & (1 << (k & 7)) == 0 {
                    with_pair += 1;
                }
                sets_and_pair[k >> 3] |= 1 << (k & 7);
            }
        }
    }
    write(&out.join("suit_sets_only.bin"), &sets_only)?;
    write(&out.join("suit_sets_and_pair.bin"), &sets_and_pair)?;
    writeln!(src, "// Bitmaps over the {KEYS} suit patterns (key = sum of count[rank-1] * 5^(rank-1)).").unwrap();
    writeln!(src, "// {} patterns split into sets only, {} into sets and one pair.", sets.len(), with_pair).unwrap();
    writeln!(src, "/// How many suit patterns split into sets only.").unwrap();
    writeln!(src, "pub const SUIT_PATTERNS_SETS_ONLY: usize = {};", sets.len()).unwrap();
    writeln!(src, "/// How many suit patterns split into sets and one pair.").unwrap();
    writeln!(src, "pub const SUIT_PATTERNS_SETS_AND_PAIR: usize = {with_pair};").unwrap();
    writeln!(src, "/// Bitmap by suit key: bit set when the pattern splits into sets only.").unwrap();
    writeln!(src, "pub static SETS_ONLY: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/suit_sets_only.bin\"));")
        .unwrap();
    writeln!(src, "/// Bitmap by suit key: bit set when the pattern splits into sets and one pair.").unwrap();
    writeln!(
        src,
        "pub static SETS_AND_PAIR: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/suit_sets_and_pair.bin\"));"
    )
    .unwrap();
    Ok(())
}

/// SUIT_WAITS: the ranks completing each suit pattern one tile short.
fn waits_table(out: &Path, src: &mut String) -> Result<(), DecomposeError> {
    let waits: BTreeMap<usize, u64> = suit_waits().into_iter().map(|(k, ranks)| (k, ranks as u64)).collect();
    let (slots, bits, longest) = hash_table(&waits, 9);
    let bytes: Vec<u8> = slots.iter().flat_map(|&slot| (slot as u32).to_le_bytes()).collect();
    write(&out.join("suit_waits.bin"), bytes)?;
    writeln!(src, "// Waits of the {} suit patterns one tile short of sets, or of sets and a pair:", waits.len())
        .unwrap();
    writeln!(src, "// a hash table of 2^{bits} slots, u32 little-endian, each `key << 9 | ranks` (bit r:").unwrap();
    writeln!(src, "// rank r + 1 completes the suit), 0 when empty; the longest probe is {longest}.").unwrap();
    writeln!(src, "/// How many suit patterns are one tile short of sets, or of sets and a pair.").unwrap();
    writeln!(src, "pub const SUIT_PATTERNS_ONE_SHORT: usize = {};", waits.len()).unwrap();
    writeln!(src, "/// The wait table has `1 << WAIT_TABLE_BITS` slots.").unwrap();
    writeln!(src, "pub const WAIT_TABLE_BITS: u32 = {bits};").unwrap();
    writeln!(src, "/// The wait table: by suit key, the ranks that complete the pattern.").unwrap();
    writeln!(src, "pub static SUIT_WAITS: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/suit_waits.bin\"));")
        .unwrap();
    Ok(())
}

/// Distances of every pattern of a ranking wide enough for one more tile
/// (a fifth copy, a fourteenth tile), memoised by its index.
struct DistanceMemo {
    ranking: distance::Ranking,
    chows: bool,
    memo: Vec<distance::Distances>,
}

impl DistanceMemo {
    fn new(n: usize, chows: bool) -> DistanceMemo {
        let ranking = distance::Ranking::new(n, 5, 14);
        let memo = vec![[u8::MAX; distance::ENTRIES]; 4 * ranking.len];
        DistanceMemo { ranking, chows, memo }
    }

    fn get(&mut self, c: &[u8], flags: u8) -> distance::Distances {
        let i = 4 * self.ranking.index(c).expect("pattern within the memo's ranking") + flags as usize;
        if self.memo[i][0] == u8::MAX {
            let chows = self.chows;
            let d = distance::distances(c, chows, flags, &mut |s, f| self.get(s, f));
            self.memo[i] = d;
        }
        self.memo[i]
    }
}

/// One shanten table: for every pattern of `n` ranks (counts up to 4, up to
/// 13 tiles), ten u16 entries (see [`distance`]), little-endian,
/// at the pattern's ranking index; and the ranking's offsets.
fn shanten_table(out: &Path, src: &mut String, name: &str, n: usize, chows: bool) -> Result<(), DecomposeError> {
    let table = distance::Ranking::new(n, 4, 13);
    let mut memo = DistanceMemo::new(n, chows);
    let mut bytes = vec![0u8; table.len * distance::ENTRIES * 2];
    for c in table.patterns() {
        let i = table.index(&c[..n]).expect("pattern of the table");
        let e = distance::entries(&c[..n], &mut |s| memo.get(s, 0));
        for (j, v) in e.iter().enumerate() {
            bytes[(i * distance::ENTRIES + j) * 2..][..2].copy_from_slice(&v.to_le_bytes());
        }
    }
    let file = format!("{}_shanten.bin", name.to_ascii_lowercase());
    write(&out.join(&file), bytes)?;
    writeln!(
        src,
        "// Shanten entries of the {} patterns of {n} ranks (counts up to 4, up to 13 tiles){}:",
        table.len,
        if chows { "" } else { ", no chows" }
    )
    .unwrap();
    writeln!(src, "// {} u16 per pattern at its ranking index, `distance << 9 | lowering ranks`.", distance::ENTRIES)
        .unwrap();
    writeln!(src, "/// Shanten entries by pattern ranking index (see the comment above).").unwrap();
    writeln!(src, "pub static {name}_SHANTEN: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{file}\"));")
        .unwrap();
    writeln!(src, "/// Offsets of the ranking index, by rank and count, for the shanten entries.").unwrap();
    writeln!(src, "pub static {name}_RANK_OFFSETS: [u32; {}] = {:?};", table.offsets.len(), table.offsets).unwrap();
    Ok(())
}

/// SUIT_SHANTEN, SUIT_RANK_OFFSETS: the nine ranks of a suit.
fn suit_shanten_table(out: &Path, src: &mut String) -> Result<(), DecomposeError> {
    shanten_table(out, src, "SUIT", 9, true)
}

/// HONOR_SHANTEN, HONOR_RANK_OFFSETS: the seven honours (no chows).
fn honor_shanten_table(out: &Path, src: &mut String) -> Result<(), DecomposeError> {
    shanten_table(out, src, "HONOR", 7, false)
}

/// The code whose results the tables hold ([`distance::SOURCE`]).
pub const DISTANCE_FILE: &str = "crates/rules-lang/src/distance.rs";

/// The generator as its provenance line names it.
pub const GENERATOR: &str = "crates/rules-compiler/src/decompose.rs";

/// Writes the suit tables into `out` (OUT_DIR): `suit_tables.rs`, which
/// `crates/core/src/decompose/tables.rs` includes, and the binary tables it includes
/// (`suit_sets_only.bin`, `suit_sets_and_pair.bin`, `suit_waits.bin`,
/// `suit_shanten.bin`, `honor_shanten.bin`). They depend on no rules file:
/// [`DISTANCE_FILE`] is their one input. An error is a write that failed.
pub fn generate(out: &Path) -> Result<(), DecomposeError> {
    let mut src = String::new();
    // The tables are what the distance code computes: that file is the input.
    let input = distance::SOURCE.as_bytes();
    writeln!(src, "{}", mcr_rules_lang::provenance::header(GENERATOR, &[(DISTANCE_FILE, input)])).unwrap();
    writeln!(src, "// The binary tables included below are written by the same run.").unwrap();
    writeln!(src).unwrap();
    writeln!(src, "/// Multiplier of the hash table over suit keys: slot = key * SUIT_HASH >> (32 - bits),").unwrap();
    writeln!(src, "/// then the next slots.").unwrap();
    writeln!(src, "pub const SUIT_HASH: u32 = {HASH:#X};").unwrap();
    for table in [sets_bitmaps, waits_table, suit_shanten_table, honor_shanten_table] {
        writeln!(src).unwrap();
        table(out, &mut src)?;
    }
    write(&out.join("suit_tables.rs"), src)
}
