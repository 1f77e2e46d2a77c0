//! The standings as text (the table printed after every arena run), CSV and JSON.

use super::{BotRow, SprtReport, Standings};
use std::fmt::Write;

/// A number as the text and CSV forms print it: two decimals.
pub fn fixed(v: f64) -> String {
    format!("{v:.2}")
}

fn percent(v: f64) -> String {
    format!("{:.1}%", v * 100.0)
}

fn verdicts(b: &BotRow) -> String {
    if b.verdicts.is_empty() {
        "-".into()
    } else {
        b.verdicts.iter().map(|(k, n)| format!("{k}:{n}")).collect::<Vec<_>>().join(" ")
    }
}

fn interval(ci: Option<[f64; 2]>) -> String {
    ci.map_or("-".into(), |[lo, hi]| format!("[{}, {}]", fixed(lo), fixed(hi)))
}

/// The text table and the pairwise matrix.
pub fn text(s: &Standings) -> String {
    let header = [
        "rank",
        "bot",
        "games",
        "mean",
        "95% CI",
        "win",
        "zimo",
        "deal-in",
        "draw",
        "fan",
        "verdicts",
        "ms mean/p99/max",
    ];
    let rows: Vec<Vec<String>> = s
        .bots
        .iter()
        .map(|b| {
            vec![
                b.rank.to_string(),
                b.name.clone(),
                b.games.to_string(),
                fixed(b.mean_score),
                interval(b.ci95),
                percent(b.win_rate),
                b.self_drawn_share.map_or("-".into(), percent),
                percent(b.deal_in_rate),
                percent(b.draw_rate),
                b.mean_fan_won.map_or("-".into(), |f| format!("{f:.1}")),
                verdicts(b),
                b.time_ms.as_ref().map_or("-".into(), |t| format!("{:.1}/{:.1}/{:.1}", t.mean, t.p99, t.max)),
            ]
        })
        .collect();
    let mut out = String::new();
    table(&mut out, &header.map(String::from), &rows);
    let _ = writeln!(
        out,
        "{} games, {} {}s{}; 95% CI: bootstrap over {}s, {} resamples",
        s.records,
        s.units,
        s.bootstrap.unit,
        if s.repeats > 0 { format!(", {} repeats left out", s.repeats) } else { String::new() },
        s.bootstrap.unit,
        s.bootstrap.resamples
    );
    if s.pairwise.bots.len() > 1 {
        let _ = writeln!(out, "\nmean score difference, row - column [95% CI]:");
        let mut header = vec![String::new()];
        header.extend(s.pairwise.bots.iter().cloned());
        let rows: Vec<Vec<String>> = s
            .pairwise
            .bots
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let mut row = vec![a.clone()];
                row.extend((0..s.pairwise.bots.len()).map(|j| match s.pairwise.diff[i][j] {
                    None => "-".into(),
                    Some(d) => format!("{} {}", fixed(d), interval(s.pairwise.ci95[i][j])),
                }));
                row
            })
            .collect();
        table(&mut out, &header, &rows);
    }
    if let Some(r) = &s.sprt {
        out.push('\n');
        out.push_str(&sprt_text(r));
    }
    out
}

fn table(out: &mut String, header: &[String], rows: &[Vec<String>]) {
    let width = |s: &str| s.chars().count();
    let mut w: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            w[i] = w[i].max(width(c));
        }
    }
    let line = |out: &mut String, cells: &[String]| {
        let cells: Vec<String> =
            cells.iter().enumerate().map(|(i, c)| format!("{c}{}", " ".repeat(w[i] - width(c)))).collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    };
    line(out, header);
    for r in rows {
        line(out, r);
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The sequential test as printed: the decision and its walls, the LLR
/// and its bounds, the estimate with its interval.
pub fn sprt_text(r: &SprtReport) -> String {
    let mut s = String::new();
    let games = r.walls * r.games_per_wall;
    let _ = writeln!(
        s,
        "sprt: {} vs {} ({}), H0 diff <= {} vs H1 diff >= {} points per game, alpha {}, beta {}",
        r.candidate, r.baseline, r.format, r.d0, r.d1, r.alpha, r.beta
    );
    let _ = writeln!(
        s,
        "sprt: decision {} after {} walls ({games} games); LLR {:.3} in [{:.3}, {:.3}]",
        r.decision.unwrap_or("none"),
        r.walls,
        r.llr,
        r.lower,
        r.upper
    );
    let ci = r.ci95.map_or("no interval".to_string(), |[a, b]| format!("95% interval [{a:+.2}, {b:+.2}]"));
    let _ = writeln!(
        s,
        "sprt: estimate {:+.2} points per game over {} walls ({} games), {ci}; sd per wall {:.2}",
        r.estimate,
        r.walls_played,
        r.walls_played * r.games_per_wall,
        r.sd_per_wall
    );
    s
}

/// One line per bot, full precision.
pub fn csv(s: &Standings) -> String {
    let mut out = String::from("rank,name,games,score_sum,mean_score,ci95_lo,ci95_hi,wins,win_rate,self_drawn,self_drawn_share,deal_ins,deal_in_rate,draws,draw_rate,mean_fan_won,verdicts,turns,time_ms_mean,time_ms_p99,time_ms_max\n");
    let opt = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
    for b in &s.bots {
        let t = b.time_ms.as_ref();
        let fields = [
            b.rank.to_string(),
            csv_field(&b.name),
            b.games.to_string(),
            b.score_sum.to_string(),
            b.mean_score.to_string(),
            opt(b.ci95.map(|c| c[0])),
            opt(b.ci95.map(|c| c[1])),
            b.wins.to_string(),
            b.win_rate.to_string(),
            b.self_drawn.to_string(),
            opt(b.self_drawn_share),
            b.deal_ins.to_string(),
            b.deal_in_rate.to_string(),
            b.draws.to_string(),
            b.draw_rate.to_string(),
            opt(b.mean_fan_won),
            csv_field(&b.verdicts.iter().map(|(k, n)| format!("{k}:{n}")).collect::<Vec<_>>().join(" ")),
            t.map_or("0".into(), |t| t.turns.to_string()),
            opt(t.map(|t| t.mean)),
            opt(t.map(|t| t.p99)),
            opt(t.map(|t| t.max)),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// The JSON form, pretty-printed: [`Standings`] as serialised, tagged
/// [`super::FORMAT`].
pub fn json(s: &Standings) -> String {
    serde_json::to_string_pretty(s).expect("standings serialize")
}
