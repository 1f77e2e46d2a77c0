#!/usr/bin/env python3
"""Plays one game of four bot programs through a judge program, as
botzone-local drives the Botzone judge: the judge runs once per turn with the
whole log on its standard input, each bot once per request with its whole
history (Botzone's JSON I/O). Standard library only.

    python3 examples/judge_driver.py --judge "mcr judge" --bot "mcr bot" \
        [--bot CMD x3] [--initdata '{"srand": 1}'] [--time-limit 6] [--log game.json]

One --bot is used for the four seats; four name each seat's. The judge may be
`mcr judge --rules PROFILE` or a real judge binary. It prints each turn's
display action and, at the end, the scores as JSON ({"0": ..., ..., "3": ...}).
"""
import argparse
import json
import shlex
import subprocess
import sys


def run(command, text, time_limit):
    """One run of a program: its standard output, or a Botzone verdict."""
    try:
        p = subprocess.run(command, input=text, capture_output=True, text=True, timeout=time_limit)
    except subprocess.TimeoutExpired:
        return None, "TLE"
    if p.returncode != 0:
        return p, "RE"
    return p, "OK"


def bot_turn(command, requests, responses, time_limit):
    """A bot's entry of the log: {"verdict", "response"} (no response on a
    failure, as the platform writes it)."""
    p, verdict = run(command, json.dumps({"requests": requests, "responses": responses}), time_limit)
    if verdict != "OK":
        return {"verdict": verdict}
    try:
        answer = json.loads(p.stdout)
    except ValueError:
        return {"verdict": "NJ"}
    # botzone-local: an object's "response", else the whole value.
    response = answer.get("response") if isinstance(answer, dict) and "response" in answer else answer
    if not isinstance(response, str):
        return {"verdict": "NJ"}
    return {"verdict": "OK", "response": response}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--judge", default="mcr judge", help="the judge program (a command line)")
    ap.add_argument("--bot", action="append", help="a bot program (once for all seats, or four times)")
    ap.add_argument("--initdata", default="", help="the first turn's initdata (JSON; default: the empty string)")
    ap.add_argument("--time-limit", type=float, default=6.0, help="seconds per bot turn (TLE beyond)")
    ap.add_argument("--log", help="write the game's final log here")
    args = ap.parse_args()
    bots = [shlex.split(b) for b in (args.bot or ["mcr bot"])]
    if len(bots) == 1:
        bots *= 4
    if len(bots) != 4:
        ap.error("give --bot once or four times")
    judge = shlex.split(args.judge)
    initdata = json.loads(args.initdata) if args.initdata else ""

    log, requests, responses = [], [[] for _ in range(4)], [[] for _ in range(4)]
    while True:
        p, verdict = run(judge, json.dumps({"log": log, "initdata": initdata}), 60)
        if verdict != "OK":
            sys.exit("the judge failed (%s): %s" % (verdict, p.stderr.strip() if p else "time out"))
        output = json.loads(p.stdout)
        log.append({"verdict": "OK", "output": output})
        # The judge's initdata overrides the one given (botzone-local does so).
        if "initdata" in output:
            initdata = output["initdata"]
        display = output.get("display", {})
        print(display.get("action"), display.get("player", ""), display.get("tile", ""), file=sys.stderr)
        if output["command"] == "finish":
            break
        entry = {}
        for seat, request in sorted(output["content"].items()):
            s = int(seat)
            requests[s].append(request)
            entry[seat] = bot_turn(bots[s], requests[s], responses[s], args.time_limit)
            responses[s].append(entry[seat].get("response", ""))
        log.append(entry)
    if args.log:
        with open(args.log, "w") as f:
            json.dump({"initdata": initdata, "log": log}, f, ensure_ascii=False)
    print(json.dumps(output["content"], sort_keys=True))


if __name__ == "__main__":
    main()
