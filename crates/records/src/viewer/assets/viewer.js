// mcr view: renders the JSON the Rust side embedded (#mcr-data). Every fact
// shown (hands, melds, rivers, counts, claims, fans) was computed by the
// engine and the calculator; this script only draws it and steps through it.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("mcr-data").textContent);
  const TILES = DATA.tiles;
  const TILE_INDEX = Object.fromEntries(TILES.map((f, i) => [f.name, i]));
  const GAMES = DATA.games;
  // Hands and melds are sent only where they changed: carry them forward.
  for (const g of GAMES) {
    let prev = null;
    for (const t of g.turns) {
      for (let s = 0; s < 4; s++) {
        if (t.hands[s] == null) t.hands[s] = prev ? prev.hands[s] : [];
        if (t.melds[s] == null) t.melds[s] = prev ? prev.melds[s] : [];
      }
      prev = t;
    }
    // The review's weighed discards by the turn of their draw.
    g.reviewAt = new Map();
    if (g.review) for (const d of g.review.decisions) g.reviewAt.set(d.turn, d);
    // The table review's decisions by the turn answered (several seats may
    // decide on one discard), and by "turn:seat".
    g.tableAt = new Map();
    g.tableBy = new Map();
    if (g.table_review) for (const d of g.table_review.decisions) {
      if (!g.tableAt.has(d.turn)) g.tableAt.set(d.turn, []);
      g.tableAt.get(d.turn).push(d);
      g.tableBy.set(d.turn + ":" + d.seat, d);
    }
  }
  const WINDS = ["East", "South", "West", "North"];
  const app = document.getElementById("app");
  const crumb = document.getElementById("crumb");
  const glyphBox = document.getElementById("glyphs");
  let current = null; // {g, turn}

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === undefined || v === false) continue;
        if (k === "class") e.className = v;
        else if (k === "text") e.textContent = v;
        else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
        else e.setAttribute(k, v === true ? "" : v);
      }
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  function tile(i, opts) {
    opts = opts || {};
    const f = TILES[i];
    const glyph = glyphBox.checked;
    const cls = ["tile", f.suit];
    if (opts.small) cls.push("small");
    if (opts.cls) cls.push(opts.cls);
    return el("span", { class: cls.join(" "), "data-t": f.name, title: opts.title || f.name, "data-by": opts.by, "data-ev": opts.ev, "data-turn": opts.turn },
      el("b", null, glyph ? String.fromCodePoint(f.glyph) : f.face), el("i", null, f.label));
  }

  function seatName(s) {
    return "S" + s + " " + WINDS[s];
  }

  // The rule profile a game was replayed and scored under (g.rules), and
  // where it came from; a profile other than botzone is a badge.
  const RULES_FROM = { "record": "from the record's \u201crules\u201d", "--rules": "from --rules", "default": "default" };

  function rulesView(g, id) {
    const r = g.rules;
    const alt = r.name !== "botzone";
    return el("span", { class: "rules" + (alt ? " badge alt" : ""), id, "data-rules": r.name, "data-from": r.from,
      title: "replayed and scored under " + r.name + " (" + r.about + "); a HU needs at least " + r.min_fan + " fan" },
      "rules ", el("b", null, r.name), " (" + RULES_FROM[r.from] + ")" + (alt ? ", HU from " + r.min_fan + " fan" : ""));
  }

  // "at least N fan under PROFILE": the minimum a HU needs in this game.
  function minFanText(g) {
    return "at least " + g.rules.min_fan + " fan under " + g.rules.name;
  }

  function canHuText(v) {
    if (v === -4) return "–";
    if (v === -3) return "no win";
    if (v === -1) return "bad count";
    if (v < 0) return String(v);
    return v + " fan";
  }

  // ---------------------------------------------------------------- routing

  function parseHash() {
    const p = new URLSearchParams(location.hash.replace(/^#/, ""));
    return { game: p.get("game"), turn: p.get("turn") };
  }

  function route() {
    const h = parseHash();
    let g = GAMES.find((x) => x.id === h.game);
    if (!g && GAMES.length === 1) g = GAMES[0];
    if (!g) {
      current = null;
      frameFor = null;
      renderIndex();
      return;
    }
    if (g.turns.length === 0) {
      current = null;
      frameFor = null;
      crumb.textContent = g.id;
      app.replaceChildren(el("h2", null, "Game ", el("span", { class: "mono" }, g.id)), rulesView(g, "rules"),
        el("div", { class: "panel error" }, "Replay stopped: " + g.error), el("p", { class: "muted" }, g.source));
      return;
    }
    let turn = parseInt(h.turn, 10);
    if (isNaN(turn)) turn = 0;
    turn = Math.max(0, Math.min(g.turns.length - 1, turn));
    current = { g, turn };
    renderGame();
  }

  function go(turn) {
    if (!current) return;
    const g = current.g;
    turn = Math.max(0, Math.min(g.turns.length - 1, turn));
    current.turn = turn;
    renderGame();
    // The address follows the steps, written once stepping pauses (browsers
    // throttle history updates: a held arrow key would exceed the limit).
    clearTimeout(hashTimer);
    hashTimer = setTimeout(() => {
      if (current && current.g === g) history.replaceState(null, "", "#game=" + encodeURIComponent(g.id) + "&turn=" + current.turn);
    }, 120);
  }
  let hashTimer = null;

  // ------------------------------------------------------------------ index

  function endingText(s) {
    switch (s.ending) {
      case "HU": return "HU (" + (s.how || "") + ")";
      case "HUANG": return "draw (wall exhausted)";
      case "WA": return "WA (wrong answer)";
      case "WH": return "WH (wrong HU)";
      default: return s.ending;
    }
  }

  function renderIndex() {
    crumb.textContent = GAMES.length + " games";
    document.title = "mcr view: " + GAMES.length + " games";
    const rows = GAMES.map((g) => {
      const s = g.summary;
      const who = s.winner !== null ? seatName(s.winner) : s.offender !== null ? "offender " + seatName(s.offender) : "–";
      return el("tr", { "data-game": g.id },
        el("td", { class: "mono" }, el("a", { href: "#game=" + encodeURIComponent(g.id) + "&turn=" + (g.turns.length - 1) }, g.id)),
        el("td", null, endingText(s)),
        el("td", null, who),
        el("td", { class: "num" }, s.fan_total === null ? "–" : String(s.fan_total)),
        el("td", { class: "rules-cell" }, rulesView(g, null)),
        el("td", { class: "tags" }, g.tags.map((t) => el("span", null, t))),
        el("td", { class: "muted" }, g.error ? "replay error" : ""));
    });
    app.replaceChildren(
      el("h2", null, GAMES.length + " games"),
      el("div", { class: "scroll" }, el("table", { class: "index" },
        el("thead", null, el("tr", null, ["game", "ending", "winner", "fan total", "rules", "tags", ""].map((h) => el("th", null, h)))),
        el("tbody", null, rows))));
  }

  // ------------------------------------------------------------------- game

  function eventView(g, t, n) {
    const e = t.event;
    const who = e.player != null ? el("b", null, seatName(e.player)) : null;
    const T = (i) => tile(i, { small: true });
    switch (e.action) {
      case "INIT": return ["Game starts, prevalent wind ", el("b", null, WINDS[g.quan])];
      case "DEAL": return ["13 tiles dealt to each seat"];
      case "DRAW": return [who, " draws ", T(e.tile)];
      case "PLAY": return [who, " discards ", T(e.tile)];
      case "PENG": return [who, " pungs ", T(e.taken), " from ", seatName(e.from), ", discards ", T(e.tile)];
      case "CHI": return [who, " chows ", T(e.taken), " from ", seatName(e.from), " into ", T(e.middle - 1), T(e.middle), T(e.middle + 1), ", discards ", T(e.tile)];
      case "GANG": return e.concealed ? [who, " declares a concealed kong"] : [who, " kongs ", T(e.tile), " discarded by ", seatName(e.from)];
      case "BUGANG": return [who, " promotes a pung of ", T(e.tile), " to a kong (the others may rob it)"];
      case "HUANG": return ["The next drawer's wall is empty: draw game"];
      case "HU": {
        const how = e.from == null ? "self-drawn" : (g.turns[n - 1] && g.turns[n - 1].event.action === "BUGANG" ? "robbing the kong of " : "on the discard of ") + seatName(e.from);
        return [who, " wins, ", how, " (" + g.summary.fan_total + " fan; a HU needs " + minFanText(g) + ")"];
      }
      case "WA": return [who, ": wrong answer, verdict WA"];
      case "WH": return [who, ": HU declared without " + minFanText(g) + ", verdict WH"];
      default: return [e.action];
    }
  }

  const OUTCOME = {
    "granted": (c) => [seatName(c.seat) + "'s " + c.action + " is granted"],
    "illegal": (c) => [seatName(c.seat) + "'s " + c.action + " is the claim examined first, but the table does not allow it: WA"],
    "not-eligible": (c) => [seatName(c.seat) + " may not " + c.action + " here (the level admits other seats only): WA"],
    "rejected": (c) => [seatName(c.seat) + "'s answer is no claim of this level or a later one, and the level rejects it: WA"],
    "actor-not-pass": (c) => [seatName(c.seat) + " acted and must answer PASS: WA"],
    "no-claim": () => ["Nobody claims: every examined answer is PASS"],
  };

  function decisionView(c) {
    const lines = [el("div", null, el("b", null, "Decision: "), OUTCOME[c.outcome] ? OUTCOME[c.outcome](c) : c.outcome)];
    if (c.level != null) {
      lines.push(el("div", { class: "muted" }, "by level " + c.level + " of \u201con " + c.on + ":\u201d, " + DATA.claims_file + ":" + c.line));
      lines.push(el("code", { class: "rule" }, DATA.claim_rules[c.line]));
      if (c.order) lines.push(el("div", { class: "muted" }, "seats examined in the order " + c.order.map((x) => "S" + x).join(", ") + "; the first claim of the level wins"));
    } else {
      lines.push(el("div", { class: "muted" }, "section \u201con " + c.on + ":\u201d of " + DATA.claims_file));
    }
    return el("div", { class: "decision", "data-outcome": c.outcome }, lines);
  }

  // The audit's win (a HU, or the HU a WH refused), if any.
  function winOf(g) {
    return g.audit && g.audit.win ? g.audit.win : null;
  }

  // Copies each evidence row of 绝张 (win.flags.shown) put on the table:
  // a discard one river tile; a pung two tiles of the meld, a melded kong
  // three, a chow's run tile or a promoted kong one; the claimed tile of a
  // chow none (its discard is the copy).
  const COPIES = { "discard": 1, "pung": 2, "kong": 3, "chow": 1, "promoted kong": 1, "chow (claimed)": 0 };
  const MELD_KINDS = { PENG: ["peng", "gang"], CHI: ["chi"], GANG: ["gang"], BUGANG: ["gang"] };

  // At the last turn: which table tiles are the audit's shown copies of the
  // win tile. Keys "river:seat:turn" and "meld:seat:meld:index", values the
  // evidence row's index.
  function evidenceMarks(g, n) {
    const w = winOf(g);
    const marks = new Map();
    if (!w || n !== g.turns.length - 1) return marks;
    const melds = g.turns[n].melds;
    w.flags.shown.forEach((row, r) => {
      const t = TILE_INDEX[row.tile];
      if (row.what === "discard") {
        marks.set("river:" + row.seat + ":" + row.turn, r);
        return;
      }
      let need = COPIES[row.what] || 0;
      const kinds = MELD_KINDS[row.action] || [];
      const order = melds[row.seat].map((m, i) => i).filter((i) => kinds.includes(melds[row.seat][i].kind));
      for (const i of order) {
        const m = melds[row.seat][i];
        m.tiles.forEach((x, j) => {
          const key = "meld:" + row.seat + ":" + i + ":" + j;
          if (need > 0 && x === t && m.taken !== j && !marks.has(key)) {
            marks.set(key, r);
            need--;
          }
        });
        if (need === 0) break;
      }
    });
    return marks;
  }

  function seatView(g, t, n, s) {
    const e = t.event;
    const last = n === g.turns.length - 1;
    const marks = evidenceMarks(g, n);
    const w = winOf(g);
    const cls = ["seat"];
    if (e.player === s && !["INIT", "DEAL", "HUANG"].includes(e.action)) cls.push("acting");
    if (last && g.summary.winner === s) cls.push("winner");
    if (last && g.summary.offender === s) cls.push("offender");
    const melds = t.melds[s].map((m, k) => el("span", { class: "meld", "data-kind": m.kind },
      m.tiles.map((x, i) => {
        const ev = marks.get("meld:" + s + ":" + k + ":" + i);
        return tile(x, { small: true, ev, cls: [m.taken === i ? "taken" : "", m.kind === "angang" && (i === 0 || i === 3) ? "down" : "", ev !== undefined ? "hl" : ""].join(" ").trim() || null });
      }),
      m.from !== null ? el("span", { class: "from" }, "\u2190S" + m.from) : null));
    // At a reviewed draw: the suggested discard (and the one made, when
    // another) outlined, the first copy in the hand, else the drawn tile.
    const rd = g.reviewAt.get(n);
    const marks2 = new Map();
    if (rd && rd.seat === s) {
      marks2.set(TILE_INDEX[rd.best.tile], "suggest");
      if (rd.played.tile !== rd.best.tile) marks2.set(TILE_INDEX[rd.played.tile], "unsuggested");
    }
    // The table review at a decision answered by a discard: the best
    // discard and the one made (when another), as above.
    const td = g.tableBy.get(n + ":" + s);
    if (td) {
      const best = playedTile(td.best.action);
      const made = playedTile(td.played.action);
      if (best !== null) marks2.set(best, "suggest");
      if (made !== null && made !== best) marks2.set(made, "unsuggested");
    }
    const mark = (x) => {
      const c = marks2.get(x);
      if (c) marks2.delete(x);
      return c;
    };
    const hand = t.hands[s].map((x) => {
      const c = mark(x);
      return tile(x, c ? { cls: c, title: TILES[x].name + (c === "suggest" ? ": the suggested discard" : ": the discard made") } : null);
    });
    let extra = null;
    if (t.drawn != null && e.player === s) extra = el("span", { class: "drawn", title: "drawn" }, tile(t.drawn, { title: "drawn: " + TILES[t.drawn].name, cls: mark(t.drawn) }));
    if (last && w && w.winner === s) extra = el("span", { class: "drawn", title: "win tile" }, tile(TILE_INDEX[w.win_tile], { cls: "win", title: "win tile" }));
    const river = g.rivers[s].filter((d) => d.turn <= n).map((d, i, arr) => {
      const claimed = d.claimed && d.claimed[0] <= n;
      const c = [];
      if (claimed) c.push("claimed");
      if (!claimed && i === arr.length - 1 && d.turn === n) c.push("last");
      const ev = marks.get("river:" + s + ":" + d.turn);
      if (ev !== undefined) c.push("hl");
      // A discard the review weighed (its draw the turn before).
      const r = g.reviewAt.get(d.turn - 1);
      const weighed = r && r.seat === s ? r : null;
      if (weighed && weighed.flagged) c.push("flagged");
      // The table review's decision that made this discard (answered the
      // turn before): flagged, and whether it dealt in.
      const tr = g.tableBy.get((d.turn - 1) + ":" + s);
      if (tr && tr.flagged) c.push("flagged");
      if (tr && tr.dealt_in) c.push("dealt-in");
      const t2 = tile(d.tile, { small: true, ev, turn: d.turn, cls: c.join(" ") || null, by: claimed ? "\u2192S" + d.claimed[1] : null, title: TILES[d.tile].name + (claimed ? ", claimed by S" + d.claimed[1] + " (" + d.claimed[2] + ")" : "") +
        (weighed ? "; review: suggested " + weighed.best.tile + ", loss " + weighed.loss_points.toFixed(2) + " points" : "") +
        (tr ? "; table review: best " + tr.best.action + ", loss " + tr.loss.toFixed(2) + " \u00b1 " + tr.loss_se.toFixed(2) + " points" +
          (tr.played.deal_in == null ? "" : ", deal-in chance " + pct(tr.played.deal_in)) + (tr.dealt_in ? "; dealt in" : "") : "") });
      if (weighed) {
        t2.dataset.loss = String(weighed.loss_points);
        t2.dataset.lossLabel = "-" + weighed.loss_points.toFixed(1);
      }
      if (tr) {
        t2.dataset.loss = String(tr.loss);
        t2.dataset.lossLabel = "-" + tr.loss.toFixed(1);
        if (tr.played.deal_in != null) t2.dataset.dealIn = String(tr.played.deal_in);
        if (tr.dealt_in) t2.dataset.dealtIn = "1";
      }
      return t2;
    });
    const ch = t.can_hu[s];
    return el("section", { class: cls.join(" "), "data-seat": s },
      el("div", { class: "seat-head" },
        el("span", { class: "wind" }, seatName(s)),
        el("span", { class: "name", title: g.players[s] || "" }, g.players[s] || ""),
        el("span", null, "wall ", el("b", { class: "wall-count", "data-n": t.walls[s] }, String(t.walls[s]))),
        el("span", { class: "canhu" + (ch >= g.rules.min_fan ? " win" : ""), title: "canHu (the calculator's result for this seat on the current tile; a HU needs " + minFanText(g) + ")" }, "canHu " + canHuText(ch))),
      el("div", { class: "row melds" }, melds.length ? melds : el("span", { class: "muted" }, "no melds")),
      el("div", { class: "row hand-row hand" }, hand, extra),
      el("div", { class: "row river" }, el("span", { class: "label" }, "river"), river));
  }

  function answersView(g, t) {
    if (!t.answers) return null;
    const c = t.claim;
    const mark = (s) => !c || c.seat !== s ? null : c.outcome === "granted" ? "granted" : "fault";
    return el("table", { class: "answers" },
      el("thead", null, el("tr", null, el("th", null, "seat"), el("th", null, "answer"), el("th", { title: "a HU needs " + minFanText(g) }, "canHu"))),
      el("tbody", null, t.answers.map((a, s) => el("tr", { "data-seat": s, class: mark(s) },
        el("td", null, seatName(s)), el("td", { class: "answer" }, a === "" ? "(empty)" : a), el("td", null, canHuText(t.can_hu[s]))))));
  }

  // A fan list {total, fans: [{name, value, count}]}; rows counted
  // otherwise in `other` are marked.
  function fanList(cls, title, list, other) {
    const count = (l, name) => { const f = l.fans.find((x) => x.name === name); return f ? f.count : 0; };
    return el("div", { class: cls }, el("b", null, title + ": " + list.total + " fan"),
      el("table", { class: "fans" }, el("tbody", null, list.fans.map((f) =>
        el("tr", { class: other && count(other, f.name) !== f.count ? "differs" : null },
          el("td", null, f.name), el("td", { class: "num" }, String(f.value)), el("td", { class: "num" }, "x" + f.count))))));
  }

  // The calculator's result codes below zero.
  const RESULT_TEXT = { "-1": "-1, a wrong tile count", "-2": "-2, a fifth copy of a tile", "-3": "-3, not a winning hand" };
  const FLAG_WORDS = { self_drawn: "self-drawn", fourth_tile: "4th tile (和绝张)", about_kong: "about kong", wall_last: "last tile" };

  function flagsText(f) {
    const on = Object.keys(FLAG_WORDS).filter((k) => f[k]).map((k) => FLAG_WORDS[k]);
    return on.length ? on.join(", ") : "none";
  }

  function turnLink(g, n) {
    return el("a", { href: "#game=" + encodeURIComponent(g.id) + "&turn=" + n }, "turn " + n);
  }

  function kongText(g, k) {
    return [k.kind + " kong of ", tile(TILE_INDEX[k.tile], { small: true }), " by " + seatName(k.seat) + " at ", turnLink(g, k.turn)];
  }

  // The win flags and what each rests on (win.flags, win.cai.flags).
  function evidenceView(g, w) {
    const f = w.flags;
    const changed = Object.keys(FLAG_WORDS).filter((k) => f.given[k] !== f.used[k])
      .map((k) => FLAG_WORDS[k] + (f.used[k] ? " set" : " dropped") + " by the flag rules");
    const copies = f.shown.reduce((n, r) => n + (COPIES[r.what] || 0), 0);
    const rows = f.shown.map((r, i) => el("tr", { "data-row": i, "data-turn": r.turn, "data-seat": r.seat, "data-what": r.what },
      el("td", null, turnLink(g, r.turn)), el("td", null, seatName(r.seat)), el("td", null, r.action), el("td", null, r.what),
      el("td", { class: "num" }, String(COPIES[r.what] || 0)), el("td", { class: "num" }, (r.cai_delta > 0 ? "+" : "") + r.cai_delta)));
    return el("div", { class: "evidence-flags" },
      el("div", null, el("b", null, "judge's win flags: "), flagsText(f.given), changed.length ? " (" + changed.join("; ") + ")" : ""),
      el("div", { class: "flag-4th" }, el("b", null, "4th tile: "), "other copies of ", tile(TILE_INDEX[w.win_tile], { small: true }),
        " shown before the win: " + copies + (copies >= 3 ? " (all three: 和绝张)" : "") + ", outlined on the table at the last turn"),
      rows.length ? el("div", { class: "scroll" }, el("table", { class: "evidence" },
        el("thead", null, el("tr", null, ["turn", "seat", "event", "shown as", "copies", "cai shownTiles"].map((h) => el("th", null, h)))),
        el("tbody", null, rows))) : null,
      el("div", { class: "flag-kong" }, el("b", null, "about kong: "), f.kong ? kongText(g, f.kong) : "no kong of the winner's before the win"),
      el("div", { class: "flag-wall" }, el("b", null, "last tile: "), "wall segment of " + seatName(f.wall_seat) + " holds " + f.wall_left +
        (f.wall_left === 0 ? " (empty: the last tile)" : "")));
  }

  const STATUS_TEXT = {
    "agree": "agrees with the judge",
    "cai_replay_fan_diff": "differs, still at least 8 fan (milder)",
    "cai_replay_below_8fan_gate": "BELOW the 8-fan gate: a cai-gated bot refuses this legal win",
  };

  // The cai-style replay (win.cai): its flags, its list beside the judge's
  // and the recorded one, the differing fans and the flag that explains them.
  function caiView(g, w) {
    const c = w.cai;
    if (!c) return null;
    const k = c.known;
    const diff = c.differing.map((d) => el("tr", null, el("td", null, d.name), el("td", { class: "num" }, String(d.value)),
      el("td", { class: "num" }, "x" + d.judge), el("td", { class: "num" }, "x" + d.cai)));
    return el("div", { class: "panel end cai", "data-status": c.status },
      el("h3", null, "Cai-style replay: " + c.fans.total + " fan, " + STATUS_TEXT[c.status]),
      el("div", null, "its flags (checked on " + c.flags.check.replace("_", " ") + ", shownTiles[", tile(TILE_INDEX[w.win_tile], { small: true }), "] = " + c.flags.shown_tiles + "): " + flagsText(c.flags.cai)),
      el("div", { class: "cmp" },
        fanList("judge-list", "judge", w.recorded, c.fans),
        fanList("cai-list", "cai-style replay (ours)", c.fans, w.recorded),
        k && k.recorded_fans ? fanList("known-list", "cai replay (recorded)", k.recorded_fans, c.fans) : null),
      diff.length ? el("table", { class: "fans differing" },
        el("thead", null, el("tr", null, ["differs", "value", "judge", "cai"].map((h) => el("th", null, h)))), el("tbody", null, diff)) : null,
      g.rules.min_fan !== 8 ? el("div", { class: "muted gate" }, "the 8-fan gate is the cai-style bot's own; this game's HU needs " + minFanText(g)) : null,
      c.explained_by.length ? el("div", { class: "explained" }, "explained by: " + c.explained_by.join(", ")) : null,
      el("div", { class: "muted" }, "with the 4th-tile flag corrected: " + c.corrected.total + " fan" + (c.corrected_agrees ? ", the judge's list" : ", still not the judge's list")),
      k ? el("div", { class: "known" }, "recorded known_discrepancy: " + (k.recorded_status || "no status") + "; our list " +
        (k.list_equal ? "equals" : "DIFFERS from") + " the recorded one, our status " + (k.status_equal ? "equals" : "DIFFERS from") + " the recorded one") : null,
      g.known_note ? el("p", { class: "muted" }, g.known_note) : null);
  }

  function auditView(g) {
    const w = winOf(g);
    if (!g.audit || (!w && !g.audit.problem)) return null;
    if (!w) return el("div", { class: "panel end audit" }, el("h3", null, "Audit"), el("div", { class: "error" }, g.audit.problem));
    const agree = w.agree ? el("span", { class: "badge good" }, "engine and judge agree") : el("span", { class: "badge bad" }, "engine and judge DIFFER");
    const rows = w.fan_rows.map((f) => {
      const differs = f.recorded !== f.engine;
      const why = f.status === "counted" ? "counted" : f.status === "omitted" ? "omitted by " + f.omitted_by.join(", ") : "does not hold";
      return el("tr", { class: f.status + (differs ? " differs" : ""), "data-fan": f.name },
        el("td", null, f.name, el("div", { class: "muted" }, f.name_en)),
        el("td", { class: "num" }, String(f.value)),
        el("td", { class: "num" }, "x" + f.engine),
        el("td", { class: "num" }, "x" + f.recorded),
        el("td", null, why, el("div", { class: "rule" }, f.rule + "  (rules/fans.mcr:" + f.line + ")")));
    });
    const t = w.engine.total;
    const total = t >= 0 ? String(t) : RESULT_TEXT[t] || String(t);
    return el("div", { class: "panel end audit" },
      el("h3", null, "Fans of " + seatName(w.winner) + ": " + total + " (judge " + w.recorded.total + ")", " ", agree),
      el("div", { class: "mono muted" }, w.hand),
      el("div", { class: "min-fan" }, "scored under ", rulesView(g, null), ": a HU needs at least " + g.rules.min_fan + " fan" +
        (t >= 0 ? "; " + t + " fan is " + (t >= g.rules.min_fan ? "enough" : "below it") : "")),
      evidenceView(g, w),
      rows.length ? el("div", { class: "scroll" }, el("table", { class: "fans" },
        el("thead", null, el("tr", null, ["fan", "value", "engine", "judge", "why, and the rule"].map((h) => el("th", null, h)))),
        el("tbody", null, rows))) : el("div", null, "no fan holds"),
      w.readings.length === 0 ? el("div", { class: "muted" }, "no reading: no special shape fits and the tiles do not split into sets and a pair") :
      el("details", null, el("summary", null, w.readings.length + (w.readings.length === 1 ? " reading" : " readings") + " weighed"),
        w.readings.map((r) => el("div", { class: "reading" },
          el("div", { class: "mono" }, (r.chosen ? "* " : "  ") + r.text + "  total " + r.total + "  (" + r.verdict + ")"),
          el("div", { class: "muted" }, "counted: " + (r.counted.map(([n, c]) => c > 1 ? n + " x" + c : n).join(", ") || "-")),
          r.omitted.map(([f, c, by]) => el("div", { class: "muted" }, "omitted: " + f + " x" + c + " by " + by))))),
      el("details", null, el("summary", null, "the calculator's trace (mcr audit)"), el("pre", { class: "trace" }, w.trace)));
  }

  function verdictView(g) {
    const v = g.verdict;
    if (!v) return null;
    const inj = v.injected;
    return el("div", { class: "panel verdict" },
      el("h3", null, "Verdict " + v.verdict + " on " + seatName(v.offender)),
      v.answer !== null ? el("div", null, "offending answer (to turn " + v.turn + "): ", el("code", { class: "offending" }, v.answer === "" ? "(empty)" : v.answer)) : null,
      inj ? el("div", { class: "muted injected" }, "injected by the record: ",
        inj && typeof inj === "object" ? Object.entries(inj).map(([k, x]) => el("span", { class: "kv" }, k + ": " + (typeof x === "string" ? x : JSON.stringify(x)))) : JSON.stringify(inj)) : null,
      v.verdict === "WH" ? el("div", { class: "min-fan" }, "a HU needs " + minFanText(g) + "; the declared hand has " +
        (g.summary.fan_total >= 0 ? g.summary.fan_total + " fan" : "no win (" + g.summary.fan_total + ")")) : null,
      el("div", null, "scores: " + v.scores.join(", ")));
  }

  function pct(x) {
    return (100 * x).toFixed(1) + "%";
  }

  // The review of the discard after the draw of turn n (g.review's row).
  function reviewView(g, d) {
    const row = (what, f, cls) => el("tr", { class: cls },
      el("td", null, what), el("td", null, tile(TILE_INDEX[f.tile], { small: true })),
      el("td", { class: "num" }, pct(f.win_prob)), el("td", { class: "num" }, f.exp_points.toFixed(2)),
      el("td", { class: "num" }, f.min_draws == null ? "\u2013" : String(f.min_draws)));
    const verdict = !d.judged ? "the analysis sees no win within the " + d.draws_left + " draws left"
      : d.agrees ? "worth as much as the suggested discard"
      : "loss " + d.loss_points.toFixed(2) + " points, " + pct(d.loss_win_prob) + " chance to win" + (d.flagged ? " (flagged: above " + g.review.threshold + " points)" : "");
    return el("div", { class: "panel review" + (d.flagged ? " flagged" : ""), "data-seat": d.seat, "data-turn": d.turn,
      "data-played": d.played.tile, "data-best": d.best.tile, "data-loss": String(d.loss_points), "data-flagged": d.flagged ? "1" : "0" },
      el("h3", null, "Review: " + seatName(d.seat) + "'s discard"),
      el("table", { class: "fans review-rows" },
        el("thead", null, el("tr", null, ["", "tile", "win", "points", "draws"].map((h) => el("th", null, h)))),
        el("tbody", null, row("made", d.played, "played"), row("suggested", d.best, "best"))),
      el("div", { class: "loss" }, verdict),
      el("div", { class: "muted" }, d.draws_left + " draws left, " + (d.exact ? "exact" : "deeper search") +
        "; the chance and expected points of a win of " + minFanText(g) + " within them (mcr review)"));
  }

  // The tile index of an answer that discards ("PLAY W1"; PENG and CHI
  // discard from the meld's remains, not outlined), else null.
  function playedTile(action) {
    const m = /^PLAY (\S+)$/.exec(action);
    return m ? TILE_INDEX[m[1]] : null;
  }

  // The table review of one decision (g.table_review's row): the answer
  // given and the best one with their figures, the loss and its standard
  // error, the deal-in chance and whether the answer dealt in.
  function tableReviewView(g, d) {
    const r = g.table_review;
    const row = (what, f, cls) => el("tr", { class: cls },
      el("td", null, what), el("td", { class: "answer" }, f.action),
      el("td", { class: "num" }, f.mean.toFixed(2) + " \u00b1 " + f.se.toFixed(2)),
      el("td", { class: "num" }, pct(f.win_prob)),
      el("td", { class: "num" }, f.deal_in == null ? "\u2013" : pct(f.deal_in)));
    const same = d.played.action === d.best.action;
    const verdict = same ? "the best answer under the table model"
      : "loss " + d.loss.toFixed(2) + " \u00b1 " + d.loss_se.toFixed(2) + " points" +
        (d.flagged ? " (flagged: above " + r.threshold + " points and twice its standard error)" : "");
    return el("div", { class: "panel table-review" + (d.flagged ? " flagged" : "") + (d.dealt_in ? " dealt-in" : ""),
      "data-seat": d.seat, "data-turn": d.turn, "data-played": d.played.action, "data-best": d.best.action,
      "data-loss": String(d.loss), "data-loss-se": String(d.loss_se), "data-deal-in": d.played.deal_in == null ? null : String(d.played.deal_in),
      "data-dealt-in": d.dealt_in ? "1" : "0", "data-flagged": d.flagged ? "1" : "0" },
      el("h3", null, "Table review: " + seatName(d.seat) + "'s answer"),
      el("table", { class: "fans review-rows" },
        el("thead", null, el("tr", null, ["", "answer", "points", "win", "deal-in"].map((h) => el("th", null, h)))),
        el("tbody", null, row("given", d.played, "played"), same ? null : row("best", d.best, "best"))),
      el("div", { class: "loss" }, verdict),
      d.dealt_in ? el("div", { class: "dealt-in-note" }, "dealt in: another seat won on this discard") : null,
      el("div", { class: "muted" }, d.answers + " legal answers, each played out on the same " + d.worlds +
        " sampled worlds; points: the expected final score (mcr review --model table)"));
  }

  // Per seat: decisions, loss, flagged, deal-ins; links to the flagged
  // decisions and the deal-ins.
  function tableReviewSummary(g) {
    const r = g.table_review;
    if (!r) return null;
    const link = (d) => el("a", { href: "#game=" + encodeURIComponent(g.id) + "&turn=" + d.turn, "data-turn": d.turn, "data-seat": d.seat }, "turn " + d.turn + " S" + d.seat);
    const flagged = r.decisions.filter((d) => d.flagged);
    const dealt = r.decisions.filter((d) => d.dealt_in);
    return el("div", { class: "review-summary table-summary" },
      el("b", null, "table review (" + r.worlds + " worlds, seed " + r.seed + "): "),
      r.seats.map((s) => el("span", { class: "rs", "data-seat": s.seat, "data-flagged": String(s.flagged), "data-loss": String(s.loss), "data-deal-ins": String(s.deal_ins) },
        seatName(s.seat) + " " + s.decisions + " decisions, loss " + s.loss.toFixed(1) + " \u00b1 " + s.loss_se.toFixed(1) + ", " + s.flagged + " flagged, " +
        s.deal_ins + " dealt in, deal-in chance " + (s.deal_in_chance == null ? "\u2013" : pct(s.deal_in_chance)))),
      el("span", { class: "muted" }, "(flagged: a loss above " + r.threshold + " points and twice its standard error)"),
      flagged.length ? el("div", { class: "flagged-list" }, "flagged: ", flagged.map(link)) : null,
      dealt.length ? el("div", { class: "dealt-in-list" }, "dealt in: ", dealt.map(link)) : null);
  }

  // Per seat: agreement, loss, the flagged discards (links to their turns).
  function reviewSummary(g) {
    const r = g.review;
    if (!r) return null;
    const flagged = r.decisions.filter((d) => d.flagged);
    return el("div", { class: "review-summary" },
      el("b", null, "review: "),
      r.seats.map((s) => el("span", { class: "rs", "data-seat": s.seat, "data-flagged": String(s.flagged), "data-loss": String(s.loss_points) },
        seatName(s.seat) + " " + (s.agreement == null ? "\u2013" : pct(s.agreement)) + " agree, loss " + s.loss_points.toFixed(1) + ", " + s.flagged + " flagged")),
      el("span", { class: "muted" }, "(agree: a discard worth as much as the suggested one; flagged: a loss above " + r.threshold + " points)"),
      flagged.length ? el("div", { class: "flagged-list" }, "flagged: ", flagged.map((d) =>
        el("a", { href: "#game=" + encodeURIComponent(g.id) + "&turn=" + d.turn, "data-turn": d.turn }, "turn " + d.turn + " S" + d.seat))) : null);
  }

  function scoresView(g) {
    const s = g.summary.scores;
    if (!s) return null;
    return el("table", { class: "scores" }, el("tbody", null,
      el("tr", null, s.map((_, i) => el("th", null, seatName(i)))),
      el("tr", null, s.map((x) => el("td", { class: "num" }, (x > 0 ? "+" : "") + x)))));
  }

  // The frame (title, controls) is built once per game; a step redraws the
  // board only, so the slider keeps its drag.
  let frameFor = null;

  function buildFrame(g) {
    const last = g.turns.length - 1;
    const slider = el("input", { type: "range", id: "slider", min: 0, max: last, value: 0, "aria-label": "turn",
      oninput: (ev) => go(parseInt(ev.target.value, 10)) });
    const controls = el("div", { class: "controls" },
      el("button", { id: "first", title: "first turn (Home)", onclick: () => go(0) }, "\u00ab"),
      el("button", { id: "prev", title: "previous turn (\u2190)", onclick: () => go(current.turn - 1) }, "\u25c0"),
      el("button", { id: "next", title: "next turn (\u2192)", onclick: () => go(current.turn + 1) }, "\u25b6"),
      el("button", { id: "last", title: "last turn (End)", onclick: () => go(last) }, "\u00bb"),
      slider,
      el("span", { id: "turn-label" }, ""));
    const s = g.summary;
    const head = el("div", { class: "game-head" },
      el("h2", null, "Game ", el("span", { class: "mono" }, g.id)),
      el("span", null, "prevalent wind ", el("b", { id: "prevalent" }, WINDS[g.quan])),
      rulesView(g, "rules"),
      el("span", null, endingText(s) + (s.winner !== null ? " by " + seatName(s.winner) : "") + (s.fan_total === null ? "" : s.fan_total >= 0 ? ", " + s.fan_total + " fan" : ", not a win (" + s.fan_total + ")")),
      g.tags.map((x) => el("span", { class: "badge" }, x)),
      el("span", { class: "muted" }, g.source),
      reviewSummary(g),
      tableReviewSummary(g));
    app.replaceChildren(head, controls, el("div", { id: "board", "data-game": g.id }));
    frameFor = g;
  }

  function renderGame() {
    const { g, turn: n } = current;
    const t = g.turns[n];
    const last = g.turns.length - 1;
    if (frameFor !== g || !document.getElementById("board")) buildFrame(g);
    crumb.textContent = g.id + (GAMES.length > 1 ? "  (" + GAMES.length + " games)" : "");
    document.title = "mcr view: " + g.id + " turn " + n;
    const slider = document.getElementById("slider");
    if (String(slider.value) !== String(n)) slider.value = n;
    const label = document.getElementById("turn-label");
    label.textContent = "turn " + n + " / " + last;
    label.setAttribute("data-turn", n);
    const side = el("div", { class: "side" },
      el("div", { class: "panel" },
        el("div", { class: "event", id: "event", "data-action": t.event.action }, el("b", null, t.event.action + ": "), eventView(g, t, n)),
        t.answers ? el("h3", null, "Answers") : null, answersView(g, t),
        t.claim ? decisionView(t.claim) : null),
      g.reviewAt.has(n) ? reviewView(g, g.reviewAt.get(n)) : null,
      (g.tableAt.get(n) || []).map((d) => tableReviewView(g, d)),
      n === last ? el("div", { class: "panel" }, el("h3", null, "Scores"), scoresView(g)) : null,
      n === last ? verdictView(g) : null,
      g.error ? el("div", { class: "panel error" }, "Replay stopped: " + g.error) : null);
    const seats = el("div", { class: "table" },
      el("div", { class: "seats" }, [0, 1, 2, 3].map((x) => seatView(g, t, n, x))),
      el("div", { class: "legend" },
        el("span", null, tile(18, { small: true, cls: "claimed", by: "\u2192S2" }), "claimed by S2"),
        el("span", null, tile(18, { small: true, cls: "last" }), "the live discard"),
        el("span", null, tile(18, { small: true, cls: "taken" }), "the claimed tile of a chow"),
        el("span", null, "\u2190S1: melded from S1"),
        g.review ? el("span", null, tile(18, { small: true, cls: "suggest" }), "the review's suggested discard") : null,
        g.review ? el("span", null, tile(18, { small: true, cls: "flagged" }), "a discard the review flags (its loss)") : null,
        g.table_review ? el("span", null, tile(18, { small: true, cls: "suggest" }), "the table model's best discard") : null,
        g.table_review ? el("span", null, tile(18, { small: true, cls: "flagged" }), "a discard the table review flags (its loss)") : null,
        g.table_review ? el("span", null, tile(18, { small: true, cls: "dealt-in" }), "a discard that dealt in") : null,
        n === last && winOf(g) ? el("span", null, tile(TILE_INDEX[winOf(g).win_tile], { small: true, cls: "hl" }), "other copies of the win tile shown before the win (the audit's evidence)") : null,
        el("span", null, "\u2190 \u2192 Home End: step")));
    const end = n === last ? [auditView(g), winOf(g) ? caiView(g, winOf(g)) : null].filter((x) => x) : [];
    document.getElementById("board").replaceChildren(el("div", { class: "layout" }, seats, side), ...end);
  }

  document.addEventListener("keydown", (ev) => {
    if (!current || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const k = ev.key;
    if (k === "ArrowRight") go(current.turn + 1);
    else if (k === "ArrowLeft") go(current.turn - 1);
    else if (k === "Home") go(0);
    else if (k === "End") go(current.g.turns.length - 1);
    else return;
    ev.preventDefault();
  });
  window.addEventListener("hashchange", route);
  glyphBox.addEventListener("change", () => {
    document.body.classList.toggle("glyphs", glyphBox.checked);
    route();
  });
  route();
})();
