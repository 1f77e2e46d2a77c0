//! Hand records as calculator inputs: [`HandRecord::to_input`] and the
//! inputs of a hands file ([`hand_inputs`]).

use std::path::Path;

use super::{HandRecord, HandRecordError, Located, RecordError, RecordErrorKind, Records, DEFAULT_MAX_LINE_BYTES};

impl HandRecord {
    /// The calculator input this record describes; a bad tile or pack is an
    /// error naming it.
    pub fn to_input(&self) -> Result<mcr_core::hand::HandInput, HandRecordError> {
        use mcr_core::hand::{HandInput, Pack, PackKind, WinFlags};
        use mcr_core::tiles::Tile;
        let tile = |s: &str| Tile::parse(s).map_err(HandRecordError::Tile);
        let mut packs = Vec::with_capacity(self.packs.len());
        for (kind, t, offer) in &self.packs {
            let kind = PackKind::parse(kind).ok_or_else(|| HandRecordError::PackType(kind.clone()))?;
            packs.push(Pack::new(kind, tile(t)?, *offer));
        }
        let standing = self.hand.iter().map(|t| tile(t)).collect::<Result<Vec<_>, _>>()?;
        let f = self.flags;
        let flags = WinFlags {
            self_drawn: f.self_drawn,
            fourth_tile: f.fourth_tile,
            about_kong: f.about_kong,
            wall_last: f.wall_last,
            initial: f.initial,
        };
        HandInput::new(
            &packs,
            &standing,
            tile(&self.win_tile)?,
            flags,
            self.seat_wind,
            self.prevalent_wind,
            self.flower_count,
        )
        .map_err(HandRecordError::Hand)
    }
}

/// The hands of a hands corpus as calculator inputs. A record that cannot be
/// read or converted is an `Err` with file, line (and the record's id:
/// [`RecordErrorKind::Hand`]).
pub fn hand_inputs(
    path: &Path,
) -> Box<dyn Iterator<Item = Result<(Located<HandRecord>, mcr_core::hand::HandInput), RecordError>>> {
    hand_inputs_with(path, DEFAULT_MAX_LINE_BYTES)
}

/// [`hand_inputs`] keeping no line longer than `max_line_bytes`.
pub fn hand_inputs_with(
    path: &Path,
    max_line_bytes: usize,
) -> Box<dyn Iterator<Item = Result<(Located<HandRecord>, mcr_core::hand::HandInput), RecordError>>> {
    match Records::<HandRecord>::open_with(path, max_line_bytes) {
        Err(e) => Box::new(std::iter::once(Err(e))),
        Ok(records) => hand_inputs_of(records),
    }
}

/// [`hand_inputs`] of a file already open.
pub fn hand_inputs_of(
    records: Records<HandRecord>,
) -> Box<dyn Iterator<Item = Result<(Located<HandRecord>, mcr_core::hand::HandInput), RecordError>>> {
    let file = records.file().to_path_buf();
    Box::new(records.map(move |r| {
        let r = r?;
        let input = r.record.to_input().map_err(|error| {
            RecordError::new(&file, r.line, RecordErrorKind::Hand { id: r.record.id.clone(), error })
        })?;
        Ok((r, input))
    }))
}
