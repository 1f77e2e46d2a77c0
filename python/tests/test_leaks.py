"""No leak over a long loop: resident memory stays bounded over a million
drop-in calls (winning, not winning, malformed; the shanten functions too)
and many results, analyses, engines and readers."""
import os

import mcr_engine
import mcr_engine.mahjonggb as MahjongGB

from conftest import args_of, data

CALLS = int(os.environ.get("MCR_PY_LEAK_CALLS", "1000000"))


def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def churn(hands, n):
    calc = MahjongGB.MahjongFanCalculator
    bad = hands[0][:2] + ("X1",) + hands[0][3:]
    k = len(hands)
    for i in range(n):
        a = hands[i % k]
        try:
            calc(*a, verbose=(i & 1 == 0))
        except TypeError:
            pass
        if i % 16 == 0:
            try:
                calc(*bad)
            except TypeError:
                pass
        if i % 64 == 0:
            r = mcr_engine.calculate(list(a[1]), list(a[0]), a[2], flower_count=a[3])
            r.fans, r.hand
        if i % 4 == 0:  # the shanten drop-in: answers, and errors
            try:
                MahjongGB.MahjongShanten(a[0], a[1])
                MahjongGB.RegularShanten(a[1])
                MahjongGB.SevenPairsShanten(a[1] + (("X1",) if i & 4 else ()))
            except TypeError:
                pass
        if i % 1024 == 0:
            mcr_engine.calculate_many(hands[:50], fans=True)
            try:
                s = mcr_engine.shanten(list(a[1]), pack=list(a[0]))
                s.shapes, s.useful
                for w in mcr_engine.waits(list(a[1]), pack=list(a[0])):
                    w.self_drawn.fans
                mcr_engine.discards(list(a[1]) + [a[2]], pack=list(a[0]))
            except mcr_engine.HandError:
                pass


def test_rss_bounded_over_a_million_calls(hands):
    args = [args_of(r) for r in hands[:2000]]
    churn(args, 50_000)  # warm-up: caches, allocator pools
    before = rss_kib()
    churn(args, CALLS)
    grown = rss_kib() - before
    assert grown < 4096, "RSS grew by %d KiB over %d calls" % (grown, CALLS)


def test_engines_and_readers_do_not_leak():
    games = list(mcr_engine.read_games(data("errors.jsonl.gz")))[:30]

    def play():
        for rec in games:
            e = mcr_engine.Engine()
            e.reset(rec["wall"], rec["quan"], rec["srand"])
            for t in rec["turns"][:-1]:
                e.step(t["responses"])
        for _ in mcr_engine.read_games(data("golden.jsonl.gz")):
            pass

    play()
    before = rss_kib()
    for _ in range(5):
        play()
    assert rss_kib() - before < 4096
