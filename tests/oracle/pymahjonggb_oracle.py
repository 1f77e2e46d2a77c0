#!/usr/bin/env python3
"""Reference fan calculation with pymahjonggb (pip package MahjongGB).

Usage: pymahjonggb_oracle.py [--version V] [FILE]. V is the pymahjonggb
version to run (default 1.4.0): 1.1.0 is the platform's calculator (the
profile `botzone`), 1.2.0 and 1.3.0 the profile `pymahjonggb-1.2`, 1.4.0 the
profile `pymahjonggb-1.4`. `mahjonggb_loader.py` imports that version
(from `target/oracle/pymahjonggb-V` where it is not the environment's).

Reads JSON lines of hands (the schema of tests/data/hands.jsonl.gz records:
{"id", "packs": [[type, tile, offer]], "hand": [...], "win_tile",
 "flags": {"self_drawn", "fourth_tile", "about_kong", "wall_last"},
 "seat_wind", "prevalent_wind", "flower_count"}) from the file named as the
first argument (or stdin; a name ending in .gz is read gzipped) and writes
one JSON line per hand:

    {"id": ..., "result": int, "fan": [[name_cn, value, count], ...]}

in the oracle's order. `result` is the total fan (flowers included: the
oracle lists them as 花牌 with count = flower count), or the error code of
the reference C++ calculator: -1 wrong tile count, -2 a tile more than 4
times, -3 not a winning hand; any other error gives -99 and an "error" field.

In verbose mode the oracle returns (value, count, name_cn, name_en) per fan,
where `value` is the value of ONE count of the fan (non-verbose mode returns
value * count), so the total is sum(value * count).

Exit code 3 (with a message on stderr) when MahjongGB cannot be imported;
exit code 4 when the distribution found is not pymahjonggb V (the
reference every `expected` field of tests/data was made with): a different
version is a failure, never a skip.
Stdlib + MahjongGB only.
"""

import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mahjonggb_loader import load_from_argv  # noqa: E402

MahjongGB = load_from_argv("pymahjonggb_oracle", "1.4.0")

ERROR_CODES = {
    "ERROR_WRONG_TILES_COUNT": -1,
    "ERROR_TILE_COUNT_GREATER_THAN_4": -2,
    "ERROR_NOT_WIN": -3,
}


def oracle(rec):
    flags = rec.get("flags", {})
    packs = tuple((p[0], p[1], int(p[2])) for p in rec.get("packs", []))
    try:
        fans = MahjongGB.MahjongFanCalculator(
            packs,
            tuple(rec["hand"]),
            rec["win_tile"],
            int(rec.get("flower_count", 0)),
            bool(flags.get("self_drawn", False)),
            bool(flags.get("fourth_tile", False)),
            bool(flags.get("about_kong", False)),
            bool(flags.get("wall_last", False)),
            int(rec.get("seat_wind", 0)),
            int(rec.get("prevalent_wind", 0)),
            verbose=True,
        )
    except Exception as e:  # the module raises TypeError("ERROR_...")
        msg = str(e.args[0]) if e.args else str(e)
        code = ERROR_CODES.get(msg)
        out = {"id": rec.get("id"), "result": code if code is not None else -99, "fan": []}
        if code is None:
            out["error"] = "%s: %s" % (type(e).__name__, msg)
        return out
    fan = [[name_cn, int(value), int(count)] for (value, count, name_cn, _name_en) in fans]
    return {"id": rec.get("id"), "result": sum(v * c for _, v, c in fan), "fan": fan}


def main():
    if len(sys.argv) > 1 and sys.argv[1] != "-":
        path = sys.argv[1]
        src = gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")
    else:
        src = sys.stdin
    out = sys.stdout
    with src:
        for line in src:
            line = line.strip()
            if not line:
                continue
            out.write(json.dumps(oracle(json.loads(line)), ensure_ascii=False))
            out.write("\n")
    out.flush()


if __name__ == "__main__":
    main()
