#!/usr/bin/env bash
# Times the base-rules edit loop (rules/README.md, "The edit loop"): from
# saving rules/fans.mcr to seeing `mcr rules diff` by fan on the public
# hands and games. Each round edits `fan 平和 "All Chows" = 2` to `= 3` (or
# back), then runs what a maintainer runs:
#     target/edit/mcr rules check rules/fans.mcr
#     MCR_PROFILES= cargo build --profile edit --bin mcr
#     target/edit/mcr rules diff tests/data/hands.jsonl.gz tests/data/games.jsonl.gz
# and prints each step's wall time and the machine's load. rules/fans.mcr
# is restored on exit. A benchmark, not a test: run it by hand, from the
# repository root, after one first `MCR_PROFILES= cargo build --profile edit`.
#
#     scripts/edit_loop.sh [ROUNDS]     (default 4: two edits, two reverts)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-4}
rules=rules/fans.mcr
backup=$(mktemp)
cp "$rules" "$backup"
trap 'cp "$backup" "$rules"; rm -f "$backup"' EXIT
export MCR_PROFILES=
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
echo "warm build..." >&2
cargo build --profile edit --bin mcr --quiet
for i in $(seq 1 "$rounds"); do
    if (( i % 2 )); then from='= 2'; to='= 3'; else from='= 3'; to='= 2'; fi
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    t0=$(now)
    sed -i "s/^fan 平和 \"All Chows\" $from\$/fan 平和 \"All Chows\" $to/" "$rules"
    grep -q "^fan 平和 \"All Chows\" $to\$" "$rules" || { echo "edit not applied" >&2; exit 1; }
    target/edit/mcr rules check "$rules" > /dev/null
    t1=$(now)
    cargo build --profile edit --bin mcr --quiet
    t2=$(now)
    out=$(target/edit/mcr rules diff tests/data/hands.jsonl.gz tests/data/games.jsonl.gz --show 1 || true)
    t3=$(now)
    seen=$(grep -m1 -E '^平和 |the rules agree' <<< "$out" || echo "(no line for 平和)")
    printf 'round %d (平和 %s): check %ss, build %ss, diff %ss, total %ss; load %s; %s\n' \
        "$i" "$to" "$(secs "$t0" "$t1")" "$(secs "$t1" "$t2")" "$(secs "$t2" "$t3")" "$(secs "$t0" "$t3")" "$load" "$seen"
done
