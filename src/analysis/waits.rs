//! The winning tiles of a waiting hand, each scored by the fan calculator
//! ([`crate::fans::calculate`], the one code path for fans): self-drawn and
//! on a discard, with the caller's other flags.

use crate::fans::{self, FanResult};
use crate::hand::{HandError, HandInput, Pack, WinFlags};
use crate::tiles::Tile;

/// The fan minimum of the rules (起和番).
pub const MINIMUM_FAN: i32 = 8;

/// One winning tile and what it scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    pub tile: Tile,
    pub self_drawn: FanResult,
    pub discard: FanResult,
}

impl Wait {
    /// Whether the win falls below the fan minimum (then it is not a win the
    /// rules allow), self-drawn and on a discard.
    pub fn below_minimum(&self) -> (bool, bool) {
        (self.self_drawn.result < MINIMUM_FAN, self.discard.result < MINIMUM_FAN)
    }
}

/// Each tile that completes the hand (packs and 13 - 3 x packs standing
/// tiles), in tile order. `flags.self_drawn` is ignored: both ways are
/// scored. A tile completes the hand when the calculator scores it on a
/// discard or self-drawn (a fifth copy does not).
pub fn waits(packs: &[Pack], standing: &[Tile], flags: WinFlags, seat: u8, prevalent: u8, flowers: u8) -> Result<Vec<Wait>, HandError> {
    let mut out = Vec::new();
    for tile in Tile::all() {
        let with = |self_drawn| HandInput::new(packs, standing, tile, WinFlags { self_drawn, ..flags }, seat, prevalent, flowers);
        let zimo = fans::calculate(&with(true)?);
        let ron = fans::calculate(&with(false)?);
        if zimo.is_win() || ron.is_win() {
            out.push(Wait { tile, self_drawn: zimo, discard: ron });
        }
    }
    Ok(out)
}
