//! A hostile-input sweep of every command that reads input (extends
//! `tests/hostile/hardening.rs`): the real records mutated key by key (each value
//! replaced by null, true, 0, -1, 2^63, 1e308, "x", "", [], {}, a long string,
//! deep arrays, or deleted; keys repeated, reordered), files cut at random
//! bytes (plain and gzip), odd files (a directory, /dev/null, a FIFO, a
//! missing path, a .gz that is not gzip, gzip of garbage, CRLF, a BOM),
//! records whose turns contradict the judge, a hostile `serve` session and
//! hostile arguments. The rule: no panic, no signal, a nonzero exit for bad
//! input, every unreadable line named file:line, the good records around a
//! bad one still counted, memory bounded. Deterministic (seeded), a few
//! seconds in release.

use crate::common;

use common::{mcr, mcr_with_input, temp_file, Run, XorShift};
use serde_json::{json, Value};
use std::io::{Read, Write};

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// No panic, no signal, an exit code of 0 or 1 (2 is for usage).
#[track_caller]
fn sane(run: &Run, what: &str) {
    assert!(!run.stderr.contains("panicked") && !run.stdout.contains("panicked"), "{what}: panicked\n{}", run.stderr);
    assert!(matches!(run.code, Some(0) | Some(1)), "{what}: exit {:?}\n{}", run.code, run.stderr);
}

/// `prefix N/M suffix` in `text`: (N, M).
fn ratio(text: &str, prefix: &str) -> (usize, usize) {
    let at = text.find(prefix).unwrap_or_else(|| panic!("no {prefix:?} in\n{text}")) + prefix.len();
    let (n, rest) = text[at..].split_once('/').unwrap();
    let m: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (n.trim().parse().unwrap(), m.parse().unwrap())
}

const VALUES: [&str; 13] = [
    "null",
    "true",
    "0",
    "-1",
    "9223372036854775808",
    "1e308",
    "\"x\"",
    "\"\"",
    "[]",
    "{}",
    "[null]",
    "-0.5",
    "{\"a\":[1]}",
];

/// Every way one value at `path` of `rec` is broken: replaced by each of
/// [`VALUES`], a long string, deep arrays (past serde_json's depth limit),
/// or deleted.
fn mutations(rec: &Value, path: &[Value]) -> Vec<String> {
    let marker = "\"@@MUTATED@@\"";
    let set = |v: Option<Value>| {
        let mut r = rec.clone();
        let mut at = &mut r;
        for k in &path[..path.len() - 1] {
            at = match k {
                Value::String(k) => &mut at[k.as_str()],
                k => &mut at[k.as_u64().unwrap() as usize],
            };
        }
        match (&path[path.len() - 1], v) {
            (Value::String(k), Some(v)) => at[k.as_str()] = v,
            (Value::String(k), None) => drop(at.as_object_mut().unwrap().remove(k.as_str())),
            (k, Some(v)) => at[k.as_u64().unwrap() as usize] = v,
            (k, None) => drop(at.as_array_mut().unwrap().remove(k.as_u64().unwrap() as usize)),
        }
        r.to_string()
    };
    let with_marker = set(Some(json!("@@MUTATED@@")));
    let long = format!("\"{}\"", "y".repeat(100_000));
    let deep = format!("{}{}", "[".repeat(5_000), "]".repeat(5_000));
    let mut out: Vec<String> = VALUES.iter().map(|v| with_marker.replacen(marker, v, 1)).collect();
    out.push(with_marker.replacen(marker, &long, 1));
    out.push(with_marker.replacen(marker, &deep, 1));
    out.push(set(None));
    out
}

/// The paths mutated in a record: every top-level key, and every key of the
/// objects below the turns listed (their request, display, responses) and
/// of `expected`.
fn paths(rec: &Value, turns: &[usize]) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    for (k, v) in rec.as_object().unwrap() {
        out.push(vec![json!(k)]);
        if k == "expected" || k == "flags" {
            for k2 in v.as_object().unwrap().keys() {
                out.push(vec![json!(k), json!(k2)]);
            }
        }
        if let Some(a) = v.as_array().filter(|_| k != "turns") {
            out.push(vec![json!(k), json!(0)]);
            out.push(vec![json!(k), json!(a.len() - 1)]);
        }
    }
    for &t in turns {
        let turn = &rec["turns"][t];
        for (k, v) in turn.as_object().unwrap() {
            out.push(vec![json!("turns"), json!(t), json!(k)]);
            for k2 in v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
                out.push(vec![json!("turns"), json!(t), json!(k), json!(k2)]);
            }
        }
    }
    out
}

/// A file of `good[0]`, the mutated lines, `good[1]`.
fn sandwich(name: &str, good: &[String], bad: &[String]) -> (String, usize) {
    let mut text = format!("{}\n", good[0]);
    for b in bad {
        text += b;
        text.push('\n');
    }
    text += &good[1];
    text.push('\n');
    (temp_file(name, text), bad.len() + 2)
}

/// Checks one run over a sandwich: sane, exit 1 when `bad`, and each line
/// that validate called unreadable (`malformed`) named by this command too.
#[track_caller]
fn check_reader(run: &Run, what: &str, file: &str, unreadable: &[usize]) {
    sane(run, what);
    if !unreadable.is_empty() {
        assert_eq!(run.code, Some(1), "{what}: bad lines but exit 0\n{}", run.stdout);
    }
    let all = format!("{}{}", run.stdout, run.stderr);
    for l in unreadable {
        assert!(all.contains(&format!("{file}:{l}")), "{what}: line {l} is not named\n{all}");
    }
}

#[test]
fn mutated_game_records_keep_the_rule_in_every_reader() {
    let good = common::corpus::first_lines("golden.jsonl.gz", 3);
    let errors = common::corpus::first_lines("errors.jsonl.gz", 1);
    let html = temp_file("hostile.html", "");
    for (k, base) in [&good[0], &errors[0]].into_iter().enumerate() {
        let rec: Value = serde_json::from_str(base).unwrap();
        let n = rec["turns"].as_array().unwrap().len();
        for (p, path) in paths(&rec, &[0, 1, 5, n - 2, n - 1]).iter().enumerate() {
            let bad = mutations(&rec, path);
            let (file, lines) = sandwich(&format!("game-{k}-{p}.jsonl"), &good[1..], &bad);
            let what = |c: &str| format!("{c} with {path:?} mutated");
            let v = mcr(&["validate", &file]);
            sane(&v, &what("validate"));
            let (ok, total) = ratio(&v.stdout, "validate: ");
            assert_eq!(total, lines, "{}: every line is a game\n{}", what("validate"), v.stdout);
            assert!(ok >= 2, "{}: the good records around are lost\n{}", what("validate"), v.stdout);
            assert_eq!(v.code, Some(if ok == lines { 0 } else { 1 }), "{}", what("validate"));
            // Every game not reproduced is named with its file and line.
            let named = (2..lines).filter(|l| v.stdout.contains(&format!("{file}:{l}:"))).count();
            assert_eq!(named, lines - ok, "{}: failures not all located\n{}", what("validate"), v.stdout);
            let unreadable: Vec<usize> =
                (2..lines).filter(|l| v.stdout.contains(&format!("{file}:{l}: malformed"))).collect();
            let s = mcr(&["validate", "--self-test", &file]);
            sane(&s, &what("self-test"));
            let (passed, total) = ratio(&s.stdout, "self-test: ");
            assert!(passed >= 2 && total == lines, "{}\n{}", what("self-test"), s.stdout);
            // A game validate cannot read, the self-test does not pass.
            assert!(
                passed <= lines - unreadable.len(),
                "{}: passes a record validate calls malformed\n{}",
                what("self-test"),
                s.stdout
            );
            for args in [
                vec!["audit", "--games", &file],
                vec!["view", "-o", &html, &file],
                vec!["rules", "diff", &file],
                vec!["bench", "replay", "--passes", "1", &file],
            ] {
                check_reader(&mcr(&args), &what(&args.join(" ")), &file, &unreadable);
            }
        }
    }
}

#[test]
fn mutated_hand_and_shanten_records_keep_the_rule() {
    for (corpus, readers, summary) in [
        (
            "hands.jsonl.gz",
            vec![vec!["hands"], vec!["audit", "--hands"], vec!["rules", "diff"], vec!["bench", "fan", "--passes", "1"]],
            "hands: ",
        ),
        ("shanten.jsonl.gz", vec![vec!["analyse"], vec!["bench", "shanten", "--passes", "1"]], "analyse: "),
    ] {
        let good = common::corpus::first_lines(corpus, 3);
        let rec: Value = serde_json::from_str(&good[0]).unwrap();
        for (p, path) in paths(&rec, &[]).iter().enumerate() {
            let bad = mutations(&rec, path);
            let (file, lines) = sandwich(&format!("{corpus}-{p}.jsonl"), &good[1..], &bad);
            let first = readers[0].clone();
            let r = mcr(&[first.as_slice(), &[file.as_str()]].concat());
            sane(&r, &format!("{first:?} {path:?}"));
            let (ok, total) = ratio(&r.stdout, summary);
            assert!(ok >= 2 && total == lines, "{path:?}: {}", r.stdout);
            assert_eq!(r.code, Some(if ok == lines { 0 } else { 1 }), "{path:?}");
            let unreadable: Vec<usize> = (2..lines).filter(|l| r.stderr.contains(&format!("{file}:{l}: "))).collect();
            for args in &readers[1..] {
                let run = mcr(&[args.as_slice(), &[file.as_str()]].concat());
                check_reader(&run, &format!("{args:?} {path:?}"), &file, &unreadable);
            }
        }
    }
}

#[test]
fn repeated_and_reordered_keys() {
    let good = common::corpus::first_lines("golden.jsonl.gz", 3);
    let rec: Value = serde_json::from_str(&good[0]).unwrap();
    // Keys in reverse order read alike.
    let obj = rec.as_object().unwrap();
    let reversed =
        format!("{{{}}}", obj.iter().rev().map(|(k, v)| format!("{}:{v}", json!(k))).collect::<Vec<_>>().join(","));
    // A repeated top-level key is malformed.
    let twice = good[0].replacen("{\"game_id\"", "{\"quan\":0,\"game_id\"", 1);
    let (file, _) = sandwich("keys.jsonl", &good[1..], &[reversed, twice]);
    for (args, summary) in [
        (vec!["validate", &file], "validate: 3/4 games reproduced exactly"),
        (vec!["validate", "--self-test", &file], "self-test: 3/4 games PASS"),
    ] {
        let r = mcr(&args);
        sane(&r, &args.join(" "));
        assert_eq!(r.code, Some(1));
        assert!(r.stdout.contains(summary), "{args:?}\n{}", r.stdout);
        assert!(
            r.stdout.contains(&format!("{file}:3")) && r.stdout.contains("malformed record: duplicate field `quan`"),
            "{}",
            r.stdout
        );
    }
    // A key repeated inside a turn's display, request or responses: every
    // reader calls the record malformed, naming its line (serde_json alone
    // would take the last value; the record would say two things at once).
    let mut nested = Vec::new();
    for key in ["display", "request", "responses"] {
        let mut r = rec.clone();
        let inner = r["turns"][5][key].take();
        let (first, value) = inner.as_object().unwrap().iter().next().map(|(k, v)| (k.clone(), v.clone())).unwrap();
        r["turns"][5][key] = json!("@@");
        let repeated = format!("{{{}:{value},{}", json!(first), &inner.to_string()[1..]);
        nested.push(r.to_string().replacen("\"@@\"", &repeated, 1));
    }
    let (file, _) = sandwich("nested_keys.jsonl", &good[1..], &nested);
    let html = format!("{file}.html");
    let readers = [
        vec!["validate", &file],
        vec!["validate", "--self-test", &file],
        vec!["audit", "--games", &file],
        vec!["view", "-o", &html, &file],
        vec!["rules", "diff", &file],
        vec!["bench", "replay", "--passes", "1", &file],
    ];
    for args in readers {
        let r = mcr(&args);
        check_reader(&r, &args.join(" "), &file, &[2, 3, 4]);
        assert!(!r.stdout.contains("games PASS") || r.stdout.contains("2/5 games PASS"), "{args:?}\n{}", r.stdout);
        assert!(
            !r.stdout.contains("reproduced exactly") || r.stdout.contains("2/5 games reproduced exactly"),
            "{args:?}\n{}",
            r.stdout
        );
    }
}

#[test]
fn records_cut_at_random_bytes_keep_every_whole_line() {
    let games = common::corpus::first_lines("golden.jsonl.gz", 8).join("\n") + "\n";
    let hands = common::corpus::first_lines("hands.jsonl.gz", 400).join("\n") + "\n";
    let mut rng = XorShift::new(0x7255);
    for (kind, text) in [("games", &games), ("hands", &hands)] {
        for gz in [false, true] {
            let bytes = if gz { gzip(text.as_bytes()) } else { text.clone().into_bytes() };
            for trial in 0..5 {
                let cut = 1 + rng.below(bytes.len() - 2);
                let name = format!("cut-{kind}-{trial}.jsonl{}", if gz { ".gz" } else { "" });
                let file = temp_file(&name, &bytes[..cut]);
                // What a reader can get out of the cut file: its whole lines.
                let mut got = Vec::new();
                if gz {
                    let _ = flate2::read::MultiGzDecoder::new(&bytes[..cut]).read_to_end(&mut got);
                } else {
                    got = bytes[..cut].to_vec();
                }
                let whole = got.iter().filter(|&&b| b == b'\n').count();
                let partial = !got.is_empty() && got.last() != Some(&b'\n') || gz;
                let commands: Vec<(Vec<&str>, &str)> = if kind == "games" {
                    vec![(vec!["validate"], "validate: "), (vec!["validate", "--self-test"], "self-test: ")]
                } else {
                    vec![(vec!["hands"], "hands: ")]
                };
                for (args, summary) in commands {
                    let r = mcr(&[args.as_slice(), &[file.as_str()]].concat());
                    sane(&r, &format!("{args:?} {name} cut at {cut}"));
                    let all = format!("{}{}", r.stdout, r.stderr);
                    if whole > 0 {
                        let (ok, _) = ratio(&r.stdout, summary);
                        assert_eq!(ok, whole, "{args:?} {name} cut at {cut}: whole lines lost\n{all}");
                    }
                    if partial {
                        assert_eq!(r.code, Some(1), "{args:?} {name} cut at {cut}");
                        assert!(
                            all.contains(&format!("{file}:{}", whole + 1)),
                            "{args:?} {name} cut at {cut}: not located\n{all}"
                        );
                    }
                }
                for args in [
                    vec!["rules", "diff", &file],
                    if kind == "games" { vec!["audit", "--games", &file] } else { vec!["audit", "--hands", &file] },
                ] {
                    let r = mcr(&args);
                    sane(&r, &format!("{args:?} cut at {cut}"));
                    if partial {
                        assert_eq!(r.code, Some(1), "{args:?} cut at {cut}");
                        assert!(
                            format!("{}{}", r.stdout, r.stderr).contains(&format!("{file}:{}", whole + 1)),
                            "{args:?} cut at {cut}: {}",
                            r.stdout
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn odd_files_are_errors_named_by_their_path() {
    let dir = common::temp_dir("hostile-odd");
    let d = dir.to_str().unwrap().to_string();
    let not_gz = temp_file("not.jsonl.gz", b"\x1f\x8bnot gzip at all\n");
    let mut rng = XorShift::new(5);
    let garbage: Vec<u8> = (0..5000).map(|_| rng.next() as u8).collect();
    let gz_garbage = temp_file("garbage.jsonl.gz", gzip(&garbage));
    let html = temp_file("odd.html", "");
    let readers: [&[&str]; 11] = [
        &["validate"],
        &["validate", "--self-test"],
        &["hands"],
        &["analyse"],
        &["audit", "--games"],
        &["audit", "--hands"],
        &["view", "-o", &html],
        &["rules", "diff"],
        &["bench", "replay", "--passes", "1"],
        &["bench", "fan", "--passes", "1"],
        &["bench", "shanten", "--passes", "1"],
    ];
    for path in [d.as_str(), "/dev/null", "/nonexistent/hostile.jsonl", &not_gz, &gz_garbage] {
        for args in readers {
            let r = mcr(&[args, &[path]].concat());
            sane(&r, &format!("{args:?} {path}"));
            assert_eq!(r.code, Some(1), "{args:?} {path}: nothing read, exit 0\n{}", r.stdout);
            if path != "/dev/null" {
                assert!(
                    format!("{}{}", r.stdout, r.stderr).contains(path),
                    "{args:?} {path}: the path is not named\n{}",
                    r.stderr
                );
            }
        }
    }
}

#[test]
fn crlf_and_a_byte_order_mark_read_every_record() {
    let games = common::corpus::first_lines("golden.jsonl.gz", 3);
    let hands = common::corpus::first_lines("hands.jsonl.gz", 3);
    for (variant, text) in [
        ("crlf", (|l: &[String]| l.join("\r\n") + "\r\n") as fn(&[String]) -> String),
        ("bom", |l: &[String]| format!("\u{feff}{}\n", l.join("\n"))),
    ] {
        for gz in [false, true] {
            let wrap = |t: String| if gz { gzip(t.as_bytes()) } else { t.into_bytes() };
            let g = temp_file(&format!("{variant}-{gz}-games.jsonl"), wrap(text(&games)));
            let h = temp_file(&format!("{variant}-{gz}-hands.jsonl"), wrap(text(&hands)));
            for (args, says) in [
                (vec!["validate", &g], "validate: 3/3 games reproduced exactly"),
                (vec!["validate", "--self-test", &g], "self-test: 3/3 games PASS"),
                (vec!["hands", &h], "hands: 3/3 match"),
                (vec!["rules", "diff", &g], "games: 3 replayed"),
                (vec!["rules", "diff", &h], "hands: 3 scored"),
                (vec!["audit", "--games", &g], "audit: 3/3 fan lists agree"),
            ] {
                let r = mcr(&args);
                assert_eq!(r.code, Some(0), "{variant} gz={gz} {args:?}\n{}{}", r.stdout, r.stderr);
                assert!(r.stdout.contains(says), "{variant} gz={gz} {args:?}\n{}", r.stdout);
            }
        }
    }
}

#[test]
fn a_fifo_is_read_once_by_every_reader() {
    let games = common::corpus::first_lines("golden.jsonl.gz", 3).join("\n") + "\n";
    let dir = common::temp_dir("hostile-fifo");
    let html = temp_file("fifo.html", "");
    for (i, (args, says)) in [
        (vec!["validate"], "validate: 3/3 games reproduced exactly"),
        (vec!["validate", "--self-test"], "self-test: 3/3 games PASS"),
        (vec!["rules", "diff"], "games: 3 replayed"),
        (vec!["audit", "--games"], "audit: 3/3 fan lists agree"),
        (vec!["view", "-o", &html], "view: 3 games written"),
    ]
    .into_iter()
    .enumerate()
    {
        let fifo = dir.join(format!("f{i}"));
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
        assert!(made.success());
        let (path, text) = (fifo.clone(), games.clone());
        let writer = std::thread::spawn(move || std::fs::write(path, text));
        let r = mcr(&[args.as_slice(), &[fifo.to_str().unwrap()]].concat());
        writer.join().unwrap().unwrap();
        assert_eq!(r.code, Some(0), "{args:?}\n{}{}", r.stdout, r.stderr);
        assert!(format!("{}{}", r.stdout, r.stderr).contains(says), "{args:?}: records lost\n{}{}", r.stdout, r.stderr);
    }
}

#[test]
fn rules_of_every_odd_type() {
    let good = common::corpus::first_lines("golden.jsonl.gz", 3);
    let odd = [
        "null",
        "true",
        "0",
        "-1",
        "1e308",
        "\"x\"",
        "\"\"",
        "[]",
        "{}",
        "[\"botzone\"]",
        "\"Botzone\"",
        "\"botzone \"",
        "\"botzone\\u0000\"",
    ];
    let mut bad: Vec<String> = odd.iter().map(|v| good[0].replacen('{', &format!("{{\"rules\":{v},"), 1)).collect();
    bad.push(good[0].replacen('{', "{\"rules\":\"botzone\",\"rules\":\"botzone\",", 1));
    let (file, lines) = sandwich("rules-odd.jsonl", &good[1..], &bad);
    let html = temp_file("rules-odd.html", "");
    let v = mcr(&["validate", &file]);
    sane(&v, "validate");
    assert!(v.stdout.contains(&format!("validate: 2/{lines} games")), "{}", v.stdout);
    let unreadable: Vec<usize> = (2..lines).collect();
    for l in &unreadable {
        assert!(
            v.stdout.contains(&format!("{file}:{l}: malformed record")) && v.stdout.contains("\"rules\""),
            "line {l}\n{}",
            v.stdout
        );
    }
    let s = mcr(&["validate", "--self-test", &file]);
    sane(&s, "self-test");
    assert!(s.stdout.contains(&format!("self-test: 2/{lines} games PASS")), "{}", s.stdout);
    for args in [
        vec!["audit", "--games", &file],
        vec!["view", "-o", &html, &file],
        vec!["rules", "diff", &file],
        vec!["bench", "replay", "--passes", "1", &file],
    ] {
        check_reader(&mcr(&args), &args.join(" "), &file, &unreadable);
    }
}

#[test]
fn turns_that_contradict_the_judge_fail_both_checks() {
    let good = common::corpus::first_lines("golden.jsonl.gz", 3);
    let rec: Value = serde_json::from_str(&good[0]).unwrap();
    let n = rec["turns"].as_array().unwrap().len();
    let mut bad = Vec::new();
    // Answers the judge refuses, to INIT and DEAL (regression: the self-test
    // passed a non-PASS answer there) and to later turns.
    for t in [0, 1, 2, 5, n / 2, n - 2] {
        for seat in ["0", "3"] {
            for answer in
                ["PLAY W1", "HU", "PENG", "CHI W2 W3", "GANG W1", "BUGANG Z9", "", "PASS ", "\u{0}", "play w1"]
            {
                let mut r = rec.clone();
                if r["turns"][t]["responses"][seat] == json!(answer) {
                    continue;
                }
                r["turns"][t]["responses"][seat] = json!(answer);
                bad.push(r.to_string());
            }
        }
    }
    // Turns swapped, a wrong tile, a wrong winner.
    for (a, b) in [(3, 4), (n - 3, n - 2)] {
        let mut r = rec.clone();
        r["turns"].as_array_mut().unwrap().swap(a, b);
        bad.push(r.to_string());
    }
    let mut r = rec.clone();
    r["turns"][5]["display"]["tile"] = json!("J3");
    bad.push(r.to_string());
    let mut r = rec.clone();
    r["expected"]["winner"] = json!((rec["expected"]["winner"].as_u64().unwrap() + 1) % 4);
    bad.push(r.to_string());
    // Drop the answers that the judge never looks at (after a granted claim):
    // whatever they say, the record stands; keep only what validate fails.
    let (file, _) = sandwich("contra-all.jsonl", &good[1..], &bad);
    let v = mcr(&["validate", &file]);
    sane(&v, "validate");
    let refused: Vec<String> = bad
        .iter()
        .enumerate()
        .filter(|(i, _)| v.stdout.contains(&format!("{file}:{}:", i + 2)))
        .map(|(_, b)| b.clone())
        .collect();
    assert!(refused.len() >= bad.len() * 3 / 4, "{} of {} refused\n{}", refused.len(), bad.len(), v.stdout);
    let (file, lines) = sandwich("contra.jsonl", &good[1..], &refused);
    let s = mcr(&["validate", "--self-test", &file]);
    sane(&s, "self-test");
    assert!(
        s.stdout.contains(&format!("self-test: 2/{lines} games PASS")),
        "the self-test passes records the judge contradicts\n{}",
        s.stdout
    );
    let init = rec["turns"][0]["responses"].clone();
    assert_eq!(init, json!({"0": "PASS", "1": "PASS", "2": "PASS", "3": "PASS"}));
    let mut r = rec.clone();
    r["turns"][0]["responses"]["2"] = json!("PLAY W1");
    let one = temp_file("contra-init.jsonl", r.to_string() + "\n");
    let s = mcr(&["validate", "--self-test", &one]);
    assert_eq!(s.code, Some(1));
    assert!(s.stdout.contains("turn 0: response: seat 2 answered \"PLAY W1\" to INIT"), "{}", s.stdout);
}

#[test]
fn players_and_tags_must_be_string_lists_for_the_self_test_too() {
    let good = common::corpus::first_lines("golden.jsonl.gz", 1);
    let mut r: Value = serde_json::from_str(&good[0]).unwrap();
    r["players"] = json!(0);
    let mut t: Value = serde_json::from_str(&good[0]).unwrap();
    t["tags"] = json!([1]);
    // An escape sends the line to serde rather than the scanner.
    let escaped = r.to_string().replacen("\"game_id\":\"", "\"game_id\":\"\\u0061", 1);
    let file = temp_file("players.jsonl", format!("{r}\n{t}\n{escaped}\n"));
    for (args, says) in [
        (vec!["validate", &file], "validate: 0/3"),
        (vec!["validate", "--self-test", &file], "self-test: no game record read"),
    ] {
        let run = mcr(&args);
        assert_eq!(run.code, Some(1), "{args:?}\n{}", run.stdout);
        assert!(format!("{}{}", run.stdout, run.stderr).contains(says), "{args:?}\n{}{}", run.stdout, run.stderr);
        for l in 1..=3 {
            assert!(run.stdout.contains(&format!("players.jsonl:{l}")), "{args:?} line {l}\n{}", run.stdout);
        }
    }
}

#[test]
fn rules_diff_reads_a_file_once_and_fails_on_nothing_read() {
    let r = mcr(&["rules", "diff", "/dev/null"]);
    assert_eq!(r.code, Some(1));
    assert!(r.stderr.contains("rules diff: no record read"), "{}", r.stderr);
    // A first line that is not UTF-8 is one located error; the rest is read.
    let games = common::corpus::first_lines("golden.jsonl.gz", 2);
    let file = temp_file("diff-utf8.jsonl", [b"\xff\xfe\n".as_slice(), games.join("\n").as_bytes(), b"\n"].concat());
    let r = mcr(&["rules", "diff", &file]);
    assert_eq!(r.code, Some(1));
    assert!(r.stdout.contains(&format!("unreadable: {file}:1: line is not UTF-8")), "{}", r.stdout);
    // Taken as hands (decided on the first line), the games are unreadable, but located.
    assert!(r.stdout.contains(&format!("{file}:2: malformed record")), "{}", r.stdout);
}

#[test]
fn bench_exits_1_when_a_line_was_unreadable() {
    let games = common::corpus::first_lines("golden.jsonl.gz", 2);
    let hands = common::corpus::first_lines("hands.jsonl.gz", 2);
    let shanten = common::corpus::first_lines("shanten.jsonl.gz", 2);
    for (args, lines) in [
        (vec!["bench", "replay", "--passes", "1"], &games),
        (vec!["bench", "fan", "--passes", "1"], &hands),
        (vec!["bench", "shanten", "--passes", "1"], &shanten),
    ] {
        let file = temp_file(&format!("bench-{}.jsonl", args[1]), format!("{}\n{{\"x\":\n{}\n", lines[0], lines[1]));
        let r = mcr(&[args.as_slice(), &[file.as_str()]].concat());
        assert_eq!(r.code, Some(1), "{args:?}\n{}", r.stdout);
        assert!(r.stderr.contains(&format!("{file}:2: malformed record")), "{args:?}\n{}", r.stderr);
        assert!(r.stdout.contains(&format!("bench {}", args[1])), "{args:?}: still measured\n{}", r.stdout);
    }
}

#[test]
fn a_hostile_serve_session_gets_one_json_reply_per_line() {
    let rec: Value = serde_json::from_str(&common::corpus::first_lines("golden.jsonl.gz", 1)[0]).unwrap();
    let reset = json!({"cmd": "reset", "wall": rec["wall"], "quan": rec["quan"], "srand": rec["srand"]});
    let step = json!({"cmd": "step", "responses": rec["turns"][0]["responses"]});
    let mut lines: Vec<Vec<u8>> = vec![step.to_string().into_bytes()]; // step before reset
    for base in [&reset, &step] {
        for k in base.as_object().unwrap().keys() {
            let mut bad = mutations(base, &[json!(k)]);
            bad.push(base.to_string().replacen(&format!("\"{k}\":"), &format!("\"{k}\":1,\"{k}\":"), 1));
            lines.extend(bad.into_iter().map(String::into_bytes));
        }
    }
    for v in ["-9223372036854775809", "1.5", "-1e308", "4", "2147483648"] {
        lines.push(reset.to_string().replacen("\"quan\":", &format!("\"quan\":{v},\"x\":"), 1).into_bytes());
    }
    lines.push(
        b"{\"cmd\":\"step\",\"responses\":{\"0\":\"PASS\\u0000\",\"1\":\"PASS\",\"2\":\"PASS\",\"3\":\"PASS\"}}"
            .to_vec(),
    );
    lines.push(b"\xff\xfe{\"cmd\":\"reset\"}".to_vec());
    lines.push(b"\x00\x00".to_vec());
    lines.push(format!("{{\"cmd\":\"step\",\"pad\":\"{}\"}}", "z".repeat(70_000)).into_bytes());
    lines.push("[".repeat(100_000).into_bytes());
    lines.push(b"\r".to_vec());
    // Then a game from the start, then EOF in the middle of a line.
    lines.push(reset.to_string().into_bytes());
    let mut input = Vec::new();
    for l in &lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    input.extend_from_slice(b"{\"cmd\":\"st");
    let out = mcr_with_input(&["serve", "--max-line-bytes", "65536"], input);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let replies: Vec<Value> = out.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON reply")).collect();
    assert_eq!(replies.len(), lines.len() + 1, "one reply per line, the cut last one included");
    assert!(replies[0]["error"].as_str().unwrap().contains("step before reset"), "{}", replies[0]);
    let (last, cut) = (&replies[lines.len() - 1], &replies[lines.len()]);
    assert_eq!(last["display"], rec["turns"][0]["display"], "the session survives the junk: {last}");
    assert!(cut["error"].as_str().is_some_and(|e| e.contains("malformed JSON")), "{cut}");
    // Only resets with in-range numbers (quan 0, srand 0 or -1) are games.
    for (l, r) in lines.iter().zip(&replies).filter(|(_, r)| r.get("error").is_none()) {
        let l = String::from_utf8_lossy(l);
        assert!(
            l.starts_with("{\"cmd\":\"reset\"") && r["display"]["action"] == "INIT",
            "junk accepted: {l:.200} -> {r}"
        );
    }
}

#[test]
fn hostile_hands_and_arguments_are_words_not_panics() {
    let long = "1m".repeat(50_000);
    for command in ["fan", "shanten", "waits", "audit"] {
        for hand in [
            "",
            " ",
            &long,
            "a\u{1}b",
            "中文",
            "+",
            "[",
            "]",
            "[[[[]]]]",
            "[chi 999m] 11p",
            "[gang 1m 9] 1m1m1m1m1m1m1m1m1m +1m",
            "123m 456m 789m 123p 11p +1p seat=99",
            "123m 456m 789m 123p 11p +1p flowers=99999999999999999999",
            "123m 456m 789m 123p 11p +1p flowers=-1",
            "123m 456m 789m 123p 11p +1p 4th 4th kong last last zimo",
            "1m1m1m1m1m 2m2m2m2m2m +1m",
        ] {
            let r = mcr(&[command, hand]);
            assert!(!r.stderr.contains("panicked"), "{command} {:?}: {}", &hand[..hand.len().min(40)], r.stderr);
            assert!(matches!(r.code, Some(0..=2)), "{command} {:?}: {:?}", &hand[..hand.len().min(40)], r.code);
        }
    }
    let dir = common::temp_dir("hostile-play");
    for args in [
        vec!["play", "--threads", "100000", "-o", "/dev/null"],
        vec!["play", "--games", "1", "-o", dir.to_str().unwrap()],
        vec!["rules", "check", dir.to_str().unwrap()],
    ] {
        let r = mcr(&args);
        assert!(
            !r.stderr.contains("panicked") && matches!(r.code, Some(1) | Some(2)),
            "{args:?}: {:?} {}",
            r.code,
            r.stderr
        );
    }
    let r = mcr(&["play", "--games", "2", "--threads", "4096", "-o", "-"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 2);
}

/// Max resident set of the children waited for so far, in KB (Linux).
fn children_max_rss_kb() -> i64 {
    // SAFETY: `rusage` is a plain C struct of integers, for which all zero
    // bytes is a valid value.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes the struct it is given.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    u.ru_maxrss
}

#[test]
fn a_gzip_bomb_line_stays_within_the_memory_bound() {
    let lines = common::corpus::first_lines("golden.jsonl.gz", 2);
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(lines[0].as_bytes()).unwrap();
    e.write_all(b"\n{\"game_id\":\"").unwrap();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..200 {
        e.write_all(&chunk).unwrap();
    }
    e.write_all(format!("\"}}\n{}\n", lines[1]).as_bytes()).unwrap();
    let file = temp_file("bomb.jsonl.gz", e.finish().unwrap());
    for args in [
        vec!["validate", &file],
        vec!["validate", "--self-test", &file],
        vec!["hands", &file],
        vec!["rules", "diff", &file],
        vec!["audit", "--games", &file],
    ] {
        // In a child process of its own, so that its peak is not another test's.
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("\"$0\" {} >/dev/null 2>&1; echo $?", args.join(" ")))
            .arg(crate::common::mcr_bin())
            .output()
            .unwrap();
        let code = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert_eq!(code, "1", "{args:?}");
    }
    let rss = children_max_rss_kb();
    assert!(rss < 120_000, "a child peaked at {rss} KB for a 200 MiB line (bound 8 MiB)");
}
