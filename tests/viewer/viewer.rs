//! `mcr view` in a real browser: pages generated for a sample of the golden
//! games (a robbed kong, a turn with several claims, error games, a known
//! discrepancy) are opened in headless Chromium over the DevTools protocol
//! (tests/browser), stepped with the arrow keys, the buttons, the slider and
//! the URL, and at every turn the table read back from the DOM must equal the
//! engine's own state at that turn (hands, melds, walls) and the rivers
//! derived from the record's displays. The page must log no error.
//! Screenshots go to target/view-artifacts/.
//!
//! Without a browser the test prints SKIPPED and the reason, unless
//! MCR_REQUIRE_CHROMIUM=1 or CI=true (set by .ci/run), where it fails.

use crate::browser;
use crate::common;
use common::corpus::{self, ERRORS, GOLDEN};

use browser::Browser;
use mcr_engine::audit::games::{audit_game, FanList, Replay, WinAudit};
use mcr_engine::engine::arbitration::ClaimDecision;
use mcr_engine::engine::Engine;
use mcr_engine::fans::Profile;
use mcr_engine::hand::PackKind;
use mcr_engine::record::rules::Origin;
use mcr_engine::record::GameRecord;
use mcr_engine::replay::Replayer;
use mcr_engine::tiles::Tile;
use mcr_engine::viewer::{self, Selection};
use serde_json::Value;
use std::path::{Path, PathBuf};

pub(crate) fn artifacts() -> PathBuf {
    let dir = common::repo().join("target/view-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A turn answering a discard where two or more other seats claimed.
fn multi_claim_turn(g: &GameRecord) -> Option<usize> {
    g.turns.iter().position(|t| {
        let action = t.display["action"].as_str().unwrap_or("");
        let actor = t.display["player"].as_u64().unwrap_or(9) as usize;
        matches!(action, "PLAY" | "PENG" | "CHI")
            && t.responses_by_seat()
                .iter()
                .enumerate()
                .filter(|(s, a)| *s != actor && a.is_some_and(|a| a != "PASS"))
                .count()
                >= 2
    })
}

/// The sample: (why, game).
fn sample() -> Vec<(&'static str, GameRecord)> {
    let golden = corpus::records(GOLDEN);
    let errors = corpus::records(ERRORS);
    let pick = |why: &'static str, from: &[GameRecord], f: &dyn Fn(&GameRecord) -> bool| {
        (why, from.iter().find(|g| f(g)).unwrap_or_else(|| panic!("no {why} game in the data")).clone())
    };
    vec![
        pick("robbed kong", &golden, &|g| g.expected.qianggang == Some(true)),
        pick("multi-claim turn", &golden, &|g| g.tags.iter().any(|t| t == "multi_hu") && multi_claim_turn(g).is_some()),
        pick("known discrepancy", &golden, &|g| g.known_discrepancy.is_some()),
        pick("error game, WA", &errors, &|g| g.expected.verdict.as_deref() == Some("WA") && g.turns.len() > 20),
        pick("error game, WH", &errors, &|g| g.expected.verdict.as_deref() == Some("WH")),
        pick("draw game", &golden, &|g| g.expected.ending == "draw"),
    ]
}

/// Played games under two profiles: (the house-example file, one of its
/// HUs of 6-7 fan, which botzone would refuse; the botzone file, one of its
/// games).
fn played_house_and_botzone(dir: &Path) -> (PathBuf, GameRecord, PathBuf, GameRecord) {
    let house = common::mcr_play(dir, "house.jsonl", 200, 3, Some("house-example"));
    let botzone = common::mcr_play(dir, "botzone.jsonl", 5, 5, None);
    let h = corpus::file_records(&house)
        .into_iter()
        .find(|g| g.expected.winner.is_some() && g.expected.fan_total.is_some_and(|t| t < 8))
        .expect("no house-example HU of 6-7 fan among the played games");
    assert_eq!(h.rules.map(|p| p.name), Some("house-example"));
    let b = corpus::file_records(&botzone).swap_remove(0);
    assert!(b.rules.is_none());
    (house, h, botzone, b)
}

/// The JSON a page embeds (`<script type="application/json" id="mcr-data">`).
fn page_data(html: &str) -> Value {
    let start = html.find("id=\"mcr-data\">").expect("no #mcr-data") + "id=\"mcr-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The tiles outlined on the table at the last turn are exactly the copies
/// of the audit's 绝张 evidence: each row's seat, tile, turn (a discard) and
/// number of copies.
fn check_outlined(b: &mut Browser, why: &str, w: &WinAudit) {
    let shown = &w.flags.shown;
    let hl = b.eval("Array.from(document.querySelectorAll('.seat .tile.hl')).map((e) => [Number(e.dataset.ev), Number(e.closest('.seat').dataset.seat), e.dataset.t, e.closest('.river') ? Number(e.dataset.turn) : null])").unwrap();
    let copies = |what: &str| match what {
        "discard" | "chow" | "promoted kong" => 1,
        "pung" => 2,
        "kong" => 3,
        _ => 0,
    };
    let mut want = Vec::new();
    for (i, r) in shown.iter().enumerate() {
        for _ in 0..copies(r.what) {
            want.push(serde_json::json!([
                i,
                r.seat,
                w.win_tile,
                if r.what == "discard" { Some(r.turn) } else { None }
            ]));
        }
    }
    let mut got = hl.as_array().unwrap().clone();
    got.sort_by_key(|v| v.to_string());
    want.sort_by_key(|v| v.to_string());
    assert_eq!(got, want, "{why}: the outlined copies of {}", w.win_tile);
}

/// Golden wins whose 绝张 evidence holds a copy in a meld, one for each kind
/// of row found ("pung", "chow", "chow (claimed)", "kong", "promoted kong").
fn meld_evidence_games() -> Vec<(&'static str, GameRecord)> {
    let mut out: Vec<(&'static str, GameRecord)> = Vec::new();
    for g in corpus::records(GOLDEN) {
        let a = audit_game(&g, Replay::Cai);
        let Some(w) = a.win.as_ref() else { continue };
        for what in ["pung", "chow", "chow (claimed)", "kong", "promoted kong"] {
            if w.flags.shown.iter().any(|r| r.what == what) && !out.iter().any(|(k, _)| *k == what) {
                out.push((what, g.clone()));
            }
        }
    }
    out
}

/// What the table must show at one turn, from the engine and the record.
#[derive(Debug, PartialEq)]
struct Table {
    hands: [Vec<String>; 4],
    melds: [Vec<(String, Vec<String>)>; 4],
    walls: [u64; 4],
    /// (tile, claimed) in order.
    rivers: [Vec<(String, bool)>; 4],
}

fn names(counts: [u8; 34]) -> Vec<String> {
    let mut v = Vec::new();
    for (i, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            v.push(Tile::from_index(i as u8).to_string());
        }
    }
    v
}

/// The engine replayed over the record: the table after each turn, and the
/// claim decision on the answers to each turn.
fn expected_tables(g: &GameRecord) -> (Vec<Table>, Vec<Option<ClaimDecision>>) {
    let mut replay = Replayer::new(Engine::new(), g);
    let mut tables = Vec::new();
    let mut claims = Vec::new();
    let mut rivers: [Vec<(String, bool)>; 4] = Default::default();
    let mut last_action = String::new();
    let mut last_player = 9usize;
    while let Some(step) = replay.next() {
        let step = step.unwrap_or_else(|e| panic!("{}: {e}", g.game_id));
        let (turn, engine, rec) = (step.turn, step.engine, &g.turns[step.index]);
        if step.index > 0 {
            // The decision on the answers to the previous turn.
            claims.push(engine.last_claim().copied());
        }
        // Rivers from the record's displays, independently of the viewer.
        let d = &rec.display;
        let action = d["action"].as_str().unwrap_or("").to_string();
        let player = d["player"].as_u64().unwrap_or(9) as usize;
        let on_discard = matches!(last_action.as_str(), "PLAY" | "PENG" | "CHI");
        if on_discard && (matches!(action.as_str(), "PENG" | "CHI" | "GANG") || action == "HU") {
            if let Some(last) = rivers[last_player].last_mut() {
                last.1 = true;
            }
        }
        if matches!(action.as_str(), "PLAY" | "PENG" | "CHI") {
            rivers[player].push((d["tile"].as_str().unwrap().to_string(), false));
        }
        last_action = action;
        last_player = player;
        tables.push(Table {
            hands: [0, 1, 2, 3].map(|s| names(engine.hand(s))),
            melds: [0, 1, 2, 3].map(|s| {
                engine
                    .packs(s)
                    .iter()
                    .map(|p| match p.kind {
                        PackKind::Chow => (
                            "chi".to_string(),
                            [p.tile.prev().unwrap(), p.tile, p.tile.next().unwrap()].map(|t| t.to_string()).to_vec(),
                        ),
                        PackKind::Pung => ("peng".to_string(), vec![p.tile.to_string(); 3]),
                        PackKind::Kong if p.offer == 0 => ("angang".to_string(), vec![p.tile.to_string(); 4]),
                        PackKind::Kong => ("gang".to_string(), vec![p.tile.to_string(); 4]),
                    })
                    .collect()
            }),
            walls: engine.walls_remaining().map(u64::from),
            rivers: rivers.clone(),
        });
        assert_eq!(turn.tile_cnt, engine.walls_remaining());
        if turn.is_terminal() {
            claims.push(None);
        }
    }
    (tables, claims)
}

/// Reads the table from the DOM (the page's own script is not asked).
const READ_TABLE: &str = r#"(() => {
  const seat = (s) => {
    const q = document.querySelector('.seat[data-seat="' + s + '"]');
    const t = (root, sel) => Array.from(root.querySelectorAll(sel)).map((e) => e.dataset.t);
    return {
      hand: t(q, '.hand > .tile'),
      drawn: t(q, '.hand .drawn .tile'),
      melds: Array.from(q.querySelectorAll('.meld')).map((m) => [m.dataset.kind, t(m, '.tile')]),
      river: Array.from(q.querySelectorAll('.river .tile')).map((e) => [e.dataset.t, e.classList.contains('claimed')]),
      wall: Number(q.querySelector('.wall-count').dataset.n),
    };
  };
  const dec = document.querySelector('.decision');
  return {
    game: document.getElementById('board').dataset.game,
    turn: Number(document.getElementById('turn-label').dataset.turn),
    action: document.getElementById('event').dataset.action,
    seats: [0, 1, 2, 3].map(seat),
    decision: dec ? { outcome: dec.dataset.outcome, text: dec.textContent } : null,
    highlighted: document.querySelectorAll('.river .tile.hl, .meld .tile.hl').length,
  };
})()"#;

fn dom_table(v: &Value) -> Table {
    let seat = |s: usize| &v["seats"][s];
    let strs = |a: &Value| a.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect::<Vec<_>>();
    Table {
        hands: [0, 1, 2, 3].map(|s| strs(&seat(s)["hand"])),
        melds: [0, 1, 2, 3].map(|s| {
            seat(s)["melds"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| (m[0].as_str().unwrap().to_string(), strs(&m[1])))
                .collect()
        }),
        walls: [0, 1, 2, 3].map(|s| seat(s)["wall"].as_u64().unwrap()),
        rivers: [0, 1, 2, 3].map(|s| {
            seat(s)["river"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| (r[0].as_str().unwrap().to_string(), r[1].as_bool().unwrap()))
                .collect()
        }),
    }
}

pub(crate) fn wait_turn(b: &mut Browser, id: &str, n: usize) {
    b.wait_for(&format!(
        "(() => {{ const l = document.getElementById('turn-label'), g = document.getElementById('board'); return !!l && !!g && g.dataset.game === '{id}' && l.dataset.turn === '{n}'; }})()"
    ))
    .unwrap_or_else(|e| panic!("game {id} turn {n}: {e}"));
}

fn check_turn(
    b: &mut Browser,
    why: &str,
    g: &GameRecord,
    n: usize,
    want: &Table,
    claim: Option<&ClaimDecision>,
) -> Value {
    let v = b.eval(READ_TABLE).unwrap();
    let got = dom_table(&v);
    assert_eq!(&got, want, "{why} game {} turn {n}: the page differs from the engine", g.game_id);
    let action = g.turns[n].display["action"].as_str().unwrap();
    assert_eq!(v["action"], action, "{why} game {} turn {n}: event", g.game_id);
    if action == "DRAW" {
        let p = g.turns[n].display["player"].as_u64().unwrap() as usize;
        assert_eq!(v["seats"][p]["drawn"][0], g.turns[n].display["tile"], "{why} turn {n}: drawn tile");
    }
    match claim {
        Some(d) => {
            assert_eq!(v["decision"]["outcome"], d.outcome.name(), "{why} game {} turn {n}: claim outcome", g.game_id);
            if let Some((rank, level)) = d.level {
                let text = v["decision"]["text"].as_str().unwrap();
                assert!(text.contains(&format!("rules/claims.txt:{}", level.line)), "{why} turn {n}: {text}");
                assert!(text.contains(&format!("{rank}. {}", level.describe())), "{why} turn {n}: {text}");
            }
        }
        None => assert!(v["decision"].is_null(), "{why} turn {n}: a decision where the engine made none"),
    }
    v
}

#[test]
fn pages_show_the_engine_state_in_chromium() {
    let out = artifacts();
    let sample = sample();
    // One page holding the sample, written by the library (the CLI's path).
    let sel = Selection {
        ids: sample.iter().map(|(_, g)| g.game_id.clone()).collect(),
        tags: vec![],
        limit: 0,
        profile: None,
    };
    let loaded = viewer::load(&[common::data("golden.jsonl.gz"), common::data("errors.jsonl.gz")], &sel);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let models = loaded.games;
    assert_eq!(models.len(), sample.len());
    let page = out.join("sample.html");
    std::fs::write(&page, viewer::page::render(&models).unwrap()).unwrap();
    let url = format!("file://{}", page.display());

    let Some(mut b) = browser::launch_or_skip(&out) else { return };
    b.viewport(1400, 1000, false).unwrap();

    // The index lists every game of the page.
    b.navigate(&url).unwrap();
    b.wait_for("document.querySelectorAll('table.index tbody tr').length > 0").unwrap();
    let rows =
        b.eval("Array.from(document.querySelectorAll('table.index tbody tr')).map((r) => r.dataset.game)").unwrap();
    assert_eq!(rows.as_array().unwrap().len(), sample.len());

    let mut shots = 0;
    for (why, g) in &sample {
        let (tables, claims) = expected_tables(g);
        let last = tables.len() - 1;
        // Addressed by URL, then stepped with the arrow key to the end.
        b.navigate(&format!("{url}#game={}&turn=0", g.game_id)).unwrap();
        wait_turn(&mut b, &g.game_id, 0);
        check_turn(&mut b, why, g, 0, &tables[0], claims[0].as_ref());
        for n in 1..=last {
            b.key("ArrowRight", 39).unwrap();
            wait_turn(&mut b, &g.game_id, n);
            check_turn(&mut b, why, g, n, &tables[n], claims[n].as_ref());
        }
        // The URL follows the steps.
        b.wait_for(&format!("location.hash === '#game={}&turn={last}'", g.game_id)).unwrap();
        // Buttons, the slider and the keys back.
        b.eval("document.getElementById('prev').click()").unwrap();
        wait_turn(&mut b, &g.game_id, last - 1);
        check_turn(&mut b, why, g, last - 1, &tables[last - 1], claims[last - 1].as_ref());
        let mid = last / 2;
        b.eval(&format!("(() => {{ const s = document.getElementById('slider'); s.value = {mid}; s.dispatchEvent(new Event('input')); }})()")).unwrap();
        wait_turn(&mut b, &g.game_id, mid);
        check_turn(&mut b, why, g, mid, &tables[mid], claims[mid].as_ref());
        b.key("Home", 36).unwrap();
        wait_turn(&mut b, &g.game_id, 0);
        b.key("End", 35).unwrap();
        wait_turn(&mut b, &g.game_id, last);
        let end = check_turn(&mut b, why, g, last, &tables[last], claims[last].as_ref());
        // The corpora name no profile: botzone, by default, no badge.
        let rules = b.eval("(() => { const r = document.getElementById('rules'); return [r.dataset.rules, r.dataset.from, r.classList.contains('alt'), r.textContent]; })()").unwrap();
        assert_eq!(rules, serde_json::json!(["botzone", "default", false, "rules botzone (default)"]), "{why}");

        // What each kind of game must show at its end.
        if let Some(verdict) = &g.expected.verdict {
            let offender = g.expected.offender.unwrap() as usize;
            let answer = g.turns[last - 1].responses_by_seat()[offender].unwrap_or("");
            let shown = b.eval("(() => { const v = document.querySelector('.verdict'); return v && [v.querySelector('h3').textContent, v.querySelector('.offending').textContent]; })()").unwrap();
            assert!(shown[0].as_str().unwrap().contains(verdict.as_str()), "{why}: {shown}");
            let want = if answer.is_empty() { "(empty)" } else { answer };
            assert_eq!(shown[1], want, "{why}: the offending answer");
        }
        if let Some(k) = &g.known_discrepancy {
            // The end view is the audit's (audit_game with the cai replay).
            let audit = audit_game(g, Replay::Cai);
            let w = audit.win.as_ref().unwrap();
            let cai = w.cai.as_ref().unwrap();
            let mut list = |sel: &str| {
                b.eval(&format!("Array.from(document.querySelectorAll('{sel} tr')).map((r) => Array.from(r.children).map((c) => c.textContent))")).unwrap()
            };
            let rows = |l: &FanList| {
                Value::Array(
                    l.fans
                        .iter()
                        .map(|f| serde_json::json!([f.name, f.value.to_string(), format!("x{}", f.count)]))
                        .collect(),
                )
            };
            assert_eq!(list(".cai-list"), rows(&cai.fans), "{why}: the cai list on the page is the audit's");
            assert_eq!(list(".judge-list"), rows(&w.recorded), "{why}: the judge's list");
            let known = cai.known.as_ref().unwrap();
            assert!(known.list_equal && known.status_equal, "{why}: {known:?}");
            assert_eq!(
                list(".known-list"),
                rows(known.recorded_fans.as_ref().unwrap()),
                "{why}: the recorded cai list"
            );
            let recorded: Vec<Value> = k["mahjonggb"]["fans_cai_replay"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| serde_json::json!([f[0], f[1].to_string(), format!("x{}", f[2])]))
                .collect();
            assert_eq!(list(".known-list"), Value::Array(recorded), "{why}: the record's fans_cai_replay");
            let status = b.eval("document.querySelector('.panel.cai').dataset.status").unwrap();
            assert_eq!(status, cai.status, "{why}");
            let diff = b.eval("document.querySelectorAll('table.differing tbody tr').length").unwrap();
            assert_eq!(diff.as_u64().unwrap() as usize, cai.differing.len(), "{why}: differing fans");
            assert!(!cai.differing.is_empty(), "{why}");
            let explained = b.eval("document.querySelector('.cai .explained').textContent").unwrap();
            for f in &cai.explained_by {
                assert!(explained.as_str().unwrap().contains(f), "{why}: {explained}");
            }
            // The flag evidence rows: the turns that showed the other copies.
            let shown = &w.flags.shown;
            assert!(!shown.is_empty(), "{why}: no evidence");
            let ev_rows = b.eval("Array.from(document.querySelectorAll('table.evidence tbody tr')).map((r) => [Number(r.dataset.turn), Number(r.dataset.seat), r.dataset.what])").unwrap();
            let want: Vec<Value> = shown.iter().map(|r| serde_json::json!([r.turn, r.seat, r.what])).collect();
            assert_eq!(ev_rows, Value::Array(want), "{why}: the evidence rows");
            let kong = b.eval("document.querySelector('.flag-kong').textContent").unwrap();
            assert!(
                kong.as_str().unwrap().contains(if w.flags.kong.is_some() { "kong of" } else { "no kong" }),
                "{why}: {kong}"
            );
            let wall = b.eval("document.querySelector('.flag-wall').textContent").unwrap();
            assert!(
                wall.as_str().unwrap().contains(&format!("S{} ", w.flags.wall_seat))
                    && wall.as_str().unwrap().contains(&format!("holds {}", w.flags.wall_left)),
                "{why}: {wall}"
            );
            check_outlined(&mut b, why, w);
            // And as many as the engine counts shown (what its 4th-tile flag rests on).
            let mut replay = Replayer::new(Engine::new(), g);
            let engine = loop {
                let step = replay.next().unwrap().unwrap();
                if step.index == g.turns.len() - 2 {
                    break *step.engine;
                }
            };
            let winner = g.expected.winner.unwrap();
            let win = engine.win_hand(winner).unwrap().win_tile;
            assert_eq!(
                end["highlighted"].as_u64().unwrap(),
                engine.shown(win) as u64,
                "{why}: highlighted copies of {win}"
            );
        }
        if matches!(g.expected.ending.as_str(), "zimo" | "ron") {
            let total = b.eval("document.querySelector('.audit h3').textContent").unwrap();
            let want = g.expected.fan_total.unwrap();
            assert!(total.as_str().unwrap().contains(&format!(": {want} (judge {want})")), "{why}: {total}");
            let rows = b.eval("document.querySelectorAll('.audit tr.counted').length").unwrap();
            assert_eq!(rows.as_u64().unwrap() as usize, g.expected.fan.len(), "{why}: counted fans");
        }
        // Screenshots: a claim being decided, and the end of the robbed kong.
        if *why == "multi-claim turn" {
            let n = multi_claim_turn(g).unwrap();
            b.navigate(&format!("{url}#game={}&turn={n}", g.game_id)).unwrap();
            wait_turn(&mut b, &g.game_id, n);
            check_turn(&mut b, why, g, n, &tables[n], claims[n].as_ref());
            b.screenshot(&out.join("multi-claim.png")).unwrap();
            shots += 1;
        }
        if *why == "robbed kong" {
            b.screenshot(&out.join("robbed-kong-end.png")).unwrap();
            b.viewport(390, 844, true).unwrap();
            b.screenshot(&out.join("robbed-kong-phone.png")).unwrap();
            let overflow = b.eval("document.documentElement.scrollWidth <= window.innerWidth + 1").unwrap();
            assert_eq!(overflow, Value::Bool(true), "the page is wider than a phone screen");
            b.viewport(1400, 1000, false).unwrap();
            shots += 1;
        }
    }
    assert_eq!(shots, 2);
    // Evidence in melds (a pung's two copies, a chow's run tile, a kong's
    // three) is outlined in the meld, exactly as many copies as the row says.
    let extra = meld_evidence_games();
    let kinds: Vec<&str> = extra.iter().map(|(k, _)| *k).collect();
    assert!(kinds.contains(&"pung") && kinds.contains(&"chow") && kinds.contains(&"chow (claimed)"), "{kinds:?}");
    let sel = Selection {
        ids: extra.iter().map(|(_, g)| g.game_id.clone()).collect(),
        tags: vec![],
        limit: 0,
        profile: None,
    };
    let loaded = viewer::load(&[common::data("golden.jsonl.gz")], &sel);
    let page2 = out.join("evidence.html");
    std::fs::write(&page2, viewer::page::render(&loaded.games).unwrap()).unwrap();
    for (what, g) in &extra {
        let last = g.turns.len() - 1;
        b.navigate(&format!("file://{}#game={}&turn={last}", page2.display(), g.game_id)).unwrap();
        wait_turn(&mut b, &g.game_id, last);
        let a = audit_game(g, Replay::Cai);
        let w = a.win.as_ref().unwrap();
        check_outlined(&mut b, &format!("evidence with a {what} row"), w);
        let in_melds = b.eval("document.querySelectorAll('.meld .tile.hl').length").unwrap().as_u64().unwrap();
        assert!(in_melds > 0 || *what == "chow (claimed)", "{what}: no copy outlined in a meld");
        eprintln!("viewer: evidence with a {what} row (game {}): {in_melds} copies outlined in melds", g.game_id);
    }
    // The Unicode mahjong block instead of text, and back; the table stays.
    let (why, g) = &sample[0];
    let (tables, claims) = expected_tables(g);
    let last = tables.len() - 1;
    b.navigate(&format!("{url}#game={}&turn={last}", g.game_id)).unwrap();
    wait_turn(&mut b, &g.game_id, last);
    let face = "document.querySelector('.seat .hand > .tile b').textContent.codePointAt(0)";
    assert!(b.eval(face).unwrap().as_u64().unwrap() < 0x1F000);
    b.eval("document.getElementById('glyphs').click()").unwrap();
    b.wait_for(&format!("{face} >= 0x1F000 && {face} <= 0x1F02B")).unwrap();
    check_turn(&mut b, why, g, last, &tables[last], claims[last].as_ref());
    b.eval("document.getElementById('glyphs').click()").unwrap();
    b.wait_for(&format!("{face} < 0x1F000")).unwrap();
    check_rules_in_chromium(&mut b, &out);
    let errors = b.page_errors();
    assert!(errors.is_empty(), "the page logged errors: {errors:#?}");
    for f in ["multi-claim.png", "robbed-kong-end.png"] {
        let png = std::fs::read(out.join(f)).unwrap();
        assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "{f} is not a screenshot");
    }
    eprintln!(
        "viewer: {} games checked turn by turn in headless Chromium; screenshots in {}",
        sample.len(),
        out.display()
    );
}

/// The game the review marks are checked on (and shown in the manual).
const REVIEWED: &str = "02987aefb7c6ab559c0d9359";

/// What the review marks must say, from the analysis itself (the record's
/// own-draw states, `decide`), not from the review: per discard after an
/// own draw, (turn, seat, played, suggested, loss in points, flagged).
fn expected_review_marks(g: &GameRecord, threshold: f64) -> Vec<(usize, u8, String, String, f64, bool)> {
    use mcr_engine::analysis::decide::{decide, record_decisions};
    let profile = Profile::default();
    let (states, stop) = record_decisions(g, profile);
    assert!(stop.is_none(), "{stop:?}");
    let mut out = Vec::new();
    for d in states {
        let Some(played) = d.played else { continue };
        let analysis = decide(profile, &d.state).unwrap();
        let best = analysis.best_by_points().unwrap();
        let mine = analysis.discards.iter().find(|r| r.tile == played).unwrap();
        let loss = (best.exp_points - mine.exp_points).max(0.0);
        let flagged = best.exp_points > 0.0 && loss > threshold;
        out.push((d.turn, d.seat, played.to_string(), best.tile.to_string(), loss, flagged));
    }
    out
}

/// `mcr view --review`: at each own-draw discard of a known game the page
/// shows the suggested discard (outlined in the hand) and the loss, the
/// flagged discards are marked in the rivers and listed in the header, as
/// the analysis gives them; a page without --review shows none of it.
/// Screenshot: target/view-artifacts/review.png (and, with
/// MCR_SCREENSHOT=1, docs/src/review.png).
#[test]
fn review_marks_show_the_analysis_in_chromium() {
    let Some(bin) = browser::find_chromium() else {
        common::skip("MCR_REQUIRE_CHROMIUM", "no chromium on the PATH (apt-get install chromium, or set MCR_CHROMIUM)");
        return;
    };
    let out = artifacts();
    let g = corpus::records(GOLDEN).into_iter().find(|g| g.game_id == REVIEWED).unwrap();
    let threshold = mcr_engine::analysis::review::ReviewOptions::default().threshold;
    let want = expected_review_marks(&g, threshold);
    let flagged: Vec<_> = want.iter().filter(|w| w.5).collect();
    assert!(want.len() > 60 && flagged.len() > 5, "{} discards, {} flagged", want.len(), flagged.len());
    let page = out.join("review.html");
    let plain = out.join("review-plain.html");
    // Run from the repository's root with the path relative to it: the page
    // names its source as given (the screenshot is in the manual).
    for (file, extra) in [(&page, Some("--review")), (&plain, None)] {
        let mut args = vec!["view", "tests/data/golden.jsonl.gz", "--id", REVIEWED, "-o", file.to_str().unwrap()];
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
    const READ_REVIEW: &str = r#"(() => {
      const r = document.querySelector('.review');
      const t = (sel) => Array.from(document.querySelectorAll(sel)).map((e) => [Number(e.closest('.seat').dataset.seat), e.dataset.t]);
      return {
        panel: r ? [Number(r.dataset.turn), Number(r.dataset.seat), r.dataset.played, r.dataset.best, Number(r.dataset.loss), r.dataset.flagged === '1'] : null,
        suggest: t('.seat .hand .tile.suggest'),
        unsuggested: t('.seat .hand .tile.unsuggested'),
      };
    })()"#;
    let at_decision: std::collections::HashSet<usize> = want.iter().map(|w| w.0).collect();
    for (turn, seat, played, best, loss, flag) in &want {
        b.navigate(&format!("{url}#game={REVIEWED}&turn={turn}")).unwrap();
        wait_turn(&mut b, REVIEWED, *turn);
        let v = b.eval(READ_REVIEW).unwrap();
        let p = &v["panel"];
        assert!(!p.is_null(), "turn {turn}: no review panel");
        assert_eq!((p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as u8), (*turn, *seat), "turn {turn}");
        assert_eq!((p[2].as_str().unwrap(), p[3].as_str().unwrap()), (played.as_str(), best.as_str()), "turn {turn}");
        assert!(
            (p[4].as_f64().unwrap() - loss).abs() <= 1e-9 * loss.max(1.0),
            "turn {turn}: loss {} against {loss}",
            p[4]
        );
        assert_eq!(p[5].as_bool().unwrap(), *flag, "turn {turn}: flagged");
        assert_eq!(v["suggest"], serde_json::json!([[seat, best]]), "turn {turn}: the suggested tile outlined");
        let other = if played == best { serde_json::json!([]) } else { serde_json::json!([[seat, played]]) };
        assert_eq!(v["unsuggested"], other, "turn {turn}: the discard made outlined");
        // The screenshot: the flagged discard of the largest loss.
        let worst = flagged.iter().max_by(|a, b| a.4.total_cmp(&b.4)).unwrap();
        if *turn == worst.0 {
            b.screenshot(&out.join("review.png")).unwrap();
            if std::env::var_os("MCR_SCREENSHOT").is_some() {
                b.screenshot(&common::repo().join("docs/src/review.png")).unwrap();
            }
        }
        // The turn after (the discard): no panel, unless it is a draw reviewed too.
        let next = turn + 1;
        if !at_decision.contains(&next) {
            b.navigate(&format!("{url}#game={REVIEWED}&turn={next}")).unwrap();
            wait_turn(&mut b, REVIEWED, next);
            let v = b.eval(READ_REVIEW).unwrap();
            assert!(v["panel"].is_null() && v["suggest"] == serde_json::json!([]), "turn {next}: {v}");
        }
    }
    // At the end: the flagged discards marked in the rivers (the discard's
    // turn is the draw's next), the header's counts and links.
    let last = g.turns.len() - 1;
    b.navigate(&format!("{url}#game={REVIEWED}&turn={last}")).unwrap();
    wait_turn(&mut b, REVIEWED, last);
    let marked = b.eval("Array.from(document.querySelectorAll('.river .tile.flagged')).map((e) => [Number(e.closest('.seat').dataset.seat), Number(e.dataset.turn), e.dataset.t])").unwrap();
    let mut got: Vec<Value> = marked.as_array().unwrap().clone();
    got.sort_by_key(|v| v[1].as_u64());
    let marks: Vec<Value> = flagged.iter().map(|w| serde_json::json!([w.1, w.0 + 1, w.2])).collect();
    assert_eq!(got, marks, "the flagged discards in the rivers");
    let links = b.eval("Array.from(document.querySelectorAll('.review-summary .flagged-list a')).map((a) => Number(a.dataset.turn))").unwrap();
    assert_eq!(links, serde_json::json!(flagged.iter().map(|w| w.0).collect::<Vec<_>>()));
    let counts = b
        .eval("Array.from(document.querySelectorAll('.review-summary .rs')).map((e) => Number(e.dataset.flagged))")
        .unwrap();
    let per_seat: Vec<usize> = (0..4u8).map(|s| flagged.iter().filter(|w| w.1 == s).count()).collect();
    assert_eq!(counts, serde_json::json!(per_seat));
    // A link goes to its turn.
    b.eval("document.querySelector('.review-summary .flagged-list a').click(); true").unwrap();
    wait_turn(&mut b, REVIEWED, flagged[0].0);
    // Without --review: none of it.
    b.navigate(&format!("file://{}#game={REVIEWED}&turn={}", plain.display(), flagged[0].0)).unwrap();
    wait_turn(&mut b, REVIEWED, flagged[0].0);
    let none =
        b.eval("document.querySelectorAll('.review, .review-summary, .tile.suggest, .tile.flagged').length").unwrap();
    assert_eq!(none, serde_json::json!(0));
    let errors = b.page_errors();
    assert!(errors.is_empty(), "the page logged errors: {errors:#?}");
    let png = std::fs::read(out.join("review.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG") && png.len() > 10_000, "review.png is not a screenshot");
    eprintln!(
        "viewer: review marks of {} discards ({} flagged) checked in {}",
        want.len(),
        flagged.len(),
        bin.display()
    );
}

/// A page of played games: a house-example HU of 6-7 fan (its record's
/// "rules"), a botzone game (the default), and the same botzone game named
/// as replayed under a hostile profile name from --rules (shown as text).
fn check_rules_in_chromium(b: &mut Browser, out: &Path) {
    let dir = common::temp_dir("viewer-rules-browser");
    let (house, h, botzone, bz) = played_house_and_botzone(&dir);
    let sel = Selection { ids: vec![h.game_id.clone(), bz.game_id.clone()], ..Selection::default() };
    let loaded = viewer::load(&[&house, &botzone], &sel);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let mut models = loaded.games;
    let mut hostile = models.iter().find(|m| m.id == bz.game_id).unwrap().clone();
    hostile.id = "hostile-rules".into();
    hostile.rules.name = HOSTILE;
    hostile.rules.from = Origin::Flag;
    models.push(hostile);
    let page = out.join("rules.html");
    std::fs::write(&page, viewer::page::render(&models).unwrap()).unwrap();
    let url = format!("file://{}", page.display());
    b.navigate(&url).unwrap();
    b.wait_for("document.querySelectorAll('table.index tbody tr').length === 3").unwrap();
    let index = b.eval("Array.from(document.querySelectorAll('table.index tbody tr')).map((r) => { const x = r.querySelector('.rules'); return [r.dataset.game, x.dataset.rules, x.dataset.from, x.classList.contains('alt')]; })").unwrap();
    let want = serde_json::json!([
        [h.game_id, "house-example", "record", true],
        [bz.game_id, "botzone", "default", false],
        ["hostile-rules", HOSTILE, "--rules", true]
    ]);
    assert_eq!(index, want, "the index's rules column");
    // The house game at its end: the badge, the minimum where the win is explained.
    let last = h.turns.len() - 1;
    b.navigate(&format!("{url}#game={}&turn={last}", h.game_id)).unwrap();
    wait_turn(b, &h.game_id, last);
    let total = h.expected.fan_total.unwrap();
    let shown = b.eval("[document.getElementById('rules').textContent, document.getElementById('rules').className, document.getElementById('event').textContent, document.querySelector('.audit .min-fan').textContent]").unwrap();
    let text = |i: usize| shown[i].as_str().unwrap().to_string();
    assert_eq!(text(0), "rules house-example (from the record's \u{201c}rules\u{201d}), HU from 6 fan");
    assert_eq!(text(1), "rules badge alt");
    assert!(text(2).contains(&format!("({total} fan; a HU needs at least 6 fan under house-example)")), "{}", text(2));
    assert!(text(3).contains(&format!("a HU needs at least 6 fan; {total} fan is enough")), "{}", text(3));
    // The botzone game: no badge, the judge's 8.
    let last = bz.turns.len() - 1;
    b.navigate(&format!("{url}#game={}&turn={last}", bz.game_id)).unwrap();
    wait_turn(b, &bz.game_id, last);
    let shown = b.eval("[document.getElementById('rules').textContent, document.getElementById('rules').className, document.querySelector('.seat .canhu').title]").unwrap();
    assert_eq!(shown[0], "rules botzone (default)");
    assert_eq!(shown[1], "rules");
    assert!(shown[2].as_str().unwrap().contains("a HU needs at least 8 fan under botzone"), "{shown}");
    // A name with markup is text on the page, not markup.
    b.navigate(&format!("{url}#game=hostile-rules&turn=0")).unwrap();
    wait_turn(b, "hostile-rules", 0);
    let shown = b
        .eval("[document.querySelector('#rules b').textContent, document.querySelectorAll('img, #rules i').length]")
        .unwrap();
    assert_eq!(shown, serde_json::json!([HOSTILE, 0]));
    eprintln!("viewer: rules shown for a house-example game ({}), a botzone game and a hostile name", h.game_id);
}

/// A profile name no profile has, with markup in it.
const HOSTILE: &str = "x</script><img src=x onerror=alert(1)><i>&amp;";

/// Without a browser: each game's rules on the page (the model and the
/// page's JSON, from the library and the CLI), and where they came from.
#[test]
fn pages_name_each_games_rules_and_their_origin() {
    let dir = common::temp_dir("viewer-rules");
    let (house, h, botzone, bz) = played_house_and_botzone(&dir);
    let house_profile = Profile::by_name("house-example").unwrap();
    // Each record under its own: the key, or the default.
    let all = viewer::load(&[&house, &botzone], &Selection::default());
    assert!(all.errors.is_empty(), "{:?}", all.errors);
    assert_eq!(all.games.len(), 205);
    for m in &all.games {
        let want = if m.source.starts_with(house.to_str().unwrap()) {
            ("house-example", Origin::Record, 6)
        } else {
            ("botzone", Origin::Default, 8)
        };
        assert_eq!((m.rules.name, m.rules.from, m.rules.min_fan), want, "{}", m.source);
    }
    // --rules decides for records without the key; a record with the key
    // naming the same profile keeps "record".
    let sel = Selection { profile: Some(house_profile), ..Selection::default() };
    let flagged = viewer::load(&[&botzone, &house], &sel);
    assert!(flagged.errors.is_empty(), "{:?}", flagged.errors);
    for m in &flagged.games {
        let from = if m.source.starts_with(house.to_str().unwrap()) { Origin::Record } else { Origin::Flag };
        assert_eq!((m.rules.name, m.rules.from), ("house-example", from), "{}", m.source);
    }
    // The CLI's page: the JSON the script draws from.
    let page = dir.join("rules.html");
    let run = common::mcr(&[
        "view",
        house.to_str().unwrap(),
        botzone.to_str().unwrap(),
        "--id",
        &h.game_id,
        "--id",
        &bz.game_id,
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(run.ok(), "{run:?}");
    let data = page_data(&std::fs::read_to_string(&page).unwrap());
    let rules: Vec<(Value, Value)> =
        data["games"].as_array().unwrap().iter().map(|g| (g["id"].clone(), g["rules"].clone())).collect();
    let about = |p: &Profile| p.about.to_string();
    assert_eq!(
        rules,
        vec![
            (
                h.game_id.clone().into(),
                serde_json::json!({"name": "house-example", "from": "record", "about": about(house_profile), "min_fan": 6})
            ),
            (
                bz.game_id.clone().into(),
                serde_json::json!({"name": "botzone", "from": "default", "about": about(Profile::default()), "min_fan": 8})
            ),
        ]
    );
    let run = common::mcr(&[
        "view",
        botzone.to_str().unwrap(),
        "--rules",
        "house-example",
        "--id",
        &bz.game_id,
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(run.ok(), "{run:?}");
    let data = page_data(&std::fs::read_to_string(&page).unwrap());
    assert_eq!(data["games"][0]["rules"]["name"], "house-example");
    assert_eq!(data["games"][0]["rules"]["from"], "--rules");
    // A name with markup cannot leave the page's JSON.
    let mut m = all.games.iter().find(|m| m.id == bz.game_id).unwrap().clone();
    m.rules.name = HOSTILE;
    let html = viewer::page::render(&[m]).unwrap();
    assert!(!html.contains("<img") && !html.contains("x</script>"), "the name leaked into the markup");
    assert_eq!(page_data(&html)["games"][0]["rules"]["name"], HOSTILE);
}

#[test]
fn cli_writes_a_self_contained_page() {
    let out = artifacts().join("cli-index.html");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (golden, errors) = (path(&common::data("golden.jsonl.gz")), path(&common::data("errors.jsonl.gz")));
    let run = common::mcr(&["view", "--tag", "qianggang", "--tag", "error", &golden, &errors, "-o", &path(&out)]);
    assert!(run.ok(), "{}", run.stderr);
    let stdout = &run.stdout;
    let tagged =
        |f: &str| corpus::records(f).iter().filter(|g| g.tags.iter().any(|t| t == "qianggang" || t == "error")).count();
    let want = tagged("golden.jsonl.gz") + tagged("errors.jsonl.gz");
    assert!(want > 150, "{want}");
    assert!(stdout.starts_with(&format!("view: {want} games written to")), "{stdout}");
    let page = std::fs::read_to_string(&out).unwrap();
    for banned in ["http://", "https://", "<link", " src="] {
        assert!(!page.contains(banned), "the page refers to {banned}");
    }
    // The limit: the first games only, the others counted.
    let limited = common::mcr(&["view", "--limit", "3", "-o", &path(&artifacts().join("limited.html")), &golden]);
    assert!(limited.ok());
    assert!(limited.stdout.starts_with("view: 3 games written"));
    let skipped = corpus::records(GOLDEN).len() - 3;
    assert!(limited.stderr.contains(&format!("{skipped} more selected games left out")), "{}", limited.stderr);
    // No game selected: an error, not an empty page.
    let none = common::mcr(&["view", "--id", "no-such-game", "-o", &path(&artifacts().join("none.html")), &golden]);
    assert!(!none.ok());
    assert!(none.stderr.contains("no game selected"));
    // A bad record is reported with its line; the others are still shown.
    let bad = artifacts().join("bad.jsonl");
    std::fs::write(&bad, format!("{{\"game_id\": 1}}\n{}\n", golden_first_line())).unwrap();
    let r = common::mcr(&["view", &path(&bad), "-o", &path(&artifacts().join("bad.html"))]);
    assert!(!r.ok());
    assert!(r.stderr.contains("bad.jsonl:1"), "{}", r.stderr);
    assert!(r.stdout.contains("view: 1 game written"));
}

/// The first record of the golden corpus, as stored.
fn golden_first_line() -> String {
    corpus::first_lines(GOLDEN, 1).remove(0)
}

/// Without a browser: the page's data for every golden and error game equals
/// the engine's state turn by turn, and the rivers derived from the record.
#[test]
fn page_data_equals_the_engine_for_every_game() {
    use mcr_engine::viewer::model::TurnModel;
    let mut checked = 0;
    for file in ["golden.jsonl.gz", "errors.jsonl.gz"] {
        for g in corpus::records(file) {
            let model = mcr_engine::viewer::model::build(&g, file);
            assert!(model.error.is_none(), "{}: {:?}", g.game_id, model.error);
            let (tables, claims) = expected_tables(&g);
            assert_eq!(model.turns.len(), tables.len(), "{}", g.game_id);
            let name = |t: &u8| Tile::from_index(*t).to_string();
            for (n, want) in tables.iter().enumerate() {
                let (hands, melds) = TurnModel::table_at(&model.turns, n);
                let got = Table {
                    hands: hands.map(|h| h.iter().map(name).collect()),
                    melds: melds
                        .map(|m| m.iter().map(|m| (m.kind.to_string(), m.tiles.iter().map(name).collect())).collect()),
                    walls: model.turns[n].walls.map(u64::from),
                    rivers: [0, 1, 2, 3].map(|s| {
                        model.rivers[s]
                            .iter()
                            .filter(|d| d.turn as usize <= n)
                            .map(|d| (name(&d.tile), d.claimed.is_some_and(|c| c.0 as usize <= n)))
                            .collect()
                    }),
                };
                assert_eq!(&got, want, "game {} turn {n}", g.game_id);
                let claim = model.turns[n].claim.as_ref();
                assert_eq!(
                    claim.map(|c| c.outcome),
                    claims[n].map(|d| d.outcome.name()),
                    "game {} turn {n}",
                    g.game_id
                );
                assert_eq!(
                    claim.and_then(|c| c.line),
                    claims[n].and_then(|d| d.level.map(|l| l.1.line)),
                    "game {} turn {n}",
                    g.game_id
                );
            }
            // The end: scores, the verdict's offender, the audit's total.
            let s = &model.summary;
            if !g.expected.scores.is_empty() {
                assert_eq!(s.scores.map(|x| x.to_vec()), Some(g.expected.scores.clone()), "{}", g.game_id);
            }
            if let Some(v) = &model.verdict {
                assert_eq!(Some(v.offender), g.expected.offender, "{}", g.game_id);
                assert_eq!(Some(v.verdict.as_str()), g.expected.verdict.as_deref(), "{}", g.game_id);
            }
            if matches!(g.expected.ending.as_str(), "zimo" | "ron") {
                let a = model.audit.win.as_ref().unwrap();
                assert_eq!(Some(a.engine.total), g.expected.fan_total.map(i64::from), "{}", g.game_id);
                assert!(a.agree, "{}", g.game_id);
                assert_eq!(model.audit, audit_game(&g, Replay::Cai), "{}: the page's audit is the audit's", g.game_id);
                assert_eq!(s.winner, g.expected.winner, "{}", g.game_id);
                let robbed = s.how.as_deref() == Some("robbed kong");
                assert_eq!(robbed, g.expected.qianggang == Some(true), "{}", g.game_id);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 372);
}
