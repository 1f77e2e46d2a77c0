//! The `win_flags` column against the real judge's scoring of every win of
//! the public games: the fans it recorded that only a flag gives.

use super::common;
use super::{corpus_lines, sample_all};
use mcr_engine::env::action::HU;
use mcr_engine::samples::extract::{ABOUT_KONG, FOURTH_TILE, SELF_DRAWN, WALL_LAST};
use mcr_engine::samples::{Encoding, Flags, Options};

#[test]
fn win_flags_are_those_the_judge_scored_each_win_with() {
    let file = common::data("games.jsonl.gz");
    let opts = Options {
        encoding: Encoding::Compact,
        flags: Flags::Judge,
        keep_forced: true,
        max_line_bytes: mcr_engine::record::DEFAULT_MAX_LINE_BYTES,
    };
    let (b, _, _) = sample_all(&[file.as_path()], opts);
    let lines = corpus_lines("games.jsonl.gz");
    let mut wins = 0;
    for i in 0..b.len() {
        // Every decision's flags: self-drawn exactly at one's own draw.
        assert_eq!(b.win_flags[i] & SELF_DRAWN != 0, b.kind[i] == 0, "sample {i}");
        if b.act[i] != HU as i64 {
            continue;
        }
        let g: serde_json::Value = serde_json::from_str(&lines[b.game[i] as usize]).unwrap();
        let e = &g["expected"];
        if e["winner"].as_i64() != Some(b.seat[i] as i64) {
            continue; // a HU judged WH
        }
        let fans: Vec<&str> = e["fan"].as_array().unwrap().iter().map(|f| f[0].as_str().unwrap()).collect();
        let has = |name: &str| fans.contains(&name);
        let f = b.win_flags[i];
        let zimo = e["ending"] == "zimo";
        let at = format!("game {} turn {}: flags {f:#06b}, fans {fans:?}", g["game_id"], b.turn[i]);
        assert_eq!(f & SELF_DRAWN != 0, zimo, "{at}");
        assert_eq!(f & ABOUT_KONG != 0, has(if zimo { "杠上开花" } else { "抢杠和" }), "{at}");
        assert_eq!(f & WALL_LAST != 0, has(if zimo { "妙手回春" } else { "海底捞月" }), "{at}");
        // Robbing a kong takes the last copy and excludes 和绝张.
        assert_eq!(f & FOURTH_TILE != 0 && !has("抢杠和"), has("和绝张"), "{at}");
        wins += 1;
    }
    assert!(wins > 2500, "{wins} wins checked");
}
