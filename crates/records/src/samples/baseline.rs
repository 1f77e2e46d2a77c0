//! The baseline's legality layer: which actions the course handout's
//! `FeatureAgent` (`feature.py`) puts in its 235-action mask, worked out
//! from the engine's state (hands, melds, walls) and the win flags of the
//! cai-style layer ([`crate::audit::cai::Tracker`], the one model of those
//! flags). Its rules, as the handout writes them:
//!
//! - own draw: HU when the calculator gives at least 8 fan on the layer's
//!   flags; PLAY of every kind in the 14 tiles; a concealed kong of a kind
//!   held 4 times and a promoted kong of a pung whose tile is in hand, both
//!   only when the next seat's wall segment is not empty ("wallLast") and
//!   one's own is not;
//! - another seat's discard: HU as above; unless the wall segment of the
//!   seat after the discarder is empty, PENG with 2 copies, a melded kong
//!   with 3 copies and a non-empty own segment, CHI from the previous seat
//!   of every run the hand completes; PASS;
//! - a promoted kong of another seat: HU (isAboutKong) and PASS;
//! - after one's own CHI/PENG: PLAY of every kind left in hand.
//!
//! The judge's legality differs (its kong and wall rules, is4thTile on a
//! self draw); `--flags judge` uses the environment's masks instead.

use crate::audit::cai::Tracker;
use crate::env::action::{chi_index, ANGANG, BUGANG, GANG, HU, PASS, PENG, PLAY};
use mcr_core::engine::{Engine, Event, Turn};
use mcr_core::fans;
use mcr_core::hand::{PackKind, WinFlags};
use mcr_core::tiles::{kinds_held, Tile, TILE_KINDS};

use super::extract::Legal;
use super::Kind;

/// The baseline's fixed gate (`fanCnt < 8` in `_check_mahjong`), whatever
/// the profile.
pub const BASELINE_MIN_FAN: i32 = 8;

/// Whether the baseline offers HU to `seat` on the last event the tracker
/// took: the calculator's total on the cai-style flags reaches 8.
pub fn hu(engine: &Engine, turn: &Turn, tracker: &Tracker, seat: u8) -> bool {
    // Flags never make a non-winning shape win: no calculation needed.
    let judged = turn.can_hu[seat as usize];
    if judged < 0 && judged != -4 {
        return false;
    }
    let Some(flags) = tracker.flags(seat) else { return false };
    let Ok(mut hand) = engine.win_hand(seat) else { return false };
    let cai: WinFlags = flags.cai.into();
    if judged != -4 && cai == hand.flags {
        return judged >= BASELINE_MIN_FAN;
    }
    hand.flags = cai;
    fans::calculate_total_with(engine.profile(), &hand) >= BASELINE_MIN_FAN
}

/// Writes the baseline's mask of `seat` for a decision of `kind` at `turn`
/// (the engine as it emitted `turn`, `tracker` having taken it); `hand` is
/// the seat's concealed tiles as the observation shows them.
pub fn write_mask(
    engine: &Engine,
    turn: &Turn,
    tracker: &Tracker,
    seat: u8,
    kind: Kind,
    hand: &[u8; TILE_KINDS],
    mask: &mut Legal,
) {
    mask.clear();
    let walls = turn.tile_cnt;
    let own_wall = walls[seat as usize];
    match kind {
        Kind::Draw => {
            if hu(engine, turn, tracker, seat) {
                mask.set(HU);
            }
            let wall_last = walls[(seat as usize + 1) % 4] == 0;
            let kong_ok = !wall_last && own_wall > 0;
            mask.set_kinds(PLAY, kinds_held(hand));
            if kong_ok {
                mask.set_kinds(ANGANG, kinds_where(hand, |n| n == 4));
                for p in engine.packs(seat).iter().filter(|p| p.kind == PackKind::Pung) {
                    if hand[p.tile.index()] > 0 {
                        mask.set(BUGANG + p.tile.index());
                    }
                }
            }
        }
        Kind::Claim => {
            mask.set(PASS);
            if hu(engine, turn, tracker, seat) {
                mask.set(HU);
            }
            if let Event::Play { player, tile } | Event::Peng { player, tile } | Event::Chi { player, tile, .. } =
                turn.event
            {
                claims(mask, hand, player, seat, tile, walls, own_wall);
            }
        }
        Kind::MeldDiscard => mask.set_kinds(PLAY, kinds_held(hand)),
    }
}

/// The kinds whose count passes `test`, as bits (over every kind, without
/// a branch).
#[inline]
fn kinds_where(hand: &[u8; TILE_KINDS], test: impl Fn(u8) -> bool) -> u64 {
    (0..TILE_KINDS).fold(0, |m, t| m | (test(hand[t]) as u64) << t)
}

/// PENG, melded kong and CHI on `discarder`'s `tile` for `seat`.
fn claims(
    mask: &mut Legal,
    hand: &[u8; TILE_KINDS],
    discarder: u8,
    seat: u8,
    tile: Tile,
    walls: [u8; 4],
    own_wall: u8,
) {
    // wallLast: set by the layer at the discarder's draw (or claim) from the
    // segment of the seat after it.
    if walls[(discarder as usize + 1) % 4] == 0 {
        return;
    }
    let n = hand[tile.index()];
    if n >= 2 {
        mask.set(PENG + tile.index());
        if n == 3 && own_wall > 0 {
            mask.set(GANG + tile.index());
        }
    }
    if (discarder + 1) % 4 != seat || !tile.is_suited() {
        return;
    }
    let has = |t: Option<Tile>| t.is_some_and(|t| t.suit() == tile.suit() && hand[t.index()] > 0);
    let (m2, m1, p1, p2) =
        (tile.prev().and_then(Tile::prev), tile.prev(), tile.next(), tile.next().and_then(Tile::next));
    // Runs with the claimed tile high, middle, low.
    if has(m2) && has(m1) {
        mask.set(chi_index(m1.unwrap_or(tile), tile));
    }
    if has(m1) && has(p1) {
        mask.set(chi_index(tile, tile));
    }
    if has(p1) && has(p2) {
        mask.set(chi_index(p1.unwrap_or(tile), tile));
    }
}
