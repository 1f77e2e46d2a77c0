//! The table model (`mcr_engine::table`, `analysis::table`, `mcr decide
//! --model table`): an analysis is a function of its seed; a discard's
//! deal-in chance against an independent count in worlds this test deals
//! itself (`Engine::redeal`) and steps through the engine; the command's
//! JSON lines against the games' records, its `--calibrate` summary
//! against the rows it writes, a bad file located. The samplers' worlds
//! and the playouts' zero-sum scores are unit tests of
//! `crates/core/src/table/`.

use crate::common::{data, mcr, temp_dir, XorShift};

use mcr_engine::analysis::table::{record_points, TablePoint};
use mcr_engine::engine::{Claim, Engine, Event};
use mcr_engine::fans::Profile;
use mcr_engine::record::{GameRecord, Records};
use mcr_engine::table::{analyse, hand_sizes, legal_actions, Options, Sampler};
use mcr_engine::tiles::{Tile, TILE_KINDS};
use serde_json::Value;

/// One platform match, read by every command as a game.
fn platform_game() -> std::path::PathBuf {
    data("platform").join("6a201f5a58ebe27b197da7f1_lite.json")
}

/// The decisions of the first `games` games of `golden.jsonl.gz`.
fn golden_points(games: usize) -> Vec<TablePoint> {
    let mut out = Vec::new();
    for item in Records::<GameRecord>::open(&data("golden.jsonl.gz")).unwrap().take(games) {
        let rec = item.unwrap().record;
        let points = record_points(&rec, Profile::default());
        assert!(points.stop.is_none(), "game {}: {:?}", rec.game_id, points.stop);
        out.extend(points.points);
    }
    out
}

#[test]
fn an_analysis_is_a_function_of_its_seed() {
    let points = golden_points(2);
    let p = points.iter().find(|p| p.actions.len() >= 4 && p.actions.iter().any(|a| matches!(a.claim, Claim::Play(_))));
    let p = p.expect("a decision with four answers");
    assert_eq!(p.actions, legal_actions(&p.engine, p.seat));
    for sampler in Sampler::ALL {
        let options = Options { worlds: 8, seed: 3, sampler, deal_in_worlds: 32, ..Options::default() };
        let a = p.analyse(&options).unwrap();
        assert_eq!(a, p.analyse(&options).unwrap(), "{}: the same seed, the same analysis", sampler.name());
        assert_eq!(a.worlds, 8);
        assert_eq!(a.actions.iter().map(|r| r.action).collect::<Vec<_>>(), p.actions);
        let b = p.analyse(&Options { seed: 4, ..options }).unwrap();
        assert_ne!(a.actions, b.actions, "{}: another seed, other worlds", sampler.name());
        // One action alone has the figures it has among the others: the
        // worlds are the seed's, not the actions'.
        let alone = analyse(&p.engine, p.seat, hand_sizes(&p.engine), &p.actions[1..2], &options).unwrap();
        assert_eq!(alone.actions[0], a.actions[1], "{}", sampler.name());
        let (diff, se) = a.paired(0, 0);
        assert_eq!((diff, se), (0.0, 0.0));
    }
}

/// Whether another seat than `seat` may win on the discard of `tile` in
/// `world` (at `seat`'s own draw): the engine stepped with that discard
/// and every other seat passing, then the other seats' legal answers read.
fn another_may_win(world: &Engine, seat: u8, tile: Tile) -> bool {
    let mut e = *world;
    let play = format!("PLAY {}", tile.name());
    let answers: [&str; 4] = std::array::from_fn(|s| if s == seat as usize { play.as_str() } else { "PASS" });
    let turn = e.step(answers).unwrap();
    assert!(matches!(turn.event, Event::Play { player, .. } if player == seat), "{:?}", turn.event);
    (0..4u8).filter(|&o| o != seat).any(|o| legal_actions(&e, o).iter().any(|m| m.claim == Claim::Hu))
}

/// The share of `n` worlds in which another seat may win on the discard of
/// `tile`: each world what `p`'s seat cannot see dealt uniformly by this
/// test (its own shuffle of the unseen tiles, through `Engine::redeal`).
/// `None` when the hidden places do not take exactly the unseen tiles
/// (another seat's concealed kong).
fn counted_deal_in(p: &TablePoint, tile: Tile, n: usize, seed: u64) -> Option<f64> {
    let e = &p.engine;
    let unseen = e.unseen_by(p.seat);
    let sizes = hand_sizes(e);
    let others: Vec<u8> = (0..4u8).filter(|&o| o != p.seat).collect();
    let remaining = e.walls_remaining();
    let places = others.iter().map(|&o| sizes[o as usize] as usize).sum::<usize>()
        + remaining.iter().map(|&r| r as usize).sum::<usize>();
    let mut pool: Vec<Tile> = Tile::all().flat_map(|t| std::iter::repeat_n(t, unseen[t.index()] as usize)).collect();
    if pool.len() != places {
        return None;
    }
    let mut rng = XorShift::new(seed);
    let mut won = 0;
    for _ in 0..n {
        rng.shuffle(&mut pool);
        let mut hands = [[0u8; TILE_KINDS]; 4];
        let mut rest = &pool[..];
        for &o in &others {
            let (hand, after) = rest.split_at(sizes[o as usize] as usize);
            hand.iter().for_each(|t| hands[o as usize][t.index()] += 1);
            rest = after;
        }
        let mut walls: [&[Tile]; 4] = [&[]; 4];
        for (s, w) in walls.iter_mut().enumerate() {
            let (wall, after) = rest.split_at(remaining[s] as usize);
            *w = wall;
            rest = after;
        }
        let mut world = *e;
        world.redeal(p.seat, &hands, &walls);
        won += another_may_win(&world, p.seat, tile) as usize;
    }
    Some(won as f64 / n as f64)
}

#[test]
fn a_discards_deal_in_chance_is_the_share_of_worlds_where_another_seat_may_win_on_it() {
    // Discards after the seat's own draw while another seat holds two packs
    // or more, screened on a few worlds for the ones another seat often
    // wins on (under the 8-fan minimum most chances are near zero), then
    // counted on N worlds of this test's and by the model on N of its own.
    const N: usize = 3000;
    let mut compared = Vec::new();
    'points: for p in golden_points(40) {
        if (0..4u8).all(|o| o == p.seat || p.engine.packs(o).len() < 2) {
            continue;
        }
        for m in &p.actions {
            let Claim::Play(tile) = m.claim else { continue };
            if counted_deal_in(&p, tile, 200, 1).is_none_or(|c| c < 0.03) {
                continue;
            }
            let Some(counted) = counted_deal_in(&p, tile, N, 17 + p.turn as u64) else { continue };
            let options =
                Options { worlds: 4, seed: 5, sampler: Sampler::Uniform, deal_in_worlds: N, time_limit: None };
            let a = analyse(&p.engine, p.seat, hand_sizes(&p.engine), &[*m], &options).unwrap();
            let model = a.actions[0].deal_in.expect("a discard's deal-in chance");
            // Two counts of N worlds each: their difference within 4.5 standard errors.
            let pooled = (model + counted) / 2.0;
            let tolerance = 4.5 * (pooled * (1.0 - pooled) * 2.0 / N as f64).sqrt() + 1.0 / N as f64;
            assert!(
                (model - counted).abs() <= tolerance,
                "turn {} seat {} PLAY {}: the model's {model} against {counted} counted (tolerance {tolerance})",
                p.turn,
                p.seat,
                tile.name()
            );
            compared.push((model, counted));
            if compared.len() == 6 {
                break 'points;
            }
        }
    }
    assert!(compared.len() >= 3, "deal-in chances (model, counted): {compared:?}");
    // Summed, the counts tell a share of the deals-in missed or added.
    let diff: f64 = compared.iter().map(|(m, c)| m - c).sum();
    let var: f64 = compared.iter().map(|(m, c)| (m + c) / 2.0).map(|p| p * (1.0 - p) * 2.0 / N as f64).sum();
    assert!(diff.abs() <= 4.5 * var.sqrt(), "summed difference {diff}: {compared:?}");
}

/// The platform game as a record line, by `mcr import` into `dir`.
fn imported(dir: &std::path::Path) -> String {
    let record_file = dir.join("game.jsonl");
    let run = mcr(&["import", platform_game().to_str().unwrap(), "-o", record_file.to_str().unwrap()]);
    assert!(run.ok(), "{}", run.stderr);
    std::fs::read_to_string(&record_file).unwrap().lines().next().unwrap().to_string()
}

/// The lines of `mcr decide --model table` on `args`, each parsed.
fn table_lines(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["decide", "--model", "table"];
    all.extend_from_slice(args);
    let run = mcr(&all);
    assert!(run.ok(), "mcr {all:?}: {}", run.stderr);
    run.stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

#[test]
fn the_command_writes_a_line_per_decision_with_the_records_answers() {
    let file = platform_game();
    let lines = table_lines(&[file.to_str().unwrap(), "--worlds", "4", "--seed", "2"]);
    assert!(lines.len() > 40, "{} decisions", lines.len());
    // The record of the same game, from the import, to read the answers given.
    let out = temp_dir("decide-table");
    let record: Value = serde_json::from_str(&imported(out.path())).unwrap();
    let id = record["game_id"].as_str().unwrap();
    let turns = record["turns"].as_array().unwrap();
    let mut last = (0, 0);
    for line in &lines {
        let (turn, seat) = (line["turn"].as_u64().unwrap() as usize, line["seat"].as_u64().unwrap());
        assert!((turn, seat) > last || last == (0, 0), "in turn order: {line}");
        last = (turn, seat);
        assert_eq!(line["id"], id);
        assert_eq!(line["worlds"], 4);
        let given = turns[turn]["responses"][seat.to_string()].as_str().unwrap().trim();
        let actions = line["actions"].as_array().unwrap();
        assert!(actions.len() >= 2, "{line}");
        let names: Vec<&str> = actions.iter().map(|a| a["action"].as_str().unwrap()).collect();
        assert!(names.contains(&"PASS") || turns[turn]["display"]["player"].as_u64() == Some(seat), "{line}");
        match line["played"].as_str() {
            Some(played) => assert_eq!(played, given, "turn {turn} seat {seat}"),
            None => assert!(!names.contains(&given), "turn {turn} seat {seat}: {given} is listed"),
        }
        for a in actions {
            let p = a["win_prob"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&p) && a["se"].as_f64().unwrap() >= 0.0, "{a}");
            let discards = ["PLAY", "PENG", "CHI"].iter().any(|v| a["action"].as_str().unwrap().starts_with(v));
            assert_eq!(a["deal_in"].is_f64(), discards, "{a}");
        }
    }
    // The folder with --id: the same game, the same lines.
    let folder = table_lines(&[data("platform").to_str().unwrap(), "--id", id, "--worlds", "4", "--seed", "2"]);
    assert_eq!(folder, lines);
    // --turn and --seat keep one decision.
    let (t, s) = (lines[5]["turn"].to_string(), lines[5]["seat"].to_string());
    let one = table_lines(&[file.to_str().unwrap(), "--worlds", "4", "--seed", "2", "--turn", &t, "--seat", &s]);
    assert_eq!(one, vec![lines[5].clone()]);
}

#[test]
fn a_bad_line_is_located_and_the_rest_analysed() {
    let dir = temp_dir("decide-table-bad");
    let good = {
        let mut v: Value = serde_json::from_str(&imported(dir.path())).unwrap();
        v["game_id"] = "kept".into();
        v.to_string()
    };
    let file = dir.path().join("games.jsonl");
    std::fs::write(&file, format!("{good}\n{{\"game_id\": 1\n")).unwrap();
    let run = mcr(&["decide", "--model", "table", file.to_str().unwrap(), "--worlds", "4", "--turn", "5"]);
    assert!(!run.ok(), "a bad line fails the command");
    assert!(run.stderr.contains(&format!("{}:2:", file.display())), "{}", run.stderr);
    let lines: Vec<Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(!lines.is_empty() && lines.iter().all(|l| l["id"] == "kept" && l["turn"] == 5), "{}", run.stdout);
    let missing = dir.path().join("missing.jsonl");
    let run = mcr(&["decide", "--model", "table", missing.to_str().unwrap()]);
    assert!(!run.ok() && run.stderr.contains("missing.jsonl"), "{}", run.stderr);
}

#[test]
fn calibrate_prints_the_brier_scores_of_the_rows_it_writes() {
    let dir = temp_dir("decide-table-calibrate");
    let rows_file = dir.path().join("rows.jsonl");
    let file = platform_game();
    let run = mcr(&[
        "decide",
        "--model",
        "table",
        file.to_str().unwrap(),
        "--worlds",
        "4",
        "--calibrate",
        "--rows",
        rows_file.to_str().unwrap(),
    ]);
    assert!(run.ok(), "{}", run.stderr);
    let rows: Vec<Value> =
        std::fs::read_to_string(&rows_file).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(rows.len() > 20, "{} rows", rows.len());
    assert!(run.stdout.starts_with(&format!("{} decisions of 1 games\n", rows.len())), "{}", run.stdout);
    // The Brier score of each chance, from the rows: (predicted - happened)^2.
    let brier = |pairs: &[(f64, bool)]| {
        pairs.iter().map(|&(p, y)| (p - y as u8 as f64).powi(2)).sum::<f64>() / pairs.len().max(1) as f64
    };
    let win: Vec<(f64, bool)> =
        rows.iter().map(|r| (r["win_prob"].as_f64().unwrap(), r["won"].as_bool().unwrap())).collect();
    let deal_in: Vec<(f64, bool)> =
        rows.iter().filter_map(|r| Some((r["deal_in"].as_f64()?, r["dealt_in"].as_bool().unwrap()))).collect();
    for (name, pairs) in [("deal-in chance", &deal_in), ("win chance", &win)] {
        let line = run.stdout.lines().find(|l| l.starts_with(&format!("{name}: "))).unwrap_or_else(|| {
            panic!("no {name} line in\n{}", run.stdout);
        });
        let want = format!(
            "{name}: {} decisions, base rate {:.4}, Brier {:.5}",
            pairs.len(),
            pairs.iter().filter(|p| p.1).count() as f64 / pairs.len().max(1) as f64,
            brier(pairs)
        );
        assert!(line.starts_with(&want), "{line}\nwant {want}");
    }
    // The score bins: sorted by the even worlds' mean, each compared with
    // the odd worlds' mean, recomputed from the rows.
    let mut by_even: Vec<(f64, f64, f64, String)> = rows
        .iter()
        .map(|r| {
            let f = |k: &str| r[k].as_f64().unwrap();
            (f("mean_even"), f("mean_odd"), f("score"), format!("{} {}", r["id"], r["seat"]))
        })
        .collect();
    by_even.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = by_even.len();
    let bins: Vec<&str> = run.stdout.lines().skip_while(|l| !l.starts_with("final score: ")).skip(2).collect();
    assert_eq!(bins.len(), 10, "{}", run.stdout);
    for (k, line) in bins.iter().enumerate() {
        let part = &by_even[k * n / 10..(k + 1) * n / 10];
        let mean = |f: fn(&(f64, f64, f64, String)) -> f64| part.iter().map(f).sum::<f64>() / part.len() as f64;
        let actual = mean(|p| p.2);
        // The standard error clustered by seat-game: each seat-game's
        // summed deviation is one sample.
        let mut seat_games: Vec<(&str, f64)> = Vec::new();
        for p in part {
            match seat_games.iter_mut().find(|g| g.0 == p.3) {
                Some(g) => g.1 += p.2 - actual,
                None => seat_games.push((&p.3, p.2 - actual)),
            }
        }
        let g = seat_games.len() as f64;
        let ss: f64 = seat_games.iter().map(|s| s.1 * s.1).sum();
        let se = (g / (g - 1.0) * ss).sqrt() / part.len() as f64;
        let want = format!(
            "{:>9}  {:>10}  {:>9.3}  {:>6.3}  {:>4.3}",
            part.len(),
            seat_games.len(),
            mean(|p| p.1),
            actual,
            se
        );
        assert!(line.contains(&want), "bin {}: {line}\nwant {want}", k + 1);
    }
    // Summed up again from the rows alone: the same summary.
    let again = mcr(&["decide", "--model", "table", "--calibrate", "--from-rows", rows_file.to_str().unwrap()]);
    assert!(again.ok(), "{}", again.stderr);
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn the_benchmark_times_the_decisions_asked_for() {
    let run = mcr(&["bench", "table", "--decisions", "3", "--worlds", "2", "--seed", "4"]);
    assert!(run.ok(), "{}", run.stderr);
    assert!(
        run.stdout.starts_with("bench table: 3 decisions of the table built-in (2 worlds, 500 ms)"),
        "{}",
        run.stdout
    );
    let times = run.stdout.lines().nth(1).unwrap_or_default();
    let ms: Vec<f64> = times.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    assert_eq!(ms.len(), 5, "median, p90, p99, max, mean: {times}");
    assert!(ms[0] <= ms[1] && ms[1] <= ms[2] && ms[2] <= ms[3] && ms[4] <= ms[3], "{times}");
    assert!(run.stdout.contains("over 900 ms: "), "{}", run.stdout);
    let run = mcr(&["bench", "table", "--decisions", "0"]);
    assert!(!run.ok() && run.stderr.contains("--decisions"), "{}", run.stderr);
}

#[test]
fn the_benchmark_times_every_decision_of_a_real_game() {
    // The decisions of the match, as `mcr decide --model table` finds them.
    let game = platform_game();
    let lines = table_lines(&[game.to_str().unwrap(), "--worlds", "4"]);
    assert!(lines.len() > 20, "{} decisions", lines.len());
    let run = mcr(&["bench", "table", game.to_str().unwrap(), "--worlds", "2", "--decisions", "100000"]);
    assert!(run.ok(), "{}", run.stderr);
    let want = format!(
        "bench table: {} decisions of the table built-in (2 worlds, 500 ms) at the states of 1 game,",
        lines.len()
    );
    assert!(run.stdout.starts_with(&want), "{}\nwant {want}", run.stdout);
    // Fewer asked: that many.
    let run = mcr(&["bench", "table", game.to_str().unwrap(), "--worlds", "2", "--decisions", "7"]);
    assert!(run.stdout.starts_with("bench table: 7 decisions"), "{}", run.stdout);
}
