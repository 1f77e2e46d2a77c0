use mcr_engine::fans;
use mcr_engine::record::hand_inputs;
fn main() {
    let file = std::env::args().nth(1).unwrap();
    let mut hist = [0usize; 16];
    let mut n = 0;
    for (r, h) in hand_inputs(std::path::Path::new(&file)).filter_map(|r| r.ok()) {
        if r.record.expected.result < 0 { continue; }
        let e = fans::explain(&h);
        hist[e.readings.len().min(15)] += 1; n += 1;
    }
    println!("{n} {:?}", hist);
}
