"""examples/ray_arena.py on a local Ray instance: the shards played as Ray
tasks give the records and standings of the same tournament played in one
process. Ray is optional: without it (or without the mcr binary for the
bots) the test is skipped with its reason."""
import importlib.util
import os
import shutil
import sys

import pytest

import mcr_engine

from conftest import REPO

EXAMPLES = os.path.join(REPO, "examples")
MCR = os.environ.get("MCR_BIN") or shutil.which("mcr")


def load_example():
    spec = importlib.util.spec_from_file_location("ray_arena", os.path.join(EXAMPLES, "ray_arena.py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules["ray_arena"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(not MCR, reason="MCR_BIN (the mcr binary) not given")
def test_ray_arena_shards_give_the_single_run(tmp_path, monkeypatch):
    ray = pytest.importorskip("ray", reason="optional: ray not installed (pip install ray)")
    example = load_example()
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [EXAMPLES, os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("RAY_AUTH_MODE", os.environ.get("RAY_AUTH_MODE", "disabled"))
    monkeypatch.setitem(sys.modules, "ray_arena", example)
    bots = tmp_path / "bots.toml"
    entry = lambda n, p: f'[[bot]]\nname = "{n}"\ncommand = ["{MCR}", "bot", "--policy", "{p}", "--keep-running"]\nkeep_running = true\n'
    bots.write_text(entry("g1", "greedy") + entry("r1", "random") + entry("g2", "greedy") + entry("r2", "random"))
    try:
        out = example.run(str(bots), walls=1, shards=3, out=str(tmp_path / "t"), seed=4)
    finally:
        ray.shutdown()
    assert out["games"] == 24 and len(out["files"]) == 3
    single, st = mcr_engine.Arena.from_bots_file(str(bots), seed=4).duplicate(walls=1, records="json")
    strip = lambda recs: sorted(
        str([{k: v for k, v in t.items() if k != "times_ms"} for t in __import__("json").loads(r)["turns"]]) for r in recs
    )
    shard_lines = [l for f in out["files"] for l in open(f).read().splitlines()]
    assert strip(shard_lines) == strip(single)
    keys = ("name", "games", "score_sum", "mean_score", "ci95", "rank", "wins", "deal_ins")
    assert [{k: b[k] for k in keys} for b in out["standings"].bots] == [{k: b[k] for k in keys} for b in st.bots]
    assert os.path.exists(tmp_path / "t" / "standings.json")
