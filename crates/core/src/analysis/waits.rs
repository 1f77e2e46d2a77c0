//! The winning tiles of a waiting hand, each scored by the fan calculator
//! ([`crate::fans::calculate`], the one code path for fans): self-drawn and
//! on a discard, with the caller's other flags.

use crate::fans::{self, FanResult, Profile};
use crate::hand::{HandError, HandInput, Pack, WinFlags};
use crate::tiles::Tile;

/// One winning tile and what it scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The winning kind.
    pub tile: Tile,
    /// The calculator's answer when the tile is drawn.
    pub self_drawn: FanResult,
    /// The calculator's answer when the tile is claimed from a discard.
    pub discard: FanResult,
}

impl Wait {
    /// Whether the win falls below the fan minimum of the rules it was
    /// scored with (起和番, the profile's `game min_fan`: then it is not a win
    /// the rules allow), self-drawn and on a discard.
    pub fn below_minimum(&self) -> (bool, bool) {
        let min = |r: &FanResult| r.profile.game.min_fan;
        (self.self_drawn.result < min(&self.self_drawn), self.discard.result < min(&self.discard))
    }
}

/// Each tile that completes the hand (packs and 13 - 3 x packs standing
/// tiles), in tile order. `flags.self_drawn` is ignored: both ways are
/// scored. A tile completes the hand when the calculator scores it on a
/// discard or self-drawn (a fifth copy does not).
pub fn waits(
    packs: &[Pack],
    standing: &[Tile],
    flags: WinFlags,
    seat: u8,
    prevalent: u8,
    flowers: u8,
) -> Result<Vec<Wait>, HandError> {
    waits_with(Profile::default(), packs, standing, flags, seat, prevalent, flowers)
}

/// [`waits`] scored under `profile`.
pub fn waits_with(
    profile: &'static Profile,
    packs: &[Pack],
    standing: &[Tile],
    flags: WinFlags,
    seat: u8,
    prevalent: u8,
    flowers: u8,
) -> Result<Vec<Wait>, HandError> {
    let mut out = Vec::new();
    for tile in Tile::all() {
        let with = |self_drawn| {
            HandInput::new(packs, standing, tile, WinFlags { self_drawn, ..flags }, seat, prevalent, flowers)
        };
        let zimo = fans::calculate_with(profile, &with(true)?);
        let ron = fans::calculate_with(profile, &with(false)?);
        if zimo.is_win() || ron.is_win() {
            out.push(Wait { tile, self_drawn: zimo, discard: ron });
        }
    }
    Ok(out)
}
