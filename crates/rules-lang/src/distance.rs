//! Distances of one suit to the regular shape, shared by the table generator
//! (mcr-rules-compiler's `decompose`) and by the library's path for patterns the tables do
//! not hold (a count over 4; `mcr_engine::analysis::distance` re-exports it).
//!
//! For a suit pattern `c` (counts per rank), `d(c, k, p)` is the least number
//! of tiles to add so that `k` sets and `p` pairs (0 or 1) can be taken from
//! the suit, its other tiles left over. Copies are not limited to four: the
//! reference's shanten (a minimum over decompositions of
//! `8 - 2 x sets - partners - pair`, capped) asks no such question, and that
//! minimum equals the least number of tiles to add, minus one, once the sets
//! and the pair are split over the suits (see crates/core/src/analysis/regular.rs).
//!
//! The recurrence takes the lowest tile: it is left over, or it belongs to a
//! pung or the pair at its rank, or to a chow that covers its rank, each
//! with one, two or three tiles of the pattern.

/// This file's text: the input of the generated suit tables, hashed in
/// their provenance line (the tables hold what this code computes).
pub const SOURCE: &str = include_str!("distance.rs");

/// Entries per pattern: `k = 0..=4` sets times `p = 0..=1` pairs, at `2k + p`.
pub const ENTRIES: usize = 10;

/// `d(c, k, p)` at `2k + p`, for every `(k, p)`.
pub type Distances = [u8; ENTRIES];

/// The distances of the empty pattern: every tile of the groups is missing.
pub const fn empty_distances() -> Distances {
    let mut d = [0u8; ENTRIES];
    let mut i = 0;
    while i < ENTRIES {
        d[i] = (3 * (i / 2) + 2 * (i % 2)) as u8;
        i += 1;
    }
    d
}

/// Flags of the lowest rank: its complete pung is taken.
pub const PUNG_TAKEN: u8 = 1;
/// Flags of the lowest rank: its two-tile pung partner is taken.
pub const PARTNER_TAKEN: u8 = 2;

/// The distances of `c`, given those of smaller patterns through `smaller`
/// (called only on patterns with fewer tiles, with their flags). `chows`:
/// whether three consecutive ranks make a set (suits) or not (honours).
///
/// `flags` (of the lowest rank, [`PUNG_TAKEN`], [`PARTNER_TAKEN`]) follow
/// the reference, which takes at most one complete pung and one two-tile
/// pung partner of a kind (its search takes them in strictly increasing
/// order); this binds only with six copies or more.
pub fn distances(c: &[u8], chows: bool, flags: u8, smaller: &mut dyn FnMut(&[u8], u8) -> Distances) -> Distances {
    let n = c.len();
    let r = match c.iter().position(|&x| x > 0) {
        Some(r) => r,
        None => return empty_distances(),
    };
    let mut sub = [0u8; 9];
    sub[..n].copy_from_slice(c);
    // Flags for what is left: kept while the lowest rank keeps tiles.
    let mut ask = |sub: &[u8], added: u8| smaller(sub, if sub[r] > 0 { flags | added } else { 0 });
    // The lowest tile left over.
    sub[r] -= 1;
    let mut best = ask(&sub[..n], 0);
    sub[r] += 1;
    // A pung at r with u tiles of the pattern (k - 1 sets elsewhere).
    for u in 1..=c[r].min(3) {
        let taken = match u {
            3 => PUNG_TAKEN,
            2 => PARTNER_TAKEN,
            _ => 0,
        };
        if flags & taken != 0 {
            continue;
        }
        sub[r] -= u;
        let after = ask(&sub[..n], taken);
        sub[r] += u;
        for i in 2..ENTRIES {
            best[i] = best[i].min(after[i - 2] + 3 - u);
        }
    }
    // The pair at r with u tiles of the pattern (no pair elsewhere).
    for u in 1..=c[r].min(2) {
        sub[r] -= u;
        let after = ask(&sub[..n], 0);
        sub[r] += u;
        for k in 0..5 {
            best[2 * k + 1] = best[2 * k + 1].min(after[2 * k] + 2 - u);
        }
    }
    if chows {
        // Chows starting at r - 2, r - 1, r (ranks below r are empty), with
        // the lowest tile and any of the pattern's tiles at the other ranks.
        for s in r.saturating_sub(2)..=r.min(n.saturating_sub(3)) {
            let others: Vec<usize> = (s..s + 3).filter(|&j| j != r && c[j] > 0).collect();
            for choice in 0..1u32 << others.len() {
                let mut used = 1u8;
                sub[r] -= 1;
                for (b, &j) in others.iter().enumerate() {
                    if choice >> b & 1 != 0 {
                        sub[j] -= 1;
                        used += 1;
                    }
                }
                let after = ask(&sub[..n], 0);
                sub[..n].copy_from_slice(c);
                for i in 2..ENTRIES {
                    best[i] = best[i].min(after[i - 2] + 3 - used);
                }
            }
        }
    }
    best
}

/// A dense numbering of the patterns of `n` ranks with counts at most
/// `max_count` and at most `max_sum` tiles: the index of a pattern is the sum
/// over its ranks of `offset(rank, tiles before it, count)`.
pub struct Ranking {
    /// Ranks per pattern: 9 for a suit, 7 for the honours.
    pub n: usize,
    /// The most copies of one rank a pattern holds.
    pub max_count: usize,
    /// The most tiles a pattern holds in all.
    pub max_sum: usize,
    /// `[rank][tiles before][count]`, flattened.
    pub offsets: Vec<u32>,
    /// How many patterns there are: indices run from 0 to `len - 1`.
    pub len: usize,
}

impl Ranking {
    /// The numbering of the patterns of `n` ranks (9 at most, the length of
    /// the patterns [`Ranking::patterns`] gives), each count at most
    /// `max_count`, at most `max_sum` tiles in all: `Ranking::new(9, 4, 13)`
    /// numbers the patterns one suit of a hand can show.
    pub fn new(n: usize, max_count: usize, max_sum: usize) -> Ranking {
        // ways[m][s]: patterns of m ranks with at most s tiles.
        let mut ways = vec![vec![0u64; max_sum + 1]; n + 1];
        ways[0].iter_mut().for_each(|w| *w = 1);
        for m in 1..=n {
            for s in 0..=max_sum {
                ways[m][s] = (0..=max_count.min(s)).map(|v| ways[m - 1][s - v]).sum();
            }
        }
        let mut offsets = vec![0u32; n * (max_sum + 1) * (max_count + 1)];
        for rank in 0..n {
            let rest = n - rank - 1;
            for before in 0..=max_sum {
                let mut acc = 0u64;
                for v in 0..=max_count {
                    offsets[(rank * (max_sum + 1) + before) * (max_count + 1) + v] = acc as u32;
                    if before + v <= max_sum {
                        acc += ways[rest][max_sum - before - v];
                    }
                }
            }
        }
        Ranking { n, max_count, max_sum, offsets, len: ways[n][max_sum] as usize }
    }

    /// The pattern's index, or `None` when a count or the total is too large.
    pub fn index(&self, c: &[u8]) -> Option<usize> {
        let (mut index, mut before) = (0usize, 0usize);
        for (rank, &v) in c.iter().enumerate() {
            let v = v as usize;
            if v > self.max_count || before + v > self.max_sum {
                return None;
            }
            index += self.offsets[(rank * (self.max_sum + 1) + before) * (self.max_count + 1) + v] as usize;
            before += v;
        }
        Some(index)
    }

    /// Every pattern, in no particular order.
    pub fn patterns(&self) -> Vec<[u8; 9]> {
        let mut out = Vec::with_capacity(self.len);
        let mut c = [0u8; 9];
        self.walk(0, 0, &mut c, &mut out);
        out
    }

    fn walk(&self, rank: usize, sum: usize, c: &mut [u8; 9], out: &mut Vec<[u8; 9]>) {
        if rank == self.n {
            out.push(*c);
            return;
        }
        for v in 0..=self.max_count.min(self.max_sum - sum) {
            c[rank] = v as u8;
            self.walk(rank + 1, sum + v, c, out);
        }
        c[rank] = 0;
    }
}

/// Table entry of `(k, p)`: the distance in bits 9.., and in bits 0..9 the
/// ranks whose one more tile lowers it.
pub fn entry(distance: u8, lowering: u16) -> u16 {
    (distance as u16) << 9 | lowering
}

/// The entries of pattern `c`: its distances, and which one-tile additions
/// lower each, given the distances of any pattern (no flags) through `dist`.
pub fn entries(c: &[u8], dist: &mut dyn FnMut(&[u8]) -> Distances) -> [u16; ENTRIES] {
    let n = c.len();
    let here = dist(c);
    let mut lowering = [0u16; ENTRIES];
    let mut more = [0u8; 9];
    more[..n].copy_from_slice(c);
    for r in 0..n {
        more[r] += 1;
        let d = dist(&more[..n]);
        more[r] -= 1;
        for i in 0..ENTRIES {
            if d[i] < here[i] {
                lowering[i] |= 1 << r;
            }
        }
    }
    std::array::from_fn(|i| entry(here[i], lowering[i]))
}
