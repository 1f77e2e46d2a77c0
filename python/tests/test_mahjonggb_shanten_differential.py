"""The shanten half of mcr_engine.mahjonggb against pymahjonggb 1.4.0:
``MahjongShanten(pack, hand)`` and the five per-shape functions, called with
the same random arguments, valid and invalid; identical return values
(``int`` / ``(int, tuple of str)``, tile order included) or identical
exceptions (type and message) required.

Valid calls are the hands of tests/data/shanten.jsonl.gz (60,000 hands of
the reference with 0-4 packs) and random hands drawn with fifth copies and
shapes near the special forms; invalid ones are mutations of them: wrong
types anywhere, wrong tile names, bad pack kinds, offers and arities, lists
for tuples, tiles dropped or added (0 to 20 standing tiles), 5-8 packs,
fifth copies, str and tuple subclasses, embedded NULs, missing, extra,
keyword, unknown and repeated arguments.

Where the reference writes past its arrays (more than 23 standing tiles,
more than 19 packs) it may corrupt its stack: not called.
"""
import collections
import gzip
import json
import os
import random

import pytest

import mcr_engine.mahjonggb as ours

from conftest import data

TILES = ["W%d" % i for i in range(1, 10)] + ["T%d" % i for i in range(1, 10)] + \
        ["B%d" % i for i in range(1, 10)] + ["F%d" % i for i in range(1, 5)] + ["J%d" % i for i in range(1, 4)]
TERMINALS = ["W1", "W9", "T1", "T9", "B1", "B9", "F1", "F2", "F3", "F4", "J1", "J2", "J3"]
KNITTED = ["W1", "W4", "W7", "T2", "T5", "T8", "B3", "B6", "B9"]
BAD_TILES = ["W0", "W10", "X1", "w1", "", "W", "W1 ", " W1", "F5", "J4", "B0", "中", "T\u00e9", "1W", "WW", "w\x00"]
BAD_VALUES = [None, 1, 1.5, -1, b"W1", "W1", [], {}, object(), True, 2 ** 40, "0", ("W1",), (("PENG", "W1", 1),)]
SHAPES = ["ThirteenOrphansShanten", "SevenPairsShanten", "HonorsAndKnittedTilesShanten",
          "KnittedStraightShanten", "RegularShanten"]
FUNCTIONS = ["MahjongShanten"] + SHAPES

CALLS = int(os.environ.get("MCR_PY_DIFF_CALLS", "20000")) // 4  # argument sets; each calls all six


class StrSub(str):
    pass


TupleSub = collections.namedtuple("TupleSub", "kind tile offer")


def outcome(fn, args, kwargs):
    try:
        return ("ok", fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the type is compared
        return ("raise", type(e).__name__, str(e))


@pytest.fixture(scope="module")
def corpus():
    with gzip.open(data("shanten.jsonl.gz"), "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def random_hand(rng):
    """Random packs and 13 - 3 x packs standing tiles, drawn with or without
    a wall (so fifth copies occur), sometimes close to a special shape."""
    k = rng.choice([0, 0, 0, 1, 2, 3, 4])
    packs = [(rng.choice(["CHI", "PENG", "GANG"]), rng.choice(TILES), rng.randrange(0, 4)) for _ in range(k)]
    n = 13 - 3 * k
    r = rng.random()
    if r < 0.2:
        pool = TERMINALS * 2 + rng.sample(TILES, 6)
    elif r < 0.4:
        pool = KNITTED + TERMINALS[6:] + rng.sample(TILES, 5)
    elif r < 0.55:
        pool = [t for t in rng.sample(TILES, 8) for _ in range(2)]
    elif r < 0.7:
        pool = [t for t in TILES[:9] for _ in range(4)]  # one suit, with fifth copies possible below
    else:
        pool = [t for t in TILES for _ in range(4)]
    if rng.random() < 0.2:
        hand = [rng.choice(pool) for _ in range(n)]  # fifth copies and more
    else:
        hand = rng.sample(pool, n) if len(pool) >= n else [rng.choice(pool) for _ in range(n)]
    return packs, hand


def mutate(rng, packs, hand):
    """One random change; returns (pack argument, hand argument)."""
    packs = [list(p) for p in packs]
    hand = list(hand)
    m = rng.randrange(20)
    if m == 0:  # a wrong type for the pack argument
        return rng.choice(BAD_VALUES), tuple(hand)
    if m == 1:  # a wrong type for the hand argument
        return tuple(tuple(p) for p in packs), rng.choice(BAD_VALUES)
    if m == 2 and packs:  # a bad pack tile name
        packs[rng.randrange(len(packs))][1] = rng.choice(BAD_TILES)
    elif m == 3 and hand:  # a bad standing tile name
        hand[rng.randrange(len(hand))] = rng.choice(BAD_TILES)
    elif m == 4 and packs:  # a bad pack kind
        packs[rng.randrange(len(packs))][0] = rng.choice(["PONG", "chi", "", "KONG", "ANGANG", "PENG ", "GAN"])
    elif m == 5 and packs:  # a bad offer, out of range or of the wrong type
        packs[rng.randrange(len(packs))][2] = rng.choice([-1, 4, 5, 100, -2 ** 31, 2 ** 31, 2 ** 40, "1", 1.0, None])
    elif m == 6 and packs:  # a pack of the wrong arity or type
        i = rng.randrange(len(packs))
        packs[i] = rng.choice([packs[i][:2], packs[i] + [1], [], packs[i][:1], "PENG"])
    elif m == 7 and packs:  # a pack that is a list, or a tuple subclass
        out = [tuple(p) for p in packs]
        i = rng.randrange(len(out))
        out[i] = list(out[i]) if rng.random() < 0.5 else TupleSub(*out[i]) if len(out[i]) == 3 else out[i]
        return tuple(out), tuple(hand)
    elif m == 8:  # pack or hand as a list
        if rng.random() < 0.5:
            return [tuple(p) for p in packs], tuple(hand)
        return tuple(tuple(p) for p in packs), hand
    elif m == 9 and hand:  # a standing tile of the wrong type
        hand[rng.randrange(len(hand))] = rng.choice([1, None, b"W1", ("W1",), 1.0])
    elif m == 10 and hand:  # tiles dropped
        for _ in range(rng.randrange(1, 4)):
            if hand:
                del hand[rng.randrange(len(hand))]
    elif m == 11:  # tiles added (up to 20)
        for _ in range(rng.randrange(1, 8)):
            if len(hand) < 20:
                hand.insert(rng.randrange(len(hand) + 1), rng.choice(TILES))
    elif m == 12:  # 5-8 packs
        extra = [["PENG", rng.choice(TILES), rng.randrange(1, 4)] for _ in range(rng.randrange(1, 5))]
        packs = (packs + extra)[:8]
        if len(packs) <= 4:
            packs = packs + [["GANG", "F1", 0]] * (5 - len(packs))
    elif m == 13 and hand:  # a fifth (or sixth) copy
        t = rng.choice(hand)
        for i in rng.sample(range(len(hand)), min(len(hand), rng.randrange(4, 7))):
            hand[i] = t
    elif m == 14 and hand:  # a str subclass, an embedded NUL after a tile name
        i = rng.randrange(len(hand))
        if isinstance(hand[i], str):
            hand[i] = rng.choice([StrSub(hand[i]), hand[i] + "\x00junk", hand[i] + "\x00"])
    elif m == 15 and packs:  # an embedded NUL in a pack's kind or tile
        i = rng.randrange(len(packs))
        j = rng.choice([0, 1])
        packs[i][j] = packs[i][j] + "\x00"
    elif m == 16:  # the standing tiles of another count: 0..16
        hand = [rng.choice(TILES) for _ in range(rng.randrange(0, 17))]
    elif m == 17:  # no packs at all, the hand kept (a count the shapes may not take)
        packs = []
    a = tuple(tuple(p) if isinstance(p, list) else p for p in packs)
    return a, tuple(hand)


def random_calls(rng, corpus):
    """One argument set: (pack, hand), then the six calls' (args, kwargs)."""
    if rng.random() < 0.5:
        rec = corpus[rng.randrange(len(corpus))]
        packs, hand = [tuple(p) for p in rec["packs"]], list(rec["hand"])
    else:
        packs, hand = random_hand(rng)
    pack_arg, hand_arg = tuple(packs), tuple(hand)
    for p in (0.6, 0.2):  # one change, sometimes two
        if rng.random() < p:
            try:
                pack_arg, hand_arg = mutate(rng, pack_arg if isinstance(pack_arg, (tuple, list)) else packs,
                                            hand_arg if isinstance(hand_arg, (tuple, list)) else hand)
            except (IndexError, TypeError, KeyError, ValueError, AttributeError):
                pass  # the first change made this one meaningless
    calls = []
    for name in FUNCTIONS:
        args = [pack_arg, hand_arg] if name == "MahjongShanten" else [hand_arg]
        names = ["pack", "hand"] if name == "MahjongShanten" else ["hand"]
        kwargs = {}
        r = rng.random()
        if r < 0.15:  # some or all by keyword
            k = rng.randrange(len(args) + 1)
            kwargs.update(dict(zip(names[k:], args[k:])))
            args = args[:k]
        elif r < 0.2:  # an argument missing
            del args[rng.randrange(len(args))]
        elif r < 0.23:  # too many
            args.append(args[-1])
        elif r < 0.26:  # an unknown keyword, or one given twice
            if rng.random() < 0.5:
                kwargs["Hand"] = hand_arg
            else:
                kwargs[names[-1]] = args[-1]
        calls.append((name, tuple(args), kwargs))
    return calls


def test_the_oracle_is_pymahjonggb_1_4_0(oracle):
    for name in FUNCTIONS:
        assert getattr(oracle, name).__doc__ == getattr(ours, name).__doc__, name


def test_differential_random_calls(oracle, corpus):
    rng = random.Random(int(os.environ.get("MCR_PY_DIFF_SEED", "20261201")))
    kinds = collections.Counter()
    messages = set()
    failures = []
    total = 0
    for n in range(CALLS):
        for name, args, kwargs in random_calls(rng, corpus):
            total += 1
            want = outcome(getattr(oracle, name), args, kwargs)
            got = outcome(getattr(ours, name), args, kwargs)
            if got != want or (want[0] == "ok" and list(map(type, _flat(got[1]))) != list(map(type, _flat(want[1])))):
                failures.append("set %d: %s(*%r, **%r)\n oracle: %r\n ours:   %r" % (n, name, args, kwargs, want, got))
                continue
            kinds[(name, want[0])] += 1
            if want[0] == "raise":
                messages.add((want[1], want[2]))
    assert not failures, "%d of %d calls differ:\n%s" % (len(failures), total, "\n".join(failures[:10]))
    # the generator reaches answers and errors of every function
    for name in FUNCTIONS:
        assert kinds[(name, "ok")] > CALLS // 10 and kinds[(name, "raise")] > CALLS // 10, (name, kinds)
    texts = {m for _, m in messages}
    for m in ["ERROE_WRONG_TILE_CODE", "ERROE_WRONG_OFFER_CODE", "ERROE_WRONG_PACK_CODE",
              "ERROR_INVALID_HAND", "ERROR_INVALID_HAND_OR_PACK", "Param `pack` must be a tuple!",
              "Param `hand` must be a tuple!", "Param `pack` must be a tuple of tuples!",
              "Param `hand` must be a tuple of strs!", "embedded null character"]:
        assert m in texts, "the random calls never raised %r" % m
    assert any("missing required argument" in t for t in texts)
    assert any("given" in t for t in texts)
    assert {t for t, _ in messages} == {"TypeError", "ValueError", "OverflowError"}, messages


def _flat(v):
    """The values of a result, nested tuples flattened (to compare types)."""
    if isinstance(v, tuple):
        return [x for item in v for x in _flat(item)] + [tuple]
    return [v]


def test_the_whole_shanten_corpus(corpus):
    """All 60,000 reference answers (no oracle needed): MahjongShanten and the
    five shapes, [shanten, useful] or the error message."""
    shape_keys = ["thirteen_orphans", "seven_pairs", "honors_knitted", "knitted_straight", "regular"]
    bad = []
    for rec in corpus:
        packs, hand = tuple(tuple(p) for p in rec["packs"]), tuple(rec["hand"])
        exp = rec["expected"]
        got = outcome(ours.MahjongShanten, (packs, hand), {})
        want = ("ok", exp["shanten"]) if isinstance(exp["shanten"], int) else ("raise", "TypeError", exp["shanten"]["error"])
        if got != want:
            bad.append((rec["id"], "MahjongShanten", got, want))
        for name, key in zip(SHAPES, shape_keys):
            e = exp["forms"][key]
            want = ("raise", "TypeError", e["error"]) if isinstance(e, dict) else ("ok", (e[0], tuple(e[1])))
            got = outcome(getattr(ours, name), (hand,), {})
            if got != want:
                bad.append((rec["id"], name, got, want))
    assert not bad, "%d mismatches, first: %r" % (len(bad), bad[:5])
    assert len(corpus) == 60000
