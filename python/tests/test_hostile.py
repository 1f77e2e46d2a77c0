"""Hostile input through the whole public API (README, "Hostile input: the
rule"): every call either answers or raises an exception of a documented
class (McrError and its subclasses, HandError, UnsupportedInput,
UnknownRules, or the interpreter's TypeError / ValueError / OverflowError
for an argument of the wrong type or range), never PanicException (a
BaseException), never a crash, a hang or unbounded memory. An exception
raised by the caller's own object (`Hostile` here: a `__bool__`,
`__index__`, `__iter__` ... that raises) may come back unchanged. The
drop-in (`mcr_engine.mahjonggb`) must raise what pymahjonggb 1.4.0 raises.

Deterministic (fixed catalogue, seeded random mutations); a few seconds.
Inputs that used to crash the interpreter run in a subprocess."""
import gzip
import itertools
import os
import random
import subprocess
import sys
import textwrap
import threading

import pytest

import mcr_engine
from mcr_engine.mahjonggb import v1_4 as MG

from conftest import data

SEED = int(os.environ.get("MCR_PY_HOSTILE_SEED", "20261201"))


class Hostile(Exception):
    """Raised by the caller's own objects; may propagate unchanged."""


def _raise(*_a, **_k):
    raise Hostile("hostile")


class Boom:
    __eq__ = __hash__ = __len__ = __iter__ = __index__ = __bool__ = __str__ = __fspath__ = __int__ = __float__ = __getitem__ = _raise


class S(str):
    pass


class I(int):
    pass


class L(list):
    pass


class T(tuple):
    pass


class D(dict):
    pass


class BadLen(list):
    __len__ = _raise


class BadIter(list):
    __iter__ = _raise


class BadIndex:
    __index__ = _raise


class BadBool:
    __bool__ = _raise


class Index2:
    def __index__(self):
        return 2


class HugeIndex:
    def __index__(self):
        return 2**70


def weird_values():
    """A fresh catalogue (iterators are consumed by use)."""
    vals = [None, True, False, 0, -1, 1, 3, 4, 255, 256, 2**31, 2**63, 2**64, 2**70, -2**70, 1.5, float("nan"), float("inf"),
            "", "\0", "W1\0", "W1\0x", "\ud800", "W\udc80", "é", "x" * 100000, b"W1", bytearray(b"W1"), memoryview(b"W1"),
            [], (), {}, set(), [[[[]]]], ((((),),),), object(), Boom(), S("W1"), I(1), L(["W1"]), T(("W1",)), D({"0": "PASS"}),
            BadLen(["W1"]), BadIter(["W1"]), BadIndex(), BadBool(), Index2(), HugeIndex(), ["W1"] * 100000, ("W1",) * 100000,
            ["\ud800"] * 3, [None] * 3, itertools.repeat("W1"), itertools.repeat(("PENG", "W1", 1)), iter(["W1"]), range(3), 1j]
    try:
        import numpy as np
        vals += [np.int64(3), np.float64("nan"), np.array(["W1"]), np.zeros((3, 3)), np.zeros((2, 4), np.int64)[:, ::2]]
    except ImportError:  # pragma: no cover
        pass
    return vals


DOCUMENTED = (mcr_engine.McrError, ValueError, TypeError, OverflowError)


def check(label, f, *args, allowed=DOCUMENTED, **kwargs):
    try:
        return f(*args, **kwargs)
    except BaseException as e:  # PanicException derives from BaseException
        assert type(e).__name__ != "PanicException", "%s: PanicException %s" % (label, e)
        assert isinstance(e, allowed + (Hostile,)), "%s: %s: %s" % (label, type(e).__name__, e)
        assert str(e) or isinstance(e, Hostile), "%s: %s with no message" % (label, type(e).__name__)
        return e


def sweep(label, f, args, kwargs=None, allowed=DOCUMENTED, rounds=150):
    """Every catalogue value in every argument, then `rounds` seeded calls
    with two or three arguments replaced at once."""
    kwargs = dict(kwargs or {})
    slots = [("a", i) for i in range(len(args))] + [("k", k) for k in kwargs]

    def call(changes):
        a, k = list(args), dict(kwargs)
        for (kind, at), v in changes:
            if kind == "a":
                a[at] = v
            else:
                k[at] = v
        return check("%s %r" % (label, [(at, repr(v)[:40]) for (_, at), v in changes]), f, *a, allowed=allowed, **k)

    for slot in slots:
        for v in weird_values():
            call([(slot, v)])
    rng = random.Random("%s/%s" % (SEED, label))
    for _ in range(rounds):
        vals = weird_values()
        chosen = rng.sample(slots, min(len(slots), rng.randint(2, 3)))
        call([(s, rng.choice(vals)) for s in chosen])


HAND = ["T2", "T3", "T4", "T7", "T8", "T9", "B9"]
PACK = [("CHI", "W5", 2), ("PENG", "F1", 1)]
ARGS = ((("CHI", "W5", 2), ("PENG", "F1", 1)), ("T2", "T3", "T4", "T7", "T8", "T9", "B9"), "B9", 0, True, False, False, False, 1, 0)
CALC_KW = dict(flower_count=0, self_drawn=True, fourth_tile=False, about_kong=False, wall_last=False, seat_wind=1, prevalent_wind=0,
               rules="botzone")


def test_calculator_and_explain():
    sweep("calculate", mcr_engine.calculate, [HAND, PACK, "B9"], CALC_KW)
    sweep("calculate notation", mcr_engine.calculate, ["[chi 456m] [peng 1z] 234s 789s 9p +9p zimo"], {"rules": "botzone"})
    sweep("explain", mcr_engine.explain, [HAND, PACK, "B9"], CALC_KW)
    r = mcr_engine.calculate("[chi 456m] [peng 1z] 234s 789s 9p +9p zimo")
    sweep("Result.as_tuple", r.as_tuple, [False])
    for name in ("result", "total", "rules", "is_win", "error", "fans", "reading", "hand"):
        getattr(r, name)
    assert (r.fans[0] == 3) is False and r.fans[0] != None  # noqa: E711 (comparison with other types)


def test_analysis():
    sweep("shanten", mcr_engine.shanten, [HAND + ["B4", "B5", "F1"], PACK[:1]])
    sweep("discards", mcr_engine.discards, [HAND + ["B4", "B5", "F1", "F2"], PACK[:1], ["W1"]])
    sweep("waits", mcr_engine.waits, [HAND + ["B4", "B5", "F1"], PACK[:1]],
          dict(flower_count=0, fourth_tile=False, about_kong=False, wall_last=False, seat_wind=0, prevalent_wind=0, rules="botzone"))


def test_batch_calls():
    sweep("calculate_many", mcr_engine.calculate_many, [[ARGS] * 3, False, False], dict(rules="botzone", threads=1))
    sweep("calculate_many threads", mcr_engine.calculate_many, [[ARGS] * 3, True, True], dict(rules="botzone", threads=2), rounds=50)
    sweep("encode_hands", mcr_engine.encode_hands, [[ARGS]])
    packed = mcr_engine.encode_hands([ARGS] * 3)
    sweep("calculate_packed", mcr_engine.calculate_packed, [packed, False, False], dict(rules="botzone", threads=1))
    sweep("calculate_packed threads", mcr_engine.calculate_packed, [packed, True, False], dict(rules="botzone", threads=0), rounds=50)
    # every argument of an item, as the drop-in reads it
    for i in range(len(ARGS)):
        for v in weird_values():
            item = ARGS[:i] + (v,) + ARGS[i + 1:]
            check("calculate_many item %d %r" % (i, v), mcr_engine.calculate_many, [ARGS, item], threads=1 + i % 2)
            check("encode_hands item %d %r" % (i, v), mcr_engine.encode_hands, [ARGS, item])
    # random bytes as packed records
    rng = random.Random(SEED)
    for _ in range(2000):
        rec = bytes(rng.randrange(256) if rng.random() < 0.2 else b for b in packed[:32])
        check("calculate_packed %s" % rec.hex(), mcr_engine.calculate_packed, rec, rng.random() < 0.5)


def test_small_functions():
    sweep("action_name", mcr_engine.action_name, [3])
    sweep("Engine()", mcr_engine.Engine, ["botzone"])
    for f in (mcr_engine.fan_table, mcr_engine.profiles):
        assert f()
        check(f.__name__, f, 1)


def test_endless_or_huge_iterables_are_refused_not_read_forever():
    # Before: an endless iterable was read until memory ran out.
    endless = itertools.repeat("W1")
    for call in [lambda: mcr_engine.calculate(endless, win_tile="W1"),
                 lambda: mcr_engine.calculate(["W1"], itertools.repeat(("PENG", "W1", 1)), "W1"),
                 lambda: mcr_engine.explain(endless, win_tile="W1"),
                 lambda: mcr_engine.shanten(endless),
                 lambda: mcr_engine.waits(endless),
                 lambda: mcr_engine.discards(["W1", "W2", "W3"] * 4 + ["F1", "F1"], None, endless)]:
        with pytest.raises(mcr_engine.HandError, match="more than 136 items"):
            call()
    # the whole rest of the wall visible is still fine (nothing is unseen)...
    hand = ["W1", "W2", "W3"] * 4 + ["F1", "F1"]
    wall = [s + str(r) for s, n in (("W", 9), ("T", 9), ("B", 9), ("F", 4), ("J", 3)) for r in range(1, n + 1) for _ in range(4)]
    for t in hand:
        wall.remove(t)
    rows = mcr_engine.discards(hand, None, wall)
    assert rows and all(r.unseen == 0 for r in rows)
    # ...but 136 items that hold five copies of a kind are not
    with pytest.raises(mcr_engine.HandError, match="more than 4 copies of W4"):
        mcr_engine.discards(hand, None, ["W4"] * 136)
    with pytest.raises(mcr_engine.HandError, match="too many standing tiles"):
        mcr_engine.calculate("1" * 1000000 + "m +1m")


def run_python(code, timeout=60):
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, "exit %d\n%s\n%s" % (out.returncode, out.stdout[-2000:], out.stderr[-3000:])
    return out.stdout


def test_calculate_many_survives_its_list_being_emptied_while_read():
    # Before: a flag's __bool__ emptying the list freed the argument tuple
    # being parsed: segmentation fault.
    out = run_python("""
        import gc, mcr_engine
        ARGS = %r
        class Evil:
            def __bool__(self):
                hands.clear(); gc.collect(); return True
            def __index__(self):
                hands.clear(); gc.collect(); return 1
        for threads in (1, 2):
            for at in (4, 8):
                hands = [ARGS[:at] + (Evil(),) + ARGS[at + 1:]] + [ARGS] * 5
                try:
                    print(mcr_engine.calculate_many(hands, threads=threads))
                except TypeError as e:
                    print("TypeError", e)
    """ % (ARGS,))
    assert out.count("[4, 4, 4, 4, 4, 4]") + out.count("TypeError") == 4, out


def test_native_env_refuses_objects_that_only_claim_an_array_interface():
    # Before: the pointer of any object's __array_interface__ was read:
    # segmentation fault.
    pytest.importorskip("numpy")
    out = run_python("""
        import mcr_engine
        class Fake:
            __array_interface__ = {"typestr": "<i8", "shape": (1, 4), "data": (8, False), "version": 3}
        env = mcr_engine.VecEnv(1, 1)
        env.reset()
        try:
            env._native.step(Fake())
        except mcr_engine.EnvError as e:
            print("EnvError", e)
    """)
    assert "EnvError actions: expected a numpy array" in out, out


def golden():
    return next(iter(mcr_engine.read_games(data("golden.jsonl.gz"))))


def test_engine_calls_in_any_order_and_any_arguments():
    rec = golden()
    eng = mcr_engine.Engine()
    for name in ("action", "player", "can_hu", "tile_cnt", "scores"):
        assert isinstance(check(name, getattr, eng, name), mcr_engine.EngineError)
    for f in (eng.requests, eng.display, lambda: eng.hand(0), lambda: eng.packs(0), lambda: eng.step(["PASS"] * 4)):
        check("before reset", f)
    assert eng.is_over
    sweep("Engine.reset", eng.reset, [rec["wall"], rec["quan"], rec["srand"]], rounds=60)
    eng.reset(rec["wall"], rec["quan"], rec["srand"])
    eng.reset(rec["wall"], rec["quan"], rec["srand"])  # twice
    sweep("Engine.step", lambda r: mcr_engine.Engine().step(r), [["PASS"] * 4], rounds=30)
    started = mcr_engine.Engine()
    started.reset(rec["wall"], rec["quan"], rec["srand"])
    sweep("Engine.step on a game", lambda r: started.step(r), [["PASS"] * 4], rounds=30)
    sweep("Engine.hand", eng.hand, [0])
    sweep("Engine.packs", eng.packs, [0])
    for turn in rec["turns"][:-1]:
        eng.step(turn["responses"])
    assert eng.is_over
    with pytest.raises(mcr_engine.EngineError, match="after the end"):
        eng.step(["PASS"] * 4)
    eng.reset(rec["wall"], rec["quan"], rec["srand"])  # a new game after the end
    assert eng.action == "INIT"
    huge = eng.step(["PASS " * 100000] * 4)  # an illegal answer: the judge's verdict
    assert huge["display"]["action"] in ("WA", "WH")


def test_engine_used_from_inside_its_own_call_raises_engine_error():
    # Before: RuntimeError("Already borrowed") from pyo3.
    rec = golden()
    eng = mcr_engine.Engine()
    eng.reset(rec["wall"], rec["quan"], rec["srand"])

    class Key:
        def __hash__(self):
            return hash("0")

        def __eq__(self, other):
            return other == "0"

        def __str__(self):
            eng.step(["PASS"] * 4)
            return "0"

    class Answers(list):
        def __getitem__(self, i):
            eng.reset(rec["wall"], rec["quan"], rec["srand"])
            return "PASS"

        def __len__(self):
            return 4

    for responses in ({Key(): "PASS"}, Answers()):
        e = check("re-entry", eng.step, responses)
        assert e is None or isinstance(e, mcr_engine.EngineError), e


def in_threads(work, n=3):
    """Runs work(k) for k in 0..n-1 on n threads at once; what they raised."""
    errors = []

    def run(k):
        try:
            work(k)
        except BaseException as e:  # noqa: BLE001
            errors.append("%s: %s" % (type(e).__name__, e))

    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_objects_shared_across_threads():
    rec = golden()
    eng = mcr_engine.Engine()
    reader = mcr_engine.read_games(data("golden.jsonl.gz"))

    def work(k):
        for _ in range(5):
            mcr_engine.calculate_many([ARGS] * 200, threads=2)
            try:
                eng.reset(rec["wall"], rec["quan"], rec["srand"])
                for turn in rec["turns"][:-1]:
                    eng.step(turn["responses"])
            except mcr_engine.EngineError:
                pass  # another thread reset or ended the game: documented
            next(reader, None)  # before: PanicException (unsendable) off the creating thread

    errors = in_threads(work)
    assert not errors, errors


def test_vec_env_hostile_arguments_and_threads():
    np = pytest.importorskip("numpy")
    from mcr_engine import ActionError, EnvError

    sweep("VecEnv", lambda *a, **k: mcr_engine.VecEnv(*a, **k), [2, 1],
          dict(obs="compact", duplicate=False, records=False, threads=1, skip_forced=True, rules="botzone"), rounds=60)
    env = mcr_engine.VecEnv(2, 1, threads=1)
    with pytest.raises(ActionError, match="before reset"):
        env.step(np.zeros((2, 4), np.int64))
    env.reset()
    env.reset()
    sweep("VecEnv.step", env.step, [np.zeros((2, 4), np.int64)], rounds=60)
    for actions in [np.full((2, 4), np.nan), np.zeros((4, 2), np.int64).T, np.zeros((2, 4, 1), np.int64),
                    np.full((2, 4), 2**63, np.uint64), np.zeros((2, 4), np.int8), np.zeros((2, 4), bool), np.zeros((2, 4), object),
                    np.zeros((2, 4), ">i8"), np.zeros((2, 8), np.int64)[:, ::2], [[0, 0, 0, 0], [0, 0, 0]], [[0] * 4, [None] * 4],
                    [[Boom()] * 4] * 2, [[2**70] * 4] * 2, np.ma.masked_array(np.zeros((2, 4), np.int64))]:
        check("VecEnv.step %r" % (actions,), env.step, actions)
    with pytest.raises(ActionError):  # before: numpy's ValueError (inhomogeneous shape)
        env.step([[0, 0, 0, 0], [0, 0, 0]])
    sweep("legal_answers", env.legal_answers, [0, 1])
    sweep("choosing_discard", env.choosing_discard, [0])
    # the native half: out-of-range actions are the judge's verdict, not a panic
    env._native.step(np.array([[999, -5, 2**62, -2**63]] * 2, np.int64))
    with pytest.raises(EnvError):
        env._native.step(np.zeros((2, 4), np.int32))

    # one env stepped from several threads: calls wait for each other
    # (before: RuntimeError "Already borrowed" while the tables were stepped)
    shared = mcr_engine.VecEnv(64, 3, threads=2, records=True)
    shared.reset()

    def play(k):
        g = np.random.default_rng(k)
        for _ in range(100):
            shared.step((shared.mask * g.random(shared.mask.shape, dtype=np.float32)).argmax(2))
            shared.take_records()
            shared.legal_answers(k, k % 4)
            shared.games_finished

    errors = in_threads(play)
    assert not errors, errors


def test_single_game_wrappers():
    pytest.importorskip("numpy")
    from mcr_engine.single import MahjongEnv, MahjongParallelEnv

    gym_error = ()
    try:
        import gymnasium.error
        gym_error = (gymnasium.error.Error,)  # gymnasium's own check of reset(seed=)
    except ImportError:  # pragma: no cover
        pass
    allowed = DOCUMENTED + (RuntimeError,) + gym_error
    sweep("MahjongEnv", lambda *a, **k: MahjongEnv(*a, **k).reset(), [0],
          dict(obs="compact", opponent=None, duplicate=False, seed=0, rules="botzone"), allowed=allowed, rounds=40)
    for seat in (False, True, 1.0, "0", None):  # before: seat=False passed, then IndexError
        with pytest.raises(ValueError, match="seat"):
            MahjongEnv(seat=seat)
    env = MahjongEnv(seat=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    sweep("MahjongEnv.step", env.step, [0], allowed=allowed, rounds=20)
    sweep("MahjongEnv.reset", lambda s: MahjongEnv().reset(seed=s), [1], allowed=allowed, rounds=20)
    penv = MahjongParallelEnv()
    with pytest.raises(RuntimeError, match="reset"):
        penv.step({})
    penv.reset(seed=1)
    with pytest.raises(TypeError, match="dict"):  # before: `in` searched the endless iterator for ever
        penv.step(itertools.repeat("player_0"))
    sweep("MahjongParallelEnv.step", penv.step, [{"player_%d" % s: 0 for s in range(4)}], allowed=allowed, rounds=20)


def test_record_files(tmp_path):
    good = gzip.open(data("golden.jsonl.gz"), "rb").read().split(b"\n")[:3]
    files = {
        "empty.jsonl": b"",
        "garbage.jsonl": bytes(random.Random(SEED).randrange(256) for _ in range(5000)),
        "garbage.jsonl.gz": b"\x1f\x8b" + bytes(random.Random(SEED + 1).randrange(256) for _ in range(5000)),
        "nul.jsonl": b"\0\0\n\xff\xfe\n" + good[0] + b"\n",
        "deep.jsonl": b"[" * 100000 + b"]" * 100000 + b"\n" + good[0] + b"\n",
        "long.jsonl": b'{"a": "' + b"x" * (9 << 20) + b'"}\n' + good[0] + b"\n",
        "trunc.jsonl.gz": gzip.compress(b"\n".join(good) + b"\n")[:-40],
        "crlf.jsonl": b"\r\n".join(good),
    }
    for name, content in files.items():
        (tmp_path / name).write_bytes(content)
    (tmp_path / "dir.jsonl").mkdir()
    names = list(files) + ["dir.jsonl", "missing.jsonl"]
    for name in names:
        for reader in (mcr_engine.read_games, mcr_engine.read_hands):
            items = check(name, lambda: list(reader(str(tmp_path / name), on_error="yield")))
            if isinstance(items, list):
                for x in items:
                    assert isinstance(x, (dict, mcr_engine.RecordError)), name
                    if isinstance(x, mcr_engine.RecordError):
                        assert x.path == str(tmp_path / name) and x.reason
                        # line 0: the error is about the whole file or folder
                        assert x.line >= 1 or (name == "dir.jsonl" and "folder" in x.reason), (name, x)
            e = check(name, lambda: list(reader(str(tmp_path / name))))
            assert isinstance(e, (list, mcr_engine.RecordError)), (name, e)
    # the good record after a 9 MiB line, a NUL line, a deep line
    for name in ("long.jsonl", "nul.jsonl", "deep.jsonl"):
        items = list(mcr_engine.read_games(str(tmp_path / name), on_error="yield"))
        assert isinstance(items[-1], dict), name
    sweep("read_games", lambda p, o: list(mcr_engine.read_games(p, on_error=o)), [str(tmp_path / "empty.jsonl"), "raise"], rounds=40)
    sweep("read_hands", lambda p, o: list(mcr_engine.read_hands(p, on_error=o)), [str(tmp_path / "empty.jsonl"), "yield"], rounds=40)


def test_file_names():
    # Before: a str holding a lone surrogate raised PanicException.
    with pytest.raises(mcr_engine.RecordError, match="not a file name") as e:
        mcr_engine.read_games("\ud800.jsonl")
    assert e.value.line == 0
    with pytest.raises(mcr_engine.RecordError, match="NUL"):
        mcr_engine.read_hands("a\0b.jsonl")
    # bytes and os.PathLike name files as open() takes them
    path = data("golden.jsonl.gz")
    assert sum(1 for _ in mcr_engine.read_games(os.fsencode(path))) == 222
    import pathlib
    assert sum(1 for _ in mcr_engine.read_games(pathlib.Path(path))) == 222
    with pytest.raises(mcr_engine.RecordError, match="cannot open"):
        mcr_engine.read_games(os.fsencode("/nonexistent/\udcff.jsonl"))
    for bad in (None, 3, 1.5, ["a"], Boom()):
        check("path %r" % (bad,), mcr_engine.read_games, bad)


def test_record_reader_after_the_end_and_from_another_thread():
    it = mcr_engine.read_games(data("golden.jsonl.gz"))
    got = []
    t = threading.Thread(target=lambda: got.append(next(it)))
    t.start()
    t.join()
    assert got and isinstance(got[0], dict)
    assert sum(1 for _ in it) == 221
    assert next(it, "end") == "end" and next(it, "end") == "end"
    with pytest.raises(TypeError):
        mcr_engine.RecordReader()


# --- the drop-in: what pymahjonggb 1.4.0 does, exception for exception ---

DROP_IN_VALUES = {
    "none": None, "true": True, "neg": -1, "i2_31": 2**31, "i2_70": 2**70, "nan": float("nan"), "empty": "", "nul": "\0",
    "w1nul": "W1\0x", "sur": "\ud800", "sur2": "W\udc80", "bytes": b"W1", "list": [], "tuple": (), "dict": {}, "obj": object(),
    "badidx": BadIndex(), "badbool": BadBool(), "S": S("W1"), "I": I(1), "T": T(("W1",)), "nested": ((("PENG", "W1", 1),),),
    "packsur": (("PENG", "\ud800", 1),), "packnul": (("PE\0NG", "W1", 1),), "packbig": (("PENG", "W1", 2**70),),
    "handS": (S("W1"),) * 13, "handbytes": (b"W1",) * 13, "packT": (T(("PENG", "W1", 1)),), "idx2": Index2(),
}


def outcome(f, *args):
    try:
        return "ok", f(*args)
    except Exception as e:  # noqa: BLE001
        return type(e).__name__, str(e)


def test_drop_in_hostile_arguments_as_pymahjonggb(oracle):
    for i in range(len(ARGS)):
        for key, v in DROP_IN_VALUES.items():
            a = ARGS[:i] + (v,) + ARGS[i + 1:]
            if i in (8, 9) and isinstance(v, int) and not 0 <= v <= 3:
                assert outcome(MG.MahjongFanCalculator, *a)[0] in ("UnsupportedInput", "OverflowError", "TypeError")
                continue
            assert outcome(MG.MahjongFanCalculator, *a) == outcome(oracle.MahjongFanCalculator, *a), (i, key)
            if i == 0:
                b = (v, ARGS[1] + ("B4", "B5", "F1"))
                assert outcome(MG.MahjongShanten, *b) == outcome(oracle.MahjongShanten, *b), key
            if i == 1:
                assert outcome(MG.MahjongShanten, ARGS[0], v) == outcome(oracle.MahjongShanten, ARGS[0], v), key
                for name in ("RegularShanten", "SevenPairsShanten", "ThirteenOrphansShanten", "HonorsAndKnittedTilesShanten",
                             "KnittedStraightShanten"):
                    assert outcome(getattr(MG, name), v) == outcome(getattr(oracle, name), v), (name, key)


def test_drop_in_hostile_arguments_without_the_reference():
    # pymahjonggb aborts the interpreter on a standing tile holding a lone
    # surrogate (std::logic_error); the drop-in calls it a wrong tile.
    hand = ("\ud800",) * 7
    for call in (lambda: MG.MahjongFanCalculator(ARGS[0], hand, *ARGS[2:]), lambda: MG.MahjongShanten(ARGS[0], hand),
                 lambda: MG.RegularShanten(hand + ("W1",) * 6)):
        with pytest.raises(TypeError, match="ERROE_WRONG_TILE_CODE"):
            call()
    for f in (MG.MahjongFanCalculator, MG.MahjongShanten, MG.RegularShanten, MG.SevenPairsShanten, MG.ThirteenOrphansShanten,
              MG.HonorsAndKnittedTilesShanten, MG.KnittedStraightShanten):
        for v in weird_values():
            check("%s(%r)" % (f.__name__, v), f, v, allowed=(TypeError, ValueError, OverflowError))
        check(f.__name__, f)
        check(f.__name__, f, *ARGS, pack=1)
