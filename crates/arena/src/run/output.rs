//! An arena run into a record file (`mcr arena -o OUT`), the one place that
//! joins the runner, resume and the standings:
//!
//! - before any game, the bots are checked ([`super::check_bots`]: a missing
//!   program or execute bit is named with its bot) and an existing OUT is
//!   read ([`resume`]): its games are not played again, a cut last line is
//!   dropped, a file of another tournament (other entries, bots file, seed,
//!   rules or format) is refused;
//! - the records are written in run order whatever `jobs` ([`super::run()`]),
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

use super::{resume, ArenaConfig, ArenaError};
use crate::stats::standings::{read, Builder, Standings};

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
pub fn run_into(cfg: &ArenaConfig, out: Out<'_>, progress: impl FnMut(u64, u64)) -> Result<Finished, ArenaError> {
    let mut session = Session::open(cfg, out, |_| {})?;
    let result = session.play(cfg, |_| {}, progress);
    Ok(session.finish(result.err()))
}

/// An output being written by one or more plays ([`Session::play`]), as
/// the sequential test does (more walls after each batch).
pub struct Session {
    writer: Box<dyn Write + Send>,
    shown: String,
    builder: Builder,
    /// Run indices OUT holds (kept and written).
    done: std::collections::BTreeSet<u64>,
    kept: u64,
    dropped: Option<String>,
    line: usize,
    played: u64,
    scheduled: u64,
}

impl Session {
    /// Opens `out` for `cfg`: the bots are checked, an existing file is
    /// read (each kept record's summary handed to `kept`) and opened to
    /// append. An `Err` is a refusal before any game.
    pub fn open(
        cfg: &ArenaConfig,
        out: Out<'_>,
        mut kept: impl FnMut(&read::GameSummary),
    ) -> Result<Session, ArenaError> {
        super::check_bots(&cfg.seats)?;
        let mut builder = Builder::default();
        let (writer, resumed, shown): (Box<dyn Write + Send>, Option<resume::Resumed>, String) = match out {
            Out::Stdout => (Box::new(std::io::stdout()), None, "-".into()),
            Out::File(path) => {
                let shown = path.display().to_string();
                let resumed = resume::scan_each(path, &cfg.identity(), cfg.max_line_bytes, |n, text| {
                    match read::summarize(text) {
                        Ok(g) => {
                            kept(&g);
                            builder.add(g, format!("{shown}:{n}"))
                        }
                        Err(e) => builder.errors.push(format!("{shown}:{n}: {e}")),
                    }
                })?;
                let w = resume::open_output(path, resumed.as_ref())?;
                (w, resumed, shown)
            }
        };
        let (n, dropped) = resumed.as_ref().map_or((0, None), |r| (r.records, r.dropped.clone()));
        Ok(Session {
            writer,
            shown,
            builder,
            done: resumed.map(|r| r.done).unwrap_or_default(),
            kept: n,
            dropped,
            line: n as usize,
            played: 0,
            scheduled: 0,
        })
    }

    /// Plays the games of `cfg` the output does not hold yet, writing each
    /// record as it comes and handing its summary to `each`; in process
    /// ([`super::batch`]) when every seat is an in-process policy, else by
    /// [`super::run()`]. `progress(done, scheduled)` after each record.
    pub fn play(
        &mut self,
        cfg: &ArenaConfig,
        mut each: impl FnMut(&read::GameSummary),
        mut progress: impl FnMut(u64, u64),
    ) -> Result<u64, ArenaError> {
        let mut cfg = cfg.clone();
        cfg.done = Some(std::sync::Arc::new(self.done.clone()));
        let scheduled = cfg.games_played();
        self.scheduled += scheduled;
        let mut n = 0u64;
        let result = play_games(&cfg, true, |g, game| {
            let w = &mut self.writer;
            w.write_all(game.record.as_bytes())
                .and_then(|()| w.write_all(b"\n"))
                .and_then(|()| w.flush())
                .map_err(|source| ArenaError::Write { path: self.shown.clone(), source })?;
            self.line += 1;
            self.played += 1;
            n += 1;
            self.done.insert(g);
            let summary = game.summary.map_or_else(|| read::summarize(game.record.as_bytes()), Ok);
            match summary {
                Ok(s) => {
                    each(&s);
                    self.builder.add(s, format!("{}:{}", self.shown, self.line))
                }
                Err(e) => self.builder.errors.push(format!("{}:{}: {e}", self.shown, self.line)),
            }
            progress(n, scheduled);
            Ok(())
        });
        result
    }

    /// Closes the output: what was played, the standings of every record.
    pub fn finish(mut self, stopped: Option<ArenaError>) -> Finished {
        // Finish the file whatever happened: the records written stay readable.
        let closed = self.writer.flush();
        drop(self.writer);
        let mut stopped = stopped;
        if let (None, Err(e)) = (&stopped, closed) {
            stopped = Some(ArenaError::Write { path: self.shown.clone(), source: e });
        }
        let standings = self.builder.finish();
        let mut problems = std::mem::take(&mut self.builder.errors);
        problems.append(&mut self.builder.repeats);
        Finished {
            played: self.played,
            kept: self.kept,
            dropped: self.dropped,
            scheduled: self.scheduled,
            standings,
            problems,
            stopped,
        }
    }
}

/// Plays `cfg`'s schedule with the runner that fits: [`super::batch`]
/// (`records`: make each record) when every seat is in process, else
/// [`super::run()`] (which always makes them).
pub fn play_games(
    cfg: &ArenaConfig,
    records: bool,
    each: impl FnMut(u64, super::game::GameOutcome) -> Result<(), super::BoxError>,
) -> Result<u64, ArenaError> {
    if super::batch::all_batched(cfg) {
        super::batch::run(cfg, super::batch::TABLES, records, each)
    } else {
        super::run(cfg, each)
    }
}
