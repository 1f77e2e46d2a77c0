use mcr_engine::fans;
use mcr_engine::record::hand_inputs;
fn main() {
    let file = std::env::args().nth(1).unwrap();
    let passes: usize = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(5);
    let win: Vec<_> = hand_inputs(std::path::Path::new(&file)).filter_map(|r| r.ok()).filter(|(r, _)| r.record.expected.result >= 0).map(|(_, i)| i).collect();
    let mut best = f64::INFINITY;
    for _ in 0..passes {
        let t = std::time::Instant::now();
        let mut s = 0i64;
        for h in &win { s += fans::calculate(h).result as i64; }
        std::hint::black_box(s);
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!("{:.0} win/s", win.len() as f64 / best);
}
