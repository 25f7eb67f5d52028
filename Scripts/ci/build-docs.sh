#!/usr/bin/env bash
# Builds the DocC documentation of every library product (and of the generator) with the toolchain's `docc`, and
# fails on any docc warning: a symbol link that does not resolve, a parameter documented that does not exist, a
# malformed directive. For each product it prints
#
#   docs.<Product>.warnings: N                    docc's warnings and errors (each listed above the count)
#   docs.<Product>.undocumented_public_symbols: N public symbols whose page has no documentation
#
# Steps: `swift package dump-symbol-graph` builds the package (incrementally: after `swift test` it only extracts)
# and writes the symbol graphs; then, in dependency order, `docc convert` turns each product's catalog and graphs into
# <scratch>/docs/<Product>.doccarchive, with the archives built before it as `--dependency`, so an article or a doc
# comment can link another product's symbol with an absolute link such as ``/RaspRuntime/ClientError``.
#
# Usage: Scripts/ci/build-docs.sh [--list] [--snippets] [--scratch-path DIR]
#   --list          also list the undocumented public symbols of each product
#   --snippets      also compile the Swift code blocks of every catalog (Scripts/ci/docs/check-snippets.py)
#   --scratch-path  the SwiftPM scratch folder to build in (default: $RASP_SCRATCH_PATH, else .build)
# Exit status: 0 when every product built with no warning (and the snippets compiled), 1 otherwise. Undocumented
# symbols are reported, not failed on. Scripts/ci/docs/README.md describes the helpers and the snippet conventions.
set -euo pipefail
cd "$(dirname "$0")/../.."

scratch=${RASP_SCRATCH_PATH:-.build}
list=no
snippets=no
while [ $# -gt 0 ]; do
    case $1 in
        --list) list=yes ;;
        --snippets) snippets=yes ;;
        --scratch-path) scratch=${2:?--scratch-path needs a folder}; shift ;;
        --scratch-path=*) scratch=${1#--scratch-path=} ;;
        -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-docs: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

# Product and catalog, in dependency order: each archive may link to the ones before it. RaspGenerator is not a
# library product; its catalog documents the generator library, the `rasp-generate` tool and the plugins.
products=(
    RaspRuntime:Sources/RaspRuntime/RaspRuntime.docc
    RaspURLSession:Sources/RaspURLSession/RaspURLSession.docc
    RaspMiddlewares:Sources/RaspMiddlewares/RaspMiddlewares.docc
    RaspWebhooks:Sources/RaspWebhooks/RaspWebhooks.docc
    RaspAsyncHTTPClient:Sources/RaspAsyncHTTPClient/RaspAsyncHTTPClient.docc
    RaspOpenAPIRuntime:Sources/RaspOpenAPIRuntime/RaspOpenAPIRuntime.docc
    RaspServices:Sources/RaspServices/RaspServices.docc
    RaspDirectory:Sources/RaspDirectory/RaspDirectory.docc
    RaspAPI:Generated/RaspAPI/RaspAPI.docc
    RaspKit:Sources/RaspKit/RaspKit.docc
    RaspMock:Sources/RaspMock/RaspMock.docc
    RaspGenerator:Sources/RaspGenerator/RaspGenerator.docc
)

start=$(date +%s)
out=$scratch/docs
rm -rf "$out"
mkdir -p "$out/symbol-graphs"

echo "build-docs: building and extracting symbol graphs (scratch $scratch)"
log=$out/dump-symbol-graph.log
find "$scratch" -maxdepth 2 -type d -name symbolgraph -exec rm -rf {} + 2>/dev/null || true
status=0
swift package --scratch-path "$scratch" dump-symbol-graph --emit-extension-block-symbols \
    >"$log" 2>&1 || status=$?
# On a scratch folder where the tests were never built (not after `swift test`), extraction fails for the test
# products' modules only; anything else is a real failure.
failed=$(sed -n "s/^error: Failed to emit symbol graph for '\([^']*\)'.*/\1/p" "$log" \
    | grep -v '^rasp_swiftPackage.*Tests$' || true)
if [ $status -ne 0 ] \
    && { [ -n "$failed" ] || ! grep -q "^error: Failed to emit symbol graph for 'rasp_swiftPackage" "$log"; }; then
    tail -40 "$log"
    echo "build-docs: swift package dump-symbol-graph failed (log: $log)" >&2
    exit 1
fi
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -1)
[ -n "$graphs" ] || graphs=$(find "$scratch" -maxdepth 2 -type d -name symbolgraph | head -1)
for entry in "${products[@]}"; do
    if [ -z "$graphs" ] || [ ! -f "$graphs/${entry%%:*}.symbols.json" ]; then
        echo "build-docs: no symbol graph for ${entry%%:*} (log: $log)" >&2
        exit 1
    fi
done
echo "build-docs: symbol graphs ready after $(( $(date +%s) - start )) s"

total_warnings=0
dependencies=()
for entry in "${products[@]}"; do
    product=${entry%%:*}
    catalog=${entry#*:}
    graph_dir=$out/symbol-graphs/$product
    mkdir -p "$graph_dir"
    cp "$graphs/$product.symbols.json" "$graph_dir/"
    for extension in "$graphs/$product"@*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$graph_dir/"
    done
    inputs=()
    if [ -d "$catalog" ]; then inputs=("$catalog"); else echo "build-docs: $product has no catalog at $catalog"; fi
    archive=$out/$product.doccarchive
    status=0
    docc convert "${inputs[@]}" \
        --additional-symbol-graph-dir "$graph_dir" \
        --output-dir "$archive" \
        --diagnostics-file "$out/$product.diagnostics.json" \
        --fallback-display-name "$product" \
        --fallback-bundle-identifier "$product" \
        --enable-experimental-external-link-support \
        "${dependencies[@]}" >"$out/$product.log" 2>&1 || status=$?
    report=$(python3 Scripts/ci/docs/doc_report.py warnings "$out/$product.diagnostics.json" 2>&1 || echo 1)
    warnings=$(echo "$report" | tail -1)
    echo "$report" | sed '$d' | sed 's/^/  /'
    if [ $status -ne 0 ]; then
        echo "  docc convert exited with $status (log: $out/$product.log)"
        tail -5 "$out/$product.log" | sed 's/^/  | /'
        [ "$warnings" -gt 0 ] || warnings=1
    fi
    undocumented_args=(undocumented "$graph_dir" "$product")
    [ $list = yes ] && undocumented_args+=(--list)
    undocumented=$(python3 Scripts/ci/docs/doc_report.py "${undocumented_args[@]}")
    [ $list = yes ] && echo "$undocumented" | sed '$d' | sed 's/^/  undocumented: /'
    echo "docs.$product.warnings: $warnings"
    echo "docs.$product.undocumented_public_symbols: $(echo "$undocumented" | tail -1)"
    total_warnings=$((total_warnings + warnings))
    dependencies+=(--dependency "$archive")
done
echo "build-docs: archives in $out (docs.time: $(( $(date +%s) - start )) s)"

snippet_status=0
if [ $snippets = yes ]; then
    # The snippets may import swift-clocks, a dependency of the tests only: build it when `swift test` has not.
    if [ ! -e "$scratch/debug/Modules/Clocks.swiftmodule" ]; then
        swift build --scratch-path "$scratch" --target Clocks >"$out/clocks-build.log" 2>&1 \
            || {
                tail -20 "$out/clocks-build.log"
                echo "build-docs: cannot build Clocks for the snippets" >&2
                exit 1
            }
    fi
    python3 Scripts/ci/docs/check-snippets.py --scratch-path "$scratch" || snippet_status=$?
fi

if [ $total_warnings -gt 0 ]; then
    echo "build-docs: $total_warnings docc warning(s): fix the links and comments listed above" >&2
    exit 1
fi
[ $snippet_status -eq 0 ] || exit 1
