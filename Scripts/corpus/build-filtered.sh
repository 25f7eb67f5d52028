#!/usr/bin/env bash
# Measures what the config's filter buys on a big document: generates a client for one tag of it and debug-builds
# it in a scratch package (RaspRuntime as its dependency), next to the whole document's generation.
#   Scripts/corpus/build-filtered.sh [SPEC] [TAG] [--whole-build]
# Defaults: ../shared/specs/openai-openapi.yaml (the corpus's largest; it has no Stripe document) and tag Chat.
# Prints the generation times (release rasp-generate, 3 runs each, wall time and peak memory), the filtered output's
# size, the debug build from clean and 3 rebuilds of the generated module alone; --whole-build also rebuilds the
# module from the whole document once (minutes). Builds share the machine: read `uptime`'s load with the figures.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
spec=$(realpath "${1:-$root/../shared/specs/openai-openapi.yaml}")
tag=${2:-Chat}
whole_build=${3:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/rasp-filtered.XXXXXX")
trap 'rm -rf "$work"' EXIT

swift build -c release --product rasp-generate --package-path "$root" >/dev/null
tool=$(swift build -c release --show-bin-path --package-path "$root")/rasp-generate
mkdir -p "$work/Sources/Filtered" "$work/whole"
printf 'generate: [types, client]\naccessModifier: public\nfilter:\n  tags: [%s]\n' "$tag" \
    >"$work/openapi-generator-config.yaml"
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Filtered",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "rasp-swift", path: "$root")],
    targets: [.target(name: "Filtered", dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")])]
)
MANIFEST

timed() { /usr/bin/time -f '%e s, %M KB' "$@" 2>&1 >/dev/null | tail -1; }
for run in 1 2 3; do
    echo "generate.filtered.$run: $(timed "$tool" "$spec" -o "$work/Sources/Filtered" -q \
        --config "$work/openapi-generator-config.yaml" --report "$work/report.json")"
done
for run in 1 2 3; do echo "generate.whole.$run: $(timed "$tool" "$spec" -o "$work/whole" -q)"; done
python3 -c "import json, sys; r = json.load(open(sys.argv[1])); \
print(f'filtered: {len(r[\"operations\"])} operations, {len(r[\"schemas\"])} named schemas')" "$work/report.json"
echo "lines.filtered: $(cat "$work"/Sources/Filtered/*.swift | wc -l), lines.whole: $(cat "$work"/whole/*.swift | wc -l)"
echo "build.from_clean: $(timed swift build --package-path "$work")"
for run in 1 2 3; do
    touch "$work"/Sources/Filtered/*.swift
    echo "build.module.$run: $(timed swift build --package-path "$work")"
done
if [ "$whole_build" = --whole-build ]; then
    cp "$work"/whole/*.swift "$work/Sources/Filtered/"
    echo "build.whole_module: $(timed swift build --package-path "$work")"
fi
echo "load: $(uptime | sed 's/.*load average: //')"
