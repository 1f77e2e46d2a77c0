"""Arena.duplicate: the batched runner (four batched numpy policies) writes
the records the arena runner writes for the same policies asked one at a
time (answer times aside), replayed by the engine; the standings object;
a batched policy beside a bot program."""
import os
import shutil

import numpy as np
import pytest

import mcr_engine
from test_arena import replay

MCR = os.environ.get("MCR_BIN") or shutil.which("mcr")


def first_legal(obs, mask):
    return mask.argmax(axis=1)


def last_legal(obs, mask):
    return mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)


def hashed(obs, mask):
    """Deterministic, depends on the observation: a legal action picked by a hash of obs."""
    h = (obs.astype(np.int64) * np.arange(1, obs.shape[1] + 1)).sum(axis=1)
    out = np.empty(len(mask), dtype=np.int64)
    for i in range(len(mask)):
        legal = np.flatnonzero(mask[i])
        out[i] = legal[h[i] % len(legal)]
    return out


def one_row(f):
    """The same policy asked one row at a time (the arena runner's seat)."""
    def call(obs, mask):
        return int(f(obs[None, :], mask[None, :])[0])
    call.name = f.__name__
    return call


def without_times(records):
    out = []
    for r in records:
        r = dict(r)
        r["turns"] = [{k: v for k, v in t.items() if k != "times_ms"} for t in r["turns"]]
        out.append(r)
    return out


POLICIES = [first_legal, last_legal, hashed, first_legal]


def test_batched_records_equal_the_arena_runners():
    seats = [mcr_engine.batched(f, name=f"{f.__name__}{i}") for i, f in enumerate(POLICIES)]
    recs, st = mcr_engine.Arena(seats, seed=5).duplicate(walls=2, tables=7)
    assert len(recs) == 48
    assert [r["arena"]["game"] for r in recs] == list(range(48))
    slow = [one_row(f) for f in POLICIES]
    for i, s in enumerate(slow):
        s.name = f"{POLICIES[i].__name__}{i}"
    recs2, st2 = mcr_engine.Arena(slow, seed=5, jobs=2).duplicate(walls=2)
    assert without_times(recs2) == recs
    assert all("times_ms" in t for t in recs2[0]["turns"][1:-1] if "responses" in t and t["responses"])
    assert st.json["bots"] == [dict(b, time_ms=None) for b in st2.json["bots"]]
    for r in recs[:6]:
        replay(r)
    # Standings: four bots, intervals over 2 walls, ranks, the table.
    assert st.json["records"] == 48 and st.json["units"] == 2
    assert sorted(b["name"] for b in st.bots) == sorted(s.name for s in seats)
    assert sum(b["score_sum"] for b in st.bots) == 0
    assert all(b["games"] == 48 for b in st.bots)
    assert st.bots[0]["rank"] == 1 and st.bots[0]["ci95"][0] <= st.bots[0]["mean_score"] <= st.bots[0]["ci95"][1]
    assert "95% CI" in st.text and st.bots[0]["name"] in str(st)


def test_shards_and_records_none_and_pandas():
    seats = [mcr_engine.batched(f, name=f"p{i}") for i, f in enumerate(POLICIES)]
    a = mcr_engine.Arena(seats, seed=9)
    whole, st = a.duplicate(walls=2, records="json")
    parts = []
    for i in range(3):
        recs, _ = a.duplicate(walls=2, shard=(i, 3), records="json")
        parts += recs
    assert sorted(parts) == sorted(whole)
    none, st3 = a.duplicate(walls=2, records=None)
    assert none is None and st3.json["bots"] == st.json["bots"]
    pd = pytest.importorskip("pandas")
    df = st.to_pandas()
    assert list(df.index) == [b["name"] for b in st.bots]
    assert (df["ci95_lo"] <= df["mean_score"]).all()


@pytest.mark.skipif(not MCR, reason="MCR_BIN (the mcr binary) not given")
def test_a_batched_policy_beside_a_bot_program():
    bot = {"name": "mcr-bot", "command": [MCR, "bot", "--keep-running"], "keep_running": True}
    seats = [mcr_engine.batched(first_legal, name="ckpt"), bot, bot, mcr_engine.batched(hashed, name="h")]
    recs, st = mcr_engine.Arena(seats, seed=2, jobs=2).duplicate(walls=1, shard=(0, 4))
    assert len(recs) == 6
    assert {b["name"] for b in st.bots} == {"ckpt", "mcr-bot", "h"}
    assert st["mcr-bot"]["games"] == 12
    for r in recs:
        replay(r)


def test_a_policy_error_stops_the_run():
    def broken(obs, mask):
        raise RuntimeError("checkpoint failed")
    seats = [mcr_engine.batched(broken)] + [mcr_engine.batched(first_legal)] * 3
    with pytest.raises(RuntimeError, match="checkpoint failed"):
        mcr_engine.Arena(seats).duplicate(walls=1)
