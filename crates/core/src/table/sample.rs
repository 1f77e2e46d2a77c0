//! The samplers: one world a seat cannot tell from the game.
//!
//! - [`Sampler::Uniform`]: what the seat cannot see, dealt uniformly.
//! - [`Sampler::Drawn`]: each other seat's concealed tiles dealt as a
//!   player's hand after as many draws as that seat has had: a uniform
//!   hand, then, once for each of its draws, a tile drawn from the unseen
//!   ones and the tile of least shanten given back (ties drawn at random).
//!   The rest of the unseen tiles fill the walls, uniformly.

use crate::analysis::analyse_counts;
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

/// How the hidden tiles of a world are dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sampler {
    /// Uniformly over what the seat cannot see.
    Uniform,
    /// The other seats' hands as a player's after their draws (the
    /// module's docs), the walls uniformly.
    #[default]
    Drawn,
}

impl Sampler {
    /// Every sampler.
    pub const ALL: [Sampler; 2] = [Sampler::Uniform, Sampler::Drawn];

    /// Its name (`uniform`, `drawn`).
    pub fn name(self) -> &'static str {
        match self {
            Sampler::Uniform => "uniform",
            Sampler::Drawn => "drawn",
        }
    }

    /// The sampler of a name.
    pub fn parse(name: &str) -> Option<Sampler> {
        Sampler::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// `engine` with what `seat` cannot see dealt anew by `sampler`: the
/// unseen tiles shuffled, the other seats' concealed tiles (`sizes[o]`
/// each) dealt first, then every segment's undrawn tiles. A concealed kong
/// of another seat hides four tiles the seat cannot place: four copies of
/// a kind with four unseen copies, drawn uniformly, leave the pool for each.
pub fn world(
    engine: &Engine,
    seat: u8,
    sizes: [u8; 4],
    sampler: Sampler,
    rng: &mut Rng,
) -> Result<Engine, SampleError> {
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
        let size = sizes[o as usize] as usize;
        for &t in &pool[at..at + size] {
            hands[o as usize][t.index()] += 1;
        }
        at += size;
        if sampler == Sampler::Drawn && size > 0 {
            // Its draws so far (21 in a segment after the deal) and the
            // discards it claimed: each brought it one tile.
            let claimed = engine.packs(o).iter().filter(|p| !p.is_concealed_kong()).count();
            let steps = 21usize.saturating_sub(remaining[o as usize] as usize) + claimed;
            for _ in 0..steps {
                if at >= pool.len() {
                    break;
                }
                // Draw one of the tiles not dealt yet, give back the worst.
                let k = at + rng.below(pool.len() - at);
                let drawn = pool[k];
                let hand = &mut hands[o as usize];
                hand[drawn.index()] += 1;
                let back = worst_tile(hand, &unseen, rng);
                hand[back.index()] -= 1;
                pool[k] = back;
            }
        }
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

/// The tile of `hand` (one over its size) the greedy policy gives back:
/// the one whose removal leaves the least shanten, then the most copies of
/// useful tiles among `unseen` (less the hand's own); ties drawn by `rng`.
fn worst_tile(hand: &[u8; TILE_KINDS], unseen: &[u8; TILE_KINDS], rng: &mut Rng) -> Tile {
    let mut best: [Tile; TILE_KINDS] = [Tile::from_index(0); TILE_KINDS];
    let mut n = 0;
    let mut best_key = (i32::MAX, 0i32);
    let size: usize = hand.iter().map(|&c| c as usize).sum::<usize>() - 1;
    for t in Tile::all().filter(|t| hand[t.index()] > 0) {
        let mut c = *hand;
        c[t.index()] -= 1;
        let a = analyse_counts(&c, size);
        let s = a.shanten().unwrap_or(99);
        let useful = a.useful();
        let copies: i32 = Tile::all()
            .filter(|&u| useful.contains(u))
            .map(|u| unseen[u.index()].saturating_sub(c[u.index()]) as i32)
            .sum();
        let key = (s, -copies);
        if key < best_key {
            best_key = key;
            n = 0;
        }
        if key == best_key {
            best[n] = t;
            n += 1;
        }
    }
    best[rng.below(n.max(1))]
}

/// The concealed tiles each seat holds when `seat` is to decide: 13 less
/// three for each pack (a kong is followed by a replacement draw). Right
/// for an engine that knows every pack; a seat's view that does not see
/// concealed kongs gives its own count (`SeatView::hand_sizes`).
pub fn hand_sizes(engine: &Engine) -> [u8; 4] {
    std::array::from_fn(|s| 13u8.saturating_sub(3 * engine.packs(s as u8).len() as u8))
}
