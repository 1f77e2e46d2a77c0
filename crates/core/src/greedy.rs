//! The greedy policy: HU when legal, the discard of least shanten (then
//! most unseen useful copies), a kong that keeps the shanten, a PENG / CHI
//! that lowers it. It reads only what its seat may see (its hand, its
//! packs, the current tile). The reference bot plays it (`mcr bot --policy
//! greedy`), the arena's built-in `greedy` too, and the table model's
//! playouts play it for every seat ([`crate::table`]).

use crate::analysis::{analyse_counts, discard};
use crate::engine::{Claim, Engine, Move};
use crate::tiles::{Tile, TILE_KINDS};

/// The shanten of a hand by kind counts (99 when it has none).
pub fn shanten(counts: &[u8; TILE_KINDS]) -> i32 {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    analyse_counts(counts, n).shanten().unwrap_or(99)
}

/// The greedy policy's move for `seat` of `e` among its legal `moves`,
/// reading only what the seat may see (its hand, its packs, the current
/// tile). Equal discard rows (same shanten, same unseen useful copies) are
/// broken by `pick(n)`, an index in `0..n` (`mcr bot` takes the first).
pub fn greedy(e: &Engine, seat: u8, moves: &[Move], pick: &mut dyn FnMut(usize) -> usize) -> Move {
    if moves.iter().any(|m| m.claim == Claim::Hu) {
        return Move::new(Claim::Hu);
    }
    let hand = e.hand(seat);
    let current = e.current_tile();
    let drawer = moves.iter().any(|m| matches!(m.claim, Claim::Play(_)));
    if drawer {
        let mut with = hand;
        with[current.index()] += 1;
        let standing: Vec<Tile> = Tile::all().flat_map(|t| std::iter::repeat_n(t, with[t.index()] as usize)).collect();
        let best = discard::discards(e.packs(seat), &standing, &[]).ok().and_then(|rows| {
            let first = rows.first()?;
            let tied = rows.iter().take_while(|r| (r.shanten, r.unseen) == (first.shanten, first.unseen)).count();
            let r = &rows[pick(tied).min(tied - 1)];
            Some((r.tile, r.shanten))
        });
        let Some((tile, best_shanten)) = best else {
            return moves.iter().copied().find(|m| matches!(m.claim, Claim::Play(_))).unwrap_or(Move::PASS);
        };
        for m in moves {
            let after = match m.claim {
                Claim::AnGang(t) => {
                    let mut c = with;
                    c[t.index()] -= 4;
                    c
                }
                Claim::BuGang(t) => {
                    let mut c = with;
                    c[t.index()] -= 1;
                    c
                }
                _ => continue,
            };
            // After a kong the hand draws again: compare its shanten before that draw.
            if shanten(&after) <= best_shanten {
                return *m;
            }
        }
        return Move::new(Claim::Play(tile));
    }
    let now = shanten(&hand);
    let mut best: Option<(i32, Move)> = None;
    for m in moves {
        let mut c = hand;
        let take = |c: &mut [u8; TILE_KINDS], t: Tile| c[t.index()] = c[t.index()].saturating_sub(1);
        let s = match (m.claim, m.discard) {
            (Claim::Gang, _) => {
                c[current.index()] = c[current.index()].saturating_sub(3);
                let s = shanten(&c);
                if s > now {
                    continue;
                }
                s
            }
            (Claim::Peng, Some(d)) => {
                take(&mut c, current);
                take(&mut c, current);
                take(&mut c, d);
                shanten(&c)
            }
            (Claim::Chi { middle }, Some(d)) => {
                c[current.index()] += 1;
                for t in [middle.prev(), Some(middle), middle.next()].into_iter().flatten() {
                    take(&mut c, t);
                }
                take(&mut c, d);
                shanten(&c)
            }
            _ => continue,
        };
        let helps = s < now || m.claim == Claim::Gang;
        if helps && best.is_none_or(|(b, _)| s < b) {
            best = Some((s, *m));
        }
    }
    best.map_or(Move::PASS, |(_, m)| m)
}
