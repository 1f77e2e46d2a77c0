//! One line of the text format, tokenised: what it says, or why it cannot be
//! read. Words are separated by any run of ASCII white space; verbs are read
//! without regard to case (`PENG`, `Peng`), tiles exactly (`W1`..`J3`).

use mcr_core::tiles::Tile;

/// Tiles dealt to each seat.
pub const DEALT: usize = 13;

/// The verb of a `Player N <Verb> <tile>` line or of an `Ignore` clause.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verb {
    /// `Draw`: the seat drew the tile.
    Draw,
    /// `Play`: the seat discarded the tile.
    Play,
    /// The tile is the middle tile of the run.
    Chi,
    /// `Peng`: the seat punged the discard.
    Peng,
    /// A melded kong of the live discard.
    Gang,
    /// `AnGang`: a concealed kong.
    AnGang,
    /// `BuGang`: a pung promoted to a kong.
    BuGang,
    /// `Hu`: the seat won.
    Hu,
}

impl Verb {
    /// Every verb.
    pub const ALL: [Verb; 8] =
        [Verb::Draw, Verb::Play, Verb::Chi, Verb::Peng, Verb::Gang, Verb::AnGang, Verb::BuGang, Verb::Hu];

    /// The word written for it.
    pub fn word(self) -> &'static str {
        match self {
            Verb::Draw => "Draw",
            Verb::Play => "Play",
            Verb::Chi => "Chi",
            Verb::Peng => "Peng",
            Verb::Gang => "Gang",
            Verb::AnGang => "AnGang",
            Verb::BuGang => "BuGang",
            Verb::Hu => "Hu",
        }
    }

    fn parse(word: &str) -> Option<Verb> {
        Verb::ALL.into_iter().find(|v| v.word().eq_ignore_ascii_case(word))
    }

    /// A claim on another seat's discard (or kong): what an `Ignore` may name.
    pub fn is_claim(self) -> bool {
        matches!(self, Verb::Chi | Verb::Peng | Verb::Gang | Verb::Hu)
    }
}

/// `Ignore Player N <Verb> <tile>`: a claim made at the same time as the
/// line's and not granted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ignored {
    /// The seat whose claim was ignored.
    pub seat: u8,
    /// The claim.
    pub verb: Verb,
    /// The tile.
    pub tile: Tile,
}

/// What one non-blank line says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Line<'a> {
    /// `Match <id>`.
    Match(&'a str),
    /// `Wind <n>`: the prevalent wind.
    Wind(u8),
    /// `Player N Deal <13 tiles>`.
    Deal {
        /// The seat.
        seat: u8,
        /// Its dealt tiles.
        tiles: [Tile; DEALT],
    },
    /// `Player N <Verb> <tile>`, with its `Ignore` clauses.
    Act {
        /// The seat.
        seat: u8,
        /// What it did.
        verb: Verb,
        /// The tile.
        tile: Tile,
        /// Claims of other seats the judge ignored.
        ignored: Vec<Ignored>,
    },
    /// `Fan <total> <description>` (the description as written, possibly empty).
    Fan {
        /// The total fan.
        total: i32,
        /// The fans as written.
        description: &'a str,
    },
    /// `Huang`: a draw game.
    Huang,
    /// `Score <4 scores>`.
    Score([i32; 4]),
}

/// The most words after the first a line is read with (a Player line
/// with an Ignore clause for each other seat has 17).
const MAX_WORDS: usize = 32;

/// A line that is not a line of the format: what is wrong, in the text
/// format's words (the word at fault, what was expected).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError(
    /// What is wrong.
    pub String,
);

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let LineError(v0) = self;
        write!(f, "{v0}")
    }
}

impl std::error::Error for LineError {}

/// Reads one line (without its line break).
pub fn parse(text: &str) -> Result<Line<'_>, LineError> {
    parse_words(text).map_err(LineError)
}

/// [`parse`], its error in words.
fn parse_words(text: &str) -> Result<Line<'_>, String> {
    if let Some(act) = plain_act(text.as_bytes()) {
        return Ok(act);
    }
    let mut words = text.split_ascii_whitespace();
    let first = words.next().ok_or("blank line")?;
    // Kept without an allocation: no line but a Fan line's description
    // (read from the text) has this many words.
    let mut rest = arrayvec::ArrayVec::<&str, MAX_WORDS>::new();
    let mut words_after = 0;
    for w in words {
        words_after += 1;
        let _ = rest.try_push(w);
    }
    if words_after > MAX_WORDS && first != "Fan" {
        return Err(format!(
            "`{}` line with {words_after} words: no line of the format has over {MAX_WORDS}",
            clip(first)
        ));
    }
    let exactly = |n: usize, what: &str| -> Result<(), String> {
        if words_after == n {
            Ok(())
        } else {
            Err(format!("`{first}` takes {what}, found {words_after} word(s) after it"))
        }
    };
    match first {
        "Match" => {
            exactly(1, "one id")?;
            Ok(Line::Match(rest[0]))
        }
        "Wind" => {
            exactly(1, "one number 0..3")?;
            match rest[0].parse::<u8>() {
                Ok(w) if w <= 3 => Ok(Line::Wind(w)),
                _ => Err(format!("Wind {:?}: the wind is 0..3", rest[0])),
            }
        }
        "Huang" => {
            exactly(0, "nothing")?;
            Ok(Line::Huang)
        }
        "Score" => {
            exactly(4, "four integers")?;
            let mut s = [0i32; 4];
            for (slot, w) in s.iter_mut().zip(&rest) {
                *slot = w.parse().map_err(|_| format!("Score {w:?}: not an integer"))?;
            }
            Ok(Line::Score(s))
        }
        "Fan" => {
            let w = rest.first().ok_or("`Fan` takes a total and a description")?;
            let total = w.parse().map_err(|_| format!("Fan {w:?}: the total is not an integer"))?;
            // The description: everything after the total, as written.
            let after = text.trim_start();
            let after = after["Fan".len()..].trim_start();
            let description = after[w.len()..].trim();
            Ok(Line::Fan { total, description })
        }
        "Player" => player_line(&rest),
        other => Err(format!("unknown line `{}` (expected Match, Wind, Player, Fan, Huang or Score)", clip(other))),
    }
}

/// `Player N <Verb> <tile>` as the format writes it (single spaces, the
/// verb's own spelling, nothing after the tile), most lines of a game: read
/// without cutting the line into words. Any other line (a `Deal`, an
/// `Ignore` clause, another spelling, an error) is read the general way,
/// which reads these lines the same.
fn plain_act(line: &[u8]) -> Option<Line<'static>> {
    let rest = line.strip_prefix(b"Player ")?;
    let (&[seat, b' '], rest) = rest.split_first_chunk::<2>()? else { return None };
    let (verb, tile) = rest.split_last_chunk::<3>()?;
    let &[b' ', t0, t1] = tile else { return None };
    let verb = Verb::ALL.into_iter().find(|v| v.word().as_bytes() == verb)?;
    (b'0'..=b'3').contains(&seat).then_some(())?;
    let tile = Tile::from_bytes(t0, t1)?;
    Some(Line::Act { seat: seat - b'0', verb, tile, ignored: Vec::new() })
}

fn seat(word: Option<&&str>) -> Result<u8, String> {
    let w = word.ok_or("`Player` without a seat")?;
    match w.parse::<u8>() {
        Ok(s) if s <= 3 => Ok(s),
        _ => Err(format!("Player {}: seats are 0..3", clip(w))),
    }
}

fn tile(word: Option<&&str>, after: &str) -> Result<Tile, String> {
    let w = word.ok_or_else(|| format!("`{after}` without its tile"))?;
    Tile::parse(w).map_err(|_| format!("unknown tile {:?} (expected W1-W9, T1-T9, B1-B9, F1-F4 or J1-J3)", clip(w)))
}

fn player_line(rest: &[&str]) -> Result<Line<'static>, String> {
    let seat = seat(rest.first())?;
    let word = rest.get(1).ok_or_else(|| format!("`Player {seat}` without a verb"))?;
    if word.eq_ignore_ascii_case("Deal") {
        let tiles = &rest[2..];
        if tiles.len() != DEALT {
            return Err(format!("Player {seat} Deal: {} tiles, a deal is {DEALT}", tiles.len()));
        }
        let mut out = [Tile::default(); DEALT];
        for (slot, w) in out.iter_mut().zip(tiles) {
            *slot = tile(Some(w), "Deal")?;
        }
        return Ok(Line::Deal { seat, tiles: out });
    }
    let verb = Verb::parse(word).ok_or_else(|| {
        format!(
            "Player {seat} {}: unknown verb (expected Deal, Draw, Play, Chi, Peng, Gang, AnGang, BuGang or Hu)",
            clip(word)
        )
    })?;
    let t = tile(rest.get(2), verb.word())?;
    let mut ignored = Vec::new();
    let mut i = 3;
    while i < rest.len() {
        if !rest[i].eq_ignore_ascii_case("Ignore") {
            return Err(format!(
                "unexpected {:?} after `Player {seat} {} {}` (expected `Ignore Player N Verb tile`)",
                clip(rest[i]),
                verb.word(),
                t.name()
            ));
        }
        if !verb.is_claim() {
            return Err(format!(
                "`Ignore` after `{}`: only a Chi, Peng, Gang or Hu line lists ignored claims",
                verb.word()
            ));
        }
        if rest.get(i + 1).is_none_or(|w| !w.eq_ignore_ascii_case("Player")) {
            return Err("`Ignore` not followed by `Player N`".into());
        }
        let s = self::seat(rest.get(i + 2))?;
        let w = rest.get(i + 3).ok_or("`Ignore Player N` without a verb")?;
        let v = Verb::parse(w)
            .filter(|v| v.is_claim())
            .ok_or_else(|| format!("Ignore Player {s} {}: an ignored claim is Chi, Peng, Gang or Hu", clip(w)))?;
        let it = tile(rest.get(i + 4), v.word())?;
        ignored.push(Ignored { seat: s, verb: v, tile: it });
        i += 5;
    }
    Ok(Line::Act { seat, verb, tile: t, ignored })
}

/// A word quoted in a message, cut to a readable length.
fn clip(word: &str) -> &str {
    match word.char_indices().nth(24) {
        Some((i, _)) => &word[..i],
        None => word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read() {
        let t = |s: &str| Tile::parse(s).unwrap();
        assert_eq!(parse("Match 00ab").unwrap(), Line::Match("00ab"));
        assert_eq!(parse("Wind 3").unwrap(), Line::Wind(3));
        assert_eq!(
            parse("Player 2 Chi W8").unwrap(),
            Line::Act { seat: 2, verb: Verb::Chi, tile: t("W8"), ignored: vec![] }
        );
        assert_eq!(
            parse("Player 1 Hu B3 Ignore Player 0 PENG B3 Ignore Player 3 CHI B4").unwrap(),
            Line::Act {
                seat: 1,
                verb: Verb::Hu,
                tile: t("B3"),
                ignored: vec![
                    Ignored { seat: 0, verb: Verb::Peng, tile: t("B3") },
                    Ignored { seat: 3, verb: Verb::Chi, tile: t("B4") }
                ]
            }
        );
        assert_eq!(parse("Fan 8 混一色*1+一般高*1").unwrap(), Line::Fan { total: 8, description: "混一色*1+一般高*1" });
        assert_eq!(parse("Score -16 32 -8 -8").unwrap(), Line::Score([-16, 32, -8, -8]));
        assert!(parse("Player 5 Draw W1").unwrap_err().0.contains("seats are 0..3"));
        assert!(parse("Player 0 Draw X9").unwrap_err().0.contains("unknown tile \"X9\""));
        assert!(parse("Player 0 Play W1 Ignore Player 1 Peng W1").unwrap_err().0.contains("only a Chi"));
        assert!(parse("Player 0 Deal W1 W2").unwrap_err().0.contains("2 tiles"));
        let long = format!("Player 0 Hu W1{}", " Ignore Player 1 Hu W1".repeat(7));
        assert!(parse(&long).unwrap_err().0.contains("with 38 words"), "{:?}", parse(&long));
        // Lines of the plain shape read as the general way reads them, and
        // lines near it are left to the general way.
        for line in ["Player 3 Draw B9", "Player 0 BuGang J3", "Player 1 AnGang F4", "Player 2 Hu W1"] {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(plain_act(line.as_bytes()), Some(player_line(&words[1..]).unwrap()), "{line}");
        }
        for near in [
            "Player 4 Draw B9",
            "Player 0 draw B9",
            "Player 0  Draw B9",
            "Player 0 Draw B0",
            "Player 0 Deal B9",
            "Player 0 Draw B9 ",
        ] {
            assert_eq!(plain_act(near.as_bytes()), None, "{near}");
        }
        assert!(parse("Player 0 Draw B0").unwrap_err().0.contains("unknown tile \"B0\""));
        assert_eq!(parse("Player 0  draw   B9").unwrap(), parse("Player 0 Draw B9").unwrap());
        let described = format!("Fan 8 {}", "word ".repeat(40));
        assert_eq!(parse(&described).unwrap(), Line::Fan { total: 8, description: described[6..].trim() });
    }
}
