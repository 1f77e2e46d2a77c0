//! The judge's order of the 34 tile counts (W, B, T, F, J), as the
//! decision states of the judge's world give them, and the library's.

use crate::tiles::{Tile, TileCounts, TILE_KINDS};

/// The judge's order of the 34 counts (`shown`, `unseen`): W1-W9, B1-B9,
/// T1-T9, F1-F4, J1-J3. (The library's tile order has T before B.)
pub const JUDGE_ORDER: [Tile; TILE_KINDS] = {
    let mut order = [Tile::from_index(0); TILE_KINDS];
    let mut j = 0;
    while j < TILE_KINDS {
        let i = match j {
            9..=17 => j + 9,
            18..=26 => j - 9,
            _ => j,
        };
        order[j] = Tile::from_index(i as u8);
        j += 1;
    }
    order
};

/// 34 counts in the judge's order as counts by tile index.
pub fn counts_from_judge_order(judge: &[u8; TILE_KINDS]) -> TileCounts {
    let mut c = [0u8; TILE_KINDS];
    for (j, &n) in judge.iter().enumerate() {
        c[JUDGE_ORDER[j].index()] = n;
    }
    c
}

/// Counts by tile index in the judge's order.
pub fn counts_to_judge_order(c: &TileCounts) -> [u8; TILE_KINDS] {
    std::array::from_fn(|j| c[JUDGE_ORDER[j].index()])
}
