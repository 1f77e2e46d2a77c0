//! The judge's wire format: request strings per seat and the display object,
//! rendered from a typed [`Turn`] at the edges only.

use crate::engine::event::{verdict_scores, Event, Turn};
use crate::fans::FanResult;
use crate::tiles::Tile;
use serde_json::{json, Map, Value};

fn join_tiles(tiles: &[Tile]) -> String {
    let mut s = String::with_capacity(tiles.len() * 3);
    for (i, t) in tiles.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(t.name());
    }
    s
}

impl Turn {
    /// The request string each seat receives; `None` once the game is over.
    pub fn requests(&self) -> Option<[String; 4]> {
        let all = |s: String| Some([s.clone(), s.clone(), s.clone(), s]);
        match &self.event {
            Event::Init { quan, .. } => Some([0, 1, 2, 3].map(|seat| format!("0 {seat} {quan}"))),
            Event::Deal { hands } => Some([0, 1, 2, 3].map(|seat| format!("1 0 0 0 0 {}", join_tiles(&hands[seat])))),
            Event::Draw { player, tile } => Some([0, 1, 2, 3].map(|seat| {
                if seat == *player {
                    format!("2 {tile}")
                } else {
                    format!("3 {player} DRAW")
                }
            })),
            Event::Play { player, tile } => all(format!("3 {player} PLAY {tile}")),
            Event::Peng { player, tile } => all(format!("3 {player} PENG {tile}")),
            Event::Chi { player, middle, tile } => all(format!("3 {player} CHI {middle} {tile}")),
            // The kong tile is not told: for a concealed kong it is secret.
            Event::Gang { player, .. } => all(format!("3 {player} GANG")),
            Event::BuGang { player, tile } => all(format!("3 {player} BUGANG {tile}")),
            Event::Huang | Event::Hu { .. } | Event::WrongAnswer { .. } | Event::WrongHu { .. } => None,
        }
    }

    /// Requests as the record stores them: `{"0": .., "1": .., "2": .., "3": ..}`.
    pub fn requests_json(&self) -> Option<Value> {
        self.requests().map(|r| {
            let mut m = Map::new();
            for (seat, text) in r.into_iter().enumerate() {
                m.insert(seat.to_string(), Value::String(text));
            }
            Value::Object(m)
        })
    }

    /// The judge's display object, with exactly its keys.
    pub fn display_json(&self) -> Value {
        let mut d = Map::new();
        d.insert("action".into(), json!(self.event.action()));
        d.insert("canHu".into(), json!(self.can_hu));
        if let Some(p) = self.event.player() {
            d.insert("player".into(), json!(p));
        }
        match &self.event {
            Event::Init { quan, srand, strlen } => {
                d.insert("quan".into(), json!(quan));
                d.insert("srand".into(), json!(srand));
                d.insert("strlen".into(), json!(strlen));
            }
            Event::Deal { hands } => {
                let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.iter().map(|t| t.name()).collect()).collect();
                d.insert("hand".into(), json!(hands));
            }
            Event::Draw { tile, .. }
            | Event::Play { tile, .. }
            | Event::Peng { tile, .. }
            | Event::Gang { tile, .. }
            | Event::BuGang { tile, .. } => {
                d.insert("tile".into(), json!(tile.name()));
            }
            Event::Chi { middle, tile, .. } => {
                d.insert("tile".into(), json!(tile.name()));
                d.insert("tileCHI".into(), json!(middle.name()));
            }
            Event::Huang => {}
            Event::Hu { fans, score, .. } => {
                insert_fans(&mut d, fans);
                d.insert("score".into(), json!(score));
            }
            Event::WrongAnswer { player, strlen } => {
                if let Some(n) = strlen {
                    d.insert("strlen".into(), json!(n));
                }
                d.insert("score".into(), json!(verdict_scores(*player)));
            }
            Event::WrongHu { player, fans } => {
                insert_fans(&mut d, fans);
                d.insert("score".into(), json!(verdict_scores(*player)));
            }
        }
        if !matches!(
            self.event,
            Event::Init { .. } | Event::Hu { .. } | Event::WrongAnswer { .. } | Event::WrongHu { .. }
        ) {
            d.insert("tileCnt".into(), json!(self.tile_cnt));
        }
        Value::Object(d)
    }
}

/// `fanCnt` is the raw result; `fan` lists the counted fans in table order and
/// is absent when none counted (a hand that does not win).
fn insert_fans(d: &mut Map<String, Value>, fans: &FanResult) {
    d.insert("fanCnt".into(), json!(fans.result));
    let list: Vec<Value> =
        fans.fans().map(|(info, cnt)| json!({"name": info.name, "cnt": cnt, "value": info.value})).collect();
    if !list.is_empty() {
        d.insert("fan".into(), Value::Array(list));
    }
}
