"""mcr_engine.Engine: the judge in process, through the public validator
and directly; its typed accessors and errors."""
import os
import subprocess
import sys

import pytest

import mcr_engine

from conftest import REPO, data


def validator(dataset, engine="mcr_engine:Engine"):
    out = subprocess.run(
        [sys.executable, data("validate_engine.py"), "--engine", engine, data(dataset)],
        capture_output=True, text=True, cwd=REPO)
    last = [l for l in out.stdout.splitlines() if l.startswith("engine mode: ")]
    assert last, out.stdout[-2000:] + out.stderr[-2000:]
    return last[-1], out.returncode


@pytest.mark.parametrize("dataset,n", [("golden.jsonl.gz", 222), ("errors.jsonl.gz", 150), ("games.jsonl.gz", 4200)])
def test_validator_engine_mode_on_the_native_engine(dataset, n):
    line, code = validator(dataset)
    assert line == "engine mode: %d/%d games reproduced exactly" % (n, n) and code == 0, line


def test_a_game_turn_by_turn_with_typed_accessors():
    rec = next(iter(mcr_engine.read_games(data("golden.jsonl.gz"))))
    eng = mcr_engine.Engine()
    assert repr(eng) == "Engine(not started)" and eng.is_over
    out = eng.reset(rec["wall"], rec["quan"], rec["srand"])
    assert set(out) == {"requests", "display"}
    assert eng.action == "INIT" and eng.player is None and not eng.is_over and eng.scores is None
    turns = rec["turns"]
    for k, turn in enumerate(turns):
        disp = {key: v for key, v in turn["display"].items() if v is not None}
        assert out["display"] == disp, k
        assert eng.display() == disp
        if turn.get("request"):
            assert out["requests"] == turn["request"]
            assert eng.requests() == [turn["request"][s] for s in "0123"]
        assert eng.action == disp["action"] and eng.can_hu == disp["canHu"]
        if k + 1 < len(turns):
            out = eng.step(turn["responses"])
    assert eng.is_over and eng.scores == rec["expected"]["scores"] and eng.requests() is None
    assert out["requests"] == {}
    for seat in range(4):
        assert all(isinstance(t, str) for t in eng.hand(seat))
        assert all(p[0] in ("CHI", "PENG", "GANG") for p in eng.packs(seat))
    with pytest.raises(mcr_engine.EngineError, match="after the end"):
        eng.step(["PASS"] * 4)


def test_engine_errors():
    rec = next(iter(mcr_engine.read_games(data("golden.jsonl.gz"))))
    eng = mcr_engine.Engine()
    with pytest.raises(mcr_engine.EngineError, match="no turn yet"):
        eng.action
    with pytest.raises(mcr_engine.EngineError, match="before reset"):
        eng.step({"0": "PASS", "1": "PASS", "2": "PASS", "3": "PASS"})
    with pytest.raises(mcr_engine.EngineError, match="fifth"):
        eng.reset(["W1"] * 136, 0, 1)
    with pytest.raises(mcr_engine.EngineError, match="136"):
        eng.reset(["W1"] * 10, 0, 1)
    with pytest.raises(mcr_engine.EngineError, match="unknown tile"):
        eng.reset(rec["wall"][:-1] + ["X1"], 0, 1)
    with pytest.raises(mcr_engine.EngineError, match="quan"):
        eng.reset(rec["wall"], 7, 1)
    with pytest.raises(TypeError):
        eng.reset(rec["wall"], "0", 1)
    eng.reset(rec["wall"], rec["quan"], rec["srand"])
    with pytest.raises(mcr_engine.EngineError, match="no response for seat 2"):
        eng.step({"0": "PASS", "1": "PASS", "3": "PASS"})
    with pytest.raises(mcr_engine.EngineError, match="not a seat"):
        eng.step({"0": "PASS", "1": "PASS", "2": "PASS", "3": "PASS", "4": "PASS"})
    with pytest.raises(mcr_engine.EngineError, match="expected 4"):
        eng.step(["PASS"] * 3)
    with pytest.raises(mcr_engine.EngineError, match="not a str"):
        eng.step({"0": "PASS", "1": "PASS", "2": 3, "3": "PASS"})
    with pytest.raises(mcr_engine.EngineError, match="seat 9"):
        eng.hand(9)
    # an illegal answer is a verdict, not an error
    out = eng.step(["PASS", "PLAY W1", "PASS", "PASS"])
    assert out["display"]["action"] == "WA" and eng.is_over and eng.scores[1] == -30


def test_subprocess_adapter_and_native_engine_agree():
    """The fallback (python/mcr_serve.py) gives the same turns as the native engine."""
    binary = os.environ.get("MCR_BIN") or os.path.join(REPO, "target", "release", "mcr")
    if not os.path.isfile(binary):
        pytest.skip("no mcr binary at %s (cargo build --release)" % binary)
    sys.path.insert(0, os.path.join(REPO, "python"))
    try:
        import mcr_serve
    finally:
        sys.path.pop(0)
    native = mcr_engine.Engine()
    with mcr_serve.Engine(binary) as served:
        for i, rec in enumerate(mcr_engine.read_games(data("errors.jsonl.gz"))):
            if i == 20:
                break
            a = native.reset(rec["wall"], rec["quan"], rec["srand"])
            b = served.reset(rec["wall"], rec["quan"], rec["srand"])
            assert a == b
            for turn in rec["turns"][:-1]:
                a = native.step(turn["responses"])
                b = served.step(turn["responses"])
                assert a == b
