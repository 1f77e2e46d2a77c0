//! The judge's wire format: request strings per seat and the display object,
//! rendered from a typed [`Turn`] at the edges only.

use crate::engine::event::{verdict_scores, Event, Turn};
use crate::engine::state::{DEALT, SEGMENT};
use crate::fans::{Displays, FanResult};
use crate::tiles::Tile;
use serde_json::{json, Map, Value};

/// The display's keys as typed values (`None`: the key is absent). What
/// [`Turn::display_json`] writes, and what the validator compares with a
/// record without building JSON.
#[derive(Clone, Copy, Debug)]
pub struct Display<'t> {
    /// `action`: the event's name.
    pub action: &'t str,
    /// `canHu` of each seat.
    pub can_hu: [i32; 4],
    /// `player`: the seat acting.
    pub player: Option<u8>,
    /// `quan` (INIT).
    pub quan: Option<u8>,
    /// `srand` (INIT).
    pub srand: Option<u32>,
    /// `strlen` (INIT, and a WA on an answer to INIT).
    pub strlen: Option<usize>,
    /// `hand` (DEAL): the tiles dealt.
    pub hand: Option<&'t [[Tile; DEALT]; 4]>,
    /// `tile`.
    pub tile: Option<Tile>,
    /// `tileCHI`: the chow's middle tile.
    pub tile_chi: Option<Tile>,
    /// HU and WH: `fanCnt` is the raw result; `fan` lists the counted fans
    /// in table order and is absent when none counted (a hand that does not
    /// win).
    pub fans: Option<&'t FanResult>,
    /// `score`: the four scores of an ending.
    pub score: Option<[i32; 4]>,
    /// `tileCnt`: the tiles left in each seat's wall segment.
    pub tile_cnt: Option<[u8; 4]>,
}

impl Turn {
    /// Appends the request string `seat` receives to `out`; false (nothing
    /// written) once the game is over.
    pub fn write_request(&self, seat: usize, out: &mut String) -> bool {
        // Seats and winds.
        const DIGIT: [&str; 4] = ["0", "1", "2", "3"];
        let others = |out: &mut String, player: u8, verb: &str| {
            out.push_str("3 ");
            out.push_str(DIGIT[player as usize]);
            out.push(' ');
            out.push_str(verb);
        };
        let tile = |out: &mut String, t: Tile| {
            out.push(' ');
            out.push_str(t.name());
        };
        match self.event {
            Event::Init { quan, .. } => {
                out.push_str("0 ");
                out.push_str(DIGIT[seat]);
                out.push(' ');
                out.push_str(DIGIT[quan as usize]);
            }
            Event::Deal { ref hands } => {
                out.push_str("1 0 0 0 0");
                for &t in &hands[seat] {
                    tile(out, t);
                }
            }
            Event::Draw { player, tile: t } if seat == player as usize => {
                out.push('2');
                tile(out, t);
            }
            Event::Draw { player, .. } => others(out, player, "DRAW"),
            Event::Play { player, tile: t } => {
                others(out, player, "PLAY");
                tile(out, t);
            }
            Event::Peng { player, tile: t } => {
                others(out, player, "PENG");
                tile(out, t);
            }
            Event::Chi { player, middle, tile: t } => {
                others(out, player, "CHI");
                tile(out, middle);
                tile(out, t);
            }
            // The kong tile is not told: for a concealed kong it is secret.
            Event::Gang { player, .. } => others(out, player, "GANG"),
            Event::BuGang { player, tile: t } => {
                others(out, player, "BUGANG");
                tile(out, t);
            }
            Event::Huang | Event::Hu { .. } | Event::WrongAnswer { .. } | Event::WrongHu { .. } => return false,
        }
        true
    }

    /// The request string each seat receives; `None` once the game is over.
    pub fn requests(&self) -> Option<[String; 4]> {
        let mut out: [String; 4] = Default::default();
        for (seat, text) in out.iter_mut().enumerate() {
            if !self.write_request(seat, text) {
                return None;
            }
        }
        Some(out)
    }

    /// Requests as the record stores them: `{"0": .., "1": .., "2": .., "3": ..}`.
    pub fn requests_json(&self) -> Option<Value> {
        self.requests().map(|r| {
            let mut m = Map::new();
            for (seat, text) in r.into_iter().enumerate() {
                m.insert(SEAT_KEYS[seat].to_string(), Value::String(text));
            }
            Value::Object(m)
        })
    }

    /// The judge's display, with exactly its keys.
    pub fn display(&self) -> Display<'_> {
        let mut d = Display {
            action: self.event.action(),
            can_hu: self.can_hu,
            player: self.event.player(),
            quan: None,
            srand: None,
            strlen: None,
            hand: None,
            tile: None,
            tile_chi: None,
            fans: None,
            score: None,
            tile_cnt: None,
        };
        match &self.event {
            Event::Init { quan, srand, strlen } => {
                d.quan = Some(*quan);
                d.srand = Some(*srand);
                d.strlen = Some(*strlen);
            }
            Event::Deal { hands } => d.hand = Some(hands),
            Event::Draw { tile, .. }
            | Event::Play { tile, .. }
            | Event::Peng { tile, .. }
            | Event::Gang { tile, .. }
            | Event::BuGang { tile, .. } => d.tile = Some(*tile),
            Event::Chi { middle, tile, .. } => {
                d.tile = Some(*tile);
                d.tile_chi = Some(*middle);
            }
            Event::Huang => {}
            Event::Hu { fans, score, .. } => {
                d.fans = Some(fans);
                d.score = Some(*score);
            }
            Event::WrongHu { player, fans } => {
                d.fans = Some(fans);
                d.score = Some(verdict_scores(*player));
            }
            Event::WrongAnswer { player, strlen, .. } => {
                d.strlen = *strlen;
                d.score = Some(verdict_scores(*player));
            }
        }
        match self.displays {
            // No strlen anywhere; every display but INIT's shows the walls,
            // INIT's the walls as dealt.
            Displays::Platform => {
                d.strlen = None;
                d.tile_cnt = Some(match self.event {
                    Event::Init { .. } => [(SEGMENT - DEALT) as u8; 4],
                    _ => self.tile_cnt,
                });
            }
            Displays::PublicJudge => {
                if !matches!(
                    self.event,
                    Event::Init { .. } | Event::Hu { .. } | Event::WrongAnswer { .. } | Event::WrongHu { .. }
                ) {
                    d.tile_cnt = Some(self.tile_cnt);
                }
            }
        }
        d
    }

    /// The judge's display object, with exactly its keys.
    pub fn display_json(&self) -> Value {
        let v = self.display();
        let mut d = Map::new();
        let mut put = |key: &str, value: Option<Value>| {
            if let Some(value) = value {
                d.insert(key.into(), value);
            }
        };
        put("action", Some(json!(v.action)));
        put("canHu", Some(json!(v.can_hu)));
        put("player", v.player.map(|p| json!(p)));
        put("quan", v.quan.map(|q| json!(q)));
        put("srand", v.srand.map(|s| json!(s)));
        put("strlen", v.strlen.map(|n| json!(n)));
        put("hand", v.hand.map(|h| json!(h.map(|h| h.map(Tile::name)))));
        put("tile", v.tile.map(|t| json!(t.name())));
        put("tileCHI", v.tile_chi.map(|t| json!(t.name())));
        if let Some(fans) = v.fans {
            put("fanCnt", Some(json!(fans.result)));
            let list: Vec<Value> =
                fans.fans().map(|(info, cnt)| json!({"name": info.name, "cnt": cnt, "value": info.value})).collect();
            put("fan", (!list.is_empty()).then_some(Value::Array(list)));
        }
        put("score", v.score.map(|s| json!(s)));
        put("tileCnt", v.tile_cnt.map(|c| json!(c)));
        Value::Object(d)
    }
}

/// The seat keys of requests, responses and verdicts, in seat order: the
/// keys of every per-seat map of a record (and of the judge's requests and
/// a match log's entries).
pub const SEAT_KEYS: [&str; 4] = ["0", "1", "2", "3"];

/// The seat a per-seat map's key names (the inverse of [`SEAT_KEYS`]):
/// `"0"`..`"3"` exactly, else `None`.
#[inline]
pub fn seat_of_key(key: &str) -> Option<u8> {
    match key.as_bytes() {
        [c @ b'0'..=b'3'] => Some(c - b'0'),
        _ => None,
    }
}
