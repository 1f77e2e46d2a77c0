"""mcr_engine.sprt and mcr_engine.policies: built-in seats, the sequential
test's decision read again from its records by `mcr standings`, a Python
policy as the baseline, bad arguments named."""
import json
import os
import shutil
import subprocess

import pytest

import mcr_engine
from mcr_engine import policies

MCR = os.environ.get("MCR_BIN") or shutil.which("mcr")


def test_greedy_beats_random_and_the_records_say_so(tmp_path):
    out = tmp_path / "out.jsonl"
    seen = []
    r = mcr_engine.sprt(policies.greedy(seed=1), policies.random(seed=2), d0=0, d1=5, out=out,
                        progress=lambda walls, games, llr: seen.append((walls, games, llr)))
    assert r["decision"] == "H1"
    assert r["candidate"] == "greedy" and r["baseline"] == "random"
    assert r["walls"] >= 16 and r["llr"] >= r["upper"]
    assert r["ci95"][0] > 0
    assert seen and seen[-1][0] == r["walls_played"] and seen[-1][1] == 4 * r["walls_played"]
    lines = out.read_text().splitlines()
    assert len(lines) == 4 * r["walls_played"]
    assert json.loads(lines[0])["arena"]["sprt"] == [0.0, 5.0, 0.05, 0.05]
    if MCR:
        s = json.loads(subprocess.run([MCR, "standings", "--format", "json", str(out)], capture_output=True, text=True, check=True).stdout)
        for k in ("decision", "walls", "llr", "estimate"):
            assert s["sprt"][k] == pytest.approx(r[k]) if isinstance(r[k], float) else s["sprt"][k] == r[k]


def test_two_copies_of_greedy_with_other_seeds_are_two_players():
    a = mcr_engine.sprt(policies.greedy(seed=1, name="a"), policies.greedy(seed=2, name="b"), d0=0, d1=40, format="2v2", max_walls=16)
    # Not the same bot: some wall's difference is not zero.
    assert a["sd_per_wall"] > 0
    assert a["walls_played"] == 16


def test_a_python_policy_seat():
    def first_legal(obs, mask):
        return int(mask.nonzero()[0][0])

    pytest.importorskip("numpy")
    r = mcr_engine.sprt(policies.greedy(), first_legal, d0=0, d1=5, max_walls=16)
    assert r["baseline"] == "first_legal"
    assert r["walls_played"] == 16


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="D0 < D1"):
        mcr_engine.sprt(policies.greedy(), policies.random(), d0=5, d1=0)
    with pytest.raises(ValueError, match="both named"):
        mcr_engine.sprt(policies.greedy(seed=1), policies.greedy(seed=2), d0=0, d1=5)
    with pytest.raises(ValueError, match="1v3"):
        mcr_engine.sprt(policies.greedy(), policies.random(), d0=0, d1=5, format="3v1")
    with pytest.raises(ValueError, match="random_discards"):
        mcr_engine.sprt(policies.greedy(random_discards=2), policies.random(), d0=0, d1=5)
    with pytest.raises(ValueError, match="one of"):
        policies.builtin("smart")


@pytest.mark.skipif(not MCR, reason="no mcr binary (MCR_BIN)")
def test_a_program_against_a_batched_policy():
    np = pytest.importorskip("numpy")

    def first(obs, mask):
        return mask.argmax(axis=1)

    prog = {"name": "mcr-random", "command": [MCR, "bot", "--policy", "random"], "keep_running": True}
    r = mcr_engine.sprt(prog, mcr_engine.batched(first, name="first"), d0=0, d1=50, max_walls=2)
    assert (r["candidate"], r["baseline"]) == ("mcr-random", "first")
    assert r["walls_played"] == 2 and r["decision"] is None
