//! A compact hand notation a person can type, for `mcr fan` and tests.
//!
//! ```text
//! [chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S prevalent=E
//! ```
//!
//! - Tiles: judge names (`W1`..`W9`, `T1`..`T9`, `B1`..`B9`, `F1`..`F4`,
//!   `J1`..`J3`) or digits followed by a suit letter: `m`/`w` characters,
//!   `s`/`t` bamboo, `p`/`b` dots, `z` honours (1-4 = east south west north,
//!   5-7 = red green white), `f` winds (1-4), `j` dragons (1-3).
//! - `+TILE`: the winning tile (exactly one).
//! - Packs in brackets: `[chi 456m]`, `[peng 1z]`, `[gang 7p]` (melded),
//!   `[angang 7p]` (concealed kong); an optional last number is the judge's
//!   offer (for chi: which tile was claimed, 1-3; for peng/gang: 1 left,
//!   2 opposite, 3 right). Defaults: chi 1, peng/gang 1.
//! - Flags: `zimo` (self-drawn), `4th` (last of its kind), `kong` (about a
//!   kong), `last` (last tile of the wall), `initial` (won with the dealt
//!   hand or on the first discard: the blessings of the `blessings` profile).
//! - `seat=`, `prevalent=`: a wind as 0-3 or E/S/W/N (default east);
//!   `flowers=N`.
//!
//! # Example
//!
//! ```
//! use mcr_core::notation;
//! use mcr_core::tiles::Tile;
//!
//! let hand = notation::parse_hand_text("[peng 5z] 234s 789s 99p 12m zimo seat=S")?;
//! assert_eq!(hand.packs.len(), 1);
//! assert_eq!(hand.standing.len(), 10);
//! assert_eq!(hand.win, None);
//! assert_eq!(hand.seat, 1);
//! assert_eq!(notation::parse_tiles("123m")?, [Tile::parse("W1").unwrap(), Tile::parse("W2").unwrap(), Tile::parse("W3").unwrap()]);
//! assert!(notation::parse_hand("123m +4x").is_err());
//! # Ok::<(), notation::NotationError>(())
//! ```

use crate::hand::{HandError, HandInput, Pack, PackKind, WinFlags};
use crate::tiles::Tile;

/// A hand as written, the winning tile optional (for `mcr shanten` and
/// `mcr waits`, which ask about hands that have not won).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandText {
    /// The packs, in the order written.
    pub packs: Vec<Pack>,
    /// The standing tiles.
    pub standing: Vec<Tile>,
    /// The winning tile (`+TILE`), if written.
    pub win: Option<Tile>,
    /// The flags written (`zimo`, `4th`, `kong`, `last`, `initial`).
    pub flags: WinFlags,
    /// The seat wind (`seat=`), 0 east to 3 north.
    pub seat: u8,
    /// The prevalent wind (`prevalent=`), 0 east to 3 north.
    pub prevalent: u8,
    /// Flowers (`flowers=`).
    pub flowers: u8,
}

/// Why a text is not a hand in the notation: which word is wrong and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationError {
    /// A `[` without its `]` (the text from the `[` on).
    Unclosed(String),
    /// A `+` word that is not one tile, or a second one.
    WinningTile(String),
    /// A hand that must have won has no `+TILE`.
    NoWinningTile,
    /// `flowers=` without a number.
    Flowers(String),
    /// A `key=value` of an unknown key.
    UnknownSetting(String),
    /// A wind that is none of 0-3, E/S/W/N.
    NotAWind(String),
    /// A word that is not a tile at all.
    NotATile(String),
    /// A digit and letter of a word that make no tile (the word, the pair).
    BadTile(String, String),
    /// Digits at the end of a word with no suit letter after them.
    NoSuit(String),
    /// A pack that is not `[chi 456m]`, `[peng 1z]`, `[gang 7p]` or `[angang 7p]` (what is inside the brackets).
    BadPack(String),
    /// A chi whose tiles are not a run of one suit (what is inside the brackets).
    BadChi(String),
    /// Words that read but do not make a hand the calculator takes.
    Hand(HandError),
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotationError::Unclosed(v0) => write!(f, "unclosed `[` in `{v0}`"),
            NotationError::WinningTile(v0) => write!(f, "`{v0}`: exactly one winning tile is marked with +"),
            NotationError::NoWinningTile => f.write_str("no winning tile: mark it with +, as in +5m"),
            NotationError::Flowers(v0) => write!(f, "`{v0}`: flowers takes a number"),
            NotationError::UnknownSetting(v0) => write!(f, "`{v0}`: unknown setting (seat=, prevalent=, flowers=)"),
            NotationError::NotAWind(v0) => write!(f, "`{v0}` is not a wind (0-3 or E/S/W/N)"),
            NotationError::NotATile(v0) => write!(f, "`{v0}`: not a tile (write W1 or 1m; see `mcr fan --help`)"),
            NotationError::BadTile(v0, v1) => write!(f, "`{v0}`: `{v1}` is not a tile"),
            NotationError::NoSuit(v0) => write!(f, "`{v0}`: digits without a suit letter"),
            NotationError::BadPack(v0) => write!(
                f,
                "`[{v0}]`: write [chi 456m], [peng 1z], [gang 7p] or [angang 7p], optionally with an offer number"
            ),
            NotationError::BadChi(v0) => {
                write!(f, "`[{v0}]`: a chi is three consecutive tiles of one suit (or its middle tile)")
            }
            NotationError::Hand(v0) => std::fmt::Display::fmt(v0, f),
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotationError::Hand(v0) => std::error::Error::source(v0),
            _ => None,
        }
    }
}

impl From<HandError> for NotationError {
    fn from(e: HandError) -> NotationError {
        NotationError::Hand(e)
    }
}

/// Parses the notation; errors say which word is wrong and why.
pub fn parse_hand(text: &str) -> Result<HandInput, NotationError> {
    let h = parse_hand_text(text)?;
    let win = h.win.ok_or(NotationError::NoWinningTile)?;
    Ok(HandInput::new(&h.packs, &h.standing, win, h.flags, h.seat, h.prevalent, h.flowers)?)
}

/// Parses the notation without requiring a winning tile.
pub fn parse_hand_text(text: &str) -> Result<HandText, NotationError> {
    let mut standing: Vec<Tile> = Vec::new();
    let mut packs: Vec<Pack> = Vec::new();
    let mut win: Option<Tile> = None;
    let mut flags = WinFlags::default();
    let (mut seat, mut prevalent, mut flowers) = (0u8, 0u8, 0u8);
    let mut rest = text.trim();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']').ok_or_else(|| NotationError::Unclosed(rest.to_string()))?;
            packs.push(parse_pack(&after[..end])?);
            rest = after[end + 1..].trim_start();
            continue;
        }
        let end = rest.find(|c: char| c.is_whitespace() || c == '[').unwrap_or(rest.len());
        let word = &rest[..end];
        rest = rest[end..].trim_start();
        let lower = word.to_ascii_lowercase();
        if let Some(t) = word.strip_prefix('+') {
            let tiles = parse_tiles(t)?;
            if tiles.len() != 1 || win.is_some() {
                return Err(NotationError::WinningTile(word.to_string()));
            }
            win = Some(tiles[0]);
        } else if let Some((k, v)) = lower.split_once('=') {
            match k {
                "seat" => seat = parse_wind(v)?,
                "prevalent" | "quan" => prevalent = parse_wind(v)?,
                "flowers" => flowers = v.parse().map_err(|_| NotationError::Flowers(word.to_string()))?,
                _ => return Err(NotationError::UnknownSetting(word.to_string())),
            }
        } else {
            match lower.as_str() {
                "zimo" | "self-drawn" | "selfdrawn" => flags.self_drawn = true,
                "4th" | "fourth" | "juezhang" => flags.fourth_tile = true,
                "kong" | "gang" => flags.about_kong = true,
                "last" | "haidi" => flags.wall_last = true,
                "initial" => flags.initial = true,
                _ => standing.extend(parse_tiles(word)?),
            }
        }
    }
    Ok(HandText { packs, standing, win, flags, seat, prevalent, flowers })
}

fn parse_wind(v: &str) -> Result<u8, NotationError> {
    match v {
        "0" | "e" | "east" => Ok(0),
        "1" | "s" | "south" => Ok(1),
        "2" | "w" | "west" => Ok(2),
        "3" | "n" | "north" => Ok(3),
        _ => Err(NotationError::NotAWind(v.to_string())),
    }
}

/// `W1`, or a run of digits with a suit letter (`123m`), or several of those
/// glued together (`123m456p`).
pub fn parse_tiles(word: &str) -> Result<Vec<Tile>, NotationError> {
    if let Ok(t) = Tile::parse(word) {
        return Ok(vec![t]);
    }
    let mut out = Vec::new();
    let mut digits: Vec<u8> = Vec::new();
    for c in word.chars() {
        if let Some(d) = c.to_digit(10) {
            digits.push(d as u8);
            continue;
        }
        if digits.is_empty() {
            return Err(NotationError::NotATile(word.to_string()));
        }
        for &d in &digits {
            let name = match c.to_ascii_lowercase() {
                'm' | 'w' => format!("W{d}"),
                's' | 't' => format!("T{d}"),
                'p' | 'b' => format!("B{d}"),
                'f' => format!("F{d}"),
                'j' => format!("J{d}"),
                'z' if (1..=4).contains(&d) => format!("F{d}"),
                'z' if (5..=7).contains(&d) => format!("J{}", d - 4),
                _ => return Err(NotationError::BadTile(word.to_string(), format!("{d}{c}"))),
            };
            out.push(Tile::parse(&name).map_err(|_| NotationError::BadTile(word.to_string(), format!("{d}{c}")))?);
        }
        digits.clear();
    }
    if !digits.is_empty() {
        return Err(NotationError::NoSuit(word.to_string()));
    }
    Ok(out)
}

fn parse_pack(inside: &str) -> Result<Pack, NotationError> {
    let words: Vec<&str> = inside.split_whitespace().collect();
    let bad = || NotationError::BadPack(inside.to_string());
    if words.len() < 2 || words.len() > 3 {
        return Err(bad());
    }
    let tiles = parse_tiles(words[1])?;
    let offer: Option<u8> = match words.get(2) {
        Some(w) => Some(w.parse().map_err(|_| bad())?),
        None => None,
    };
    let kind = words[0].to_ascii_lowercase();
    let same = |n: usize| tiles.len() == n && tiles.iter().all(|&t| t == tiles[0]) || tiles.len() == 1;
    match kind.as_str() {
        "chi" | "chow" => {
            let mid = match tiles.len() {
                1 => tiles[0],
                3 if tiles[1].index() == tiles[0].index() + 1
                    && tiles[2].index() == tiles[1].index() + 1
                    && tiles[0].suit() == tiles[2].suit() =>
                {
                    tiles[1]
                }
                _ => return Err(NotationError::BadChi(inside.to_string())),
            };
            Ok(Pack::new(PackKind::Chow, mid, offer.unwrap_or(1)))
        }
        "peng" | "pung" if same(3) => Ok(Pack::new(PackKind::Pung, tiles[0], offer.unwrap_or(1))),
        "gang" | "kong" if same(4) => Ok(Pack::new(PackKind::Kong, tiles[0], offer.unwrap_or(1))),
        "angang" if same(4) => Ok(Pack::new(PackKind::Kong, tiles[0], 0)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_example() {
        let h = parse_hand("[chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S prevalent=E").unwrap();
        assert_eq!(h.packs().len(), 2);
        assert_eq!(h.packs()[0], Pack::new(PackKind::Chow, Tile::parse("W5").unwrap(), 1));
        assert_eq!(h.packs()[1].tile, Tile::parse("F1").unwrap());
        assert_eq!(h.standing().len(), 7);
        assert_eq!(h.win_tile, Tile::parse("B9").unwrap());
        assert!(h.flags.self_drawn && !h.flags.wall_last);
        assert_eq!((h.seat_wind, h.prevalent_wind), (1, 0));
    }

    #[test]
    fn judge_names_and_errors() {
        let h = parse_hand("W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9 +W5").unwrap();
        assert_eq!(h.standing().len(), 13);
        assert_eq!(parse_hand("W1 X9 +W1"), Err(NotationError::NotATile("X9".into())));
        assert_eq!(parse_hand("W1 W2"), Err(NotationError::NoWinningTile));
        assert_eq!(parse_hand("[chi 135m] +1m"), Err(NotationError::BadChi("chi 135m".into())));
        assert_eq!(parse_hand("[angang 7p] +1m seat=Q"), Err(NotationError::NotAWind("q".into())));
        assert_eq!(
            parse_hand("W1 X9 +W1").unwrap_err().to_string(),
            "`X9`: not a tile (write W1 or 1m; see `mcr fan --help`)"
        );
    }
}
