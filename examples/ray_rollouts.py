"""Rollouts past one process with Ray: each rollout worker is a Ray actor
owning a ``mcr_engine.VecEnv``; the driver gathers their batches.

    pip install ray ./python
    python3 examples/ray_rollouts.py --workers 2 --envs 256 --steps 200

On a cluster, start Ray there (``ray start --head`` / ``--address``) and pass
``--address auto``; every node needs the mcr-engine package installed.

Each worker plays a random legal policy (numpy, from the masks) by default;
replace ``policy`` with a model's forward pass. ``rollout`` returns what a
trainer needs: observations, masks, actions, rewards and done flags of every
step (``[steps, envs, ...]`` arrays; with ``keep=False`` only their
summaries), and the records of finished games when asked for.
"""
import argparse
import time

import numpy as np

import mcr_engine


def policy(rng, obs, mask):
    """A uniformly random legal action per seat (vectorised)."""
    return (mask * (rng.random(mask.shape, dtype=np.float32) + 0.5)).argmax(axis=2)


class RolloutWorker:
    """One VecEnv and its policy; becomes a Ray actor with ``ray.remote``."""

    def __init__(self, num_envs, seed, threads=1, obs="compact", records=False):
        self.env = mcr_engine.VecEnv(num_envs, seed, obs=obs, threads=threads, records=records)
        self.rng = np.random.default_rng(seed)
        self.last = self.env.reset()

    def rollout(self, steps, keep=True):
        """Plays ``steps`` steps; returns a dict of arrays (keep=True) and
        counts: steps, games, reward per seat, the worker's wall time."""
        t0 = time.perf_counter()
        env, r = self.env, self.last
        batches = {"obs": [], "mask": [], "actions": [], "reward": [], "done": []}
        reward = np.zeros(4)
        games = 0
        for _ in range(steps):
            actions = policy(self.rng, r.obs, r.mask)
            if keep:
                batches["obs"].append(r.obs.copy())
                batches["mask"].append(r.mask.copy())
                batches["actions"].append(actions)
            r = env.step(actions)
            reward += r.reward.sum(axis=0)
            games += int(r.done.sum())
            if keep:
                batches["reward"].append(r.reward.copy())
                batches["done"].append(r.done.copy())
        self.last = r
        out = {"steps": steps * env.num_envs, "games": games, "reward": reward.tolist(), "seconds": time.perf_counter() - t0}
        if keep:
            out.update({k: np.stack(v) for k, v in batches.items()})
        return out

    def records(self):
        """Records of the games finished so far (with records=True)."""
        return self.env.take_records()


def run(num_workers=2, num_envs=256, steps=200, rounds=2, seed=0, keep=False, records=False, address=None):
    """Starts (or joins) Ray, runs ``rounds`` rollouts on every worker;
    returns the per-worker results of the last round and the throughput."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 **({} if address else {"num_cpus": max(2, num_workers)}))
    Actor = ray.remote(num_cpus=1)(RolloutWorker)
    workers = [Actor.remote(num_envs, seed + w, threads=1, records=records) for w in range(num_workers)]
    t0 = time.perf_counter()
    results = []
    for _ in range(rounds):
        results = ray.get([w.rollout.remote(steps, keep) for w in workers])
    elapsed = time.perf_counter() - t0
    recs = ray.get([w.records.remote() for w in workers]) if records else None
    total = rounds * steps * num_envs * num_workers
    return {"results": results, "records": recs, "steps_per_s": total / elapsed, "seconds": elapsed}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--address", default=None, help="an existing Ray cluster (e.g. auto)")
    a = ap.parse_args()
    out = run(a.workers, a.envs, a.steps, a.rounds, a.seed, keep=False, address=a.address)
    games = sum(r["games"] for r in out["results"])
    print(f"ray: {a.workers} workers x {a.envs} tables, {a.rounds} rounds of {a.steps} steps: "
          f"{out['steps_per_s']:,.0f} env steps/s in {out['seconds']:.2f} s; last round {games} games")


if __name__ == "__main__":
    main()
