// mcr arena standings --html: renders the JSON the Rust side embedded
// (#report-data): the standings (exactly `standings --format json`), the
// games, and for small runs the `mcr view` page of all of them.
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("report-data").textContent);
  const S = DATA.standings;
  const root = document.getElementById("report");
  // The SVG namespace, as the HTML parser gives it to an inline <svg>.
  const NS = (() => { const t = document.createElement("template"); t.innerHTML = "<svg></svg>"; return t.content.firstChild.namespaceURI; })();
  const COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];
  const color = (i) => COLORS[i % COLORS.length];
  const fixed = (v) => (v === null || v === undefined ? "-" : v.toFixed(2));
  const pct = (v) => (v === null || v === undefined ? "-" : (v * 100).toFixed(1) + "%");

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const k of kids) e.append(k);
    return e;
  }
  function svg(tag, attrs, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const k of kids) e.append(k);
    return e;
  }
  function section(title, id) {
    const s = el("section", { id });
    s.append(el("h2", {}, title));
    root.append(s);
    return s;
  }
  function scale(lo, hi, a, b) {
    if (hi === lo) { hi = lo + 1; lo = lo - 1; }
    return (v) => a + ((v - lo) / (hi - lo)) * (b - a);
  }
  function ticks(lo, hi, n) {
    const span = hi - lo || 1;
    const step0 = Math.pow(10, Math.floor(Math.log10(span / n)));
    const step = [1, 2, 5, 10].map((m) => m * step0).find((s) => span / s <= n) || step0 * 10;
    const out = [];
    for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) out.push(Math.round(t * 1e6) / 1e6);
    return out;
  }

  document.getElementById("summary").textContent =
    `${S.records} games, ${S.units} ${S.bootstrap.unit}s, ${S.bots.length} bots; 95% intervals by bootstrap over ${S.bootstrap.unit}s (${S.bootstrap.resamples} resamples)` +
    (S.repeats ? `; ${S.repeats} repeated games left out` : "") + (S.errors ? `; ${S.errors} unreadable records` : "");

  // ---------------------------------------------------------- the table
  {
    const s = section("Standings", "standings");
    const head = ["rank", "bot", "games", "mean", "ci95 lo", "ci95 hi", "win", "zimo share", "deal-in", "draws", "fan won", "verdicts", "ms mean", "ms p99", "ms max"];
    const t = el("table", { id: "standings-table" });
    t.append(el("thead", {}, el("tr", {}, ...head.map((h, i) => el("th", { class: i === 1 ? "name" : "" }, h)))));
    const body = el("tbody");
    for (const b of S.bots) {
      const v = Object.entries(b.verdicts).map(([k, n]) => `${k}:${n}`).join(" ") || "-";
      const tm = b.time_ms;
      const cells = [
        ["rank", String(b.rank)], ["name", b.name], ["games", String(b.games)], ["mean_score", fixed(b.mean_score)],
        ["ci_lo", b.ci95 ? fixed(b.ci95[0]) : "-"], ["ci_hi", b.ci95 ? fixed(b.ci95[1]) : "-"],
        ["win_rate", pct(b.win_rate)], ["self_drawn_share", pct(b.self_drawn_share)], ["deal_in_rate", pct(b.deal_in_rate)],
        ["draws", String(b.draws)], ["mean_fan_won", fixed(b.mean_fan_won)], ["verdicts", v],
        ["time_mean", tm ? fixed(tm.mean) : "-"], ["time_p99", tm ? fixed(tm.p99) : "-"], ["time_max", tm ? fixed(tm.max) : "-"],
      ];
      body.append(el("tr", { "data-bot": b.name }, ...cells.map(([k, text]) => el("td", { "data-key": k, class: k === "name" ? "name" : "" }, text))));
    }
    t.append(body);
    s.append(t);

    // Whiskers: mean and interval per bot.
    const W = 640, rowH = 26, left = 160, right = 30, top = 10;
    const H = top + rowH * S.bots.length + 30;
    let lo = 0, hi = 0;
    for (const b of S.bots) {
      lo = Math.min(lo, b.mean_score, b.ci95 ? b.ci95[0] : b.mean_score);
      hi = Math.max(hi, b.mean_score, b.ci95 ? b.ci95[1] : b.mean_score);
    }
    const x = scale(lo, hi, left, W - right);
    const g = svg("svg", { width: W, height: H, id: "whiskers", viewBox: `0 0 ${W} ${H}` });
    const axisY = top + rowH * S.bots.length + 4;
    g.append(svg("line", { class: "axis", x1: left, x2: W - right, y1: axisY, y2: axisY }));
    for (const t of ticks(lo, hi, 6)) {
      g.append(svg("line", { class: "axis", x1: x(t), x2: x(t), y1: axisY, y2: axisY + 4 }));
      g.append(svg("text", { x: x(t), y: axisY + 16, "text-anchor": "middle" }, String(t)));
    }
    g.append(svg("line", { class: "zero", x1: x(0), x2: x(0), y1: top, y2: axisY }));
    S.bots.forEach((b, i) => {
      const y = top + rowH * i + rowH / 2;
      g.append(svg("text", { x: left - 8, y: y + 4, "text-anchor": "end" }, b.name));
      if (b.ci95) {
        g.append(svg("line", { x1: x(b.ci95[0]), x2: x(b.ci95[1]), y1: y, y2: y, stroke: color(i), "stroke-width": 2, class: "whisker", "data-bot": b.name }));
        for (const e of b.ci95) g.append(svg("line", { x1: x(e), x2: x(e), y1: y - 6, y2: y + 6, stroke: color(i), "stroke-width": 2 }));
      }
      g.append(svg("circle", { cx: x(b.mean_score), cy: y, r: 4.5, fill: color(i), class: "mean", "data-bot": b.name }, svg("title", {}, `${b.name}: ${fixed(b.mean_score)}`)));
    });
    s.append(el("div", { class: "chart" }, el("h3", {}, "Mean score per game with its 95% interval"), g));
  }

  // ---------------------------------------------------------- pairwise
  if (S.pairwise.bots.length > 1) {
    const s = section("Pairwise: mean score difference (row - column) [95% interval]", "pairwise");
    const P = S.pairwise;
    const t = el("table", { id: "pairwise-table" });
    t.append(el("thead", {}, el("tr", {}, el("th", {}), ...P.bots.map((b) => el("th", {}, b)))));
    const body = el("tbody");
    P.bots.forEach((a, i) => {
      const cells = P.bots.map((b, j) => {
        const d = P.diff[i][j], ci = P.ci95[i][j];
        if (d === null) return el("td", {}, "-");
        const cls = ci && ci[0] > 0 ? "pos" : ci && ci[1] < 0 ? "neg" : "";
        return el("td", { class: cls, "data-diff": fixed(d) }, `${fixed(d)} ` + (ci ? `[${fixed(ci[0])}, ${fixed(ci[1])}]` : ""));
      });
      body.append(el("tr", {}, el("th", { class: "name" }, a), ...cells));
    });
    t.append(body);
    s.append(t);
  }

  // ---------------------------------------------------------- distributions
  {
    const s = section("Score per game", "distribution");
    const box = el("div", { class: "charts" });
    let lo = Infinity, hi = -Infinity;
    for (const pts of Object.values(S.charts.score_distribution)) for (const [v] of pts) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (lo === Infinity) { lo = 0; hi = 0; }
    const nbins = Math.min(30, Math.max(1, hi - lo + 1));
    const width = (hi - lo + 1) / nbins;
    S.bots.forEach((b, i) => {
      const bins = new Array(nbins).fill(0);
      for (const [v, n] of S.charts.score_distribution[b.name] || []) bins[Math.min(nbins - 1, Math.floor((v - lo) / width))] += n;
      const W = 300, H = 140, pad = 24;
      const top = Math.max(1, ...bins);
      const g = svg("svg", { width: W, height: H, class: "hist", "data-bot": b.name });
      const bw = (W - 2 * pad) / nbins;
      bins.forEach((n, k) => {
        const h = ((H - 2 * pad) * n) / top;
        g.append(svg("rect", { x: pad + k * bw, y: H - pad - h, width: Math.max(1, bw - 1), height: h, fill: color(i) },
          svg("title", {}, `${Math.ceil(lo + k * width)}..${Math.ceil(lo + (k + 1) * width) - 1}: ${n}`)));
      });
      g.append(svg("line", { class: "axis", x1: pad, x2: W - pad, y1: H - pad, y2: H - pad }));
      g.append(svg("text", { x: pad, y: H - 6 }, String(lo)));
      g.append(svg("text", { x: W - pad, y: H - 6, "text-anchor": "end" }, String(hi)));
      box.append(el("div", { class: "chart" }, el("h3", {}, b.name), g));
    });
    s.append(box);
  }

  // ---------------------------------------------------------- fans
  {
    const s = section("Fans of the wins, by frequency", "fans");
    const box = el("div", { class: "charts" });
    S.bots.forEach((b, i) => {
      const fans = (S.charts.fans[b.name] || []).slice(0, 15);
      const W = 300, rowH = 16, left = 110;
      const H = Math.max(30, rowH * fans.length + 10);
      const top = Math.max(1, ...fans.map((f) => f[1]));
      const g = svg("svg", { width: W, height: H, class: "fans", "data-bot": b.name });
      fans.forEach(([name, n], k) => {
        const y = 5 + k * rowH;
        g.append(svg("text", { x: left - 4, y: y + 11, "text-anchor": "end" }, name));
        const w = ((W - left - 40) * n) / top;
        g.append(svg("rect", { x: left, y: y + 2, width: w, height: rowH - 4, fill: color(i) }));
        g.append(svg("text", { x: left + w + 4, y: y + 11 }, String(n)));
      });
      if (!fans.length) g.append(svg("text", { x: 10, y: 18 }, "no wins"));
      box.append(el("div", { class: "chart" }, el("h3", {}, `${b.name} (${b.wins} wins)`), g));
    });
    s.append(box);
  }

  // ---------------------------------------------------------- running mean
  {
    const s = section(`Running mean score over ${S.bootstrap.unit}s`, "running");
    const W = 700, H = 260, pad = 40;
    let lo = 0, hi = 0, n = 1;
    for (const pts of Object.values(S.charts.running_mean)) for (const [u, m] of pts) { lo = Math.min(lo, m); hi = Math.max(hi, m); n = Math.max(n, u); }
    const x = scale(0, n, pad, W - 10), y = scale(lo, hi, H - pad, 10);
    const g = svg("svg", { width: W, height: H, id: "running" });
    g.append(svg("line", { class: "axis", x1: pad, x2: W - 10, y1: H - pad, y2: H - pad }));
    g.append(svg("line", { class: "axis", x1: pad, x2: pad, y1: 10, y2: H - pad }));
    g.append(svg("line", { class: "zero", x1: pad, x2: W - 10, y1: y(0), y2: y(0) }));
    for (const t of ticks(lo, hi, 5)) g.append(svg("text", { x: pad - 4, y: y(t) + 4, "text-anchor": "end" }, String(t)));
    for (const t of ticks(0, n, 6)) g.append(svg("text", { x: x(t), y: H - pad + 16, "text-anchor": "middle" }, String(t)));
    const legend = el("div", { class: "legend" });
    S.bots.forEach((b, i) => {
      const pts = (S.charts.running_mean[b.name] || []).map(([u, m]) => `${x(u).toFixed(1)},${y(m).toFixed(1)}`).join(" ");
      g.append(svg("polyline", { points: pts, fill: "none", stroke: color(i), "stroke-width": 1.5, "data-bot": b.name }));
      legend.append(el("span", {}, el("i", { style: `background:${color(i)}` }), b.name));
    });
    s.append(el("div", { class: "chart" }, g, legend));
  }

  // ---------------------------------------------------------- sequential test
  if (S.sprt) {
    const T = S.sprt;
    const s = section(`Sequential test: ${T.candidate} vs ${T.baseline} (${T.format})`, "sprt");
    const decided = T.decision ? `accepts ${T.decision} (${T.decision === "H1" ? `the candidate is better by at least ${T.d1}` : `the candidate is better by at most ${T.d0}`} points per game)` : "has not decided";
    s.append(el("p", { id: "sprt-decision", "data-decision": T.decision || "none", "data-walls": String(T.walls) },
      `H0: difference <= ${T.d0}, H1: difference >= ${T.d1} points per game (alpha ${T.alpha}, beta ${T.beta}). ` +
      `The test ${decided} after ${T.walls} walls (${T.walls * T.games_per_wall} games); LLR ${T.llr === null ? "infinite" : T.llr.toFixed(3)} in [${T.lower.toFixed(3)}, ${T.upper.toFixed(3)}].`));
    s.append(el("p", { id: "sprt-estimate", "data-estimate": T.estimate.toFixed(2) },
      `Estimate over ${T.walls_played} walls: ${T.estimate >= 0 ? "+" : ""}${T.estimate.toFixed(2)} points per game` +
      (T.ci95 ? `, 95% interval [${T.ci95[0].toFixed(2)}, ${T.ci95[1].toFixed(2)}]` : "") + `; sd per wall ${T.sd_per_wall.toFixed(2)}.`));
    const W = 700, H = 240, pad = 44;
    const chart = (id, pts, lo, hi, extra) => {
      const n = Math.max(1, ...pts.map((p) => p[0]));
      const x = scale(0, n, pad, W - 10), y = scale(lo, hi, H - pad, 10);
      const g = svg("svg", { width: W, height: H, id });
      g.append(svg("line", { class: "axis", x1: pad, x2: W - 10, y1: H - pad, y2: H - pad }));
      g.append(svg("line", { class: "axis", x1: pad, x2: pad, y1: 10, y2: H - pad }));
      for (const t of ticks(lo, hi, 5)) g.append(svg("text", { x: pad - 4, y: y(t) + 4, "text-anchor": "end" }, String(t)));
      for (const t of ticks(0, n, 6)) g.append(svg("text", { x: x(t), y: H - pad + 16, "text-anchor": "middle" }, String(t)));
      g.append(svg("text", { x: W - 10, y: H - 6, "text-anchor": "end" }, "walls"));
      extra(g, x, y, W);
      return g;
    };
    const finite = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    // The LLR against its bounds.
    {
      const vals = T.llr_path.map((p) => p[1]).filter(Number.isFinite);
      const lo = Math.min(T.lower * 1.2, ...vals), hi = Math.max(T.upper * 1.2, ...vals);
      const g = chart("sprt-llr", T.llr_path, lo, hi, (g, x, y, W) => {
        for (const [b, name] of [[T.upper, "H1"], [T.lower, "H0"]]) {
          g.append(svg("line", { class: "bound", x1: pad, x2: W - 10, y1: y(b), y2: y(b), stroke: "#d62728", "stroke-dasharray": "5,4", "data-bound": name }));
          g.append(svg("text", { x: W - 12, y: y(b) - 4, "text-anchor": "end" }, `${name} ${b.toFixed(2)}`));
        }
        g.append(svg("line", { class: "zero", x1: pad, x2: W - 10, y1: y(0), y2: y(0) }));
        const pts = T.llr_path.map(([u, l]) => `${x(u).toFixed(1)},${y(finite(l, lo, hi)).toFixed(1)}`).join(" ");
        g.append(svg("polyline", { points: pts, fill: "none", stroke: color(0), "stroke-width": 1.5, class: "llr" }));
      });
      s.append(el("div", { class: "chart" }, el("h3", {}, "Log-likelihood ratio"), g));
    }
    // The estimate with its interval over walls.
    {
      const pts = T.estimate_path.filter((p) => p[2]);
      const lo = Math.min(T.d0, ...pts.map((p) => p[2][0])), hi = Math.max(T.d1, ...pts.map((p) => p[2][1]));
      const g = chart("sprt-estimate-chart", T.estimate_path, lo, hi, (g, x, y, W) => {
        if (pts.length) {
          const band = pts.map((p) => `${x(p[0]).toFixed(1)},${y(p[2][1]).toFixed(1)}`).concat(pts.slice().reverse().map((p) => `${x(p[0]).toFixed(1)},${y(p[2][0]).toFixed(1)}`)).join(" ");
          g.append(svg("polygon", { points: band, fill: color(0), opacity: 0.15, class: "ci" }));
        }
        for (const [v, name] of [[T.d0, "D0"], [T.d1, "D1"]]) {
          g.append(svg("line", { x1: pad, x2: W - 10, y1: y(v), y2: y(v), stroke: "#7f7f7f", "stroke-dasharray": "3,3" }));
          g.append(svg("text", { x: W - 12, y: y(v) - 4, "text-anchor": "end" }, `${name} ${v}`));
        }
        const line = T.estimate_path.map(([u, m]) => `${x(u).toFixed(1)},${y(m).toFixed(1)}`).join(" ");
        g.append(svg("polyline", { points: line, fill: "none", stroke: color(0), "stroke-width": 1.5, class: "estimate" }));
      });
      s.append(el("div", { class: "chart" }, el("h3", {}, "Estimate and 95% interval (points per game)"), g));
    }
  }

  // ---------------------------------------------------------- verdicts
  {
    const s = section("Verdicts", "verdicts");
    const kinds = [...new Set(S.bots.flatMap((b) => Object.keys(b.verdicts)))].sort();
    if (!kinds.length) s.append(el("p", {}, "No verdicts: every answer was on time and accepted."));
    else {
      const t = el("table", { id: "verdicts-table" });
      t.append(el("thead", {}, el("tr", {}, el("th", { class: "name" }, "bot"), ...kinds.map((k) => el("th", {}, k)))));
      const body = el("tbody");
      for (const b of S.bots) body.append(el("tr", {}, el("td", { class: "name" }, b.name), ...kinds.map((k) => el("td", { "data-kind": k }, String(b.verdicts[k] || 0)))));
      t.append(body);
      s.append(t);
    }
  }

  // ---------------------------------------------------------- games
  {
    const s = section(`Games (${DATA.games.length})`, "games");
    let viewerUrl = null, frame = null;
    if (DATA.viewer) {
      viewerUrl = URL.createObjectURL(new Blob([DATA.viewer], { type: "text/html" }));
      frame = el("iframe", { id: "viewer", title: "mcr view" });
      s.append(el("p", {}, "Each game's ", el("code", {}, "mcr view"), " page is embedded: pick a game."));
    } else {
      s.append(el("p", {}, "Too many games to embed their pages; each row gives the command that writes its ", el("code", {}, "mcr view"), " page."));
    }
    const t = el("table", { id: "games-table" });
    t.append(el("thead", {}, el("tr", {}, ...["game", "wall", "perm", "seat 0", "seat 1", "seat 2", "seat 3", "ending", "view"].map((h) => el("th", {}, h)))));
    const body = el("tbody");
    for (const g of DATA.games) {
      let view;
      if (viewerUrl) {
        view = el("a", { href: "#", class: "view", "data-game": g.id }, "view");
        view.addEventListener("click", (ev) => {
          ev.preventDefault();
          frame.src = viewerUrl + "#game=" + encodeURIComponent(g.id) + "&turn=0";
          frame.scrollIntoView();
        });
      } else {
        const file = g.source.replace(/:\d+$/, "");
        view = el("code", {}, `mcr view ${file} --id ${g.id} -o ${g.id}.html`);
      }
      body.append(el("tr", { "data-game": g.id },
        el("td", { class: "name" }, g.id), el("td", {}, g.wall === null ? "-" : String(g.wall)), el("td", {}, g.perm === null ? "-" : String(g.perm)),
        ...g.bots.map((b, k) => el("td", { class: "name" }, `${b} (${g.scores[k]})`)), el("td", {}, g.ending), el("td", {}, view)));
    }
    t.append(body);
    s.append(t);
    if (frame) s.append(frame);
  }
  document.body.dataset.ready = "1";
})();
