#!/usr/bin/env python3
"""Reference decision figures: an expectimax of the single-player draw model,
scored with pymahjonggb.

Usage: decide_oracle.py [--version V] FILE. V is the pymahjonggb version that
scores the wins (default 1.1.0, the platform's calculator: the profile
`botzone`); the shanten that bounds the search is always pymahjonggb
1.4.0's (the 2018 algorithm of 1.1.0-1.3.0 can give one hand two different
shanten in one process). `mahjonggb_loader.py` imports both.

Reads the JSON lines of `mcr decide` ({"id", "hand", "packs": [[type, tile,
offer]], "seat", "prevalent", "shown", "unseen", "draws_left"}; `shown` and
`unseen` 34 counts each in the order W1-W9 B1-B9 T1-T9 F1-F4 J1-J3) and
writes one JSON line per state:

    {"id": ..., "discards": [{"tile", "win_prob", "exp_points", "min_draws"}]}

one row per kind held, in that order. The model: the seat discards one
standing tile; each discard of the model adds 1 to `shown`; it then draws
`draws_left` tiles one at a time, uniformly without replacement from
`unseen`; after each draw a hand that MahjongFanCalculator scores 8 fan or
more (self-drawn, 4th tile iff shown[tile] == 3, no other flag, no flowers,
the seat's and the prevalent wind) is declared, worth 3 * (8 + fan);
otherwise the seat discards again. `win_prob` and `exp_points` are each
maximised over the discards; `min_draws` is the least number of draws after
which some draws and discards reach such a win (null if none).

The search is exhaustive; it leaves out only hands whose MahjongShanten is
at least the draws left (they cannot win in time). Stdlib + MahjongGB only.
Exit code 3 when a pymahjonggb version is not there, 4 when a wrong one is.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mahjonggb_loader import load, load_from_argv  # noqa: E402

SCORER = load_from_argv("decide_oracle", "1.1.0")
SHANTEN = load("decide_oracle", "1.4.0")

NAMES = (
    ["W%d" % i for i in range(1, 10)]
    + ["B%d" % i for i in range(1, 10)]
    + ["T%d" % i for i in range(1, 10)]
    + ["F%d" % i for i in range(1, 5)]
    + ["J%d" % i for i in range(1, 4)]
)
INDEX = {n: i for i, n in enumerate(NAMES)}
MIN_FAN = 8


def tiles(counts):
    return tuple(NAMES[i] for i in range(34) for _ in range(counts[i]))


def analyse(state):
    packs = tuple((p[0], p[1], int(p[2])) for p in state["packs"])
    seat, prevalent = int(state["seat"]), int(state["prevalent"])
    fans, shantens, memo = {}, {}, {}

    def fan(hand13, tile, fourth):
        key = (hand13, tile, fourth)
        if key not in fans:
            try:
                result = SCORER.MahjongFanCalculator(
                    packs, tiles(hand13), NAMES[tile], 0, True, fourth, False, False, seat, prevalent
                )
                fans[key] = sum(value for value, _name in result)
            except Exception:  # not a winning hand
                fans[key] = -1
        return fans[key]

    def shanten(hand13):
        if hand13 not in shantens:
            shantens[hand13] = SHANTEN.MahjongShanten(packs, tiles(hand13))
        return shantens[hand13]

    def value(hand13, shown, unseen, k):
        """(win_prob, exp_points, min_draws) of a 13-tile hand with k draws."""
        key = (hand13, shown, unseen, k)
        if key in memo:
            return memo[key]
        if shanten(hand13) >= k:
            memo[key] = (0.0, 0.0, None)
            return memo[key]
        pool = sum(unseen)
        win_prob = exp_points = 0.0
        min_draws = None
        for t in range(34):
            if not unseen[t]:
                continue
            p = unseen[t] / pool
            rest = list(unseen)
            rest[t] -= 1
            rest = tuple(rest)
            f = fan(hand13, t, shown[t] == 3)
            if f >= MIN_FAN:
                win_prob += p
                exp_points += p * (3 * (MIN_FAN + f))
                min_draws = 1
                continue
            if k == 1:
                continue
            held = list(hand13)
            held[t] += 1
            best_w = best_e = 0.0
            best_m = None
            for d in range(34):
                if not held[d]:
                    continue
                after = list(held)
                after[d] -= 1
                seen = list(shown)
                seen[d] += 1
                w, e, m = value(tuple(after), tuple(seen), rest, k - 1)
                best_w, best_e = max(best_w, w), max(best_e, e)
                if m is not None and (best_m is None or m < best_m):
                    best_m = m
            win_prob += p * best_w
            exp_points += p * best_e
            if best_m is not None and (min_draws is None or best_m + 1 < min_draws):
                min_draws = best_m + 1
        memo[key] = (win_prob, exp_points, min_draws)
        return memo[key]

    hand = [0] * 34
    for name in state["hand"]:
        hand[INDEX[name]] += 1
    rows = []
    for d in range(34):
        if not hand[d]:
            continue
        after = list(hand)
        after[d] -= 1
        seen = list(state["shown"])
        seen[d] += 1
        w, e, m = value(tuple(after), tuple(seen), tuple(state["unseen"]), int(state["draws_left"]))
        rows.append({"tile": NAMES[d], "win_prob": w, "exp_points": e, "min_draws": m})
    return {"id": state["id"], "discards": rows}


def main():
    with open(sys.argv[1], encoding="utf-8") as src:
        for line in src:
            if line.strip():
                sys.stdout.write(json.dumps(analyse(json.loads(line))) + "\n")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
