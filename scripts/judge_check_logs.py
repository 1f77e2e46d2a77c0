#!/usr/bin/env python3
"""Re-drives the real Botzone judge with match logs (as `mcr export --to
botzone-log` writes them) and checks that it reproduces every judge output
of each log: for entry 2k, the judge given {"log": log[:2k], "initdata":
initdata} must print exactly log[2k]["output"]. A development check (the
judge binary is not in CI). Usage:
    judge_check_logs.py JUDGE LOGS.jsonl[.gz] [--every N]
--every N checks every N-th output and the last of each match."""
import gzip, json, subprocess, sys


def main():
    judge, path = sys.argv[1], sys.argv[2]
    every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 1
    opener = gzip.open if path.endswith(".gz") else open
    games = bad = checked = 0
    with opener(path, "rt") as f:
        for line in f:
            m = json.loads(line)
            games += 1
            log = m.get("log", m.get("logs"))
            outputs = range(0, len(log), 2)
            for i in outputs:
                if (i // 2) % every and i != len(log) - 1:
                    continue
                out = subprocess.run([judge], input=json.dumps({"log": log[:i], "initdata": m["initdata"]}),
                                     capture_output=True, text=True).stdout
                checked += 1
                if json.loads(out) != log[i]["output"]:
                    bad += 1
                    print(f"{m['_id']}: log[{i}]: the judge prints {out.strip()[:300]}", file=sys.stderr)
                    break
    print(f"{games} matches, {checked} judge outputs checked, {bad} matches differ")
    sys.exit(1 if bad else 0)


main()
