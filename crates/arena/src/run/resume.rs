//! Resuming a tournament's output: the games already in OUT, keyed by
//! their index in the run (`wall * G + perm` in the walled formats, G the
//! format's games per wall, from
//! the record's `arena.wall` and `arena.perm`; `arena.game` otherwise), and
//! OUT reopened to append the others.
//!
//! - Every record of OUT must belong to the same tournament: its `arena`
//!   keys named by the identity (bots, seed, limits, ...) equal the run's,
//!   else the file is refused with the first line that differs.
//! - A last line that is cut (not a whole JSON record: the run was killed
//!   while writing it) is dropped; a bad line anywhere else is an error.
//! - A plain file is truncated after its last whole record and appended to;
//!   a gzip file is rewritten with its whole records (a killed run leaves a
//!   gzip stream without its end) and continued as a new gzip member.

use mcr_records::record::arena::ArenaKeys;
use mcr_records::record::{read_line_capped, LineRead};
use std::collections::BTreeSet;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// Why OUT cannot be resumed.
#[derive(Debug)]
#[non_exhaustive]
pub enum ResumeError {
    /// OUT (or its gzip rewrite beside it) could not be read, written or
    /// renamed: (file, the error).
    Io(PathBuf, std::io::Error),
    /// A record of another tournament: (file, line, what differs).
    Other(PathBuf, usize, String),
    /// A line that is not a record, before the last one.
    Bad(PathBuf, usize, String),
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            ResumeError::Other(p, n, what) => {
                write!(f, "{}:{n}: this file holds another tournament ({what}); it is not continued", p.display())
            }
            ResumeError::Bad(p, n, what) => {
                write!(f, "{}:{n}: not a record of this tournament ({what}); it is not continued", p.display())
            }
        }
    }
}

impl std::error::Error for ResumeError {}

/// What OUT already holds.
#[derive(Debug, Default)]
pub struct Resumed {
    /// Run indices of the games already played (`wall * G + perm` for a
    /// walled run, G its format's games per wall).
    pub done: BTreeSet<u64>,
    /// Whole records kept.
    pub records: u64,
    /// `line N (B bytes)` of a dropped cut last line.
    pub dropped: Option<String>,
    gzip: bool,
    /// Plain file: bytes kept (through the last whole record).
    keep: u64,
    /// Plain file: the last kept record has no newline yet.
    needs_newline: bool,
    /// Gzip: the whole records, rewritten before appending.
    rewrite: Option<PathBuf>,
}

/// The identity of a tournament: `arena` keys every record of it carries
/// with these values (a key the record or the identity lacks is not
/// compared).
pub type Identity = ArenaKeys;

fn describe(s: String) -> String {
    if s.len() > 80 {
        format!(
            "{}...",
            &s[..s.char_indices().take_while(|(i, _)| *i < 77).last().map_or(0, |(i, c)| i + c.len_utf8())]
        )
    } else {
        s
    }
}

/// Checks one line: the game's run index, for a record of the tournament;
/// else (of another tournament, why).
fn check_line(text: &[u8], identity: &Identity) -> Result<u64, (bool, String)> {
    struct Line {
        arena: Option<ArenaKeys>,
    }

    mcr_core::de_struct! { Line, ignore;
        arena: Option<ArenaKeys> = "arena" @default,
    }
    let line: Line = serde_json::from_slice(text).map_err(|e| {
        // Whole JSON whose `arena` is not the arena's keys: another
        // tournament's record, not a cut line.
        let whole = e.is_data() && serde_json::from_slice::<serde::de::IgnoredAny>(text).is_ok();
        (whole, if whole { format!("arena: {e}") } else { format!("not JSON: {e}") })
    })?;
    let arena = line.arena.ok_or((true, "no \"arena\" object".to_string()))?;
    if let Some(d) = arena.first_difference(identity) {
        let hint = if d.key == "bots_hash" { " (another bots file: the programs or limits differ)" } else { "" };
        return Err((
            true,
            format!("arena.{} is {}, this run's is {}{hint}", d.key, describe(d.this), describe(d.other)),
        ));
    }
    // A sequential test's records and a fixed run's are not one tournament.
    match (&identity.sprt, &arena.sprt) {
        (Some(_), None) => return Err((true, "a record without arena.sprt, this run is a sequential test".into())),
        (None, Some(t)) => {
            let t = serde_json::to_string(t).unwrap_or_default();
            return Err((
                true,
                format!("a sequential test's record (arena.sprt {}), this run is not one", describe(t)),
            ));
        }
        _ => {}
    }
    let game = arena.game;
    if identity.format.as_deref() == Some("plain") {
        if arena.wall.is_some() {
            return Err((true, "a duplicate tournament's record (arena.wall), this run is not one".into()));
        }
        return game.ok_or((true, "no arena.game".to_string()));
    }
    let wall = arena.wall.ok_or((true, "no arena.wall: not a duplicate run".to_string()))?;
    let per_wall =
        identity.format.as_deref().and_then(crate::duplicate::Format::parse).map_or(24, |f| f.games_per_wall());
    let perm =
        arena.perm.map(u64::from).filter(|&p| p < per_wall).ok_or((true, format!("no arena.perm in 0..{per_wall}")))?;
    let index = wall
        .checked_mul(per_wall)
        .and_then(|w| w.checked_add(perm))
        .ok_or((true, format!("arena.wall {wall} is too large")))?;
    if game.is_some_and(|g| g != index) {
        return Err((true, format!("arena.game is {}, its wall and perm make {index}", game.unwrap_or(0))));
    }
    Ok(index)
}

fn is_gzip(path: &Path) -> std::io::Result<bool> {
    let mut magic = [0u8; 2];
    let n = File::open(path)?.read(&mut magic)?;
    Ok(n == 2 && magic == [0x1f, 0x8b])
}

/// Reads OUT (`None`: it does not exist or is empty).
pub fn scan(path: &Path, identity: &Identity, max_line_bytes: usize) -> Result<Option<Resumed>, ResumeError> {
    scan_each(path, identity, max_line_bytes, |_, _| {})
}

/// [`scan`], handing each kept record (line number, text) to `kept`.
pub fn scan_each(
    path: &Path,
    identity: &Identity,
    max_line_bytes: usize,
    mut kept: impl FnMut(usize, &[u8]),
) -> Result<Option<Resumed>, ResumeError> {
    let io = |e| ResumeError::Io(path.to_path_buf(), e);
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    if meta.len() == 0 {
        return Ok(None);
    }
    let gzip = is_gzip(path).map_err(io)?;
    let file = File::open(path).map_err(io)?;
    let mut reader: Box<dyn BufRead> = if gzip {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(BufReader::new(file))))
    } else {
        Box::new(BufReader::with_capacity(1 << 16, file))
    };
    let rewrite = gzip.then(|| path.with_extension("resume.tmp"));
    let mut copy = match &rewrite {
        Some(tmp) => Some(flate2::write::GzEncoder::new(
            std::io::BufWriter::new(File::create(tmp).map_err(io)?),
            flate2::Compression::default(),
        )),
        None => None,
    };
    let mut out = Resumed { gzip, rewrite: rewrite.clone(), ..Resumed::default() };
    let (mut buf, mut line, mut offset) = (Vec::new(), 0usize, 0u64);
    // A bad line is only an error if another line follows it.
    let mut pending: Option<(usize, String, usize, bool)> = None;
    loop {
        let read = match read_line_capped(&mut reader, &mut buf, mcr_records::record::line_bound(max_line_bytes)) {
            Ok(r) => r,
            // A gzip stream cut short: what was read is kept.
            Err(_) if gzip => break,
            Err(e) => return Err(io(e)),
        };
        if read == LineRead::Eof {
            break;
        }
        line += 1;
        if let Some((n, what, _, other)) = pending.take() {
            return Err(if other {
                ResumeError::Other(path.to_path_buf(), n, what)
            } else {
                ResumeError::Bad(path.to_path_buf(), n, what)
            });
        }
        let len = match read {
            LineRead::TooLong(len) => {
                pending = Some((line, format!("a line of {len} bytes"), len, false));
                continue;
            }
            _ => buf.len(),
        };
        let body = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        if body.iter().all(u8::is_ascii_whitespace) {
            offset += len as u64;
            if pending.is_none() && out.records > 0 {
                out.keep = offset;
            }
            continue;
        }
        match check_line(body, identity) {
            Ok(key) => {
                offset += len as u64;
                out.keep = offset;
                out.needs_newline = !buf.ends_with(b"\n");
                out.records += 1;
                out.done.insert(key);
                kept(line, body);
                if let Some(c) = copy.as_mut() {
                    c.write_all(body).and_then(|()| c.write_all(b"\n")).map_err(io)?;
                }
            }
            Err((other, what)) => pending = Some((line, what, len, other)),
        }
    }
    if let Some((n, what, len, other)) = pending {
        // The last line: a cut record is dropped; a whole one of another
        // tournament is not.
        if other {
            return Err(ResumeError::Other(path.to_path_buf(), n, what));
        }
        out.dropped = Some(format!("line {n} ({len} bytes): {what}"));
    }
    if let Some(c) = copy {
        c.finish().and_then(|mut w| w.flush()).map_err(io)?;
    }
    Ok(Some(out))
}

/// Opens OUT for writing: created (gzip when its name ends in `.gz`), or
/// continued after what [`scan`] kept.
pub fn open_output(path: &Path, resumed: Option<&Resumed>) -> Result<Box<dyn Write + Send>, ResumeError> {
    let io = |e| ResumeError::Io(path.to_path_buf(), e);
    match resumed {
        None => {
            let f = std::io::BufWriter::new(File::create(path).map_err(io)?);
            if path.extension().is_some_and(|e| e == "gz") {
                Ok(Box::new(flate2::write::GzEncoder::new(f, flate2::Compression::default())))
            } else {
                Ok(Box::new(f))
            }
        }
        Some(r) if r.gzip => {
            if let Some(tmp) = &r.rewrite {
                std::fs::rename(tmp, path).map_err(io)?;
            }
            let f = OpenOptions::new().append(true).open(path).map_err(io)?;
            Ok(Box::new(flate2::write::GzEncoder::new(std::io::BufWriter::new(f), flate2::Compression::default())))
        }
        Some(r) => {
            let f = OpenOptions::new().write(true).open(path).map_err(io)?;
            f.set_len(r.keep).map_err(io)?;
            let mut f = OpenOptions::new().append(true).open(path).map_err(io)?;
            if r.needs_newline {
                f.write_all(b"\n").map_err(io)?;
            }
            Ok(Box::new(std::io::BufWriter::new(f)))
        }
    }
}
