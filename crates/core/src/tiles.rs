//! Tiles: the 34 kinds, their text names (`W1`..`W9`, `T1`..`T9`, `B1`..`B9`,
//! `F1`..`F4`, `J1`..`J3`) and the classes the rules speak of.
//!
//! The index order follows the reference calculator (characters, bamboo, dots,
//! winds, dragons): the order in which hands are sorted and decompositions are
//! enumerated depends on it, and the reference's tie-breaks depend on that order.
//!
//! # Example
//!
//! ```
//! use mcr_core::tiles::{Suit, Tile};
//!
//! let t = Tile::parse("B5")?;
//! assert_eq!(t.name(), "B5");
//! assert_eq!(t.to_string(), "B5");
//! assert_eq!(t.suit(), Suit::Dots);
//! assert_eq!(Tile::all().count(), 34);
//! assert!(Tile::parse("X1").is_err());
//! # Ok::<(), mcr_core::tiles::UnknownTile>(())
//! ```

use std::fmt;

/// One of the 34 tile kinds, `0..34`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Tile(u8);

/// Suits in index order. `Honor` covers winds and dragons.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Characters (万, `W`).
    Characters = 0,
    /// Bamboo (条, `T`).
    Bamboo = 1,
    /// Dots (饼, `B`).
    Dots = 2,
    /// Winds and dragons (`F`, `J`).
    Honor = 3,
}

/// How many tile kinds: 34.
pub const TILE_KINDS: usize = 34;

/// Text names in index order.
pub const TILE_NAMES: [&str; TILE_KINDS] = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", //
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", //
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", //
    "F1", "F2", "F3", "F4", "J1", "J2", "J3",
];

#[derive(Debug, Clone, PartialEq, Eq)]
/// A tile name that is none of the 34.
pub struct UnknownTile(
    /// The text read.
    pub String,
);

impl std::fmt::Display for UnknownTile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let UnknownTile(v0) = self;
        write!(f, "unknown tile {v0:?} (expected W1-W9, T1-T9, B1-B9, F1-F4 or J1-J3)")
    }
}

impl std::error::Error for UnknownTile {}

impl UnknownTile {
    #[cold]
    fn of(text: &str) -> UnknownTile {
        UnknownTile(text.to_string())
    }
}

impl Tile {
    /// The tile of index `index`, or `None` past 33.
    pub const fn new(index: u8) -> Option<Tile> {
        if (index as usize) < TILE_KINDS {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// `index` must be below 34; used by tables built from known-good data.
    pub const fn from_index(index: u8) -> Tile {
        assert!((index as usize) < TILE_KINDS);
        Tile(index)
    }

    /// A suited tile from suit (0..3) and rank (1..9).
    pub const fn suited(suit: Suit, rank: u8) -> Tile {
        assert!(rank >= 1 && rank <= 9 && (suit as u8) < 3);
        Tile(suit as u8 * 9 + rank - 1)
    }

    /// The 34 kinds in index order.
    #[inline]
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TILE_KINDS as u8).map(Tile)
    }

    #[inline]
    /// The index, 0..34 (`W1` is 0, `J3` is 33).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    /// The suit (honours are [`Suit::Honor`]).
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Characters,
            1 => Suit::Bamboo,
            2 => Suit::Dots,
            _ => Suit::Honor,
        }
    }

    /// 1..9 for suited tiles; 1..4 for winds (E S W N) and 5..7 for dragons
    /// (red, green, white), as in the reference.
    #[inline]
    pub const fn rank(self) -> u8 {
        // Honours start at 27 = 3 * 9: one formula for both.
        self.0 % 9 + 1
    }

    #[inline]
    /// A wind or a dragon.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }
    #[inline]
    /// A wind.
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 < 31
    }
    #[inline]
    /// A dragon.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }
    #[inline]
    /// Characters, bamboo or dots.
    pub const fn is_suited(self) -> bool {
        self.0 < 27
    }
    /// 1 or 9 of a suit.
    #[inline]
    pub const fn is_terminal(self) -> bool {
        self.0 < 27 && (self.0.is_multiple_of(9) || self.0 % 9 == 8)
    }
    /// Terminal or honour (幺九).
    #[inline]
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// The wind tile of wind `w` (0 = east .. 3 = north).
    pub const fn wind(w: u8) -> Tile {
        assert!(w < 4);
        Tile(27 + w)
    }

    /// Next tile of the same suit (`None` past 9 or for honours).
    #[inline]
    pub const fn next(self) -> Option<Tile> {
        if self.0 < 27 && self.0 % 9 != 8 {
            Some(Tile(self.0 + 1))
        } else {
            None
        }
    }
    #[inline]
    /// The tile one rank lower in the same suit, if any.
    pub const fn prev(self) -> Option<Tile> {
        if self.0 < 27 && !self.0.is_multiple_of(9) {
            Some(Tile(self.0 - 1))
        } else {
            None
        }
    }

    #[inline]
    /// The judge's name (`W1`..`W9`, `T1`..`T9`, `B1`..`B9`, `F1`..`F4`, `J1`..`J3`).
    pub const fn name(self) -> &'static str {
        TILE_NAMES[self.0 as usize]
    }

    /// The tile named by the two bytes of its name (`b'W', b'1'` is W1):
    /// the one reading of a tile name, for text ([`Tile::parse`]) and for
    /// bytes from elsewhere (the Python binding's strings).
    #[inline]
    pub const fn from_bytes(b0: u8, b1: u8) -> Option<Tile> {
        let n = b1.wrapping_sub(b'0');
        match (b0, n) {
            (b'W', 1..=9) => Some(Tile(n - 1)),
            (b'T', 1..=9) => Some(Tile(9 + n - 1)),
            (b'B', 1..=9) => Some(Tile(18 + n - 1)),
            (b'F', 1..=4) => Some(Tile(27 + n - 1)),
            (b'J', 1..=3) => Some(Tile(31 + n - 1)),
            _ => None,
        }
    }

    /// Inlined: record checks parse a few tiles per turn; the error is cold.
    #[inline]
    pub fn parse(text: &str) -> Result<Tile, UnknownTile> {
        match text.as_bytes() {
            &[b0, b1] => Tile::from_bytes(b0, b1).ok_or_else(|| UnknownTile::of(text)),
            _ => Err(UnknownTile::of(text)),
        }
    }
}

impl std::str::FromStr for Tile {
    type Err = UnknownTile;
    fn from_str(s: &str) -> Result<Tile, UnknownTile> {
        Tile::parse(s)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let s: std::borrow::Cow<'de, str> = serde::Deserialize::deserialize(d)?;
        Tile::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Counts per tile kind.
pub type TileCounts = [u8; TILE_KINDS];

/// The kinds whose count is not 0, as bits (bit k: kind k). Eight counts at
/// a time: each non-zero byte's high bit set (without carries into its
/// neighbours), the eight high bits then gathered into one byte by a
/// multiplication whose partial products never overlap.
#[inline]
pub fn kinds_held(c: &TileCounts) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut held = 0u64;
    for (i, chunk) in c.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let x = u64::from_le_bytes(bytes);
        let non_zero = (((x & LOW7) + LOW7) | x) & HIGH;
        held |= ((non_zero >> 7).wrapping_mul(GATHER) >> 56) << (8 * i);
    }
    held
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_held_are_the_non_zero_counts() {
        let mut c = [0u8; TILE_KINDS];
        assert_eq!(kinds_held(&c), 0);
        // Every count 0..=255 at every position, beside varied neighbours.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..2000 {
            for slot in c.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *slot = if round % 2 == 0 { (state % 5) as u8 * (state >> 8 & 1) as u8 } else { state as u8 };
            }
            let naive = (0..TILE_KINDS).fold(0u64, |m, k| m | ((c[k] != 0) as u64) << k);
            assert_eq!(kinds_held(&c), naive, "{c:?}");
        }
        for k in 0..TILE_KINDS {
            for n in 0..=255u8 {
                c = [0; TILE_KINDS];
                c[k] = n;
                assert_eq!(kinds_held(&c), ((n != 0) as u64) << k, "count {n} at {k}");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for t in Tile::all() {
            assert_eq!(Tile::parse(t.name()).unwrap(), t);
        }
        assert!(Tile::parse("W0").is_err());
        assert!(Tile::parse("F5").is_err());
        assert!(Tile::parse("J4").is_err());
        assert!(Tile::parse("X1").is_err());
        assert!(Tile::parse("W10").is_err());
    }

    #[test]
    fn classes() {
        let t = |s| Tile::parse(s).unwrap();
        assert!(t("W1").is_terminal() && t("B9").is_terminal() && !t("T5").is_terminal());
        assert!(t("F1").is_wind() && t("J2").is_dragon() && t("J1").is_honor());
        assert_eq!(t("T3").suit(), Suit::Bamboo);
        assert_eq!(t("B3").suit(), Suit::Dots);
        assert_eq!(t("J3").rank(), 7);
        assert_eq!(t("W9").next(), None);
        assert_eq!(t("W8").next(), Some(t("W9")));
    }
}
