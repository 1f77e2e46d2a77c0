"""mcr_engine.samples: the same samples as the CLI's shards, against the
course baseline's arrays in cai mode, and the state view."""
import json
import os
import subprocess

import numpy as np
import pytest

import mcr_engine
from conftest import REPO, data

BASELINE = data("golden_baseline_cai.npz")


def test_cai_batches_are_the_baselines_arrays():
    got = list(mcr_engine.samples(data("golden.jsonl.gz"), encoding="baseline", flags="cai", batch=1000))
    assert all(len(b["act"]) == 1000 for b in got[:-1])
    base = np.load(BASELINE)
    for k in ("obs", "mask", "act"):
        cat = np.concatenate([b[k] for b in got])
        assert cat.dtype == base[k].dtype and cat.shape == base[k].shape
        assert cat.tobytes() == base[k].tobytes(), k
    games = np.concatenate([b["game"] for b in got])
    assert np.bincount(games).tolist() == base["counts"].tolist()


def test_batches_equal_the_cli_shards(tmp_path):
    binary = os.environ.get("MCR_BIN") or os.path.join(REPO, "target", "release", "mcr")
    if not os.path.exists(binary):
        pytest.skip("the mcr binary is not built (cargo build --release)")
    out = tmp_path / "shards"
    subprocess.run([binary, "samples", data("golden.jsonl.gz"), "--encoding", "compact", "--shard-size", "7000", "-o", str(out)], check=True, capture_output=True)
    manifest = json.loads((out / "manifest.json").read_text())
    shards = [np.load(out / f["file"]) for f in manifest["files"]]
    got = list(mcr_engine.samples([data("golden.jsonl.gz")], encoding="compact", flags="judge", batch=4096))
    for k in ("obs", "mask", "act", "game", "turn", "seat", "kind", "score", "win_flags"):
        a = np.concatenate([s[k] for s in shards])
        b = np.concatenate([g[k] for g in got])
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes(), k


def test_state_view_names_the_compact_observation():
    b = next(mcr_engine.samples(data("golden.jsonl.gz"), encoding="compact", batch=500))
    st = mcr_engine.sample_state(b["obs"])
    draws = b["kind"] == 0
    # A drawer holds 14 tiles less 3 per meld; a claimer 13 less 3 per meld.
    melds = (st["melds"][:, 0, :, 0] > 0).sum(1)
    assert (st["hand"].sum(1)[draws] == 14 - 3 * melds[draws]).all()
    assert (st["hand"].sum(1)[b["kind"] == 1] == 13 - 3 * melds[b["kind"] == 1]).all()
    assert (st["seat_wind"] == b["seat"]).all()
    assert (st["walls"] <= 21).all()
    # Given the batch, the win flags too: self-drawn exactly at one's own draw.
    full = mcr_engine.sample_state(b)
    assert (full["self_drawn"] == draws).all() and full["hand"].shape == st["hand"].shape


def test_bad_arguments_and_records():
    with pytest.raises(ValueError):
        mcr_engine.SampleStream([data("golden.jsonl.gz")], "planes", "judge", False, None)
    with pytest.raises(mcr_engine.UnknownRules):
        mcr_engine.SampleStream([data("golden.jsonl.gz")], "baseline", "judge", False, "nope")
    s = mcr_engine.SampleStream(["/nonexistent.jsonl"], "baseline", "judge", False, None)
    assert s.next_batch(10) is None
    assert s.problems() and "/nonexistent.jsonl:0:" in s.problems()[0]


def test_threads_change_nothing_but_speed(tmp_path):
    # Records with a bad line and a record that is not a game among them.
    lines = [l for l in __import__("gzip").open(data("golden.jsonl.gz"), "rt") if l.strip()]
    lines.insert(5, "{not json\n")
    lines.insert(9, '{"packs": [], "hand": ["W1"], "win_tile": "W1"}\n')
    path = tmp_path / "mixed.jsonl"
    path.write_text("".join(lines))
    runs = []
    for jobs in (1, 3):
        stream = mcr_engine.SampleStream([str(path)], "compact", "judge", False, None, jobs)
        got = []
        while (raw := stream.next_batch(777)) is not None:
            got.append(raw)
        runs.append((got, stream.problems(), stream.counts()))
    (one, p1, c1), (three, p3, c3) = runs
    assert c1 == c3 and c1[2:] == (1, 1) and p1 == p3 and ":6: malformed record" in p1[0]
    assert [b["n"] for b in one] == [b["n"] for b in three] and all(b["n"] == 777 for b in one[:-1])
    for a, b in zip(one, three):
        for k in ("obs", "mask", "act", "game", "turn", "seat", "kind", "score", "win_flags"):
            assert a[k] == b[k], k
    with pytest.raises(ValueError):
        mcr_engine.SampleStream([str(path)], "compact", "judge", False, None, 0)
