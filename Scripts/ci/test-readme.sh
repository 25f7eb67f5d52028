#!/usr/bin/env bash
# Runs or compiles every snippet of README.md (Scripts/ci/readme_snippets.py splits them out):
#   - Swift snippets are type-checked against the package's built modules (debug build);
#   - the manifest fragments, put together in one Package.swift, are type-checked against PackageDescription;
#   - shell snippets run in a scratch folder holding openapi.yaml and rasp-generate.yaml, with the built programs on
#     PATH and `.build` pointing at this package's (demo data: no key, no network).
# Prints `readme.<kind>: N` lines; the first failing snippet stops the run with its output.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build >/dev/null
bin=$(swift build --show-bin-path)
work=$(mktemp -d "${TMPDIR:-/tmp}/rasp-readme.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 Scripts/ci/readme_snippets.py README.md "$work/snippets" >/dev/null

# README names the test command that .ci/run runs: they must not drift apart.
named=$(awk '/<!-- test-command -->/{getline; getline; print; exit}' README.md)
if [ "$named" != "Scripts/test-all.sh" ] || ! grep -qx 'Scripts/test-all.sh' .ci/run; then
    echo "readme: README.md's test command ('$named') is not the one .ci/run runs (Scripts/test-all.sh)" >&2
    exit 1
fi
echo "readme.test_command: ok"

# The C modules of the build (OpenCombine's helpers, libyaml, SwiftNIO's and swift-atomics' shims) are found through
# their module maps.
module_maps=()
for map in "$bin"/*.build/module.modulemap "$root"/.build/checkouts/*/*/include/module.modulemap \
    "$root"/.build/checkouts/*/Sources/*/include/module.modulemap; do
    [ -f "$map" ] && module_maps+=(-Xcc "-fmodule-map-file=$map")
done
swift_count=0
for snippet in "$work"/snippets/snippet-*.swift; do
    [ -e "$snippet" ] || continue
    if ! swiftc -typecheck -swift-version 6 -I "$bin/Modules" -I "$root/Sources/CLibYAML" "${module_maps[@]}" \
            "$snippet" 2>"$work/err"; then
        echo "readme: $(basename "$snippet") does not compile:" >&2
        cat "$snippet" "$work/err" >&2
        exit 1
    fi
    swift_count=$((swift_count + 1))
done
echo "readme.swift_snippets: $swift_count"

manifest_api=$(dirname "$(dirname "$(command -v swift)")")/lib/swift/pm/ManifestAPI
if [ -f "$work/snippets/manifest.swift" ]; then
    if ! swiftc -typecheck -I "$manifest_api" -package-description-version 6.1 "$work/snippets/manifest.swift" \
            2>"$work/err"; then
        echo "readme: the manifest fragments do not compile:" >&2
        cat "$work/snippets/manifest.swift" "$work/err" >&2
        exit 1
    fi
    echo "readme.manifest_fragments: ok"
fi

shell_count=0
for script in "$work"/snippets/shell-*.sh; do
    [ -e "$script" ] || continue
    run="$work/run-$(basename "$script" .sh)"
    mkdir -p "$run"
    cp openapi.yaml rasp-generate.yaml "$run/"
    ln -s "$root/.build" "$run/.build"
    # `swift build` in a snippet means "build this package", which is done; the rest runs as written.
    sed -e 's/^swift build\b.*$/:/' "$script" > "$run/snippet.sh"
    if ! (cd "$run" && PATH="$bin:$PATH" HOME="$run" RASP_CACHE_DIR="$run/cache" timeout 300 \
            bash -euo pipefail snippet.sh >"$run/out" 2>&1); then
        echo "readme: $(basename "$script") failed:" >&2
        cat "$run/snippet.sh" "$run/out" >&2
        exit 1
    fi
    shell_count=$((shell_count + 1))
done
echo "readme.shell_snippets: $shell_count"
