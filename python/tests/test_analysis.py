"""The Pythonic hand analysis: mcr_engine.shanten, discards, waits.

Checked against the reference's answers (tests/data/shanten.jsonl.gz, and
pymahjonggb 1.4.0 itself on random hands), against the package's own
calculator (a wait's fans are calculate()'s for the completed hand; a tile
not listed does not win), against shanten() (each discard row is the shanten
of what remains), and on hand-checked cases and bad input."""
import gzip
import json
import random
from collections import Counter

import pytest

import mcr_engine

from conftest import data

TILES = ["W%d" % i for i in range(1, 10)] + ["T%d" % i for i in range(1, 10)] + \
        ["B%d" % i for i in range(1, 10)] + ["F%d" % i for i in range(1, 5)] + ["J%d" % i for i in range(1, 4)]
KEYS = ["regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"]


@pytest.fixture(scope="module")
def corpus():
    with gzip.open(data("shanten.jsonl.gz"), "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def test_shanten_against_the_reference_corpus(corpus):
    for rec in corpus[::6]:
        exp = rec["expected"]
        s = mcr_engine.shanten(rec["hand"], pack=rec["packs"])
        assert s.shanten == exp["shanten"], rec["id"]
        assert s.is_waiting == (exp["shanten"] == 0)
        best = set()
        for key in KEYS:
            e, got = exp["forms"][key], s.shapes[key]
            if isinstance(e, dict):
                assert got is None, (rec["id"], key)
            else:
                assert (got.shape, got.shanten, got.useful) == (key, e[0], e[1]), (rec["id"], key)
                if e[0] == exp["shanten"]:
                    best |= set(e[1])
        assert s.useful == [t for t in TILES if t in best], rec["id"]


def test_shanten_against_pymahjonggb_on_random_hands(oracle):
    rng = random.Random(7)
    fns = {"regular": oracle.RegularShanten, "seven_pairs": oracle.SevenPairsShanten,
           "thirteen_orphans": oracle.ThirteenOrphansShanten,
           "honors_knitted": oracle.HonorsAndKnittedTilesShanten, "knitted_straight": oracle.KnittedStraightShanten}
    for _ in range(300):
        k = rng.choice([0, 0, 1, 3])
        hand = rng.sample([t for t in TILES for _ in range(4)], 13 - 3 * k)
        packs = [("PENG", rng.choice(TILES), 1) for _ in range(k)]
        s = mcr_engine.shanten(hand, pack=packs)
        assert s.shanten == oracle.MahjongShanten(tuple(packs), tuple(hand))
        for key, fn in fns.items():
            try:
                want = fn(tuple(hand))
            except TypeError:
                want = None
            got = s.shapes[key]
            assert (got and (got.shanten, tuple(got.useful))) == want, (hand, key)


def test_shanten_in_notation_hand_checked():
    s = mcr_engine.shanten("[chi 456m] 123s 789s 4p 5p 6z 6z")
    assert (s.shanten, s.useful, s.is_waiting) == (0, ["B3", "B6"], True)
    assert s.shapes["seven_pairs"] is None and s.shapes["regular"].useful == ["B3", "B6"]
    # seven pairs with a kong's count of one kind (two pairs): waiting on the odd tile
    s = mcr_engine.shanten("1111223344556m")
    assert (s.shapes["seven_pairs"].shanten, s.shapes["seven_pairs"].useful) == (0, ["W6"])
    # three honour kinds held four times: seven pairs waits on F4, the regular
    # shape (three pungs, three single honours) is 2 away and F4 alone helps
    s = mcr_engine.shanten(["F1"] * 4 + ["F2"] * 4 + ["F3"] * 4 + ["F4"])
    assert (s.shanten, s.useful) == (0, ["F4"])
    assert (s.shapes["regular"].shanten, s.shapes["regular"].useful) == (2, ["F4"])
    assert "Shanten(shanten=0, useful=['F4'])" == repr(s)


def test_discards_are_the_shanten_of_what_remains():
    rng = random.Random(11)
    for _ in range(120):
        k = rng.choice([0, 0, 1, 2])
        wall = [t for t in TILES for _ in range(4)]
        rng.shuffle(wall)
        hand = wall[:14 - 3 * k]
        packs = [("PENG", t, 2) for t in wall[20:20 + k]]
        visible = wall[30:30 + rng.randrange(0, 12)]
        rows = mcr_engine.discards(hand, pack=packs, visible=visible)
        assert sorted(r.tile for r in rows) == sorted(set(hand))
        seen = Counter(hand) + Counter(t for p in packs for t in [p[1]] * 3) + Counter(visible)
        for r in rows:
            rest = list(hand)
            rest.remove(r.tile)
            s = mcr_engine.shanten(rest, pack=packs)
            assert (r.shanten, r.useful) == (s.shanten, s.useful)
            assert {k: v and v.useful for k, v in r.shapes.items()} == {k: v and v.useful for k, v in s.shapes.items()}
            assert r.unseen == sum(max(0, 4 - seen[t]) for t in r.useful)
        keys = [(r.shanten, -r.unseen, -len(r.useful), TILES.index(r.tile)) for r in rows]
        assert keys == sorted(keys)


def test_discards_in_notation_with_visible_tiles():
    rows = mcr_engine.discards("123m 456m 789m 1p 5p 9s 3z +2p", visible="3p3p3p")
    assert [(r.tile, r.shanten, r.useful, r.unseen) for r in rows[:3]] == [
        ("T9", 1, ["B3", "B5", "F3"], 7), ("B5", 1, ["T9", "B3", "F3"], 7), ("F3", 1, ["T9", "B3", "B5"], 7)]
    # visible as tile names: the same table
    named = mcr_engine.discards("123m 456m 789m 1p 5p 9s 3z +2p", visible=["B3"] * 3)
    assert [(r.tile, r.unseen) for r in named] == [(r.tile, r.unseen) for r in rows]
    # without the visible tiles, the three B3 count as unseen
    assert mcr_engine.discards("123m 456m 789m 1p 5p 9s 3z +2p")[0].unseen == 10


def test_waits_are_the_calculators_wins():
    rng = random.Random(5)
    checked = 0
    while checked < 40:
        wall = [t for t in TILES[:9] for _ in range(4)] + [t for t in TILES[27:] for _ in range(2)]
        rng.shuffle(wall)
        hand = wall[:13]
        if mcr_engine.shanten(hand).shanten != 0:
            continue
        checked += 1
        seat, flowers = rng.randrange(4), rng.randrange(3)
        ws = {w.tile: w for w in mcr_engine.waits(hand, seat_wind=seat, flower_count=flowers)}
        for t in TILES:
            z = mcr_engine.calculate(hand, win_tile=t, self_drawn=True, seat_wind=seat, flower_count=flowers)
            d = mcr_engine.calculate(hand, win_tile=t, seat_wind=seat, flower_count=flowers)
            if t not in ws:
                assert not z.is_win and not d.is_win, (hand, t)
                continue
            w = ws[t]
            assert (w.self_drawn.result, w.self_drawn.fans) == (z.result, z.fans)
            assert (w.discard.result, w.discard.fans) == (d.result, d.fans)
            assert w.below_minimum == (z.result < mcr_engine.MINIMUM_FAN, d.result < mcr_engine.MINIMUM_FAN)
        assert list(ws) == [t for t in TILES if t in ws]


def test_waits_hand_checked_and_flags():
    ws = mcr_engine.waits("[peng 1z] 234s 789s 55p 67p seat=E prevalent=E")
    assert [(w.tile, w.self_drawn.total, w.discard.total, w.below_minimum) for w in ws] == [
        ("B5", 6, 5, (True, True)), ("B8", 6, 5, (True, True))]
    assert [f.name_en for f in ws[0].discard.fans] == ["Prevalent Wind", "Seat Wind", "One Voided Suit"]
    # a keyword wins over the notation: south seat, no seat wind fan
    ws = mcr_engine.waits("[peng 1z] 234s 789s 55p 67p seat=E prevalent=E", seat_wind=1)
    assert ws[0].discard.total == 3
    nine = mcr_engine.waits("1112345678999m")
    assert [w.tile for w in nine] == ["W%d" % i for i in range(1, 10)]
    assert nine[0].self_drawn.total == 107 and nine[0].below_minimum == (False, False)
    assert mcr_engine.waits("[peng 1z] 234s 789s 55p 6p 9p") == []  # not waiting
    last = mcr_engine.waits("1112345678999m", wall_last=True)[0]
    assert "Last Tile Draw" in [f.name_en for f in last.self_drawn.fans]


@pytest.mark.parametrize("call, words", [
    (lambda: mcr_engine.shanten("123m"), "3 standing tiles and 0 packs"),
    (lambda: mcr_engine.shanten("123m 456m 789m 1p 5p 9s 3z +2p"), "discards()"),
    (lambda: mcr_engine.shanten("W0 W1"), "W0"),
    (lambda: mcr_engine.shanten(["W1"] * 12 + [1]), "tiles are names"),
    (lambda: mcr_engine.shanten("[peng 1z] 123m", pack=[("PENG", "F1", 1)]), "pack="),
    (lambda: mcr_engine.shanten(["W1"] * 10, pack=[("PONG", "F1", 1)]), "unknown kind"),
    (lambda: mcr_engine.shanten(["W1"] * 10, pack=[("PENG", "F1", 9)]), "offer"),
    (lambda: mcr_engine.shanten([], pack=[("PENG", "F1", 1)] * 5), "5 packs"),
    (lambda: mcr_engine.discards("123m 456m 789m 1p 5p 9s 3z"), "14 - 3 x packs"),
    (lambda: mcr_engine.discards("123m 456m 789m 1p 5p 9s 3z +2p", visible="9x"), "visible"),
    (lambda: mcr_engine.discards("123m 456m 789m 1p 5p 9s 3z +2p", visible=[None]), "visible"),
    (lambda: mcr_engine.discards("123m 456m 789m 1p 5p 9s 3z +2p", visible="3z3z3z3z"), "more than 4 copies of F3"),
    (lambda: mcr_engine.waits("[peng 1z] 234s 789s 55p 6p +7p"), "+tile"),
    (lambda: mcr_engine.waits("[peng 1z] 234s 789s 55p 6p"), "13 - 3 x packs"),
    (lambda: mcr_engine.waits("1112345678999m", seat_wind=4), "wind"),
])
def test_bad_input_raises_hand_error(call, words):
    with pytest.raises(mcr_engine.HandError) as e:
        call()
    assert words in str(e.value)
    assert isinstance(e.value, ValueError)
