//! A per-bot table from game records alone (the arena prints it at the end
//! of a run): games, mean score, wins, self-drawn wins, deal-ins, verdicts
//! by kind, and time per turn (mean, p99, max) against the bot's limit.
//! Memory is bounded: times go into a fixed log-scale histogram.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::Value;

/// Time histogram: bin k holds times t (ms) with floor(ln(1 + 1000 t) * 40) = k.
const BINS: usize = 1024;

#[derive(Clone, Debug)]
pub struct BotFigures {
    pub name: String,
    pub games: u64,
    pub score: i64,
    pub wins: u64,
    pub self_drawn: u64,
    pub deal_ins: u64,
    pub verdicts: BTreeMap<String, u64>,
    pub turns: u64,
    pub time_sum_ms: f64,
    pub time_max_ms: f64,
    pub limit_ms: u64,
    hist: Vec<u32>,
}

impl BotFigures {
    fn new(name: &str) -> BotFigures {
        BotFigures {
            name: name.to_string(),
            games: 0,
            score: 0,
            wins: 0,
            self_drawn: 0,
            deal_ins: 0,
            verdicts: BTreeMap::new(),
            turns: 0,
            time_sum_ms: 0.0,
            time_max_ms: 0.0,
            limit_ms: 0,
            hist: vec![0; BINS],
        }
    }

    fn add_time(&mut self, ms: f64) {
        let ms = ms.max(0.0);
        self.turns += 1;
        self.time_sum_ms += ms;
        self.time_max_ms = self.time_max_ms.max(ms);
        let k = (((1.0 + 1000.0 * ms).ln() * 40.0) as usize).min(BINS - 1);
        self.hist[k] += 1;
    }

    pub fn mean_score(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.score as f64 / self.games as f64 }
    }

    pub fn mean_ms(&self) -> f64 {
        if self.turns == 0 { 0.0 } else { self.time_sum_ms / self.turns as f64 }
    }

    /// The 99th percentile of turn times (the upper edge of its bin, within 2.5%).
    pub fn p99_ms(&self) -> f64 {
        let want = (self.turns as f64 * 0.99).ceil() as u64;
        let mut seen = 0u64;
        for (k, &n) in self.hist.iter().enumerate() {
            seen += n as u64;
            if seen >= want && n > 0 {
                return (((k + 1) as f64 / 40.0).exp() - 1.0) / 1000.0;
            }
        }
        0.0
    }
}

/// Figures per bot name, in order of first appearance.
#[derive(Default, Debug)]
pub struct Summary {
    pub bots: Vec<BotFigures>,
    pub records: u64,
}

impl Summary {
    fn bot(&mut self, name: &str) -> &mut BotFigures {
        let i = match self.bots.iter().position(|b| b.name == name) {
            Some(i) => i,
            None => {
                self.bots.push(BotFigures::new(name));
                self.bots.len() - 1
            }
        };
        &mut self.bots[i]
    }

    /// Adds one record (a JSON line as the arena writes it).
    pub fn add(&mut self, record: &Value) {
        self.records += 1;
        let names: Vec<String> = (0..4)
            .map(|s| record["players"].get(s).and_then(Value::as_str).map_or_else(|| format!("seat {s}"), str::to_string))
            .collect();
        let exp = &record["expected"];
        let limits = &record["arena"]["time_limit_ms"];
        for (s, name) in names.iter().enumerate() {
            let b = self.bot(name);
            b.games += 1;
            b.score += exp["scores"].get(s).and_then(Value::as_i64).unwrap_or(0);
            if exp["winner"].as_u64() == Some(s as u64) {
                b.wins += 1;
                if exp["ending"] == "zimo" {
                    b.self_drawn += 1;
                }
            }
            if exp["discarder"].as_u64() == Some(s as u64) {
                b.deal_ins += 1;
            }
            if exp["ending"] == "error" && exp["offender"].as_u64() == Some(s as u64) {
                if let Some(v) = exp["verdict"].as_str() {
                    *b.verdicts.entry(v.to_string()).or_default() += 1;
                }
            }
            if let Some(l) = limits.get(s).and_then(Value::as_u64) {
                b.limit_ms = l;
            }
        }
        if let Some(turns) = record["turns"].as_array() {
            for t in turns {
                if let Some(m) = t["times_ms"].as_object() {
                    for (seat, ms) in m {
                        if let (Ok(s), Some(ms)) = (seat.parse::<usize>(), ms.as_f64()) {
                            if let Some(name) = names.get(s) {
                                let name = name.clone();
                                self.bot(&name).add_time(ms);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The table as text.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<20} {:>6} {:>8} {:>6} {:>6} {:>7} {:>10} {:>9} {:>9} {:>9} {:>7}  verdicts",
            "bot", "games", "mean", "wins", "zimo", "dealin", "turns", "mean ms", "p99 ms", "max ms", "limit"
        );
        for b in &self.bots {
            let v: Vec<String> = b.verdicts.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(
                out,
                "{:<20} {:>6} {:>8.2} {:>6} {:>6} {:>7} {:>10} {:>9.3} {:>9.3} {:>9.3} {:>7}  {}",
                b.name,
                b.games,
                b.mean_score(),
                b.wins,
                b.self_drawn,
                b.deal_ins,
                b.turns,
                b.mean_ms(),
                b.p99_ms(),
                b.time_max_ms,
                if b.limit_ms == 0 { "-".to_string() } else { b.limit_ms.to_string() },
                if v.is_empty() { "-".into() } else { v.join(", ") }
            );
        }
        out
    }
}
