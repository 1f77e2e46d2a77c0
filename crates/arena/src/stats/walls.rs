//! Per-wall sums of a candidate and a baseline: a wall's difference (the
//! candidate's mean score per seat-game minus the baseline's) is what the
//! sequential test ([`super::sprt`]) adds up, over the complete walls in
//! wall order.

use std::collections::BTreeMap;

use super::sprt::{Path, Sprt, Summary};

/// One wall's games, then the candidate's and the baseline's (score sum,
/// seat-games).
type WallSums = (u64, (i64, u64), (i64, u64));

/// Per-wall sums of the candidate and the baseline.
#[derive(Clone, Debug)]
pub struct Walls {
    /// The candidate's name.
    pub candidate: String,
    /// The baseline's name.
    pub baseline: String,
    /// Games of a complete wall.
    pub games_per_wall: u64,
    walls: BTreeMap<u64, WallSums>,
    /// Per game: the candidate's mean score per seat minus the baseline's
    /// (what a wall's difference would average if its games had their own
    /// walls).
    pub game_diff: Summary,
}

impl Walls {
    /// No wall yet.
    pub fn new(candidate: &str, baseline: &str, games_per_wall: u64) -> Walls {
        Walls {
            candidate: candidate.to_string(),
            baseline: baseline.to_string(),
            games_per_wall,
            walls: BTreeMap::new(),
            game_diff: Summary::default(),
        }
    }

    /// Adds one game of wall `wall`: bot names and scores by seat (seats
    /// of other bots are not counted).
    pub fn add(&mut self, wall: u64, bots: &[String; 4], scores: &[i64; 4]) {
        let w = self.walls.entry(wall).or_default();
        w.0 += 1;
        let (mut c, mut b) = ((0i64, 0u64), (0i64, 0u64));
        for s in 0..4 {
            if bots[s] == self.candidate {
                c = (c.0 + scores[s], c.1 + 1);
            } else if bots[s] == self.baseline {
                b = (b.0 + scores[s], b.1 + 1);
            }
        }
        w.1 = (w.1 .0 + c.0, w.1 .1 + c.1);
        w.2 = (w.2 .0 + b.0, w.2 .1 + b.1);
        if c.1 > 0 && b.1 > 0 {
            self.game_diff.add(c.0 as f64 / c.1 as f64 - b.0 as f64 / b.1 as f64);
        }
    }

    /// The complete walls (all their games, both bots seated), in wall
    /// order: (wall, candidate's mean score per seat-game minus the
    /// baseline's).
    pub fn differences(&self) -> Vec<(u64, f64)> {
        self.walls
            .iter()
            .filter(|(_, w)| w.0 == self.games_per_wall && w.1 .1 > 0 && w.2 .1 > 0)
            .map(|(&k, w)| (k, w.1 .0 as f64 / w.1 .1 as f64 - w.2 .0 as f64 / w.2 .1 as f64))
            .collect()
    }

    /// Walls with at least one game.
    pub fn started(&self) -> u64 {
        self.walls.len() as u64
    }

    /// Games added, over all walls.
    pub fn games(&self) -> u64 {
        self.walls.values().map(|w| w.0).sum()
    }

    /// The highest wall with a game, if any.
    pub fn last_started(&self) -> Option<u64> {
        self.walls.keys().next_back().copied()
    }

    /// The test's path over the complete walls.
    pub fn path(&self, test: Sprt) -> Path {
        let mut p = Path::new(test);
        for (_, d) in self.differences() {
            p.add(d);
        }
        p
    }
}
