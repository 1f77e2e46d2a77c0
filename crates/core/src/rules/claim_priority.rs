//! The claim-priority table, generated from `rules/claims.txt` by
//! `crates/rules-compiler/src/claim_priority.rs`. The engine's arbitration (`engine::arbitration`) walks these
//! levels; the order of priority lives only in the rules file.

/// An action another seat may answer an event with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClaimAction {
    /// `HU`: win on the tile.
    Hu,
    /// `PENG <discard>`: pung the tile, then discard.
    Peng,
    /// `GANG`: melded kong of the tile.
    Gang,
    /// `CHI <middle> <discard>`: chow with the tile, then discard.
    Chi,
}

impl ClaimAction {
    /// The answer's verb.
    pub const fn verb(self) -> &'static str {
        match self {
            ClaimAction::Hu => "HU",
            ClaimAction::Peng => "PENG",
            ClaimAction::Gang => "GANG",
            ClaimAction::Chi => "CHI",
        }
    }

    /// Number of words after the verb in a well-formed answer: the judge tells
    /// answers apart by their word count before it looks at the verb.
    pub const fn arity(self) -> usize {
        match self {
            ClaimAction::Hu | ClaimAction::Gang => 0,
            ClaimAction::Peng => 1,
            ClaimAction::Chi => 2,
        }
    }
}

/// In which order the seats of a level are examined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatOrder {
    /// actor+1, actor+2, actor+3: the nearest downstream seat first.
    Downstream,
    /// 0, 1, 2, 3 with the actor left out.
    SeatIndex,
}

impl SeatOrder {
    /// The three other seats in this order.
    #[inline]
    pub const fn seats(self, actor: u8) -> [u8; 3] {
        match self {
            SeatOrder::Downstream => [(actor + 1) % 4, (actor + 2) % 4, (actor + 3) % 4],
            SeatOrder::SeatIndex => match actor {
                0 => [1, 2, 3],
                1 => [0, 2, 3],
                2 => [0, 1, 3],
                _ => [0, 1, 2],
            },
        }
    }
}

/// Which seats may make a level's claims.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Eligible {
    /// Every seat but the actor.
    AnyOther,
    /// Only the seat whose left neighbour is the actor (actor + 1).
    LeftNeighbour,
}

impl Eligible {
    /// Whether `seat` may claim on `actor`'s tile.
    #[inline]
    pub const fn allows(self, actor: u8, seat: u8) -> bool {
        match self {
            Eligible::AnyOther => seat != actor,
            Eligible::LeftNeighbour => seat == (actor + 1) % 4,
        }
    }
}

/// What an examined answer that belongs to no level from here on leads to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Otherwise {
    /// Skipped: a later level examines it.
    Ignore,
    /// WA for that seat.
    Reject,
}

/// One priority level: its claims beat those of every later level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClaimLevel {
    /// The claims of this level.
    pub actions: &'static [ClaimAction],
    /// The order in which the level examines seats.
    pub order: SeatOrder,
    /// Who may make the level's claims...
    pub from: Eligible,
    /// ...except these actions, which have their own rule
    /// (`from any, CHI left`).
    pub from_by_action: &'static [(ClaimAction, Eligible)],
    /// What an answer that belongs to no later level leads to.
    pub otherwise: Otherwise,
    /// Line of the level in `rules/claims.txt` (shown by the viewer).
    pub line: u32,
}

/// The rules file the levels come from, as the viewer and messages name it.
pub const CLAIMS_FILE: &str = "rules/claims.txt";

impl ClaimLevel {
    /// The level in the rules file's own words (`HU | order downstream | ...`).
    pub fn describe(&self) -> String {
        let actions: Vec<&str> = self.actions.iter().map(|a| a.verb()).collect();
        let order = match self.order {
            SeatOrder::Downstream => "downstream",
            SeatOrder::SeatIndex => "seat",
        };
        let from = match self.from {
            Eligible::AnyOther => "any",
            Eligible::LeftNeighbour => "left",
        };
        let otherwise = match self.otherwise {
            Otherwise::Ignore => "ignore",
            Otherwise::Reject => "reject",
        };
        let actions = if actions.is_empty() { "none".to_string() } else { actions.join(" ") };
        format!("{actions} | order {order} | from {from} | otherwise {otherwise}")
    }
}

impl ClaimLevel {
    /// Who may claim with `action` at this level.
    #[inline]
    pub fn from_for(&self, action: ClaimAction) -> Eligible {
        self.from_by_action.iter().find(|(a, _)| *a == action).map_or(self.from, |&(_, w)| w)
    }
}

include!(concat!(env!("OUT_DIR"), "/claims_table.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_table_has_the_judge_priorities() {
        let acts = |l: &ClaimLevel| l.actions.to_vec();
        assert_eq!(ON_DISCARD.len(), 3);
        assert_eq!(acts(&ON_DISCARD[0]), vec![ClaimAction::Hu]);
        assert_eq!(acts(&ON_DISCARD[1]), vec![ClaimAction::Peng, ClaimAction::Gang]);
        assert_eq!(acts(&ON_DISCARD[2]), vec![ClaimAction::Chi]);
        assert_eq!(ON_DISCARD[0].order, SeatOrder::Downstream);
        assert_eq!(ON_DISCARD[2].from, Eligible::LeftNeighbour);
        assert_eq!(acts(&ON_BUGANG[0]), vec![ClaimAction::Hu]);
        assert!(ON_GANG[0].actions.is_empty());
    }

    #[test]
    fn per_action_from() {
        let level = ClaimLevel {
            actions: &[ClaimAction::Peng, ClaimAction::Chi],
            order: SeatOrder::SeatIndex,
            from: Eligible::AnyOther,
            from_by_action: &[(ClaimAction::Chi, Eligible::LeftNeighbour)],
            otherwise: Otherwise::Reject,
            line: 0,
        };
        assert_eq!(level.from_for(ClaimAction::Peng), Eligible::AnyOther);
        assert_eq!(level.from_for(ClaimAction::Chi), Eligible::LeftNeighbour);
        assert!(ON_DISCARD.iter().all(|l| l.from_by_action.is_empty()));
    }

    #[test]
    fn seat_orders() {
        assert_eq!(SeatOrder::Downstream.seats(2), [3, 0, 1]);
        assert_eq!(SeatOrder::SeatIndex.seats(2), [0, 1, 3]);
        assert!(Eligible::LeftNeighbour.allows(3, 0));
        assert!(!Eligible::LeftNeighbour.allows(3, 2));
    }
}
