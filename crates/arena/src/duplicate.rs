//! The duplicate format: every wall is played 24 times, once under each
//! assignment of the four bots (the entries of the bots file) to the seats,
//! with the prevalent wind spread evenly (6 games each for quan 0..3).
//!
//! The order is fixed and documented (docs/src/arena.md, "Tournaments"): game `i` of a
//! run is wall `i / 24`, perm `p = i % 24`; perm `p` has quan `p / 6` and
//! seats `SEATINGS[p]` (seat `s` is played by bot entry `SEATINGS[p][s]`).
//! Every perm keeps the wall's tiles in place, so the bot in seat `s` gets
//! seat `s`'s hand and draws. `SEATINGS` is balanced beyond the 24
//! permutations themselves (checked by the tests below): each bot plays each
//! seat under every quan at least once, each quan's six games give each bot
//! every seat, and each bot has its seat wind equal to the prevalent wind in
//! exactly 6 of the 24 games.
//!
//! # Example
//!
//! ```
//! use mcr_arena::duplicate::{Format, Game, Shard};
//!
//! // Game 30 of a duplicate run: wall 1, perm 6, under quan 1 (South).
//! let g = Game::at(30);
//! assert_eq!((g.wall, g.perm, g.quan()), (1, 6, 1));
//! assert_eq!(g.seats(), [0, 1, 2, 3]);
//! // Every perm of a wall deals the same tiles.
//! assert_eq!(g.deal(7).wall, Game::of(1, 0).deal(7).wall);
//!
//! // In `1v3` game p of a wall seats the candidate (entry 0) in seat p.
//! assert_eq!(Format::OneVsThree.seats(2), [1, 2, 0, 3]);
//!
//! // `--shard 1/4`: games 1, 5, 9, ...
//! let shard: Shard = "1/4".parse()?;
//! assert!(shard.contains(9) && !shard.contains(10));
//! # Ok::<(), mcr_arena::duplicate::ShardError>(())
//! ```

use mcr_records::env::wall::{self, Deal};
use std::fmt;
use std::str::FromStr;

/// Games per wall: the 24 seatings.
pub const GAMES_PER_WALL: u64 = 24;

/// Perm `p`: seat `s` is played by bot entry `SEATINGS[p][s]`, under quan `p / 6`.
pub const SEATINGS: [[u8; 4]; 24] = [
    [0, 1, 3, 2],
    [0, 2, 1, 3],
    [1, 0, 2, 3],
    [1, 3, 0, 2],
    [2, 3, 1, 0],
    [3, 0, 2, 1],
    [0, 1, 2, 3],
    [0, 2, 3, 1],
    [1, 0, 3, 2],
    [2, 3, 0, 1],
    [3, 1, 0, 2],
    [3, 2, 1, 0],
    [0, 3, 2, 1],
    [1, 2, 0, 3],
    [2, 0, 3, 1],
    [2, 1, 3, 0],
    [3, 0, 1, 2],
    [3, 1, 2, 0],
    [0, 3, 1, 2],
    [1, 2, 3, 0],
    [1, 3, 2, 0],
    [2, 0, 1, 3],
    [2, 1, 0, 3],
    [3, 2, 0, 1],
];

/// How the games of one wall seat the entries of `ArenaConfig::seats`.
///
/// - `Duplicate`: four bots, the 24 seatings above (the wall's perm `p`
///   under quan `p / 6`).
/// - `OneVsThree` (`1v3`): a candidate and a baseline; entry 0 is the
///   candidate, entries 1 to 3 the baseline. Game `p` of a wall (0 to 3)
///   seats the candidate in seat `p`, the baseline in the others.
/// - `TwoVsTwo` (`2v2`): entries 0 and 1 the candidate, 2 and 3 the
///   baseline; the 6 games of a wall seat the candidate in each pair of
///   seats ([`PAIRS`]).
///
/// In the two-bot formats every game of a wall keeps the wall's tiles and
/// prevalent wind (the plain deal of the wall's index): between the games
/// of a wall only who sits where changes, so the difference between the
/// candidate's and the baseline's scores over the wall is free of the
/// tiles' luck, seat by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Four bots, 24 seatings a wall.
    Duplicate,
    /// `1v3`: a candidate against three copies of a baseline, 4 games a wall.
    OneVsThree,
    /// `2v2`: two copies of each, 6 games a wall.
    TwoVsTwo,
}

/// The candidate's seats in game `p` of a `2v2` wall.
pub const PAIRS: [[u8; 2]; 6] = [[0, 1], [2, 3], [0, 2], [1, 3], [0, 3], [1, 2]];

impl Format {
    /// The name in records (`arena.format`) and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Duplicate => "duplicate",
            Format::OneVsThree => "1v3",
            Format::TwoVsTwo => "2v2",
        }
    }

    /// The format of a name (`duplicate`, `1v3`, `2v2`).
    pub fn parse(s: &str) -> Option<Format> {
        [Format::Duplicate, Format::OneVsThree, Format::TwoVsTwo].into_iter().find(|f| f.name() == s)
    }

    /// Games per wall: 24, 4, 6.
    pub fn games_per_wall(self) -> u64 {
        match self {
            Format::Duplicate => GAMES_PER_WALL,
            Format::OneVsThree => 4,
            Format::TwoVsTwo => 6,
        }
    }

    /// True for the candidate-against-baseline formats.
    pub fn is_pair(self) -> bool {
        self != Format::Duplicate
    }

    /// Entry by seat in game `perm` of a wall (`perm < games_per_wall`).
    pub fn seats(self, perm: u8) -> [u8; 4] {
        match self {
            Format::Duplicate => SEATINGS[perm as usize % 24],
            Format::OneVsThree => {
                let mut next = 1;
                std::array::from_fn(|s| {
                    if s == perm as usize % 4 {
                        0
                    } else {
                        next += 1;
                        next - 1
                    }
                })
            }
            Format::TwoVsTwo => {
                let pair = PAIRS[perm as usize % 6];
                let (mut cand, mut base) = (0, 2);
                std::array::from_fn(|s| {
                    if pair.contains(&(s as u8)) {
                        cand += 1;
                        cand - 1
                    } else {
                        base += 1;
                        base - 1
                    }
                })
            }
        }
    }

    /// Game `index` of a run: its wall and its perm in the wall.
    pub fn game(self, index: u64) -> Game {
        let n = self.games_per_wall();
        Game { index, wall: index / n, perm: (index % n) as u8 }
    }

    /// The deal of game `g` of a run seeded `seed`.
    pub fn deal(self, g: &Game, seed: u64) -> Deal {
        match self {
            Format::Duplicate => g.deal(seed),
            Format::OneVsThree | Format::TwoVsTwo => wall::deal(seed, g.wall, false),
        }
    }
}

/// One game of a walled run: the duplicate format, or `1v3` or `2v2`
/// ([`Format::game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Game {
    /// Its place in the run: `wall * G + perm`, G the format's games per
    /// wall (24 in the duplicate format).
    pub index: u64,
    /// Its wall: the games of one wall are dealt the same tiles.
    pub wall: u64,
    /// Its game in the wall, `0..G`: in the duplicate format, its seating
    /// ([`SEATINGS`]) and prevalent wind.
    pub perm: u8,
}

impl Game {
    /// Game `index` of a duplicate run (24 games a wall); for another
    /// format, see [`Format::game`].
    pub fn at(index: u64) -> Game {
        Game { index, wall: index / GAMES_PER_WALL, perm: (index % GAMES_PER_WALL) as u8 }
    }

    /// Perm `perm` (`0..24`) of wall `wall` of a duplicate run.
    pub fn of(wall: u64, perm: u8) -> Game {
        Game { index: wall * GAMES_PER_WALL + perm as u64, wall, perm }
    }

    /// The prevalent wind in the duplicate format, 0 (East) to 3 (North):
    /// `perm / 6`.
    pub fn quan(&self) -> u8 {
        self.perm / 6
    }

    /// Bot entry by seat in the duplicate format ([`SEATINGS`]); for
    /// another format, see [`Format::seats`].
    pub fn seats(&self) -> [u8; 4] {
        SEATINGS[self.perm as usize]
    }

    /// The deal: wall `wall` of `seed` (the tiles of plain game `wall` of
    /// [`wall::deal`], the same for the 24 perms, and its judge seed), under
    /// this perm's quan.
    pub fn deal(&self, seed: u64) -> Deal {
        let base = wall::deal(seed, self.wall, false);
        Deal { wall: base.wall, quan: self.quan(), srand: base.srand }
    }
}

/// `--shard I/N`: the games whose index modulo N is I.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard's number, `0..count`.
    pub index: u64,
    /// Shards the run is split into, at least 1.
    pub count: u64,
}

impl Shard {
    /// The whole run: `0/1`.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Game `game_index` of the run is this shard's.
    pub fn contains(&self, game_index: u64) -> bool {
        game_index % self.count == self.index
    }
}

/// A shard that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShardError {
    /// The text is not `I/N` with `0 <= I < N`.
    Malformed {
        /// The text given.
        text: String,
    },
}

impl std::fmt::Display for ShardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShardError::Malformed { text } => write!(f, "shard `{text}`: expected I/N with 0 <= I < N (e.g. 0/4)"),
        }
    }
}

impl std::error::Error for ShardError {}

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Malformed { text: s.to_string() };
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u64, u64) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The games of `walls` walls in `shard`, in run order.
pub fn schedule(walls: u64, shard: Shard) -> impl Iterator<Item = Game> {
    (0..walls * GAMES_PER_WALL).filter(move |&i| shard.contains(i)).map(Game::at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    fn seat_of(p: usize, bot: u8) -> usize {
        SEATINGS[p].iter().position(|&b| b == bot).unwrap()
    }

    #[test]
    fn seatings_are_the_24_permutations_balanced_over_quan() {
        let all: HashSet<_> = SEATINGS.iter().collect();
        assert_eq!(all.len(), 24);
        assert_eq!(all, wall::PERMUTATIONS.iter().collect());
        for bot in 0..4u8 {
            let mut by_seat: HashMap<usize, HashSet<u8>> = HashMap::new();
            let mut by_quan: HashMap<u8, HashSet<usize>> = HashMap::new();
            let mut own_wind = 0;
            for p in 0..24 {
                let (s, q) = (seat_of(p, bot), Game::at(p as u64).quan());
                by_seat.entry(s).or_default().insert(q);
                by_quan.entry(q).or_default().insert(s);
                own_wind += (s == q as usize) as u32;
            }
            assert!(by_seat.values().all(|q| q.len() == 4), "bot {bot}: {by_seat:?}");
            assert!(by_quan.values().all(|s| s.len() == 4), "bot {bot}: {by_quan:?}");
            assert_eq!(own_wind, 6, "bot {bot}");
        }
        for q in 0..4 {
            assert_eq!((0..24).filter(|&p| Game::at(p).quan() == q).count(), 6);
        }
    }

    #[test]
    fn pair_formats_seat_each_side_evenly() {
        for f in [Format::OneVsThree, Format::TwoVsTwo] {
            let n = f.games_per_wall() as u8;
            let cand = if f == Format::OneVsThree { 1 } else { 2 };
            let mut per_seat = [0; 4];
            let mut seatings = HashSet::new();
            for p in 0..n {
                let seats = f.seats(p);
                let mut sorted = seats;
                sorted.sort();
                assert_eq!(sorted, [0, 1, 2, 3], "{f:?} {p}: every entry once");
                let c: Vec<usize> = (0..4).filter(|&s| (seats[s] as usize) < cand).collect();
                assert_eq!(c.len(), cand);
                c.iter().for_each(|&s| per_seat[s] += 1);
                seatings.insert(c);
            }
            assert_eq!(seatings.len(), n as usize, "{f:?}: every seating once");
            assert!(per_seat.iter().all(|&k| k == per_seat[0]), "{f:?}: {per_seat:?}");
            let g = f.game(3 * n as u64 + 1);
            assert_eq!((g.wall, g.perm), (3, 1));
            assert_eq!(f.deal(&g, 5).wall, f.deal(&f.game(3 * n as u64), 5).wall);
            assert_eq!(Format::parse(f.name()), Some(f));
        }
    }

    #[test]
    fn a_wall_keeps_its_tiles_over_its_perms() {
        let first = Game::of(3, 0).deal(9);
        for p in 0..24 {
            let d = Game::of(3, p).deal(9);
            assert_eq!(d.wall, first.wall);
            assert_eq!(d.quan, p / 6);
        }
        assert_ne!(Game::of(4, 0).deal(9).wall, first.wall);
        assert_ne!(Game::of(3, 0).deal(10).wall, first.wall);
    }

    #[test]
    fn shards_partition_the_schedule() {
        let whole: Vec<_> = schedule(5, Shard::ALL).collect();
        assert_eq!(whole.len(), 120);
        let mut parts: Vec<_> = (0..7).flat_map(|i| schedule(5, Shard { index: i, count: 7 })).collect();
        parts.sort();
        assert_eq!(parts, whole);
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["3/3", "1/0", "x", "1/", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
