#!/usr/bin/env bash
# Generates every document the generator is checked on (../shared/specs, openapi.yaml, every OpenAPI document under
# Tests/Fixtures) into OUT, one folder per document, with its report, its warnings and its exit status, so that two
# generators' outputs can be compared with `diff -r` (a rebuild of the generator's inside must leave them unchanged).
# Usage: Scripts/corpus/snapshot-outputs.sh GENERATOR OUT
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
generator=$1 out=$2
source "$root/Scripts/corpus/corpus.sh"
rm -rf "$out" && mkdir -p "$out"

run() {  # run NAME SPEC [CONFIG]
    local name=$1 spec=$2 config=${3:-} dir="$out/$1" args=()
    mkdir -p "$dir/swift"
    [ -n "$config" ] && args+=(--config "$config")
    "$generator" "$spec" --output "$dir/swift" --generate "types, client, server" --lenient \
        --report "$dir/report.json" "${args[@]}" >"$dir/stdout" 2>"$dir/stderr"
    echo $? >"$dir/status"
}

while read -r spec; do
    run "$(corpus_name "$root" "$spec")" "$spec"
done < <(corpus_specs "$root")
run rasp_configured "$root/openapi.yaml" "$root/rasp-generate.yaml"

# Fixtures: every document that declares an OpenAPI or Swagger version, with the config beside it if any.
while read -r spec; do
    folder=$(dirname "$spec")
    config=$(ls "$folder"/rasp-generate.yaml "$folder"/openapi-generator-config.yaml 2>/dev/null | head -1)
    name=$(echo "${spec#"$root/Tests/Fixtures/"}" | sed -E 's/[^A-Za-z0-9]+/_/g')
    run "fixture_$name" "$spec" "$config"
done < <(grep -rlE -m1 '^(openapi|swagger):|^\{?[[:space:]]*"(openapi|swagger)"' "$root/Tests/Fixtures" \
    --include='*.yaml' --include='*.yml' --include='*.json' | sort)
# The config-key fixtures: one config per folder, all on the document beside them.
for folder in "$root"/Tests/Fixtures/config-keys/*/; do
    config=$(ls "$folder"rasp-generate.yaml "$folder"openapi-generator-config.yaml 2>/dev/null | head -1)
    [ -n "$config" ] && run "config_$(basename "$folder")" "$root/Tests/Fixtures/config-keys/openapi.yaml" "$config"
done
# Paths in messages name the documents and the output; keep them relative so that two snapshots compare.
grep -rlE "$out|$root" "$out" --include=stderr --include=stdout --include=report.json 2>/dev/null \
    | xargs -r sed -i "s|$out|OUT|g; s|$root|ROOT|g"
echo "snapshot: $(ls "$out" | wc -l) documents in $out"
