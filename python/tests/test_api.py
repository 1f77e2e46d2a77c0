"""The Pythonic API: calculate, explain, calculate_many, fan_table, the
exception classes, the package's own identity."""
import json
import os

import pytest

import mcr_engine
import mcr_engine.mahjonggb as MahjongGB

from conftest import REPO, args_of


def test_the_installed_package_is_tested_not_the_source_tree():
    here = os.path.dirname(os.path.abspath(mcr_engine.__file__))
    assert not here.startswith(os.path.join(REPO, "python", "pysrc")), \
        "mcr_engine imported from the source tree %s, not the installed package" % here
    assert len(mcr_engine.BUILD_ID) == 16


def test_calculate_notation():
    r = mcr_engine.calculate("[chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S prevalent=E")
    assert r.result == 4 and r.total == 4 and r.is_win and r.error is None
    assert [(f.name, f.name_en, f.value, f.count, f.points) for f in r.fans] == [
        ("圈风刻", "Prevalent Wind", 2, 1, 2), ("单钓将", "Single Wait", 1, 1, 1), ("自摸", "Self-Drawn", 1, 1, 1)]
    assert r.reading == "regular: [W4 W5 W6] [F1 F1 F1] (T2 T3 T4) (T7 T8 T9) (B9 B9)"
    assert "Result(result=4" in repr(r)


def test_calculate_tiles_and_keywords_agree_with_the_drop_in(hands):
    for rec in hands[:3000]:
        a = args_of(rec)
        r = mcr_engine.calculate(list(a[1]), [list(p) for p in a[0]], a[2], flower_count=a[3], self_drawn=a[4],
                                 fourth_tile=a[5], about_kong=a[6], wall_last=a[7], seat_wind=a[8], prevalent_wind=a[9])
        assert r.result == rec["expected"]["result"], rec["id"]
        if r.is_win:
            # Against the reference corpus: the fan list, the total, and the
            # drop-in's tuples built from them.
            want = [tuple(x) for x in rec["expected"]["fan"]]
            assert [(f.name, f.value, f.count) for f in r.fans] == want
            assert r.total == rec["expected"]["result"]
            assert r.as_tuple() == MahjongGB.MahjongFanCalculator(*a) == tuple((v * c, n) for n, v, c in want)
        else:
            assert r.total == 0 and r.fans == [] and r.reading is None and r.error


def test_not_a_win_and_wrong_count():
    r = mcr_engine.calculate(["W1", "W2", "W3", "W5", "W6", "W7", "T1", "T2", "T3", "B1", "B2", "B9", "F1"], win_tile="J1")
    assert r.result == -3 and not r.is_win and r.error == "not a winning hand"
    r = mcr_engine.calculate(["W1", "W2"], win_tile="J1")
    assert r.result == -1 and r.error == "wrong tile count"


@pytest.mark.parametrize("call", [
    lambda: mcr_engine.calculate(["W1", "X9"], win_tile="W1"),
    lambda: mcr_engine.calculate(["W1"], win_tile="W0"),
    lambda: mcr_engine.calculate(["W1"]),
    lambda: mcr_engine.calculate(["W1", 5], win_tile="W1"),
    lambda: mcr_engine.calculate(["W1"], [("PONG", "W1", 1)], "W1"),
    lambda: mcr_engine.calculate(["W1"], [("PENG", "W1", 9)], "W1"),
    lambda: mcr_engine.calculate(["W1"], [("PENG", "W1")], "W1"),
    lambda: mcr_engine.calculate(["W1"], [("CHI", "W1", 1)], "W1"),
    lambda: mcr_engine.calculate(["W1"] * 14, win_tile="W1"),
    lambda: mcr_engine.calculate(["W1"], win_tile="W1", seat_wind=4),
    lambda: mcr_engine.calculate("[chi 456m] 234q"),
    lambda: mcr_engine.calculate("", win_tile="W1"),
])
def test_bad_hands_raise_hand_error(call):
    with pytest.raises(mcr_engine.HandError) as e:
        call()
    assert isinstance(e.value, ValueError) and str(e.value)


def test_explain_is_the_audit_text():
    text = mcr_engine.explain("[chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S prevalent=E")
    assert text.startswith("hand: ") and "*reading 1: regular:" in text and "圈风刻" in text
    assert "readings: none" in mcr_engine.explain(["W1"] * 4 + ["W3"] * 9, win_tile="J1")


def test_fan_table():
    # The reference's table (tests/data/fans.json), row for row.
    with open(os.path.join(REPO, "tests", "data", "fans.json"), encoding="utf-8") as f:
        reference = json.load(f)
    assert mcr_engine.fan_table() == [(r["name"], r["name_en"], r["value"]) for r in reference]


def test_calculate_many_matches_one_call_per_hand(hands):
    sample = [args_of(r) for r in hands[:5000]]
    totals = mcr_engine.calculate_many(sample)
    assert totals == [r["expected"]["result"] for r in hands[:5000]]
    assert mcr_engine.calculate_many(tuple(sample[:10])) == totals[:10]
    lists = mcr_engine.calculate_many(sample, fans=True, verbose=True)
    for a, got in zip(sample, lists):
        try:
            want = MahjongGB.MahjongFanCalculator(*a, verbose=True)
        except TypeError as e:
            want = {"ERROR_NOT_WIN": -3, "ERROR_WRONG_TILES_COUNT": -1}[str(e)]
        assert got == want
    assert mcr_engine.calculate_many([]) == []


def test_calculate_many_bad_items_raise_as_the_drop_in(hands):
    good = args_of(hands[0])
    with pytest.raises(TypeError, match="ERROE_WRONG_TILE_CODE"):
        mcr_engine.calculate_many([good, good[:2] + ("X1",) + good[3:]])
    with pytest.raises(TypeError, match="missing required argument"):
        mcr_engine.calculate_many([good[:5]])
    with pytest.raises(TypeError, match="item 1 is not a tuple"):
        mcr_engine.calculate_many([good, list(good)])
    with pytest.raises(TypeError, match="list or tuple"):
        mcr_engine.calculate_many(iter([good]))


def test_exception_classes():
    assert issubclass(mcr_engine.EngineError, mcr_engine.McrError)
    assert issubclass(mcr_engine.RecordError, mcr_engine.McrError)
    assert issubclass(mcr_engine.HandError, ValueError)
    assert issubclass(mcr_engine.UnsupportedInput, ValueError)
    for cls in (mcr_engine.McrError, mcr_engine.HandError, mcr_engine.UnsupportedInput,
                mcr_engine.EngineError, mcr_engine.RecordError):
        assert cls.__doc__


def test_docstrings_and_stubs():
    for f in (mcr_engine.calculate, mcr_engine.explain, mcr_engine.calculate_many, mcr_engine.Engine,
              mcr_engine.read_games, mcr_engine.read_hands, MahjongGB.MahjongFanCalculator):
        assert f.__doc__
    pkg = os.path.dirname(mcr_engine.__file__)
    for name in ("__init__.pyi", "mahjonggb/__init__.pyi", "mahjonggb/v1_4.pyi", "py.typed"):
        assert os.path.isfile(os.path.join(pkg, name)), name


def test_packed_batch_agrees_with_calculate_many(hands):
    sample = [args_of(r) for r in hands[:5000]]
    data = mcr_engine.encode_hands(sample)
    assert isinstance(data, bytes) and len(data) == 32 * len(sample)
    assert mcr_engine.calculate_packed(data) == mcr_engine.calculate_many(sample)
    assert mcr_engine.calculate_packed(data, fans=True, verbose=True) == \
        mcr_engine.calculate_many(sample, fans=True, verbose=True)
    assert mcr_engine.calculate_packed(b"") == []


def test_packed_batch_from_numpy_rows(hands):
    np = __import__("pytest").importorskip("numpy")
    rows = np.frombuffer(mcr_engine.encode_hands([args_of(r) for r in hands[:100]]), dtype=np.uint8).reshape(-1, 32)
    assert mcr_engine.calculate_packed(rows[::2].tobytes()) == [r["expected"]["result"] for r in hands[:100:2]]


def test_packed_batch_bad_records(hands):
    good = bytearray(mcr_engine.encode_hands([args_of(hands[0])]))
    with pytest.raises(mcr_engine.HandError, match="multiple of 32"):
        mcr_engine.calculate_packed(bytes(good[:31]))
    for byte, value, words in [(0, 5, "byte 0: 5 packs"), (13, 14, "byte 13"), (27, 34, "byte 27: tile index 34"),
                               (29, 16, "byte 29"), (30, 4, "wind 4"), (1, 7, "byte 1: pack kind 7")]:
        bad = bytearray(good)
        bad[byte] = value
        with pytest.raises(mcr_engine.HandError, match="packed hand 1: " + words):
            mcr_engine.calculate_packed(bytes(good) + bytes(bad))
    with pytest.raises(TypeError, match="item 0 is not a tuple"):
        mcr_engine.encode_hands([list(args_of(hands[0]))])
    with pytest.raises(TypeError, match="ERROE_WRONG_TILE_CODE"):
        mcr_engine.encode_hands([args_of(hands[0])[:2] + ("X1",) + args_of(hands[0])[3:]])


def test_batch_threads_change_nothing_but_speed(hands):
    sample = [args_of(r) for r in hands[:3000]]
    data = mcr_engine.encode_hands(sample)
    want = [r["expected"]["result"] for r in hands[:3000]]
    want_fans = mcr_engine.calculate_many(sample, fans=True)
    house = mcr_engine.calculate_many(sample, fans=True, rules="house-example")
    assert house != want_fans
    for threads in (0, 2, 3, 64):
        assert mcr_engine.calculate_many(sample, threads=threads) == want
        assert mcr_engine.calculate_packed(data, threads=threads) == want
        assert mcr_engine.calculate_many(sample, fans=True, threads=threads) == want_fans
        assert mcr_engine.calculate_packed(data, fans=True, threads=threads) == want_fans
        assert mcr_engine.calculate_packed(data, fans=True, rules="house-example", threads=threads) == house
        assert mcr_engine.calculate_many(sample, fans=True, rules="house-example", threads=threads) == house
    assert mcr_engine.calculate_many([], threads=2) == [] and mcr_engine.calculate_packed(b"", threads=2) == []


def test_batch_threads_bad_input_raises_as_one_thread(hands):
    good = args_of(hands[0])
    with pytest.raises(TypeError, match="ERROE_WRONG_TILE_CODE"):
        mcr_engine.calculate_many([good, good[:2] + ("X1",) + good[3:]], threads=2)
    with pytest.raises(TypeError, match="item 1 is not a tuple"):
        mcr_engine.calculate_many([good, list(good)], threads=0)
    packed = bytearray(mcr_engine.encode_hands([good]))
    bad = bytearray(packed)
    bad[27] = 34
    with pytest.raises(mcr_engine.HandError, match="packed hand 2: byte 27: tile index 34"):
        mcr_engine.calculate_packed(bytes(packed) * 2 + bytes(bad), threads=2)
    with pytest.raises(mcr_engine.UnknownRules):
        mcr_engine.calculate_packed(bytes(packed), rules="nope", threads=2)
    with pytest.raises(OverflowError):
        mcr_engine.calculate_many([good], threads=-1)
