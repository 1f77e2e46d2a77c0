#!/usr/bin/env python3
"""Re-drives the real Botzone judge with the answers and platform verdicts
of arena records and compares every display (a development check: the judge
binary is not in CI). Usage: judge_check.py JUDGE RECORDS.jsonl[.gz] [--every N]

Turn k's display is what the judge prints given the log of turns 0..k-1
(its own outputs and the four bots' {"verdict", "response"} entries)."""
import gzip, json, subprocess, sys


def bots_entry(turn):
    verdicts = turn.get("verdicts", {})
    return {s: {"verdict": verdicts.get(s, "OK"), "response": turn["responses"].get(s, "")} for s in "0123"}


def main():
    judge, path = sys.argv[1], sys.argv[2]
    every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 1
    opener = gzip.open if path.endswith(".gz") else open
    games = bad = checked = 0
    with opener(path, "rt") as f:
        for line in f:
            rec = json.loads(line)
            games += 1
            init = {"walltiles": " ".join(rec["wall"]), "quan": rec["quan"], "srand": rec["srand"]}
            turns = rec["turns"]
            log = []
            for k, turn in enumerate(turns):
                if k % every == 0 or k == len(turns) - 1:
                    out = subprocess.run([judge], input=json.dumps({"log": log, "initdata": init}), capture_output=True, text=True).stdout
                    got = json.loads(out)["display"]
                    checked += 1
                    if got != turn["display"]:
                        bad += 1
                        print(f"{rec['game_id']} turn {k}: judge {got} record {turn['display']}")
                        break
                log.append({"output": {"display": turn["display"]}})
                if "responses" in turn:
                    log.append(bots_entry(turn))
    print(f"{games} games, {checked} displays checked, {bad} games differ")
    sys.exit(1 if bad else 0)


main()
