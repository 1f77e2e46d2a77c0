//! The judge's dealing when `initdata` gives no wall: C's `srand`/`rand` as
//! glibc implements them, and `std::random_shuffle` as libstdc++ does.
//!
//! glibc's `rand()` is its `random()` in the default state: an additive
//! feedback generator over 31 words (`r[i] = r[i-3] + r[i-31]`, the output
//! `r[i] >> 1`), seeded by `r[0] = seed` (0 taken as 1) and
//! `r[i] = 16807 * r[i-1] mod (2^31 - 1)`, its first 310 outputs discarded.
//! libstdc++'s `random_shuffle(first, last)` swaps, for each `i` from 1 on,
//! element `i` with element `rand() % (i + 1)`.

use mcr_core::tiles::Tile;

/// glibc's `rand()` after `srand(seed)`.
#[derive(Clone, Debug)]
pub struct GlibcRand {
    state: [i32; 31],
    front: usize,
    rear: usize,
}

impl GlibcRand {
    /// The generator after `srand(seed)`.
    pub fn new(seed: u32) -> GlibcRand {
        let seed = if seed == 0 { 1 } else { seed };
        let mut state = [0i32; 31];
        // glibc keeps the seed in an int32_t and steps it with Schrage's
        // method, the divisions truncating toward zero as in C.
        let mut word = seed as i32;
        state[0] = word;
        for slot in state.iter_mut().skip(1) {
            let (hi, lo) = (i64::from(word) / 127_773, i64::from(word) % 127_773);
            let mut next = 16_807 * lo - 2_836 * hi;
            if next < 0 {
                next += 2_147_483_647;
            }
            word = next as i32;
            *slot = word;
        }
        let mut rand = GlibcRand { state, front: 3, rear: 0 };
        for _ in 0..310 {
            rand.next_u31();
        }
        rand
    }

    /// The next `rand()`: 0 ..= 2^31 - 1.
    pub fn next_u31(&mut self) -> u32 {
        let value = (self.state[self.front] as u32).wrapping_add(self.state[self.rear] as u32);
        self.state[self.front] = value as i32;
        self.front = (self.front + 1) % 31;
        self.rear = (self.rear + 1) % 31;
        value >> 1
    }
}

/// The judge's wall before shuffling: for each rank 1..9 four times W, B, T
/// (`W1 B1 T1 W1 B1 T1 ...`), then F1..F4 and J1..J3, four of each.
pub fn unshuffled_wall() -> Vec<Tile> {
    let mut wall = Vec::with_capacity(mcr_core::engine::WALL_SIZE);
    let tile = |name: String| Tile::parse(&name).expect("the judge's tile names are tiles");
    for rank in 1..=9 {
        for _ in 0..4 {
            for suit in ["W", "B", "T"] {
                wall.push(tile(format!("{suit}{rank}")));
            }
        }
    }
    for (letter, count) in [("F", 4), ("J", 3)] {
        for n in 1..=count {
            for _ in 0..4 {
                wall.push(tile(format!("{letter}{n}")));
            }
        }
    }
    wall
}

/// libstdc++'s `std::random_shuffle(first, last)` driven by `rand`.
pub fn random_shuffle<T>(items: &mut [T], rand: &mut GlibcRand) {
    for i in 1..items.len() {
        let j = rand.next_u31() as usize % (i + 1);
        if i != j {
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// glibc's first outputs of `rand()` after `srand(1)` (the C standard's
    /// default seed), as any glibc program prints them.
    #[test]
    fn glibc_sequence_of_seed_one() {
        let mut r = GlibcRand::new(1);
        let first: Vec<u32> = (0..5).map(|_| r.next_u31()).collect();
        assert_eq!(first, [1_804_289_383, 846_930_886, 1_681_692_777, 1_714_636_915, 1_957_747_793]);
        // Seed 0 is seed 1.
        assert_eq!(GlibcRand::new(0).next_u31(), 1_804_289_383);
    }
}
