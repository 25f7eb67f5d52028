#!/usr/bin/env bash
# Debug-builds two generated clients of the same document side by side (for example the output of the last commit's
# generator and of this one), in one scratch package whose RaspRuntime is built first and not counted, alternating
# the two so the machine's load falls on both alike. Prints `build.<label>.<figure>: <value> <unit>` lines: each
# run's wall and CPU time, their medians, peak memory of the compiler (from /usr/bin/time), and the generated lines.
#
# Usage: Scripts/corpus/build-side-by-side.sh [--runs N] BEFORE_DIR AFTER_DIR
#   BEFORE_DIR, AFTER_DIR  folders of generated .swift files (rasp-generate --output)
#   --runs N               builds of each (default 2); figures are medians
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=2
if [[ "${1:-}" == "--runs" ]]; then runs=$2; shift 2; fi
before=$(cd "$1" && pwd)
after=$(cd "$2" && pwd)
work="$root/.build-side-by-side"
rm -rf "$work/Sources"
mkdir -p "$work/Sources/Before" "$work/Sources/After"
cp "$before"/*.swift "$work/Sources/Before/"
cp "$after"/*.swift "$work/Sources/After/"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "side-by-side",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "rasp-swift", path: "$root")],
    targets: [
        .target(name: "Before", dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")]),
        .target(name: "After", dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")]),
    ]
)
MANIFEST
cd "$work"
# The runtime product (RaspRuntime, RaspURLSession, RaspMiddlewares) first: only the generated modules are timed.
swift build --target RaspURLSession >/dev/null
swift build --target RaspMiddlewares >/dev/null
# One untimed build of each, so the timed ones are rebuilds of a planned package.
swift build --target Before >/dev/null
swift build --target After >/dev/null
lines() { cat "$1"/*.swift | wc -l; }
echo "build.before.lines: $(lines "$before") lines"
echo "build.after.lines: $(lines "$after") lines"
declare -A times cpus
for run in $(seq 1 "$runs"); do
    for label in Before After; do
        # Every file changed: the module is compiled whole, as on a first build.
        touch Sources/$label/*.swift
        start=$(date +%s.%N)
        /usr/bin/time -v -o "time-$label.txt" swift build --target "$label" >"build-$label.log" 2>&1 \
            || { echo "build of $label failed:"; tail -20 "build-$label.log"; exit 1; }
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        peak=$(awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print int($2 / 1024)}' "time-$label.txt")
        # CPU time (user + system) moves less than wall time when something else loads the machine.
        cpu=$(awk -F: '/User time|System time/ {sum += $2} END {print sum}' "time-$label.txt")
        lower=$(echo "$label" | tr 'A-Z' 'a-z')
        printf 'build.%s.run%d: %.1f s (cpu %.1f s, peak %s MB)\n' "$lower" "$run" "$seconds" "$cpu" "$peak"
        times[$label]="${times[$label]:-} $seconds"
        cpus[$label]="${cpus[$label]:-} $cpu"
    done
done
for label in Before After; do
    lower=$(echo "$label" | tr 'A-Z' 'a-z')
    median=$(echo ${times[$label]} | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf 'build.%s.median: %.1f s\n' "$lower" "$median"
    median=$(echo ${cpus[$label]} | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf 'build.%s.cpu_median: %.1f s\n' "$lower" "$median"
done
