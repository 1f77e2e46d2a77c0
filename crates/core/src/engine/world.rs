//! What one seat cannot see of a game, and the same game with that part
//! dealt anew: the worlds a seat cannot tell apart, for analyses that play
//! games out (`crate::table`).
//!
//! A seat sees its own concealed tiles, every exposed pack, every passed
//! discard, the tile it is asked about and how many tiles each wall segment
//! and each hand holds. It does not see the other seats' concealed tiles
//! (their concealed kongs included) or the order of any segment's undrawn
//! tiles, its own included.

use super::{Engine, Stage};
use crate::tiles::{Tile, TileCounts, TILE_KINDS};

impl Engine {
    /// What `seat` cannot see, by kind: four copies of each, less the shown
    /// tiles ([`Engine::shown`]), its own concealed tiles and concealed
    /// kongs, and the tile it is asked about when that one is not counted
    /// as shown yet (its own draw, a live discard).
    ///
    /// ```
    /// use mcr_core::engine::Engine;
    /// use mcr_core::tiles::Tile;
    ///
    /// let wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
    /// let mut engine = Engine::new();
    /// engine.reset_tiles(&wall, 0, 1)?;
    /// engine.step(["PASS"; 4])?; // the deal
    /// engine.step(["PASS"; 4])?; // seat 0 draws
    /// let unseen = engine.unseen_by(0);
    /// // 136 tiles less seat 0's 13 and its draw.
    /// assert_eq!(unseen.iter().map(|&n| n as usize).sum::<usize>(), 136 - 14);
    /// # Ok::<(), mcr_core::engine::EngineError>(())
    /// ```
    pub fn unseen_by(&self, seat: u8) -> TileCounts {
        let me = &self.table.seats[seat as usize % 4];
        let mut known = [0u8; TILE_KINDS];
        for (i, k) in known.iter_mut().enumerate() {
            *k = self.table.shown[i] + me.counts()[i];
        }
        for p in me.packs().iter().filter(|p| p.is_concealed_kong()) {
            known[p.tile.index()] += 4;
        }
        match self.stage {
            Stage::Draw(s) if s == seat => known[self.tile.index()] += 1,
            Stage::Discard(..) => known[self.tile.index()] += 1,
            _ => {}
        }
        std::array::from_fn(|i| 4u8.saturating_sub(known[i]))
    }

    /// Deals anew what `seat` cannot see: every other seat's concealed
    /// tiles (`hands[o]`; `hands[seat]` is not read) and every segment's
    /// undrawn tiles (`walls[s]`: as many as [`Engine::walls_remaining`]
    /// gives, the last of them drawn first). Everything `seat` sees stays:
    /// packs, shown tiles, the stage, the current tile, the flags. The
    /// caller keeps the tiles a game's: four of each kind in all.
    ///
    /// ```
    /// use mcr_core::engine::Engine;
    /// use mcr_core::tiles::Tile;
    ///
    /// let wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
    /// let mut engine = Engine::new();
    /// engine.reset_tiles(&wall, 0, 1)?;
    /// engine.step(["PASS"; 4])?;
    /// engine.step(["PASS"; 4])?;
    /// // Swap seats 1 and 2's concealed tiles, keep every wall.
    /// let hands = [engine.hand(0), engine.hand(2), engine.hand(1), engine.hand(3)];
    /// let rest: Vec<Vec<Tile>> = (0..4).map(|s| wall[34 * s..34 * s + engine.walls_remaining()[s] as usize].to_vec()).collect();
    /// let before = engine.unseen_by(0);
    /// engine.redeal(0, &hands, &[&rest[0], &rest[1], &rest[2], &rest[3]]);
    /// assert_eq!(engine.hand(1), hands[1]);
    /// assert_eq!(engine.unseen_by(0), before);
    /// # Ok::<(), mcr_core::engine::EngineError>(())
    /// ```
    pub fn redeal(&mut self, seat: u8, hands: &[TileCounts; 4], walls: &[&[Tile]; 4]) {
        for (s, st) in self.table.seats.iter_mut().enumerate() {
            let hand = (s != seat as usize % 4).then_some(&hands[s]);
            st.redeal(walls[s], hand);
        }
        self.can_hu = [-4; 4];
    }
}

/// What tests of the worlds read beyond the public view.
#[cfg(test)]
impl Engine {
    /// The undrawn tiles of `seat`'s segment, the next one drawn first.
    pub(crate) fn undrawn(&self, seat: u8) -> Vec<Tile> {
        let mut s = self.table.seats[seat as usize % 4];
        std::iter::from_fn(|| s.draw()).collect()
    }

    /// The stage, as its debug text.
    pub(crate) fn stage_text(&self) -> String {
        format!("{:?}", self.stage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game played a few steps by the first legal move of each seat.
    fn advanced(steps: usize) -> Engine {
        let wall: Vec<Tile> = Tile::all().flat_map(|t| [t; 4]).collect();
        let mut e = Engine::new();
        e.reset_tiles(&wall, 0, 1).unwrap();
        for _ in 0..steps {
            let mut answers: [String; 4] = Default::default();
            for s in 0..4u8 {
                let mut first = None;
                e.legal_moves(s, |m| {
                    if first.is_none() && !matches!(m.claim, crate::engine::Claim::Hu) {
                        first = Some(m);
                    }
                });
                answers[s as usize] = first.and_then(|m| m.answer()).unwrap_or_else(|| "PASS".into());
            }
            let turn = e.step([&answers[0], &answers[1], &answers[2], &answers[3]].map(|s| s.as_str())).unwrap();
            if turn.is_terminal() {
                break;
            }
        }
        e
    }

    #[test]
    fn unseen_plus_what_a_seat_sees_is_the_whole_set() {
        for steps in [2, 9, 20, 41] {
            let e = advanced(steps);
            for seat in 0..4u8 {
                let unseen = e.unseen_by(seat);
                let hidden: usize = (0..4u8)
                    .filter(|&o| o != seat)
                    .map(|o| e.hand(o).iter().map(|&n| n as usize).sum::<usize>())
                    .sum::<usize>()
                    + e.walls_remaining().iter().map(|&n| n as usize).sum::<usize>();
                // Nothing hidden is missing from the pool: the pool holds
                // the hidden tiles plus, in a drawer's stage, its draw.
                let pool: usize = unseen.iter().map(|&n| n as usize).sum();
                let drawn_by_other = matches!(e.stage, Stage::Draw(s) if s != seat) as usize;
                assert_eq!(pool, hidden + drawn_by_other, "steps {steps} seat {seat}");
            }
        }
    }
}
