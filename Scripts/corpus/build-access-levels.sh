#!/usr/bin/env bash
# Generates a client for every real document in ../shared/specs (single files and the entry file of each multi-file
# folder) plus openapi.yaml and the test fixtures, or for the documents given as arguments, once per access level
# (`accessModifier: public`, `package` and `internal`), and debug-builds each in a scratch package under
# .build-access/. A client must build with 0 errors and 0 warnings at every level: the imports a file needs depend on
# the level (Swift checks a `public import` for aliases, conformances and default arguments that a `package` one
# does not).
#
# With `--generate "types, client, server"` the config's `generate` names the parts to write: the server's routes are
# then built too (and every type in both directions).
#
# Prints `<document>.<level>.errors: N errors`, `.warnings: N warnings`, `.build: S s`; exits 1 when any is not 0.
# Usage: Scripts/corpus/build-access-levels.sh [--levels "public package internal"] [--generate PARTS] [SPEC...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/Scripts/corpus/corpus.sh"
levels="public package internal"
parts="types, client"
if [ "${1:-}" = "--levels" ]; then levels=$2; shift 2; fi
if [ "${1:-}" = "--generate" ]; then parts=$2; shift 2; fi
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then
    mapfile -t specs < <(corpus_specs "$root" "$root/Tests/Fixtures/value-semantics/openapi.yaml")
fi
swift build -c release --product rasp-generate --package-path "$root" >/dev/null
generator="$root/.build/release/rasp-generate"
failed=0

# build PACKAGE SCRATCH: debug-builds the package into build.log and sets `errors` and `warnings` (distinct lines
# of the generated module; a build that does not complete counts as an error).
build() {
    swift build --package-path "$1" --scratch-path "$2" >"$1/build.log" 2>&1 || true
    errors=$( (grep -E "GeneratedAPI/.*: error:" "$1/build.log" || true) | sort -u | wc -l)
    warnings=$( (grep -E "GeneratedAPI/.*: warning:" "$1/build.log" || true) | sort -u | wc -l)
    if ! grep -q "Build complete" "$1/build.log" && [ "$errors" = 0 ]; then errors=1; fi
}

for spec in "${specs[@]}"; do
    [ -f "$spec" ] || continue
    name=$(corpus_name "$root" "$spec")
    for level in $levels; do
        package="$root/.build-access/${name}_$level"
        rm -rf "$package/Sources"
        mkdir -p "$package/Sources/GeneratedAPI"
        cat > "$package/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "${name}_$level",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "rasp-swift", path: "$root")],
    targets: [.target(name: "GeneratedAPI", dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")])]
)
PKG
        printf 'accessModifier: %s\ngenerate: [%s]\n' "$level" "$parts" > "$package/rasp-generate.yaml"
        if ! "$generator" "$spec" --config "$package/rasp-generate.yaml" --output "$package/Sources/GeneratedAPI" -q \
            2>"$package/generate.log"; then
            head -3 "$package/generate.log"
            echo "$name.$level: GENERATION FAILED" >&2
            failed=1
            continue
        fi
        start=$(date +%s)
        # One scratch folder per document and level: SwiftPM does not plan a scratch folder again for another
        # package path, so a shared one would build the first level's sources for every level.
        build "$package" "$root/.build-access/scratch-${name}_$level"
        # A build that compiled nothing of the generated module checked nothing. rasp-generate rewrites only files
        # that changed, so an up-to-date scratch folder is built again from touched sources.
        if ! grep -q "Compiling GeneratedAPI" "$package/build.log"; then
            touch "$package"/Sources/GeneratedAPI/*.swift
            build "$package" "$root/.build-access/scratch-${name}_$level"
            if ! grep -q "Compiling GeneratedAPI" "$package/build.log"; then
                echo "$name.$level: the generated module was not compiled (see $package/build.log)" >&2
                errors=$((errors + 1))
            fi
        fi
        echo "$name.$level.errors: $errors errors"
        echo "$name.$level.warnings: $warnings warnings"
        echo "$name.$level.build: $(( $(date +%s) - start )) s"
        if [ "$errors" != 0 ] || [ "$warnings" != 0 ]; then
            grep -E "(GeneratedAPI/.*: (error|warning):)|error:" "$package/build.log" | sort -u | head -5
            failed=1
        fi
    done
done
exit $failed
