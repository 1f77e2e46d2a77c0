//! The primitives rules are written with (see crates/rules-lang/src/vocabulary.rs), as
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
    /// The melded packs as sets (the first `fixed_count`).
    pub fixed_sets: [Set; 4],
    /// How many packs are melded (or concealed kongs).
    pub fixed_count: u8,
    /// Sets claimed from another seat (melded), not concealed kongs.
    pub melded_sets: u32,
    /// How many standing tiles, the win tile excluded.
    pub standing_count: u8,
    /// The winning tile.
    pub win: Tile,
    /// After the flag rules.
    pub flags: WinFlags,
    /// The seat wind, 0 east to 3 north.
    pub seat_wind: u8,
    /// The prevalent wind, 0 east to 3 north.
    pub prevalent_wind: u8,
    /// Flowers declared.
    pub flowers: u8,
}

impl HandFacts {
    /// The melded packs as sets.
    pub fn fixed_sets(&self) -> &[Set] {
        &self.fixed_sets[..self.fixed_count as usize]
    }
}

/// One reading of the hand.
pub struct HandView<'a> {
    /// What is known of the hand before reading it.
    pub facts: &'a HandFacts,
    /// The reading viewed.
    pub reading: &'a Reading,
    /// Asked only when a rule needs it (the wait is a search).
    unique_wait: &'a dyn Fn() -> bool,
    /// Set when no other fan counted: the condition of the fan that needs it (无番和).
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
    /// A view of `reading` of the hand `facts`. `unique_wait` tells whether
    /// the hand waited on one kind only (asked only when a rule needs it);
    /// `discard_completes_pung_melded` is the profile's policy of that name.
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

    /// Records whether any other fan counted (for the fan that needs none).
    pub fn set_no_other_fan(&mut self, v: bool) {
        self.no_other_fan = v;
    }
}

impl HandView<'_> {
    /// The reading's shape.
    pub fn shape(&self) -> Shape {
        self.reading.shape
    }

    /// A regular reading: four sets and a pair.
    pub fn regular(&self) -> bool {
        self.reading.shape == Shape::Regular
    }
    /// A seven-pairs reading.
    pub fn seven_pairs(&self) -> bool {
        self.reading.shape == Shape::SevenPairs
    }
    /// Seven shifted pairs of one suit (连七对).
    pub fn shifted_pairs(&self) -> bool {
        let c = &self.facts.concealed;
        let Some(first) = c.iter().position(|&n| n != 0) else { return false };
        first < 27
            && first % 9 <= 2
            && (first..first + 7).all(|t| c[t] == 2)
            && c.iter().filter(|&&n| n != 0).count() == 7
    }
    /// A thirteen-orphans reading.
    pub fn thirteen_orphans(&self) -> bool {
        self.reading.shape == Shape::ThirteenOrphans
    }
    /// An honors-and-knitted reading.
    pub fn honors_knitted(&self) -> bool {
        self.reading.shape == Shape::HonorsKnitted
    }
    /// A knitted straight, alone or within honors and knitted tiles.
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
    /// Nine gates: no pack, 1112345678999 of one suit plus the win tile.
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
    /// How many honour kinds the hand holds.
    pub fn distinct_honors(&self) -> u32 {
        (self.facts.present & Class::HONOR.0).count_ones()
    }

    /// Chows in the reading.
    pub fn chows(&self) -> u32 {
        self.stats.chows as u32
    }
    /// Pungs in the reading, kongs included.
    pub fn pungs(&self) -> u32 {
        self.stats.pungs as u32
    }
    /// Kongs in the reading.
    pub fn kongs(&self) -> u32 {
        self.stats.kongs as u32
    }
    /// Melded kongs in the reading.
    pub fn melded_kongs(&self) -> u32 {
        self.stats.melded_kongs as u32
    }
    /// Concealed kongs in the reading.
    pub fn concealed_kongs(&self) -> u32 {
        (self.stats.kongs - self.stats.melded_kongs) as u32
    }
    /// Concealed pungs and kongs (see policy discard_completes_pung).
    pub fn concealed_pungs(&self) -> u32 {
        self.stats.concealed_pungs as u32
    }
    /// Sets claimed from another seat.
    pub fn melded_sets(&self) -> u32 {
        self.facts.melded_sets
    }
    /// Pungs and kongs of a tile of class `c`.
    pub fn count_pungs(&self, c: Class) -> u32 {
        self.reading.sets().iter().filter(|s| s.kind != SetKind::Chow && c.contains(s.tile)).count() as u32
    }
    /// Kinds of class `c` among the pungs and kongs.
    pub fn pung_kinds(&self, c: Class) -> u32 {
        (self.stats.pung_tiles & c.0).count_ones()
    }
    /// Whether the pair is of class `c`.
    pub fn pair_is(&self, c: Class) -> bool {
        self.reading.pair.is_some_and(|p| c.contains(p))
    }
    /// Whether every set and the pair hold a tile of class `c`.
    pub fn all_packs_contain(&self, c: Class) -> bool {
        // A chow holds a tile of `c` when its middle is one of `c` or next
        // to one (a chow's tiles share a suit).
        let chows_in = self.stats.chow_tiles & !(c.0 | c.0 << 1 | c.0 >> 1) == 0;
        self.pair_is(c) && chows_in && self.stats.pung_tiles & !c.0 == 0
    }
    /// Whether the pair and every set are pungs (or kongs) of class `c`.
    pub fn all_packs_pung_of(&self, c: Class) -> bool {
        self.pair_is(c) && self.stats.chows == 0 && self.stats.pung_tiles & !c.0 == 0
    }

    /// Whether every tile of the hand is of class `c`.
    pub fn all_tiles(&self, c: Class) -> bool {
        self.facts.present & !c.0 == 0
    }
    /// Whether some tile of the hand is of class `c`.
    pub fn any_tile(&self, c: Class) -> bool {
        self.facts.present & c.0 != 0
    }
    /// How many of the three suits the hand lacks.
    pub fn voided_suits(&self) -> u32 {
        let p = self.facts.present;
        (p & 0x1FF == 0) as u32 + (p & 0x1FF << 9 == 0) as u32 + (p & 0x1FF << 18 == 0) as u32
    }
    /// Tile hogs: kinds held four times not as a kong (as the reference counts them).
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

    /// The win was self-drawn.
    pub fn self_drawn(&self) -> bool {
        self.facts.flags.self_drawn
    }
    /// The win tile was the last of its kind.
    pub fn fourth_tile(&self) -> bool {
        self.facts.flags.fourth_tile
    }
    /// The win was on a kong replacement or robbed a kong.
    pub fn about_kong(&self) -> bool {
        self.facts.flags.about_kong
    }
    /// The win tile was the wall's last.
    pub fn wall_last(&self) -> bool {
        self.facts.flags.wall_last
    }
    /// The hand waited on one kind only.
    pub fn unique_wait(&self) -> bool {
        (self.unique_wait)()
    }
    /// The win tile completes a chow at its end (an edge wait reading).
    pub fn win_at_chow_end(&self) -> bool {
        self.stats.chow_ends & 1 << self.facts.win.index() != 0
    }
    /// The win tile is a chow's middle tile (a closed wait reading).
    pub fn win_in_chow_middle(&self) -> bool {
        self.stats.chow_middles & 1 << self.facts.win.index() != 0
    }
    /// The win tile completes the pair.
    pub fn win_on_pair(&self) -> bool {
        self.reading.pair == Some(self.facts.win)
    }
    /// Whether the win tile is of class `c`.
    pub fn win_tile(&self, c: Class) -> bool {
        c.contains(self.facts.win)
    }
    /// The win tile is one of the reading's knitted straight.
    pub fn win_in_knitted_straight(&self) -> bool {
        self.knitted_straight()
            && KNITTED_STRAIGHTS[self.reading.knitted.unwrap_or(0) as usize].contains(&(self.facts.win.index() as u8))
    }
    /// Won with the dealt hand or on the first discard.
    pub fn initial(&self) -> bool {
        self.facts.flags.initial
    }
    /// The seat wind, 0 east to 3 north.
    pub fn seat_wind(&self) -> u32 {
        self.facts.seat_wind as u32
    }
    /// The prevalent wind, 0 east to 3 north.
    pub fn prevalent_wind(&self) -> u32 {
        self.facts.prevalent_wind as u32
    }
    /// Packs melded or concealed kongs declared.
    pub fn fixed_packs(&self) -> u32 {
        self.facts.fixed_count as u32
    }
    /// Flowers declared.
    pub fn flowers(&self) -> u32 {
        self.facts.flowers as u32
    }
    /// No other fan counted.
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
    /// The members: the sets' tiles (at most four), the pair, the winds.
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

    /// Whether every set's tile is of class `c`.
    pub fn all(&self, c: Class) -> bool {
        self.tiles & !c.0 == 0
    }
    /// All sets of one suit.
    pub fn same_suit(&self) -> bool {
        self.suits.count_ones() == 1 && self.suited()
    }
    /// Every set of a different suit.
    pub fn mixed_suits(&self) -> bool {
        self.suits.count_ones() == self.len as u32 && self.suited()
    }
    /// How many suits the sets cover (honours one).
    pub fn suit_count(&self) -> u32 {
        self.suits.count_ones()
    }
    /// All sets of one rank (suited).
    pub fn same_rank(&self) -> bool {
        self.suited() && self.ranks[0] == self.ranks[self.len as usize - 1]
    }
    /// All sets of the same tile.
    pub fn same_tile(&self) -> bool {
        self.tiles.count_ones() == 1
    }
    /// No two sets of the same tile.
    pub fn distinct_tiles(&self) -> bool {
        self.tiles.count_ones() == self.len as u32
    }
    /// Ranks, in order, each `step[0]` above the previous (suited).
    pub fn shifted(&self, step: &[u8]) -> bool {
        self.suited() && self.ranks_sorted().windows(2).all(|w| w[1] == w[0] + step[0])
    }
    /// The sets' ranks in order are exactly `want` (suited).
    pub fn ranks(&self, want: &[u8]) -> bool {
        self.suited() && self.ranks_sorted() == want
    }
    /// In each suit present, the sets' ranks in order are exactly `want`.
    pub fn each_suit_ranks(&self, want: &[u8]) -> bool {
        self.suited()
            && (0..3u8).all(|suit| {
                // Ranks are in order, so each suit's are too.
                let ranks =
                    self.ranks_sorted().iter().zip(&self.rank_suits).filter(|(_, &s)| s == suit).map(|(&r, _)| r);
                self.suits & 1 << suit == 0 || ranks.eq(want.iter().copied())
            })
    }
    /// The pair is suited and of rank `r[0]`.
    pub fn pair_rank(&self, r: &[u8]) -> bool {
        self.pair.is_some_and(|p| p.is_suited() && p.rank() == r[0])
    }
    /// The pair is suited and of the sets' one suit.
    pub fn pair_same_suit(&self) -> bool {
        self.pair.is_some_and(|p| p.is_suited() && self.suits == 1 << (p.suit() as u8))
    }
    /// The pair is suited and of a suit no set has.
    pub fn pair_new_suit(&self) -> bool {
        self.pair.is_some_and(|p| p.is_suited() && self.suits & 1 << (p.suit() as u8) == 0)
    }
    /// The group is a single set of the prevalent wind.
    pub fn is_prevalent_wind(&self) -> bool {
        self.tiles == 1 << Tile::wind(self.prevalent_wind).index()
    }
    /// The group is a single set of the seat wind.
    pub fn is_seat_wind(&self) -> bool {
        self.tiles == 1 << Tile::wind(self.seat_wind).index()
    }
}

/// The hand as given, for the win-flag rules.
pub struct FlagView {
    /// The win flags as given, changed by the rules.
    pub flags: WinFlags,
    /// Copies of the win tile among the standing tiles (win tile included).
    pub win_copies_concealed: u32,
    /// Copies of the win tile in the melded packs.
    pub win_copies_melded: u32,
    /// Kongs among the packs.
    pub fixed_kongs: u32,
    /// The seat wind, 0 east to 3 north.
    pub seat_wind: u8,
    /// Packs melded or concealed kongs declared.
    pub fixed_packs: u8,
}

impl FlagView {
    /// The win was self-drawn.
    pub fn self_drawn(&self) -> bool {
        self.flags.self_drawn
    }
    /// The win tile was the last of its kind.
    pub fn fourth_tile(&self) -> bool {
        self.flags.fourth_tile
    }
    /// The win was on a kong replacement or robbed a kong.
    pub fn about_kong(&self) -> bool {
        self.flags.about_kong
    }
    /// The win tile was the wall's last.
    pub fn wall_last(&self) -> bool {
        self.flags.wall_last
    }
    /// Copies of the win tile among the standing tiles.
    pub fn win_copies_concealed(&self) -> u32 {
        self.win_copies_concealed
    }
    /// Copies of the win tile in the melded packs.
    pub fn win_copies_melded(&self) -> u32 {
        self.win_copies_melded
    }
    /// Kongs among the packs.
    pub fn fixed_kongs(&self) -> u32 {
        self.fixed_kongs
    }
    /// Won with the dealt hand or on the first discard.
    pub fn initial(&self) -> bool {
        self.flags.initial
    }
    /// The seat wind, 0 east to 3 north.
    pub fn seat_wind(&self) -> u32 {
        self.seat_wind as u32
    }
    /// Packs melded or concealed kongs declared.
    pub fn fixed_packs(&self) -> u32 {
        self.fixed_packs as u32
    }
    /// Sets the fourth-tile flag.
    pub fn set_fourth_tile(&mut self, on: bool) {
        self.flags.fourth_tile = on;
    }
    /// Sets the about-kong flag.
    pub fn set_about_kong(&mut self, on: bool) {
        self.flags.about_kong = on;
    }
}
