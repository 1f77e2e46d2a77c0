//! The one line reader of record files, and its bounded line reader for
//! streams.
//!
//! Files are read in blocks of whole lines ([`LineReader`]): one buffer per
//! block instead of a `String` per line, lines found with a vectorised byte
//! search, and the next block decompressed while the workers check the
//! current one ([`for_each_block`]). [`super::Records`] (one record at a
//! time) and `crate::input` (the one input layer, in parallel too) both read through it.
//!
//! A stream read one line at a time while a client waits for the answer
//! (`mcr serve`, a bot's stdin) cannot be read ahead by a block: it is read
//! with [`read_line_capped`], under the same bound.

use rayon::prelude::*;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::open::open_reader;
use super::{RecordError, RecordErrorKind};
use std::io::BufRead;

/// How [`read_line_capped`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// End of input, nothing read.
    Eof,
    /// A line (its newline, if any, kept) is in the buffer.
    Line,
    /// A line of this many bytes (newline excluded) exceeded the bound: it
    /// was consumed up to and including its newline, and not kept.
    TooLong(usize),
}

/// Reads one line into `buf` (cleared first), keeping at most `max` bytes of
/// it: a longer line is consumed to its end without being stored, so memory
/// stays bounded by `max` whatever the input.
pub fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> std::io::Result<LineRead> {
    buf.clear();
    let mut len = 0usize;
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let body = take - done as usize;
        if len + body <= max {
            buf.extend_from_slice(&chunk[..take]);
        } else if len <= max {
            // Over the bound: drop what was kept and count the rest.
            *buf = Vec::new();
        }
        len += body;
        reader.consume(take);
        if done {
            break;
        }
    }
    Ok(if !any {
        LineRead::Eof
    } else if len > max {
        LineRead::TooLong(len)
    } else {
        LineRead::Line
    })
}

/// Bytes read per block (more when one line is longer): big enough to keep
/// the workers busy, small enough to stay in cache while they parse it.
const BLOCK: usize = 1 << 20;

/// Whole lines of one file, with their 1-based numbers; blank lines are left
/// out, line breaks (`\n`, `\r\n`) cut off.
#[derive(Default)]
pub struct Block {
    text: Vec<u8>,
    lines: Vec<(usize, Range<usize>)>,
    /// Lines that could not be read, in line order: lines over the length
    /// bound (skipped), then possibly a failed read after these lines (a
    /// truncated or corrupt file), which ends the file.
    pub errors: Vec<RecordError>,
}

impl Block {
    /// The block's lines with their numbers.
    pub fn lines(&self) -> impl ExactSizeIterator<Item = (usize, &[u8])> + '_ {
        self.lines.iter().map(|(n, r)| (*n, &self.text[r.clone()]))
    }

    /// [`Block::lines`] for the rayon workers.
    pub fn par_lines(&self) -> impl IndexedParallelIterator<Item = (usize, &[u8])> + '_ {
        self.lines.par_iter().map(|(n, r)| (*n, &self.text[r.clone()]))
    }

    /// How many lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// The number of the `i`-th line of the block (`None` past the end).
    pub fn line_number(&self, i: usize) -> Option<usize> {
        self.lines.get(i).map(|l| l.0)
    }

    /// The text of the `i`-th line of the block.
    pub fn line(&self, i: usize) -> &[u8] {
        &self.text[self.lines[i].1.clone()]
    }

    /// No lines.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

/// Reads a file block by block.
pub struct LineReader {
    file: PathBuf,
    /// `None` once the file ended or failed.
    reader: Option<Box<dyn Read + Send>>,
    /// The start of a line that did not fit the last block.
    carry: Vec<u8>,
    /// Lines read so far, blank ones included.
    line: usize,
    /// Non-blank lines still wanted.
    budget: usize,
    /// The longest line kept.
    max_line: usize,
}

impl LineReader {
    /// Opens `.jsonl` or `.jsonl.gz`; at most `limit` non-blank lines are
    /// read, none longer than [`super::DEFAULT_MAX_LINE_BYTES`].
    pub fn open(path: &Path, limit: usize) -> Result<LineReader, RecordError> {
        LineReader::open_with(path, limit, super::DEFAULT_MAX_LINE_BYTES)
    }

    /// [`LineReader::open`] keeping no line longer than `max_line_bytes`
    /// (at least 1 KiB): a longer one is reported and skipped.
    pub fn open_with(path: &Path, limit: usize, max_line_bytes: usize) -> Result<LineReader, RecordError> {
        Ok(LineReader::from_reader(path, open_reader(path)?, limit, max_line_bytes))
    }

    /// The lines of a stream already open (`file` names it in errors).
    pub fn from_reader(file: &Path, reader: Box<dyn Read + Send>, limit: usize, max_line_bytes: usize) -> LineReader {
        LineReader {
            file: file.to_path_buf(),
            reader: Some(reader),
            carry: Vec::new(),
            line: 0,
            budget: limit,
            max_line: super::line_bound(max_line_bytes),
        }
    }

    /// The file read.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// How many more non-blank lines may be read (of the `limit`).
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Refills `block` with the next lines; false when nothing is left.
    /// The buffer grows past a block (1 MiB) only for a line longer than a block,
    /// and never past the line bound: a longer line is reported in
    /// `block.errors` and skipped to its newline without being kept.
    pub fn fill(&mut self, block: &mut Block) -> bool {
        block.text.clear();
        block.lines.clear();
        block.errors.clear();
        if self.reader.is_none() || self.budget == 0 {
            return false;
        }
        block.text.append(&mut self.carry);
        // Read until the buffer is full, then keep what ends in a line break.
        let mut filled = block.text.len();
        let mut end_of_file = false;
        block.text.resize(BLOCK.max(filled * 2).min(BLOCK.max(self.max_line + 1)), 0);
        loop {
            if filled == block.text.len() {
                if memchr::memchr(b'\n', &block.text).is_some() {
                    break;
                }
                // One line fills the buffer.
                if filled > self.max_line {
                    match self.skip_long_line(block, filled) {
                        Some(rest) => filled = rest,
                        // The file ended (or failed) inside the line.
                        None => {
                            filled = 0;
                            break;
                        }
                    }
                    if self.budget == 0 {
                        filled = 0;
                        break;
                    }
                    continue;
                }
                block.text.resize((filled * 2).min(self.max_line + 1).max(filled + 1), 0);
            }
            let Some(reader) = self.reader.as_mut() else { break };
            match reader.read(&mut block.text[filled..]) {
                Ok(0) => {
                    end_of_file = true;
                    break;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    // The partial last line is not a record: report the failure at it.
                    let whole = memchr::memrchr(b'\n', &block.text[..filled]).map_or(0, |i| i + 1);
                    block.text.truncate(whole);
                    self.split(block);
                    block.errors.push(self.read_error(self.line + 1, &e));
                    self.reader = None;
                    return true;
                }
            }
        }
        block.text.truncate(filled);
        if end_of_file {
            self.reader = None;
        } else if self.reader.is_some() {
            let whole = memchr::memrchr(b'\n', &block.text).map_or(0, |i| i + 1);
            self.carry.extend_from_slice(&block.text[whole..]);
            block.text.truncate(whole);
        }
        self.split(block);
        if self.budget == 0 {
            self.reader = None;
        }
        true
    }

    fn read_error(&self, line: usize, e: &std::io::Error) -> RecordError {
        RecordError::new(&self.file, line, RecordErrorKind::Read(e.to_string()))
    }

    /// The line at the start of `block.text` (`filled` bytes so far, no
    /// newline among them) is over the bound: reports it, reads on to its
    /// newline reusing the buffer, and moves what follows the newline to the
    /// front. Returns the bytes now at the front, `None` when the file ended
    /// (or failed) inside the line.
    fn skip_long_line(&mut self, block: &mut Block, mut filled: usize) -> Option<usize> {
        self.line += 1;
        let line = self.line;
        self.budget = self.budget.saturating_sub(1);
        let mut len = filled;
        let reader = self.reader.as_mut()?;
        loop {
            let n = match reader.read(&mut block.text[..]) {
                Ok(0) => {
                    self.reader = None;
                    block.errors.push(RecordError::new(
                        &self.file,
                        line,
                        RecordErrorKind::TooLong { len, max: self.max_line },
                    ));
                    return None;
                }
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.reader = None;
                    block.errors.push(self.read_error(line, &e));
                    return None;
                }
            };
            if let Some(i) = memchr::memchr(b'\n', &block.text[..n]) {
                len += i;
                let end = if i > 0 && block.text[i - 1] == b'\r' { len - 1 } else { len };
                block.errors.push(RecordError::new(
                    &self.file,
                    line,
                    RecordErrorKind::TooLong { len: end, max: self.max_line },
                ));
                block.text.copy_within(i + 1..n, 0);
                filled = n - i - 1;
                return Some(filled);
            }
            len += n;
        }
    }

    /// Indexes the lines of `block.text`, up to the budget.
    fn split(&mut self, block: &mut Block) {
        let text = &block.text;
        let mut start = 0;
        while start < text.len() && self.budget > 0 {
            let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
            self.line += 1;
            let mut line = start..end;
            if text[line.clone()].last() == Some(&b'\r') {
                line.end -= 1;
            }
            if line.len() > self.max_line {
                // Within a block, but over the bound all the same.
                let kind = RecordErrorKind::TooLong { len: line.len(), max: self.max_line };
                block.errors.push(RecordError::new(&self.file, self.line, kind));
                self.budget -= 1;
            } else if !text[line.clone()].iter().all(u8::is_ascii_whitespace) {
                block.lines.push((self.line, line));
                self.budget -= 1;
            }
            start = end + 1;
        }
    }
}

/// Hands every block of `reader` to `check` in order, reading the next block
/// (on this thread) while `check` runs (typically on the rayon workers).
/// Returns the seconds spent reading.
pub fn for_each_block(reader: &mut LineReader, mut check: impl FnMut(&Block) + Send) -> f64 {
    let mut reading = 0.0;
    let mut fill = |reader: &mut LineReader, block: &mut Block| {
        let clock = std::time::Instant::now();
        let more = reader.fill(block);
        reading += clock.elapsed().as_secs_f64();
        more
    };
    let (mut current, mut next) = (Block::default(), Block::default());
    let mut more = fill(reader, &mut current);
    while more {
        more = rayon::join(|| fill(reader, &mut next), || check(&current)).0;
        std::mem::swap(&mut current, &mut next);
    }
    reading
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use std::io::Write;
    use std::path::PathBuf;

    /// `bytes` as a file in this test run's folder.
    pub(in crate::record) fn temp(name: &str, bytes: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mcr-record-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }

    /// The first half of a gzip file of `n` lines `{"a":i}`.
    pub(in crate::record) fn half_of_gzip(n: usize) -> Vec<u8> {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        for i in 0..n {
            writeln!(enc, "{{\"a\":{i}}}").unwrap();
        }
        let mut full = enc.finish().unwrap();
        full.truncate(full.len() / 2);
        full
    }

    /// Every (line number, text) and the errors, block by block.
    fn read(path: &Path, limit: usize) -> (Vec<(usize, String)>, Vec<RecordError>) {
        let mut reader = LineReader::open(path, limit).unwrap();
        let (mut lines, mut errors) = (Vec::new(), Vec::new());
        let mut block = Block::default();
        while reader.fill(&mut block) {
            lines.extend(block.lines().map(|(n, t)| (n, String::from_utf8(t.to_vec()).unwrap())));
            errors.extend(block.errors.iter().cloned());
        }
        (lines, errors)
    }

    #[test]
    fn numbers_lines_across_blocks_and_skips_blank_ones() {
        let long = "x".repeat(3 * BLOCK);
        let mut text = String::new();
        for i in 0..200_000 {
            text.push_str(&format!("line {i}\r\n"));
        }
        text.push_str(" \n\n");
        text.push_str(&long);
        text.push_str("\nlast");
        let (lines, errors) = read(&temp("lines.jsonl", text.as_bytes()), usize::MAX);
        assert!(errors.is_empty());
        assert_eq!(lines.len(), 200_002);
        assert_eq!(lines[123_456], (123_457, "line 123456".to_string()));
        assert_eq!(lines[200_000], (200_003, long));
        assert_eq!(lines[200_001], (200_004, "last".to_string()));
        let (lines, _) = read(&temp("lines.jsonl", text.as_bytes()), 3);
        assert_eq!(lines.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn over_long_lines_are_reported_skipped_and_not_kept() {
        let mut text = String::new();
        for i in 0..1000 {
            text.push_str(&format!("line {i}\n"));
        }
        text.push_str(&"x".repeat(3 * BLOCK));
        text.push_str("\nafter\n");
        text.push_str(&"y".repeat(BLOCK / 2));
        text.push_str("\nshort enough\n");
        text.push_str(&"z".repeat(2 * BLOCK));
        let path = temp("long.jsonl", text.as_bytes());
        let mut reader = LineReader::open(&path, usize::MAX).unwrap();
        reader.max_line = BLOCK / 4;
        let (mut lines, mut errors, mut biggest) = (Vec::new(), Vec::new(), 0);
        let mut block = Block::default();
        while reader.fill(&mut block) {
            biggest = biggest.max(block.text.capacity());
            lines.extend(block.lines().map(|(n, t)| (n, String::from_utf8(t.to_vec()).unwrap())));
            errors.extend(block.errors.iter().cloned());
        }
        assert_eq!(lines.len(), 1002);
        assert_eq!(lines[1000], (1002, "after".to_string()));
        assert_eq!(lines[1001], (1004, "short enough".to_string()));
        let errors: Vec<_> = errors.iter().map(|e| (e.line, e.message())).collect();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert_eq!((errors[0].0, errors[1].0, errors[2].0), (1001, 1003, 1005));
        assert!(errors[0].1.contains(&format!("line of {} bytes", 3 * BLOCK)), "{}", errors[0].1);
        assert!(errors[2].1.contains(&format!("line of {} bytes", 2 * BLOCK)), "{}", errors[2].1);
        assert!(biggest <= 2 * BLOCK, "{biggest}");
        // A limit counts an over-long line as a line read.
        let mut reader = LineReader::open(&path, 1001).unwrap();
        reader.max_line = BLOCK / 4;
        let mut n = 0;
        while reader.fill(&mut block) {
            n += block.len() + block.errors.len();
        }
        assert_eq!(n, 1001);
    }

    #[test]
    fn capped_reader_keeps_nothing_of_a_long_line() {
        let text = format!("{}\nshort\n{}", "x".repeat(100_000), "y".repeat(10));
        let mut r = std::io::BufReader::with_capacity(1000, text.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf, 64).unwrap(), LineRead::TooLong(100_000));
        assert!(buf.capacity() <= 1064, "{}", buf.capacity());
        assert_eq!(read_line_capped(&mut r, &mut buf, 64).unwrap(), LineRead::Line);
        assert_eq!(buf, b"short\n");
        assert_eq!(read_line_capped(&mut r, &mut buf, 64).unwrap(), LineRead::Line);
        assert_eq!(buf, b"yyyyyyyyyy");
        assert_eq!(read_line_capped(&mut r, &mut buf, 64).unwrap(), LineRead::Eof);
    }

    #[test]
    fn truncated_gzip_keeps_whole_lines_and_names_the_next() {
        let (lines, errors) = read(&temp("lines-truncated.jsonl.gz", &half_of_gzip(200_000)), usize::MAX);
        assert!(!lines.is_empty() && lines.len() < 200_000);
        for (i, (n, text)) in lines.iter().enumerate() {
            assert_eq!((*n, text.as_str()), (i + 1, format!("{{\"a\":{i}}}").as_str()));
        }
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, lines.len() + 1);
        assert!(matches!(errors[0].kind, RecordErrorKind::Read(_)), "{}", errors[0]);
    }
}
