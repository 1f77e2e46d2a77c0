//! Helpers shared by the integration tests.
#![allow(dead_code, unused_macros)]

use std::path::PathBuf;

pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// Scores a hand in the notation of `mcr fan`.
pub fn score(notation: &str) -> mcr_engine::fans::FanResult {
    let hand = mcr_engine::notation::parse_hand(notation).unwrap_or_else(|e| panic!("{notation}: {e}"));
    mcr_engine::fans::calculate(&hand)
}

pub fn has_fan(r: &mcr_engine::fans::FanResult, name: &str) -> bool {
    r.fans().any(|(f, _)| f.name == name)
}

/// `fan_case!(test_name, fan, positive hand, its total, negative hand, its total)`
#[macro_export]
macro_rules! fan_case {
    ($test:ident, $fan:expr, $pos:expr, $pos_total:expr, $neg:expr, $neg_total:expr) => {
        #[test]
        fn $test() {
            assert!(mcr_engine::fans::fan_by_name($fan).is_some(), "{} is not in rules/fans.mcr", $fan);
            let pos = common::score($pos);
            assert!(common::has_fan(&pos, $fan), "{} should show {}: got {:?}", $pos, $fan, pos.fans().map(|(f, c)| (f.name, c)).collect::<Vec<_>>());
            assert_eq!(pos.result, $pos_total, "total of {}", $pos);
            let neg = common::score($neg);
            assert!(!common::has_fan(&neg, $fan), "{} must not show {}: got {:?}", $neg, $fan, neg.fans().map(|(f, c)| (f.name, c)).collect::<Vec<_>>());
            assert_eq!(neg.result, $neg_total, "total of {}", $neg);
        }
    };
}
