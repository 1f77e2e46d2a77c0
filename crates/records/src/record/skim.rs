//! The skim: the byte spans of the values a reader wants from a JSON line,
//! for readers that take a few keys of a record and leave the rest unread
//! (the standings, the sniffing of a line's kind). Unlike the record
//! scanner (`scan`), it takes any line, escapes included, and checks only what it
//! walks: strings end at their first unescaped quote, brackets are counted
//! (not paired), and a scalar runs to the next delimiter. The caller reads
//! the spans it keeps (with serde), and a line the skim does not take
//! (malformed, a wanted key twice) its own way (the standings with serde
//! whole, which then words the error).

use std::ops::Range;

/// Bytes that matter when skipping a container: quotes and brackets.
const STRUCTURAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'[' as usize] = true;
    t[b']' as usize] = true;
    t
};

/// The index after the closing quote of the string whose text starts at
/// `b[i]` (just after its opening quote): its first quote not escaped by
/// a backslash. A plain loop: the records' strings are a few bytes
/// long, too short for a wider search to pay.
fn string_close(b: &[u8], mut i: usize) -> Option<usize> {
    while let Some(&c) = b.get(i) {
        if c == b'"' {
            return Some(i + 1);
        }
        i += if c == b'\\' { 2 } else { 1 };
    }
    None
}

/// The index of the first byte from `i` on that is not JSON whitespace.
pub fn ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// The end (the index after it) of the JSON value starting at `b[i]`;
/// `None` when it does not end within `b`. Containers are walked with
/// a counter, not a stack: any depth is skimmed.
pub fn value_end(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => string_close(b, i + 1),
        b'{' | b'[' => {
            let (mut depth, mut j) = (0usize, i);
            loop {
                while j < b.len() && !STRUCTURAL[b[j] as usize] {
                    j += 1;
                }
                match *b.get(j)? {
                    b'"' => {
                        j = string_close(b, j + 1)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    _ => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                }
                j += 1;
            }
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                j += 1;
            }
            (j > i).then_some(j)
        }
    }
}

/// Walks the object at `b[i]` (whitespace before it skipped):
/// `each(key, start)` gets each member's key (its bytes between the
/// quotes, escapes unread) and the start of its value, and returns the
/// value's end (from [`value_end`], or from reading the value). Returns
/// the object's end; `None` for a malformed object or when `each`
/// returns `None`.
pub fn members(b: &[u8], i: usize, mut each: impl FnMut(&[u8], usize) -> Option<usize>) -> Option<usize> {
    let mut i = ws(b, i);
    (b.get(i)? == &b'{').then_some(())?;
    i = ws(b, i + 1);
    if b.get(i)? == &b'}' {
        return Some(i + 1);
    }
    loop {
        (b.get(i)? == &b'"').then_some(())?;
        let k_end = string_close(b, i + 1)?;
        let key = &b[i + 1..k_end - 1];
        i = ws(b, k_end);
        (b.get(i)? == &b':').then_some(())?;
        i = ws(b, i + 1);
        i = ws(b, each(key, i)?);
        match *b.get(i)? {
            b',' => i = ws(b, i + 1),
            b'}' => return Some(i + 1),
            _ => return None,
        }
    }
}

/// Walks the array at `b[i]` (whitespace before it skipped): `each(start)`
/// gets the start of each element and returns its end. Returns the
/// array's end; `None` for a malformed array or when `each` returns `None`.
pub fn elements(b: &[u8], i: usize, mut each: impl FnMut(usize) -> Option<usize>) -> Option<usize> {
    let mut i = ws(b, i);
    (b.get(i)? == &b'[').then_some(())?;
    i = ws(b, i + 1);
    if b.get(i)? == &b']' {
        return Some(i + 1);
    }
    loop {
        i = ws(b, each(i)?);
        match *b.get(i)? {
            b',' => i = ws(b, i + 1),
            b']' => return Some(i + 1),
            _ => return None,
        }
    }
}

/// Sets `slot` to `span` once: a second occurrence of a wanted key
/// refuses the object (`None`).
pub fn once(slot: &mut Option<Range<usize>>, span: Range<usize>) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(span);
    Some(())
}

/// The spans of the values of `keys` in the object at `b[i]` (`None`
/// for a key it does not hold), and the object's end; `None` for a
/// malformed object or a key of `keys` twice.
pub fn spans<const N: usize>(b: &[u8], i: usize, keys: [&[u8]; N]) -> Option<([Option<Range<usize>>; N], usize)> {
    let mut out = [const { None }; N];
    let end = members(b, i, |key, at| {
        let e = value_end(b, at)?;
        if let Some(n) = keys.iter().position(|k| *k == key) {
            once(&mut out[n], at..e)?;
        }
        Some(e)
    })?;
    Some((out, end))
}
