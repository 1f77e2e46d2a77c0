//! The record reader: [`Records`] streams the records of a `.jsonl` or
//! `.jsonl.gz` file one by one, each [`Located`] by its line, every bad line
//! an error in its place ([`RecordError`]); [`read_all`] reads them all and
//! [`parse_line`] reads one line.

use serde::de::DeserializeOwned;
use std::io::BufRead;
use std::path::Path;

use super::{lines, RecordError, RecordErrorKind, DEFAULT_MAX_LINE_BYTES};

/// A record line (as the readers hand it out) read as a `T`: invalid UTF-8
/// or JSON that is not a `T` is an error at `file:line`.
pub fn parse_line<T: DeserializeOwned>(file: &Path, line: usize, bytes: &[u8]) -> Result<T, RecordError> {
    let error = |kind: RecordErrorKind| RecordError::new(file, line, kind);
    let text = std::str::from_utf8(bytes).map_err(|e| error(RecordErrorKind::NotUtf8(e.valid_up_to())))?;
    serde_json::from_str::<T>(text.trim()).map_err(|e| error(RecordErrorKind::Malformed(e.to_string())))
}

/// A record with the line it came from.
#[derive(Debug, Clone)]
pub struct Located<T> {
    /// Its line in the file (1-based).
    pub line: usize,
    /// The record read.
    pub record: T,
}

/// Streams the records of one file; blank lines are skipped. Lines come
/// from the one line reader ([`lines::LineReader`]), a block at a time.
pub struct Records<T> {
    reader: lines::LineReader,
    block: lines::Block,
    /// The next line and the next error of `block` to hand out.
    next_line: usize,
    next_error: usize,
    _t: std::marker::PhantomData<fn() -> T>,
}

/// A line [`Records::next_raw`] hands out: its number and its bytes, or why
/// it could not be read.
enum Raw {
    Line(usize),
    Error(RecordError),
}

impl<T: DeserializeOwned> Records<T> {
    /// Opens `.jsonl` or `.jsonl.gz`, with the default line bound
    /// ([`DEFAULT_MAX_LINE_BYTES`]).
    pub fn open(path: &Path) -> Result<Records<T>, RecordError> {
        Records::open_with(path, DEFAULT_MAX_LINE_BYTES)
    }

    /// [`Records::open`] keeping no line longer than `max_line_bytes`.
    pub fn open_with(path: &Path, max_line_bytes: usize) -> Result<Records<T>, RecordError> {
        let reader = lines::LineReader::open_with(path, usize::MAX, max_line_bytes)?;
        Ok(Records::of_lines(reader))
    }

    /// The records of a stream already open (e.g. by [`super::open_lines`], after
    /// a look at its first line); `file` names it in errors. The default
    /// line bound.
    pub fn from_reader(file: &Path, lines: Box<dyn BufRead + Send>, max_line_bytes: usize) -> Records<T> {
        Records::of_lines(lines::LineReader::from_reader(file, Box::new(lines), usize::MAX, max_line_bytes))
    }

    fn of_lines(reader: lines::LineReader) -> Records<T> {
        Records { reader, block: lines::Block::default(), next_line: 0, next_error: 0, _t: std::marker::PhantomData }
    }

    /// The file read.
    pub fn file(&self) -> &Path {
        self.reader.file()
    }

    /// The next line or error of the file in line order; `None` at the end.
    fn next_raw(&mut self) -> Option<Raw> {
        loop {
            let line = self.block.line_number(self.next_line);
            let error = self.block.errors.get(self.next_error).map(|e| e.line);
            match (line, error) {
                (Some(l), Some(e)) if e < l => break,
                (Some(l), _) => return Some(Raw::Line(l)),
                (None, Some(_)) => break,
                (None, None) => {
                    if !self.reader.fill(&mut self.block) {
                        return None;
                    }
                    self.next_line = 0;
                    self.next_error = 0;
                }
            }
        }
        self.next_error += 1;
        Some(Raw::Error(self.block.errors[self.next_error - 1].clone()))
    }

    /// The next non-blank line, left for the next `next` to read as a record
    /// (the file is read once: a pipe cannot be reopened). `None` at the end,
    /// or when that line cannot be read (`next` then gives the error).
    pub fn peek_line(&mut self) -> Option<&str> {
        let line = self.block.line_number(self.next_line);
        let error = self.block.errors.get(self.next_error).map(|e| e.line);
        let ahead = match (line, error) {
            (Some(l), Some(e)) => l < e,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => {
                if !self.reader.fill(&mut self.block) {
                    return None;
                }
                self.next_line = 0;
                self.next_error = 0;
                return self.peek_line();
            }
        };
        if !ahead {
            return None;
        }
        std::str::from_utf8(self.block.line(self.next_line)).ok().map(str::trim)
    }

    /// The same stream read as records of another type (after [`Records::peek_line`]).
    pub fn into_records<U: DeserializeOwned>(self) -> Records<U> {
        let Records { reader, block, next_line, next_error, .. } = self;
        Records { reader, block, next_line, next_error, _t: std::marker::PhantomData }
    }
}

impl<T: DeserializeOwned> Iterator for Records<T> {
    type Item = Result<Located<T>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_raw()? {
            Raw::Error(e) => Some(Err(e)),
            Raw::Line(line) => {
                let bytes = self.block.line(self.next_line);
                self.next_line += 1;
                Some(parse_line::<T>(self.reader.file(), line, bytes).map(|record| Located { line, record }))
            }
        }
    }
}

/// Reads every record of `path`, keeping good ones and collecting errors.
pub fn read_all<T: DeserializeOwned>(path: &Path) -> (Vec<Located<T>>, Vec<RecordError>) {
    let mut good = Vec::new();
    let mut bad = Vec::new();
    match Records::<T>::open(path) {
        Ok(it) => {
            for r in it {
                match r {
                    Ok(l) => good.push(l),
                    Err(e) => bad.push(e),
                }
            }
        }
        Err(e) => bad.push(e),
    }
    (good, bad)
}

#[cfg(test)]
mod tests {
    use super::super::lines::tests::{half_of_gzip, temp};
    use super::*;

    #[derive(Debug)]
    struct Small {
        a: i32,
    }

    mcr_core::de_struct! { Small, ignore;
        a: i32 = "a",
    }

    #[test]
    fn malformed_line_is_reported_and_reading_goes_on() {
        let p = temp("m.jsonl", b"{\"a\":1}\n{\"a\":\n\n{\"a\":3,\"extra\":true}\n");
        let (good, bad) = read_all::<Small>(&p);
        assert_eq!(good.iter().map(|l| l.record.a).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(good[1].line, 4);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].line, 2);
        assert!(bad[0].to_string().contains("m.jsonl:2: malformed record"), "{}", bad[0]);
    }

    #[test]
    fn truncated_gzip_keeps_what_was_read() {
        let p = temp("t.jsonl.gz", &half_of_gzip(2000));
        let (good, bad) = read_all::<Small>(&p);
        assert!(!good.is_empty() && good.len() < 2000);
        assert_eq!(bad.len(), 1);
        assert!(matches!(bad[0].kind, RecordErrorKind::Read(_)), "{}", bad[0]);
        for (i, l) in good.iter().enumerate() {
            assert_eq!(l.record.a, i as i32);
        }
    }

    #[test]
    fn invalid_utf8_and_over_long_lines_are_reported_and_reading_goes_on() {
        let mut bytes = b"{\"a\":1}\n{\"a\":\xff2}\n".to_vec();
        bytes.extend(std::iter::repeat_n(b' ', 5000));
        bytes.extend_from_slice(b"{\"a\":3}\n{\"a\":4}");
        let p = temp("u.jsonl", &bytes);
        let records = Records::<Small>::open_with(&p, 4096).unwrap();
        let (good, bad): (Vec<_>, Vec<_>) = records.partition(|r| r.is_ok());
        let good: Vec<_> = good.into_iter().map(|r| r.unwrap()).map(|l| (l.line, l.record.a)).collect();
        assert_eq!(good, [(1, 1), (4, 4)]);
        let bad: Vec<_> = bad.into_iter().map(|r| r.unwrap_err().to_string()).collect();
        assert!(bad[0].contains("u.jsonl:2: line is not UTF-8"), "{}", bad[0]);
        assert!(bad[1].contains("u.jsonl:3: line of 5007 bytes is longer than the limit of 4096"), "{}", bad[1]);
        assert_eq!(bad.len(), 2);
    }

    #[test]
    fn missing_file_is_an_error() {
        let (good, bad) = read_all::<Small>(Path::new("/nonexistent/x.jsonl"));
        assert!(good.is_empty());
        assert_eq!(bad[0].line, 0);
    }
}
