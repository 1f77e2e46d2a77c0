//! Opening a record file: plain or gzip (told by its magic number), `-` for
//! the standard input, a UTF-8 byte order mark skipped. The line reader
//! ([`super::lines`]) and the record reader read what this opens.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use super::{RecordError, RecordErrorKind};

/// Opens `.jsonl` or `.jsonl.gz` (by content: a gzip magic number means gzip).
pub fn open_lines(path: &Path) -> Result<Box<dyn BufRead + Send>, RecordError> {
    Ok(Box::new(BufReader::with_capacity(1 << 16, open_reader(path)?)))
}

/// The decompressed bytes of `.jsonl` or `.jsonl.gz`; the path `-` is the
/// standard input (gzip or not, told the same way).
pub(super) fn open_reader(path: &Path) -> Result<Box<dyn Read + Send>, RecordError> {
    let err = |kind: RecordErrorKind| RecordError::new(path, 0, kind);
    let mut file: Box<dyn Read + Send> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| err(RecordErrorKind::Open(e.to_string())))?)
    };
    let mut magic = [0u8; 2];
    let n = file.read(&mut magic).map_err(|e| err(RecordErrorKind::Unreadable(e.to_string())))?;
    let head = std::io::Cursor::new(magic[..n].to_vec());
    let chained = head.chain(file);
    if n == 2 && magic == [0x1f, 0x8b] {
        Ok(Box::new(SkipBom::new(flate2::read::MultiGzDecoder::new(chained))))
    } else {
        Ok(Box::new(SkipBom::new(chained)))
    }
}

/// A stream without the UTF-8 byte order mark that some editors write at
/// the start of a text file (it is not part of the first record).
struct SkipBom<R> {
    inner: R,
    /// The stream's first bytes, until handed out; `None` before they are read.
    head: Option<std::io::Cursor<Vec<u8>>>,
}

impl<R: Read> SkipBom<R> {
    fn new(inner: R) -> SkipBom<R> {
        SkipBom { inner, head: None }
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        const BOM: &[u8] = b"\xef\xbb\xbf";
        if self.head.is_none() {
            // Read lazily, so that a read error is reported where lines are read.
            let mut first = Vec::with_capacity(BOM.len());
            (&mut self.inner).take(BOM.len() as u64).read_to_end(&mut first)?;
            let skip = if first == BOM { BOM.len() } else { 0 };
            let mut head = std::io::Cursor::new(first);
            head.set_position(skip as u64);
            self.head = Some(head);
        }
        match self.head.as_mut() {
            Some(head) if (head.position() as usize) < head.get_ref().len() => head.read(out),
            _ => self.inner.read(out),
        }
    }
}
