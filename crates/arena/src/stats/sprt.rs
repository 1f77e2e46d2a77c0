//! The sequential test of a candidate against a baseline: a generalised
//! sequential probability ratio test (GSPRT) on per-wall differences, with
//! their variance estimated from the data, as fishtest's normalised test.
//!
//! Each wall gives one observation `x`: the candidate's mean score per
//! seat-game over the wall's games minus the baseline's. The walls are
//! independent and identically distributed, so the test is a test on the
//! mean `mu` of `x`:
//!
//! - H0: `mu <= d0`, H1: `mu >= d1` (points per game, `d0 < d1`);
//! - after `n` walls of mean `m` and sample variance `s²`, the
//!   log-likelihood ratio of H1 to H0 in the normal approximation is
//!   `LLR = n (d1 - d0) (2 m - d0 - d1) / (2 s²)`;
//! - the test stops at the first `n` where `LLR <= ln(beta / (1 - alpha))`
//!   (H0 accepted) or `LLR >= ln((1 - beta) / alpha)` (H1 accepted);
//!   Wald's bounds keep the error rates at about `alpha` (H1 accepted when
//!   `mu = d0`) and `beta` (H0 accepted when `mu = d1`).
//!
//! No decision is made before [`MIN_WALLS`] walls: the variance of a handful
//! of walls is too unsure (mahjong scores have heavy tails) for the normal
//! approximation.
//!
//! The same module gives the fixed-size test of the same error rates
//! ([`Sprt::fixed_walls`]) and the normal quantiles both use.
//!
//! # Example
//!
//! ```
//! use mcr_arena::stats::sprt::{Hypothesis, Path, Sprt, MIN_WALLS};
//!
//! // H0: the candidate is not better (0 points per game); H1: it is 5
//! // points per game better; 5% error rates.
//! let test = Sprt::new(0.0, 5.0, 0.05, 0.05)?;
//! let mut path = Path::new(test);
//! // Per-wall differences of a candidate about 6 points better, noisy.
//! for wall in 0..1000 {
//!     path.add(if wall % 2 == 0 { 16.0 } else { -4.0 });
//!     if path.decision.is_some() {
//!         break;
//!     }
//! }
//! let (accepted, walls) = path.decision.unwrap();
//! assert_eq!(accepted, Hypothesis::H1);
//! assert!(walls >= MIN_WALLS && path.last_llr() >= path.upper);
//! # Ok::<(), mcr_arena::stats::sprt::SprtError>(())
//! ```

/// Walls before the first decision.
pub const MIN_WALLS: u64 = 16;

/// A sequential test: its hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: the difference is at most `d0` points per game.
    pub d0: f64,
    /// H1: the difference is at least `d1` points per game.
    pub d1: f64,
    /// The rate of accepting H1 when the difference is `d0`.
    pub alpha: f64,
    /// The rate of accepting H0 when the difference is `d1`.
    pub beta: f64,
}

mcr_core::ser_struct! { Sprt;
    "d0" => d0,
    "d1" => d1,
    "alpha" => alpha,
    "beta" => beta,
}

/// Which hypothesis a test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// The difference is at most `d0`.
    H0,
    /// The difference is at least `d1`.
    H1,
}

mcr_core::ser_unit_enum! { Hypothesis; H0 = "H0", H1 = "H1" }

impl Hypothesis {
    /// `"H0"` or `"H1"`.
    pub fn name(self) -> &'static str {
        match self {
            Hypothesis::H0 => "H0",
            Hypothesis::H1 => "H1",
        }
    }
}

/// A test that cannot be made: the bad value named.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SprtError {
    /// The bounds are not two finite numbers with `d0 < d1`.
    Bounds {
        /// The lower bound given.
        d0: f64,
        /// The upper bound given.
        d1: f64,
    },
    /// An error rate is not strictly between 0 and 0.5.
    ErrorRate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The value given.
        value: f64,
    },
    /// A text is not `D0,D1`.
    BoundsText {
        /// The text given.
        text: String,
    },
}

impl std::fmt::Display for SprtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SprtError::Bounds { d0, d1 } => write!(f, "D0,D1 = {d0},{d1}: two numbers with D0 < D1 (points per game)"),
            SprtError::ErrorRate { name, value } => write!(f, "{name} = {value}: must be above 0 and below 0.5"),
            SprtError::BoundsText { text } => write!(f, "`{text}`: expected D0,D1 (points per game, e.g. 0,5)"),
        }
    }
}

impl std::error::Error for SprtError {}

impl Sprt {
    /// A test; an error names the bad value.
    pub fn new(d0: f64, d1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !d0.is_finite() || !d1.is_finite() || d0 >= d1 {
            return Err(SprtError::Bounds { d0, d1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::ErrorRate { name, value });
            }
        }
        Ok(Sprt { d0, d1, alpha, beta })
    }

    /// Parses `D0,D1`.
    pub fn parse_bounds(s: &str) -> Result<(f64, f64), SprtError> {
        let bad = || SprtError::BoundsText { text: s.to_string() };
        let (a, b) = s.split_once(',').ok_or_else(bad)?;
        let a: f64 = a.trim().parse().map_err(|_| bad())?;
        let b: f64 = b.trim().parse().map_err(|_| bad())?;
        Ok((a, b))
    }

    /// The lower bound of the LLR: `ln(beta / (1 - alpha))` (H0 at or below).
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound of the LLR: `ln((1 - beta) / alpha)` (H1 at or above).
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The LLR of H1 to H0 after the walls of `s` (0 before two walls; with
    /// no variance at all, infinite towards the side of the mean).
    pub fn llr(&self, s: &Summary) -> f64 {
        if s.n < 2 {
            return 0.0;
        }
        let num = s.n as f64 * (self.d1 - self.d0) * (2.0 * s.mean - self.d0 - self.d1);
        let var = s.variance();
        if var > 0.0 {
            num / (2.0 * var)
        } else if num > 0.0 {
            f64::INFINITY
        } else if num < 0.0 {
            f64::NEG_INFINITY
        } else {
            0.0
        }
    }

    /// The decision at `llr` after `walls` walls, if any.
    pub fn decide(&self, llr: f64, walls: u64) -> Option<Hypothesis> {
        if walls < MIN_WALLS {
            None
        } else if llr >= self.upper() {
            Some(Hypothesis::H1)
        } else if llr <= self.lower() {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }

    /// The walls of the fixed-size test with the same error rates, for a
    /// per-wall standard deviation `sd`: the one-sided test of `mu <= d0`
    /// at level `alpha` with power `1 - beta` at `d1` needs
    /// `((z(1 - alpha) + z(1 - beta)) sd / (d1 - d0))²` walls.
    pub fn fixed_walls(&self, sd: f64) -> f64 {
        let z = normal_quantile(1.0 - self.alpha) + normal_quantile(1.0 - self.beta);
        (z * sd / (self.d1 - self.d0)).powi(2)
    }
}

/// Mean and variance of the observations so far (Welford's update).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Observations.
    pub n: u64,
    /// Their mean.
    pub mean: f64,
    /// Sum of squared deviations from the mean.
    m2: f64,
}

mcr_core::ser_struct! { Summary;
    "n" => n,
    "mean" => mean,
    "m2" => m2,
}

impl Summary {
    /// Adds one observation.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// The summary of both samples (Chan's update).
    pub fn merged(&self, o: &Summary) -> Summary {
        if o.n == 0 {
            return *self;
        }
        if self.n == 0 {
            return *o;
        }
        let n = self.n + o.n;
        let d = o.mean - self.mean;
        let mean = self.mean + d * o.n as f64 / n as f64;
        let m2 = self.m2 + o.m2 + d * d * (self.n as f64 * o.n as f64) / n as f64;
        Summary { n, mean, m2 }
    }

    /// The sample variance (`n - 1` in the denominator; 0 below two).
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            0.0
        } else {
            (self.m2 / (self.n - 1) as f64).max(0.0)
        }
    }

    /// The sample standard deviation.
    pub fn sd(&self) -> f64 {
        self.variance().sqrt()
    }

    /// The 95% interval of the mean (normal approximation); `None` below
    /// two observations.
    pub fn ci95(&self) -> Option<[f64; 2]> {
        if self.n < 2 {
            return None;
        }
        let h = normal_quantile(0.975) * (self.variance() / self.n as f64).sqrt();
        Some([self.mean - h, self.mean + h])
    }
}

/// A test run over walls in order: the LLR after each wall and the first
/// decision.
#[derive(Clone, Debug)]
pub struct Path {
    /// The test run.
    pub test: Sprt,
    /// The LLR at or below which H0 is accepted ([`Sprt::lower`]).
    pub lower: f64,
    /// The LLR at or above which H1 is accepted ([`Sprt::upper`]).
    pub upper: f64,
    /// (walls so far, LLR), one point per wall up to the decision.
    pub llr: Vec<(u64, f64)>,
    /// The decision and the walls it took.
    pub decision: Option<(Hypothesis, u64)>,
    /// Every wall given, also after the decision.
    pub all: Summary,
    /// The walls up to the decision (all of them without one).
    pub decided: Summary,
}

mcr_core::ser_struct! { Path;
    "test" => test,
    "lower" => lower,
    "upper" => upper,
    "llr" => llr,
    "decision" => decision,
    "all" => all,
    "decided" => decided,
}

impl Path {
    /// A run of `test` with no wall yet.
    pub fn new(test: Sprt) -> Path {
        Path {
            test,
            lower: test.lower(),
            upper: test.upper(),
            llr: Vec::new(),
            decision: None,
            all: Summary::default(),
            decided: Summary::default(),
        }
    }

    /// Adds the next wall's difference; the decision, once made, stays.
    pub fn add(&mut self, x: f64) {
        self.all.add(x);
        if self.decision.is_some() {
            return;
        }
        self.decided.add(x);
        let llr = self.test.llr(&self.decided);
        self.llr.push((self.decided.n, llr));
        if let Some(h) = self.test.decide(llr, self.decided.n) {
            self.decision = Some((h, self.decided.n));
        }
    }

    /// The LLR now (0 with no wall).
    pub fn last_llr(&self) -> f64 {
        self.llr.last().map_or(0.0, |p| p.1)
    }
}

/// The standard normal distribution function, from `erfc` (W. J. Cody's
/// rational approximations, relative error below 1e-15).
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The standard normal quantile of `p` in (0, 1): Acklam's approximation
/// polished by two Newton steps on [`normal_cdf`].
#[allow(clippy::excessive_precision)]
pub fn normal_quantile(p: f64) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    const A: [f64; 6] = [
        -3.969683028665376e1,
        2.209460984245205e2,
        -2.759285104469687e2,
        1.383577518672690e2,
        -3.066479806614716e1,
        2.506628277459239,
    ];
    const B: [f64; 5] =
        [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
    const C: [f64; 6] = [
        -7.784894002430293e-3,
        -3.223964580411365e-1,
        -2.400758277161838,
        -2.549732539343734,
        4.374664141464968,
        2.938163982698783,
    ];
    const D: [f64; 4] = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
    let low = 0.02425;
    let mut x = if p < low {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - low {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        let q = (-2.0 * (1.0 - p).ln()).sqrt();
        -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    for _ in 0..2 {
        let e = normal_cdf(x) - p;
        let density = (-0.5 * x * x).exp() / (2.0 * std::f64::consts::PI).sqrt();
        if density > 0.0 {
            x -= e / density;
        }
    }
    x
}

/// The complementary error function (W. J. Cody, 1969: rational
/// approximations on three ranges; the coefficients as published).
#[allow(clippy::excessive_precision)]
fn erfc(x: f64) -> f64 {
    let ax = x.abs();
    let r = if ax < 0.5 {
        const P: [f64; 5] = [
            3.209377589138469472562e3,
            3.774852376853020208137e2,
            1.138641541510501556495e2,
            3.161123743870565596947,
            1.857777061846031526730e-1,
        ];
        const Q: [f64; 5] = [
            2.844236833439170622273e3,
            1.282616526077372275645e3,
            2.440246379344441733056e2,
            2.360129095234412093499e1,
            1.0,
        ];
        let z = x * x;
        let num = (((P[4] * z + P[3]) * z + P[2]) * z + P[1]) * z + P[0];
        let den = (((Q[4] * z + Q[3]) * z + Q[2]) * z + Q[1]) * z + Q[0];
        return 1.0 - x * num / den;
    } else if ax < 4.0 {
        const P: [f64; 9] = [
            1.23033935479799725272e3,
            2.05107837782607146532e3,
            1.71204761263407058314e3,
            8.81952221241769090411e2,
            2.98635138197400131132e2,
            6.61191906371416294775e1,
            8.88314979438837594118,
            5.64188496988670089180e-1,
            2.15311535474403846343e-8,
        ];
        const Q: [f64; 9] = [
            1.23033935480374942043e3,
            3.43936767414372163696e3,
            4.36261909014324715820e3,
            3.29079923573345962678e3,
            1.62138957456669018874e3,
            5.37181101862009857509e2,
            1.17693950891312499305e2,
            1.57449261107098347253e1,
            1.0,
        ];
        let num = P.iter().rev().fold(0.0, |acc, &c| acc * ax + c);
        let den = Q.iter().rev().fold(0.0, |acc, &c| acc * ax + c);
        (-ax * ax).exp() * num / den
    } else {
        const P: [f64; 6] = [
            -6.58749161529837803157e-4,
            -1.60837851487422766278e-2,
            -1.25781726111229246204e-1,
            -3.60344899949804439429e-1,
            -3.05326634961232344035e-1,
            -1.63153871373020978498e-2,
        ];
        const Q: [f64; 6] = [
            2.33520497626869185443e-3,
            6.05183413124413191178e-2,
            5.27905102951428412248e-1,
            1.87295284992346725209,
            2.56852019228982242072,
            1.0,
        ];
        let z = 1.0 / (ax * ax);
        let num = P.iter().rev().fold(0.0, |acc, &c| acc * z + c);
        let den = Q.iter().rev().fold(0.0, |acc, &c| acc * z + c);
        let s = (1.0 / std::f64::consts::PI).sqrt() + z * num / den;
        (-ax * ax).exp() / ax * s
    };
    if x < 0.0 {
        2.0 - r
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcr_records::env::wall::Rng;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    /// Reference values from Python's `statistics.NormalDist()` (an
    /// independent implementation: Wichura's AS241 for the quantile).
    #[test]
    fn normal_matches_python_statistics() {
        close(normal_quantile(0.95), 1.6448536269514715, 1e-12);
        close(normal_quantile(0.975), 1.9599639845400536, 1e-12);
        close(normal_quantile(0.001), -3.090232306167813, 1e-12);
        close(normal_quantile(0.8), 0.8416212335729144, 1e-12);
        close(normal_cdf(-1.5), 0.06680720126885809, 1e-15);
        close(normal_cdf(0.0), 0.5, 1e-16);
        close(normal_cdf(5.0) + normal_cdf(-5.0), 1.0, 1e-15);
        for p in [1e-9, 0.01, 0.3, 0.5, 0.77, 0.999] {
            close(normal_cdf(normal_quantile(p)), p, 1e-13 + p * 1e-12);
        }
    }

    /// The LLR, bounds, interval and fixed size of a small sample, against
    /// the closed forms computed with Python's `statistics` module:
    /// x = [3, -1, 4, 1, -5, 9, 2, 6], mean 2.375, variance 18.267857...
    #[test]
    fn closed_forms() {
        let t = Sprt::new(0.0, 2.0, 0.05, 0.05).unwrap();
        close(t.lower(), -2.9444389791664403, 1e-15);
        close(t.upper(), 2.9444389791664403, 1e-15);
        let mut s = Summary::default();
        for x in [3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, 6.0] {
            s.add(x);
        }
        close(s.mean, 2.375, 1e-15);
        close(s.variance(), 18.267857142857142, 1e-12);
        close(t.llr(&s), 1.2043010752688172, 1e-12);
        let (mut a, mut b) = (Summary::default(), Summary::default());
        for (i, x) in [3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, 6.0].into_iter().enumerate() {
            if i < 3 {
                a.add(x)
            } else {
                b.add(x)
            }
        }
        let m = a.merged(&b);
        assert_eq!(m.n, 8);
        close(m.mean, 2.375, 1e-15);
        close(m.variance(), 18.267857142857142, 1e-12);
        let [lo, hi] = s.ci95().unwrap();
        close(lo, -0.5867397960617828, 1e-12);
        close(hi, 5.336739796061783, 1e-12);
        // ((2 z(0.95)) 3 / 2)² with sd 3 and d1 - d0 = 2.
        close(t.fixed_walls(3.0), 97.39956434743479 / 4.0, 1e-9);
    }

    #[test]
    fn bad_tests_are_refused() {
        assert!(Sprt::new(1.0, 1.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(2.0, 1.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 1.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 1.0, 0.05, 0.7).is_err());
        assert!(Sprt::new(f64::NAN, 1.0, 0.05, 0.05).is_err());
        assert_eq!(Sprt::parse_bounds(" -1, 2.5"), Ok((-1.0, 2.5)));
        assert!(Sprt::parse_bounds("1").is_err());
        assert!(Sprt::parse_bounds("a,b").is_err());
    }

    fn gauss(rng: &mut Rng) -> f64 {
        // Box-Muller.
        let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
    }

    fn run(test: Sprt, mu: f64, sd: f64, seed: u64) -> (Option<Hypothesis>, u64) {
        let mut rng = Rng::new(seed);
        let mut p = Path::new(test);
        for _ in 0..100_000 {
            p.add(mu + sd * gauss(&mut rng));
            if let Some((h, n)) = p.decision {
                return (Some(h), n);
            }
        }
        (None, p.decided.n)
    }

    /// On normal data the error rates are near the nominal ones (Wald's
    /// bounds are conservative: below them, give or take the Monte Carlo
    /// error of 1,000 runs, about 0.7 points), and the mean walls
    /// under H0 and H1 are below the fixed-size test's.
    #[test]
    fn error_rates_on_normal_data() {
        let t = Sprt::new(0.0, 0.5, 0.05, 0.05).unwrap();
        let fixed = t.fixed_walls(2.0);
        for (mu, wrong) in [(0.0, Hypothesis::H1), (0.5, Hypothesis::H0)] {
            let runs: Vec<_> = (0..1000).map(|s| run(t, mu, 2.0, s * 7 + 1)).collect();
            let errors = runs.iter().filter(|r| r.0 == Some(wrong)).count();
            assert!(runs.iter().all(|r| r.0.is_some()));
            assert!(errors <= 70, "mu {mu}: {errors} errors in 1000");
            let mean_walls = runs.iter().map(|r| r.1 as f64).sum::<f64>() / runs.len() as f64;
            assert!(mean_walls < 0.8 * fixed, "mu {mu}: {mean_walls} walls against {fixed}");
        }
    }
}
