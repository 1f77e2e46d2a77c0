//! The 235-action space of the IJCAI MCR baseline's `FeatureAgent`
//! (`feature.py`, `OFFSET_ACT`), so policies trained on it plug in:
//!
//! | index | action | answer |
//! |---|---|---|
//! | 0 | pass | `PASS` |
//! | 1 | hu | `HU` |
//! | 2 + t | play tile t | `PLAY t` (also: the discard that completes a PENG/CHI) |
//! | 36 + 21·suit + 3·(m−2) + k | chi: run around middle rank m (2..8) of suit W/T/B, claimed tile the k-th of the run (0 low, 1 middle, 2 high) | `CHI <middle> <discard>` |
//! | 99 + t | peng tile t (the live discard) | `PENG <discard>` |
//! | 133 + t | melded kong of tile t (the live discard) | `GANG` |
//! | 167 + t | concealed kong of t | `GANG t` |
//! | 201 + t | promote the pung of t | `BUGANG t` |
//!
//! Tiles t in the judge's order: W1..W9 = 0..8, T1..T9 = 9..17, B1..B9 =
//! 18..26, F1..F4 = 27..30, J1..J3 = 31..33 (the baseline's `TILE_LIST`,
//! and `Tile::index`). PENG and CHI are two decisions, as in the baseline:
//! the claim (this index), then its discard (a play index).

use mcr_core::engine::{Claim, Engine};
use mcr_core::tiles::{Suit, Tile};

/// How many actions: 235.
pub const NUM_ACTIONS: usize = 235;
/// The action PASS.
pub const PASS: usize = 0;
/// The action HU.
pub const HU: usize = 1;
/// First of the 34 PLAY actions, by tile index.
pub const PLAY: usize = 2;
/// First of the 63 CHI actions (run and claimed position).
pub const CHI: usize = 36;
/// First of the 34 PENG actions, by tile index.
pub const PENG: usize = 99;
/// First of the 34 GANG actions (melded kong of the discard), by tile index.
pub const GANG: usize = 133;
/// First of the 34 concealed kong actions, by tile index.
pub const ANGANG: usize = 167;
/// First of the 34 BUGANG actions, by tile index.
pub const BUGANG: usize = 201;

/// The index of `claim`; the claimed tile (for CHI, PENG and the melded
/// kong) is `current`, the engine's current tile.
pub fn encode(claim: Claim, current: Tile) -> usize {
    match claim {
        Claim::Pass => PASS,
        Claim::Hu => HU,
        Claim::Play(t) => PLAY + t.index(),
        Claim::Chi { middle } => chi_index(middle, current),
        Claim::Peng => PENG + current.index(),
        Claim::Gang => GANG + current.index(),
        Claim::AnGang(t) => ANGANG + t.index(),
        Claim::BuGang(t) => BUGANG + t.index(),
    }
}

/// CHI index of the run around `middle` holding `claimed` (both suited, one
/// rank apart at most: as [`Claim::Chi`] from the engine).
pub fn chi_index(middle: Tile, claimed: Tile) -> usize {
    let k = (claimed.rank() + 1 - middle.rank()) as usize;
    CHI + 21 * middle.suit() as usize + 3 * (middle.rank() as usize - 2) + k
}

/// The claim an index names when the engine's current tile is `current`;
/// `None` for an index out of range, and for a CHI, PENG or melded kong of
/// a tile other than `current` (no answer string says that).
pub fn decode(index: usize, current: Tile) -> Option<Claim> {
    let tile = |base: usize| Tile::new((index - base) as u8);
    Some(match index {
        PASS => Claim::Pass,
        HU => Claim::Hu,
        i if i < CHI => Claim::Play(tile(PLAY)?),
        i if i < PENG => {
            let r = i - CHI;
            let suit = [Suit::Characters, Suit::Bamboo, Suit::Dots][r / 21];
            let middle = Tile::suited(suit, (r % 21 / 3) as u8 + 2);
            let claimed = Tile::suited(suit, middle.rank() + (r % 3) as u8 - 1);
            if claimed != current {
                return None;
            }
            Claim::Chi { middle }
        }
        i if i < GANG => (tile(PENG)? == current).then_some(Claim::Peng)?,
        i if i < ANGANG => (tile(GANG)? == current).then_some(Claim::Gang)?,
        i if i < BUGANG => Claim::AnGang(tile(ANGANG)?),
        i if i < NUM_ACTIONS => Claim::BuGang(tile(BUGANG)?),
        _ => return None,
    })
}

/// The index of each of `seat`'s legal claims, in the engine's order
/// ([`write_mask`] sets these).
#[inline]
pub fn legal_indices(engine: &Engine, seat: u8, mut f: impl FnMut(usize)) {
    let current = engine.current_tile();
    engine.legal_claims(seat, |claim| f(encode(claim, current)));
}

/// The play index of each legal discard of the second decision of a PENG
/// or CHI ([`write_discard_mask`] sets these).
#[inline]
pub fn legal_discard_indices(engine: &Engine, seat: u8, claim: Claim, mut f: impl FnMut(usize)) {
    let ok = engine.legal_discards(seat, claim);
    for (t, &ok) in ok.iter().enumerate() {
        if ok {
            f(PLAY + t);
        }
    }
}

/// Writes `seat`'s legal claims as a 0/1 mask over the 235 actions; returns
/// how many are legal.
pub fn write_mask(engine: &Engine, seat: u8, mask: &mut [u8]) -> usize {
    mask[..NUM_ACTIONS].fill(0);
    let mut n = 0;
    legal_indices(engine, seat, |i| {
        mask[i] = 1;
        n += 1;
    });
    n
}

/// The second decision of a PENG or CHI: its legal discards as play indices.
pub fn write_discard_mask(engine: &Engine, seat: u8, claim: Claim, mask: &mut [u8]) -> usize {
    mask[..NUM_ACTIONS].fill(0);
    let mut n = 0;
    legal_discard_indices(engine, seat, claim, |i| {
        mask[i] = 1;
        n += 1;
    });
    n
}

/// An action's name for documentation and debugging: `"chi B4(k=0)"` etc.
pub fn describe(index: usize) -> String {
    let t = |base: usize| Tile::new((index - base) as u8).map_or("?", Tile::name);
    match index {
        PASS => "pass".into(),
        HU => "hu".into(),
        i if i < CHI => format!("play {}", t(PLAY)),
        i if i < PENG => {
            let r = i - CHI;
            format!("chi {}{} k={}", ["W", "T", "B"][r / 21], r % 21 / 3 + 2, r % 3)
        }
        i if i < GANG => format!("peng {}", t(PENG)),
        i if i < ANGANG => format!("gang {}", t(GANG)),
        i if i < BUGANG => format!("angang {}", t(ANGANG)),
        i if i < NUM_ACTIONS => format!("bugang {}", t(BUGANG)),
        _ => format!("out of range {index}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        Tile::parse(s).unwrap()
    }

    #[test]
    fn layout_matches_the_baseline() {
        // The baseline's mask for a claimed W5 from the left: low run
        // (W3 W4 W5) at (num-3)*3+2, middle at (num-2)*3+1, high at (num-1)*3.
        assert_eq!(chi_index(t("W4"), t("W5")), CHI + 2 * 3 + 2);
        assert_eq!(chi_index(t("W5"), t("W5")), CHI + 3 * 3 + 1);
        assert_eq!(chi_index(t("W6"), t("W5")), CHI + 4 * 3);
        assert_eq!(chi_index(t("B8"), t("B9")), PENG - 1);
        assert_eq!(chi_index(t("T2"), t("T1")), CHI + 21);
        assert_eq!(encode(Claim::Play(t("J3")), t("W1")), CHI - 1);
        assert_eq!(encode(Claim::BuGang(t("J3")), t("W1")), NUM_ACTIONS - 1);
        assert_eq!(encode(Claim::Peng, t("F1")), PENG + 27);
    }

    #[test]
    fn every_index_round_trips() {
        for current in Tile::all() {
            let mut named = 0;
            for i in 0..NUM_ACTIONS {
                if let Some(c) = decode(i, current) {
                    assert_eq!(encode(c, current), i, "{} with {current}", describe(i));
                    named += 1;
                }
            }
            // pass, hu, 34 plays, 34 angang, 34 bugang, peng and gang of the
            // current tile, and the chis that hold it.
            let chis = if current.is_suited() { [1, 2, 3, 3, 3, 3, 3, 2, 1][current.rank() as usize - 1] } else { 0 };
            assert_eq!(named, 2 + 34 * 3 + 2 + chis, "{current}");
        }
        assert_eq!(decode(NUM_ACTIONS, t("W1")), None);
    }
}
