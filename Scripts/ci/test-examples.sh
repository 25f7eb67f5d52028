#!/usr/bin/env bash
# Builds and tests every package in Examples/ from clean, then checks the plugins' incremental behaviour:
#   - RaspGeneratorPlugin declares exactly the files rasp-generate writes;
#   - a build with no change writes and compiles nothing (and, once settled, does not even run the generator);
#   - a Swift-only edit that makes SwiftPM relink the plugin's tool (a Swift file added, then removed) regenerates
#     nothing: the generator does not run, or runs and finds its stamp unchanged (skipped, in milliseconds);
#   - touching the example's spec re-runs the generator (it writes nothing, so nothing recompiles);
#   - editing the spec, or a file it references, rewrites the changed files and recompiles the module;
#   - `swift package generate-client` rewrites nothing when Generated/ is current, and restores a stale file;
#   - a target set up for swift-openapi-generator (Examples/FromSwiftOpenAPIGenerator) generates with its config's
#     filter and type override.
# Prints one line per check and a closing "test-examples: N passed, M failed"; exits 1 on any failure.
#
# Usage: Scripts/ci/test-examples.sh [--keep-builds]   (--keep-builds: reuse the examples' .build folders, for a quick
#        re-run while working on the plugins; CI runs without it)
# Each example builds in its own Examples/<name>/.build, emptied first so every run builds from clean (sharing one
# scratch folder between two root packages saves little and makes SwiftPM relink the plugin's tool on switches).
# Environment: RASP_SCRATCH_PATH  the root package's scratch folder for the command plugin (default .build, which
#              `swift test` has already filled in CI).
set -eu  # no pipefail: a grep that finds nothing inside $(...) must not stop the script
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
root_scratch=${RASP_SCRATCH_PATH:-.build}
logs=$(mktemp -d)
passed=0
failed=0
script_start=$(date +%s%N)

# check NAME OK DETAIL: records one check.
check() {
    if [ "$2" = ok ]; then
        passed=$((passed + 1)); echo "PASS $1: $3"
    else
        failed=$((failed + 1)); echo "FAIL $1: $3"
    fi
}

# timed LOG COMMAND...: runs a command into a log, prints its time, and returns its status.
timed() {
    local log=$1; shift
    local start status=0
    start=$(date +%s%N)
    "$@" >"$log" 2>&1 || status=$?
    printf '  %-74s %s\n' "$(echo "$*" | sed "s|$root/||g")" "$(seconds "$start")"
    if [ $status -ne 0 ]; then sed 's/^/    | /' "$log" | grep -E 'error|FAIL|failed|✘' | head -20; fi
    return $status
}

# seconds START: the time since START (from `date +%s%N`), as "12.3 s".
seconds() {
    local tenths=$((($(date +%s%N) - $1) / 100000000))
    echo "$((tenths / 10)).$((tenths % 10)) s"
}

# mtimes FOLDER: "name mtime" lines of the Swift files in a folder.
mtimes() { (cd "$1" && stat -c '%n %.9Y' ./*.swift); }

# yesno CONDITION...: prints ok when the command succeeds.
yesno() { if "$@"; then echo ok; else echo no; fi; }

# --- 1. Every example builds from clean and its tests pass -------------------------------------------------

clean="from clean"
if [ "${1:-}" = --keep-builds ]; then clean="over the kept .build"; else rm -rf Examples/*/.build; fi

# The targets of Examples/FromSwiftOpenAPIGenerator set up as swift-openapi-generator's content-types and
# event-streams examples also run over loopback against `rasp-mock --spec` (this package's build) serving their
# documents: their tests read the URLs from these variables, and skip those cases without them.
mock_pids=()
mock_bin="$(swift build --scratch-path "$root_scratch" --show-bin-path 2>/dev/null)/rasp-mock"
# start_spec_mock VARIABLE DOCUMENT: serves DOCUMENT on a free port and exports its base URL as VARIABLE.
start_spec_mock() {
    local log url=""
    if [ ! -x "$mock_bin" ]; then echo "  (no $mock_bin: no loopback run against rasp-mock --spec)"; return; fi
    log=$(mktemp)
    "$mock_bin" --spec "$2" --port 0 >"$log" 2>&1 &
    mock_pids+=($!)
    for _ in $(seq 100); do
        url=$(grep -o 'http://[^ ]*' "$log" | head -1)
        [ -n "$url" ] && break
        sleep 0.1
    done
    export "$1=$url"
}
start_spec_mock CONTENT_TYPES_MOCK_URL Examples/FromSwiftOpenAPIGenerator/Sources/ContentTypesClient/openapi.yaml
start_spec_mock EVENT_STREAMS_MOCK_URL Examples/FromSwiftOpenAPIGenerator/Sources/EventStreamsClient/openapi.yaml

for package in Examples/*/; do
    package=${package%/}
    name=$(basename "$package")
    [ -f "$package/Package.swift" ] || continue
    echo "$name"
    args=(--package-path "$package" --scratch-path "$package/.build")
    if timed "$logs/$name-build.log" swift build --build-tests "${args[@]}"; then
        check "$name.build" ok "builds $clean"
        if timed "$logs/$name-test.log" swift test --skip-build "${args[@]}"; then
            summary=$(grep -E 'Test run with [0-9]+ tests?' "$logs/$name-test.log" | tail -1 | sed 's/^[^A-Za-z]*//')
            check "$name.test" ok "${summary:-tests passed}"
        else
            check "$name.test" no "swift test failed (log: $logs/$name-test.log)"
        fi
    else
        check "$name.build" no "swift build failed (log: $logs/$name-build.log)"
    fi
done

if [ ${#mock_pids[@]} -gt 0 ]; then
    kill "${mock_pids[@]}" 2>/dev/null || true
    wait "${mock_pids[@]}" 2>/dev/null || true
fi
loopback=$(grep -cE 'OverLoopbackAgainstTheSpecMock.*passed' "$logs/FromSwiftOpenAPIGenerator-test.log" || true)
check sog.loopback "$([ "$loopback" = 2 ] && echo ok)" \
    "content-types and event-streams example tests passed over loopback against rasp-mock --spec: $loopback of 2"

# --- 2. A target set up for swift-openapi-generator builds with this plugin --------------------------------

# Examples/FromSwiftOpenAPIGenerator keeps that generator's openapi-generator-config.yaml; its filter leaves the
# admin operations and their schema out, and its type override makes the UUID schema Foundation's UUID.
example=Examples/FromSwiftOpenAPIGenerator
generated=$(find "$example/.build/plugins/outputs" -path '*GreetingClient*' -type d -name GeneratedSources | head -1)
echo "FromSwiftOpenAPIGenerator (generated files: ${generated#"$root"/})"
if [ -z "$generated" ]; then
    check sog.config no "no GeneratedSources folder under $example/.build/plugins/outputs"
else
    left_out=$(grep -l 'AuditEntry\|listAuditEntries' "$generated"/*.swift | wc -l)
    overridden=$(grep -c 'public let id: Foundation.UUID' "$generated"/*.swift | awk -F: '{n += $2} END {print n}')
    check sog.config "$([ "$left_out" = 0 ] && [ "$overridden" -ge 1 ] && echo ok)" \
        "filter left the admin part out: files naming it $left_out; typeOverrides: Foundation.UUID ids $overridden"
fi

# --- 2b. Several documents in one target, each in its own namespace -----------------------------------------

# Examples/PluginClient's ShopAPIs target holds Catalog.openapi.yaml and Orders.openapi.yaml (both with an `Item`
# and a `bearerAuth` scheme); its tests use both clients. Each run writes its own folder of prefixed files.
example=Examples/PluginClient
generated=$(find "$example/.build/plugins/outputs" -path '*ShopAPIs*' -type d -name GeneratedSources | head -1)
echo "PluginClient ShopAPIs (generated files: ${generated#"$root"/})"
if [ -z "$generated" ]; then
    check plugin.namespaces no "no GeneratedSources folder under $example/.build/plugins/outputs for ShopAPIs"
else
    catalog=$(ls "$generated/Catalog" | grep -c '^CatalogAPI[0-9][0-9]\.swift$' || true)
    orders=$(ls "$generated/Orders" | grep -c '^OrdersAPI[0-9][0-9]\.swift$' || true)
    nested=$(grep -l '^extension Orders {' "$generated/Orders/OrdersAPI01.swift" | wc -l)
    check plugin.namespaces "$([ "$catalog" = 24 ] && [ "$orders" = 24 ] && [ "$nested" = 1 ] && echo ok)" \
        "Catalog/CatalogAPI*.swift: $catalog, Orders/OrdersAPI*.swift: $orders, inside enum Orders: $nested"
fi

# --- 3. The build plugin regenerates only on change --------------------------------------------------------

example=Examples/PluginClient
spec=$example/Sources/BookshelfAPI/openapi.yaml
scratch=$example/.build
args=(--build-tests --package-path "$example" --scratch-path "$scratch")
generated=$(find "$scratch/plugins/outputs" -path '*BookshelfAPI*' -type d -name GeneratedSources | head -1)
echo "PluginClient incremental builds (generated files: ${generated#"$root"/})"
if [ -z "$generated" ]; then
    check plugin.outputs no "no GeneratedSources folder under $scratch/plugins/outputs"
else
    declared=$(grep -A5 'static let outputFileNames' Plugins/PluginsShared/GeneratorInputs.swift \
        | grep -oE '"[A-Za-z0-9]+\.swift"' | tr -d '"' | sort | xargs)
    tool=$(find "$scratch" -type f -name 'rasp-generate-tool' -perm -u+x | head -1)
    written=$("$tool" --help | grep -oE '[A-Za-z0-9]+\.swift' | sort -u | xargs)
    present=$(cd "$generated" && ls | sort | xargs)
    check plugin.outputs "$([ "$declared" = "$written" ] && [ "$declared" = "$present" ] && echo ok)" \
        "declared [$declared], rasp-generate writes [$written], folder holds [$present]"

    # SwiftPM builds a plugin's tool in two phases; on the first rebuild after a clean build it relinks the tool
    # once (a minimal package with no Rasp code does the same), which re-runs the command. rasp-generate then
    # writes nothing, so nothing recompiles; from the next build on the command does not run at all.
    before=$(mtimes "$generated")
    for round in 1 2; do
        timed "$logs/noop$round.log" swift build "${args[@]}" || true
        runs=$(grep -c "Generating the target 'BookshelfAPI'" "$logs/noop$round.log" || true)
        report=$(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/noop$round.log" | head -1)
        compiles=$(grep -c 'Compiling BookshelfAPI' "$logs/noop$round.log" || true)
        same=$(yesno [ "$before" = "$(mtimes "$generated")" ])
        if [ $round = 1 ]; then
            ok=$([ "$compiles" = 0 ] && [ "$same" = ok ] && [ "$runs" = 0 -o "$report" = "0 of 24 files written" ] \
                && echo ok || true)
        else
            ok=$([ "$runs" = 0 ] && [ "$compiles" = 0 ] && [ "$same" = ok ] && echo ok || true)
        fi
        detail="unchanged build $round: generator runs $runs${report:+ ($report)}, BookshelfAPI compiles $compiles"
        check "plugin.noop$round" "$ok" "$detail, generated mtimes unchanged: $same"
    done

    # A Swift file added to the target, then removed: SwiftPM plans the build anew each time, relinks the tool and
    # re-runs the command, whose inputs did not change. rasp-generate finds its stamp current and skips the run.
    added=$example/Sources/BookshelfAPI/TestExamplesProbe.swift
    trap 'rm -f "$added"' EXIT
    for step in added removed; do
        if [ $step = added ]; then echo 'func testExamplesProbe() -> Int { 1 }' >"$added"; else rm -f "$added"; fi
        timed "$logs/swift-$step.log" swift build "${args[@]}" || true
        runs=$(grep -c "Generating the target 'BookshelfAPI'" "$logs/swift-$step.log" || true)
        skipped=$(grep -c 'files written to .*/BookshelfAPI/.*skipped)' "$logs/swift-$step.log" || true)
        same=$(yesno [ "$before" = "$(mtimes "$generated")" ])
        detail="Swift file $step: generator runs $runs$([ "$runs" = 0 ] || echo ", skipped $skipped")"
        check "plugin.swift_$step" "$([ "$same" = ok ] && [ -f "$generated/.rasp-generate-stamp.json" ] \
            && [ "$runs" = 0 -o "$skipped" = 1 ] && echo ok)" "$detail, generated mtimes unchanged: $same"
    done
    trap - EXIT

    backup=$(mktemp)
    cp -p "$spec" "$backup"
    trap 'cp -p "$backup" "$spec"' EXIT
    touch "$spec"
    timed "$logs/touch.log" swift build "${args[@]}" || true
    runs=$(grep -c "Generating the target 'BookshelfAPI'" "$logs/touch.log" || true)
    report=$(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/touch.log" | head -1)
    compiles=$(grep -c 'Compiling BookshelfAPI' "$logs/touch.log" || true)
    check plugin.touch "$([ "$runs" = 1 ] && [ "$report" = "0 of 24 files written" ] && [ "$compiles" = 0 ] \
        && [ "$before" = "$(mtimes "$generated")" ] && echo ok)" \
        "touched spec: generator runs $runs (${report:-no report}), BookshelfAPI compiles $compiles"

    sed -i 's/summary: One book$/summary: One book (edited by test-examples.sh)/' "$spec"
    timed "$logs/edit.log" swift build "${args[@]}" || true
    report=$(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/edit.log" | head -1)
    compiles=$(grep -c 'Compiling BookshelfAPI' "$logs/edit.log" || true)
    changed=$(grep -l 'edited by test-examples.sh' "$generated"/*.swift | xargs -n1 basename | xargs)
    check plugin.edit "$([ -n "$report" ] && [ "${report%% *}" -ge 1 ] && [ "$compiles" -ge 1 ] && [ -n "$changed" ] \
        && echo ok)" \
        "edited summary: ${report:-no report} ($changed), BookshelfAPI compiles $compiles"

    cp -p "$backup" "$spec"
    touch "$spec"
    timed "$logs/restore.log" swift build "${args[@]}" || true
    check plugin.restore "$(grep -q 'edited by test-examples.sh' "$generated"/*.swift || echo ok)" \
        "spec restored: $(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/restore.log" | head -1)"
    rm -f "$backup"
    trap - EXIT

    # A file the document references is an input too.
    referenced=$example/Sources/BookshelfAPI/schemas/Status.yaml
    backup=$(mktemp)
    cp -p "$referenced" "$backup"
    trap 'cp -p "$backup" "$referenced"' EXIT
    sed -i 's/^description: Where the book is.$/description: Where the book is (edited by test-examples.sh)./' \
        "$referenced"
    timed "$logs/referenced.log" swift build "${args[@]}" || true
    report=$(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/referenced.log" | head -1)
    changed=$(grep -l 'edited by test-examples.sh' "$generated"/*.swift | xargs -n1 basename | xargs)
    check plugin.referenced "$([ -n "$report" ] && [ "${report%% *}" -ge 1 ] && [ -n "$changed" ] && echo ok)" \
        "edited schemas/Status.yaml: ${report:-no report} ($changed)"
    cp -p "$backup" "$referenced"
    touch "$referenced"
    timed "$logs/referenced-restore.log" swift build "${args[@]}" || true
    check plugin.referenced_restore "$(grep -q 'edited by test-examples.sh' "$generated"/*.swift || echo ok)" \
        "schemas/Status.yaml restored: $(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/referenced-restore.log" \
            | head -1)"
    rm -f "$backup"
    trap - EXIT
fi

# --- 4. The command plugin leaves a current Generated/ alone ----------------------------------------------

echo "generate-client on the root package (scratch ${root_scratch})"
command=(swift package --scratch-path "$root_scratch" --allow-writing-to-package-directory generate-client)
before=$(mtimes Generated/RaspAPI)
clean_before=$(yesno git diff --quiet -- Generated/)
if timed "$logs/command.log" "${command[@]}"; then
    report=$(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/command.log" | head -1)
    current=$([ "$report" = "0 of 24 files written" ] && [ "$before" = "$(mtimes Generated/RaspAPI)" ] \
        && echo ok || true)
    detail="${report:-no report}; mtimes unchanged: $(yesno [ "$before" = "$(mtimes Generated/RaspAPI)" ])"
    detail+="; git diff Generated/ clean before and after: $clean_before/$(yesno git diff --quiet -- Generated/)"
    check command.current "$current" "$detail"
else
    check command.current no "generate-client failed (log: $logs/command.log)"
fi

stale=Generated/RaspAPI/API24.swift
backup=$(mktemp)
cp -p "$stale" "$backup"
trap 'cp -p "$backup" "$stale"' EXIT
echo "// stale line added by test-examples.sh" >>"$stale"
if timed "$logs/command-stale.log" "${command[@]}"; then
    report=$(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/command-stale.log" | head -1)
    check command.stale "$([ "$report" = "1 of 24 files written" ] && cmp -s "$backup" "$stale" && echo ok)" \
        "stale API24.swift: ${report:-no report}; restored byte-identical: $(yesno cmp -s "$backup" "$stale")"
else
    check command.stale no "generate-client failed (log: $logs/command-stale.log)"
fi
cmp -s "$backup" "$stale" || cp -p "$backup" "$stale"
rm -f "$backup"
trap - EXIT

echo "test-examples.time: $(seconds "$script_start")"
[ $failed -eq 0 ] && rm -rf "$logs"
echo "test-examples: $passed passed, $failed failed"
[ $failed -eq 0 ]
