//! The Botzone human-game text format: `tests/data/golden.txt` (the 222
//! golden games written in it) imported gives the golden records' requests
//! and displays (tests/data/golden.jsonl.gz, written by the real judge),
//! written back gives the same text, and bad input is located.
//! `tests/data/sample.txt` (16 real Botzone matches) imports and replays
//! as written, its `Fan` and `Score` lines the judge's.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::Path;

use mcr_engine::formats::text;
use mcr_engine::formats::ImportError;
use mcr_engine::record::GameRecord;

use crate::common::corpus::{self, ERRORS, GOLDEN};
use crate::common::data;

fn golden_text() -> String {
    std::fs::read_to_string(data("golden.txt")).expect("tests/data/golden.txt")
}

fn import(text: &str) -> Vec<Result<text::rebuild::Rebuilt, ImportError>> {
    let mut games =
        text::games(Cursor::new(text.as_bytes()), Path::new("t.txt"), mcr_engine::record::DEFAULT_MAX_LINE_BYTES);
    std::iter::from_fn(|| games.next_rebuilt()).collect()
}

#[test]
fn golden_text_imports_to_the_golden_records() {
    let originals: HashMap<String, GameRecord> =
        corpus::records(GOLDEN).into_iter().map(|r| (r.game_id.clone(), r)).collect();
    let imported = import(&golden_text());
    assert_eq!(imported.len(), 222);
    for r in imported {
        let r = r.unwrap_or_else(|e| panic!("{e}"));
        let rec = &r.record;
        let orig = &originals[&rec.game_id];
        assert_eq!(rec.quan, orig.quan, "{}", rec.game_id);
        assert_eq!(rec.turns.len(), orig.turns.len(), "{}: turns", rec.game_id);
        for (k, (a, b)) in rec.turns.iter().zip(&orig.turns).enumerate() {
            assert_eq!(a.request, b.request, "{} turn {k}: request", rec.game_id);
            let mut da = a.display.clone();
            let mut db = b.display.clone();
            if k == 0 {
                // INIT's srand: the text has none.
                assert_eq!(da["srand"], 0);
                da.as_object_mut().unwrap().remove("srand");
                db.as_object_mut().unwrap().remove("srand");
            }
            assert_eq!(da, db, "{} turn {k}: display", rec.game_id);
        }
        // The wall positions the text shows are the original wall's.
        for s in 0..4 {
            let known = rec.wall_known.as_ref().unwrap()[s] as usize;
            let seg = 34 * s..34 * s + 34;
            assert_eq!(
                rec.wall[seg.end - known..seg.end],
                orig.wall[seg.end - known..seg.end],
                "{} seat {s}",
                rec.game_id
            );
        }
        let (e, o) = (&rec.expected, &orig.expected);
        assert_eq!(
            (&e.ending, e.winner, e.discarder, e.qianggang, &e.fan, e.fan_total, &e.scores),
            (&o.ending, o.winner, o.discarder, o.qianggang, &o.fan, o.fan_total, &o.scores),
            "{}: expected",
            rec.game_id
        );
        assert!(r.notes.is_empty(), "{}: {:?}", rec.game_id, r.notes);
    }
}

#[test]
fn golden_text_round_trips() {
    let golden = golden_text();
    let mut out = Vec::new();
    for r in import(&golden) {
        text::write(&mut out, &r.unwrap().record).unwrap();
    }
    assert!(String::from_utf8(out).unwrap() == golden, "text -> record -> text differs from golden.txt");
}

#[test]
fn golden_records_export_to_golden_text() {
    // The judge's own records (their bots' answers, not ours) written as text.
    let golden = golden_text();
    let mut out = Vec::new();
    for r in corpus::records(GOLDEN) {
        text::write(&mut out, &r).unwrap();
    }
    let out = String::from_utf8(out).unwrap();
    for (i, (a, b)) in out.lines().zip(golden.lines()).enumerate() {
        assert_eq!(a, b, "line {}", i + 1);
    }
    assert!(out == golden);
}

/// The golden games as blocks of lines.
fn blocks() -> Vec<Vec<String>> {
    golden_text()
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .map(|b| b.lines().map(str::to_string).collect())
        .collect()
}

fn join(blocks: &[Vec<String>]) -> String {
    blocks.iter().map(|b| b.join("\n") + "\n\n").collect()
}

/// The 1-based line of `blocks[g][i]` in `join(blocks)`.
fn line_of(blocks: &[Vec<String>], g: usize, i: usize) -> usize {
    blocks[..g].iter().map(|b| b.len() + 1).sum::<usize>() + i + 1
}

/// Imports `blocks` with game `g` corrupted by `edit`; asserts that exactly
/// that game fails, at `want_line` (a line of `blocks` after the edit) with
/// a message containing `want`, and every other game is imported.
fn corrupt(g: usize, edit: impl FnOnce(&mut Vec<String>) -> usize, want: &str) {
    let mut b = blocks();
    let n = b.len();
    let i = edit(&mut b[g]);
    let line = line_of(&b, g, i);
    let start = line_of(&b, g, 0);
    let id = b[g][0].trim_start_matches("Match ").to_string();
    let results = import(&join(&b));
    let bad: Vec<&ImportError> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(bad.len(), 1, "{bad:?}");
    let e = bad[0];
    let at = if line == start { String::new() } else { format!(": line {line}") };
    let prefix = format!("t.txt:{start}: match {id}{at}: ");
    assert!(e.to_string().starts_with(&prefix), "want {prefix:?}..., got {e}");
    assert!(e.what().contains(want), "want {want:?} in {e}");
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), n - 1);
}

/// The index of the first line of game `g` for which `f` holds.
fn find(b: &[String], f: impl Fn(&str) -> bool) -> usize {
    b.iter().position(|l| f(l)).expect("a line to corrupt")
}

#[test]
fn unknown_tile_is_located() {
    corrupt(
        3,
        |b| {
            let i = find(b, |l| l.contains(" Draw "));
            b[i] = b[i][..b[i].len() - 2].to_string() + "X3";
            i
        },
        "unknown tile \"X3\"",
    );
}

#[test]
fn seat_out_of_range_is_located() {
    corrupt(
        7,
        |b| {
            let i = find(b, |l| l.starts_with("Player 2 Play"));
            b[i] = b[i].replace("Player 2", "Player 5");
            i
        },
        "Player 5: seats are 0..3",
    );
}

#[test]
fn claim_of_another_tile_than_the_live_discard_is_located() {
    let b = blocks();
    let g = b.iter().position(|b| b.iter().any(|l| l.contains(" Peng ") && !l.contains("Ignore"))).unwrap();
    let i = find(&b[g], |l| l.contains(" Peng ") && !l.contains("Ignore"));
    let t = &b[g][i][b[g][i].len() - 2..];
    let other = if t == "W1" { "W2" } else { "W1" };
    let edited = b[g][i][..b[g][i].len() - 2].to_string() + other;
    // The message quotes the line's words.
    let want = format!("`{edited}`: a claim of {other}, but the live discard is");
    corrupt(
        g,
        |b| {
            b[i] = edited.clone();
            i
        },
        &want,
    );
    // An ignored claim too.
    let g = b.iter().position(|b| b.iter().any(|l| l.contains("Ignore") && l.contains(" Peng "))).unwrap();
    let i = find(&b[g], |l| l.contains("Ignore") && l.contains(" Peng "));
    let (head, _) = b[g][i].split_once(" Ignore").unwrap();
    let t = &head[head.len() - 2..];
    let other = if t == "W1" { "W2" } else { "W1" };
    let seat = b[g][i].split_once(" Ignore Player ").unwrap().1[..1].to_string();
    let edited = format!("{head} Ignore Player {seat} Peng {other}");
    let want = format!("`Ignore Player {seat} Peng {other}`: a claim of {other}, but the live discard is");
    corrupt(
        g,
        |b| {
            b[i] = edited.clone();
            i
        },
        &want,
    );
}

#[test]
fn chi_naming_no_run_of_the_discard_is_located() {
    let b = blocks();
    let g = b.iter().position(|b| b.iter().any(|l| l.contains(" Chi "))).unwrap();
    corrupt(
        g,
        |b| {
            let i = find(b, |l| l.contains(" Chi ") && !l.contains("Ignore"));
            // Chi names the middle tile: an honour is never one.
            b[i] = b[i][..b[i].len() - 2].to_string() + "J1";
            i
        },
        "no run around J1",
    );
}

#[test]
fn fifth_copy_is_located() {
    corrupt(
        11,
        |b| {
            let i = find(b, |l| l.starts_with("Player 1 Deal"));
            let mut w: Vec<&str> = b[i].split(' ').collect();
            for t in &mut w[3..8] {
                *t = "W5";
            }
            b[i] = w.join(" ");
            i
        },
        "a fifth W5",
    );
}

#[test]
fn game_cut_short_is_located() {
    // Cut before its Fan and Score lines: the next Match line ends it.
    corrupt(
        20,
        |b| {
            b.truncate(b.len() - 2);
            b.len() + 1 // the next game's Match line (after the blank line)
        },
        "cut short",
    );
    // The file ends inside the last game.
    let mut b = blocks();
    let last = b.len() - 1;
    b[last].truncate(40);
    let text: String = join(&b).trim_end().to_string();
    let results = import(&text);
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), last);
    let e = results.last().unwrap().as_ref().unwrap_err();
    assert!(e.what().contains("file ends before its Score line"), "{e}");
    assert_eq!(e.line, line_of(&b, last, 0));
    // ... or inside a line.
    let cut = &text[..text.rfind(" Draw ").unwrap() + 3];
    let e = import(cut).pop().unwrap().unwrap_err();
    assert!(e.what().contains("the file ends inside this line"), "{e}");
}

#[test]
fn wrong_fan_total_and_wrong_score_are_located() {
    corrupt(
        0,
        |b| {
            let i = find(b, |l| l.starts_with("Fan "));
            b[i] = b[i].replacen("Fan 8 ", "Fan 9 ", 1);
            i
        },
        "Fan 9, but the judge counts 8",
    );
    corrupt(
        0,
        |b| {
            let i = find(b, |l| l.starts_with("Score "));
            b[i] = "Score -16 33 -8 -8".into();
            i
        },
        "Score -16 33 -8 -8, but the judge scores -16 32 -8 -8",
    );
    // A Huang game given a winner's score.
    let b = blocks();
    let g = b.iter().position(|b| b.iter().any(|l| l == "Huang")).unwrap();
    corrupt(
        g,
        |b| {
            let i = b.len() - 1;
            b[i] = "Score 1 -1 0 0".into();
            i
        },
        "but the judge scores 0 0 0 0",
    );
}

#[test]
fn description_alone_never_rejects_a_game() {
    // The total agrees, the description does not: imported, with a note.
    let mut b = blocks();
    let i = find(&b[0], |l| l.starts_with("Fan "));
    b[0][i] = "Fan 8 混一色*1+一般高*2".into();
    let results = import(&join(&b[..2]));
    let r = results[0].as_ref().unwrap();
    assert!(r.notes[0].contains("一般高*2 (judge: *1)"), "{:?}", r.notes);
    b[0][i] = "Fan 8 some description the calculator never wrote".into();
    let results = import(&join(&b[..2]));
    assert!(results[0].as_ref().unwrap().notes.is_empty());
}

#[test]
fn an_action_the_judge_rejects_is_located() {
    // A discard of a tile the seat does not hold: WA.
    corrupt(
        5,
        |b| {
            let i = find(b, |l| l.starts_with("Player 0 Play"));
            let deal = b.iter().find(|l| l.starts_with("Player 0 Deal")).unwrap().clone();
            let drawn = b[i - 1].rsplit(' ').next().unwrap().to_string();
            let held = |t: &str| deal.split(' ').any(|w| w == t) || t == drawn;
            let t =
                ["J1", "J2", "J3", "F1", "F2", "F3", "F4", "W1", "T1", "B1"].into_iter().find(|t| !held(t)).unwrap();
            b[i] = format!("Player 0 Play {t}");
            i
        },
        "verdict WA",
    );
    // Lines out of turn order.
    corrupt(
        9,
        |b| {
            let i = find(b, |l| l.starts_with("Player 1 Draw"));
            b.swap(i, i + 1);
            i
        },
        "the judge's next event is Player 1 Draw",
    );
}

#[test]
fn a_match_line_that_does_not_read_is_located_and_the_rest_kept() {
    // `Match` alone, or with more than an id, in place of a game's first
    // line: that game is one error and reading goes on (it once stopped
    // there for ever).
    let b = blocks();
    for bad in ["Match", "Match 12 34"] {
        let mut g = b[1].clone();
        g[0] = bad.to_string();
        let text = join(&[b[0].clone(), g, b[2].clone()]);
        // At most 10 results: a reader that stops making progress fails here.
        let mut games = text::games(Cursor::new(text.as_bytes()), Path::new("t.txt"), 1 << 20);
        let results: Vec<_> = std::iter::from_fn(|| games.next_rebuilt()).take(10).collect();
        let errors: Vec<String> = results.iter().filter_map(|r| r.as_ref().err()).map(|e| e.to_string()).collect();
        assert_eq!(results.len(), 3, "{bad:?}: {errors:?}");
        assert!(results[0].is_ok() && results[2].is_ok() && errors.len() == 1, "{bad:?}: {errors:?}");
        assert!(errors[0].starts_with(&format!("t.txt:{}: ", line_of(&[b[0].clone()], 1, 0))), "{bad:?}: {errors:?}");
    }
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_skipped() {
    // As a Windows editor saves the file; the reader is given the stream
    // itself (`mcr import` strips the mark on opening too).
    let b = blocks();
    let text = format!("\u{feff}{}", join(&b[..2]));
    let results = import(&text);
    assert_eq!(results.len(), 2);
    assert!(
        results.iter().all(Result::is_ok),
        "{:?}",
        results.iter().filter_map(|r| r.as_ref().err()).collect::<Vec<_>>()
    );
}

#[test]
fn stray_and_over_long_lines_are_located_and_the_rest_kept() {
    let b = blocks();
    let mut text = String::from("hello\nworld\n");
    text.push_str(&join(&b[..3]));
    // One line past the bound inside game 3 (8 MiB by default).
    let mut g = b[3].clone();
    g.insert(5, "x".repeat(mcr_engine::record::DEFAULT_MAX_LINE_BYTES + 10));
    text.push_str(&(g.join("\n") + "\n\n"));
    text.push_str(&join(&b[4..6]));
    let results = import(&text);
    let errors: Vec<String> = results.iter().filter_map(|r| r.as_ref().err()).map(|e| e.to_string()).collect();
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 5, "{errors:?}");
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].starts_with("t.txt:1: expected a `Match` line, found `hello`"), "{}", errors[0]);
    let start = 3 + b[..3].iter().map(|b| b.len() + 1).sum::<usize>();
    assert!(errors[1].starts_with(&format!("t.txt:{start}: match ")), "{}", errors[1]);
    assert!(errors[1].contains(&format!("line {}: line of ", start + 5)), "{}", errors[1]);
}

#[test]
fn error_games_cannot_be_written() {
    let errors: Vec<GameRecord> = corpus::first_records(ERRORS, 5);
    for r in &errors {
        let mut out = Vec::new();
        match text::write(&mut out, r) {
            Err(mcr_engine::formats::ExportError::Unwritable(why)) => assert!(why.contains("verdict"), "{why}"),
            other => panic!("{}: {other:?}", r.game_id),
        }
        assert!(out.is_empty());
    }
}

#[test]
fn huang_while_the_next_drawer_has_tiles_is_located() {
    // The last draw and discard before a Huang taken out: the drawer's
    // segment is no longer known to be empty.
    let b = blocks();
    let ends_on_a_draw = |b: &Vec<String>| {
        b.iter().position(|l| l == "Huang").is_some_and(|h| b[h - 2].contains(" Draw ") && b[h - 1].contains(" Play "))
    };
    let g = b.iter().position(ends_on_a_draw).unwrap();
    corrupt(
        g,
        |b| {
            let h = b.iter().position(|l| l == "Huang").unwrap();
            b.drain(h - 2..h);
            h - 2
        },
        "Huang, but the judge's game goes on",
    );
}

#[test]
fn ignored_claims_on_a_self_drawn_hu_are_located() {
    let b = blocks();
    let g = b.iter().position(|b| b.windows(2).any(|w| w[0].contains(" Draw ") && w[1].contains(" Hu "))).unwrap();
    corrupt(
        g,
        |b| {
            let i = b.windows(2).position(|w| w[0].contains(" Draw ") && w[1].contains(" Hu ")).unwrap() + 1;
            let seat: u8 = b[i][7..8].parse().unwrap();
            let t = b[i][b[i].len() - 2..].to_string();
            b[i] = format!("{} Ignore Player {} Hu {t}", b[i], (seat + 1) % 4);
            i
        },
        "nothing is ignored",
    );
}

#[test]
fn imported_records_serialise_and_read_back() {
    // The records as `mcr import` writes them: JSON lines of the corpus
    // schema with `wall_known` and `source`, read back by the record reader.
    let text = join(&blocks()[..20]);
    let mut out = Vec::new();
    for r in import(&text) {
        let rec = r.unwrap().record;
        let line = rec.to_json();
        let back: GameRecord = serde_json::from_str(&line).unwrap();
        assert_eq!(back.wall_known, rec.wall_known);
        assert_eq!(back.source.as_ref().unwrap()["format"], "botzone-text");
        text::write(&mut out, &back).unwrap();
    }
    assert!(String::from_utf8(out).unwrap() == text);
}

/// The game of `lines` whose `i`-th line is a self-drawn `Hu` (it follows
/// its seat's own `Draw`): the drawn tile and the tile of the last `Play` or
/// `BuGang` line before it.
fn self_drawn_at(lines: &[String], i: usize) -> Option<(String, Option<String>)> {
    let hu: Vec<&str> = lines[i].split(' ').collect();
    let prev: Vec<&str> = lines.get(i.checked_sub(1)?)?.split(' ').collect();
    if hu.get(2) != Some(&"Hu") || prev.get(2) != Some(&"Draw") || prev[1] != hu[1] {
        return None;
    }
    let given = lines[..i].iter().rev().find_map(|l| {
        let w: Vec<&str> = l.split(' ').collect();
        (w.len() == 4 && w[0] == "Player" && (w[2] == "Play" || w[2] == "BuGang")).then(|| w[3].to_string())
    });
    Some((prev[3].to_string(), given))
}

#[test]
fn golden_text_names_the_last_discard_on_a_self_drawn_hu() {
    // The corpus's convention: the last tile given up, not the drawn one
    // (but where they are the same tile).
    let mut seen = 0;
    for b in blocks() {
        for i in 0..b.len() {
            if let Some((drawn, given)) = self_drawn_at(&b, i) {
                let given = given.expect("a discard before every self-drawn win of the corpus");
                assert!(b[i].ends_with(&format!(" Hu {given}")), "{}: `{}` (drawn {drawn})", b[0], b[i]);
                seen += usize::from(given != drawn);
            }
        }
    }
    assert!(seen >= 100, "{seen} self-drawn wins naming another tile than the drawn one");
}

#[test]
fn self_drawn_hu_naming_the_drawn_tile_imports_the_same() {
    // The older convention: every self-drawn Hu line of golden.txt made to
    // name the drawn tile; the games import to the same records.
    let mut b = blocks();
    let mut changed = 0;
    for g in &mut b {
        for i in 0..g.len() {
            if let Some((drawn, given)) = self_drawn_at(g, i) {
                changed += usize::from(given.as_deref() != Some(drawn.as_str()));
                let head = g[i].rsplit_once(' ').unwrap().0.to_string();
                g[i] = format!("{head} {drawn}");
            }
        }
    }
    assert!(changed >= 100, "{changed}");
    let golden = import(&golden_text());
    let older = import(&join(&b));
    assert_eq!(golden.len(), older.len());
    for (a, b) in golden.iter().zip(&older) {
        let (a, b) = (&a.as_ref().unwrap().record, &b.as_ref().unwrap_or_else(|e| panic!("{e}")).record);
        // The whole record (turns, wall, expected, source) as written.
        assert!(a.to_json() == b.to_json(), "{}", a.game_id);
    }
    // Written back: the corpus's convention again.
    let mut out = Vec::new();
    for r in older {
        text::write(&mut out, &r.unwrap().record).unwrap();
    }
    assert!(String::from_utf8(out).unwrap() == golden_text());
}

#[test]
fn self_drawn_hu_naming_another_tile_is_located() {
    let b = blocks();
    // A win after a discard of another tile than the one drawn.
    let (g, i, drawn, given) = b
        .iter()
        .enumerate()
        .find_map(|(g, l)| {
            (0..l.len()).find_map(|i| match self_drawn_at(l, i) {
                Some((d, Some(t))) if d != t => Some((g, i, d, t)),
                _ => None,
            })
        })
        .unwrap();
    let other = ["W1", "W2", "W3"].into_iter().find(|t| *t != drawn && *t != given).unwrap();
    let edited = format!("{} {other}", b[g][i].rsplit_once(' ').unwrap().0);
    let want = format!("`{edited}` after Player {} Draw {drawn}: a self-drawn Hu names the drawn tile ({drawn}) or the last discarded tile ({given})", &edited[7..8]);
    corrupt(
        g,
        |b| {
            b[i] = edited.clone();
            i
        },
        &want,
    );
}

/// A game whose dealer wins on its first draw (W5 to a pure nine-gates
/// hand: far above 8 fan), its Hu line naming `hu`; its `Fan` line says 0.
fn first_draw_win(hu: &str) -> String {
    [
        "Match firstdraw",
        "Wind 0",
        "Player 0 Deal W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9",
        "Player 1 Deal B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 T4",
        "Player 2 Deal T5 T6 T7 T8 T9 F1 F2 F3 F4 J1 J2 J3 B1",
        "Player 3 Deal B2 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 T4 T5",
        "Player 0 Draw W5",
        &format!("Player 0 Hu {hu}"),
        "Fan 0 none*1",
        "Score 0 0 0 0",
        "",
    ]
    .join("\n")
}

#[test]
fn a_win_on_the_dealers_first_draw_names_the_drawn_tile() {
    // Nothing discarded before it: the drawn tile is the only one named.
    // Named so, the Hu line is taken and the game goes on to its Fan line.
    let e = import(&first_draw_win("W5")).pop().unwrap().unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.kind.to_string().starts_with("Fan 0, but the judge counts "), "{e}");
    assert!(e.to_string().contains(": line 9: "), "{e}");
    let e = import(&first_draw_win("W2")).pop().unwrap().unwrap_err();
    assert!(e.to_string().contains(": line 8: "), "{e}");
    assert!(
        e.kind.to_string().contains("`Player 0 Hu W2` after Player 0 Draw W5: a self-drawn Hu names the drawn tile (W5): nothing was discarded before it"),
        "{e}"
    );
}

/// The real sample's games as blocks of lines.
fn sample_blocks() -> Vec<Vec<String>> {
    std::fs::read_to_string(data("sample.txt"))
        .expect("tests/data/sample.txt")
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .map(|b| b.lines().map(str::to_string).collect())
        .collect()
}

#[test]
fn real_sample_imports_and_replays_every_match() {
    // 16 real Botzone matches as the data set writes them: every line is the
    // judge's next event, its Fan total and Score line the judge's; the
    // fans, the winner and how the game ended are checked here against the
    // file's own lines.
    let text = std::fs::read_to_string(data("sample.txt")).unwrap();
    let blocks = sample_blocks();
    let imported = import(&text);
    assert_eq!(blocks.len(), 16);
    assert_eq!(imported.len(), 16);
    let (mut zimo, mut ron, mut draws) = (0, 0, 0);
    for (b, r) in blocks.iter().zip(&imported) {
        let r = r.as_ref().unwrap_or_else(|e| panic!("{e}"));
        let (rec, e) = (&r.record, &r.record.expected);
        assert_eq!(format!("Match {}", rec.game_id), b[0]);
        assert!(r.notes.is_empty(), "{}: {:?}", rec.game_id, r.notes);
        let score: Vec<i32> =
            b.last().unwrap().strip_prefix("Score ").unwrap().split(' ').map(|x| x.parse().unwrap()).collect();
        assert_eq!(e.scores, score, "{}", rec.game_id);
        let Some(fan) = b.iter().find_map(|l| l.strip_prefix("Fan ")) else {
            assert_eq!(b[b.len() - 2], "Huang");
            assert_eq!(e.ending, "draw", "{}", rec.game_id);
            draws += 1;
            continue;
        };
        // The file's fan list, name*count, against the judge's.
        let (total, list) = fan.split_once(' ').unwrap();
        assert_eq!(e.fan_total, Some(total.parse().unwrap()), "{}", rec.game_id);
        let mut said: Vec<(String, i32)> = list
            .split('+')
            .map(|t| {
                let (n, c) = t.rsplit_once('*').unwrap();
                (n.to_string(), c.parse().unwrap())
            })
            .collect();
        let mut judged: Vec<(String, i32)> = e.fan.iter().map(|(n, _, c)| (n.clone(), *c)).collect();
        said.sort();
        judged.sort();
        assert_eq!(said, judged, "{}", rec.game_id);
        let hu = b.iter().position(|l| l.split(' ').nth(2) == Some("Hu")).unwrap();
        assert_eq!(e.winner, Some(b[hu][7..8].parse().unwrap()), "{}", rec.game_id);
        // Self-drawn when the Hu follows the winner's own Draw; the judge's
        // fans agree (自摸, or 不求人 which holds it).
        let self_drawn = self_drawn_at(b, hu).is_some();
        assert_eq!(self_drawn, list.contains("自摸") || list.contains("不求人"), "{}", rec.game_id);
        if self_drawn {
            assert_eq!((e.ending.as_str(), e.discarder), ("zimo", None), "{}", rec.game_id);
            zimo += 1;
        } else {
            assert_eq!(e.ending, "ron", "{}", rec.game_id);
            ron += 1;
        }
    }
    assert_eq!((zimo, ron, draws), (6, 8, 2));
}

#[test]
fn real_sample_written_back_differs_only_on_self_drawn_hu_lines() {
    // The sample names the drawn tile on a self-drawn Hu; the export names
    // the last discard. Every other line is written back as it was, and
    // the export imports to the same records.
    let blocks = sample_blocks();
    let records: Vec<GameRecord> = import(&join(&blocks)).into_iter().map(|r| r.unwrap().record).collect();
    let mut out = Vec::new();
    for r in &records {
        text::write(&mut out, r).unwrap();
    }
    let out = String::from_utf8(out).unwrap();
    let written: Vec<Vec<String>> =
        out.split("\n\n").filter(|b| !b.trim().is_empty()).map(|b| b.lines().map(str::to_string).collect()).collect();
    assert_eq!(written.len(), blocks.len());
    let mut hu_lines = 0;
    for (a, b) in written.iter().zip(&blocks) {
        assert_eq!(a.len(), b.len(), "{}", b[0]);
        for i in 0..b.len() {
            match self_drawn_at(b, i) {
                Some((drawn, given)) => {
                    let head = b[i].rsplit_once(' ').unwrap().0;
                    assert_eq!(a[i], format!("{head} {}", given.unwrap_or(drawn)), "{}", b[0]);
                    hu_lines += 1;
                }
                None => assert_eq!(a[i], b[i], "{} line {}", b[0], i + 1),
            }
        }
    }
    assert_eq!(hu_lines, 6);
    let back: Vec<GameRecord> = import(&out).into_iter().map(|r| r.unwrap().record).collect();
    assert_eq!(back.len(), records.len());
    for (a, b) in back.iter().zip(&records) {
        assert!(a.to_json() == b.to_json(), "{}", a.game_id);
    }
}
