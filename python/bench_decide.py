"""Speed of mcr_engine.decide: decisions per second on real game states.

    pip install ./python
    python3 python/bench_decide.py [--games 20] [--rounds 3] [--threads 1 0]

The states are every own-draw decision of the first --games games of
tests/data/games.jsonl.gz at their real draws left
(``mcr_engine.decision_states``, not timed), the same states `mcr bench
decide` times one by one in Rust. Each round runs ``decide(states,
threads=T)`` once per --threads value (1: the calling thread; 0: every
core); the median over the rounds is printed: decisions per second of
wall-clock time, and the process's CPU time per decision (what a busy
shared machine does not inflate), with the time ``decision_states`` took
per game.
"""
import argparse
import os
import statistics
import time

import mcr_engine

HERE = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--games", type=int, default=20)
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--threads", type=int, nargs="+", default=[1, 0])
ap.add_argument("--file", default=os.path.join(HERE, "..", "tests", "data", "games.jsonl.gz"))
args = ap.parse_args()

games = [g for _, g in zip(range(args.games), mcr_engine.read_games(args.file))]
t0 = time.perf_counter()
states = [s for g in games for s in mcr_engine.decision_states(g)]
per_game = (time.perf_counter() - t0) / len(games)
print(f"{len(states)} decisions of {len(games)} games; decision_states {per_game * 1e3:.1f} ms per game")
mcr_engine.decide(states[:10])
times = {t: [] for t in args.threads}
cpu = {t: [] for t in args.threads}
for _ in range(args.rounds):
    for t in args.threads:
        t0, c0 = time.perf_counter(), time.process_time()
        mcr_engine.decide(states, threads=t)
        times[t].append(time.perf_counter() - t0)
        cpu[t].append(time.process_time() - c0)
cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
for t, ts in times.items():
    m = statistics.median(ts)
    who = "every core" if t == 0 else f"{t} thread" + ("s" if t > 1 else "")
    c = statistics.median(cpu[t])
    print(f"decide, {who} ({cores} cores here): {len(states) / m:,.0f} decisions/s, "
          f"{m / len(states) * 1e3:.2f} ms a decision, CPU {c / len(states) * 1e3:.2f} ms a decision "
          f"(median of {len(ts)}; load average {os.getloadavg()[0]:.1f})")
