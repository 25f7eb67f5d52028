#!/usr/bin/env bash
# Two `rasp` processes searching in parallel against one cache folder, N times each (default 200), every search
# for another day so that each saves a new answer, with the saved answers bounded to MAX bytes (default 1 MB, far
# below what 2 x N answers take, so eviction runs all the time). Then checks: every run exited 0, no saved file
# fails its checks, the folder holds at most MAX bytes, and the last answers are still shown with --offline.
# Prints `cache_concurrency.<figure>: <value> <unit>` lines; exits 1 when a check fails.
# Usage: Scripts/dev/cache-concurrency.sh [N] [MAX]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-200} max=${2:-1048576}
swift build --package-path "$root" --product rasp >/dev/null && swift build --package-path "$root" --product rasp-mock \
    >/dev/null || exit 1
bin=$(swift build --package-path "$root" --show-bin-path)
work=$(mktemp -d "${TMPDIR:-/tmp}/rasp-cache-concurrency.XXXXXX")
trap 'kill $mock 2>/dev/null; rm -rf "$work"' EXIT
"$bin/rasp-mock" --port 0 >"$work/mock.log" 2>&1 &
mock=$!
until grep -q "listening on" "$work/mock.log"; do sleep 0.1; done
url=$(grep -o 'http://[0-9.:]*' "$work/mock.log" | head -1)
export RASP_CACHE_DIR="$work/cache" RASP_ANSWERS_MAX_BYTES=$max HOME="$work/home" LANG=C
# One run first, so the station directory is downloaded once, not by both at the same time.
"$bin/rasp" search c213 c2 --base-url "$url" >/dev/null 2>&1 || { echo "first search failed"; exit 1; }

searcher() {  # searcher ID: N searches, each another day; prints the number of failed runs
    local failed=0 day
    for ((i = 0; i < runs; i++)); do
        day=$(date -d "2026-12-01 + $((i % 300)) days" +%F)
        "$bin/rasp" search c213 c2 --date "$day" --base-url "$url" --limit 1 >/dev/null 2>>"$work/err.$1" \
            || failed=$((failed + 1))
    done
    echo "$failed" >"$work/failed.$1"
}
start=$(date +%s)
searcher a &
first=$!
searcher b &
second=$!
wait "$first" "$second"
elapsed=$(( $(date +%s) - start ))
failed=$(( $(cat "$work/failed.a") + $(cat "$work/failed.b") ))
summary=$("$bin/rasp" cache --json --base-url "$url")
entries=$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['entries'])" "$summary")
bytes=$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['bytes'])" "$summary")
damaged=$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['damaged'])" "$summary")
last=$(date -d "2026-12-01 + $(( (runs - 1) % 300 )) days" +%F)
"$bin/rasp" search c213 c2 --date "$last" --base-url "$url" --limit 1 --offline >/dev/null 2>&1
offline=$?
echo "cache_concurrency.runs: $((2 * runs)) runs"
echo "cache_concurrency.failed_runs: $failed runs"
echo "cache_concurrency.damaged_files: $damaged files"
echo "cache_concurrency.entries: $entries entries"
echo "cache_concurrency.bytes: $bytes bytes (bound $max)"
echo "cache_concurrency.offline_last_exit: $offline"
echo "cache_concurrency.seconds: $elapsed s"
[ "$failed" = 0 ] && [ "$damaged" = 0 ] && [ "$bytes" -le "$max" ] && [ "$offline" = 0 ] || {
    head -5 "$work"/err.* 2>/dev/null; exit 1; }
