"""mcr_engine.decide, decision_states and policies.decide: the rows against
the independent brute force of tests/data/decide.jsonl and against the
`mcr decide` and `mcr review` commands, threads, errors named, and the
built-in decide policy's discards the analysis's best."""
import json
import math
import os
import subprocess

import numpy as np
import pytest

import mcr_engine
from mcr_engine import DECIDE_TILES, HandError, UnknownRules, policies

from conftest import REPO, data

MCR = os.environ.get("MCR_BIN") or os.path.join(REPO, "target", "release", "mcr")
needs_mcr = pytest.mark.skipif(not os.path.exists(MCR), reason=f"no mcr binary at {MCR} (cargo build --release)")

def decide_file():
    with open(data("decide.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def col(tile):
    return DECIDE_TILES.index(tile)


def close(a, b, rel=False):
    tol = 1e-9 * max(abs(b), 1.0) if rel else 1e-9
    return abs(a - b) <= tol


def test_rows_equal_the_brute_force_figures():
    states = decide_file()
    assert len(states) == 200
    r = mcr_engine.decide(states)
    assert r["win_prob"].shape == (200, 34) and r["exact"].all() and not r["budget_hit"].any()
    rows = 0
    differing = []
    for b, s in enumerate(states):
        held = {row["tile"] for row in s["expected"]["discards"]}
        assert {DECIDE_TILES[j] for j in np.flatnonzero(r["discard"][b])} == held
        for j, tile in enumerate(DECIDE_TILES):
            if tile not in held:
                assert math.isnan(r["win_prob"][b, j]) and math.isnan(r["exp_points"][b, j])
                assert r["min_draws"][b, j] == math.inf
        for row in s["expected"]["discards"]:
            rows += 1
            j = col(row["tile"])
            want_min = math.inf if row["min_draws"] is None else row["min_draws"]
            same = (close(r["win_prob"][b, j], row["win_prob"]) and close(r["exp_points"][b, j], row["exp_points"], rel=True)
                    and r["min_draws"][b, j] == want_min)
            if not same:
                differing.append(f"decide.jsonl:{b + 1} {s['id']} {row['tile']}: {r['win_prob'][b, j]}, {r['exp_points'][b, j]}, {r['min_draws'][b, j]} vs {row}")
    assert rows > 1000
    assert not differing, "\n".join(differing)


@needs_mcr
def test_rows_equal_the_cli():
    states = decide_file()
    out = subprocess.run([MCR, "decide", data("decide.jsonl")], capture_output=True, text=True, check=True).stdout
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == len(states)
    r = mcr_engine.decide(states)
    for b, line in enumerate(lines):
        assert line["wins_now"] == bool(r["wins_now"][b]) and line["exact"] == bool(r["exact"][b])
        for row in line["discards"]:
            j = col(row["tile"])
            assert r["win_prob"][b, j] == row["win_prob"] and r["exp_points"][b, j] == row["exp_points"]
            assert r["min_draws"][b, j] == (math.inf if row["min_draws"] is None else row["min_draws"])
        assert r["discard"][b].sum() == len(line["discards"])


def test_threads_change_nothing_and_deeper_states_are_searched():
    game = next(iter(mcr_engine.read_games(data("golden.jsonl.gz"))))
    states = mcr_engine.decision_states(game)[:30]
    one = mcr_engine.decide(states)
    for threads in (0, 2):
        other = mcr_engine.decide(states, threads=threads)
        for k in one:
            assert np.array_equal(one[k], other[k], equal_nan=True), k
    assert not one["exact"].any()
    assert np.isfinite(one["min_draws"]).any()
    cheap = mcr_engine.decide(states[:5], exact_draws=2, node_budget=10)
    assert cheap["budget_hit"].any()


def test_decision_states_are_the_records_draws():
    games = [g for _, g in zip(range(3), mcr_engine.read_games(data("golden.jsonl.gz")))]
    for g in games:
        states = mcr_engine.decision_states(g)
        draws = [(n, t["display"]["player"]) for n, t in enumerate(g["turns"]) if t["display"]["action"] == "DRAW"]
        assert [(s["turn"], s["seat"]) for s in states] == draws
        for s in states:
            d = g["turns"][s["turn"]]["display"]
            assert s["draws_left"] == d["tileCnt"][s["seat"]]
            assert len(s["hand"]) + 3 * len(s["packs"]) == 14
            nxt = g["turns"][s["turn"] + 1]["display"]
            if nxt["action"] == "PLAY":
                assert s["played"] == nxt["tile"]
            assert s["rules"] == "botzone"
    # As JSON text too; under a profile asked for.
    assert mcr_engine.decision_states(json.dumps(games[0])) == mcr_engine.decision_states(games[0])
    assert {s["rules"] for s in mcr_engine.decision_states(games[0], rules="house-example")} == {"house-example"}


@needs_mcr
def test_the_played_and_best_columns_are_the_reviews(tmp_path):
    game = next(iter(mcr_engine.read_games(data("golden.jsonl.gz"))))
    review = json.loads(subprocess.run([MCR, "review", data("golden.jsonl.gz"), "--id", game["game_id"], "--format", "json"],
                                       capture_output=True, text=True, check=True).stdout)
    states = mcr_engine.decision_states(game)
    r = mcr_engine.decide(states)
    at = {(s["turn"], s["seat"]): b for b, s in enumerate(states)}
    assert len(review["decisions"]) > 30
    for d in review["decisions"]:
        b = at[(d["turn"], d["seat"])]
        assert r["exp_points"][b, col(d["played"]["tile"])] == pytest.approx(d["played"]["exp_points"], rel=1e-12, abs=1e-12)
        assert np.nanmax(r["exp_points"][b]) == pytest.approx(d["best"]["exp_points"], rel=1e-12, abs=1e-12)


def test_errors_name_the_state():
    good = decide_file()[0]
    cases = [
        ([good, "W1 W2"], "states[1]: a dict"),
        ([good, {k: v for k, v in good.items() if k != "seat"}], "states[1]: missing field `seat`"),
        ([dict(good, hand=["W1"] * 5)], "states[0]: "),
        ([dict(good, unseen=[4] * 34)], "states[0]: "),
        ([dict(good, shown=[1, 2])], "states[0]: \"shown\": 2 counts, expected 34"),
        ([dict(good, hand=good["hand"][:-1] + ["X9"])], "states[0]: \"hand\""),
        ([dict(good, seat={1, 2})], "states[0]: "),
        ([dict(good, draws_left=500)], "states[0]: draws_left 500"),
        ([dict(good, rules="house-example")], None),
    ]
    for states, message in cases:
        if message is None:
            mcr_engine.decide(states)
            continue
        with pytest.raises(HandError) as e:
            mcr_engine.decide(states)
        assert message in str(e.value), (message, str(e.value))
    with pytest.raises(UnknownRules):
        mcr_engine.decide([good], rules="no-such-rules")
    with pytest.raises(HandError, match=r"states\[0\]: .*house-example"):
        mcr_engine.decide([dict(good, rules="house-example")], rules="botzone")
    assert mcr_engine.decide([])["win_prob"].shape == (0, 34)


def test_the_decide_policy_discards_the_analysis_best():
    """Games of the built-in decide policy against greedy ones, in both
    runners (the arena's one game at a time; four built-ins batched): at
    each own draw of the decide seat answered by a discard where the
    analysis sees a win, the discard is worth the most expected points."""
    seats = [policies.decide(name="decide"), policies.greedy(seed=1, name="g1"), policies.greedy(seed=2, name="g2"), policies.greedy(seed=3, name="g3")]
    played = mcr_engine.Arena(seats, games=2, seed=5).run()
    _, st = mcr_engine.Arena(seats, seed=5).duplicate(walls=1, records=None)
    assert st["decide"]["games"] == 24
    dup, _ = mcr_engine.Arena(seats, seed=5).duplicate(walls=1, records="dict")
    checked = 0
    for g in played + dup[:6]:
        seat = g["players"].index("decide")
        states = [s for s in mcr_engine.decision_states(g) if s["seat"] == seat and s["played"]]
        r = mcr_engine.decide(states)
        for b, s in enumerate(states):
            best = np.nanmax(r["exp_points"][b])
            if best > 0:
                assert r["exp_points"][b, col(s["played"])] == pytest.approx(best, rel=1e-9), (g["game_id"], s["turn"])
                checked += 1
    assert checked >= 40, checked
    assert policies.decide(seed=4) == {"builtin": "decide", "seed": 4, "random_discards": 0.0, "name": "decide"}
    assert "decide" in policies.KINDS


def test_stubs_declare_the_public_names():
    import ast

    pkg = os.path.dirname(mcr_engine.__file__)

    def declared(name):
        with open(os.path.join(pkg, name), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                out.add(node.name)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                out.add(node.target.id)
            elif isinstance(node, ast.ImportFrom):
                out.update(a.asname or a.name for a in node.names)
        return out

    assert set(policies.__all__) <= declared("policies.pyi")
    assert {"Arena", "Standings", "standings", "sprt", "batched"} <= declared("arena.pyi")
    assert {"decide", "decision_states", "DECIDE_TILES", "sprt", "policies", "Arena"} <= declared("__init__.pyi")
    for f in (mcr_engine.decide, mcr_engine.decision_states, mcr_engine.sprt, policies.decide):
        assert f.__doc__
