#!/usr/bin/env python3
"""Hostile bots for the arena tests: hostile.py MODE TOKEN [TURN].
Plays legally (PLAY the drawn tile, else PASS, JSON I/O, one process per
turn) until its TURN-th turn of a game (default 3), then misbehaves as MODE
says (fork and forkbomb on that turn only, then garbage: WA). TOKEN is only in the command line, for the leftover-process check."""
import json, os, signal, sys, time

mode, token = sys.argv[1], sys.argv[2]
at = int(sys.argv[3]) if len(sys.argv) > 3 else 3
inp = json.loads(sys.stdin.readline())
req = inp["requests"][-1]
w = req.split(" ")
ans = "PLAY " + w[1] if w[0] == "2" else "PASS"
n = len(inp["requests"])
# fork and forkbomb misbehave once, then answer garbage (the judge's WA ends
# the game); the others misbehave from turn `at` on.
if n > at and mode in ("fork", "forkbomb"):
    ans = "FOO BAR BAZ"
elif n >= at:
    if mode == "sleep":
        time.sleep(1000)
    elif mode == "spin":
        while True:
            pass
    elif mode == "crash":
        sys.exit(3)
    elif mode == "signal":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "alloc":
        blocks = []
        for _ in range(64):
            blocks.append(bytearray(64 << 20))  # touched: zero-filled pages
            for i in range(0, len(blocks[-1]), 4096):
                blocks[-1][i] = 1
    elif mode == "flood":
        chunk = "x" * 65536
        while True:
            sys.stdout.write(chunk)
    elif mode == "nonjson":
        print("PASS")
        sys.exit(0)
    elif mode == "garbage":
        ans = "FOO BAR BAZ"
    elif mode == "nothing":
        sys.exit(0)
    elif mode == "fork":
        # Children that start their own sessions and outlive this process.
        for _ in range(3):
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    time.sleep(1000)
                    os._exit(0)
                time.sleep(1000)
                os._exit(0)
    elif mode == "forkbomb":
        for _ in range(10000):
            try:
                if os.fork() == 0:
                    time.sleep(1000)
                    os._exit(0)
            except OSError:
                break
print(json.dumps({"response": ans}))
sys.stdout.flush()
