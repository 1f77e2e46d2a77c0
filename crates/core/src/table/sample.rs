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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::Move;

    /// Engines at decisions of seats with two or more legal answers, from
    /// games of four greedy players on walls shuffled by `seed`.
    pub(crate) fn decisions(seed: u64, every: usize) -> Vec<(Engine, u8)> {
        let mut out = Vec::new();
        let mut rng = Rng::new(seed);
        let mut wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
        for i in (1..wall.len()).rev() {
            wall.swap(i, rng.below(i + 1));
        }
        let mut e = Engine::new();
        e.reset_tiles(&wall, 0, 1).unwrap();
        let mut n = 0;
        for _ in 0..400 {
            let mut answers: [String; 4] = Default::default();
            for s in 0..4u8 {
                let mut moves: Vec<Move> = Vec::new();
                e.legal_moves(s, |m| moves.push(m));
                if moves.len() >= 2 {
                    if n % every == 0 {
                        out.push((e, s));
                    }
                    n += 1;
                }
                let m = match moves.len() {
                    0 => Move::PASS,
                    1 => moves[0],
                    _ => crate::greedy::greedy(&e, s, &moves, &mut |k| rng.below(k.max(1))),
                };
                answers[s as usize] = m.answer().unwrap_or_else(|| "PASS".into());
            }
            let turn = e.step([&answers[0], &answers[1], &answers[2], &answers[3]].map(String::as_str)).unwrap();
            if turn.is_terminal() {
                break;
            }
        }
        out
    }

    /// Every tile of `e` by kind: the concealed tiles, the undrawn ones,
    /// the shown ones, the concealed kongs and the tile asked about.
    fn all_tiles(e: &Engine) -> [u32; TILE_KINDS] {
        let mut c = [0u32; TILE_KINDS];
        for s in 0..4u8 {
            e.hand(s).iter().enumerate().for_each(|(k, &n)| c[k] += n as u32);
            e.undrawn(s).iter().for_each(|t| c[t.index()] += 1);
            for p in e.packs(s).iter().filter(|p| p.is_concealed_kong()) {
                c[p.tile.index()] += 4;
            }
        }
        for t in Tile::all() {
            c[t.index()] += e.shown(t) as u32;
        }
        // The tile asked about: a draw or a discard is in no hand yet.
        if e.stage_text().starts_with("Discard") || e.stage_text().starts_with("Draw") {
            c[e.current_tile().index()] += 1;
        }
        c
    }

    #[test]
    fn a_world_keeps_what_the_seat_sees_and_deals_the_rest() {
        let mut checked = [0usize; 2];
        for game in 0..12u64 {
            for (e, seat) in decisions(game, 3) {
                assert_eq!(all_tiles(&e), [4; TILE_KINDS], "game {game}: the real game's tiles at {}", e.stage_text());
                let sizes = hand_sizes(&e);
                let others_kong =
                    (0..4u8).filter(|&o| o != seat).any(|o| e.packs(o).iter().any(|p| p.is_concealed_kong()));
                let mut moves = Vec::new();
                e.legal_moves(seat, |m| moves.push(m));
                for (i, sampler) in Sampler::ALL.into_iter().enumerate() {
                    for stream in 0..3u64 {
                        let at = format!("game {game} seat {seat} {} stream {stream}", sampler.name());
                        let w = world(&e, seat, sizes, sampler, &mut Rng::stream(game, stream)).unwrap();
                        assert_eq!(w.hand(seat), e.hand(seat), "{at}: the seat's hand");
                        for s in 0..4u8 {
                            assert_eq!(w.packs(s), e.packs(s), "{at}: seat {s}'s packs");
                        }
                        assert!(Tile::all().all(|t| w.shown(t) == e.shown(t)), "{at}: shown counts");
                        assert_eq!(w.unseen_by(seat), e.unseen_by(seat), "{at}: unseen");
                        assert_eq!(w.walls_remaining(), e.walls_remaining(), "{at}: wall counts");
                        assert_eq!(w.stage_text(), e.stage_text(), "{at}: stage");
                        assert_eq!(w.current_tile(), e.current_tile(), "{at}: current tile");
                        assert_eq!(w.quan(), e.quan(), "{at}: prevalent wind");
                        let mut w_moves = Vec::new();
                        w.legal_moves(seat, |m| w_moves.push(m));
                        assert_eq!(w_moves, moves, "{at}: the seat's legal answers");
                        for o in (0..4u8).filter(|&o| o != seat) {
                            let n: usize = w.hand(o).iter().map(|&c| c as usize).sum();
                            assert_eq!(n, sizes[o as usize] as usize, "{at}: seat {o}'s hand size");
                        }
                        let total: u32 = all_tiles(&w).iter().sum();
                        assert_eq!(total, 136, "{at}: tiles in all");
                        if !others_kong {
                            assert_eq!(all_tiles(&w), [4; TILE_KINDS], "{at}: four of each kind");
                            // What the seat cannot see holds exactly its unseen tiles.
                            let mut hidden = [0u8; TILE_KINDS];
                            for o in (0..4u8).filter(|&o| o != seat) {
                                w.hand(o).iter().enumerate().for_each(|(k, &n)| hidden[k] += n);
                            }
                            (0..4u8).for_each(|s| w.undrawn(s).iter().for_each(|t| hidden[t.index()] += 1));
                            assert_eq!(hidden, e.unseen_by(seat), "{at}: the hidden tiles are the unseen ones");
                        }
                        checked[i] += 1;
                    }
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 100), "worlds checked per sampler: {checked:?}");
    }

    #[test]
    fn the_samplers_deal_differently_and_each_stream_the_same() {
        let (e, seat) = decisions(3, 7)[4];
        let sizes = hand_sizes(&e);
        let deal = |sampler, stream| world(&e, seat, sizes, sampler, &mut Rng::stream(9, stream)).unwrap();
        let hands = |w: &Engine| (0..4u8).map(|s| w.hand(s)).collect::<Vec<_>>();
        for sampler in Sampler::ALL {
            assert_eq!(hands(&deal(sampler, 1)), hands(&deal(sampler, 1)));
            assert_ne!(hands(&deal(sampler, 1)), hands(&deal(sampler, 2)));
        }
        // The hidden part differs from the real game's.
        assert_ne!(hands(&deal(Sampler::Uniform, 1)), hands(&e));
    }

    #[test]
    fn hand_sizes_that_do_not_fit_are_an_error() {
        let (e, seat) = decisions(1, 3)[2];
        let Err(err) = world(&e, seat, [13, 40, 40, 40], Sampler::Uniform, &mut Rng::new(1)) else {
            panic!("hands of 40 tiles dealt")
        };
        assert!(err.places > err.unseen, "{err:?}");
        assert!(err.to_string().contains("do not fit"), "{err}");
    }
}
