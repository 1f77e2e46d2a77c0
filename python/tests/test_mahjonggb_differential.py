"""mcr_engine.mahjonggb against pymahjonggb 1.4.0: the same random
arguments, valid and invalid, to both; identical return values or identical
exceptions (type and message) required.

The valid hands are the public hands corpus (tests/data/hands.jsonl.gz) with
random flags, winds and flowers; the invalid ones are those hands mutated:
wrong types anywhere, wrong tile names, bad pack kinds and offers, packs of
the wrong arity, tiles added, dropped, swapped (not a win, fifth copies),
packs turned to a kind held twice elsewhere (five, six or more copies), too
many packs, missing and extra arguments, keywords, embedded NULs.

Left out of the comparison, and checked on their own below: the inputs
pymahjonggb reads past its tables (wind outside 0..3, PENG/CHI offer 0, CHI
not on a middle tile), where mcr_engine raises UnsupportedInput; and the two
six-copy patterns of `six_copy_quirk`.
"""
import os
import random

import pytest

import mcr_engine
from mcr_engine.mahjonggb import v1_4 as ours

from conftest import args_of

TILES = ["W%d" % i for i in range(1, 10)] + ["T%d" % i for i in range(1, 10)] + \
        ["B%d" % i for i in range(1, 10)] + ["F%d" % i for i in range(1, 5)] + ["J%d" % i for i in range(1, 4)]
BAD_TILES = ["W0", "W10", "X1", "w1", "", "W", "W1 ", " W1", "F5", "J4", "B0", "中", "T\u00e9", "1W", "W1\x00", "WW"]
BAD_VALUES = [None, 1, 1.5, -1, b"W1", "W1", [], (), {}, object(), True, 2 ** 40, -2 ** 40, "0"]
KW = ["pack", "hand", "winTile", "flowerCount", "isSelfDrawn", "is4thTile", "isAboutKong",
      "isWallLast", "seatWind", "prevalentWind", "verbose"]

CALLS = int(os.environ.get("MCR_PY_DIFF_CALLS", "20000"))


class StrSub(str):
    pass


def outcome(fn, args, kwargs):
    try:
        return ("ok", fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the type is compared
        return ("raise", type(e).__name__, str(e))


def mutate(rng, a):
    """One random change to a valid argument list `a` (a list of 10)."""
    packs = [list(p) for p in a[0]]
    hand = list(a[1])
    m = rng.randrange(24)
    if m == 0:  # a wrong type in any argument
        a[rng.randrange(10)] = rng.choice(BAD_VALUES)
    elif m == 1 and packs:  # a bad pack tile name
        packs[rng.randrange(len(packs))][1] = rng.choice(BAD_TILES)
    elif m == 2 and hand:  # a bad standing tile name
        hand[rng.randrange(len(hand))] = rng.choice(BAD_TILES)
    elif m == 3:  # a bad win tile name
        a[2] = rng.choice(BAD_TILES)
    elif m == 4 and packs:  # a bad pack kind
        packs[rng.randrange(len(packs))][0] = rng.choice(["PONG", "chi", "", "KONG", "ANGANG", "PENG ", "GAN"])
    elif m == 5 and packs:  # a bad offer (out of range or of the wrong type)
        packs[rng.randrange(len(packs))][2] = rng.choice([-1, 4, 5, 100, -2 ** 31, 2 ** 31, 2 ** 40, "1", 1.0, None])
    elif m == 6 and packs:  # a pack of the wrong arity or type
        i = rng.randrange(len(packs))
        packs[i] = rng.choice([packs[i][:2], packs[i] + [1], [], packs[i][:1]])
    elif m == 7 and packs:  # a pack that is a list, not a tuple
        a[0] = tuple(tuple(p) for p in packs)[:-1] + (list(packs[-1]),)
        return a
    elif m == 8:  # pack/hand as lists
        if rng.random() < 0.5:
            a[0] = [tuple(p) for p in packs]
        else:
            a[1] = hand
        return a
    elif m == 9 and hand:  # a standing tile of the wrong type
        hand[rng.randrange(len(hand))] = rng.choice([1, None, b"W1", ("W1",), 1.0])
    elif m == 10:  # a tile swapped: mostly not a win, sometimes a fifth copy
        if hand:
            hand[rng.randrange(len(hand))] = rng.choice(TILES)
        else:
            a[2] = rng.choice(TILES)
    elif m == 11:  # a fifth copy of a tile held four times, or of the win tile
        counts = {}
        for t in hand + [a[2]]:
            counts[t] = counts.get(t, 0) + 1
        four = [t for t, c in counts.items() if c >= 4]
        if four and hand:
            hand[rng.randrange(len(hand))] = four[0]
        elif len(hand) >= 2:
            t = rng.choice(hand)
            for i in rng.sample(range(len(hand)), len(hand)):
                if hand.count(t) + [p[1] for p in packs if len(p) > 1].count(t) * 3 + (a[2] == t) >= 5:
                    break
                hand[i] = t
    elif m == 12 and hand:  # a tile dropped
        del hand[rng.randrange(len(hand))]
    elif m == 13:  # tiles added (up to 16)
        for _ in range(rng.randrange(1, 4)):
            if len(hand) < 16:
                hand.insert(rng.randrange(len(hand) + 1), rng.choice(TILES))
    elif m == 14:  # too many packs (up to 8)
        extra = [["PENG", rng.choice(TILES), rng.randrange(1, 4)] for _ in range(rng.randrange(1, 5))]
        packs = (packs + extra)[:8]
    elif m == 15:  # flowers anywhere in the int range, or past it
        a[3] = rng.choice([0, 1, 8, 255, 256, 300, -1, -300, 2 ** 31 - 1, -2 ** 31, 2 ** 31, 1.0, "1"])
    elif m == 16:  # wind values that fail to parse
        a[8 + rng.randrange(2)] = rng.choice([2 ** 31, -2 ** 31 - 1, 1.0, "0", None])
    elif m == 17:  # a str subclass as a tile, or an embedded NUL after a tile name
        if hand and isinstance(hand[0], str):
            i = 0
            hand[i] = rng.choice([StrSub(hand[i]), hand[i] + "\x00junk", hand[i] + "\x00"])
    elif m == 18 and isinstance(a[2], str):  # an embedded NUL in the win tile
        a[2] = a[2] + "\x00"
    elif m == 19:  # all tiles replaced: random 13/14 tiles, mostly not a win
        hand = [rng.choice(TILES) for _ in range(len(hand))]
    elif m == 20 and packs:  # a pack tile changed to another valid tile (PENG/GANG only)
        i = rng.randrange(len(packs))
        if packs[i][0] != "CHI":
            packs[i][1] = rng.choice(TILES)
    elif m == 21 and packs:  # five, six or more copies: a pung or kong of a kind held twice elsewhere
        held = {}
        for t in hand + [a[2]] + [p[1] for p in packs if len(p) > 1 and p[0] != "CHI"] * 3:
            held[t] = held.get(t, 0) + 1
        twice = sorted(t for t, c in held.items() if c >= 2 and isinstance(t, str))
        i = rng.randrange(len(packs))
        if twice and packs[i][0] != "CHI":
            packs[i][1] = rng.choice(twice)
    a[0] = tuple(tuple(p) for p in packs)
    a[1] = tuple(hand)
    return a


def random_call(rng, hands):
    rec = hands[rng.randrange(len(hands))]
    a = list(args_of(rec))
    # random circumstances, within what both take
    if rng.random() < 0.5:
        a[3] = rng.choice([0, 0, 0, 1, 2, 3, 8])
        a[4:8] = [rng.random() < 0.3 for _ in range(4)]
        a[8], a[9] = rng.randrange(4), rng.randrange(4)
    for p in (0.5, 0.2):  # one change, sometimes two
        if rng.random() < p:
            try:
                a = mutate(rng, list(a))
            except (IndexError, TypeError, KeyError, ValueError, AttributeError):
                pass  # the first change made this one meaningless

    args, kwargs = list(a), {}
    r = rng.random()
    if r < 0.15:  # verbose, positional or keyword
        if rng.random() < 0.5:
            args.append(rng.choice([True, False, 1, 0, "", "x", None]))
        else:
            kwargs["verbose"] = rng.choice([True, False, 1, 0])
    elif r < 0.25:  # some or all arguments by keyword
        k = rng.randrange(len(args) + 1)
        kwargs.update(dict(zip(KW[k:], args[k:])))
        args = args[:k]
    elif r < 0.30:  # an argument missing
        del args[rng.randrange(len(args))]
    elif r < 0.33:  # too many arguments
        args += [False, False]
    elif r < 0.35:  # an unknown keyword, or one given twice
        if rng.random() < 0.5:
            kwargs["winTIle"] = "W1"
        else:
            kwargs["hand"] = args[1]
    return tuple(args), kwargs


def tile_counts(named):
    """Copies of each tile kind in a call's tiles (packs, hand, win tile); a
    name is read up to an embedded NUL, as the reference reads it. None when
    the packs are malformed (parsing fails first)."""
    counts = {}
    try:
        for p in named.get("pack", ()):
            n = {"CHI": 0, "PENG": 3, "GANG": 4}.get(p[0], 0)
            name = p[1].split("\0", 1)[0] if isinstance(p[1], str) else p[1]
            tiles = [name] * n
            if p[0] == "CHI" and name in TILES and name[0] in "WTB":
                tiles = [name[0] + str(int(name[1]) + d) for d in (-1, 0, 1)]
            for t in tiles:
                counts[t] = counts.get(t, 0) + 1
        for t in list(named.get("hand", ())) + [named.get("winTile")]:
            if isinstance(t, str):
                t = t.split("\0", 1)[0]
                counts[t] = counts.get(t, 0) + 1
    except Exception:  # noqa: BLE001 - malformed packs: parsing fails first
        return None
    return counts


def six_copy_quirk(named):
    """The two patterns of six or more copies where the reference's own
    arithmetic goes astray, and mcr-engine does not follow it:
    - three or four kongs, one of them concealed and of the win tile's kind,
      won on a discard: the reference takes the concealed pung count below
      zero (its kong table then reads -1 as a pung);
    - six copies of a wind beside pungs of two other winds (三风刻 and a
      second pung of a wind): it then deducts no 幺九刻 for the seat or
      prevalent wind's second pung."""
    counts = tile_counts(named)
    if not counts or max(counts.values()) < 6:
        return False
    try:
        packs = list(named.get("pack", ()))
        win = named.get("winTile")
        win = win.split("\0", 1)[0] if isinstance(win, str) else win
        kongs = [p for p in packs if p[0] == "GANG"]
        name = lambda p: p[1].split("\0", 1)[0] if isinstance(p[1], str) else p[1]  # noqa: E731
        if len(kongs) >= 3 and not named.get("isSelfDrawn") and any(p[2] == 0 and name(p) == win for p in kongs):
            return True
    except Exception:  # noqa: BLE001 - malformed packs: parsing fails first
        return False
    winds = [counts.get("F%d" % i, 0) for i in range(1, 5)]
    return max(winds) >= 6 and sum(c >= 3 for c in winds) >= 3


def diverges_by_design(args, kwargs):
    """The inputs left out of the comparison: where mcr_engine raises
    UnsupportedInput on purpose, and the two six-copy quirks above. Every
    other hand is compared, fifth and sixth copies included."""
    named = dict(zip(KW, args))
    named.update(kwargs)
    if six_copy_quirk(named):
        return True
    for w in ("seatWind", "prevalentWind"):
        v = named.get(w)
        if isinstance(v, int) and not isinstance(v, bool) and not (0 <= v <= 3) and -2 ** 31 <= v < 2 ** 31:
            return True
    return False


def test_the_oracle_is_pymahjonggb_1_4_0(oracle):
    assert oracle.MahjongFanCalculator.__doc__ == ours.MahjongFanCalculator.__doc__


def test_differential_random_calls(oracle, hands):
    rng = random.Random(int(os.environ.get("MCR_PY_DIFF_SEED", "20261201")))
    kinds = {"ok": 0, "raise": 0}
    messages = set()
    failures = []
    for n in range(CALLS):
        args, kwargs = random_call(rng, hands)
        if diverges_by_design(args, kwargs):
            continue
        want = outcome(oracle.MahjongFanCalculator, args, kwargs)
        got = outcome(ours.MahjongFanCalculator, args, kwargs)
        if got != want:
            failures.append("call %d: MahjongFanCalculator(*%r, **%r)\n oracle: %r\n ours:   %r" % (
                n, args, kwargs, want, got))
            continue
        kinds[want[0]] += 1
        if want[0] == "raise":
            messages.add((want[1], want[2]))
    assert not failures, "%d of %d calls differ:\n%s" % (len(failures), CALLS, "\n".join(failures[:10]))
    # the generator reaches both results and the errors it means to reach
    assert kinds["ok"] > CALLS // 5 and kinds["raise"] > CALLS // 5, kinds
    texts = {m for _, m in messages}
    for m in ["ERROE_WRONG_TILE_CODE", "ERROE_WRONG_OFFER_CODE", "ERROE_WRONG_PACK_CODE",
              "ERROR_WRONG_TILES_COUNT", "ERROR_NOT_WIN", "Param `pack` must be a tuple!",
              "Param `hand` must be a tuple!", "Param `pack` must be a tuple of tuples!",
              "Param `hand` must be a tuple of strs!", "embedded null character"]:
        assert m in texts, "the random calls never raised %r" % m
    assert any("missing required argument" in t for t in texts)
    assert any("arguments" in t and "given" in t for t in texts)


def repeated_sets_call(rng):
    """A win of four sets and a pair drawn from a few kinds, so that sets
    repeat: two pungs of a kind, a kong beside its pair (five to twelve
    copies, which the reference does not refuse); random packs, flags, winds."""
    pool = rng.sample(TILES, rng.randrange(3, 8))
    packs, hand = [], []
    for _ in range(4):
        t = rng.choice(pool)
        r = rng.random()
        if rng.random() < 0.3 and t[0] in "WTB" and 2 <= int(t[1]) <= 8:
            if r < 0.3:
                packs.append(("CHI", t, rng.randrange(1, 4)))
            else:
                hand += [t[0] + str(int(t[1]) + d) for d in (-1, 0, 1)]
        elif r < 0.25:
            packs.append(("PENG", t, rng.randrange(1, 4)))
        elif r < 0.5:
            packs.append(("GANG", t, rng.randrange(0, 4)))
        else:
            hand += [t] * 3
    pair = rng.choice(pool)
    hand += [pair, pair]
    rng.shuffle(hand)
    win = hand.pop()
    flags = [rng.random() < 0.3 for _ in range(4)]
    return (tuple(packs), tuple(hand), win, rng.choice([0, 0, 1]), *flags, rng.randrange(4), rng.randrange(4))


def test_hands_of_repeated_sets(oracle):
    """Five, six and more copies of a kind, made on purpose: the same answer
    as the reference, verbose, but for the two quirks of six_copy_quirk."""
    rng = random.Random(int(os.environ.get("MCR_PY_DIFF_SEED", "20261201")))
    compared, six, failures = 0, 0, []
    for n in range(max(CALLS // 4, 2000)):
        args = repeated_sets_call(rng) + (True,)
        named = dict(zip(KW, args))
        if six_copy_quirk(named):
            continue
        want = outcome(oracle.MahjongFanCalculator, args, {})
        got = outcome(ours.MahjongFanCalculator, args, {})
        compared += 1
        six += want[0] == "ok" and max(tile_counts(named).values()) >= 6
        if got != want:
            failures.append("call %d: MahjongFanCalculator(*%r)\n oracle: %r\n ours:   %r" % (n, args, want, got))
    assert not failures, "%d of %d calls differ:\n%s" % (len(failures), compared, "\n".join(failures[:10]))
    assert six > compared // 4, (six, compared)


def test_every_public_hand_verbose(oracle, hands):
    """The whole corpus, verbose and not, as both return it."""
    for rec in hands[::7]:
        a = args_of(rec)
        for verbose in (False, True):
            assert outcome(ours.MahjongFanCalculator, a + (verbose,), {}) == \
                outcome(oracle.MahjongFanCalculator, a + (verbose,), {}), rec["id"]


@pytest.mark.parametrize("case", [
    dict(seatWind=4), dict(prevalentWind=-1), dict(seatWind=7), dict(prevalentWind=2 ** 31 - 1),
])
def test_winds_outside_0_3_are_unsupported(oracle, hands, case):
    a = dict(zip(KW, args_of(hands[1])))
    a.update(case)
    oracle.MahjongFanCalculator(**a)  # the reference answers something
    with pytest.raises(mcr_engine.UnsupportedInput, match="0..3"):
        ours.MahjongFanCalculator(**a)


@pytest.mark.parametrize("pack", [("PENG", "W1", 0), ("CHI", "W3", 0), ("CHI", "W1", 1), ("CHI", "F2", 2)])
def test_packs_pymahjonggb_reads_without_a_rule_are_unsupported(pack):
    args = ((pack, ("PENG", "W2", 1), ("PENG", "W3", 1)), ("W4", "W4", "W4", "W5"), "W5", 0, False, False, False, False, 0, 0)
    with pytest.raises(mcr_engine.UnsupportedInput) as e:
        ours.MahjongFanCalculator(*args)
    assert isinstance(e.value, ValueError)
    assert pack[0] in str(e.value)


# --- the versions: each drop-in module against its pymahjonggb version ---
#
# Only one MahjongGB module installs per environment, so the other versions
# answer through tests/oracle/pymahjonggb_oracle.py, which finds them in
# target/oracle/pymahjonggb-V (.ci/run installs them there).


def _oracle_answers(version, recs, tmp_path):
    import json
    import subprocess
    import sys

    from conftest import REPO

    src = tmp_path / ("hands-%s.jsonl" % version)
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    script = os.path.join(REPO, "tests", "oracle", "pymahjonggb_oracle.py")
    run = subprocess.run([sys.executable, script, "--version", version, str(src)], capture_output=True, text=True)
    if run.returncode in (3, 4):
        if os.environ.get("MCR_REQUIRE_ORACLE") == "1":
            pytest.fail("pymahjonggb %s is required: %s" % (version, run.stderr.strip()))
        pytest.skip("pymahjonggb %s is not installed: %s" % (version, run.stderr.strip()))
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.mark.parametrize("version,module", [("1.1.0", "v1_1"), ("1.2.0", "v1_3"), ("1.3.0", "v1_3")])
def test_each_version_scores_as_pymahjonggb_of_that_version(version, module, hands, tmp_path):
    import importlib

    drop_in = importlib.import_module("mcr_engine.mahjonggb." + module)
    assert mcr_engine.mahjonggb.imitate(version) is drop_in
    # Every knitted-straight win (where the versions differ in total) and a
    # sample of the rest.
    recs = [r for r in hands if "组合龙" in {f[0] for f in r["expected"].get("fan", [])}] + hands[::50]
    answers = _oracle_answers(version, recs, tmp_path)
    assert len(answers) == len(recs)
    failures = []
    for rec, want in zip(recs, answers):
        try:
            got = drop_in.MahjongFanCalculator(*args_of(rec), verbose=True)
            got = [[name, value, count] for (value, count, name, _en) in got]
            got = {"result": sum(v * c for _, v, c in got), "fan": got}
        except TypeError as e:
            got = {"error": str(e)}
        want = {"result": want["result"], "fan": want["fan"]} if want["result"] >= 0 else {"error": want}
        if "error" in got or "error" in want:
            if ("error" in got) != ("error" in want):
                failures.append("%s: oracle %r, ours %r" % (rec["id"], want, got))
        elif got != want:
            failures.append("%s: oracle %r, ours %r" % (rec["id"], want, got))
    assert not failures, "%d of %d hands differ:\n%s" % (len(failures), len(recs), "\n".join(failures[:10]))


def test_the_default_drop_in_is_the_platforms():
    import mcr_engine.mahjonggb as default

    assert default.MahjongFanCalculator is default.v1_1.MahjongFanCalculator
    assert default.v1_1.VERSION == "1.1.0" and default.v1_4.VERSION == "1.4.0"
    with pytest.raises(ValueError):
        default.imitate("1.5.0")
    # The platform's names, and 1.4.0's for the same single wait.
    args = ((("PENG", "F1", 1),), ("W4", "W5", "W6", "T2", "T3", "T4", "T7", "T8", "T9", "B9"), "B9", 0, True, False,
            False, False, 0, 0)
    assert "单钓将" in [n for _, n in default.MahjongFanCalculator(*args)]
    assert "独听・单钓" in [n for _, n in default.v1_4.MahjongFanCalculator(*args)]
