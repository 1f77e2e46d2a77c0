"""Speed of the Python package against pymahjonggb 1.4.0 and against the
subprocess adapter, measured side by side in one run.

    cargo build --release && pip install ./python
    taskset -c 0 python3 python/bench_python.py [--rounds 5] [--games-rounds 3]

1. MahjongFanCalculator, one call per hand, over the public hands corpus
   (tests/data/hands.jsonl.gz, 101,350 hands; non-winning ones raise and are
   caught): mcr_engine.mahjonggb against pymahjonggb (`import MahjongGB`).
2. The batch calls against pymahjonggb's one-call-per-hand loop:
   mcr_engine.calculate_many(hands) (totals), with fans=True (fan lists),
   and calculate_packed on the same hands packed 32 bytes each beforehand
   (encode_hands, not timed).
3. MahjongShanten and the five per-shape shanten functions, six calls per
   hand, over the first --shanten-hands hands of tests/data/shanten.jsonl.gz
   (hands with 0-4 packs; the per-shape calls a shape does not take raise
   and are caught): mcr_engine.mahjonggb against pymahjonggb.
   The same batch calls with threads=0 (every core), in a last phase that
   widens the process's CPU affinity to all cores (rayon's threads start
   there), timed in wall-clock time against pymahjonggb's loop timed the
   same way: what a user with a multi-core machine gets; not a one-core
   figure.
4. The public validator's engine mode on tests/data/games.jsonl.gz, whole
   processes: `--engine mcr_engine:Engine` (native) against
   `--engine mcr_serve:Engine` (python/mcr_serve.py driving `mcr serve`),
   and `--demo` (the validator replaying the records' own turns: its own
   cost, the floor of any engine).

   With --unpinned, the three validator runs are repeated with the children's
   affinity widened to all cores and timed in wall-clock time: how a user
   runs it, and how the issue's 32 s for the adapter was measured (the
   adapter's pipe round trips then cross cores).

Argument tuples are built before timing; each figure is the median of
`--rounds` alternating runs (ours and the reference in turn); the ratio is
taken per round and its median printed with its range. Times are CPU time
(`time.process_time`; for the validator runs, the CPU time of the child
processes, the `mcr serve` grandchild included), so that other work on a
shared machine does not skew the ratios; `--wall` times wall-clock instead.
"""
import argparse
import gzip
import json
import os
import resource
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(REPO, "tests", "data")


def load_args():
    out = []
    with gzip.open(os.path.join(DATA, "hands.jsonl.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            fl = r["flags"]
            out.append((tuple(tuple(p) for p in r["packs"]), tuple(r["hand"]), r["win_tile"], r["flower_count"],
                        fl["self_drawn"], fl["fourth_tile"], fl["about_kong"], fl["wall_last"],
                        r["seat_wind"], r["prevalent_wind"]))
    return out


CLOCK = time.process_time


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def loop(calc, hands):
    t = CLOCK()
    for a in hands:
        try:
            calc(*a)
        except TypeError:
            pass
    return CLOCK() - t


SHANTEN_FUNCTIONS = ["ThirteenOrphansShanten", "SevenPairsShanten", "HonorsAndKnittedTilesShanten",
                     "KnittedStraightShanten", "RegularShanten"]


def load_shanten(limit):
    out = []
    with gzip.open(os.path.join(DATA, "shanten.jsonl.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                out.append((tuple(tuple(p) for p in r["packs"]), tuple(r["hand"])))
                if len(out) >= limit:
                    break
    return out


def shanten_loop(module, hands):
    """MahjongShanten and the five shapes for each hand."""
    total = module.MahjongShanten
    shapes = [getattr(module, f) for f in SHANTEN_FUNCTIONS]
    t = CLOCK()
    for packs, hand in hands:
        total(packs, hand)
        for f in shapes:
            try:
                f(hand)
            except TypeError:
                pass
    return CLOCK() - t


def timed(fn, *a, **k):
    t = CLOCK()
    fn(*a, **k)
    return CLOCK() - t


def all_cores():
    """Widens this process's CPU affinity to every core (a `preexec_fn`)."""
    os.sched_setaffinity(0, range(os.cpu_count()))


def validator(engine, env, unpinned=False):
    wall = unpinned or CLOCK is time.perf_counter
    t = time.perf_counter() if wall else children_cpu()
    how = ["--demo"] if engine == "demo" else ["--engine", engine]
    out = subprocess.run([sys.executable, os.path.join(DATA, "validate_engine.py")] + how +
                         [os.path.join(DATA, "games.jsonl.gz")], capture_output=True, text=True, env=env, cwd=REPO,
                         preexec_fn=all_cores if unpinned else None)
    dt = (time.perf_counter() if wall else children_cpu()) - t
    line = [l for l in out.stdout.splitlines() if l.startswith("engine mode:")]
    if out.returncode != 0 or not line:
        sys.exit("validator with %s failed:\n%s%s" % (engine, out.stdout[-1500:], out.stderr[-1500:]))
    return dt, line[-1]


def report(name, ours, ref, n=None, unit="hands/s"):
    ratios = [r / o for o, r in zip(ours, ref)]
    mo, mr = statistics.median(ours), statistics.median(ref)
    if n:
        print("%-44s %10.0f %s vs %10.0f %s  ratio %.2fx (rounds %.2f-%.2f)" % (
            name, n / mo, unit, n / mr, unit, statistics.median(ratios), min(ratios), max(ratios)))
    else:
        print("%-44s %8.2f s vs %8.2f s  ratio %.2fx (rounds %.2f-%.2f)" % (
            name, mo, mr, statistics.median(ratios), min(ratios), max(ratios)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games-rounds", type=int, default=3)
    ap.add_argument("--shanten-hands", type=int, default=5000,
                    help="hands of shanten.jsonl.gz for the shanten line (the reference takes ~0.5 ms a hand)")
    ap.add_argument("--skip-games", action="store_true")
    ap.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    ap.add_argument("--unpinned", action="store_true",
                    help="also run the validator comparison unpinned (all cores, wall-clock)")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.perf_counter if args.wall else time.process_time
    print("clock: %s" % ("wall" if args.wall else "CPU time"))

    import MahjongGB
    import mcr_engine
    import mcr_engine.mahjonggb as ours

    affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    print("cpus: %s (run under `taskset -c 0` for one core)" % (sorted(affinity) if affinity else "?"))
    hands = load_args()
    n = len(hands)
    print("hands: %d (tests/data/hands.jsonl.gz)" % n)
    packed = mcr_engine.encode_hands(hands)
    ref_loop, our_loop, batch, batch_fans, batch_packed = [], [], [], [], []
    for _ in range(args.rounds):
        ref_loop.append(loop(MahjongGB.MahjongFanCalculator, hands))
        our_loop.append(loop(ours.MahjongFanCalculator, hands))
        batch.append(timed(mcr_engine.calculate_many, hands))
        batch_fans.append(timed(mcr_engine.calculate_many, hands, fans=True))
        batch_packed.append(timed(mcr_engine.calculate_packed, packed))
    report("MahjongFanCalculator, one call per hand", our_loop, ref_loop, n)
    report("calculate_many(hands) (totals)", batch, ref_loop, n)
    report("calculate_many(hands, fans=True)", batch_fans, ref_loop, n)
    report("calculate_packed(encoded hands) (totals)", batch_packed, ref_loop, n)

    sh = load_shanten(args.shanten_hands)
    ref_sh, our_sh = [], []
    for _ in range(args.rounds):
        ref_sh.append(shanten_loop(MahjongGB, sh))
        our_sh.append(shanten_loop(ours, sh))
    report("MahjongShanten + 5 shape functions, per hand", our_sh, ref_sh, len(sh))

    if not args.skip_games:
        games(args)
    every_core(args, hands, packed, MahjongGB, mcr_engine)


def every_core(args, hands, packed, MahjongGB, mcr_engine):
    """The batch calls on every core (rayon's pool starts here, after the
    affinity is widened), wall-clock time for both sides."""
    global CLOCK
    if not hasattr(os, "sched_setaffinity") or os.cpu_count() < 2:
        return
    all_cores()
    CLOCK = time.perf_counter
    n = len(hands)
    ref_loop, many, packed_t = [], [], []
    for _ in range(args.rounds):
        ref_loop.append(loop(MahjongGB.MahjongFanCalculator, hands))
        many.append(timed(mcr_engine.calculate_many, hands, threads=0))
        packed_t.append(timed(mcr_engine.calculate_packed, packed, threads=0))
    print("every core (%d), wall-clock time:" % os.cpu_count())
    report("calculate_many(hands, threads=0)", many, ref_loop, n)
    report("calculate_packed(encoded, threads=0)", packed_t, ref_loop, n)


def games(args):
    binary = os.environ.get("MCR_BIN") or os.path.join(REPO, "target", "release", "mcr")
    if not os.path.isfile(binary):
        sys.exit("no %s: cargo build --release (or set MCR_BIN)" % binary)
    env = dict(os.environ, MCR_BIN=binary, PYTHONPATH=os.path.join(REPO, "python"), PYTHONDONTWRITEBYTECODE="1")
    # PYTHONPATH=python makes `mcr_serve` importable; `mcr_engine` must still
    # be the installed package (python/pysrc/mcr_engine has no native module).
    env_native = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    native, served, demo = [], [], []
    for _ in range(args.games_rounds):
        dt, line_n = validator("mcr_engine:Engine", env_native)
        native.append(dt)
        dt, line_s = validator("mcr_serve:Engine", env)
        served.append(dt)
        dt, _ = validator("demo", env_native)
        demo.append(dt)
    print("validator, native:     %s" % line_n)
    print("validator, subprocess: %s" % line_s)
    report("validate_engine.py games.jsonl.gz, whole run", native, served)
    # The validator's own work (reading, comparing, formatting a message per
    # turn) with an engine that costs nothing: its --demo mode replays the
    # record's stored turns. No engine can beat the adapter by more than this.
    report("  floor: validate_engine.py --demo", demo, served)
    if not args.unpinned or os.cpu_count() < 2:
        return
    native, served, demo = [], [], []
    for _ in range(args.games_rounds):
        native.append(validator("mcr_engine:Engine", env_native, unpinned=True)[0])
        served.append(validator("mcr_serve:Engine", env, unpinned=True)[0])
        demo.append(validator("demo", env_native, unpinned=True)[0])
    print("validator unpinned (all %d cores, wall-clock time):" % os.cpu_count())
    report("validate_engine.py games.jsonl.gz, whole run", native, served)
    report("  floor: validate_engine.py --demo", demo, served)


if __name__ == "__main__":
    main()
