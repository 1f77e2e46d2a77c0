//! `mcr judge`, the Botzone judge program: every recorded judge output of
//! the corpora reproduced turn by turn under each judge's profile (in
//! process, and a sample through the binary), generated inputs the corpora
//! lack, and side by side with the real judge binaries where they are
//! given (`MCR_PLATFORM_JUDGE`, `MCR_PUBLIC_JUDGE`, `MCR_BOTZONE_LOCAL_JUDGE`).

#[path = "../common/mod.rs"]
mod common;

mod binaries;
mod corpora;
mod example;
mod inputs;

use mcr_engine::fans::Profile;
use mcr_engine::record::GameRecord;
use serde_json::{json, Map, Value};

/// The three judges: profile, its oracle corpora, the variable naming the
/// real binary and what that binary is.
pub const JUDGES: [(&str, &[&str], &str, &str); 3] = [
    (
        "botzone",
        &["golden.jsonl.gz", "errors.jsonl.gz", "verdicts_injected.jsonl.gz"],
        "MCR_PLATFORM_JUDGE",
        "the platform's judge (the public judge/main.cpp of ailab-pku/Chinese-Standard-Mahjong with the \
         platform's displays, linked with the 2018 mahjong-algorithm)",
    ),
    (
        "pymahjonggb-1.4",
        &[
            "pymahjonggb-1.4/golden.jsonl.gz",
            "pymahjonggb-1.4/errors.jsonl.gz",
            "pymahjonggb-1.4/verdicts_injected.jsonl.gz",
        ],
        "MCR_PUBLIC_JUDGE",
        "the public judge/main.cpp built against pymahjonggb 1.4.0's mahjong-algorithm",
    ),
    (
        "botzone-local",
        &["botzone-local/golden.jsonl", "botzone-local/errors.jsonl.gz"],
        "MCR_BOTZONE_LOCAL_JUDGE",
        "botzone-local's ChineseStandardMahjong.elfbin run with jsoncpp 0.5.0's libjson.so",
    ),
];

pub fn profile(name: &str) -> &'static Profile {
    Profile::by_name(name).unwrap_or_else(|| panic!("no profile {name}"))
}

/// The games of a corpus file of `tests/data/`.
pub use common::corpus::records as games;

/// A game as the judge sees it, turn by turn: the `initdata` object, and
/// for each turn the bots' entry answering it (none after the last) and
/// the judge's recorded output.
pub struct Driven {
    pub id: String,
    pub initdata: Value,
    pub entries: Vec<Value>,
    pub outputs: Vec<Value>,
}

impl Driven {
    pub fn new(g: &GameRecord) -> Driven {
        // The judge reads its seed as a C int: the same unsigned seed.
        let initdata = json!({"walltiles": g.wall.join(" "), "quan": g.quan, "srand": g.srand as u32 as i32});
        let last = g.turns.len() - 1;
        let mut outputs = Vec::with_capacity(g.turns.len());
        let mut entries = Vec::with_capacity(last);
        for (k, t) in g.turns.iter().enumerate() {
            let mut out = Map::new();
            let content: Map<String, Value> = if k == last {
                g.expected.scores.iter().enumerate().map(|(s, v)| (s.to_string(), json!(v))).collect()
            } else {
                let request = t.request.as_ref().unwrap_or_else(|| panic!("{}: turn {k} has no request", g.game_id));
                request.iter().map(|(s, r)| (s.clone(), json!(r))).collect()
            };
            out.insert("command".into(), json!(if k == last { "finish" } else { "request" }));
            out.insert("content".into(), Value::Object(content));
            out.insert("display".into(), t.display.clone());
            if k == 0 {
                let mut init = initdata.clone();
                init["srand"] = json!(g.srand as u32);
                out.insert("initdata".into(), init);
            }
            outputs.push(Value::Object(out));
            if k < last {
                let responses = t.responses_by_seat();
                let verdicts = t.verdicts_by_seat();
                let mut entry = Map::new();
                for s in 0..4 {
                    let mut bot = Map::new();
                    bot.insert("verdict".into(), json!(verdicts[s].unwrap_or("OK")));
                    if let Some(r) = responses[s] {
                        bot.insert("response".into(), json!(r));
                    }
                    entry.insert(s.to_string(), Value::Object(bot));
                }
                entries.push(Value::Object(entry));
            }
        }
        Driven { id: g.game_id.clone(), initdata, entries, outputs }
    }

    /// The judge's input for turn `k`, as botzone-local gives it: the whole
    /// log so far (the recorded outputs and the bots' entries); `initdata`
    /// the game's on the first turn (so that the deal is the record's), the
    /// one the judge gave back after.
    pub fn input(&self, k: usize) -> Value {
        let mut log = Vec::with_capacity(2 * k);
        for j in 0..k {
            log.push(json!({"verdict": "OK", "output": self.outputs[j]}));
            log.push(self.entries[j].clone());
        }
        let initdata = if k == 0 { self.initdata.clone() } else { self.outputs[0]["initdata"].clone() };
        json!({"log": log, "initdata": initdata})
    }
}
