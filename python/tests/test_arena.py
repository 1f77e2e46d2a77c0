"""mcr_engine.Arena: Python policies and bot programs in the same games,
records checked by the engine's own replay (mcr_engine.Engine)."""
import os
import shutil
import time

import numpy as np
import pytest

import mcr_engine

MCR = os.environ.get("MCR_BIN") or shutil.which("mcr")
needs_mcr = pytest.mark.skipif(not MCR, reason="MCR_BIN (the mcr binary) not given")


def replay(record):
    """Steps the record's answers through mcr_engine.Engine: every display equal."""
    e = mcr_engine.Engine()
    turns = record["turns"]
    t = e.reset(record["wall"], record["quan"], record["srand"])
    assert t["display"] == turns[0]["display"]
    for k in range(1, len(turns)):
        t = e.step(turns[k - 1]["responses"])
        assert t["display"] == turns[k]["display"], k


def last_legal(obs, mask):
    assert obs.dtype == np.uint8 and mask.shape == (235,)
    return int(np.flatnonzero(mask)[-1])


@needs_mcr
def test_policies_and_bots_play_full_games():
    rng = np.random.default_rng(0)

    def rnd(obs, mask):
        legal = np.flatnonzero(mask)
        return int(legal[rng.integers(len(legal))])

    bot = {"name": "mcr-bot", "command": [MCR, "bot", "--keep-running"], "keep_running": True}
    arena = mcr_engine.Arena([last_legal, bot, rnd, {"command": [MCR, "bot", "--io", "simple"], "io": "simple"}], games=3, seed=4)
    assert arena.names == ["last_legal", "mcr-bot", "rnd", "mcr"]
    records = arena.run()
    assert len(records) == 3
    for r in records:
        assert r["players"] == ["last_legal", "mcr-bot", "rnd", "mcr"]
        assert r["arena"]["time_limit_ms"] == [0, 1000, 0, 1000]
        assert r["turns"][-1]["display"]["action"] in ("HU", "HUANG", "WA")
        replay(r)
    table = mcr_engine.Arena.summary(records)
    assert "mcr-bot" in table and "last_legal" in table


@needs_mcr
def test_a_slow_policy_does_not_count_against_a_bots_time():
    # The policy takes 0.4 s on each of its first answers; the bot, kept
    # running, answers in a few milliseconds against a 300 ms limit. Its
    # turns are timed alone: no verdict, and never near the policy's time.
    calls = [0]

    def slow(obs, mask):
        calls[0] += 1
        if calls[0] <= 3:
            time.sleep(0.4)
        return last_legal(obs, mask)

    bot = {"name": "mcr-bot", "command": [MCR, "bot", "--keep-running"], "keep_running": True,
           "time_limit_ms": 2000, "keep_running_limit_ms": 300}
    r = mcr_engine.Arena([slow, bot, last_legal, last_legal], games=1, seed=4).run()[0]
    answered = [t for t in r["turns"] if t.get("responses") is not None]
    slow_turns = [t for t in answered if t["times_ms"]["0"] >= 400]
    assert len(slow_turns) == 3, [t["times_ms"] for t in answered]
    for t in slow_turns:
        assert "verdicts" not in t or "1" not in t["verdicts"], t
        assert t["times_ms"]["1"] < 300, t["times_ms"]
    assert r["turns"][-1]["display"]["action"] in ("HU", "HUANG", "WA"), r["turns"][-1]["display"]
    replay(r)


def test_four_policies_and_a_policy_error():
    records = mcr_engine.Arena([last_legal] * 4, games=5, seed=1).run()
    assert len(records) == 5
    for r in records:
        replay(r)

    def boom(obs, mask):
        raise ZeroDivisionError("boom")

    with pytest.raises(ZeroDivisionError):
        mcr_engine.Arena([boom, last_legal, last_legal, last_legal]).run()


def test_bad_seats_are_refused():
    with pytest.raises(ValueError, match="four"):
        mcr_engine.Arena([last_legal] * 3)
    with pytest.raises(ValueError, match="unknown key"):
        mcr_engine.Arena([{"command": ["x"], "colour": 1}] + [last_legal] * 3)
    with pytest.raises(ValueError, match="no command"):
        mcr_engine.Arena([{"name": "x"}] + [last_legal] * 3)
    with pytest.raises(mcr_engine.McrError, match="cannot start"):
        mcr_engine.Arena([{"name": "ghost", "command": ["/no/such/bot"]}] + [last_legal] * 3).run()
