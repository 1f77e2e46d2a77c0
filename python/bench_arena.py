"""Arena speed: games/s and the arena's own CPU per bot turn.

    python python/bench_arena.py [--mcr PATH] [--games N] [--rounds R]

1. Four keep-running `mcr bot --policy random` programs: games/s, wall time
   per game, and the arena process's own CPU time (RUSAGE_SELF: the engine,
   the pipes, the signals, the records; the bots' CPU is RUSAGE_CHILDREN)
   per bot turn.
2. Four in-process Python policies (numpy mask -> first legal action):
   games/s, and the arena's own time per bot turn = wall time minus the
   time spent inside the policies (timed around each call), per call.
3. A duplicate tournament (``Arena.duplicate``) of four batched numpy
   policies (a random legal action per row, vectorised): games/s with
   the records kept as JSON lines and with none kept (standings only).
Each is run R times; the median is printed. ``--only duplicate`` runs 3 alone."""
import argparse, resource, shutil, statistics, time

import numpy as np

import mcr_engine

ap = argparse.ArgumentParser()
ap.add_argument("--mcr", default=shutil.which("mcr") or "target/release/mcr")
ap.add_argument("--games", type=int, default=100)
ap.add_argument("--rounds", type=int, default=5)
ap.add_argument("--walls", type=int, default=50)
ap.add_argument("--tables", type=int, default=512)
ap.add_argument("--jobs", type=int, default=2, help="threads stepping the duplicate tables")
ap.add_argument("--only", choices=["duplicate"], default=None)
args = ap.parse_args()


def bot_turns(records):
    return sum(len(t.get("times_ms", {})) for r in records for t in r["turns"])


def cpu_self():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def bench_bots():
    bot = {"name": "mcr-bot", "command": [args.mcr, "bot", "--policy", "random", "--keep-running"], "keep_running": True}
    arena = mcr_engine.Arena([bot] * 4, games=args.games, seed=1)
    c0, t0 = cpu_self(), time.perf_counter()
    recs = arena.run()
    wall, cpu = time.perf_counter() - t0, cpu_self() - c0
    n = bot_turns(recs)
    return len(recs) / wall, wall / len(recs) * 1e3, cpu / n * 1e6


spent = [0.0]


def first_legal(obs, mask):
    t = time.perf_counter()
    a = int(mask.argmax())
    spent[0] += time.perf_counter() - t
    return a


def bench_policies():
    arena = mcr_engine.Arena([first_legal] * 4, games=args.games * 10, seed=1)
    spent[0] = 0.0
    calls = [0]

    def counted(obs, mask):
        calls[0] += 1
        return first_legal(obs, mask)

    arena = mcr_engine.Arena([counted] * 4, games=args.games * 10, seed=1)
    t0 = time.perf_counter()
    recs = arena.run()
    wall = time.perf_counter() - t0
    return len(recs) / wall, (wall - spent[0]) / calls[0] * 1e6


def bench_duplicate(records):
    rng = np.random.default_rng(1)

    def rnd(obs, mask):
        return (mask * (rng.random(mask.shape, dtype=np.float32) + 0.5)).argmax(axis=1)

    seats = [mcr_engine.batched(rnd, name=f"r{i}") for i in range(4)]
    arena = mcr_engine.Arena(seats, seed=1, jobs=args.jobs)
    t0 = time.perf_counter()
    recs, st = arena.duplicate(walls=args.walls, tables=args.tables, records=records)
    wall = time.perf_counter() - t0
    assert st.json["records"] == args.walls * 24
    return args.walls * 24 / wall


if args.only == "duplicate":
    d = [(bench_duplicate("json"), bench_duplicate(None)) for _ in range(args.rounds)]
    print(f"duplicate, 4 batched numpy policies, {args.jobs} thread(s), {args.tables} tables: "
          f"{statistics.median(x[0] for x in d):.0f} games/s with the records (JSON lines), "
          f"{statistics.median(x[1] for x in d):.0f} games/s standings only")
    raise SystemExit

rows = {"bots": [], "policies": []}
for _ in range(args.rounds):
    rows["bots"].append(bench_bots())
    rows["policies"].append(bench_policies())
med = lambda xs, i: statistics.median(x[i] for x in xs)
b, p = rows["bots"], rows["policies"]
print(f"4 keep-running mcr bots: {med(b, 0):.1f} games/s, {med(b, 1):.2f} ms per game, arena CPU {med(b, 2):.1f} us per bot turn")
print(f"4 Python policies:       {med(p, 0):.1f} games/s, arena {med(p, 1):.1f} us per policy call (outside the policy)")
