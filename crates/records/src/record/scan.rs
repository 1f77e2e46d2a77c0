//! Fast path from a JSON line to a [`GameView`]: a scanner written for the
//! record schema, taken only for lines without backslashes (then every
//! string is a plain slice of the line). It reads exactly what the serde
//! derive in `view.rs` reads and returns `None` on anything else — escapes,
//! a missing or duplicate key, a float where an integer belongs, trailing
//! text — so that the caller re-reads the line with serde_json, which then
//! also words the error. Why: serde_json's generic machinery costs about
//! three times a plain scan on these string-heavy records, and parsing is
//! most of the self-test's time.
//!
//! It is also stricter than the view needs, so that a view it returns
//! stands for the whole record (what the validator compares): a display or
//! display fan with a key the view does not hold, and anything that
//! [`crate::record::GameRecord`] would reject (`players`/`tags` that are not
//! string lists, a seat beyond `u8`, a fan number beyond `i32`, a null fan
//! list or score list) also return `None`.
//!
//! Its sibling, the skim ([`super::skim`]), is the one skimmer of record
//! lines: the byte spans of the few keys a reader wants, on any line.

use super::view::{
    AnswersView, DisplayFan, DisplayView, ExpectedView, GameView, Injected, Ints4, PerSeat, Strings, Text, TurnView,
};

/// Reads `text` when it needs no unescaping; `None` means "use serde_json".
pub fn parse(text: &str) -> Option<GameView<'_>> {
    if memchr::memchr(b'\\', text.as_bytes()).is_some() {
        return None;
    }
    let mut s = Scanner { text, b: text.as_bytes(), i: 0 };
    let g = s.game()?;
    s.ws();
    (s.i == s.b.len()).then_some(g)
}

/// [`AnswersView::parse`]: the answers-only scan of an escape-free line.
pub fn answers(text: &str) -> Option<AnswersView<'_>> {
    if memchr::memchr(b'\\', text.as_bytes()).is_some() {
        return None;
    }
    let mut s = Scanner { text, b: text.as_bytes(), i: 0 };
    let g = s.answers_view()?;
    s.ws();
    (s.i == s.b.len()).then_some(g)
}

struct Scanner<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
}

/// The first `"` or control character in `b` from `i` on. Eight bytes at a
/// time: the record's strings are short and of varying length, and a
/// byte-by-byte loop mispredicts its exit on most of them.
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().ok()?);
        let quote = w ^ (ONES * u64::from(b'"'));
        // High bit set in each byte that is zero (a quote) or below 0x20. Only
        // bytes after a hit can be flagged wrongly, and the first hit counts.
        let hits = (quote.wrapping_sub(ONES) & !quote | w.wrapping_sub(ONES * 0x20) & !w) & HIGH;
        if hits != 0 {
            return Some(i + hits.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    b.get(i..)?.iter().position(|&c| c == b'"' || c < 0x20).map(|p| i + p)
}

/// The first `"`, `{`, `}`, `[` or `]` in `b` from `i` on, eight bytes at
/// a time; it may also stop at `Y`, `y`, `_` or DEL (which the caller
/// passes over): `(c | 0x20) & 0xF9 == 0x79` holds for the four brackets
/// and those four bytes only.
fn structural(b: &[u8], mut i: usize) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().ok()?);
        let quote = w ^ (ONES * u64::from(b'"'));
        let bracket = ((w | (ONES * 0x20)) & (ONES * 0xF9)) ^ (ONES * 0x79);
        // High bit set in each byte that is zero; only bytes after a true
        // hit can be flagged wrongly, and the first hit counts.
        let hits = (quote.wrapping_sub(ONES) & !quote | bracket.wrapping_sub(ONES) & !bracket) & HIGH;
        if hits != 0 {
            return Some(i + hits.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    b.get(i..)?.iter().position(|&c| c == b'"' || (c | 0x20) & 0xF9 == 0x79).map(|p| i + p)
}

/// Marks key number `bit` read; a second occurrence fails the fast path.
fn first(seen: &mut u16, bit: u32) -> Option<()> {
    if *seen & 1 << bit != 0 {
        return None;
    }
    *seen |= 1 << bit;
    Some(())
}

/// Sets a field once; a second occurrence of the key fails the fast path.
fn once<T>(slot: &mut Option<T>, v: T) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(v);
    Some(())
}

impl<'a> Scanner<'a> {
    fn ws(&mut self) {
        while let Some(c) = self.b.get(self.i) {
            if !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                break;
            }
            self.i += 1;
        }
    }

    /// Skips whitespace and consumes `c` if it comes next.
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.b.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        self.eat(c).then_some(())
    }

    fn str(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let start = self.i;
        let end = string_end(self.b, start)?;
        // Control characters must be escaped in JSON; let serde reject them.
        if self.b[end] != b'"' {
            return None;
        }
        self.i = end + 1;
        // Quotes are ASCII, so both ends are character boundaries.
        Some(&self.text[start..end])
    }

    fn text(&mut self) -> Option<Text<'a>> {
        self.str().map(Text::borrowed)
    }

    fn null(&mut self) -> bool {
        self.ws();
        if self.b[self.i..].starts_with(b"null") {
            self.i += 4;
            true
        } else {
            false
        }
    }

    /// `null` (serde's `None`) or a value.
    fn opt<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.null() {
            Some(None)
        } else {
            f(self).map(Some)
        }
    }

    /// An integer as serde reads one into i64: no fraction, no exponent.
    fn int(&mut self) -> Option<i64> {
        self.ws();
        let start = self.i;
        if self.b.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        let digits = self.i;
        while self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        if self.i == digits || matches!(self.b.get(self.i), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        // A leading zero followed by digits is not JSON; serde reads `-0` as a float.
        if self.b[digits] == b'0' && (self.i - digits > 1 || digits > start) {
            return None;
        }
        self.text[start..self.i].parse().ok()
    }

    /// An integer that fits `T` (`GameRecord`'s narrower fields).
    fn int_in<T: TryFrom<i64>>(&mut self) -> Option<i64> {
        let v = self.int()?;
        T::try_from(v).ok().map(|_| v)
    }

    fn bool(&mut self) -> Option<bool> {
        self.ws();
        for (lit, v) in [(&b"true"[..], true), (&b"false"[..], false)] {
            if self.b[self.i..].starts_with(lit) {
                self.i += lit.len();
                return Some(v);
            }
        }
        None
    }

    /// `{ "key": value, ... }`, each value read by `f` (which sees the key).
    fn object(&mut self, mut f: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        self.expect(b'{')?;
        if self.eat(b'}') {
            return Some(());
        }
        loop {
            let key = self.str()?;
            self.expect(b':')?;
            f(self, key)?;
            if self.eat(b'}') {
                return Some(());
            }
            self.expect(b',')?;
        }
    }

    fn array(&mut self, mut f: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.expect(b'[')?;
        if self.eat(b']') {
            return Some(());
        }
        loop {
            f(self)?;
            if self.eat(b']') {
                return Some(());
            }
            self.expect(b',')?;
        }
    }

    fn vec<T>(&mut self, mut f: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let mut out = Vec::new();
        self.array(|s| {
            out.push(f(s)?);
            Some(())
        })?;
        Some(out)
    }

    /// A list of strings, unkept.
    fn strings(&mut self) -> Option<()> {
        self.array(|s| s.str().map(drop))
    }

    /// Any JSON value, unread (keys the view does not keep). Iterative, with
    /// its own stack of open containers, as serde_json skips an ignored value:
    /// any depth is read the same by both readers and none overflows the
    /// call stack (a line of a million `[` under an unknown key). The first
    /// 64 levels are bits of a word (no allocation for the usual values).
    fn skip(&mut self) -> Option<()> {
        // Open containers, innermost last: a set bit for an object.
        let (mut bits, mut depth, mut deep): (u64, usize, Vec<bool>) = (0, 0, Vec::new());
        loop {
            self.ws();
            match *self.b.get(self.i)? {
                c @ (b'{' | b'[') => {
                    self.i += 1;
                    let object = c == b'{';
                    if !self.eat(if object { b'}' } else { b']' }) {
                        if depth < 64 {
                            bits = bits & !(1 << depth) | (object as u64) << depth;
                        } else {
                            deep.push(object);
                        }
                        depth += 1;
                        if object {
                            self.str()?;
                            self.expect(b':')?;
                        }
                        continue;
                    }
                }
                b'"' => drop(self.str()?),
                b't' | b'f' => drop(self.bool()?),
                b'n' => self.null().then_some(())?,
                _ => self.number()?,
            }
            // A value ended: close what ends with it, or go on to the next element.
            loop {
                if depth == 0 {
                    return Some(());
                }
                let object = if depth > 64 { deep[depth - 65] } else { bits >> (depth - 1) & 1 == 1 };
                if self.eat(if object { b'}' } else { b']' }) {
                    depth -= 1;
                    if depth >= 64 {
                        deep.pop();
                    }
                    continue;
                }
                self.expect(b',')?;
                if object {
                    self.str()?;
                    self.expect(b':')?;
                }
                break;
            }
        }
    }

    /// A JSON number: -?int(.digits)?([eE][+-]?digits)?
    fn number(&mut self) -> Option<()> {
        let digits = |s: &mut Self| {
            let start = s.i;
            while s.b.get(s.i).is_some_and(u8::is_ascii_digit) {
                s.i += 1;
            }
            (s.i > start).then_some(start)
        };
        if self.b.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        let start = digits(self)?;
        if self.b[start] == b'0' && self.i - start > 1 {
            return None;
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            digits(self)?;
        }
        if matches!(self.b.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.b.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            digits(self)?;
        }
        Some(())
    }

    fn ints4(&mut self) -> Option<Ints4> {
        let mut v = [0i32; 4];
        let mut len = 0usize;
        self.array(|s| {
            let x = s.int_in::<i32>()? as i32;
            if len < 4 {
                v[len] = x;
            }
            len += 1;
            Some(())
        })?;
        Some(Ints4::new(&v[..len.min(4)], len))
    }

    /// `null` or a seat map, into `slot` (`None`).
    fn per_seat_into(&mut self, slot: &mut Option<PerSeat<'a>>) -> Option<()> {
        if self.null() {
            return Some(());
        }
        let out = slot.insert(PerSeat::default());
        self.object(|s, key| {
            let seat = usize::from(crate::record::seat_of_key(key)?);
            // A repeated seat key: serde's reader names it.
            if out.0[seat].is_some() {
                return None;
            }
            out.0[seat] = Some(s.text()?);
            Some(())
        })
    }

    /// Reads a display into `d` (a default one). Turns are large: they are
    /// filled where they are stored rather than built and moved there.
    fn display_into(&mut self, d: &mut DisplayView<'a>) -> Option<()> {
        let mut seen = 0;
        self.object(|s, key| {
            let (bit, read) = match key {
                "action" => (0, s.text().map(|v| d.action = v)),
                "player" => (1, s.opt(Self::int).map(|v| d.player = v)),
                "tile" => (2, s.opt(Self::text).map(|v| d.tile = v)),
                "tileCHI" => (3, s.opt(Self::text).map(|v| d.tile_chi = v)),
                "hand" => (4, s.opt(|s| s.vec(|s| s.vec(Self::text))).map(|v| d.hand = v)),
                "tileCnt" => (5, s.opt(Self::ints4).map(|v| d.tile_cnt = v)),
                "canHu" => (6, s.opt(Self::ints4).map(|v| d.can_hu = v)),
                "fan" => (7, s.opt(|s| s.vec(Self::display_fan)).map(|v| d.fan = v)),
                "fanCnt" => (8, s.opt(Self::int).map(|v| d.fan_cnt = v)),
                "score" => (9, s.opt(Self::ints4).map(|v| d.score = v)),
                "quan" => (10, s.opt(Self::int).map(|v| d.quan = v)),
                "srand" => (11, s.opt(Self::int).map(|v| d.srand = v)),
                "strlen" => (12, s.opt(Self::int).map(|v| d.strlen = v)),
                // A key the view would drop: the view would not be the whole display.
                _ => return None,
            };
            read?;
            first(&mut seen, bit)
        })?;
        // `action` is required.
        (seen & 1 != 0).then_some(())
    }

    fn display_fan(&mut self) -> Option<DisplayFan<'a>> {
        let (mut name, mut cnt, mut value) = (None, None, None);
        self.object(|s, key| match key {
            "name" => once(&mut name, s.text()?),
            "cnt" => once(&mut cnt, s.int()?),
            "value" => once(&mut value, s.int()?),
            _ => None,
        })?;
        Some(DisplayFan { name: name?, cnt: cnt?, value: value? })
    }

    /// Reads a turn into `t` (a default one), in place as [`Self::display_into`].
    fn turn_into(&mut self, t: &mut TurnView<'a>) -> Option<()> {
        let mut seen = 0;
        self.object(|s, key| {
            let (bit, read) = match key {
                "request" => (0, s.per_seat_into(&mut t.request)),
                "display" => (1, s.display_into(&mut t.display)),
                "responses" => (2, s.per_seat_into(&mut t.responses)),
                "verdicts" => (3, s.per_seat_into(&mut t.verdicts)),
                _ => return s.skip(),
            };
            read?;
            first(&mut seen, bit)
        })?;
        (seen & 2 != 0).then_some(())
    }

    fn fan_entry(&mut self) -> Option<(Text<'a>, i64, i64)> {
        let mut name = None;
        let mut nums = [None, None];
        let mut n = 0;
        self.array(|s| {
            match n {
                0 => name = Some(s.text()?),
                1 | 2 => nums[n - 1] = Some(s.int_in::<i32>()?),
                _ => return None,
            }
            n += 1;
            Some(())
        })?;
        Some((name?, nums[0]?, nums[1]?))
    }

    fn expected(&mut self) -> Option<ExpectedView<'a>> {
        let (mut ending, mut winner, mut discarder, mut qianggang, mut fan) = (None, None, None, None, None);
        let (mut fan_total, mut scores, mut offender, mut verdict) = (None, None, None, None);
        self.object(|s, key| match key {
            "ending" => once(&mut ending, s.text()?),
            "winner" => once(&mut winner, s.opt(Self::int_in::<u8>)?),
            "discarder" => once(&mut discarder, s.opt(Self::int_in::<u8>)?),
            "qianggang" => once(&mut qianggang, s.opt(Self::bool)?),
            "fan" => once(&mut fan, s.vec(Self::fan_entry)?),
            "fan_total" => once(&mut fan_total, s.opt(Self::int_in::<i32>)?),
            "scores" => once(&mut scores, s.vec(Self::int_in::<i32>)?),
            "offender" => once(&mut offender, s.opt(Self::int_in::<u8>)?),
            "verdict" => once(&mut verdict, s.opt(Self::text)?),
            _ => s.skip(),
        })?;
        Some(ExpectedView {
            ending: ending?,
            winner: winner.flatten(),
            discarder: discarder.flatten(),
            qianggang: qianggang.flatten(),
            fan,
            fan_total: fan_total.flatten(),
            scores,
            offender: offender.flatten(),
            verdict: verdict.flatten(),
        })
    }

    fn injected(&mut self) -> Option<Injected<'a>> {
        let (mut kind, mut seat, mut turn, mut response) = (None, None, None, None);
        self.object(|s, key| match key {
            "kind" => once(&mut kind, s.opt(Self::text)?),
            "seat" => once(&mut seat, s.int()?),
            "turn" => once(&mut turn, s.int()?),
            "response" => once(&mut response, s.text()?),
            _ => s.skip(),
        })?;
        Some(Injected { kind: kind.flatten(), seat: seat?, turn: turn?, response: response? })
    }

    /// An object or array skipped by its structure alone: strings are read
    /// to their closing quote (no control characters, no escapes on this
    /// path), brackets must pair up, the tokens between them are not
    /// checked. For the values a replay does not read (requests, displays);
    /// nesting past 64 levels is left to the full reader.
    fn skip_container(&mut self) -> Option<()> {
        self.ws();
        let b = self.b;
        let mut i = self.i;
        if !matches!(b.get(i), Some(b'{' | b'[')) {
            return None;
        }
        // Open containers as bits, innermost lowest: 1 for an object.
        let (mut open, mut depth) = (0u64, 0u32);
        loop {
            i = structural(b, i)?;
            match b[i] {
                b'"' => {
                    let end = string_end(b, i + 1)?;
                    if b[end] != b'"' {
                        return None;
                    }
                    i = end;
                }
                c @ (b'{' | b'[') => {
                    if depth == 64 {
                        return None;
                    }
                    open = open << 1 | (c == b'{') as u64;
                    depth += 1;
                }
                c @ (b'}' | b']') => {
                    if (open & 1 == 1) != (c == b'}') {
                        return None;
                    }
                    open >>= 1;
                    depth -= 1;
                    if depth == 0 {
                        self.i = i + 1;
                        return Some(());
                    }
                }
                // A byte `structural` may also stop at (`Y`, `y`, `_`, DEL).
                _ => {}
            }
            i += 1;
        }
    }

    /// The usual seat map, `{"0":"..","1":"..","2":"..","3":".."}` exactly,
    /// into `out`; `None` (nothing consumed) for any other spelling.
    fn seats_plain(&mut self, out: &mut [Option<&'a str>; 4]) -> Option<()> {
        let b = self.b;
        let mut i = self.i;
        if !b.get(i..)?.starts_with(b"{\"0\":\"") {
            return None;
        }
        i += 6;
        for seat in 0..4u8 {
            let end = string_end(b, i)?;
            if b[end] != b'"' {
                return None;
            }
            out[seat as usize] = Some(&self.text[i..end]);
            i = end + 1;
            if seat < 3 {
                if !b.get(i..)?.starts_with(&[b',', b'"', b'1' + seat, b'"', b':', b'"']) {
                    return None;
                }
                i += 6;
            } else {
                if b.get(i) != Some(&b'}') {
                    return None;
                }
                i += 1;
            }
        }
        self.i = i;
        Some(())
    }

    /// `null` or a seat map of strings, into `out` (all `None` for null).
    fn seats_into(&mut self, out: &mut [Option<&'a str>; 4]) -> Option<()> {
        self.ws();
        if self.seats_plain(out).is_some() {
            return Some(());
        }
        *out = [None; 4];
        if self.null() {
            return Some(());
        }
        self.object(|s, key| {
            let seat = usize::from(crate::record::seat_of_key(key)?);
            once(&mut out[seat], s.str()?)
        })
    }

    /// A turn's answers and verdicts; its request and display skipped.
    fn turn_answers(&mut self, answers: &mut [Option<&'a str>; 4], verdicts: &mut [Option<&'a str>; 4]) -> Option<()> {
        let mut seen = 0;
        *answers = [None; 4];
        *verdicts = [None; 4];
        self.object(|s, key| {
            let (bit, read) = match key {
                "request" => {
                    (0, if s.null() { Some(()) } else { s.seats_plain(&mut [None; 4]).or_else(|| s.skip_container()) })
                }
                "display" => (1, s.skip_container()),
                "responses" => (2, s.seats_into(answers)),
                "verdicts" => (3, s.seats_into(verdicts)),
                _ => return s.skip(),
            };
            read?;
            first(&mut seen, bit)
        })?;
        // `display` is required.
        (seen & 2 != 0).then_some(())
    }

    /// A game record as [`AnswersView`] reads it.
    fn answers_view(&mut self) -> Option<AnswersView<'a>> {
        let (mut game_id, mut srand, mut quan, mut wall) = (None, None, None, None);
        let (mut turns, mut expected, mut injected, mut rules) = (None, None, None, None);
        let (mut players, mut tags, mut known_discrepancy) = (None, None, None);
        let mut verdicts = Vec::new();
        self.object(|s, key| match key {
            "game_id" => once(&mut game_id, s.str()?),
            "srand" => once(&mut srand, s.int()?),
            "quan" => once(&mut quan, s.int()?),
            "wall" => once(&mut wall, s.vec(Self::str)?),
            "turns" => {
                let mut out: Vec<[Option<&'a str>; 4]> = Vec::with_capacity(200);
                let mut v = [None; 4];
                s.array(|s| {
                    out.push([None; 4]);
                    let k = out.len() - 1;
                    s.turn_answers(&mut out[k], &mut v)?;
                    if v.iter().any(Option::is_some) {
                        verdicts.push((k, v));
                    }
                    Some(())
                })?;
                once(&mut turns, out)
            }
            // Not read, but required and well-formed (skipping checks the JSON).
            "expected" => {
                if s.null() {
                    return None;
                }
                once(&mut expected, s.skip_container()?)
            }
            "injected" => once(&mut injected, s.skip()?),
            "rules" => once(&mut rules, mcr_core::fans::Profile::by_name(s.str()?)?),
            "players" => once(&mut players, s.strings()?),
            "tags" => once(&mut tags, s.strings()?),
            "known_discrepancy" => once(&mut known_discrepancy, s.skip()?),
            _ => s.skip(),
        })?;
        expected?;
        Some(AnswersView {
            game_id: game_id?,
            srand: srand?,
            quan: quan?,
            wall: wall?,
            answers: turns?,
            verdicts,
            rules,
        })
    }

    fn game(&mut self) -> Option<GameView<'a>> {
        let (mut game_id, mut srand, mut quan, mut wall) = (None, None, None, None);
        let (mut turns, mut expected, mut injected, mut rules) = (None, None, None, None);
        // Not in the view, but read as `GameRecord` reads them.
        let (mut players, mut tags, mut known_discrepancy) = (None, None, None);
        self.object(|s, key| match key {
            "game_id" => once(&mut game_id, s.text()?),
            "srand" => once(&mut srand, s.int()?),
            "quan" => once(&mut quan, s.int()?),
            "wall" => once(&mut wall, s.vec(Self::text)?),
            "turns" => {
                let mut out = Vec::with_capacity(200);
                s.array(|s| {
                    out.push(TurnView::default());
                    s.turn_into(out.last_mut()?)
                })?;
                once(&mut turns, out)
            }
            "expected" => once(&mut expected, s.expected()?),
            "injected" => once(&mut injected, s.opt(Self::injected)?),
            // An unknown name (or not a string) goes to serde, which words the error.
            "rules" => once(&mut rules, mcr_core::fans::Profile::by_name(s.str()?)?),
            "players" => once(&mut players, s.strings()?),
            "tags" => once(&mut tags, s.strings()?),
            "known_discrepancy" => once(&mut known_discrepancy, s.skip()?),
            _ => s.skip(),
        })?;
        Some(GameView {
            game_id: game_id?,
            srand: srand?,
            quan: quan?,
            wall: wall?,
            turns: turns?,
            expected: expected?,
            injected: injected.flatten(),
            rules,
            players: Strings,
            tags: Strings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::skim;
    use std::io::BufRead;

    fn serde_view(text: &str) -> Option<GameView<'_>> {
        serde_json::from_str(text).ok()
    }

    #[test]
    fn same_view_as_serde_on_the_public_corpora() {
        for name in ["golden.jsonl.gz", "errors.jsonl.gz"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data").join(name);
            for line in crate::record::open_lines(&path).unwrap().lines() {
                let line = line.unwrap();
                let fast = parse(&line).expect("escape-free corpus lines take the fast path");
                assert_eq!(Some(fast), serde_view(&line), "{name}");
            }
        }
    }

    /// A small record, edited to probe the edges of the fast path.
    fn sample() -> String {
        let wall: Vec<String> = (0..136).map(|i| mcr_core::tiles::TILE_NAMES[i % 34].to_string()).collect();
        serde_json::json!({
            "game_id": "g", "srand": 5, "quan": 1, "players": ["a", "b"], "tags": ["t"], "note": [1, 2.5e3, -0.5, {"x": [null, true]}], "wall": wall,
            "turns": [
                {"request": {"0": "0 0 1", "1": "0 1 1", "2": "0 2 1", "3": "0 3 1"},
                 "display": {"action": "INIT", "canHu": [-4, -4, -4, -4], "quan": 1, "srand": 5, "strlen": 407},
                 "responses": null},
                {"display": {"action": "HU", "tileCnt": [0, 1, 2, 3, 4], "player": null, "fan": [{"name": "x", "cnt": 1, "value": 2}]}}
            ],
            "expected": {"ending": "draw", "winner": null, "fan": [["x", 1, 2]], "fan_total": 0, "scores": [0, 0, 0, 0]},
            "injected": null
        })
        .to_string()
    }

    #[test]
    fn the_skim_gives_the_spans_of_the_wanted_top_level_keys() {
        let line = r#" {"a\"b":"x\\","k":[1,{"k":"]"}],"n" : -1.5e3 ,"s":"\"}{","e":{}} "#;
        let b = line.as_bytes();
        let ([k, n, s, e, none], end) = skim::spans(b, 0, [b"k", b"n", b"s", b"e", b"none"]).unwrap();
        assert_eq!(skim::ws(b, end), b.len());
        let text = |r: &Option<std::ops::Range<usize>>| r.clone().map(|r| &line[r]);
        assert_eq!(text(&k), Some(r#"[1,{"k":"]"}]"#));
        assert_eq!(text(&n), Some("-1.5e3"));
        assert_eq!(text(&s), Some(r#""\"}{""#));
        assert_eq!((text(&e), none), (Some("{}"), None));
        // Each value read by serde from its span alone.
        let v: Vec<serde_json::Value> = [k, n, s, e].map(|r| serde_json::from_str(&line[r.unwrap()]).unwrap()).into();
        assert_eq!(v[2], "\"}{");
        // A wanted key twice, a cut line: not taken.
        assert!(skim::spans(br#"{"k":1,"k":2}"#, 0, [b"k"]).is_none());
        assert!(skim::spans(br#"{"k":1,"j":2,"j":3}"#, 0, [b"k"]).is_some());
        assert!(skim::spans(&b[..b.len() - 3], 0, [b"k"]).is_none());
        // Any depth is skimmed without a stack.
        let deep = format!(r#"{{"d":{}{},"k":2}}"#, "[".repeat(100_000), "]".repeat(100_000));
        let ([k], _) = skim::spans(deep.as_bytes(), 0, [b"k"]).unwrap();
        assert_eq!(&deep[k.unwrap()], "2");
    }

    #[test]
    fn string_end_finds_the_first_quote_or_control_character() {
        let naive = |b: &[u8], i: usize| b[i..].iter().position(|&c| c == b'"' || c < 0x20).map(|p| i + p);
        let base = "ab\u{e9}\u{4e2d}xyz0123456789 PLAY W1 \u{7f}~".as_bytes().to_vec();
        for stop in [b'"', b'\n', 0x1f, 0] {
            for at in 0..=base.len() {
                let mut b = base.clone();
                b.insert(at, stop);
                b.push(b'"');
                for i in 0..b.len() {
                    assert_eq!(string_end(&b, i), naive(&b, i), "{b:?} from {i}");
                }
            }
        }
        assert_eq!(string_end(b"abc", 0), None);
    }

    #[test]
    fn structural_finds_the_first_quote_or_bracket() {
        let is = |c: u8| matches!(c, b'"' | b'{' | b'}' | b'[' | b']');
        let also = |c: u8| matches!(c, b'Y' | b'y' | b'_' | 0x7f);
        for c in 0..=255u8 {
            assert_eq!((c | 0x20) & 0xF9 == 0x79, is(c) && c != b'"' || also(c), "{c:#x}");
        }
        let base = b"abc:,0123456789 PLAY W1 -4,".to_vec();
        for stop in [b'"', b'{', b'}', b'[', b']', b'y'] {
            for at in 0..=base.len() {
                let mut b = base.clone();
                b.insert(at, stop);
                for i in 0..b.len() {
                    let naive = b[i..].iter().position(|&c| is(c) || also(c)).map(|p| i + p);
                    assert_eq!(structural(&b, i), naive, "{b:?} from {i}");
                }
            }
        }
    }

    #[test]
    fn answers_view_reads_what_the_full_view_reads() {
        for name in ["golden.jsonl.gz", "errors.jsonl.gz", "verdicts_injected.jsonl.gz"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data").join(name);
            for line in crate::record::open_lines(&path).unwrap().lines() {
                let line = line.unwrap();
                let full = GameView::parse(line.as_bytes()).unwrap();
                let fast = answers(&line).expect("escape-free corpus lines take the fast path");
                assert_eq!(
                    (fast.game_id, fast.srand, fast.quan, fast.rules),
                    (full.game_id.as_str(), full.srand, full.quan, full.rules)
                );
                assert_eq!(fast.wall, full.wall.iter().map(|t| t.as_str()).collect::<Vec<_>>());
                assert_eq!(fast.answers.len(), full.turns.len());
                for (k, t) in full.turns.iter().enumerate() {
                    fn seats<'b>(p: &'b Option<PerSeat<'_>>) -> [Option<&'b str>; 4] {
                        std::array::from_fn(|s| p.as_ref().and_then(|p| p.get(s)))
                    }
                    assert_eq!(fast.answers[k], seats(&t.responses), "{name} turn {k}");
                    assert_eq!(fast.verdicts_at(k), seats(&t.verdicts), "{name} turn {k}");
                }
            }
        }
        // What it does not take goes to the full reader.
        let base = sample();
        assert!(answers(&base).is_some());
        for (from, to) in [
            ("\"quan\":1,", "\"quan\":1.0,"),
            ("{\"action\":\"INIT\"", "[\"action\":\"INIT\""),
            ("\"responses\":null", "\"responses\":{\"4\":\"PASS\"}"),
            ("\"ending\":\"draw\"", "\"ending\":\"dr\\u0061w\""),
            ("\"canHu\":[-4,-4,-4,-4]", "\"canHu\":[-4,-4,-4,-4}"),
        ] {
            assert!(base.contains(from), "{from}");
            assert!(answers(&base.replace(from, to)).is_none(), "{to}");
        }
        let cut = &base[..base.len() - 40];
        assert!(answers(cut).is_none());
    }

    #[test]
    fn edges_agree_with_serde() {
        let base = sample();
        let fast = parse(&base).expect("fast path");
        assert_eq!(Some(fast.clone()), serde_view(&base));
        assert_eq!(fast.turns[1].display.tile_cnt.map(|c| c.len()), Some(5));
        // Each edit either keeps both readers in agreement or sends the line to serde.
        let edits = [
            ("\"quan\":1,", "\"quan\":1.0,"),
            ("\"srand\":5", "\"srand\":05"),
            ("\"game_id\":\"g\"", "\"game_id\":\"g\",\"game_id\":\"h\""),
            ("\"ending\":\"draw\"", "\"ending\":\"dr\\u0061w\""),
            ("\"strlen\":407", "\"strlen\":407 "),
            ("\"strlen\":407", "\"strlen\":99999999999999999999"),
            ("[-4,-4,-4,-4]", "[-4,-4,-4,3000000000]"),
            ("\"responses\":null", "\"responses\":{\"4\":\"PASS\"}"),
            ("\"injected\":null", "\"injected\":{\"seat\":1,\"turn\":2,\"response\":\"HU\"}"),
            ("-0.5", "+1"),
            ("-0.5", ".5"),
        ];
        for (from, to) in edits {
            assert!(base.contains(from), "{from}");
            let edited = base.replace(from, to);
            let serde = serde_view(&edited);
            if let Some(fast) = parse(&edited) {
                assert_eq!(Some(fast), serde, "{to}");
            }
        }
        assert!(parse(&(base.clone() + " x")).is_none());
        // What the view would not hold whole, or `GameRecord` would reject,
        // is not taken (serde reads it, or rejects it, for the self-test).
        let not_whole = [
            ("\"strlen\":407", "\"strlen\":407,\"extra\":null"),
            ("\"value\":2", "\"value\":2,\"extra\":1"),
            ("\"srand\":5", "\"srand\":-0"),
            ("[\"a\",\"b\"]", "[\"a\",1]"),
            ("\"players\":[\"a\",\"b\"]", "\"players\":[],\"players\":[]"),
            ("[\"t\"]", "[null]"),
            ("\"winner\":null", "\"winner\":300"),
            ("\"fan_total\":0", "\"fan_total\":3000000000"),
            ("[[\"x\",1,2]]", "null"),
            ("[0,0,0,0]", "null"),
        ];
        for (from, to) in not_whole {
            assert!(base.contains(from), "{from}");
            assert!(parse(&base.replace(from, to)).is_none(), "{to}");
        }
        // Escapes are serde's: the fallback reads them.
        let escaped = base.replace("\"ending\":\"draw\"", "\"ending\":\"dr\\u0061w\"");
        assert!(parse(&escaped).is_none());
        assert_eq!(GameView::parse(escaped.as_bytes()).unwrap().expected.ending.as_str(), "draw");
    }

    #[test]
    fn rules_key_is_read_by_the_fast_path_and_a_bad_one_left_to_serde() {
        let base = sample();
        assert_eq!(parse(&base).unwrap().rules, None);
        // The first `"quan"` is the record's (keys are sorted), not the INIT display's.
        let house = base.replacen("\"quan\":1,", "\"quan\":1,\"rules\":\"house-example\",", 1);
        let fast = parse(&house).expect("a known profile stays on the fast path");
        assert_eq!(fast.rules, mcr_core::fans::Profile::by_name("house-example"));
        assert_eq!(Some(fast), serde_view(&house));
        for bad in ["\"nope\"", "7", "null", "\"house-example\",\"rules\":\"botzone\""] {
            let line = base.replacen("\"quan\":1,", &format!("\"quan\":1,\"rules\":{bad},"), 1);
            assert!(parse(&line).is_none() && serde_view(&line).is_none(), "{bad}");
        }
    }

    #[test]
    fn deep_nesting_is_a_located_error_not_a_stack_overflow() {
        let base = sample();
        for deep in ["[".repeat(100_000) + &"]".repeat(100_000), "{\"a\":".repeat(50_000) + "1" + &"}".repeat(50_000)] {
            let line = base.replace("\"note\":[", &format!("\"note\":{deep},\"n2\":["));
            // An unknown key is skipped at any depth, by both readers alike.
            assert!(parse(&line).is_some());
            assert_eq!(parse(&line), serde_view(&line));
            // Where a value is read whole (a display), serde's limit words the error.
            let deep_display = base.replace("\"strlen\":407", &format!("\"strlen\":407,\"x\":{deep}"));
            assert!(parse(&deep_display).is_none());
            let err = serde_json::from_str::<crate::record::GameRecord>(&deep_display).unwrap_err().to_string();
            assert!(err.contains("recursion limit exceeded") && err.contains("column"), "{err}");
            // A cut-off deep line is rejected, not overflowed.
            let cut = &line[..line.len() / 2];
            assert!(parse(cut).is_none() && serde_view(cut).is_none());
        }
        // Nesting within the bound is read by both readers alike.
        let fine = base.replace("\"note\":[", &format!("\"note\":{}{},\"n2\":[", "[".repeat(60), "]".repeat(60)));
        assert_eq!(parse(&fine), serde_view(&fine));
        assert!(parse(&fine).is_some());
    }
}
