//! The legal actions of a decision as a bit set over the 235 actions of
//! [`crate::env::action`]: what [`super::extract`] fills from the judge's
//! legality or from [`super::baseline`]'s, and writes out as the mask.

use crate::env::action::NUM_ACTIONS;

/// The legal actions of a decision as a set of indices (0..235), the mask
/// written out only for the decisions kept: most are dropped as forced.
#[derive(Clone, Copy, Default)]
pub struct Legal {
    bits: [u64; 4],
}

impl Legal {
    /// No action legal.
    pub fn clear(&mut self) {
        self.bits = [0; 4];
    }
    /// Marks action `i` (< 235) legal.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.bits[i / 64] |= 1 << (i % 64);
    }
    /// Marks legal the actions `from + k` for every bit `k` of `kinds`
    /// (one per tile kind: `from + 34` <= 235).
    #[inline]
    pub fn set_kinds(&mut self, from: usize, kinds: u64) {
        let (w, b) = (from / 64, from % 64);
        self.bits[w] |= kinds << b;
        if b > 30 {
            self.bits[w + 1] |= kinds >> (64 - b);
        }
    }
    /// At most one legal action: a forced decision (or none).
    #[inline]
    pub fn at_most_one(&self) -> bool {
        let [a, b, c, d] = self.bits;
        // At most one non-zero word, and it a power of two.
        let any = a | b | c | d;
        (a != 0) as u8 + (b != 0) as u8 + (c != 0) as u8 + (d != 0) as u8 <= 1 && any & any.wrapping_sub(1) == 0
    }
    /// Appends the 235-byte 0/1 mask to `out`.
    pub fn write_into(&self, out: &mut Vec<u8>) {
        let start = out.len();
        out.resize(start + NUM_ACTIONS, 0);
        let mask = &mut out[start..];
        for (w, &word) in self.bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                mask[w * 64 + word.trailing_zeros() as usize] = 1;
                word &= word - 1;
            }
        }
    }
}
