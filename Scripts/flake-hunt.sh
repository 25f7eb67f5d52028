#!/usr/bin/env bash
# Runs the whole test suite RUNS times in a row while a release build of the package runs beside it as load (a
# fresh scratch folder each time, so the load lasts), and prints how many runs were clean.
# Usage: Scripts/flake-hunt.sh [RUNS]   (default 5). The load's build goes to $TMPDIR, never into the repository.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${1:-5}
load_dir=$(mktemp -d "${TMPDIR:-/tmp}/rasp-flake-load.XXXXXX")
trap 'kill "${load_pid:-0}" 2>/dev/null || true; rm -rf "$load_dir"' EXIT
swift build --build-tests >/dev/null
clean=0
for run in $(seq 1 "$runs"); do
    rm -rf "$load_dir/build"
    (swift build -c release --scratch-path "$load_dir/build" >/dev/null 2>&1 || true) &
    load_pid=$!
    start=$(date +%s)
    if swift test --skip-build >"$load_dir/run-$run.log" 2>&1; then
        clean=$((clean + 1))
        echo "flake.run.$run: clean ($(( $(date +%s) - start )) s, load average $(cut -d' ' -f1 /proc/loadavg))"
    else
        echo "flake.run.$run: FAILED ($(( $(date +%s) - start )) s, load average $(cut -d' ' -f1 /proc/loadavg))"
        grep -E "✘ Test .*(recorded an issue|failed)" "$load_dir/run-$run.log" | head -5
    fi
    kill "$load_pid" 2>/dev/null || true
    wait "$load_pid" 2>/dev/null || true
done
echo "flake.clean_runs: $clean of $runs"
[ "$clean" = "$runs" ]
