//! The decision analysis from Python (`mcr_engine::analysis::decide`): the
//! native halves of `mcr_engine.decide` and `mcr_engine.decision_states`;
//! and the table model over game records (`mcr_engine::table`,
//! `mcr_engine::analysis::table`), the native half of
//! `mcr_engine.decide(games, model="table")`.
//!
//! States travel as lines of a decisions file (the input of `mcr decide
//! FILE`, read by the library's `DecideRecord`); the figures come back as
//! little-endian arrays the Python side wraps in numpy, the columns in the
//! judge's tile order (`JUDGE_ORDER`). The table model's decisions come back
//! as the JSON lines `mcr decide --model table` writes.

use mcr_engine::analysis::decide::many::{decide_many, state_line};
use mcr_engine::analysis::decide::{record_decisions, DecideRecord, Options, JUDGE_ORDER};
use mcr_engine::analysis::table::{analyse_points, record_points, TablePoint};
use mcr_engine::fans::Profile;
use mcr_engine::record::rules::profile_for;
use mcr_engine::record::GameRecord;
use mcr_engine::tiles::TILE_KINDS;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use std::time::Duration;

use mcr_engine::table::{Options as TableOptions, Sampler};

use crate::{ArgumentError, HandError};

/// The column of each tile index: its place in the judge's order.
fn columns() -> [usize; TILE_KINDS] {
    let mut c = [0; TILE_KINDS];
    for (j, t) in JUDGE_ORDER.iter().enumerate() {
        c[t.index()] = j;
    }
    c
}

/// The figures of every state line, in order: `(win_prob, exp_points,
/// min_draws)` as `[B * 34]` float64 (NaN, NaN, inf where the tile is no
/// discard; min_draws inf where no win is reachable), `flags` `[B * 3]`
/// uint8 (wins_now, exact, budget_hit) and `fan_now` `[B]` int32. An
/// unreadable or impossible state raises HandError naming `states[i]`.
#[pyfunction]
#[pyo3(signature = (lines, rules=None, threads=1, exact_draws=3, node_budget=1000))]
#[allow(clippy::type_complexity)]
fn decide_lines<'py>(
    py: Python<'py>,
    lines: Vec<String>,
    rules: Option<&str>,
    threads: usize,
    exact_draws: u32,
    node_budget: usize,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>)>
{
    let asked = rules.map(crate::rules::profile).transpose()?;
    let mut states = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let at = |e: String| HandError::new_err(format!("states[{i}]: {e}"));
        let rec: DecideRecord = serde_json::from_str(line).map_err(|e| at(e.to_string()))?;
        let profile = profile_for(rec.rules, asked).map_err(|c| at(c.to_string()))?;
        states.push((profile, rec.to_state().map_err(|e| at(e.to_string()))?));
    }
    let options = Options { exact_draws, node_budget };
    let results = py.allow_threads(|| decide_many(&states, options, threads));
    let n = results.len();
    let (mut win, mut exp, mut min) =
        (vec![f64::NAN; n * TILE_KINDS], vec![f64::NAN; n * TILE_KINDS], vec![f64::INFINITY; n * TILE_KINDS]);
    let mut flags = vec![0u8; n * 3];
    let mut fan_now = vec![0i32; n];
    let col = columns();
    for (b, r) in results.into_iter().enumerate() {
        let d = r.map_err(|e| HandError::new_err(format!("states[{b}]: {e}")))?;
        for row in &d.discards {
            let k = b * TILE_KINDS + col[row.tile.index()];
            win[k] = row.win_prob;
            exp[k] = row.exp_points;
            min[k] = row.min_draws.map_or(f64::INFINITY, f64::from);
        }
        flags[b * 3..b * 3 + 3].copy_from_slice(&[d.wins_now as u8, d.exact as u8, d.budget_hit as u8]);
        fan_now[b] = d.fan_now;
    }
    let bytes = |v: Vec<f64>| PyBytes::new(py, &v.into_iter().flat_map(f64::to_le_bytes).collect::<Vec<u8>>());
    Ok((
        bytes(win),
        bytes(exp),
        bytes(min),
        PyBytes::new(py, &flags),
        PyBytes::new(py, &fan_now.into_iter().flat_map(i32::to_le_bytes).collect::<Vec<u8>>()),
    ))
}

/// Every own-draw decision of a game record (its JSON), replayed under its
/// own rules (or `rules`): `(turn, seat, played, line)`, `played` the tile
/// discarded or None, `line` the state as a decisions-file line (JSON,
/// naming the profile it was replayed under).
/// A record that does not replay to its end raises HandError with the
/// reason (the decisions before it are not returned).
#[pyfunction]
#[pyo3(signature = (record, rules=None))]
fn decision_lines(record: &str, rules: Option<&str>) -> PyResult<Vec<(usize, u8, Option<&'static str>, String)>> {
    let asked = rules.map(crate::rules::profile).transpose()?;
    let rec: GameRecord =
        serde_json::from_str(record).map_err(|e| HandError::new_err(format!("not a game record: {e}")))?;
    let profile: &'static Profile =
        profile_for(rec.rules, asked).map_err(|c| HandError::new_err(format!("game {}: {c}", rec.game_id)))?;
    let (decisions, stop) = record_decisions(&rec, profile);
    if let Some(stop) = stop {
        return Err(HandError::new_err(format!("game {}: {stop}", rec.game_id)));
    }
    Ok(decisions
        .into_iter()
        .map(|d| (d.turn, d.seat, d.played.map(|t| t.name()), state_line(&d.state, Some(profile)).to_string()))
        .collect())
}

/// The table model's analysis of every decision of `records` (game records
/// as JSON, `records[i]` named in errors), in order: one JSON line per
/// decision as `mcr decide --model table` writes it. Only the decisions at
/// `turn`, of `seat`, of the games `ids` when given. The decisions are
/// analysed on `threads` threads (1: the calling thread; 0: every core),
/// the GIL released. A record that cannot be read, that does not replay to
/// its end or whose decision cannot be analysed raises HandError naming
/// `games[i]` (the game, turn and seat); a bad option ArgumentError.
#[pyfunction]
#[pyo3(signature = (records, *, rules=None, worlds=64, seed=0, sampler="drawn", time_limit_ms=None,
    deal_in_worlds=256, turn=None, seat=None, ids=None, threads=1))]
#[allow(clippy::too_many_arguments)]
fn table_lines(
    py: Python<'_>,
    records: Vec<String>,
    rules: Option<&str>,
    worlds: usize,
    seed: u64,
    sampler: &str,
    time_limit_ms: Option<u64>,
    deal_in_worlds: usize,
    turn: Option<usize>,
    seat: Option<u8>,
    ids: Option<Vec<String>>,
    threads: usize,
) -> PyResult<Vec<String>> {
    let asked = rules.map(crate::rules::profile).transpose()?;
    let sampler = Sampler::parse(sampler)
        .ok_or_else(|| ArgumentError::new_err(format!("sampler must be \"drawn\" or \"uniform\", not {sampler:?}")))?;
    if worlds == 0 {
        return Err(ArgumentError::new_err("worlds must be 1 or more"));
    }
    if seat.is_some_and(|s| s > 3) {
        return Err(ArgumentError::new_err(format!("seat must be 0 to 3, not {}", seat.unwrap_or_default())));
    }
    let options =
        TableOptions { worlds, seed, time_limit: time_limit_ms.map(Duration::from_millis), sampler, deal_in_worlds };
    let done = py.allow_threads(|| -> Result<Vec<String>, String> {
        // Every game's decisions first (the replays are cheap), then every
        // decision analysed, across games, on the threads.
        let mut games: Vec<(usize, String, Vec<TablePoint>)> = Vec::new();
        for (i, text) in records.iter().enumerate() {
            let record: GameRecord =
                serde_json::from_str(text).map_err(|e| format!("games[{i}]: not a game record: {e}"))?;
            if ids.as_ref().is_some_and(|ids| !ids.contains(&record.game_id)) {
                continue;
            }
            let at = format!("games[{i}]: game {}", record.game_id);
            let profile = profile_for(record.rules, asked).map_err(|c| format!("{at}: {c}"))?;
            let points = record_points(&record, profile);
            if let Some(stop) = points.stop {
                return Err(format!("{at}: the replay stopped: {stop}"));
            }
            let kept = points
                .points
                .into_iter()
                .filter(|p| turn.is_none_or(|t| t == p.turn) && seat.is_none_or(|s| s == p.seat))
                .collect();
            games.push((i, record.game_id, kept));
        }
        let all: Vec<(&(usize, String, Vec<TablePoint>), &TablePoint)> =
            games.iter().flat_map(|g| g.2.iter().map(move |p| (g, p))).collect();
        let points: Vec<&TablePoint> = all.iter().map(|(_, p)| *p).collect();
        let analyses = analyse_points(&points, &options, threads);
        all.iter()
            .zip(analyses)
            .map(|(((i, id, _), p), a)| {
                let a = a.map_err(|e| format!("games[{i}]: game {id}: turn {} seat {}: {e}", p.turn, p.seat))?;
                serde_json::to_string(&p.line(id, &a)).map_err(|e| e.to_string())
            })
            .collect()
    });
    done.map_err(HandError::new_err)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(table_lines, m)?)?;
    m.add_function(wrap_pyfunction!(decide_lines, m)?)?;
    m.add_function(wrap_pyfunction!(decision_lines, m)?)?;
    m.add("DECIDE_TILES", JUDGE_ORDER.map(|t| t.name()).to_vec())?;
    Ok(())
}
