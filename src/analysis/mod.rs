//! Hand analysis: how far a hand is from winning (shanten, 上听数) in each of
//! the five shapes the rules name ([`Shape`]), which tiles bring it closer
//! (useful tiles, 有效牌), what to discard, and which tiles win for how many
//! fan.
//!
//! The answers are the reference's (pymahjonggb 1.4.0, `shanten.cpp` and its
//! Python API), quirks included: the special shapes are asked only of 13
//! standing tiles (the knitted straight also of 10); the fixed packs change
//! nothing but the number of standing tiles; fifth copies are not rejected;
//! useful tiles are listed whether or not copies remain, except that a tile
//! the hand holds four of is not useful to the regular shape of a hand that is
//! not yet waiting.
//!
//! - [`regular`]: the regular shape from per-suit tables (build/decompose.rs,
//!   [`distance`]).
//! - [`seven_pairs`], [`thirteen_orphans`], [`knitted`]: the special shapes.
//! - [`discard`]: the discard table of a hand holding its 14th tile.
//! - [`mod@waits`]: each winning tile of a waiting hand, scored by the calculator.
//! - [`decide`]: per discard, the chance and expected points of a win of the
//!   rules' minimum fan within the draws left.
//! - [`review`]: a game record's discards weighed by [`decide`] against the
//!   discard it suggests.

pub mod corpus;
pub mod decide;
pub mod discard;
pub mod distance;
pub mod knitted;
pub mod regular;
pub mod review;
pub mod seven_pairs;
pub mod tables;
pub mod thirteen_orphans;
pub mod waits;

pub use crate::decompose::Shape;
pub use discard::{discards, Discard};
pub use waits::{waits, Wait};

use crate::hand::Pack;
use crate::tiles::{Tile, TileCounts, TILE_KINDS};

/// A set of tile kinds (bit i: tile index i).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct TileSet(pub u64);

impl TileSet {
    /// The set of no kind.
    pub const EMPTY: TileSet = TileSet(0);

    /// Whether kind `t` is in the set.
    ///
    /// ```
    /// use mcr_engine::analysis::TileSet;
    /// use mcr_engine::tiles::Tile;
    ///
    /// let set: TileSet = ["W1", "J3"].iter().map(|n| n.parse::<Tile>().unwrap()).collect();
    /// assert!(set.contains("J3".parse().unwrap()));
    /// assert!(!set.contains("W2".parse().unwrap()));
    /// assert_eq!(set.len(), 2);
    /// ```
    pub fn contains(self, t: Tile) -> bool {
        self.0 >> t.index() & 1 != 0
    }
    /// The number of kinds in the set (0 to 34).
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// Whether the set holds no kind.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The tiles in index order (the reference's order).
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let i = m.trailing_zeros();
                m &= m - 1;
                Tile::from_index(i as u8)
            })
        })
    }
}

impl std::fmt::Debug for TileSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> TileSet {
        TileSet(iter.into_iter().fold(0, |m, t| m | 1 << t.index()))
    }
}

/// The shanten of one shape and its useful tiles: `shanten` 0 means waiting
/// (the useful tiles are then the winning tiles), -1 cannot occur for 13 - 3n
/// standing tiles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ShapeShanten {
    /// The number of tiles still to change before the shape waits (0:
    /// waiting).
    pub shanten: i32,
    /// The kinds whose draw lowers the shanten (when waiting: the winning
    /// kinds).
    pub useful: TileSet,
}

/// Where the reference raises; the messages are the reference's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ShantenError {
    /// A per-shape function asked of a number of standing tiles the shape
    /// does not take.
    #[error("ERROR_INVALID_HAND")]
    InvalidHand,
    /// `MahjongShanten` with a number of standing tiles no shape takes.
    #[error("ERROR_INVALID_HAND_OR_PACK")]
    InvalidHandOrPack,
    /// A tile name the reference does not know (its spelling kept).
    #[error("ERROE_WRONG_TILE_CODE")]
    WrongTileCode,
    /// A pack's offer outside 0..=3.
    #[error("ERROE_WRONG_OFFER_CODE")]
    WrongOfferCode,
    /// A pack type other than CHI, PENG, GANG.
    #[error("ERROE_WRONG_PACK_CODE")]
    WrongPackCode,
    /// The discard table: more than four copies of a kind among the hand,
    /// its packs and the tiles reported visible.
    #[error("more than 4 copies of {0} among the hand, its packs and the visible tiles")]
    TooManyCopies(Tile),
}

/// The shapes in the order of the reference's Python API and of
/// `shanten.jsonl.gz`.
pub const SHAPES: [Shape; 5] =
    [Shape::Regular, Shape::SevenPairs, Shape::ThirteenOrphans, Shape::HonorsKnitted, Shape::KnittedStraight];

/// Counts of the standing tiles; `None` past 14 tiles (no shape takes them).
fn counts_of(standing: &[Tile]) -> Option<TileCounts> {
    if standing.len() > 14 {
        return None;
    }
    let mut c = [0u8; TILE_KINDS];
    for t in standing {
        c[t.index()] += 1;
    }
    Some(c)
}

/// The shanten of one shape with its useful tiles (pymahjonggb's
/// `RegularShanten`, `SevenPairsShanten`, `ThirteenOrphansShanten`,
/// `HonorsAndKnittedTilesShanten`, `KnittedStraightShanten`).
pub fn shape_shanten(shape: Shape, standing: &[Tile]) -> Result<ShapeShanten, ShantenError> {
    let c = counts_of(standing).ok_or(ShantenError::InvalidHand)?;
    shape_from_counts(shape, &c, standing.len())
}

fn shape_from_counts(shape: Shape, c: &TileCounts, n: usize) -> Result<ShapeShanten, ShantenError> {
    match shape {
        Shape::Regular => regular::shanten(c, n),
        Shape::SevenPairs => seven_pairs::shanten(c, n),
        Shape::ThirteenOrphans => thirteen_orphans::shanten(c, n),
        Shape::HonorsKnitted => knitted::honors_and_knitted_shanten(c, n),
        Shape::KnittedStraight => knitted::knitted_straight_shanten(c, n),
    }
    .ok_or(ShantenError::InvalidHand)
}

/// `RegularShanten(hand)`: 13, 10, 7, 4 or 1 standing tiles.
pub fn regular_shanten(standing: &[Tile]) -> Result<ShapeShanten, ShantenError> {
    shape_shanten(Shape::Regular, standing)
}
/// `SevenPairsShanten(hand)`: 13 standing tiles.
pub fn seven_pairs_shanten(standing: &[Tile]) -> Result<ShapeShanten, ShantenError> {
    shape_shanten(Shape::SevenPairs, standing)
}
/// `ThirteenOrphansShanten(hand)`: 13 standing tiles.
pub fn thirteen_orphans_shanten(standing: &[Tile]) -> Result<ShapeShanten, ShantenError> {
    shape_shanten(Shape::ThirteenOrphans, standing)
}
/// `HonorsAndKnittedTilesShanten(hand)`: 13 standing tiles.
pub fn honors_and_knitted_shanten(standing: &[Tile]) -> Result<ShapeShanten, ShantenError> {
    shape_shanten(Shape::HonorsKnitted, standing)
}
/// `KnittedStraightShanten(hand)`: 13 or 10 standing tiles.
pub fn knitted_straight_shanten(standing: &[Tile]) -> Result<ShapeShanten, ShantenError> {
    shape_shanten(Shape::KnittedStraight, standing)
}

/// Every shape of one hand and the least shanten among them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandShanten {
    /// In the order of [`SHAPES`].
    pub shapes: [Result<ShapeShanten, ShantenError>; 5],
}

impl HandShanten {
    /// `MahjongShanten`: the least shanten over the shapes.
    pub fn shanten(&self) -> Result<i32, ShantenError> {
        self.shapes.iter().filter_map(|s| s.ok()).map(|s| s.shanten).min().ok_or(ShantenError::InvalidHandOrPack)
    }
    /// The useful tiles of the shapes at the least shanten.
    pub fn useful(&self) -> TileSet {
        let Ok(best) = self.shanten() else { return TileSet::EMPTY };
        TileSet(self.shapes.iter().filter_map(|s| s.ok()).filter(|s| s.shanten == best).fold(0, |m, s| m | s.useful.0))
    }
    /// The answer for one shape: the shape's error when it does not take
    /// this number of standing tiles.
    pub fn shape(&self, shape: Shape) -> Result<ShapeShanten, ShantenError> {
        self.shapes[SHAPES.iter().position(|&s| s == shape).unwrap_or(0)]
    }
}

/// All five shapes of a hand, with their useful tiles. The packs do not
/// change the answer (as in the reference): the number of standing tiles
/// says how many sets are fixed.
pub fn analyse(_packs: &[Pack], standing: &[Tile]) -> HandShanten {
    match counts_of(standing) {
        Some(c) => analyse_counts(&c, standing.len()),
        None => HandShanten { shapes: [Err(ShantenError::InvalidHand); 5] },
    }
}

/// [`analyse`] from the counts of `n` standing tiles.
pub fn analyse_counts(c: &TileCounts, n: usize) -> HandShanten {
    HandShanten { shapes: SHAPES.map(|s| shape_from_counts(s, c, n)) }
}

/// `MahjongShanten(pack, hand)`: the least shanten over the five shapes, or
/// `ERROR_INVALID_HAND_OR_PACK` when no shape takes that many standing tiles.
pub fn mahjong_shanten(packs: &[Pack], standing: &[Tile]) -> Result<i32, ShantenError> {
    analyse(packs, standing).shanten()
}
