//! The primitives rules are written with (see build/vocabulary.rs), as
//! methods of three views: a reading of the hand, a group of sets, and the
//! hand as given (for the win-flag rules). Generated code calls them.

use super::class::Class;
use crate::decompose::{Reading, Set, SetKind, Shape, KNITTED_STRAIGHTS};
use crate::hand::WinFlags;
use crate::tiles::{Suit, Tile, TileCounts};

/// What is known of a hand before reading it.
#[derive(Clone, Debug)]
pub struct HandFacts {
    /// Standing tiles with the win tile.
    pub concealed: TileCounts,
    /// Kinds among the standing tiles with the win tile.
    pub held: u64,
    /// Kinds present anywhere in the hand.
    pub present: u64,
    /// Kinds of which the hand holds all four copies.
    pub fours: u64,
    pub fixed_sets: [Set; 4],
    pub fixed_count: u8,
    pub melded_sets: u32,
    pub standing_count: u8,
    pub win: Tile,
    /// After the flag rules.
    pub flags: WinFlags,
    pub seat_wind: u8,
    pub prevalent_wind: u8,
    pub flowers: u8,
}

impl HandFacts {
    pub fn fixed_sets(&self) -> &[Set] {
        &self.fixed_sets[..self.fixed_count as usize]
    }
}

/// One reading of the hand.
pub struct HandView<'a> {
    pub facts: &'a HandFacts,
    pub reading: &'a Reading,
    /// Asked only when a rule needs it (the wait is a search).
    unique_wait: &'a dyn Fn() -> bool,
    pub no_other_fan: bool,
    stats: SetStats,
}

/// Set counts of a reading, computed once: most conditions ask for them.
#[derive(Clone, Copy, Default)]
struct SetStats {
    chows: u8,
    pungs: u8,
    kongs: u8,
    melded_kongs: u8,
    concealed_pungs: u8,
    /// Tiles at the ends, and in the middle, of chows read from the
    /// standing tiles.
    chow_ends: u64,
    chow_middles: u64,
    /// Middle tiles of all the chows, and tiles of all the pungs and kongs
    /// (two pungs of one kind, six copies, are one tile here), for the
    /// questions about every set.
    chow_tiles: u64,
    pung_tiles: u64,
}

impl SetStats {
    fn of(f: &HandFacts, reading: &Reading, discard_completes_pung_melded: bool) -> SetStats {
        let mut st = SetStats::default();
        let mut win_in_concealed_chow = false;
        let mut concealed_win_pungs = 0;
        for s in reading.sets() {
            match s.kind {
                SetKind::Chow => {
                    st.chows += 1;
                    st.chow_tiles |= 1 << s.tile.index();
                    if !s.fixed {
                        st.chow_ends |= 0b101 << (s.tile.index() - 1);
                        st.chow_middles |= 1 << s.tile.index();
                    }
                    win_in_concealed_chow |= !s.melded && s.kinds() & 1 << f.win.index() != 0;
                }
                SetKind::Pung => {
                    st.pungs += 1;
                    st.pung_tiles |= 1 << s.tile.index();
                    if !s.melded {
                        st.concealed_pungs += 1;
                        if s.tile == f.win {
                            concealed_win_pungs += 1;
                        }
                    }
                }
                SetKind::Kong => {
                    st.pungs += 1;
                    st.pung_tiles |= 1 << s.tile.index();
                    st.kongs += 1;
                    if s.melded {
                        st.melded_kongs += 1;
                    } else {
                        st.concealed_pungs += 1;
                        // As the reference reads the policy: a concealed kong
                        // of the win tile's kind beside its pung or pair (six
                        // copies) loses its concealment too.
                        if s.tile == f.win {
                            concealed_win_pungs += 1;
                        }
                    }
                }
            }
        }
        // A pung of the win tile taken on a discard counts as melded unless
        // the win tile fits a concealed chow (policy discard_completes_pung).
        if discard_completes_pung_melded && !f.flags.self_drawn && !win_in_concealed_chow {
            st.concealed_pungs -= concealed_win_pungs;
        }
        st
    }
}

impl<'a> HandView<'a> {
    pub fn new(
        facts: &'a HandFacts,
        reading: &'a Reading,
        unique_wait: &'a dyn Fn() -> bool,
        discard_completes_pung_melded: bool,
    ) -> HandView<'a> {
        HandView {
            facts,
            reading,
            unique_wait,
            no_other_fan: false,
            stats: SetStats::of(facts, reading, discard_completes_pung_melded),
        }
    }

    pub fn set_no_other_fan(&mut self, v: bool) {
        self.no_other_fan = v;
    }
}

impl HandView<'_> {
    pub fn shape(&self) -> Shape {
        self.reading.shape
    }

    pub fn regular(&self) -> bool {
        self.reading.shape == Shape::Regular
    }
    pub fn seven_pairs(&self) -> bool {
        self.reading.shape == Shape::SevenPairs
    }
    pub fn shifted_pairs(&self) -> bool {
        let c = &self.facts.concealed;
        let Some(first) = c.iter().position(|&n| n != 0) else { return false };
        first < 27
            && first % 9 <= 2
            && (first..first + 7).all(|t| c[t] == 2)
            && c.iter().filter(|&&n| n != 0).count() == 7
    }
    pub fn thirteen_orphans(&self) -> bool {
        self.reading.shape == Shape::ThirteenOrphans
    }
    pub fn honors_knitted(&self) -> bool {
        self.reading.shape == Shape::HonorsKnitted
    }
    pub fn knitted_straight(&self) -> bool {
        match self.reading.shape {
            Shape::KnittedStraight => true,
            Shape::HonorsKnitted => {
                let k = self.reading.knitted.unwrap_or(0) as usize;
                KNITTED_STRAIGHTS[k].iter().all(|&t| self.facts.concealed[t as usize] > 0)
            }
            _ => false,
        }
    }
    pub fn nine_gates(&self) -> bool {
        let f = self.facts;
        if f.fixed_count != 0 || !f.win.is_suited() {
            return false;
        }
        let base = f.win.index() / 9 * 9;
        // Quick reject: the nine ranks of the win tile's suit, nothing else.
        if f.present != 0x1FF << base {
            return false;
        }
        let mut c = f.concealed;
        c[f.win.index()] -= 1;
        const GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
        c[base..base + 9] == GATES && c.iter().map(|&n| n as u32).sum::<u32>() == 13
    }
    pub fn distinct_honors(&self) -> u32 {
        (self.facts.present & Class::HONOR.0).count_ones()
    }

    pub fn chows(&self) -> u32 {
        self.stats.chows as u32
    }
    pub fn pungs(&self) -> u32 {
        self.stats.pungs as u32
    }
    pub fn kongs(&self) -> u32 {
        self.stats.kongs as u32
    }
    pub fn melded_kongs(&self) -> u32 {
        self.stats.melded_kongs as u32
    }
    pub fn concealed_kongs(&self) -> u32 {
        (self.stats.kongs - self.stats.melded_kongs) as u32
    }
    /// Concealed pungs and kongs (see policy discard_completes_pung).
    pub fn concealed_pungs(&self) -> u32 {
        self.stats.concealed_pungs as u32
    }
    pub fn melded_sets(&self) -> u32 {
        self.facts.melded_sets
    }
    pub fn count_pungs(&self, c: Class) -> u32 {
        self.reading.sets().iter().filter(|s| s.kind != SetKind::Chow && c.contains(s.tile)).count() as u32
    }
    pub fn pung_kinds(&self, c: Class) -> u32 {
        (self.stats.pung_tiles & c.0).count_ones()
    }
    pub fn pair_is(&self, c: Class) -> bool {
        self.reading.pair.is_some_and(|p| c.contains(p))
    }
    pub fn all_packs_contain(&self, c: Class) -> bool {
        // A chow holds a tile of `c` when its middle is one of `c` or next
        // to one (a chow's tiles share a suit).
        let chows_in = self.stats.chow_tiles & !(c.0 | c.0 << 1 | c.0 >> 1) == 0;
        self.pair_is(c) && chows_in && self.stats.pung_tiles & !c.0 == 0
    }
    pub fn all_packs_pung_of(&self, c: Class) -> bool {
        self.pair_is(c) && self.stats.chows == 0 && self.stats.pung_tiles & !c.0 == 0
    }

    pub fn all_tiles(&self, c: Class) -> bool {
        self.facts.present & !c.0 == 0
    }
    pub fn any_tile(&self, c: Class) -> bool {
        self.facts.present & c.0 != 0
    }
    pub fn voided_suits(&self) -> u32 {
        let p = self.facts.present;
        (p & 0x1FF == 0) as u32 + (p & 0x1FF << 9 == 0) as u32 + (p & 0x1FF << 18 == 0) as u32
    }
    pub fn tile_hogs(&self) -> u32 {
        let held_four = self.facts.fours.count_ones();
        match self.reading.shape {
            // As the reference's regular readings: a uint8_t of (kinds held
            // four times - kongs), which wraps to 255 when a kong's kind is
            // held a fifth time.
            Shape::Regular => held_four.wrapping_sub(self.kongs()) as u8 as u32,
            // The reference looks at the fourth set and the pair of a knitted
            // straight (a kong is never a hog, whether or not its kind is held
            // a fifth time); the other special readings hold no kong.
            _ => held_four.saturating_sub(self.kongs()),
        }
    }

    pub fn self_drawn(&self) -> bool {
        self.facts.flags.self_drawn
    }
    pub fn fourth_tile(&self) -> bool {
        self.facts.flags.fourth_tile
    }
    pub fn about_kong(&self) -> bool {
        self.facts.flags.about_kong
    }
    pub fn wall_last(&self) -> bool {
        self.facts.flags.wall_last
    }
    pub fn unique_wait(&self) -> bool {
        (self.unique_wait)()
    }
    pub fn win_at_chow_end(&self) -> bool {
        self.stats.chow_ends & 1 << self.facts.win.index() != 0
    }
    pub fn win_in_chow_middle(&self) -> bool {
        self.stats.chow_middles & 1 << self.facts.win.index() != 0
    }
    pub fn win_on_pair(&self) -> bool {
        self.reading.pair == Some(self.facts.win)
    }
    pub fn win_tile(&self, c: Class) -> bool {
        c.contains(self.facts.win)
    }
    pub fn win_in_knitted_straight(&self) -> bool {
        self.knitted_straight()
            && KNITTED_STRAIGHTS[self.reading.knitted.unwrap_or(0) as usize].contains(&(self.facts.win.index() as u8))
    }
    pub fn initial(&self) -> bool {
        self.facts.flags.initial
    }
    pub fn seat_wind(&self) -> u32 {
        self.facts.seat_wind as u32
    }
    pub fn prevalent_wind(&self) -> u32 {
        self.facts.prevalent_wind as u32
    }
    pub fn fixed_packs(&self) -> u32 {
        self.facts.fixed_count as u32
    }
    pub fn flowers(&self) -> u32 {
        self.facts.flowers as u32
    }
    pub fn no_other_fan(&self) -> bool {
        self.no_other_fan
    }
}

/// A group of sets of one kind, with the reading's pair. What the relations
/// ask of the sets (ranks in order, suits, tiles) is worked out once here;
/// no relation needs more of a set than its tile. Made by [`GroupMembers`].
pub struct GroupView {
    len: u8,
    pair: Option<Tile>,
    seat_wind: u8,
    prevalent_wind: u8,
    /// Ranks of the sets' tiles, ascending.
    ranks: [u8; 4],
    /// The suit of each entry of `ranks`.
    rank_suits: [u8; 4],
    /// Suits of the sets' tiles (bit 3: honours).
    suits: u8,
    /// Kinds of the sets' tiles.
    tiles: u64,
}

/// The sets of one kind in a reading (at most four, by their tiles), worked
/// out once for all the groups viewed among them.
pub struct GroupMembers {
    len: u8,
    /// Positions in rank order: views take their sets in that order.
    by_rank: [u8; 4],
    ranks: [u8; 4],
    suits: [u8; 4],
    pair: Option<Tile>,
    seat_wind: u8,
    prevalent_wind: u8,
}

impl GroupMembers {
    pub fn new(
        tiles: impl Iterator<Item = Tile>,
        pair: Option<Tile>,
        seat_wind: u8,
        prevalent_wind: u8,
    ) -> GroupMembers {
        let mut m = GroupMembers {
            len: 0,
            by_rank: [0, 1, 2, 3],
            ranks: [0; 4],
            suits: [0; 4],
            pair,
            seat_wind,
            prevalent_wind,
        };
        for t in tiles {
            m.ranks[m.len as usize] = t.rank();
            m.suits[m.len as usize] = t.suit() as u8;
            m.len += 1;
        }
        // Insertion sort: at most four.
        for i in 1..m.len as usize {
            let mut j = i;
            while j > 0 && m.ranks[m.by_rank[j - 1] as usize] > m.ranks[m.by_rank[j] as usize] {
                m.by_rank.swap(j - 1, j);
                j -= 1;
            }
        }
        m
    }

    /// The group of the members in `mask` (bit k: the k-th tile given).
    #[inline]
    pub fn view(&self, mask: u8) -> GroupView {
        let mut g = GroupView {
            len: 0,
            pair: self.pair,
            seat_wind: self.seat_wind,
            prevalent_wind: self.prevalent_wind,
            ranks: [0; 4],
            rank_suits: [0; 4],
            suits: 0,
            tiles: 0,
        };
        for &k in &self.by_rank[..self.len as usize] {
            if mask & 1 << k != 0 {
                let (r, s) = (self.ranks[k as usize], self.suits[k as usize]);
                g.ranks[g.len as usize] = r;
                g.rank_suits[g.len as usize] = s;
                g.suits |= 1 << s;
                g.tiles |= 1 << (s * 9 + r - 1);
                g.len += 1;
            }
        }
        g
    }
}

impl GroupView {
    fn ranks_sorted(&self) -> &[u8] {
        &self.ranks[..self.len as usize]
    }
    fn suited(&self) -> bool {
        self.suits & 1 << (Suit::Honor as u8) == 0
    }

    pub fn all(&self, c: Class) -> bool {
        self.tiles & !c.0 == 0
    }
    pub fn same_suit(&self) -> bool {
        self.suits.count_ones() == 1 && self.suited()
    }
    pub fn mixed_suits(&self) -> bool {
        self.suits.count_ones() == self.len as u32 && self.suited()
    }
    pub fn suit_count(&self) -> u32 {
        self.suits.count_ones()
    }
    pub fn same_rank(&self) -> bool {
        self.suited() && self.ranks[0] == self.ranks[self.len as usize - 1]
    }
    pub fn same_tile(&self) -> bool {
        self.tiles.count_ones() == 1
    }
    pub fn distinct_tiles(&self) -> bool {
        self.tiles.count_ones() == self.len as u32
    }
    pub fn shifted(&self, step: &[u8]) -> bool {
        self.suited() && self.ranks_sorted().windows(2).all(|w| w[1] == w[0] + step[0])
    }
    pub fn ranks(&self, want: &[u8]) -> bool {
        self.suited() && self.ranks_sorted() == want
    }
    pub fn each_suit_ranks(&self, want: &[u8]) -> bool {
        self.suited()
            && (0..3u8).all(|suit| {
                // Ranks are in order, so each suit's are too.
                let ranks =
                    self.ranks_sorted().iter().zip(&self.rank_suits).filter(|(_, &s)| s == suit).map(|(&r, _)| r);
                self.suits & 1 << suit == 0 || ranks.eq(want.iter().copied())
            })
    }
    pub fn pair_rank(&self, r: &[u8]) -> bool {
        self.pair.is_some_and(|p| p.is_suited() && p.rank() == r[0])
    }
    pub fn pair_same_suit(&self) -> bool {
        self.pair.is_some_and(|p| p.is_suited() && self.suits == 1 << (p.suit() as u8))
    }
    pub fn pair_new_suit(&self) -> bool {
        self.pair.is_some_and(|p| p.is_suited() && self.suits & 1 << (p.suit() as u8) == 0)
    }
    pub fn is_prevalent_wind(&self) -> bool {
        self.tiles == 1 << Tile::wind(self.prevalent_wind).index()
    }
    pub fn is_seat_wind(&self) -> bool {
        self.tiles == 1 << Tile::wind(self.seat_wind).index()
    }
}

/// The hand as given, for the win-flag rules.
pub struct FlagView {
    pub flags: WinFlags,
    pub win_copies_concealed: u32,
    pub win_copies_melded: u32,
    pub fixed_kongs: u32,
    pub seat_wind: u8,
    pub fixed_packs: u8,
}

impl FlagView {
    pub fn self_drawn(&self) -> bool {
        self.flags.self_drawn
    }
    pub fn fourth_tile(&self) -> bool {
        self.flags.fourth_tile
    }
    pub fn about_kong(&self) -> bool {
        self.flags.about_kong
    }
    pub fn wall_last(&self) -> bool {
        self.flags.wall_last
    }
    pub fn win_copies_concealed(&self) -> u32 {
        self.win_copies_concealed
    }
    pub fn win_copies_melded(&self) -> u32 {
        self.win_copies_melded
    }
    pub fn fixed_kongs(&self) -> u32 {
        self.fixed_kongs
    }
    pub fn initial(&self) -> bool {
        self.flags.initial
    }
    pub fn seat_wind(&self) -> u32 {
        self.seat_wind as u32
    }
    pub fn fixed_packs(&self) -> u32 {
        self.fixed_packs as u32
    }
    pub fn set_fourth_tile(&mut self, on: bool) {
        self.flags.fourth_tile = on;
    }
    pub fn set_about_kong(&mut self, on: bool) {
        self.flags.about_kong = on;
    }
}
