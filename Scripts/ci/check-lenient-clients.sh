#!/usr/bin/env bash
# The lenient-mode compile check: generates a client with `rasp-generate --lenient` for every document in
# Tests/Fixtures/repairable-specs (or the documents given as arguments), each into a target of one scratch package
# under .build-lenient/, and builds them together against RaspRuntime.
#
# Prints `<name>.repairs: N repairs` per document, then `lenient.compile_errors` and `lenient.compile_warnings`, and
# fails (exit 1) unless every document generates (each error repaired) and the clients compile with 0 errors and
# 0 warnings (debug build).
# Usage: Scripts/ci/check-lenient-clients.sh [SPEC...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then specs=("$root"/Tests/Fixtures/repairable-specs/*.yaml); fi
swift build --product rasp-generate --package-path "$root" >/dev/null
generator="$root/.build/debug/rasp-generate"
package="$root/.build-lenient"
rm -rf "$package/Sources"
targets=""
failed=0
for spec in "${specs[@]}"; do
    name=$(basename "$spec" | sed -E 's/\.(ya?ml|json)$//' | awk -F'[^A-Za-z0-9]+' '{
        for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2) }')API
    mkdir -p "$package/Sources/$name"
    if ! "$generator" "$spec" --lenient --output "$package/Sources/$name" 2>"$package/$name.log" >/dev/null; then
        cat "$package/$name.log" >&2
        echo "$name: GENERATION FAILED" >&2
        failed=1
        continue
    fi
    printf '%s.repairs: %d repairs\n' "$name" "$(grep -c ': warning: .*; repaired: ' "$package/$name.log" || true)"
    runtime='.product(name: "RaspRuntime", package: "rasp-swift")'
    targets+="        .target(name: \"$name\", dependencies: [$runtime]),
"
done
cat > "$package/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "LenientClients",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "rasp-swift", path: "$root", traits: [])],
    targets: [
$targets    ]
)
PKG
status=0
swift build --package-path "$package" --scratch-path "$package/.build" >"$package/build.log" 2>&1 || status=$?
errors=$( (grep -E "^$package/Sources/.*: error:" "$package/build.log" || true) | sort -u | wc -l)
warnings=$( (grep -E "^$package/Sources/.*: warning:" "$package/build.log" || true) | sort -u | wc -l)
echo "lenient.compile_errors: $errors errors"
echo "lenient.compile_warnings: $warnings warnings"
if [ $status -ne 0 ] || [ "$errors" -gt 0 ] || [ "$warnings" -gt 0 ]; then
    grep -E "(error|warning):" "$package/build.log" | sort -u | head -20 >&2
    echo "BUILD FAILED OR WARNED (log: $package/build.log)" >&2
    failed=1
fi
exit $failed
