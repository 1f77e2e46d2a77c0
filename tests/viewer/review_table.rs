//! The table-model review (`analysis::review_table`, `mcr review --model
//! table`, `mcr view --review --model table`): every decision's figures are
//! the table model's own (`table::analyse` run here on the record's
//! decisions, its best and loss worked out here), its deal-in mark is the
//! record's own (a discard of the seat, then another seat's HU, read from
//! the displays); the tallies add up; the review depends on the seed alone;
//! the CLI's table, JSON and errors; the viewer's overlay in headless
//! Chromium.

use crate::browser::{self, Browser};
use crate::common;

use mcr_engine::analysis::review_table::{review_game, TableDecision, TableReview, TableReviewOptions};
use mcr_engine::analysis::table::record_points;
use mcr_engine::fans::Profile;
use mcr_engine::input::Inputs;
use mcr_engine::record::GameRecord;
use mcr_engine::table::{analyse, hand_sizes, Options};
use serde_json::{json, Value};

/// Platform games, each with a deal-in: two on a PLAY, one on the discard
/// of a PENG.
const GAMES: [&str; 3] = ["6a20231658ebe27b197daaa8", "6a21160858ebe27b197ee31d", "6a2075d958ebe27b197decd1"];

/// The game of the viewer's test and of the manual's screenshot.
const SHOWN: &str = "6a2067f358ebe27b197de165";

fn platform_games(ids: &[&str]) -> Vec<GameRecord> {
    let inputs = Inputs::open(&[common::data("platform")], None, 1 << 24);
    let mut out: Vec<GameRecord> = inputs.games().map(|g| g.unwrap().record).collect();
    out.retain(|g| ids.contains(&g.game_id.as_str()));
    out.sort_by_key(|g| ids.iter().position(|i| *i == g.game_id));
    assert_eq!(out.len(), ids.len(), "platform games {ids:?}");
    out
}

/// What a decision of the review must be, worked out from the table model
/// itself: (turn, seat, answer given, best answer, loss, its standard
/// error, deal-in chance of the answer given, flagged).
#[derive(Debug, Clone, PartialEq)]
struct Expected {
    turn: usize,
    seat: u8,
    played: String,
    best: String,
    loss: f64,
    loss_se: f64,
    deal_in: Option<f64>,
    flagged: bool,
}

/// Every decision with an answer among its legal ones, each analysed by
/// `table::analyse` on the worlds of its seed (the review's seed mixed with
/// turn and seat as documented), the best the first of the highest means.
fn expected(g: &GameRecord, worlds: usize, seed: u64, threshold: f64) -> Vec<Expected> {
    let points = record_points(g, Profile::default());
    assert!(points.stop.is_none(), "{}: {:?}", g.game_id, points.stop.map(|s| s.to_string()));
    let mut out = Vec::new();
    for p in &points.points {
        let Some(i) = p.played else { continue };
        let mixed = seed ^ ((p.turn as u64) << 8 | p.seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The review's documented options: the default sampler, at least 128
        // worlds for the deal-in chances.
        let options =
            Options { worlds, seed: mixed, time_limit: None, deal_in_worlds: worlds.max(128), ..Options::default() };
        let a = analyse(&p.engine, p.seat, hand_sizes(&p.engine), &p.actions, &options).unwrap();
        let mut best = 0;
        for (k, row) in a.actions.iter().enumerate() {
            if row.mean > a.actions[best].mean {
                best = k;
            }
        }
        // The loss, cross-fitted: the best of one parity's worlds (the first
        // of the highest sums) against the answer given on the other's.
        let n = a.scores(i).len();
        let best_of = |parity: usize| {
            let mut b = 0;
            let sum = |k: usize| {
                a.scores(k).iter().enumerate().filter(|(w, _)| w % 2 == parity).map(|(_, &x)| x as i64).sum::<i64>()
            };
            for k in 1..a.actions.len() {
                if sum(k) > sum(b) {
                    b = k;
                }
            }
            b
        };
        let (on_odd, on_even) = (best_of(1), best_of(0));
        let d: Vec<f64> = (0..n)
            .map(|w| {
                let chosen = if w % 2 == 0 { on_odd } else { on_even };
                (a.scores(chosen)[w] - a.scores(i)[w]) as f64
            })
            .collect();
        let loss = d.iter().sum::<f64>() / n as f64;
        let var = d.iter().map(|x| (x - loss) * (x - loss)).sum::<f64>() / (n as f64 - 1.0);
        let loss_se = (var / n as f64).sqrt();
        out.push(Expected {
            turn: p.turn,
            seat: p.seat,
            played: p.actions[i].answer().unwrap(),
            best: p.actions[best].answer().unwrap(),
            loss,
            loss_se,
            deal_in: a.actions[i].deal_in,
            flagged: loss > threshold && loss > 2.0 * loss_se,
        });
    }
    out
}

/// The decisions (turn answered, seat) the record shows dealing in: the
/// next display is that seat's PLAY, PENG or CHI, the one after another
/// seat's HU.
fn record_deal_ins(g: &GameRecord) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    for t in 0..g.turns.len().saturating_sub(2) {
        let (next, after) = (&g.turns[t + 1].display, &g.turns[t + 2].display);
        let seat = next["player"].as_u64();
        let discards = ["PLAY", "PENG", "CHI"].iter().any(|a| next["action"] == *a);
        if discards && after["action"] == "HU" && after["player"].as_u64() != seat {
            out.push((t, seat.unwrap() as u8));
        }
    }
    out
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn check_decision(d: &TableDecision, e: &Expected, id: &str) {
    let at = format!("{id} turn {} S{}", e.turn, e.seat);
    assert_eq!((d.turn, d.seat), (e.turn, e.seat), "{at}");
    assert_eq!(d.played.action.answer().unwrap(), e.played, "{at}: the answer given");
    assert_eq!(d.best.action.answer().unwrap(), e.best, "{at}: the best answer");
    assert!(close(d.loss, e.loss), "{at}: loss {} against {}", d.loss, e.loss);
    assert!(close(d.loss_se, e.loss_se), "{at}: se {} against {}", d.loss_se, e.loss_se);
    assert_eq!(d.played.deal_in, e.deal_in, "{at}: deal-in chance");
    assert_eq!(d.flagged, e.flagged, "{at}: flagged");
}

/// The tallies follow from the decisions.
fn check_tallies(r: &TableReview) {
    for s in &r.seats {
        let mine: Vec<_> = r.decisions.iter().filter(|d| d.seat == s.seat).collect();
        let t = &s.tally;
        assert_eq!(t.decisions, mine.len(), "{} S{}", r.game_id, s.seat);
        assert_eq!(t.flagged, mine.iter().filter(|d| d.flagged).count());
        assert_eq!(t.deal_ins, mine.iter().filter(|d| d.dealt_in).count());
        assert!(close(t.loss, mine.iter().map(|d| d.loss).sum()));
        assert!(close(t.loss_se, mine.iter().map(|d| d.loss_se * d.loss_se).sum::<f64>().sqrt()));
        let chances: Vec<f64> = mine.iter().filter_map(|d| d.played.deal_in).collect();
        assert_eq!(t.discards, chances.len());
        match t.deal_in_chance {
            None => assert!(chances.is_empty()),
            Some(c) => assert!(close(c, chances.iter().sum::<f64>() / chances.len() as f64)),
        }
    }
}

#[test]
fn every_decision_is_weighed_by_the_table_model() {
    let options = TableReviewOptions { worlds: 6, seed: 11, ..TableReviewOptions::default() };
    let (mut weighed, mut not_discards, mut flagged, mut dealt) = (0, 0, 0, 0);
    for g in platform_games(&GAMES) {
        let r = review_game(Profile::default(), &g, &options);
        assert!(r.stopped.is_none() && r.errors.is_empty(), "{}: {:?} {:?}", g.game_id, r.stopped, r.errors);
        assert_eq!((r.model, r.worlds, r.seed), ("table", 6, 11));
        let want = expected(&g, 6, 11, options.threshold);
        assert_eq!(r.decisions.len(), want.len(), "{}: one decision per answer among the legal ones", g.game_id);
        for (d, e) in r.decisions.iter().zip(&want) {
            check_decision(d, e, &g.game_id);
            assert_eq!(d.worlds, 6);
        }
        // The deal-ins are the record's, and each is marked.
        let marked: Vec<(usize, u8)> = r.decisions.iter().filter(|d| d.dealt_in).map(|d| (d.turn, d.seat)).collect();
        assert_eq!(marked, record_deal_ins(&g), "{}: the deal-ins", g.game_id);
        check_tallies(&r);
        weighed += r.decisions.len();
        not_discards += r.decisions.iter().filter(|d| !d.played.action.answer().unwrap().starts_with("PLAY")).count();
        flagged += r.flagged().count();
        dealt += marked.len();
    }
    assert!(weighed > 100 && not_discards > 20, "{weighed} decisions, {not_discards} not a PLAY");
    assert!(flagged > 0 && dealt >= 2, "{flagged} flagged, {dealt} deal-ins");
}

#[test]
fn the_review_depends_on_the_seed_alone() {
    let g = &platform_games(&GAMES[..1])[0];
    let options = TableReviewOptions { worlds: 4, seed: 5, ..TableReviewOptions::default() };
    let a = review_game(Profile::default(), g, &options);
    assert_eq!(a, review_game(Profile::default(), g, &options), "the same seed, the same review");
    let other = review_game(Profile::default(), g, &TableReviewOptions { seed: 6, ..options });
    assert_ne!(a.decisions, other.decisions, "another seed, other worlds");
    // One seat: its decisions are the full review's, figure for figure
    // (every decision's worlds come from its own seed).
    let one = review_game(Profile::default(), g, &TableReviewOptions { seat: Some(3), ..options });
    assert_eq!(one.seats.len(), 1);
    let mine: Vec<_> = a.decisions.iter().filter(|d| d.seat == 3).cloned().collect();
    assert!(!mine.is_empty());
    assert_eq!(one.decisions, mine);
    // A threshold of 0 flags every loss beyond two standard errors.
    let zero = review_game(Profile::default(), g, &TableReviewOptions { threshold: 0.0, ..options });
    for d in &zero.decisions {
        assert_eq!(d.flagged, d.loss > 0.0 && d.loss > 2.0 * d.loss_se, "{d:?}");
    }
    assert!(zero.flagged().count() >= a.flagged().count());
}

/// Equal JSON, numbers to 1e-12.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 1e-12 * x.abs().max(y.abs()).max(1.0)
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn cli_reviews_by_the_table_model() {
    let dir = common::data("platform");
    let dir = dir.to_str().unwrap();
    let (a, b) = (GAMES[0], GAMES[1]);
    let games = platform_games(&[a, b]);
    let options = TableReviewOptions { worlds: 4, seed: 3, ..TableReviewOptions::default() };
    let lib: Vec<TableReview> = games.iter().map(|g| review_game(Profile::default(), g, &options)).collect();
    let args = ["review", dir, "--id", a, "--id", b, "--model", "table", "--worlds", "4", "--seed", "3"];
    let text = common::mcr(&args);
    assert!(text.ok(), "{text:?}");
    assert!(
        text.stdout.starts_with(&format!("game {a} (rules botzone; table model, 4 worlds, seed 3;")),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("totals over 2 games"), "{}", text.stdout);
    // Every flagged decision and every deal-in of the library's review is
    // a row, with its mark.
    let mut rows = 0;
    for r in &lib {
        for d in r.decisions.iter().filter(|d| d.flagged || d.dealt_in) {
            let head =
                format!("  {:>4}  {:>4}  {:<13}", d.turn, format!("S{}", d.seat), d.played.action.answer().unwrap());
            let line = text.stdout.lines().find(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("no row {head:?}"));
            assert!(line.contains(&format!("{:.2} ± {:.2}", d.loss, d.loss_se)), "{line}");
            assert_eq!(line.contains("flagged"), d.flagged, "{line}");
            assert_eq!(line.contains("dealt in"), d.dealt_in, "{line}");
            rows += 1;
        }
    }
    assert!(rows >= 2, "{}", text.stdout);
    // JSON: one line per game, the library's review.
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let json = common::mcr(&json_args);
    assert!(json.ok(), "{json:?}");
    let lines: Vec<Value> = json.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    for (line, r) in lines.iter().zip(&lib) {
        assert!(same(line, &serde_json::to_value(r).unwrap()), "{line}");
        assert_eq!(line["model"], "table");
    }
    // The decide model is the default, and takes no --worlds or --seed.
    let decide = common::mcr(&["review", dir, "--id", a, "--format", "json"]);
    assert!(decide.ok(), "{decide:?}");
    let v: Value = serde_json::from_str(decide.stdout.lines().next().unwrap()).unwrap();
    assert!(v.get("model").is_none() && v["decisions"][0].get("loss_points").is_some(), "{v}");
    let worlds = common::mcr(&["review", dir, "--id", a, "--worlds", "4"]);
    assert!(!worlds.ok() && worlds.stderr.contains("--worlds applies to --model table only"), "{worlds:?}");
    let zero = common::mcr(&["review", dir, "--id", a, "--model", "table", "--worlds", "0"]);
    assert!(!zero.ok() && zero.stderr.contains("--worlds"), "{zero:?}");
    let page = common::temp_file("review-table-refused.html", "");
    let view = common::mcr(&["view", dir, "--id", a, "--review", "--seed", "2", "-o", &page]);
    assert!(!view.ok() && view.stderr.contains("mcr view: --seed applies to --model table only"), "{view:?}");
    let view = common::mcr(&["view", dir, "--id", a, "--model", "table", "-o", &page]);
    assert!(!view.ok() && view.stderr.contains("--review"), "{view:?}");
    // A bad line is reported with its file and line; the good game is still reviewed.
    let record = serde_json::to_string(&json!({"game_id": 1})).unwrap();
    let bad = common::temp_file("review-table-bad.jsonl", format!("{record}\n"));
    let run = common::mcr(&["review", &bad, dir, "--id", a, "--model", "table", "--worlds", "2", "--format", "json"]);
    assert!(!run.ok());
    assert!(run.stderr.contains("review-table-bad.jsonl:1: malformed record"), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 1);
}

/// Reads the table review panels of the turn shown.
const READ_PANELS: &str = r#"Array.from(document.querySelectorAll('.table-review')).map((r) => [
  Number(r.dataset.turn), Number(r.dataset.seat), r.dataset.played, r.dataset.best, Number(r.dataset.loss),
  Number(r.dataset.lossSe), r.dataset.dealIn === undefined ? null : Number(r.dataset.dealIn), r.dataset.dealtIn === '1',
  r.dataset.flagged === '1'])"#;

/// `mcr view --review --model table`: at every decision of a platform
/// game the page shows the answer given, the best one, the loss and its
/// standard error, the deal-in chance and the flag, as the table model
/// gives them; the best discard outlined in the hand; at the end the
/// flagged discards and the one that dealt in marked in the rivers, the
/// header's counts and links. Screenshot: target/view-artifacts/review-table.png
/// (and, with MCR_SCREENSHOT=1, docs/src/review-table.png).
#[test]
fn table_review_marks_show_the_model_in_chromium() {
    let Some(bin) = browser::find_chromium() else {
        common::skip("MCR_REQUIRE_CHROMIUM", "no chromium on the PATH (apt-get install chromium, or set MCR_CHROMIUM)");
        return;
    };
    let out = crate::viewer::artifacts();
    let g = platform_games(&[SHOWN]).remove(0);
    let threshold = TableReviewOptions::default().threshold;
    let want = expected(&g, 8, 0, threshold);
    let deal_ins = record_deal_ins(&g);
    assert!(want.len() > 60 && want.iter().filter(|w| w.flagged).count() >= 2 && deal_ins.len() == 1);
    let page = out.join("review-table.html");
    let decide = out.join("review-table-decide.html");
    // From the repository's root, the path relative to it (the page names
    // its source as given; the screenshot is in the manual).
    for (file, extra) in [(&page, &["--model", "table", "--worlds", "8"][..]), (&decide, &[][..])] {
        let mut args = vec!["view", "tests/data/platform", "--id", SHOWN, "--review", "-o", file.to_str().unwrap()];
        args.extend(extra);
        let run =
            std::process::Command::new(common::mcr_bin()).args(&args).current_dir(common::repo()).output().unwrap();
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    }
    let mut b = match Browser::launch(&bin, &out) {
        Ok(b) => b,
        Err(e) => {
            common::skip("MCR_REQUIRE_CHROMIUM", &format!("{} does not start: {e}", bin.display()));
            return;
        }
    };
    b.viewport(1400, 1000, false).unwrap();
    let url = format!("file://{}", page.display());
    let mut turns: Vec<usize> = want.iter().map(|w| w.turn).collect();
    turns.dedup();
    let worst = want.iter().filter(|w| w.flagged).max_by(|a, b| a.loss.total_cmp(&b.loss)).unwrap().turn;
    for turn in turns {
        b.navigate(&format!("{url}#game={SHOWN}&turn={turn}")).unwrap();
        crate::viewer::wait_turn(&mut b, SHOWN, turn);
        let here: Vec<&Expected> = want.iter().filter(|w| w.turn == turn).collect();
        let panels = b.eval(READ_PANELS).unwrap();
        let panels = panels.as_array().unwrap();
        assert_eq!(panels.len(), here.len(), "turn {turn}: one panel per decision");
        for (p, w) in panels.iter().zip(&here) {
            assert_eq!((p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as u8), (turn, w.seat));
            assert_eq!((p[2].as_str().unwrap(), p[3].as_str().unwrap()), (w.played.as_str(), w.best.as_str()));
            assert!(
                close(p[4].as_f64().unwrap(), w.loss) && close(p[5].as_f64().unwrap(), w.loss_se),
                "turn {turn}: {p}"
            );
            assert_eq!(p[6].as_f64(), w.deal_in, "turn {turn}: deal-in chance");
            assert_eq!(p[7].as_bool().unwrap(), deal_ins.contains(&(turn, w.seat)), "turn {turn}: dealt in");
            assert_eq!(p[8].as_bool().unwrap(), w.flagged, "turn {turn}: flagged");
            // The best discard outlined in the seat's hand.
            if let Some(tile) = w.best.strip_prefix("PLAY ") {
                let sel = format!("document.querySelectorAll('.seat[data-seat=\"{}\"] .hand .tile.suggest[data-t=\"{tile}\"]').length", w.seat);
                assert_eq!(b.eval(&sel).unwrap(), json!(1), "turn {turn}: {tile} outlined");
            }
        }
        if turn == worst {
            b.screenshot(&out.join("review-table.png")).unwrap();
            if std::env::var_os("MCR_SCREENSHOT").is_some() {
                b.screenshot(&common::repo().join("docs/src/review-table.png")).unwrap();
            }
        }
    }
    // At the end: the discards of flagged decisions and the one that dealt
    // in marked in the rivers (the discard is the next turn's event), the
    // header's counts and links.
    let last = g.turns.len() - 1;
    b.navigate(&format!("{url}#game={SHOWN}&turn={last}")).unwrap();
    crate::viewer::wait_turn(&mut b, SHOWN, last);
    let river = |b: &mut Browser, cls: &str| -> Vec<(u8, usize)> {
        let js = format!("Array.from(document.querySelectorAll('.river .tile.{cls}')).map((e) => [Number(e.closest('.seat').dataset.seat), Number(e.dataset.turn)])");
        let v = b.eval(&js).unwrap();
        let mut got: Vec<(u8, usize)> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| (x[0].as_u64().unwrap() as u8, x[1].as_u64().unwrap() as usize))
            .collect();
        got.sort_by_key(|x| (x.1, x.0));
        got
    };
    let discarded = |turn: usize, seat: u8| {
        g.turns[turn + 1].display["player"].as_u64() == Some(seat as u64)
            && ["PLAY", "PENG", "CHI"].iter().any(|a| g.turns[turn + 1].display["action"] == *a)
    };
    let flagged_discards: Vec<(u8, usize)> =
        want.iter().filter(|w| w.flagged && discarded(w.turn, w.seat)).map(|w| (w.seat, w.turn + 1)).collect();
    assert_eq!(river(&mut b, "flagged"), flagged_discards, "the flagged discards in the rivers");
    let dealt: Vec<(u8, usize)> = deal_ins.iter().map(|&(t, s)| (s, t + 1)).collect();
    assert_eq!(river(&mut b, "dealt-in"), dealt, "the discard that dealt in");
    let links = b.eval("Array.from(document.querySelectorAll('.table-summary .flagged-list a')).map((a) => Number(a.dataset.turn))").unwrap();
    assert_eq!(links, json!(want.iter().filter(|w| w.flagged).map(|w| w.turn).collect::<Vec<_>>()));
    let links = b.eval("Array.from(document.querySelectorAll('.table-summary .dealt-in-list a')).map((a) => Number(a.dataset.turn))").unwrap();
    assert_eq!(links, json!(deal_ins.iter().map(|d| d.0).collect::<Vec<_>>()));
    let counts = b
        .eval("Array.from(document.querySelectorAll('.table-summary .rs')).map((e) => [Number(e.dataset.flagged), Number(e.dataset.dealIns)])")
        .unwrap();
    let per_seat: Vec<[usize; 2]> = (0..4u8)
        .map(|s| {
            [want.iter().filter(|w| w.seat == s && w.flagged).count(), deal_ins.iter().filter(|d| d.1 == s).count()]
        })
        .collect();
    assert_eq!(counts, json!(per_seat));
    // The decision analysis's review of the same game: none of the table's marks.
    b.navigate(&format!("file://{}#game={SHOWN}&turn={last}", decide.display())).unwrap();
    crate::viewer::wait_turn(&mut b, SHOWN, last);
    let none = b.eval("document.querySelectorAll('.table-review, .table-summary, .tile.dealt-in').length").unwrap();
    assert_eq!(none, json!(0));
    assert_ne!(b.eval("document.querySelectorAll('.review-summary').length").unwrap(), json!(0));
    let errors = b.page_errors();
    assert!(errors.is_empty(), "the page logged errors: {errors:#?}");
    let png = std::fs::read(out.join("review-table.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "review-table.png is not a screenshot");
    eprintln!("viewer: table review marks of {} decisions checked in {}", want.len(), bin.display());
}
