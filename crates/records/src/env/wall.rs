//! Seeded walls: a small deterministic generator (SplitMix64), shuffled
//! walls, and the duplicate format's 24 seat permutations of one wall.

use mcr_core::engine::WALL_SIZE;
use mcr_core::tiles::{Tile, TILE_KINDS};

pub use mcr_core::rng::Rng;

/// One game's deal: the wall (seat s owns `wall[34s..34s+34]`), the
/// prevalent wind and the judge seed to echo.
#[derive(Clone, Debug)]
pub struct Deal {
    /// The wall.
    pub wall: [Tile; WALL_SIZE],
    /// The prevalent wind, 0 east to 3 north.
    pub quan: u8,
    /// The judge seed.
    pub srand: i32,
}

/// A wall shuffled by `rng`.
pub fn shuffled(rng: &mut Rng) -> [Tile; WALL_SIZE] {
    let mut wall = [Tile::default(); WALL_SIZE];
    for (i, t) in wall.iter_mut().enumerate() {
        *t = Tile::from_index((i % TILE_KINDS) as u8);
    }
    for i in (1..WALL_SIZE).rev() {
        wall.swap(i, rng.below(i + 1));
    }
    wall
}

/// The 24 orders of four seats, lexicographic.
pub const PERMUTATIONS: [[u8; 4]; 24] = {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    out[n] = [a, b, c, 6 - a - b - c];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// Game `game_no` of a run seeded `seed`. Plain: every game its own wall
/// and prevalent wind. Duplicate: games come in sets of 24 sharing one wall;
/// game k of a set gives seat s the segment of seat `PERMUTATIONS[k][s]` of
/// the set's wall, with prevalent wind k / 6.
pub fn deal(seed: u64, game_no: u64, duplicate: bool) -> Deal {
    let (base_no, perm) = if duplicate { (game_no / 24, Some((game_no % 24) as usize)) } else { (game_no, None) };
    let mut rng = Rng::stream(seed, base_no);
    let base = shuffled(&mut rng);
    let quan_plain = rng.below(4) as u8;
    let srand = (Rng::stream(seed, game_no).next_u64() >> 33) as i32;
    match perm {
        None => Deal { wall: base, quan: quan_plain, srand },
        Some(k) => {
            let mut wall = base;
            for s in 0..4 {
                let from = PERMUTATIONS[k][s] as usize * 34;
                wall[s * 34..s * 34 + 34].copy_from_slice(&base[from..from + 34]);
            }
            Deal { wall, quan: (k / 6) as u8, srand }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_are_full_sets_and_deterministic() {
        let a = deal(7, 3, false);
        let mut counts = [0; TILE_KINDS];
        for t in a.wall {
            counts[t.index()] += 1;
        }
        assert!(counts.iter().all(|&c| c == 4));
        assert_eq!(a.wall, deal(7, 3, false).wall);
        assert_ne!(a.wall, deal(7, 4, false).wall);
        assert_ne!(a.wall, deal(8, 3, false).wall);
    }

    #[test]
    fn duplicate_sets_permute_one_wall() {
        let mut seen = std::collections::HashSet::new();
        for p in PERMUTATIONS {
            let mut sorted = p;
            sorted.sort();
            assert_eq!(sorted, [0, 1, 2, 3]);
            seen.insert(p);
        }
        assert_eq!(seen.len(), 24);
        assert_eq!(PERMUTATIONS[0], [0, 1, 2, 3]);
        assert_eq!(PERMUTATIONS[23], [3, 2, 1, 0]);
        let first = deal(5, 24, true);
        for k in 0..24 {
            let d = deal(5, 24 + k, true);
            for s in 0..4 {
                let from = PERMUTATIONS[k as usize][s] as usize * 34;
                assert_eq!(d.wall[s * 34..s * 34 + 34], first.wall[from..from + 34]);
            }
            assert_eq!(d.quan, (k / 6) as u8);
        }
        assert_ne!(deal(5, 48, true).wall, first.wall);
    }
}
