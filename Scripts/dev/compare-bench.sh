#!/usr/bin/env bash
# Side by side in one run: this checkout's release rasp-bench and rasp-mock against another build's (an earlier
# commit in its own worktree), in alternating rounds so that a busy machine weighs on both alike.
#
#   Scripts/dev/compare-bench.sh OTHER_CHECKOUT [ROUNDS]
#
# OTHER_CHECKOUT holds the other release build (`swift build -c release --product rasp-bench` and `--product
# rasp-mock` there first). Each round runs, old then new and the order reversed every other round:
#   - mock:   the same load generator (this checkout's `rasp-bench mock`) against each build's rasp-mock;
#   - client: each build's `rasp-bench client` (small and search answers, URLSession and NIO sides) against this
#             checkout's rasp-mock.
# Prints every figure's median per build and new/old ratios (`compare.<figure>.new_vs_old: <ratio> %`).
set -euo pipefail
cd "$(dirname "$0")/../.."

other=${1:?usage: Scripts/dev/compare-bench.sh OTHER_CHECKOUT [ROUNDS]}
rounds=${2:-3}
new_bin=.build/release
old_bin=$other/.build/release
for binary in "$new_bin/rasp-bench" "$new_bin/rasp-mock" "$old_bin/rasp-bench" "$old_bin/rasp-mock"; do
    [ -x "$binary" ] || { echo "compare-bench: $binary is missing (build it with -c release)" >&2; exit 1; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

run_side() {
    local side=$1 round=$2 bench mock
    if [ "$side" = old ]; then
        bench=$old_bin/rasp-bench mock=$old_bin/rasp-mock
    else
        bench=$new_bin/rasp-bench mock=$new_bin/rasp-mock
    fi
    "$new_bin/rasp-bench" mock --seconds "${RASP_COMPARE_SECONDS:-20}" --warmup 5 --connections 16 \
        --generator threads --rejections 3 --mock-path "$mock" > "$out/mock.$side.$round" 2>/dev/null
    "$bench" client --only small,search --requests "${RASP_COMPARE_REQUESTS:-2000}" --warmup 200 --rounds 4 \
        --sides urlsession,nio --mock-path "$new_bin/rasp-mock" > "$out/client.$side.$round" 2>/dev/null
}

for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
    for side in $order; do
        echo "compare-bench: round $round, $side" >&2
        run_side "$side" "$round"
    done
done

python3 - "$out" <<'EOF'
import os, re, statistics, sys
folder = sys.argv[1]
values = {}
for name in sorted(os.listdir(folder)):
    suite, side, _ = name.split(".")
    for line in open(os.path.join(folder, name)):
        match = re.match(r"^([\w.\-/]+): (-?[\d.]+) (\S+)$", line.strip())
        if match:
            key = (f"{suite}.{match.group(1)}", match.group(3))
            values.setdefault(key, {}).setdefault(side, []).append(float(match.group(2)))
for (figure, unit), sides in sorted(values.items()):
    if "old" not in sides or "new" not in sides:
        continue
    old, new = statistics.median(sides["old"]), statistics.median(sides["new"])
    print(f"compare.{figure}.old: {old:.6g} {unit}")
    print(f"compare.{figure}.new: {new:.6g} {unit}")
    if old:
        print(f"compare.{figure}.new_vs_old: {new / old * 100:.1f} %")
EOF
