#!/usr/bin/env bash
# The corpus check: generates a client for every real document in ../shared/specs (single files and the entry files
# of multi-file folders) plus openapi.yaml, or for the documents given as arguments, checks it against the document
# and compiles it in a scratch package under .build-specs/.
#
# For each document it prints `<name>.<figure>: <value> <unit>` lines and fails (exit 1) unless:
#   - the client has exactly the document's operations (counted independently by Scripts/corpus/spec-inventory.py),
#   - every parameter of every operation is in its method's input,
#   - no request path keeps a `{template}` variable,
#   - rasp-generate warns about no skipped parameter,
#   - every request media type of every operation is callable, and no non-JSON body is sent as JSON,
#   - every description the document reaches is whole in the generated doc comments (check-doc-coverage.py),
#   - the output compiles with 0 errors and 0 warnings (debug build).
# Usage: Scripts/corpus/build-real-specs.sh [--no-build] [SPEC...]    (--no-build skips the compile step)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/Scripts/corpus/corpus.sh"
compile=1
if [ "${1:-}" = "--no-build" ]; then compile=0; shift; fi
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then
    mapfile -t specs < <(corpus_specs "$root")
fi
swift build -c release --product rasp-generate --package-path "$root" >/dev/null
generator="$root/.build/release/rasp-generate"
failed=0
for spec in "${specs[@]}"; do
    [ -f "$spec" ] || continue
    name=$(corpus_name "$root" "$spec")
    package="$root/.build-specs/$name"
    rm -rf "$package/Sources"
    mkdir -p "$package/Sources/GeneratedAPI"
    cat > "$package/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "$name",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "rasp-swift", path: "$root")],
    targets: [.target(name: "GeneratedAPI", dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")])]
)
PKG
    start=$(date +%s.%N)
    if ! "$generator" "$spec" --output "$package/Sources/GeneratedAPI" --report "$package/report.json" \
        2>"$package/generate.log" >/dev/null; then
        head -3 "$package/generate.log"
        echo "$name: GENERATION FAILED" >&2
        failed=1
        continue
    fi
    end=$(date +%s.%N)
    printf '%s.generate: %.0f ms\n' "$name" "$(echo "($end - $start) * 1000" | bc)"
    printf '%s.lines: %d lines\n' "$name" "$(cat "$package"/Sources/GeneratedAPI/*.swift | wc -l)"
    printf '%s.warnings: %d warnings\n' "$name" "$(grep -c ': warning: ' "$package/generate.log" || true)"
    python3 "$root/Scripts/corpus/spec-inventory.py" "$spec" > "$package/inventory.json"
    if ! python3 - "$package" "$name" <<'PY'
import glob, json, re, sys
package, name = sys.argv[1], sys.argv[2]
inventory = json.load(open(f"{package}/inventory.json"))
report = json.load(open(f"{package}/report.json"))
operations = report["operations"]
generated = {(op["method"].lower(), op["path"]): op for op in operations}
problems = []
typed = 0
for op in inventory["operations"]:
    mine = generated.get((op["method"], op["path"]))
    if mine is None:
        problems.append(f"no method for {op['method'].upper()} {op['path']}")
        continue
    have = {(p["name"], p["location"]) for p in mine["parameters"]}
    for parameter in op["parameters"]:
        if (parameter["name"], parameter["in"]) in have:
            typed += 1
        else:
            problems.append(f"{mine['methodName']}: parameter {parameter['in']} '{parameter['name']}' is missing")
several = sum(1 for op in inventory["operations"] if len(op["request_media_types"]) > 1)
wanted = sum(len(op["request_media_types"]) for op in inventory["operations"])
kept = 0
json_like = ("application/json", "+json", "/json")
sent_as_json = 0
for op in inventory["operations"]:
    mine = generated.get((op["method"], op["path"]))
    if mine is None:
        continue
    have = [body["mediaType"] for body in mine["bodies"]]
    for media in op["request_media_types"]:
        if media in have:
            kept += 1
        else:
            problems.append(f"{mine['methodName']}: request body {media} is missing")
    for body in mine["bodies"]:
        base = body["mediaType"].split(";")[0].strip().lower()
        if body["encoding"] == "json" and not base.endswith(json_like) and base not in ("*/*", "application/*"):
            sent_as_json += 1
            problems.append(f"{mine['methodName']}: {body['mediaType']} body sent as JSON")
client = "".join(open(path).read() for path in sorted(glob.glob(f"{package}/Sources/GeneratedAPI/*.swift")))
literal_paths = 0
for line in client.splitlines():
    match = re.search(r'(?:ClientRequest\(method: "[A-Z]+", path: |request\.path = )"(.*)"', line)
    if not match:
        continue
    text = match.group(1)
    # Drop the interpolations (balanced parentheses) that fill the template.
    while True:
        start = text.find("\\(")
        if start < 0:
            break
        depth, index = 0, start + 1
        while index < len(text):
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            if depth == 0:
                break
            index += 1
        text = text[:start] + text[index + 1:]
    if "{" in text:
        literal_paths += 1
        problems.append(f"a request path keeps a template variable: {match.group(1)}")
skipped = sum(1 for line in open(f"{package}/generate.log") if "skipped" in line and "parameter" in line)
total = inventory["parameter_count"]
print(f"{name}.operations: {len(operations)} of {inventory['operation_count']} operations")
print(f"{name}.parameters_typed: {typed} of {total} parameters")
print(f"{name}.literal_template_paths: {literal_paths} paths")
print(f"{name}.skipped_parameter_warnings: {skipped} warnings")
print(f"{name}.operations_with_several_body_types: {several} operations")
print(f"{name}.body_representations: {kept} of {wanted} representations")
print(f"{name}.non_json_bodies_sent_as_json: {sent_as_json} bodies")
if len(operations) != inventory["operation_count"]:
    problems.append(f"{len(operations)} methods for {inventory['operation_count']} operations")
if skipped:
    problems.append(f"{skipped} skipped-parameter warnings")
for problem in problems[:20]:
    print(f"{name}: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
    then
        echo "$name: CHECK FAILED" >&2
        failed=1
    fi
    if ! python3 "$root/Scripts/corpus/check-doc-coverage.py" \
        "$generator" "$spec" "$package/Sources/GeneratedAPI" "$name"; then
        echo "$name: DOC CHECK FAILED" >&2
        failed=1
    fi
    [ $compile = 1 ] || continue
    start=$(date +%s.%N)
    if ! swift build --package-path "$package" --scratch-path "$package/.build" >"$package/build.log" 2>&1; then
        grep -E "error:" "$package/build.log" | sort -u | head -20
        echo "$name: BUILD FAILED (log: $package/build.log)" >&2
        failed=1
        continue
    fi
    end=$(date +%s.%N)
    printf '%s.debug_build: %.1f s\n' "$name" "$(echo "$end - $start" | bc)"
    warnings=$( (grep -E "GeneratedAPI/.*: warning:" "$package/build.log" || true) | sort -u | wc -l)
    printf '%s.compile_warnings: %d warnings\n' "$name" "$warnings"
    if [ "$warnings" -gt 0 ]; then
        grep -E "GeneratedAPI/.*: warning:" "$package/build.log" | sort -u | head -10
        failed=1
    fi
done
exit $failed
