//! The decisions of a game record as states of the analysis: each time a
//! seat holds its own draw, what it holds and what it can know.

use super::State;
use crate::record::GameRecord;
use crate::replay::{Replayer, Stop};
use mcr_core::engine::{Engine, Event};
use mcr_core::fans::Profile;
use mcr_core::tiles::{Tile, TILE_KINDS};

/// One decision of a record: a seat holding its own draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordDecision {
    /// The turn of the record (its index; 0 is INIT) that brought the draw.
    pub turn: usize,
    /// The deciding seat.
    pub seat: u8,
    /// The state as the analysis takes it:
    /// - `hand`: the seat's standing tiles with the drawn one;
    /// - `packs`: its melds;
    /// - `shown`: the judge's shownTile (passed discards and exposed melds);
    /// - `unseen`: 4, less the seat's own tiles (its concealed kongs
    ///   included), less every exposed meld and every discard on the table
    ///   (other seats' concealed kongs stay unseen);
    /// - `draws_left`: the tiles left in the seat's wall segment.
    pub state: State,
    /// The tile the seat discarded (`PLAY`), if that was its answer.
    pub played: Option<Tile>,
}

/// The state of `seat` in `engine` (a replay's, or a bot's view of its
/// seat) holding the standing tiles `counts` (its concealed tiles, with a
/// drawn or claimed tile added, or others taken out, as the caller weighs a
/// move): its packs, the judge's shown counts, what it cannot see (4, less
/// `counts`, its concealed kongs and the shown tiles) and the tiles left in
/// its wall segment.
pub fn seat_state(engine: &Engine, seat: u8, counts: &[u8; TILE_KINDS]) -> State {
    let hand: Vec<Tile> = Tile::all().flat_map(|t| std::iter::repeat_n(t, counts[t.index()] as usize)).collect();
    let packs = engine.packs(seat).to_vec();
    let shown: [u8; TILE_KINDS] = std::array::from_fn(|i| engine.shown(Tile::from_index(i as u8)));
    let mut unseen = [0u8; TILE_KINDS];
    for (i, u) in unseen.iter_mut().enumerate() {
        let concealed_kong = packs.iter().any(|p| p.is_concealed_kong() && p.tile.index() == i);
        let known = counts[i] + shown[i] + if concealed_kong { 4 } else { 0 };
        *u = 4u8.saturating_sub(known);
    }
    State {
        packs,
        hand,
        seat,
        prevalent: engine.quan(),
        shown,
        unseen,
        draws_left: engine.walls_remaining()[seat as usize % 4] as u32,
    }
}

/// Every own-draw decision of `record`, replayed under `profile`, in turn
/// order; a replay that stops early (see [`crate::replay`]) gives the
/// decisions before it and the reason.
pub fn record_decisions(record: &GameRecord, profile: &'static Profile) -> (Vec<RecordDecision>, Option<Stop>) {
    let mut out = Vec::new();
    let Ok(prevalent) = u8::try_from(record.quan) else {
        return (out, Some(Stop::Empty));
    };
    let mut replay = Replayer::new(Engine::with_profile(profile), record);
    let mut stop = None;
    while let Some(step) = replay.next() {
        let step = match step {
            Ok(s) => s,
            Err(e) => {
                stop = Some(e);
                break;
            }
        };
        let Event::Draw { player, tile } = step.turn.event else { continue };
        let e = step.engine;
        let mut counts = e.hand(player);
        counts[tile.index()] += 1;
        let played = step.answers[player as usize]
            .and_then(|a| a.strip_prefix("PLAY "))
            .and_then(|t| Tile::parse(t.trim()).ok());
        // The engine was reset with the record's prevalent wind.
        debug_assert_eq!(e.quan(), prevalent);
        let state = seat_state(e, player, &counts);
        out.push(RecordDecision { turn: step.index, seat: player, state, played });
    }
    (out, stop)
}
