#!/usr/bin/env bash
# Fuzzes the generator (YAML layer, OpenAPI model, translator, renderer) with libFuzzer and AddressSanitizer.
# Usage: Scripts/dev/fuzz-parser.sh [RUNS]   (default 1000000 executions)
# The seed corpus is every spec and fixture in the repository plus ../shared/specs. Everything the run writes (the
# binary, seeds, the corpus libFuzzer grows, crash-* files) goes to $RASP_FUZZ_DIR, by default a folder under
# $TMPDIR (/tmp): nothing is written into the repository. A crash leaves crash-* files there and a non-zero exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-1000000}
out=${RASP_FUZZ_DIR:-${TMPDIR:-/tmp}/rasp-fuzz-$(echo "$root" | md5sum | cut -c1-8)}
mkdir -p "$out/corpus" "$out/seeds"

# Seeds: small real documents and malformed ones (big specs are sliced to their first 8 KB to keep runs fast).
cp "$root"/openapi.yaml "$root"/rasp-generate.yaml "$out/seeds/" 2>/dev/null || true
find "$root/Tests" -name '*.yaml' -o -name '*.yml' -o -name '*.json' | while read -r f; do
    head -c 8192 "$f" > "$out/seeds/$(echo "$f" | md5sum | cut -c1-12)"
done
for f in "$root"/../shared/specs/*; do [ -f "$f" ] && head -c 8192 "$f" > "$out/seeds/spec-$(basename "$f")"; done

sources=$(find "$root/Sources/RaspGenerator" -name '*.swift' | sort)
echo "fuzz: building (swiftc -sanitize=fuzzer,address)" >&2
swiftc -O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name RaspGenerator \
    -I "$root/Sources/CLibYAML" -lyaml \
    $sources "$root/Fuzz/FuzzGenerator.swift" -o "$out/fuzz-generator"

echo "fuzz: $runs executions in $out" >&2
cd "$out"
./fuzz-generator -runs="$runs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    corpus seeds 2>&1 | tee fuzz.log | grep -E "^#[0-9]+ +(DONE|INITED)|stat::|ERROR|SUMMARY" || true
if grep -q "ERROR: libFuzzer\|ERROR: AddressSanitizer\|SUMMARY: " fuzz.log; then
    echo "fuzz: FAILED (see $out/fuzz.log and crash-* files)" >&2
    exit 1
fi
executions=$(grep -E "stat::number_of_executed_units" fuzz.log | awk '{print $2}')
echo "fuzz.executions: ${executions:-0} runs"
echo "fuzz.crashes: 0 crashes"
