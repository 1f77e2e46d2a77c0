"""Speed of training samples: the course baseline (preprocess.py +
FeatureAgent, run unchanged from the handout's folder) against
``mcr samples`` (shards and per-game) and the Python iterator
``mcr_engine.samples``, on the same games, one core, medians of
alternating runs. mcr reads both the text file the baseline reads and the
same games as records.

Every run writes into a new folder (the baseline's own run overwrites its
``data/*.npz`` in place): on ext4, creating files where as many were just
deleted costs far more than creating them in a new folder, which would
time the file system's clean-up rather than the pipeline. Each run's files
are then cut to nothing (kept, not deleted), so the next run writes into
memory just given back, as the baseline's rewrite in place does.

    taskset -c 0 python3 python/bench_samples.py --handout DIR \
        --text games.txt --games games.jsonl [--runs 5] [--mcr target/release/mcr]

DIR holds the handout's preprocess.py, feature.py and agent.py (fetched by
you; not part of this repository); games.txt is the same games as
games.jsonl in the Botzone text format that preprocess.py reads.
"""
import argparse, os, resource, shutil, statistics, subprocess, sys, tempfile, time


def measured(who, work):
    """(wall, user CPU, system CPU) seconds of work() (RUSAGE_SELF or
    RUSAGE_CHILDREN)."""
    r, t = resource.getrusage(who), time.perf_counter()
    work()
    wall, r2 = time.perf_counter() - t, resource.getrusage(who)
    return wall, r2.ru_utime - r.ru_utime, r2.ru_stime - r.ru_stime


def timed(cmd, cwd=None):
    run = lambda: subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return measured(resource.RUSAGE_CHILDREN, run)


def give_back(out):
    """Cuts the files of a run to nothing, keeping them: their page-cache
    memory is free for the next run, as the baseline's rewrite of its own
    files in place frees it, and no inode is deleted. A run writing into
    memory a virtual machine must first get from its host pays 10 to 20
    times more a page (seen here), which would time the host."""
    for name in os.listdir(out):
        os.truncate(os.path.join(out, name), 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--handout", required=True)
    ap.add_argument("--text", required=True)
    ap.add_argument("--games", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--mcr", default="target/release/mcr")
    a = ap.parse_args()
    import mcr_engine

    games = sum(1 for l in open(a.text) if l.startswith("Match "))
    work = tempfile.mkdtemp(prefix="bench-samples-")
    base = os.path.join(work, "base")
    os.makedirs(os.path.join(base, "data"))
    for f in ("preprocess.py", "feature.py", "agent.py"):
        shutil.copy(os.path.join(a.handout, f), base)
    shutil.copy(a.text, os.path.join(base, "data", "data.txt"))
    inputs = {"text": a.text, "records": a.games}
    runs = [(layout, kind) for layout in ("shards", "per-game") for kind in inputs]
    t = {"baseline": [], **{f"{layout} ({kind})": [] for layout, kind in runs}, "python": []}
    n_samples = 0
    for run in range(a.runs):
        t["baseline"].append(timed([sys.executable, "preprocess.py"], cwd=base))
        for layout, kind in runs:
            out = os.path.join(work, f"out-{layout}-{kind}-{run}")
            cmd = [a.mcr, "samples", inputs[kind], "--flags", "cai", "--layout", layout, "-o", out]
            t[f"{layout} ({kind})"].append(timed(cmd))
            give_back(out)
        def iterate():
            nonlocal n_samples
            n_samples = sum(len(b["act"]) for b in mcr_engine.samples(a.games, flags="cai", batch=4096))
        t["python"].append(measured(resource.RUSAGE_SELF, iterate))
    # Medians of wall time, user CPU and system CPU, each over the runs.
    med = {k: [statistics.median(x[i] for x in v) for i in range(3)] for k, v in t.items()}
    print(f"{games} games, {n_samples} samples, medians of {a.runs} alternations")
    print(f"  {'':19s} {'wall':>8s}  {'games/s':>10s}  {'samples/s':>11s}  {'vs baseline':>11s}  {'user':>7s}  {'sys':>7s}  {'user vs baseline':>16s}")
    for k, (wall, user, system) in med.items():
        print(
            f"  {k:19s} {wall:7.3f}s  {games / wall:10.0f}  {n_samples / wall:11.0f}  {med['baseline'][0] / wall:10.1f}x"
            f"  {user:6.3f}s  {system:6.3f}s  {med['baseline'][1] / max(user, 1e-9):15.1f}x"
        )
    print(f"  python iterator / CLI shards samples/s (wall): {med['shards (records)'][0] / med['python'][0]:.2f}")
    # What the targets leave a game, at this run's baseline; compare
    # with `mcr bench samples` (the same files written alone) and `mcr bench
    # replay` (the replay alone).
    base_rate = games / med["baseline"][0]
    for times in (500, 100):
        print(f"  {times}x the baseline: {base_rate * times:.0f} games/s, {1e6 / (base_rate * times):.1f} us a game")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
