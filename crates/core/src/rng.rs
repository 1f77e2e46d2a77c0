//! A small deterministic generator (SplitMix64): the same sequence on
//! every platform, for shuffled walls, sampled worlds and tests.

/// SplitMix64: tiny, fast, and the same sequence on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    #[inline]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator for stream `n` of `seed` (streams are independent).
    #[inline]
    pub fn stream(seed: u64, n: u64) -> Rng {
        let mut r = Rng(seed ^ n.wrapping_mul(0xD1B5_4A32_D192_ED03));
        r.next_u64();
        r
    }

    /// The next number.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}
