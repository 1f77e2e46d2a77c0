//! A hand as the fan calculator sees it: melded (fixed) packs, standing tiles,
//! the winning tile and the circumstances of the win.
//!
//! # Example
//!
//! A hand built without the notation: a melded pung of red dragons, ten
//! standing tiles, a self-drawn win.
//!
//! ```
//! use mcr_core::hand::{HandInput, Pack, PackKind, WinFlags};
//! use mcr_core::tiles::Tile;
//! use mcr_core::fans;
//!
//! let t = |s: &str| Tile::parse(s).unwrap();
//! let pung = Pack { kind: PackKind::Pung, tile: t("J1"), offer: 1 };
//! let standing: Vec<Tile> = ["T2", "T3", "T4", "T7", "T8", "T9", "B9", "B9", "W1", "W2"].map(t).to_vec();
//! let flags = WinFlags { self_drawn: true, ..WinFlags::default() };
//! let hand = HandInput::new(&[pung], &standing, t("W3"), flags, 0, 0, 0)?;
//! assert_eq!(hand.packs().len(), 1);
//! assert!(fans::calculate(&hand).is_win());
//! # Ok::<(), mcr_core::hand::HandError>(())
//! ```

pub mod packed;

use crate::tiles::{Tile, TILE_KINDS};

/// Kind of a fixed pack, as the judge records it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum PackKind {
    /// A chow (CHI).
    Chow,
    /// A pung (PENG).
    Pung,
    /// A kong (GANG), melded or concealed.
    Kong,
}

impl PackKind {
    /// The judge's word for it: `CHI`, `PENG`, `GANG`.
    pub fn name(self) -> &'static str {
        match self {
            PackKind::Chow => "CHI",
            PackKind::Pung => "PENG",
            PackKind::Kong => "GANG",
        }
    }
    /// The kind of a judge's word (`CHI`, `PENG`, `GANG`).
    pub fn parse(s: &str) -> Option<PackKind> {
        match s {
            "CHI" => Some(PackKind::Chow),
            "PENG" => Some(PackKind::Pung),
            "GANG" => Some(PackKind::Kong),
            _ => None,
        }
    }
}

/// A fixed pack with the judge's offer encoding: PENG/GANG offer =
/// (offerer - player + 4) % 4 (1 left, 2 opposite, 3 right; a concealed kong is
/// GANG with offer 0); CHI tile = the middle tile, offer = which of the three
/// tiles was claimed (1, 2, 3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Pack {
    /// Chow, pung or kong.
    pub kind: PackKind,
    /// The pung's or kong's kind, or the chow's middle tile.
    pub tile: Tile,
    /// The judge's offer code (see above).
    pub offer: u8,
}

impl Pack {
    /// A pack.
    pub const fn new(kind: PackKind, tile: Tile, offer: u8) -> Pack {
        Pack { kind, tile, offer }
    }
    /// A concealed kong (暗杠).
    #[inline]
    pub fn is_concealed_kong(&self) -> bool {
        self.kind == PackKind::Kong && self.offer == 0
    }
}

/// In words, as the judge writes a pack: `CHI W5 (offer 4)`.
impl std::fmt::Display for Pack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} (offer {})", self.kind.name(), self.tile, self.offer)
    }
}

/// Circumstances of the win (the reference's win flags).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct WinFlags {
    /// The win was self-drawn (自摸).
    pub self_drawn: bool,
    /// The win tile is the last of its kind (和绝张).
    pub fourth_tile: bool,
    /// Win on a kong replacement (杠上开花) or by robbing a kong (抢杠和).
    pub about_kong: bool,
    /// Last tile of the wall (妙手回春 / 海底捞月).
    pub wall_last: bool,
    /// Won with the dealt hand or on the first discard (天和, 地和, 人和 in
    /// profiles that have them; the reference's `WIN_FLAG_INITIAL`).
    pub initial: bool,
}

/// At most 4 packs and 13 standing tiles; stored inline so that building a
/// hand for every canHu check allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandInput {
    packs: [Pack; 4],
    pack_count: u8,
    standing: [Tile; 14],
    standing_count: u8,
    /// The winning tile.
    pub win_tile: Tile,
    /// The circumstances of the win.
    pub flags: WinFlags,
    /// 0 = east .. 3 = north.
    pub seat_wind: u8,
    /// The prevalent wind, 0 east to 3 north.
    pub prevalent_wind: u8,
    /// Flowers declared.
    pub flower_count: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// A hand the calculator cannot take.
#[non_exhaustive]
pub enum HandError {
    /// More than four packs.
    TooManyPacks(usize),
    /// More than 13 standing tiles.
    TooManyTiles(usize),
    /// A pack that cannot be (a chow of honours or with no middle, a bad offer).
    BadPack(Pack, &'static str),
    /// A wind out of 0..=3.
    BadWind(u8),
}

impl std::fmt::Display for HandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandError::TooManyPacks(v0) => write!(f, "too many fixed packs ({v0}, at most 4)"),
            HandError::TooManyTiles(v0) => write!(f, "too many standing tiles ({v0}, at most 13)"),
            HandError::BadPack(v0, v1) => write!(f, "bad pack {v0}: {v1}"),
            HandError::BadWind(v0) => write!(f, "wind {v0} out of range 0..=3"),
        }
    }
}

impl std::error::Error for HandError {}

impl HandInput {
    /// Checks the shape of the input (not whether it wins: that is the
    /// calculator's result code).
    pub fn new(
        packs: &[Pack],
        standing: &[Tile],
        win_tile: Tile,
        flags: WinFlags,
        seat_wind: u8,
        prevalent_wind: u8,
        flower_count: u8,
    ) -> Result<HandInput, HandError> {
        if packs.len() > 4 {
            return Err(HandError::TooManyPacks(packs.len()));
        }
        if standing.len() > 13 {
            return Err(HandError::TooManyTiles(standing.len()));
        }
        for w in [seat_wind, prevalent_wind] {
            if w > 3 {
                return Err(HandError::BadWind(w));
            }
        }
        for p in packs {
            match p.kind {
                PackKind::Chow => {
                    if !p.tile.is_suited() || p.tile.prev().is_none() || p.tile.next().is_none() {
                        return Err(HandError::BadPack(*p, "a chow's tile must be the middle of a run in one suit"));
                    }
                    if !(1..=3).contains(&p.offer) {
                        return Err(HandError::BadPack(*p, "a chow's offer must be 1, 2 or 3"));
                    }
                }
                PackKind::Pung => {
                    if !(1..=3).contains(&p.offer) {
                        return Err(HandError::BadPack(*p, "a pung's offer must be 1, 2 or 3"));
                    }
                }
                PackKind::Kong => {
                    if p.offer > 3 {
                        return Err(HandError::BadPack(*p, "a kong's offer must be 0..=3"));
                    }
                }
            }
        }
        let mut h = HandInput {
            packs: [Pack::new(PackKind::Pung, Tile::default(), 1); 4],
            pack_count: packs.len() as u8,
            standing: [Tile::default(); 14],
            standing_count: standing.len() as u8,
            win_tile,
            flags,
            seat_wind,
            prevalent_wind,
            flower_count,
        };
        h.packs[..packs.len()].copy_from_slice(packs);
        h.standing[..standing.len()].copy_from_slice(standing);
        Ok(h)
    }

    #[inline]
    /// The melded packs (and concealed kongs).
    pub fn packs(&self) -> &[Pack] {
        &self.packs[..self.pack_count as usize]
    }

    /// Standing (concealed) tiles, without the win tile.
    #[inline]
    pub fn standing(&self) -> &[Tile] {
        &self.standing[..self.standing_count as usize]
    }

    /// Counts of the standing tiles plus the win tile.
    pub fn concealed_counts(&self) -> [u8; TILE_KINDS] {
        let mut c = [0u8; TILE_KINDS];
        for t in self.standing() {
            c[t.index()] += 1;
        }
        c[self.win_tile.index()] += 1;
        c
    }
}
