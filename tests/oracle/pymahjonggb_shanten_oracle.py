#!/usr/bin/env python3
"""Reference shanten with pymahjonggb 1.4.0 (the `MahjongGB` module).

Usage: pymahjonggb_shanten_oracle.py [--version V] FILE (V defaults to
1.4.0, the reference of tests/data/shanten.jsonl.gz; `mahjonggb_loader.py`
imports it, from `target/oracle/pymahjonggb-V` first).

Reads JSON lines {"id", "packs": [[type, tile, offer]], "hand": [...]} from
the file named as the first argument and writes one JSON line per hand in the
schema of tests/data/shanten.jsonl.gz:

    {"id": ..., "expected": {"shanten": int or {"error": msg},
                             "forms": {"regular": [shanten, [tiles]] or {"error": msg}, ...}}}

`shanten` is MahjongShanten(packs, hand); the forms are RegularShanten,
SevenPairsShanten, ThirteenOrphansShanten, HonorsAndKnittedTilesShanten and
KnittedStraightShanten of the hand; an error is the message the module raises.

Exit code 3 (with a message on stderr) when pymahjonggb V is not there,
4 when another version is found where V was installed.
Stdlib + MahjongGB only.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mahjonggb_loader import load_from_argv  # noqa: E402

MahjongGB = load_from_argv("pymahjonggb_shanten_oracle", "1.4.0")

FORMS = [
    ("regular", MahjongGB.RegularShanten),
    ("seven_pairs", MahjongGB.SevenPairsShanten),
    ("thirteen_orphans", MahjongGB.ThirteenOrphansShanten),
    ("honors_knitted", MahjongGB.HonorsAndKnittedTilesShanten),
    ("knitted_straight", MahjongGB.KnittedStraightShanten),
]


def call(f, *args):
    try:
        return f(*args), None
    except Exception as e:  # the module raises TypeError("ERROR_...")
        return None, str(e.args[0]) if e.args else str(e)


def oracle(rec):
    packs = tuple((p[0], p[1], int(p[2])) for p in rec["packs"])
    hand = tuple(rec["hand"])
    value, err = call(MahjongGB.MahjongShanten, packs, hand)
    shanten = {"error": err} if err is not None else value
    forms = {}
    for name, f in FORMS:
        value, err = call(f, hand)
        forms[name] = {"error": err} if err is not None else [value[0], list(value[1])]
    return {"id": rec["id"], "expected": {"shanten": shanten, "forms": forms}}


def main():
    with open(sys.argv[1], encoding="utf-8") as src:
        for line in src:
            if line.strip():
                sys.stdout.write(json.dumps(oracle(json.loads(line)), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
