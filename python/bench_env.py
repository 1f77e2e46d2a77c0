"""Benchmark of the vectorised environment from Python (issue 11).

    python3 python/bench_env.py [--envs 1024] [--steps 300] [--threads 2] [--rounds 3]

1. ``VecEnv`` batched: a random legal policy vectorised in numpy (each
   seat's action is the argmax over its mask times uint8 noise, a slice at
   a random offset of a table drawn once: a legal action, uniform up to
   ties among equal noise), masks and observations
   read every step, ``reward``/``done`` summed. Reported: env steps/s
   (a step = one decision of every seat of one table), judge steps/s, wall
   clock and CPU time of the process (the machine is shared: CPU time keeps
   other jobs out), with ``skip_forced`` on (steps are decisions) and off
   (every judge step is a step).
2. A per-seat Python FeatureAgent-style loop on ``mcr_engine.Engine``: per
   judge step, per seat, the request parsed, a baseline-style 235-action
   mask computed in Python (HU tried with ``MahjongFanCalculator``) and the
   6x4x9 features built, then a random legal action (claims other than HU
   are masked but not chosen, so the loop needs no two-stage PENG/CHI).
   Reported: steps/s, and the ratio of (1, every judge step a step) to it.

Medians over ``--rounds``. The load average is printed with the figures.
"""
import argparse
import os
import random
import statistics
import time

import numpy as np

import mcr_engine
from mcr_engine.mahjonggb import MahjongFanCalculator

TILES = [f"{s}{n}" for s in "WTB" for n in range(1, 10)] + [f"F{n}" for n in range(1, 5)] + [f"J{n}" for n in range(1, 4)]
INDEX = {t: i for i, t in enumerate(TILES)}


def clock():
    return time.perf_counter(), time.process_time()


def bench_vecenv(envs, steps, threads, skip_forced, obs, seed):
    env = mcr_engine.VecEnv(envs, seed, obs=obs, threads=threads, skip_forced=skip_forced)
    obs_a, mask, reward, done, _ = env.reset()
    rng = np.random.default_rng(seed)
    rows = 8 * envs
    noise = rng.integers(1, 256, size=(rows + envs, 4, mcr_engine.NUM_ACTIONS), dtype=np.uint8)
    scores = np.empty_like(mask)
    best = np.empty(mask.shape, bool)
    total_reward = np.zeros(4, np.float64)
    games = 0
    checksum = 0
    in_step = 0.0

    def one():
        nonlocal games, checksum, in_step
        off = int(rng.integers(rows))
        np.multiply(mask, noise[off:off + envs], out=scores)
        # argmax over the last axis, faster than uint8 argmax: the row
        # maximum, then the first index holding it (a bool argmax)
        np.equal(scores, scores.max(axis=2, keepdims=True), out=best)
        actions = best.argmax(axis=2)
        t = time.perf_counter()
        env.step(actions)
        in_step += time.perf_counter() - t
        games += int(done.sum())
        total_reward.__iadd__(reward.sum(axis=0))
        checksum += int(obs_a[:, :, 0].sum())

    for _ in range(20):
        one()
    judge0 = env.judge_steps
    in_step = 0.0
    w0, c0 = clock()
    for _ in range(steps):
        one()
    w1, c1 = clock()
    judge = env.judge_steps - judge0
    n = steps * envs
    return {"steps_wall": n / (w1 - w0), "steps_cpu": n / (c1 - c0), "judge_wall": judge / (w1 - w0),
            "wall": w1 - w0, "cpu": c1 - c0, "games": games, "step_only": n / in_step}


def baseline_mask(engine, seat, request, rng_unused=None):
    """A baseline-style mask and 6x4x9 features of one seat for one request."""
    mask = np.zeros(235, np.uint8)
    feat = np.zeros((6, 36), np.uint8)
    hand = engine.hand(seat)  # concealed tiles, a drawn tile not yet included
    words = request.split()
    kind = words[0]
    counts = np.zeros(34, np.int64)
    for t in hand + words[1:2] if kind == "2" else hand:
        counts[INDEX[t]] += 1
    for k in range(4):
        feat[2 + k, :34] = counts > k
    packs = engine.packs(seat)
    if kind == "2":  # own draw
        tile = words[1]
        mask[2:36] = counts > 0
        for t in np.flatnonzero(counts == 4):
            mask[167 + t] = 1
        for p in packs:
            if p[0] == "PENG" and counts[INDEX[p[1]]]:
                mask[201 + INDEX[p[1]]] = 1
        try:
            MahjongFanCalculator(tuple(packs), tuple(hand), tile, 0, True, False, False, False, seat, 0)
            mask[1] = 1
        except Exception:
            pass
    elif kind == "3" and len(words) >= 3 and words[2] in ("PLAY", "PENG", "CHI") and int(words[1]) != seat:
        mask[0] = 1
        tile = words[-1]
        t = INDEX[tile]
        if counts[t] >= 2:
            mask[99 + t] = 1
        if counts[t] == 3:
            mask[133 + t] = 1
        if (int(words[1]) + 1) % 4 == seat and t < 27:
            r = t % 9
            for m in (r - 1, r, r + 1):
                if 1 <= m <= 7 and all(counts[t - r + x] or t - r + x == t for x in (m - 1, m, m + 1)):
                    mask[36 + 21 * (t // 9) + 3 * (m - 1) + (r - m + 1)] = 1
        try:
            MahjongFanCalculator(tuple(packs), tuple(hand), tile, 0, False, False, False, False, seat, 0)
            mask[1] = 1
        except Exception:
            pass
    else:
        mask[0] = 1
    return mask, feat.reshape(6, 4, 9)


def bench_python_loop(seconds, seed):
    """Per-seat Python loop; returns (judge steps, wall, cpu)."""
    rng = random.Random(seed)
    env_rng = np.random.default_rng(seed)
    steps = 0
    w0, c0 = clock()
    games = 0
    while time.perf_counter() - w0 < seconds:
        wall = [TILES[i] for i in env_rng.permutation(np.repeat(np.arange(34), 4))]
        engine = mcr_engine.Engine()
        turn = engine.reset(wall, int(env_rng.integers(4)), int(env_rng.integers(1 << 31)))
        while not engine.is_over:
            requests = turn["requests"]
            answers = []
            for seat in range(4):
                req = requests.get(str(seat), "")
                mask, _feat = baseline_mask(engine, seat, req) if req.split()[0] in "23" else (np.eye(235, dtype=np.uint8)[0], None)
                if mask[1]:
                    answers.append("HU")
                elif req.startswith("2"):
                    plays = np.flatnonzero(mask[2:36])
                    answers.append("PLAY " + TILES[plays[rng.randrange(len(plays))]])
                else:
                    answers.append("PASS")
            turn = engine.step(answers)
            steps += 1
        games += 1
    w1, c1 = clock()
    return steps, w1 - w0, c1 - c0, games


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--obs", default="compact")
    ap.add_argument("--loop-seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f} on {os.cpu_count()} cores; "
          f"{a.envs} tables, {a.steps} timed steps per round, {a.rounds} rounds, obs {a.obs}")
    results = {}
    for skip in (True, False):
        for threads in a.threads:
            runs = [bench_vecenv(a.envs, a.steps, threads, skip, a.obs, a.seed + r) for r in range(a.rounds)]
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            results[(skip, threads)] = med
            what = "decisions (skip_forced)" if skip else "every judge step      "
            print(f"VecEnv {what} {threads} thread(s): {med['steps_wall']:>10,.0f} env steps/s wall, "
                  f"{med['steps_cpu']:>10,.0f} per CPU-second, {med['judge_wall']:>10,.0f} judge steps/s; "
                  f"CPU/wall {med['cpu'] / med['wall']:.2f}; env.step alone {med['step_only']:>10,.0f} steps/s")
    loops = [bench_python_loop(a.loop_seconds, a.seed + r) for r in range(a.rounds)]
    py_wall = statistics.median(s / w for s, w, c, g in loops)
    py_cpu = statistics.median(s / c for s, w, c, g in loops)
    print(f"Python per-seat FeatureAgent-style loop on Engine:  {py_wall:>10,.0f} steps/s wall, {py_cpu:>10,.0f} per CPU-second "
          f"({sum(g for *_, g in loops)} games)")
    t = max(a.threads)
    for skip in (False, True):
        r = results[(skip, t)]
        label = "every judge step" if not skip else "decisions"
        print(f"ratio VecEnv ({label}, {t} threads) / Python loop: {r['steps_wall'] / py_wall:,.0f}x wall, "
              f"{r['steps_cpu'] / py_cpu:,.0f}x per CPU-second")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
