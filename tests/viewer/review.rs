//! The game review (`analysis::review`, `mcr review`): its decisions are the
//! record's own draws and discards (read from the displays, not replayed);
//! a bot that plays by the decision analysis agrees with its review on
//! every judged discard (its states come from its own view of the game, the
//! review's from the replay); the totals add up; the CLI's table, JSON and
//! errors.

use crate::common;
use common::corpus::{self, GOLDEN};

use mcr_engine::analysis::review::{review_game, GameReview, ReviewOptions};
use mcr_engine::fans::Profile;
use mcr_engine::record::GameRecord;
use serde_json::Value;

/// Each seat's own draws in the record's displays: (turn, seat, tiles left
/// in its wall, the tile of the next event if it is that seat's PLAY).
fn draws(g: &GameRecord) -> Vec<(usize, u8, u32, Option<String>)> {
    let mut out = Vec::new();
    for (n, t) in g.turns.iter().enumerate() {
        let d = &t.display;
        if d["action"] != "DRAW" {
            continue;
        }
        let seat = d["player"].as_u64().unwrap() as u8;
        let left = d["tileCnt"][seat as usize].as_u64().unwrap() as u32;
        let next = g.turns.get(n + 1).map(|t| &t.display);
        let played = next
            .filter(|x| x["action"] == "PLAY" && x["player"].as_u64() == Some(seat as u64))
            .map(|x| x["tile"].as_str().unwrap().to_string());
        out.push((n, seat, left, played));
    }
    out
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The totals and flags of a review follow from its decisions.
fn check_sums(r: &GameReview, threshold: f64) {
    for s in &r.seats {
        let mine: Vec<_> = r.decisions.iter().filter(|d| d.seat == s.seat).collect();
        let t = &s.tally;
        assert_eq!(t.decisions, mine.len(), "{} S{}", r.game_id, s.seat);
        assert_eq!(t.judged, mine.iter().filter(|d| d.judged).count());
        assert_eq!(t.agreed, mine.iter().filter(|d| d.judged && d.agrees).count());
        assert_eq!(t.flagged, mine.iter().filter(|d| d.flagged).count());
        assert!(close(t.loss_points, mine.iter().map(|d| d.loss_points).sum()));
        assert!(close(t.loss_win_prob, mine.iter().map(|d| d.loss_win_prob).sum()));
        assert_eq!(t.agreement, (t.judged > 0).then(|| t.agreed as f64 / t.judged as f64));
    }
    for d in &r.decisions {
        assert!(d.best.exp_points >= d.played.exp_points - 1e-9, "{} turn {}: {d:?}", r.game_id, d.turn);
        assert!(close(d.loss_points, d.best.exp_points - d.played.exp_points), "{d:?}");
        assert!(close(d.loss_win_prob, d.best.win_prob - d.played.win_prob), "{d:?}");
        assert_eq!(d.judged, d.best.exp_points > 0.0);
        assert_eq!(d.agrees, d.loss_points == 0.0);
        assert_eq!(d.flagged, d.judged && d.loss_points > threshold, "{d:?}");
        assert_eq!(d.agrees, d.played.tile == d.best.tile || close(d.played.exp_points, d.best.exp_points));
    }
}

#[test]
fn the_decisions_are_the_records_draws_and_discards() {
    let options = ReviewOptions::default();
    let mut checked = 0;
    for g in corpus::first_records(GOLDEN, 6) {
        let r = review_game(Profile::default(), &g, &options);
        assert!(r.stopped.is_none() && r.errors.is_empty(), "{}: {:?} {:?}", g.game_id, r.stopped, r.errors);
        assert_eq!(r.seats.iter().map(|s| s.seat).collect::<Vec<_>>(), [0, 1, 2, 3]);
        let draws = draws(&g);
        let weighed: Vec<_> = draws.iter().filter(|d| d.3.is_some()).collect();
        assert_eq!(r.decisions.len(), weighed.len(), "{}: one decision per draw answered by a discard", g.game_id);
        for (d, (turn, seat, left, played)) in r.decisions.iter().zip(weighed) {
            assert_eq!((d.turn, d.seat, d.draws_left), (*turn, *seat, *left), "{}", g.game_id);
            assert_eq!(Some(d.played.tile.name()), played.as_deref(), "{} turn {turn}", g.game_id);
        }
        for s in &r.seats {
            let all = draws.iter().filter(|d| d.1 == s.seat).count();
            assert_eq!(s.tally.decisions + s.tally.other_answers, all, "{} S{}: every own draw", g.game_id, s.seat);
            assert_eq!(s.player, g.players[s.seat as usize]);
        }
        check_sums(&r, options.threshold);
        checked += r.decisions.len();
    }
    assert!(checked > 300, "{checked} decisions");
    // One seat only; a threshold of 0 flags every judged loss.
    let g = &corpus::first_records(GOLDEN, 1)[0];
    let options = ReviewOptions { seat: Some(2), threshold: 0.0, ..ReviewOptions::default() };
    let r = review_game(Profile::default(), g, &options);
    assert_eq!(r.seats.len(), 1);
    assert!(r.decisions.iter().all(|d| d.seat == 2));
    check_sums(&r, 0.0);
    assert!(r.flagged().count() > 0);
}

/// Games of two decide players (the built-in and `mcr bot --policy
/// decide`) against two greedy ones, reviewed: every judged discard of the
/// decide players is the review's best; greedy's are not.
#[test]
fn a_bot_playing_by_the_analysis_agrees_with_its_review() {
    let dir = common::temp_dir("review-decide");
    let bots = dir.join("bots.toml");
    let mcr = common::mcr_bin();
    std::fs::write(
        &bots,
        format!(
            "[[bot]]\nname = \"decide-builtin\"\nbuiltin = \"decide\"\n\n\
             [[bot]]\nname = \"decide-bot\"\ncommand = [{mcr:?}, \"bot\", \"--policy\", \"decide\", \"--keep-running\"]\nkeep_running = true\n\n\
             [[bot]]\nname = \"greedy\"\nbuiltin = \"greedy\"\n\n\
             [[bot]]\nname = \"greedy2\"\nbuiltin = \"greedy\"\nseed = 2\n"
        ),
    )
    .unwrap();
    let out = dir.join("games.jsonl");
    let run = common::mcr(&[
        "arena",
        "--bots",
        bots.to_str().unwrap(),
        "--games",
        "4",
        "--seed",
        "3",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(run.ok(), "{run:?}");
    let mut judged = [0usize; 2];
    let mut greedy_losses = 0;
    for g in corpus::file_records(&out) {
        let r = review_game(Profile::default(), &g, &ReviewOptions::default());
        assert!(r.stopped.is_none() && r.errors.is_empty(), "{r:?}");
        check_sums(&r, 2.0);
        for d in &r.decisions {
            let player = &g.players[d.seat as usize];
            match player.as_str() {
                "decide-builtin" | "decide-bot" if d.judged => {
                    assert!(
                        d.agrees,
                        "{} turn {}: {player} played {:?}, the review's best is {:?}",
                        g.game_id, d.turn, d.played, d.best
                    );
                    judged[(player == "decide-bot") as usize] += 1;
                }
                "greedy" | "greedy2" => greedy_losses += (d.loss_points > 0.0) as usize,
                _ => {}
            }
        }
    }
    assert!(judged.iter().all(|&n| n >= 30), "judged decide discards: {judged:?}");
    assert!(greedy_losses >= 10, "greedy lost points {greedy_losses} times");
}

/// Equal JSON, numbers to 1e-12 (serde_json reads back a float's shortest
/// form to within the last bit).
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
fn cli_reviews_as_a_table_and_as_json_lines() {
    let golden = common::data("golden.jsonl.gz");
    let first = &corpus::first_records(GOLDEN, 2);
    let (a, b) = (&first[0].game_id, &first[1].game_id);
    let text = common::mcr(&["review", golden.to_str().unwrap(), "--id", a, "--id", b]);
    assert!(text.ok(), "{text:?}");
    let lib: Vec<GameReview> =
        first.iter().map(|g| review_game(Profile::default(), g, &ReviewOptions::default())).collect();
    assert!(text.stdout.starts_with(&format!("game {a} (rules botzone")), "{}", text.stdout);
    assert!(text.stdout.contains(&format!("game {b} (rules botzone")));
    assert!(text.stdout.contains("totals over 2 games"), "{}", text.stdout);
    // Each flagged decision of the library's review is a row of the table.
    for r in &lib {
        for d in r.flagged() {
            let row = format!(
                "{:>6}  {:>4}  {:>4}  {:<6}",
                d.turn,
                format!("S{}", d.seat),
                d.draws_left,
                d.played.tile.name()
            );
            assert!(text.stdout.contains(&row), "no row {row:?} in\n{}", text.stdout);
        }
    }
    // JSON: one line per game, the library's review.
    let json =
        common::mcr(&["review", golden.to_str().unwrap(), "--id", a, "--id", b, "--format", "json", "--seat", "1"]);
    assert!(json.ok(), "{json:?}");
    let lines: Vec<Value> = json.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    for (line, g) in lines.iter().zip(first) {
        let r = review_game(Profile::default(), g, &ReviewOptions { seat: Some(1), ..ReviewOptions::default() });
        assert!(same(line, &serde_json::to_value(&r).unwrap()), "{line}\n{r:?}");
        assert_eq!(line["seats"].as_array().unwrap().len(), 1);
    }
    // A bad line is reported with its file and line; the good games are still reviewed.
    let good = corpus::first_lines(GOLDEN, 1).remove(0) + "\n";
    let bad = common::temp_file("review-bad.jsonl", format!("{{\"game_id\": 1}}\n{good}"));
    let run = common::mcr(&["review", &bad, "--format", "json"]);
    assert!(!run.ok());
    assert!(run.stderr.contains("review-bad.jsonl:1: malformed record"), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 1);
    // No game, a bad threshold, a bad seat: errors, not empty output.
    let none = common::mcr(&["review", golden.to_str().unwrap(), "--id", "no-such-game"]);
    assert!(!none.ok() && none.stderr.contains("no game reviewed"), "{none:?}");
    let neg = common::mcr(&["review", golden.to_str().unwrap(), "--threshold", "-1"]);
    assert!(!neg.ok() && neg.stderr.contains("--threshold"), "{neg:?}");
    let seat = common::mcr(&["review", golden.to_str().unwrap(), "--seat", "4"]);
    assert!(!seat.ok() && seat.stderr.contains("--seat"), "{seat:?}");
}
