#!/usr/bin/env bash
# Runs the whole test suite RUNS times in a row while a release build of the package runs beside it as load (a
# fresh scratch folder each time, so the load lasts), and prints how many runs were clean: the suite passed and no
# process of ours outlived it (Scripts/ci/check-leftover-processes.sh). Each run's line gives its time and the load
# average (1 minute) at its end.
# Usage: Scripts/dev/flake-hunt.sh [RUNS]   (default 5). The load's build goes to $TMPDIR, never into the repository;
# the logs stay in $FLAKE_LOGS (default: a temporary folder, named at the end).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
runs=${1:-5}
load_dir=$(mktemp -d "${TMPDIR:-/tmp}/rasp-flake-load.XXXXXX")
logs=${FLAKE_LOGS:-$(mktemp -d "${TMPDIR:-/tmp}/rasp-flake-logs.XXXXXX")}
mkdir -p "$logs"
load_pid=""

# Stops the load build. SIGINT, as Ctrl-C would: swift-build then stops its compiler processes too (they run in
# process groups of their own, so SIGTERM to swift-build or to its group leaves them compiling on as orphans).
stop_load() {
    if [ -n "$load_pid" ]; then
        kill -INT "$load_pid" 2>/dev/null || true
        wait "$load_pid" 2>/dev/null || true
        load_pid=""
    fi
}
trap 'stop_load; rm -rf "$load_dir"' EXIT

swift build --build-tests >/dev/null
if ! Scripts/ci/check-leftover-processes.sh 5 >"$logs/before.log" 2>&1; then
    echo "flake.before: processes of an earlier run were left (killed):"
    cat "$logs/before.log"
fi
clean=0
for run in $(seq 1 "$runs"); do
    rm -rf "$load_dir/build"
    swift build -c release --scratch-path "$load_dir/build" >/dev/null 2>&1 &
    load_pid=$!
    start=$(date +%s)
    log="$logs/run-$run.log"
    status=clean
    swift test --skip-build >"$log" 2>&1 || status=FAILED
    seconds=$(( $(date +%s) - start ))
    load=$(cut -d' ' -f1 /proc/loadavg)
    stop_load
    Scripts/ci/check-leftover-processes.sh >>"$log" 2>&1 || status=FAILED
    echo "flake.run.$run: $status ($seconds s, load average $load)"
    if [ "$status" = clean ]; then
        clean=$((clean + 1))
    else
        grep -E "✘ Test .*(recorded an issue|failed)|leftover_processes: [1-9]|^  " "$log" | head -8 || true
    fi
done
echo "flake.clean_runs: $clean of $runs"
echo "flake.logs: $logs"
[ "$clean" = "$runs" ]
