#!/usr/bin/env bash
# Generates a client for every spec in ../shared/specs (or the specs given as arguments) and compiles it in a
# scratch package under .build-specs/, reporting generation time, line count and debug build time.
# Usage: Scripts/build-real-specs.sh [SPEC...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then specs=("$root"/../shared/specs/*.yaml); fi
swift build -c release --product rasp-generate --package-path "$root" >/dev/null
generator="$root/.build/release/rasp-generate"
for spec in "${specs[@]}"; do
    name=$(basename "$spec" | sed -E 's/\.(ya?ml|json)$//; s/[^A-Za-z0-9]+/_/g')
    package="$root/.build-specs/$name"
    mkdir -p "$package/Sources/GeneratedAPI"
    cat > "$package/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "$name",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [.package(name: "rasp-swift", path: "$root")],
    targets: [.target(name: "GeneratedAPI", dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")])]
)
PKG
    start=$(date +%s.%N)
    "$generator" "$spec" --output "$package/Sources/GeneratedAPI" --quiet
    end=$(date +%s.%N)
    lines=$(cat "$package"/Sources/GeneratedAPI/*.swift | wc -l)
    printf '%s.generate: %.0f ms\n%s.lines: %d lines\n' "$name" "$(echo "($end - $start) * 1000" | bc)" "$name" "$lines"
    start=$(date +%s.%N)
    if ! swift build --package-path "$package" --scratch-path "$package/.build" >"$package/build.log" 2>&1; then
        grep -E "error:" "$package/build.log" | sort -u | head -20
        echo "$name: BUILD FAILED (log: $package/build.log)" >&2
        exit 1
    fi
    end=$(date +%s.%N)
    printf '%s.debug_build: %.1f s\n' "$name" "$(echo "$end - $start" | bc)"
done
