//! A bot's answer as the judge reads it: split on every single space (empty
//! words kept, so `"PASS "` is two words), the first word is the verb, the
//! rest are tile names. Unknown verbs and unknown tile names are kept as such:
//! whether they are an error depends on where the judge looks at them.

use crate::tiles::Tile;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// The first word of an answer.
pub enum Verb {
    /// `PASS`.
    Pass,
    /// `HU`.
    Hu,
    /// `PLAY <tile>`.
    Play,
    /// `PENG <tile>`: claim the discard, then discard the tile.
    Peng,
    /// `GANG` (a melded kong of the discard) or `GANG <tile>` (a concealed kong).
    Gang,
    /// `BUGANG <tile>`: promote a pung to a kong.
    BuGang,
    /// `CHI <middle> <tile>`: chow the discard, then discard the tile.
    Chi,
    /// Anything else, including the empty string and wrong case.
    Other,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// A seat's answer as the judge reads it: its verb and arguments.
pub struct Answer {
    /// The first word.
    pub verb: Verb,
    /// Words after the verb (the number of spaces in the answer).
    pub arity: usize,
    /// The first two words after the verb as tiles; `None` when absent or not
    /// a tile name.
    pub args: [Option<Tile>; 2],
}

impl Verb {
    /// The word the judge reads as this verb (`None` for [`Verb::Other`]).
    pub const fn word(self) -> Option<&'static str> {
        Some(match self {
            Verb::Pass => "PASS",
            Verb::Hu => "HU",
            Verb::Play => "PLAY",
            Verb::Peng => "PENG",
            Verb::Gang => "GANG",
            Verb::BuGang => "BUGANG",
            Verb::Chi => "CHI",
            Verb::Other => return None,
        })
    }
}

impl Answer {
    /// The answer `PASS`.
    pub const PASS: Answer = Answer { verb: Verb::Pass, arity: 0, args: [None; 2] };

    /// Reads an answer as the judge does (an unknown verb is [`Verb::Other`]).
    pub fn parse(text: &str) -> Answer {
        // Most answers are a plain PASS.
        if text == "PASS" {
            return Answer::PASS;
        }
        // Words split on each single space, by bytes (spaces are ASCII).
        let b = text.as_bytes();
        let verb_end = b.iter().position(|&c| c == b' ').unwrap_or(b.len());
        let verb = match &b[..verb_end] {
            b"PASS" => Verb::Pass,
            b"HU" => Verb::Hu,
            b"PLAY" => Verb::Play,
            b"PENG" => Verb::Peng,
            b"GANG" => Verb::Gang,
            b"BUGANG" => Verb::BuGang,
            b"CHI" => Verb::Chi,
            _ => Verb::Other,
        };
        let mut args = [None; 2];
        let mut arity = 0;
        let mut at = verb_end;
        while at < b.len() {
            // `at` is a space: the next word runs to the next space or the end.
            let start = at + 1;
            let end = b[start..].iter().position(|&c| c == b' ').map_or(b.len(), |p| start + p);
            if arity < 2 {
                args[arity] = Tile::parse(&text[start..end]).ok();
            }
            arity += 1;
            at = end;
        }
        Answer { verb, arity, args }
    }

    /// Exactly the string `PASS`.
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.verb == Verb::Pass && self.arity == 0
    }

    /// Exactly the string `HU`.
    #[inline]
    pub fn is_hu(&self) -> bool {
        self.verb == Verb::Hu && self.arity == 0
    }

    /// The verb and word count of `verb` with `arity` arguments.
    #[inline]
    pub fn is(&self, verb: Verb, arity: usize) -> bool {
        self.verb == verb && self.arity == arity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_the_judge() {
        assert!(Answer::parse("PASS").is_pass());
        let trailing = Answer::parse("PASS ");
        assert!(!trailing.is_pass());
        assert_eq!((trailing.verb, trailing.arity), (Verb::Pass, 1));
        assert_eq!(Answer::parse("").verb, Verb::Other);
        assert_eq!(Answer::parse("").arity, 0);
        let double = Answer::parse("PLAY  W1");
        assert_eq!((double.arity, double.args), (2, [None, Tile::parse("W1").ok()]));
        let chi = Answer::parse("CHI W2 B9");
        assert_eq!((chi.verb, chi.arity), (Verb::Chi, 2));
        assert_eq!(chi.args, [Tile::parse("W2").ok(), Tile::parse("B9").ok()]);
        assert_eq!(Answer::parse("PLAY W10").args[0], None);
        assert_eq!(Answer::parse("Play J3").verb, Verb::Other);
        assert_eq!(Answer::parse("PLAY W1 W2 W3").arity, 3);
        assert!(!Answer::parse("HU HU").is_hu());
        assert_eq!(Answer::parse("PLAY W1 ").arity, 2);
        assert_eq!(Answer::parse(" W1").verb, Verb::Other);
        assert_eq!(Answer::parse(" W1").args[0], Tile::parse("W1").ok());
        assert_eq!(Answer::parse("CHI  ").arity, 2);
        for v in [Verb::Pass, Verb::Hu, Verb::Play, Verb::Peng, Verb::Gang, Verb::BuGang, Verb::Chi] {
            assert_eq!(Answer::parse(v.word().unwrap()).verb, v);
        }
    }
}
