//! The report page in headless Chromium: no console errors, the numbers on
//! the page equal `standings --format json`, a game opens in the embedded
//! `mcr view` page.

use super::browser;
use super::common;
use super::records::{duplicate_lines, standings_json};
use common::corpus::write_lines;

#[test]
fn report_page_shows_the_json_standings_in_chromium() {
    let dir = common::temp_dir("tournament-report");
    let lines = duplicate_lines(&dir, 2, 8);
    let f = write_lines(&dir, "t.jsonl", &lines);
    let page = dir.join("report.html");
    let run = common::mcr(&["standings", f.to_str().unwrap(), "--html", page.to_str().unwrap()]);
    assert!(run.ok(), "{}", run.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    for needle in ["http://", "https://", "<link", "src=\""] {
        assert!(!html.contains(needle), "page contains {needle:?}");
    }
    let want = standings_json(&[&f]);
    let Some(mut b) = browser::launch_or_skip(&dir) else { return };
    b.viewport(1300, 1000, false).unwrap();
    b.navigate(&format!("file://{}", page.display())).unwrap();
    b.wait_for("!!document.body && document.body.dataset.ready === '1'").unwrap();
    let rows = b
        .eval("Array.from(document.querySelectorAll('#standings-table tbody tr')).map((r) => Object.fromEntries(Array.from(r.cells).map((c) => [c.dataset.key, c.textContent])))")
        .unwrap();
    let rows = rows.as_array().unwrap_or_else(|| panic!("{rows} {:?}", b.page_errors()));
    let bots = want["bots"].as_array().unwrap();
    assert_eq!(rows.len(), bots.len());
    let f2 = |v: &serde_json::Value| format!("{:.2}", v.as_f64().unwrap());
    for (row, bot) in rows.iter().zip(bots) {
        assert_eq!(row["name"], bot["name"]);
        assert_eq!(row["rank"].as_str().unwrap(), bot["rank"].to_string());
        assert_eq!(row["games"].as_str().unwrap(), bot["games"].to_string());
        assert_eq!(row["mean_score"].as_str().unwrap(), f2(&bot["mean_score"]));
        assert_eq!(row["ci_lo"].as_str().unwrap(), f2(&bot["ci95"][0]));
        assert_eq!(row["ci_hi"].as_str().unwrap(), f2(&bot["ci95"][1]));
        assert_eq!(row["draws"].as_str().unwrap(), bot["draws"].to_string());
        assert_eq!(row["time_p99"].as_str().unwrap(), f2(&bot["time_ms"]["p99"]));
        assert_eq!(row["win_rate"].as_str().unwrap(), format!("{:.1}%", bot["win_rate"].as_f64().unwrap() * 100.0));
    }
    // The whiskers and the charts are drawn for every bot.
    let n = b.eval("[document.querySelectorAll('#whiskers circle.mean').length, document.querySelectorAll('svg.hist').length, document.querySelectorAll('#running polyline').length, document.querySelectorAll('#games-table tbody tr').length]").unwrap();
    assert_eq!(n, serde_json::json!([4, 4, 4, 48]));
    // A game opens in the embedded viewer.
    let id = serde_json::from_str::<serde_json::Value>(&lines[5]).unwrap()["game_id"].as_str().unwrap().to_string();
    b.eval(&format!("document.querySelector('a.view[data-game=\"{id}\"]').click(); true")).unwrap();
    // (A blob page is another origin for a file:// page: its src is checked, not its document.)
    b.wait_for(&format!("(() => {{ const f = document.getElementById('viewer'); return f.src.startsWith('blob:') && f.src.includes('#game={id}'); }})()")).unwrap();
    let errors = b.page_errors();
    assert!(errors.is_empty(), "{errors:?}");
    b.eval("window.scrollTo(0, 0); true").unwrap();
    if std::env::var_os("MCR_SCREENSHOT").is_some() {
        b.screenshot(&common::repo().join("docs/src/standings_report.png")).unwrap();
    }
}
