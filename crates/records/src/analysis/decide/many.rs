//! Many decisions at once, and a state written as a line of a decisions
//! file (the input of `mcr decide FILE` and of Python's
//! `mcr_engine.decide`).

use rayon::prelude::*;

use super::{counts_to_judge_order, decide_with, DecideError, Decision, Options, State};
use mcr_core::fans::Profile;

/// The analysis of every `(profile, state)` in order, each as
/// [`decide_with`] gives it. `threads`: 1 analyses on the calling thread,
/// `n > 1` on at most `n` of rayon's threads, 0 on all of them; a state
/// takes from microseconds to tens of milliseconds, so they are handed out
/// one at a time.
///
/// ```
/// use mcr_records::analysis::decide::many::decide_many;
/// use mcr_records::analysis::decide::{decide, DecideRecord, Options};
/// use mcr_core::fans::Profile;
///
/// let line = r#"{"hand": ["W1","W2","W3","W4","W5","W6","W7","W8","W9","T2","T3","J1","J1","F2"],
///   "seat": 0, "prevalent": 0, "draws_left": 2,
///   "shown": [0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0, 0,0,0,0, 0,0,0],
///   "unseen": [3,3,3,3,3,3,3,3,3, 4,4,4,4,4,4,4,4,4, 4,3,3,4,4,4,4,4,4, 4,3,4,4, 2,4,4]}"#;
/// let state = serde_json::from_str::<DecideRecord>(line).unwrap().to_state().unwrap();
/// let p = Profile::default();
/// let both = decide_many(&[(p, state.clone()), (p, state.clone())], Options::default(), 2);
/// assert_eq!(both[0], decide(p, &state));
/// assert_eq!(both[1], both[0]);
/// ```
pub fn decide_many(
    states: &[(&'static Profile, State)],
    options: Options,
    threads: usize,
) -> Vec<Result<Decision, DecideError>> {
    let one = |(profile, state): &(&'static Profile, State)| decide_with(profile, state, options);
    let threads = if threads == 0 { rayon::current_num_threads() } else { threads.min(rayon::current_num_threads()) };
    if threads <= 1 || states.len() < 2 {
        return states.iter().map(one).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| states.par_iter().with_max_len(1).map(one).collect()),
        Err(_) => states.iter().map(one).collect(),
    }
}

/// `state` as a line of a decisions file ([`super::DecideRecord`]): tile
/// names, `[type, tile, offer]` packs, `shown` and `unseen` in the judge's
/// order; `rules` named when given.
pub fn state_line(state: &State, rules: Option<&'static Profile>) -> serde_json::Value {
    let mut v = serde_json::json!({
        "hand": state.hand.iter().map(|t| t.name()).collect::<Vec<_>>(),
        "packs": state.packs.iter().map(|p| serde_json::json!([p.kind.name(), p.tile.name(), p.offer])).collect::<Vec<_>>(),
        "seat": state.seat,
        "prevalent": state.prevalent,
        "shown": counts_to_judge_order(&state.shown).to_vec(),
        "unseen": counts_to_judge_order(&state.unseen).to_vec(),
        "draws_left": state.draws_left,
    });
    if let Some(p) = rules {
        v["rules"] = p.name.into();
    }
    v
}

#[cfg(test)]
mod tests {
    use super::super::{record_decisions, DecideRecord};
    use super::*;
    use crate::record::{GameRecord, Records};

    /// A record's states written as lines read back as the same states.
    #[test]
    fn state_lines_read_back() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/golden.jsonl.gz");
        let mut states = Vec::new();
        for r in Records::<GameRecord>::open(&path).unwrap().take(3) {
            let (d, _) = record_decisions(&r.unwrap().record, Profile::default());
            states.extend(d.into_iter().map(|d| d.state));
        }
        assert!(states.iter().any(|s| !s.packs.is_empty()));
        for s in &states {
            let line = state_line(s, Some(Profile::default()));
            let back: DecideRecord = serde_json::from_value(line).unwrap();
            assert_eq!(back.rules.map(|p| p.name), Some("botzone"));
            let mut sorted = s.clone();
            sorted.hand.sort();
            let mut again = back.to_state().unwrap();
            again.hand.sort();
            assert_eq!(again, sorted);
        }
    }
}
