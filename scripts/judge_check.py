#!/usr/bin/env python3
"""Re-drives the real Botzone judge and checks that it reproduces a file of
games (a development check: the judge binary is not in CI). Usage:

    judge_check.py JUDGE FILE.jsonl[.gz] [--every N]

Each line is either
- a match log (as `mcr export --to botzone-log` writes it, or as Botzone
  gives it): for entry 2k, the judge given {"log": log[:2k], "initdata":
  initdata} must print exactly log[2k]["output"]; or
- a game record (`mcr arena`, `mcr import`, self-play): turn k's display is
  what the judge prints given the log of turns 0..k-1 (its own outputs and
  the four seats' {"verdict", "response"} entries).

--every N checks every N-th output and the last of each game."""
import gzip, json, subprocess, sys


def judge_output(judge, log, initdata):
    run = subprocess.run([judge], input=json.dumps({"log": log, "initdata": initdata}), capture_output=True, text=True)
    return json.loads(run.stdout)


def bots_entry(turn):
    verdicts = turn.get("verdicts", {})
    return {s: {"verdict": verdicts.get(s, "OK"), "response": turn["responses"].get(s, "")} for s in "0123"}


def as_record(rec):
    """A record as (id, initdata, [(log so far, what the judge must print)])."""
    init = {"walltiles": " ".join(rec["wall"]), "quan": rec["quan"], "srand": rec["srand"]}
    log, checks = [], []
    for turn in rec["turns"]:
        checks.append((list(log), lambda out, want=turn["display"]: out["display"] == want))
        log.append({"output": {"display": turn["display"]}})
        if "responses" in turn:
            log.append(bots_entry(turn))
    return rec["game_id"], init, checks


def as_match(m):
    log = m.get("log", m.get("logs"))
    checks = [(log[:i], lambda out, want=log[i]["output"]: out == want) for i in range(0, len(log), 2)]
    return m["_id"], m["initdata"], checks


def main():
    judge, path = sys.argv[1], sys.argv[2]
    every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 1
    opener = gzip.open if path.endswith(".gz") else open
    games = bad = checked = 0
    with opener(path, "rt") as f:
        for line in f:
            game = json.loads(line)
            games += 1
            gid, init, checks = as_record(game) if "turns" in game else as_match(game)
            for k, (log, ok) in enumerate(checks):
                if k % every and k != len(checks) - 1:
                    continue
                out = judge_output(judge, log, init)
                checked += 1
                if not ok(out):
                    bad += 1
                    print(f"{gid}: output {k}: the judge prints {json.dumps(out, ensure_ascii=False)[:300]}", file=sys.stderr)
                    break
    print(f"{games} games, {checked} judge outputs checked, {bad} games differ")
    sys.exit(1 if bad else 0)


main()
