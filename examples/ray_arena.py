"""A duplicate tournament spread over a Ray cluster: each shard of the
schedule (the games whose index modulo N is I, as ``mcr arena --shard I/N``)
is a Ray task playing the bots of a BOTS.toml through
``mcr_engine.Arena.duplicate``; the driver writes each shard's records and
the standings of them all (equal to a single run's: they are computed from
the records alone).

    pip install ray ./python
    python3 examples/ray_arena.py --bots BOTS.toml --walls 64 --shards 8 --out tournament/

On a cluster, start Ray there (``ray start --head`` / ``--address``) and pass
``--address auto``; every node needs the mcr-engine package and the bots at
the paths the bots file names. Writes ``OUT/shard-I.jsonl`` (I = 0..N-1),
``OUT/standings.json`` (``mcr standings --format json``'s form) and prints
the table; ``mcr standings OUT/shard-*.jsonl --html report.html`` makes the
report page.
"""
import argparse
import json
import os
import time

import mcr_engine


def play_shard(bots_file, walls, seed, index, count, jobs=1):
    """One shard: its records (JSON lines, run order) and its wall time."""
    t0 = time.perf_counter()
    arena = mcr_engine.Arena.from_bots_file(bots_file, seed=seed, jobs=jobs)
    lines, _ = arena.duplicate(walls=walls, shard=(index, count), records="json")
    return {"index": index, "records": lines, "seconds": time.perf_counter() - t0}


def run(bots_file, walls, shards, out, seed=0, jobs=1, address=None):
    """Plays the ``shards`` shards as Ray tasks; returns the standings and
    the shards' files."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    task = ray.remote(num_cpus=jobs)(play_shard)
    bots_file = os.path.abspath(bots_file)
    t0 = time.perf_counter()
    futures = [task.remote(bots_file, walls, seed, i, shards, jobs) for i in range(shards)]
    results = sorted(ray.get(futures), key=lambda r: r["index"])
    seconds = time.perf_counter() - t0
    os.makedirs(out, exist_ok=True)
    files, every = [], []
    for r in results:
        path = os.path.join(out, f"shard-{r['index']}.jsonl")
        with open(path, "w") as f:
            f.writelines(line + "\n" for line in r["records"])
        files.append(path)
        every += r["records"]
    standings = mcr_engine.standings(every)
    with open(os.path.join(out, "standings.json"), "w") as f:
        json.dump(standings.json, f, indent=2)
    return {"standings": standings, "files": files, "games": len(every), "seconds": seconds}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", required=True, help="the bots file (four [[bot]] entries)")
    ap.add_argument("--walls", type=int, required=True)
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="games at once per task (its CPUs)")
    ap.add_argument("--out", required=True, help="folder for the shards' records and standings.json")
    ap.add_argument("--address", default=None, help="a Ray cluster (auto: the one started with `ray start`)")
    a = ap.parse_args()
    r = run(a.bots, a.walls, a.shards, a.out, seed=a.seed, jobs=a.jobs, address=a.address)
    print(r["standings"].text, end="")
    print(f"{r['games']} games in {len(r['files'])} shards, {r['seconds']:.1f} s ({r['games'] / r['seconds']:.1f} games/s); records and standings.json in {a.out}")


if __name__ == "__main__":
    main()
