#!/usr/bin/env python3
"""A small legal bot for the arena tests: PLAY the tile it draws, PASS
otherwise. JSON I/O, answers printed as indented multi-line JSON (as the
official sample does). Options: --keep-running; --data (keeps a turn count
in data, a game count in globaldata, and reports both in debug)."""
import json, sys

keep = "--keep-running" in sys.argv
use_data = "--data" in sys.argv


def answer(request):
    w = request.split(" ")
    return "PLAY " + w[1] if w[0] == "2" else "PASS"


first = json.loads(sys.stdin.readline())
out = {"response": answer(first["requests"][-1])}
if use_data:
    turns = int(first.get("data", "0")) + 1
    games = int(first.get("globaldata", "0")) + (1 if len(first["requests"]) == 1 else 0)
    out.update(data=str(turns), globaldata=str(games), debug="turn %d game %d" % (turns, games))
print(json.dumps(out, indent=2))
if keep:
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<")
sys.stdout.flush()
if keep:
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line.startswith('"'):
            line = json.loads(line)
        print(json.dumps({"response": answer(line)}, indent=2))
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<")
        sys.stdout.flush()
