//! The reference's inputs and answers as data: tile names and
//! `(type, tile, offer)` packs read with the reference's error messages, and
//! the record schema of `shanten.jsonl.gz` (`MahjongShanten(packs, hand)` and
//! the five per-shape functions, `[shanten, useful tiles]` or
//! `{"error": message}`).

use super::{analyse, HandShanten, ShantenError, SHAPES};
use mcr_core::hand::{Pack, PackKind};
use mcr_core::tiles::Tile;
use serde_json::{json, Value};

/// A tile name as the reference reads it.
pub fn reference_tile(name: &str) -> Result<Tile, ShantenError> {
    Tile::parse(name).map_err(|_| ShantenError::WrongTileCode)
}

/// A pack `(type, tile, offer)` as the reference reads it: the tile, then the
/// offer (0..=3), then the type (`CHI`, `PENG`, `GANG`).
pub fn reference_pack(kind: &str, tile: &str, offer: i64) -> Result<Pack, ShantenError> {
    let tile = reference_tile(tile)?;
    if !(0..4).contains(&offer) {
        return Err(ShantenError::WrongOfferCode);
    }
    let kind = PackKind::parse(kind).ok_or(ShantenError::WrongPackCode)?;
    Ok(Pack::new(kind, tile, offer as u8))
}

/// One record of a shanten corpus.
#[derive(Debug)]
pub struct ShantenRecord {
    /// The record's id, echoed in reports.
    pub id: String,
    /// The packs as the reference takes them: `[type, tile, offer]`
    /// (`"CHI"`/`"PENG"`/`"GANG"`, the judge's tile name, the offer code),
    /// read as written so that the reference's errors can be reproduced.
    pub packs: Vec<(String, String, i64)>,
    /// The standing tiles in judge names, as written.
    pub hand: Vec<String>,
    /// Compared whole with [`answer`]; a repeated key is malformed.
    pub expected: Value,
}

mcr_core::de_struct! { ShantenRecord, ignore;
    id: String = "id",
    packs: Vec<(String, String, i64)> = "packs",
    hand: Vec<String> = "hand",
    expected: Value = "expected" with crate::record::unique::value,
}

fn error(e: ShantenError) -> Value {
    json!({ "error": e.to_string() })
}

/// `[shanten, [useful tiles]]` or `{"error": message}` for each shape.
pub fn forms_json(h: &HandShanten) -> Value {
    let mut forms = serde_json::Map::new();
    for (shape, r) in SHAPES.iter().zip(h.shapes) {
        let v = match r {
            Ok(s) => json!([s.shanten, s.useful.iter().map(|t| t.name()).collect::<Vec<_>>()]),
            Err(e) => error(e),
        };
        forms.insert(shape.name().to_string(), v);
    }
    Value::Object(forms)
}

/// What the reference answers for this record's packs and hand, in the
/// schema of `expected`.
pub fn answer(packs: &[(String, String, i64)], hand: &[String]) -> Value {
    let tiles: Result<Vec<Tile>, ShantenError> = hand.iter().map(|t| reference_tile(t)).collect();
    let packs: Result<Vec<Pack>, ShantenError> = packs.iter().map(|(k, t, o)| reference_pack(k, t, *o)).collect();
    match tiles {
        Err(e) => {
            json!({ "shanten": error(e), "forms": SHAPES.iter().map(|s| (s.name().to_string(), error(e))).collect::<serde_json::Map<_, _>>() })
        }
        Ok(tiles) => {
            let h = analyse(&[], &tiles);
            let shanten = match packs.and_then(|_| h.shanten()) {
                Ok(s) => json!(s),
                Err(e) => error(e),
            };
            json!({ "shanten": shanten, "forms": forms_json(&h) })
        }
    }
}
