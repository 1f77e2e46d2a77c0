//! Many hands at once: the calculator over a slice of hands, on the calling
//! thread or spread over rayon's pool, results in the order of the hands.
//! Each hand goes through the same [`Profile::calculate`] /
//! [`Profile::calculate_total`] as a single call.

use super::{FanResult, Profile};
use crate::hand::HandInput;
use rayon::prelude::*;

/// The raw result of every hand (total fan, or [`super::WRONG_TILE_COUNT`] /
/// [`super::NOT_WIN`]). `threads`: 1 computes on the calling thread, `n > 1`
/// on at most `n` of rayon's threads (at most one per core), 0 on all of them.
pub fn totals(profile: &'static Profile, hands: &[HandInput], threads: usize) -> Vec<i32> {
    map(hands, threads, |h| profile.calculate_total(h))
}

/// The full result (fan counts) of every hand; `threads` as in [`totals`].
pub fn results(profile: &'static Profile, hands: &[HandInput], threads: usize) -> Vec<FanResult> {
    map(hands, threads, |h| profile.calculate(h))
}

fn map<T: Send>(hands: &[HandInput], threads: usize, f: impl Fn(&HandInput) -> T + Sync + Send) -> Vec<T> {
    let threads = if threads == 0 { rayon::current_num_threads() } else { threads.min(rayon::current_num_threads()) };
    if threads <= 1 || hands.len() < 2 {
        return hands.iter().map(f).collect();
    }
    // Equal shares, one task per thread: a hand costs a fraction of a
    // microsecond, less than handing out finer pieces would.
    hands.par_iter().with_min_len(hands.len().div_ceil(threads)).map(f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;

    #[test]
    fn threads_change_nothing_but_speed() {
        let hands: Vec<HandInput> = [
            "123m 456m 789m 123p 5p +5p",
            "123m 456m 789m 123p 5p +6p",
            "11m 22m 33m 44p 55p 66s 7s +7s zimo",
            "123m 456m 789m 5p +5p",
        ]
        .iter()
        .cycle()
        .take(1001)
        .map(|s| parse_hand(s).unwrap())
        .collect();
        let p = Profile::default();
        let one: Vec<i32> = hands.iter().map(|h| p.calculate_total(h)).collect();
        assert!(one.iter().any(|&t| t > 0) && one.iter().any(|&t| t < 0), "{one:?}");
        for threads in [0, 1, 2, 3, 64] {
            assert_eq!(totals(p, &hands, threads), one, "threads {threads}");
            let full = results(p, &hands, threads);
            assert_eq!(full.iter().map(|r| r.result).collect::<Vec<_>>(), one, "threads {threads}");
            assert_eq!(full, hands.iter().map(|h| p.calculate(h)).collect::<Vec<_>>());
        }
        assert!(totals(p, &[], 2).is_empty());
    }
}
