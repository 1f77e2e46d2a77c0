//! The standings' statistics: a mergeable histogram of turn times, and the
//! bootstrap over walls. All sums are integers, so that any split of the
//! records into files, in any order, gives the same figures.

use mcr_records::env::wall::Rng;

/// Turn times in microseconds: exact below 1,024 µs, then 64 buckets per
/// power of two (a quantile within 1/64 of its value).
#[derive(Clone, Debug, Default)]
pub struct TimeHist {
    counts: Vec<u64>,
    /// Times added.
    pub n: u64,
    /// Their sum, in microseconds.
    pub sum_us: u64,
    /// The longest, in microseconds (0 with none).
    pub max_us: u32,
}

fn bucket(v: u32) -> usize {
    if v < 1024 {
        v as usize
    } else {
        let e = 31 - v.leading_zeros() as usize; // >= 10
        1024 + (e - 10) * 64 + ((v >> (e - 6)) & 63) as usize
    }
}

/// The smallest value of bucket `b`.
fn bucket_low(b: usize) -> u32 {
    if b < 1024 {
        b as u32
    } else {
        let e = (b - 1024) / 64 + 10;
        let m = ((b - 1024) % 64) as u32;
        (1u32 << e) | (m << (e - 6))
    }
}

impl TimeHist {
    /// Adds one turn's time, in microseconds.
    pub fn add(&mut self, us: u32) {
        let b = bucket(us);
        if self.counts.len() <= b {
            self.counts.resize(b + 1, 0);
        }
        self.counts[b] += 1;
        self.n += 1;
        self.sum_us += us as u64;
        self.max_us = self.max_us.max(us);
    }

    /// The `q` quantile (nearest rank) as its bucket's lower bound, capped by the max.
    pub fn quantile_us(&self, q: f64) -> u32 {
        if self.n == 0 {
            return 0;
        }
        let rank = ((q * self.n as f64).ceil() as u64).clamp(1, self.n);
        let mut seen = 0;
        for (b, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return bucket_low(b).min(self.max_us);
            }
        }
        self.max_us
    }
}

/// Resamples drawn: enough for the 2.5% and 97.5% points to be stable to a
/// few hundredths of a point on typical runs.
pub const RESAMPLES: usize = 2000;
/// The bootstrap's seed (documented, so that the interval is reproducible).
pub const SEED: u64 = 0x5374_616e_6469_6e67; // "Standing"

/// Per-unit sums of each bot's scores, unit by unit.
pub struct Units {
    /// Bots per unit.
    pub bots: usize,
    /// `sums[u * bots + b]`: (score sum, seat-games) of bot `b` in unit `u`.
    pub sums: Vec<(i64, u32)>,
}

impl Units {
    /// Units held (0 without bots).
    pub fn len(&self) -> usize {
        self.sums.len().checked_div(self.bots).unwrap_or(0)
    }
}

/// Mean score per bot for each resample: resample `r` draws `units.len()`
/// units with replacement, unit `Rng::stream(SEED, r).below(n)` at each
/// draw, and a bot's mean is its score sum over its seat-games in the drawn
/// units (`NaN` when it has none). Returns `[r][bot]`.
pub fn resample_means(units: &Units, resamples: usize) -> Vec<Vec<f64>> {
    use rayon::prelude::*;
    let (n, nb) = (units.len(), units.bots);
    (0..resamples)
        .into_par_iter()
        .map(|r| {
            let mut rng = Rng::stream(SEED, r as u64);
            let mut sum = vec![0i64; nb];
            let mut cnt = vec![0u64; nb];
            for _ in 0..n {
                let u = rng.below(n);
                for (b, &(s, c)) in units.sums[u * nb..(u + 1) * nb].iter().enumerate() {
                    sum[b] += s;
                    cnt[b] += c as u64;
                }
            }
            (0..nb).map(|b| if cnt[b] == 0 { f64::NAN } else { sum[b] as f64 / cnt[b] as f64 }).collect()
        })
        .collect()
}

/// The `q` quantile of `values` (NaN left out), linear between order
/// statistics (R's type 7); `None` when nothing is left.
pub fn quantile(values: &mut Vec<f64>, q: f64) -> Option<f64> {
    values.retain(|v| !v.is_nan());
    if values.is_empty() {
        return None;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    let h = (values.len() - 1) as f64 * q;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    Some(values[lo] + (h - lo as f64) * (values[hi] - values[lo]))
}

/// The 95% percentile interval of `stat` over the resamples.
pub fn interval(mut stat: Vec<f64>) -> Option<[f64; 2]> {
    let lo = quantile(&mut stat, 0.025)?;
    let hi = quantile(&mut stat, 0.975)?;
    Some([lo, hi])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_monotone_and_tight() {
        let mut last = 0;
        for v in (0..2_000_000u32).step_by(7).chain([u32::MAX]) {
            let b = bucket(v);
            assert!(b >= last);
            last = b;
            let low = bucket_low(b);
            assert!(low <= v && (v - low) as f64 <= v as f64 / 64.0 + 1.0, "{v} {low}");
        }
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let mut h = TimeHist::default();
        for v in 1..=100 {
            h.add(v);
        }
        assert_eq!(h.quantile_us(0.99), 99);
        assert_eq!(h.quantile_us(1.0), 100);
        assert_eq!(h.quantile_us(0.5), 50);
        let mut v = vec![1.0, 2.0, 3.0, 4.0, f64::NAN];
        assert_eq!(quantile(&mut v, 0.5), Some(2.5));
    }
}
