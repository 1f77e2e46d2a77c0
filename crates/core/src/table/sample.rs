//! The sampler: one world a seat cannot tell from the game, drawn
//! uniformly over what it cannot see.

use crate::engine::Engine;
use crate::rng::Rng;
use crate::tiles::{Tile, TILE_KINDS};

/// Why no world could be dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleError {
    /// Tiles the seat cannot see.
    pub unseen: usize,
    /// Places to fill: the other seats' concealed tiles and the undrawn tiles.
    pub places: usize,
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} unseen tiles cannot fill {} hidden places: the hand sizes do not fit the game",
            self.unseen, self.places
        )
    }
}

impl std::error::Error for SampleError {}

/// `engine` with what `seat` cannot see dealt anew: the unseen tiles
/// shuffled uniformly, the other seats' concealed tiles (`sizes[o]` each)
/// dealt first, then every segment's undrawn tiles. A concealed kong of
/// another seat hides four tiles the seat cannot place: four copies of a
/// kind with four unseen copies, drawn uniformly, leave the pool for each.
pub fn world(engine: &Engine, seat: u8, sizes: [u8; 4], rng: &mut Rng) -> Result<Engine, SampleError> {
    let unseen = engine.unseen_by(seat);
    let mut pool: Vec<Tile> = Vec::with_capacity(136);
    for t in Tile::all() {
        for _ in 0..unseen[t.index()] {
            pool.push(t);
        }
    }
    let remaining = engine.walls_remaining();
    let places: usize = (0..4u8).filter(|&o| o != seat).map(|o| sizes[o as usize] as usize).sum::<usize>()
        + remaining.iter().map(|&n| n as usize).sum::<usize>();
    if pool.len() < places {
        return Err(SampleError { unseen: pool.len(), places });
    }
    let mut extra = pool.len() - places;
    while extra > 0 {
        let mut counts = [0u8; TILE_KINDS];
        pool.iter().for_each(|t| counts[t.index()] += 1);
        let fours: Vec<usize> = (0..TILE_KINDS).filter(|&i| counts[i] == 4).collect();
        if extra >= 4 && !fours.is_empty() {
            let kind = fours[rng.below(fours.len())];
            pool.retain(|t| t.index() != kind);
            extra -= 4;
        } else {
            pool.swap_remove(rng.below(pool.len()));
            extra -= 1;
        }
    }
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i + 1));
    }
    let mut hands = [[0u8; TILE_KINDS]; 4];
    let mut at = 0;
    for o in (0..4u8).filter(|&o| o != seat) {
        for &t in &pool[at..at + sizes[o as usize] as usize] {
            hands[o as usize][t.index()] += 1;
        }
        at += sizes[o as usize] as usize;
    }
    let mut walls: [&[Tile]; 4] = [&[]; 4];
    for (s, w) in walls.iter_mut().enumerate() {
        let n = remaining[s] as usize;
        *w = &pool[at..at + n];
        at += n;
    }
    let mut world = *engine;
    world.redeal(seat, &hands, &walls);
    Ok(world)
}

/// The concealed tiles each seat holds when `seat` is to decide: 13 less
/// three for each pack (a kong is followed by a replacement draw). Right
/// for an engine that knows every pack; a seat's view that does not see
/// concealed kongs gives its own count (`SeatView::hand_sizes`).
pub fn hand_sizes(engine: &Engine) -> [u8; 4] {
    std::array::from_fn(|s| 13u8.saturating_sub(3 * engine.packs(s as u8).len() as u8))
}
