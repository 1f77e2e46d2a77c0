//! numpy's `.npy` and `.npz` formats, as `np.save`/`np.savez` write them:
//! an `.npy` is a 6-byte magic, version 1.0, a little-endian header length
//! and a Python-literal header (`descr`, `fortran_order`, `shape`) padded
//! with spaces to a multiple of 64 bytes and ended by a newline, then the
//! data in C order; an `.npz` is a zip archive of `<name>.npy` entries,
//! stored without compression. The reader reads such archives and
//! `np.savez_compressed`'s (deflated entries, zip64 fields included) for
//! tests and tools.

use std::io::{self, Read, Write};

/// A C-order array to write: `descr` in numpy's words (`|i1`, `<i8`, ...).
pub struct Array<'a> {
    /// The entry's name (`obs` gives `obs.npy`).
    pub name: &'a str,
    /// numpy's type description (`|i1`, `<i8`, ...).
    pub descr: &'static str,
    /// The shape.
    pub shape: Vec<usize>,
    /// The data, C order, little-endian.
    pub data: &'a [u8],
}

/// The `.npy` bytes of one array's header.
pub fn npy_header(descr: &str, shape: &[usize]) -> Vec<u8> {
    let dims = match shape {
        [n] => format!("({n},)"),
        _ => format!("({})", shape.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
    };
    let dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {dims}, }}");
    let unpadded = 10 + dict.len() + 1;
    let pad = (64 - unpadded % 64) % 64;
    let mut out = Vec::with_capacity(unpadded + pad);
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&((dict.len() + pad + 1) as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    out.extend(std::iter::repeat_n(b' ', pad));
    out.push(b'\n');
    out
}

/// Little-endian bytes of integers (numpy's `<i8`, `<i4`).
pub fn le_i64(v: &[i64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
/// `v` as little-endian bytes.
pub fn le_i32(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
/// `v` as bytes.
pub fn bytes_i8(v: &[i8]) -> Vec<u8> {
    v.iter().map(|&x| x as u8).collect()
}

// 1980-01-01 00:00, the earliest DOS date.
const DOS_TIME: u16 = 0;
const DOS_DATE: u16 = (1 << 5) | 1;

/// The most an array's data is handed to the writer at once. Linux's page
/// cache backs a single large `write` with large folios; on fresh memory
/// (a new VM, and after the host took freed pages back) those cost about
/// twelve times as much to provide as small pages: 89 MB written as 4 MiB
/// writes took 0.23-0.40 s, as 256 KiB writes 0.02-0.03 s (dd, kernel 6.18).
const WRITE_CHUNK: usize = 1 << 18;

/// Writes `arrays` as an `.npz` (entries `<name>.npy`, stored).
pub fn write_npz(w: &mut impl Write, arrays: &[Array]) -> io::Result<()> {
    let mut offset: u64 = 0;
    let mut central = Vec::new();
    for a in arrays {
        let header = npy_header(a.descr, &a.shape);
        let size = header.len() as u64 + a.data.len() as u64;
        if size >= u32::MAX as u64 || offset >= u32::MAX as u64 {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "an .npz entry past 4 GiB (use smaller shards)"));
        }
        let mut crc = crc32fast::Hasher::new();
        crc.update(&header);
        crc.update(a.data);
        let crc = crc.finalize();
        let name = format!("{}.npy", a.name);
        let mut local = Vec::with_capacity(30 + name.len());
        local.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        for v in [20u16, 0, 0, DOS_TIME, DOS_DATE] {
            local.extend_from_slice(&v.to_le_bytes());
        }
        for v in [crc, size as u32, size as u32] {
            local.extend_from_slice(&v.to_le_bytes());
        }
        local.extend_from_slice(&(name.len() as u16).to_le_bytes());
        local.extend_from_slice(&0u16.to_le_bytes());
        local.extend_from_slice(name.as_bytes());
        w.write_all(&local)?;
        w.write_all(&header)?;
        for chunk in a.data.chunks(WRITE_CHUNK) {
            w.write_all(chunk)?;
        }

        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        for v in [20u16, 20, 0, 0, DOS_TIME, DOS_DATE] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        for v in [crc, size as u32, size as u32] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        for v in [name.len() as u16, 0, 0, 0, 0] {
            central.extend_from_slice(&v.to_le_bytes());
        }
        central.extend_from_slice(&0u32.to_le_bytes());
        central.extend_from_slice(&(offset as u32).to_le_bytes());
        central.extend_from_slice(name.as_bytes());
        offset += local.len() as u64 + size;
    }
    if offset >= u32::MAX as u64 {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "an .npz past 4 GiB (use smaller shards)"));
    }
    let n = arrays.len() as u16;
    let mut end = Vec::with_capacity(22);
    end.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    for v in [0u16, 0, n, n] {
        end.extend_from_slice(&v.to_le_bytes());
    }
    end.extend_from_slice(&(central.len() as u32).to_le_bytes());
    end.extend_from_slice(&(offset as u32).to_le_bytes());
    end.extend_from_slice(&0u16.to_le_bytes());
    w.write_all(&central)?;
    w.write_all(&end)
}

/// One array read back: its header's `descr` and `shape`, and its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadArray {
    /// The entry's name, without `.npy`.
    pub name: String,
    /// numpy's type description.
    pub descr: String,
    /// The shape.
    pub shape: Vec<usize>,
    /// The data.
    pub data: Vec<u8>,
}

fn bad(m: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, m.into())
}

/// Reads the `.npy` entries of an `.npz` (`np.savez`,
/// `np.savez_compressed`, or ours), in archive order.
pub fn read_npz(mut r: impl Read) -> io::Result<Vec<ReadArray>> {
    let mut bytes = Vec::new();
    r.read_to_end(&mut bytes)?;
    let u16_at = |b: &[u8], i: usize| -> io::Result<u16> {
        b.get(i..i + 2).map(|s| u16::from_le_bytes([s[0], s[1]])).ok_or_else(|| bad("truncated zip"))
    };
    let u32_at = |b: &[u8], i: usize| -> io::Result<u32> {
        b.get(i..i + 4).map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]])).ok_or_else(|| bad("truncated zip"))
    };
    let mut out = Vec::new();
    let mut at = 0;
    while u32_at(&bytes, at).ok() == Some(0x0403_4b50) {
        let method = u16_at(&bytes, at + 8)?;
        let flags = u16_at(&bytes, at + 6)?;
        if method != 0 && method != 8 {
            return Err(bad(format!("zip method {method} (stored and deflated entries are read)")));
        }
        let mut size = u32_at(&bytes, at + 18)? as u64;
        let name_len = u16_at(&bytes, at + 26)? as usize;
        let extra_len = u16_at(&bytes, at + 28)? as usize;
        let name = bytes.get(at + 30..at + 30 + name_len).ok_or_else(|| bad("truncated zip"))?;
        let name = String::from_utf8_lossy(name).into_owned();
        let extra =
            bytes.get(at + 30 + name_len..at + 30 + name_len + extra_len).ok_or_else(|| bad("truncated zip"))?;
        if size == u32::MAX as u64 {
            // zip64 extended information: id 1, then uncompressed and
            // compressed sizes.
            let mut e = 0;
            while e + 4 <= extra.len() {
                let id = u16_at(extra, e)?;
                let len = u16_at(extra, e + 2)? as usize;
                if id == 1 && len >= 16 {
                    // Uncompressed size, then the compressed size (the extent).
                    let s = extra.get(e + 12..e + 20).ok_or_else(|| bad("truncated zip64 field"))?;
                    size = u64::from_le_bytes(s.try_into().map_err(|_| bad("zip64"))?);
                }
                e += 4 + len;
            }
        }
        if flags & 8 != 0 && size == 0 {
            return Err(bad("zip entry with a data descriptor and no size"));
        }
        let start = at + 30 + name_len + extra_len;
        let data = bytes.get(start..start + size as usize).ok_or_else(|| bad("truncated zip entry"))?;
        if method == 8 {
            let mut inflated = Vec::new();
            flate2::read::DeflateDecoder::new(data).read_to_end(&mut inflated)?;
            out.push(parse_npy(name.trim_end_matches(".npy"), &inflated)?);
        } else {
            out.push(parse_npy(name.trim_end_matches(".npy"), data)?);
        }
        at = start + size as usize;
        if flags & 8 != 0 {
            at += if u32_at(&bytes, at).ok() == Some(0x0807_4b50) { 16 } else { 12 };
        }
    }
    Ok(out)
}

fn parse_npy(name: &str, data: &[u8]) -> io::Result<ReadArray> {
    if data.len() < 10 || &data[..6] != b"\x93NUMPY" {
        return Err(bad(format!("{name}: not an .npy")));
    }
    let (hlen, start) = match data[6] {
        1 => (u16::from_le_bytes([data[8], data[9]]) as usize, 10),
        _ => (u32::from_le_bytes([data[8], data[9], data[10], data[11]]) as usize, 12),
    };
    let header = std::str::from_utf8(data.get(start..start + hlen).ok_or_else(|| bad("truncated .npy"))?)
        .map_err(|_| bad("header not UTF-8"))?;
    let field = |key: &str| -> Option<&str> {
        let i = header.find(&format!("'{key}': "))? + key.len() + 4;
        Some(&header[i..])
    };
    let descr = field("descr").and_then(|s| s.strip_prefix('\'')).and_then(|s| s.split('\'').next()).unwrap_or("");
    let shape = field("shape").and_then(|s| s.strip_prefix('(')).and_then(|s| s.split(')').next()).unwrap_or("");
    let shape = shape
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| bad("bad shape"))?;
    Ok(ReadArray { name: name.to_string(), descr: descr.to_string(), shape, data: data[start + hlen..].to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_padded_as_numpy_pads_them() {
        let h = npy_header("|i1", &[3, 6, 4, 9]);
        assert_eq!(h.len() % 64, 0);
        assert_eq!(*h.last().unwrap(), b'\n');
        let text = std::str::from_utf8(&h[10..]).unwrap();
        assert!(text.starts_with("{'descr': '|i1', 'fortran_order': False, 'shape': (3, 6, 4, 9), }"));
        assert!(std::str::from_utf8(&npy_header("<i8", &[5])[10..]).unwrap().contains("'shape': (5,), }"));
    }

    #[test]
    fn round_trip() {
        let act = le_i64(&[1, -2, 300]);
        let obs = [1u8, 2, 3, 4, 5, 6];
        let mut buf = Vec::new();
        write_npz(
            &mut buf,
            &[
                Array { name: "obs", descr: "|i1", shape: vec![3, 2], data: &obs },
                Array { name: "act", descr: "<i8", shape: vec![3], data: &act },
            ],
        )
        .unwrap();
        let back = read_npz(&buf[..]).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(
            (back[0].name.as_str(), back[0].shape.as_slice(), back[0].data.as_slice()),
            ("obs", &[3, 2][..], &obs[..])
        );
        assert_eq!((back[1].descr.as_str(), back[1].data.clone()), ("<i8", act));
    }
}
