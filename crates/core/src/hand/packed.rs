//! Packed hands: one calculator input in 32 bytes, for batch calls (the
//! Python binding's `encode_hands` / `calculate_packed`, a numpy `uint8`
//! array's `.tobytes()`):
//!
//! - byte 0: packs (0..4); bytes 1..13: per pack kind (0 CHI, 1 PENG,
//!   2 GANG), tile, offer (the judge's encoding);
//! - byte 13: standing tiles (0..13); bytes 14..27: their tile indices;
//! - byte 27: win tile; 28: flowers; 29: flags (1 self-drawn, 2 fourth
//!   tile, 4 about kong, 8 wall last); 30: seat wind; 31: prevalent wind.
//!
//! Tile indices 0..33 are W1..W9, T1..T9, B1..B9, F1..F4, J1..J3.

use super::{HandError, HandInput, Pack, PackKind, WinFlags};
use crate::tiles::Tile;

/// Bytes per packed hand.
pub const PACKED_BYTES: usize = 32;

/// `h` packed, appended to `out`.
pub fn encode(h: &HandInput, out: &mut Vec<u8>) {
    let mut r = [0u8; PACKED_BYTES];
    r[0] = h.packs().len() as u8;
    for (k, p) in h.packs().iter().enumerate() {
        r[1 + 3 * k] = match p.kind {
            PackKind::Chow => 0,
            PackKind::Pung => 1,
            PackKind::Kong => 2,
        };
        r[2 + 3 * k] = p.tile.index() as u8;
        r[3 + 3 * k] = p.offer;
    }
    r[13] = h.standing().len() as u8;
    for (k, t) in h.standing().iter().enumerate() {
        r[14 + k] = t.index() as u8;
    }
    r[27] = h.win_tile.index() as u8;
    r[28] = h.flower_count;
    let f = h.flags;
    r[29] = f.self_drawn as u8 | (f.fourth_tile as u8) << 1 | (f.about_kong as u8) << 2 | (f.wall_last as u8) << 3;
    r[30] = h.seat_wind;
    r[31] = h.prevalent_wind;
    out.extend_from_slice(&r);
}

/// Why bytes are not a packed hand, naming the byte at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PackedError {
    /// Not [`PACKED_BYTES`] bytes (the length given).
    Length(usize),
    /// A tile index past 33 (the byte, its value).
    Tile(usize, u8),
    /// More than 4 packs (byte 0's value).
    Packs(usize),
    /// More than 13 standing tiles (byte 13's value).
    Standing(usize),
    /// A pack kind other than 0, 1, 2 (the byte, its value).
    PackKind(usize, u8),
    /// Flags with bits other than 1, 2, 4, 8 (byte 29's value).
    Flags(u8),
    /// Bytes that read but are not a hand the calculator takes.
    Hand(HandError),
}

impl std::fmt::Display for PackedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PackedError::Length(v0) => write!(f, "{v0} bytes, not {PACKED_BYTES}"),
            PackedError::Tile(v0, v1) => write!(f, "byte {v0}: tile index {v1} out of range 0..=33"),
            PackedError::Packs(v0) => write!(f, "byte 0: {v0} packs (at most 4)"),
            PackedError::Standing(v0) => write!(f, "byte 13: {v0} standing tiles (at most 13)"),
            PackedError::PackKind(v0, v1) => write!(f, "byte {v0}: pack kind {v1} (0 CHI, 1 PENG, 2 GANG)"),
            PackedError::Flags(v0) => write!(f, "byte 29: flags {v0} (bits 1, 2, 4, 8)"),
            PackedError::Hand(v0) => std::fmt::Display::fmt(v0, f),
        }
    }
}

impl std::error::Error for PackedError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PackedError::Hand(v0) => std::error::Error::source(v0),
            _ => None,
        }
    }
}

impl From<HandError> for PackedError {
    fn from(e: HandError) -> PackedError {
        PackedError::Hand(e)
    }
}

/// A packed hand ([`PACKED_BYTES`] bytes) back to the calculator input, or
/// what is wrong with it (naming the byte).
pub fn decode(r: &[u8]) -> Result<HandInput, PackedError> {
    if r.len() != PACKED_BYTES {
        return Err(PackedError::Length(r.len()));
    }
    // The byte's place is only formatted when it is wrong.
    let tile = |at: usize| Tile::new(r[at]).ok_or(PackedError::Tile(at, r[at]));
    let (np, nt) = (r[0] as usize, r[13] as usize);
    if np > 4 {
        return Err(PackedError::Packs(np));
    }
    if nt > 13 {
        return Err(PackedError::Standing(nt));
    }
    let mut packs = [Pack::new(PackKind::Pung, Tile::default(), 1); 4];
    for (k, slot) in packs.iter_mut().enumerate().take(np) {
        let kind = match r[1 + 3 * k] {
            0 => PackKind::Chow,
            1 => PackKind::Pung,
            2 => PackKind::Kong,
            b => return Err(PackedError::PackKind(1 + 3 * k, b)),
        };
        *slot = Pack::new(kind, tile(2 + 3 * k)?, r[3 + 3 * k]);
    }
    let mut standing = [Tile::default(); 13];
    for (k, slot) in standing.iter_mut().enumerate().take(nt) {
        *slot = tile(14 + k)?;
    }
    let flags = r[29];
    if flags > 15 {
        return Err(PackedError::Flags(flags));
    }
    let flags = WinFlags {
        self_drawn: flags & 1 != 0,
        fourth_tile: flags & 2 != 0,
        about_kong: flags & 4 != 0,
        wall_last: flags & 8 != 0,
        initial: false,
    };
    Ok(HandInput::new(&packs[..np], &standing[..nt], tile(27)?, flags, r[30], r[31], r[28])?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_names_the_bad_byte() {
        // [peng 5m] [chi 234s] 789p 345p 1z +1z, self-drawn.
        let t = |s: &str| Tile::parse(s).unwrap();
        let packs = [Pack::new(PackKind::Pung, t("W5"), 1), Pack::new(PackKind::Chow, t("T3"), 1)];
        let standing = ["B7", "B8", "B9", "B3", "B4", "B5", "F1"].map(t);
        let flags = WinFlags { self_drawn: true, ..WinFlags::default() };
        let h = HandInput::new(&packs, &standing, t("F1"), flags, 0, 0, 0).unwrap();
        let mut out = Vec::new();
        encode(&h, &mut out);
        assert_eq!(out.len(), PACKED_BYTES);
        assert_eq!((out[0], out[13]), (2, 7));
        let back = decode(&out).unwrap();
        assert_eq!(
            (back.packs(), back.standing(), back.win_tile, back.flags.self_drawn),
            (h.packs(), h.standing(), h.win_tile, true)
        );
        let mut bad = out.clone();
        bad[27] = 34;
        assert_eq!(decode(&bad).unwrap_err().to_string(), "byte 27: tile index 34 out of range 0..=33");
        bad = out.clone();
        bad[1] = 7;
        assert_eq!(decode(&bad).unwrap_err().to_string(), "byte 1: pack kind 7 (0 CHI, 1 PENG, 2 GANG)");
        assert_eq!(decode(&out[..31]).unwrap_err().to_string(), "31 bytes, not 32");
    }
}
