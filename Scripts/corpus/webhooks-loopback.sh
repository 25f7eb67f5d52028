#!/usr/bin/env bash
# Every webhook of a real document, received over loopback by the receivers generated from it: for each document
# (default: the ones in ../shared/specs that declare webhooks) the server is generated (filtered to one operation:
# webhooks are always kept) into a scratch package under .build-webhooks/, with an executable that serves the
# receivers behind RaspWebhooks' Standard Webhooks check and sends every webhook's body (its example, else a value
# made from its schema: Scripts/corpus/webhooks/bodies.py), signed, to one URL. Then a changed body, another secret,
# an old timestamp and a replayed message, each of which must be refused before a receiver runs.
#
# Prints `<document>.webhooks`, `.received` (distinct receivers reached), `.refused` lines; exits 1 unless every
# webhook reached its own receiver and every bad request was refused.
# Usage: Scripts/corpus/webhooks-loopback.sh [SPEC...]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Scripts/corpus/corpus.sh"
specs=("$@")
[ ${#specs[@]} -eq 0 ] && specs=("$root/../shared/specs/openai-openapi.yaml" "$root/../shared/specs/svix-lib-31.json")
swift build -c release --product rasp-generate --package-path "$root" >/dev/null || exit 1
generator="$root/.build/release/rasp-generate"
scratch="$root/.build-webhooks/scratch"
failed=0

for spec in "${specs[@]}"; do
    name=$(basename "$spec" | sed -E 's/\.(ya?ml|json)$//; s/[^A-Za-z0-9]+/_/g')
    package="$root/.build-webhooks/$name"
    rm -rf "$package/Sources" && mkdir -p "$package/Sources/GeneratedAPI" "$package/Sources/Loopback"
    first=$(python3 -c '
import json, sys, yaml
path = sys.argv[1]
document = json.load(open(path)) if path.endswith(".json") else yaml.safe_load(open(path))
print(next(op["operationId"] for item in document["paths"].values() for op in item.values()
           if isinstance(op, dict) and "operationId" in op))' "$spec")
    printf 'generate: [types, server]\nfilter: {operations: ["%s"]}\n' "$first" > "$package/rasp-generate.yaml"
    "$generator" "$spec" --config "$package/rasp-generate.yaml" --output "$package/Sources/GeneratedAPI" -q || {
        echo "$name: GENERATION FAILED"; failed=1; continue; }
    python3 "$root/Scripts/corpus/webhooks/bodies.py" "$spec" > "$package/bodies.json"
    # The receiver: one method per requirement of the generated protocol, each counting its calls.
    python3 "$root/Scripts/corpus/webhooks/receiver.py" "$package/Sources/GeneratedAPI" \
        > "$package/Sources/Loopback/Receiver.swift"
    cp "$root/Scripts/corpus/webhooks/main.swift" "$package/Sources/Loopback/main.swift"
    server_package "$package" "$name" Loopback RaspWebhooks
    if ! swift build --package-path "$package" --scratch-path "$scratch" >"$package/build.log" 2>&1; then
        grep -E "error:" "$package/build.log" | head -5
        echo "$name: BUILD FAILED"; failed=1; continue
    fi
    "$scratch/debug/Loopback" "$package/bodies.json" "$name" || failed=1
done
exit $failed
