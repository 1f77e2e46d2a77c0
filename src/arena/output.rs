//! An arena run into a record file (`mcr arena -o OUT`), the one place that
//! joins the runner, resume and the standings:
//!
//! - before any game, the bots are checked ([`super::check_bots`]: a missing
//!   program or execute bit is named with its bot) and an existing OUT is
//!   read ([`resume`]): its games are not played again, a cut last line is
//!   dropped, a file of another tournament (other entries, bots file, seed,
//!   rules or format) is refused;
//! - the records are written in run order whatever `jobs` ([`super::run`]),
//!   one line each, flushed as written, so that a killed run leaves at most
//!   a cut last line;
//! - the standings of the whole file (the records kept and the new ones)
//!   are made as the records go.
//!
//! Deterministic bots and the same seed give the same records, byte for
//! byte, whatever `jobs` and sharding, except each turn's `times_ms` (the
//! measured answer times). An interrupted and resumed run holds the same
//! records as an uninterrupted one, possibly in another order.

use std::io::Write;
use std::path::Path;

use super::standings::{read, Builder, Standings};
use super::{resume, ArenaConfig, ArenaError};

/// Where the records go.
pub enum Out<'a> {
    /// A file (`.gz`: compressed); continued when it exists.
    File(&'a Path),
    /// Standard output (never continued).
    Stdout,
}

/// What a run into a file did.
pub struct Finished {
    /// Games this run played and wrote.
    pub played: u64,
    /// Records OUT already held (a resumed run).
    pub kept: u64,
    /// The cut last line dropped from OUT, if any (`line N (B bytes): why`).
    pub dropped: Option<String>,
    /// The games this run had to play.
    pub scheduled: u64,
    /// The standings of every record of OUT.
    pub standings: Standings,
    /// Unreadable records and repeated games met by the standings.
    pub problems: Vec<String>,
    /// Why the run stopped before its end (an interrupt, a game's or the
    /// output's error); the records written are whole.
    pub stopped: Option<ArenaError>,
}

/// Plays `cfg` into `out`; `progress(done, scheduled)` after each record
/// written. An `Err` is a refusal before any game.
pub fn run_into(cfg: &ArenaConfig, out: Out<'_>, mut progress: impl FnMut(u64, u64)) -> Result<Finished, ArenaError> {
    super::check_bots(&cfg.seats)?;
    let mut builder = Builder::default();
    let (mut writer, resumed, shown): (Box<dyn Write + Send>, Option<resume::Resumed>, String) = match out {
        Out::Stdout => (Box::new(std::io::stdout()), None, "-".into()),
        Out::File(path) => {
            let shown = path.display().to_string();
            let resumed =
                resume::scan_each(path, &cfg.identity(), cfg.max_line_bytes, |n, text| match read::summarize(text) {
                    Ok(g) => builder.add(g, format!("{shown}:{n}")),
                    Err(e) => builder.errors.push(format!("{shown}:{n}: {e}")),
                })
                .map_err(|e| ArenaError::Output(e.to_string()))?;
            let w = resume::open_output(path, resumed.as_ref()).map_err(|e| ArenaError::Output(e.to_string()))?;
            (w, resumed, shown)
        }
    };
    let (kept, dropped) = resumed.as_ref().map_or((0, None), |r| (r.records, r.dropped.clone()));
    let mut cfg = cfg.clone();
    if let Some(r) = &resumed {
        cfg.done = Some(std::sync::Arc::new(r.done.clone()));
    }
    let scheduled = cfg.games_played();
    let mut line = kept as usize;
    let mut played = 0u64;
    let result = super::run(&cfg, |_, game| {
        writer
            .write_all(game.record.as_bytes())
            .and_then(|()| writer.write_all(b"\n"))
            .and_then(|()| writer.flush())
            .map_err(|e| format!("{shown}: {e}"))?;
        line += 1;
        played += 1;
        match read::summarize(game.record.as_bytes()) {
            Ok(g) => builder.add(g, format!("{shown}:{line}")),
            Err(e) => builder.errors.push(format!("{shown}:{line}: {e}")),
        }
        progress(played, scheduled);
        Ok(())
    });
    // Finish the file whatever happened: the records written stay readable.
    let closed = writer.flush();
    drop(writer);
    let mut stopped = result.err();
    if let (None, Err(e)) = (&stopped, closed) {
        stopped = Some(ArenaError::Output(format!("{shown}: {e}")));
    }
    let standings = builder.finish();
    let mut problems = std::mem::take(&mut builder.errors);
    problems.append(&mut builder.repeats);
    Ok(Finished { played, kept, dropped, scheduled, standings, problems, stopped })
}
