//! SHA-256 (FIPS 180-4), small and dependency-free, incremental: the one
//! implementation, for the provenance lines of the generated files
//! ([`crate::provenance`]) and for the library (the samples' manifest hashes
//! its input files with [`of_reader`]). Whole blocks use the CPU's SHA
//! instructions where it has them (x86-64 SHA-NI), else the portable code.

use std::io::{self, Read};

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
];

/// Incremental SHA-256.
#[derive(Clone)]
pub struct Sha256 {
    h: [u32; 8],
    block: [u8; 64],
    filled: usize,
    length: u64,
}

impl Default for Sha256 {
    fn default() -> Self {
        Sha256::new()
    }
}

impl Sha256 {
    /// A hash of nothing yet: feed it with [`Sha256::update`], read it
    /// with [`Sha256::hex`].
    ///
    /// ```
    /// use mcr_rules_lang::sha256::{sha256, Sha256};
    ///
    /// let mut h = Sha256::new();
    /// h.update(b"a");
    /// h.update(b"bc");
    /// assert_eq!(h.hex(), sha256(b"abc"));
    /// assert_eq!(sha256(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    /// ```
    pub fn new() -> Sha256 {
        Sha256 {
            h: [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19],
            block: [0; 64],
            filled: 0,
            length: 0,
        }
    }

    fn compress(&mut self) {
        let block = self.block;
        compress_blocks(&mut self.h, &block);
    }

    /// Hashes `data` after everything fed before (any split of the input
    /// gives the same digest).
    pub fn update(&mut self, mut data: &[u8]) {
        self.length += data.len() as u64;
        if self.filled > 0 {
            let n = (64 - self.filled).min(data.len());
            self.block[self.filled..self.filled + n].copy_from_slice(&data[..n]);
            self.filled += n;
            data = &data[n..];
            if self.filled < 64 {
                return;
            }
            self.compress();
            self.filled = 0;
        }
        // Whole blocks straight from the input.
        let whole = data.len() / 64 * 64;
        compress_blocks(&mut self.h, &data[..whole]);
        let rest = &data[whole..];
        self.block[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    /// The digest as 64 lowercase hex digits.
    pub fn hex(mut self) -> String {
        let bits = self.length.wrapping_mul(8);
        self.update(&[0x80]);
        while self.filled != 56 {
            self.update(&[0]);
        }
        self.block[56..].copy_from_slice(&bits.to_be_bytes());
        self.compress();
        self.h.iter().map(|x| format!("{x:08x}")).collect()
    }
}

/// Compresses whole 64-byte blocks into `h`: with the CPU's SHA
/// instructions where it has them (x86-64 SHA-NI, about five times the
/// portable code), else [`compress_portable`].
fn compress_blocks(h: &mut [u32; 8], blocks: &[u8]) {
    debug_assert_eq!(blocks.len() % 64, 0);
    if blocks.is_empty() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sha") && std::arch::is_x86_feature_detected!("sse4.1") {
            // SAFETY: the features the function enables were detected.
            unsafe { shani::compress(h, blocks) };
            return;
        }
    }
    compress_portable(h, blocks);
}

/// FIPS 180-4's compression, one block at a time.
fn compress_portable(hs: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, c) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *hs;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = h.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            h = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in hs.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *x = x.wrapping_add(y);
        }
    }
}

/// The x86-64 SHA extensions: `sha256rnds2` does two rounds on the state
/// held as (A, B, E, F) and (C, D, G, H); `sha256msg1`/`sha256msg2` extend
/// the message schedule four words at a time.
#[cfg(target_arch = "x86_64")]
mod shani {
    use std::arch::x86_64::*;

    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    pub unsafe fn compress(h: &mut [u32; 8], blocks: &[u8]) {
        // State words A..H as lanes, then regrouped as ABEF and CDGH.
        let abcd = _mm_loadu_si128(h.as_ptr() as *const __m128i);
        let efgh = _mm_loadu_si128(h.as_ptr().add(4) as *const __m128i);
        let cdab = _mm_shuffle_epi32(abcd, 0xB1);
        let hgfe = _mm_shuffle_epi32(efgh, 0x1B);
        let mut abef = _mm_alignr_epi8(cdab, hgfe, 8);
        let mut cdgh = _mm_blend_epi16(hgfe, cdab, 0xF0);
        // Big-endian words of the message.
        let swap = _mm_set_epi64x(0x0c0d_0e0f_0809_0a0b, 0x0405_0607_0001_0203);
        for block in blocks.chunks_exact(64) {
            let (abef0, cdgh0) = (abef, cdgh);
            let mut w = [_mm_setzero_si128(); 16];
            for (j, slot) in w.iter_mut().enumerate().take(4) {
                *slot = _mm_shuffle_epi8(_mm_loadu_si128(block.as_ptr().add(16 * j) as *const __m128i), swap);
            }
            // W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], four at a time.
            for j in 4..16 {
                let t = _mm_add_epi32(_mm_sha256msg1_epu32(w[j - 4], w[j - 3]), _mm_alignr_epi8(w[j - 1], w[j - 2], 4));
                w[j] = _mm_sha256msg2_epu32(t, w[j - 1]);
            }
            for (j, &wj) in w.iter().enumerate() {
                let k = _mm_loadu_si128(super::K.as_ptr().add(4 * j) as *const __m128i);
                let msg = _mm_add_epi32(wj, k);
                cdgh = _mm_sha256rnds2_epu32(cdgh, abef, msg);
                abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(msg, 0x0E));
            }
            abef = _mm_add_epi32(abef, abef0);
            cdgh = _mm_add_epi32(cdgh, cdgh0);
        }
        let feba = _mm_shuffle_epi32(abef, 0x1B);
        let dchg = _mm_shuffle_epi32(cdgh, 0xB1);
        let abcd = _mm_blend_epi16(feba, dchg, 0xF0);
        let efgh = _mm_alignr_epi8(dchg, feba, 8);
        _mm_storeu_si128(h.as_mut_ptr() as *mut __m128i, abcd);
        _mm_storeu_si128(h.as_mut_ptr().add(4) as *mut __m128i, efgh);
    }
}

/// The digest of `data`, as 64 lowercase hex digits.
pub fn sha256(data: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(data);
    h.hex()
}

/// SHA-256 and length of everything `r` yields.
pub fn of_reader(mut r: impl Read) -> io::Result<(String, u64)> {
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = r.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    let len = h.length;
    Ok((h.hex(), len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fips_180_examples() {
        let hex = |s: &[u8]| {
            let mut h = Sha256::new();
            h.update(s);
            h.hex()
        };
        assert_eq!(hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(
            hex(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        // A million 'a' (FIPS 180-2's third example), fed in uneven pieces.
        let mut h = Sha256::new();
        let a = vec![b'a'; 1_000_000];
        for piece in a.chunks(777) {
            h.update(piece);
        }
        assert_eq!(h.hex(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
        // Pieces of any size give the digest of the whole.
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut h = Sha256::new();
        for piece in data.chunks(37) {
            h.update(piece);
        }
        assert_eq!(h.hex(), sha256(&data));
    }

    #[test]
    fn the_cpu_path_agrees_with_the_portable_one() {
        let data: Vec<u8> = (0..64 * 50u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
        let mut portable =
            [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
        let mut dispatched = portable;
        compress_portable(&mut portable, &data);
        compress_blocks(&mut dispatched, &data);
        assert_eq!(portable, dispatched);
    }
}
