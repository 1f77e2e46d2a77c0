//! Tile classes (sets of tile kinds) that rules name: `wind`, `terminal`,
//! `rank(5)`, `rank_in(7, 9)`, ... A class is a bitmask over the 34 kinds.

use crate::tiles::Tile;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// A class of tiles (honours, terminals, ...) as a bit mask over the 34 kinds.
pub struct Class(
    /// Bit `i` set for the tile of index `i`.
    pub u64,
);

const fn suited_ranks(ranks: u16) -> u64 {
    // bit r-1 of `ranks` selects rank r in every suit.
    let mut m = 0u64;
    let mut s = 0;
    while s < 3 {
        let mut r = 0;
        while r < 9 {
            if ranks & (1 << r) != 0 {
                m |= 1 << (s * 9 + r);
            }
            r += 1;
        }
        s += 1;
    }
    m
}

const fn tiles(list: &[u8]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < list.len() {
        m |= 1 << list[i];
        i += 1;
    }
    m
}

impl Class {
    /// Winds and dragons.
    pub const HONOR: Class = Class(((1u64 << 34) - 1) ^ ((1u64 << 27) - 1));
    /// The four winds.
    pub const WIND: Class = Class(tiles(&[27, 28, 29, 30]));
    /// The three dragons.
    pub const DRAGON: Class = Class(tiles(&[31, 32, 33]));
    /// Characters, bamboo and dots.
    pub const NUMBERED: Class = Class((1u64 << 27) - 1);
    /// Ranks 1 and 9.
    pub const TERMINAL: Class = Class(suited_ranks(0b1_0000_0001));
    /// Terminals and honours.
    pub const TERMINAL_OR_HONOR: Class = Class(Class::TERMINAL.0 | Class::HONOR.0);
    /// Ranks 2 to 8.
    pub const SIMPLE: Class = Class(suited_ranks(0b0_1111_1110));
    /// Even ranks.
    pub const EVEN: Class = Class(suited_ranks(0b0_1010_1010));
    /// 2 3 4 6 8 bamboo and the green dragon.
    pub const GREEN: Class = Class(tiles(&[10, 11, 12, 14, 16, 32]));
    /// Tiles that look the same upside down: 1 2 3 4 5 8 9 dots,
    /// 2 4 5 6 8 9 bamboo, white dragon.
    pub const REVERSIBLE: Class = Class(tiles(&[18, 19, 20, 21, 22, 25, 26, 10, 12, 13, 14, 16, 17, 33]));

    /// Suit tiles of the given rank.
    pub const fn rank(r: &[u8]) -> Class {
        Class(suited_ranks(1 << (r[0] - 1)))
    }

    /// Suit tiles with a rank from `r[0]` to `r[1]`.
    pub const fn rank_in(r: &[u8]) -> Class {
        let mut bits = 0u16;
        let mut k = r[0];
        while k <= r[1] {
            bits |= 1 << (k - 1);
            k += 1;
        }
        Class(suited_ranks(bits))
    }

    #[inline]
    /// Whether `t` is in the class.
    pub fn contains(self, t: Tile) -> bool {
        self.0 & (1 << t.index()) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_tile_predicates() {
        for t in Tile::all() {
            assert_eq!(Class::HONOR.contains(t), t.is_honor(), "{t}");
            assert_eq!(Class::WIND.contains(t), t.is_wind(), "{t}");
            assert_eq!(Class::DRAGON.contains(t), t.is_dragon(), "{t}");
            assert_eq!(Class::TERMINAL.contains(t), t.is_terminal(), "{t}");
            assert_eq!(Class::TERMINAL_OR_HONOR.contains(t), t.is_terminal_or_honor(), "{t}");
            assert_eq!(Class::NUMBERED.contains(t), t.is_suited(), "{t}");
            assert_eq!(Class::SIMPLE.contains(t), t.is_suited() && !t.is_terminal(), "{t}");
        }
        let names = |c: Class| Tile::all().filter(|t| c.contains(*t)).map(|t| t.name()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(Class::GREEN), "T2 T3 T4 T6 T8 J2");
        assert_eq!(names(Class::REVERSIBLE), "T2 T4 T5 T6 T8 T9 B1 B2 B3 B4 B5 B8 B9 J3");
        assert_eq!(names(Class::rank(&[5])), "W5 T5 B5");
        assert_eq!(names(Class::rank_in(&[7, 9])), "W7 W8 W9 T7 T8 T9 B7 B8 B9");
        assert_eq!(names(Class::EVEN), "W2 W4 W6 W8 T2 T4 T6 T8 B2 B4 B6 B8");
    }
}
