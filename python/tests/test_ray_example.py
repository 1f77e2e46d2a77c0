"""examples/ray_rollouts.py on a local Ray instance: rollout workers as Ray
actors, each with a VecEnv, give what the same worker gives in process.
Ray is optional (a large install): without it this test is skipped with its
reason (and tests/cli/python_package.rs lets that one skip through under
MCR_REQUIRE_PYTHON=1, as an optional dependency)."""
import importlib.util
import json
import os
import sys

import numpy as np
import pytest

import mcr_engine

from conftest import REPO

EXAMPLES = os.path.join(REPO, "examples")


def load_example():
    spec = importlib.util.spec_from_file_location("ray_rollouts", os.path.join(EXAMPLES, "ray_rollouts.py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules["ray_rollouts"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_ray_rollout_workers(monkeypatch):
    ray = pytest.importorskip("ray", reason="optional: ray not installed (pip install ray)")
    example = load_example()
    # the actors' processes import the example module by name
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [EXAMPLES, os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("RAY_AUTH_MODE", os.environ.get("RAY_AUTH_MODE", "disabled"))
    monkeypatch.setitem(sys.modules, "ray_rollouts", example)
    try:
        out = example.run(num_workers=2, num_envs=16, steps=250, rounds=1, seed=5, keep=True, records=True)
    finally:
        ray.shutdown()
    assert len(out["results"]) == 2 and out["steps_per_s"] > 0
    engine = mcr_engine.Engine()
    for w, res in enumerate(out["results"]):
        assert res["obs"].shape == (250, 16, 4, 195) and res["mask"].shape == (250, 16, 4, 235)
        assert res["actions"].shape == (250, 16, 4) and res["done"].shape == (250, 16)
        # every action taken was legal
        taken = np.take_along_axis(res["mask"], res["actions"][..., None], axis=3)
        assert taken.all()
        # the same worker in process gives the same rollout (seeded)
        local = example.RolloutWorker(16, 5 + w, threads=1, records=True).rollout(250, keep=True)
        for k in ("obs", "mask", "actions", "reward", "done"):
            assert np.array_equal(res[k], local[k]), k
        assert res["games"] == int(res["done"].sum())
        recs = out["records"][w]
        assert len(recs) == res["games"] > 0
        for line in recs:
            rec = json.loads(line)
            got = engine.reset(rec["wall"], rec["quan"], rec["srand"])
            for turn in rec["turns"]:
                assert turn["display"] == got["display"]
                if "responses" in turn:
                    got = engine.step(turn["responses"])
            assert engine.scores == rec["expected"]["scores"]
