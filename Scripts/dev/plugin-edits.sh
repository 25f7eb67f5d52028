#!/usr/bin/env bash
# What the build plugin costs on Swift-only edits. Builds an example package that uses RaspGeneratorPlugin once, then
# makes N Swift-only edits (never to a YAML, JSON or config file, so the plugin's inputs never change) and rebuilds
# after each with `swift build --build-tests`. The target is the first one with an unnamespaced `openapi.yaml` under
# Sources/ (the target that uses the plugin); the dependent is its test target, Tests/<target>Tests. The edits take
# turns, five kinds in a cycle:
#   1. a comment appended to a Swift file of the target;
#   2. a function appended to a Swift file of the dependent;
#   3. a new Swift file added to the target (PluginEditsProbe.swift);
#   4. that file removed again;
#   5. a function appended to the target's Swift file.
# Each append starts from the original file; every edited file is restored and the added one removed at the end
# (also on Ctrl-C or a failure).
#
# For each rebuild it records the wall time, whether SwiftPM ran the generator command (its "Generating the target
# '<target>' client" line), whether it relinked the plugin's tool (the mtime of `rasp-generate-tool`) and what
# rasp-generate reported ("N of M files written", summed over the package's targets). For each rebuild that ran the
# command, it then runs the same `rasp-generate` command line outside the build three times and takes the median as
# the generator run's own time (the inputs are unchanged, so it is the run SwiftPM made). Prints one line per
# rebuild, then `<name>: <value> [unit]` lines:
#   edits, generator_runs, tool_relinks, files_written, median_rebuild (s), max_rebuild (s),
#   median_rebuild_with_run (s), median_rebuild_without_run (s) ("-" when there is none),
#   median_generator_run (ms; "-" when the command never ran),
#   generator_rerun (ms: the median of five runs of the command with unchanged inputs, whether or not SwiftPM ran
#   it during the edits).
# Exits 1 when a build fails, 2 on a usage error.
#
# Usage: Scripts/dev/plugin-edits.sh [--clean] [--with-test] [--edits N] [--scratch-path DIR] [PACKAGE]
#   PACKAGE         a package that uses RaspGeneratorPlugin (default Examples/PluginClient)
#   --edits N       how many edits and rebuilds (default 10)
#   --clean         empty the scratch folder first (its checkouts and repositories stay), so the first build is a
#                   clean one, as after a fresh clone
#   --with-test     every other rebuild is `swift test --filter <no test>` (it builds what `swift build --build-tests`
#                   builds and runs no test), as when one edits, builds, edits, tests
#   --scratch-path  the build folder (default PACKAGE/.build, as Scripts/ci/test-examples.sh uses)
# Manual: one build of the package (about a minute on two cores with --clean), then N incremental rebuilds.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
edits=10 clean=no with_test=no package="" scratch=""
while [ $# -gt 0 ]; do
    case $1 in
        --edits) edits=$2; shift 2 ;;
        --clean) clean=yes; shift ;;
        --with-test) with_test=yes; shift ;;
        --scratch-path) scratch=$2; shift 2 ;;
        -h | --help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "plugin-edits: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) package=$1; shift ;;
    esac
done
package=$(cd "${package:-$root/Examples/PluginClient}" && pwd)
scratch=$(mkdir -p "${scratch:-$package/.build}" && cd "${scratch:-$package/.build}" && pwd)
logs=$(mktemp -d "${TMPDIR:-/tmp}/plugin-edits.XXXXXX")

# The target that uses the plugin: the folder of the first unnamespaced OpenAPI document under Sources/.
spec=$(find "$package/Sources" -maxdepth 2 \( -name openapi.yaml -o -name openapi.yml -o -name openapi.json \) \
    | sort | head -1)
[ -n "$spec" ] || { echo "plugin-edits: no Sources/<target>/openapi.yaml in $package" >&2; exit 2; }
folder=$(dirname "$spec")
target=$(basename "$folder")
config=$(ls "$folder"/rasp-generate.y*ml "$folder"/openapi-generator-config.y*ml 2>/dev/null | head -1 || true)
own=$(find "$folder" -name '*.swift' | sort | head -1)
dependent=$(find "$package/Tests/${target}Tests" -name '*.swift' 2>/dev/null | sort | head -1)
[ -n "$own" ] || { echo "plugin-edits: target $target has no Swift file of its own to edit" >&2; exit 2; }
dependent=${dependent:-$own}
probe=$folder/PluginEditsProbe.swift
[ -e "$probe" ] && { echo "plugin-edits: $probe exists already" >&2; exit 2; }

# Every edited file is restored from its copy, and the added file removed, however the script ends.
cp -p "$own" "$logs/own.orig"
cp -p "$dependent" "$logs/dependent.orig"
restore() {
    cmp -s "$logs/own.orig" "$own" || cp -p "$logs/own.orig" "$own"
    cmp -s "$logs/dependent.orig" "$dependent" || cp -p "$logs/dependent.orig" "$dependent"
    rm -f "$probe"
}
trap 'restore; rm -rf "$logs"' EXIT
trap 'exit 130' INT TERM

# now: nanoseconds since the epoch. elapsed START: milliseconds since START.
now() { date +%s%N; }
elapsed() { echo $((($(now) - $1) / 1000000)); }
# seconds MS: "1.234" from milliseconds ("-" stays "-").
seconds() { if [ "$1" = - ]; then echo -; else printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); fi; }
# median FILE: the median of the numbers in a file, one a line ("-" for none).
median() {
    sort -n "$1" | awk '{v[NR] = $1} END {if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
        else print int((v[NR / 2] + v[NR / 2 + 1]) / 2)}'
}

# generator N: the median time in ms of N runs of the generator command, outside the build.
generator() {
    local start run times=$logs/times
    : >"$times"
    for ((run = 0; run < $1; run++)); do
        start=$(now)
        "${command[@]}" >/dev/null 2>&1 || echo "plugin-edits: the generator command failed" >&2
        elapsed "$start" >>"$times"
    done
    median "$times"
}

# build LOG [test]: one build into LOG (`swift test` running no test with "test"); prints its wall time in ms.
build() {
    local start status=0
    local args=(--package-path "$package" --scratch-path "$scratch")
    start=$(now)
    if [ "${2:-}" = test ]; then
        swift test "${args[@]}" --filter plugin-edits-runs-no-test >"$1" 2>&1 || status=$?
    else
        swift build --build-tests "${args[@]}" >"$1" 2>&1 || status=$?
    fi
    if [ $status -ne 0 ]; then
        echo "plugin-edits: the build failed:" >&2
        grep -E 'error' "$1" | head -20 >&2
        exit 1
    fi
    elapsed "$start"
}

if [ $clean = yes ] && [ -d "$scratch" ]; then
    find "$scratch" -mindepth 1 -maxdepth 1 ! -name checkouts ! -name repositories ! -name artifacts \
        -exec rm -rf {} +
fi
echo "package: ${package#"$root"/}, target $target, dependent ${dependent#"$package"/}, scratch ${scratch#"$root"/}"
first=$(build "$logs/build0.log")
echo "first build: $(seconds "$first") s$([ $clean = yes ] && echo ' (clean)' || true)"

tool=$(find "$scratch" -type f -name rasp-generate-tool -perm -u+x | head -1)
generated=$(find "$scratch/plugins/outputs" -path "*/$target/*" -type d -name GeneratedSources | head -1)
[ -n "$tool" ] && [ -n "$generated" ] || { echo "plugin-edits: no rasp-generate-tool or generated folder" >&2; exit 1; }
# The command the plugin gave SwiftPM for the target, from the build manifest (with a fallback to what it should be).
mapfile -d '' command < <(python3 - "$scratch/debug.yaml" "$tool" "$spec" <<'PY' 2>/dev/null || true
import json, sys
manifest, tool, spec = sys.argv[1:]
for line in open(manifest):
    line = line.strip()
    if line.startswith("args: ["):
        args = json.loads(line[len("args: "):])
        if args[:2] == [tool, spec]:
            sys.stdout.write("\0".join(args) + "\0")
            break
PY
)
if [ ${#command[@]} = 0 ]; then
    command=("$tool" "$spec" --output "$generated")
    [ -n "$config" ] && command+=(--config "$config")
fi

runs=0 relinks=0 written=0
: >"$logs/rebuild"; : >"$logs/with-run"; : >"$logs/without-run"; : >"$logs/generator"
for ((i = 1; i <= edits; i++)); do
    restore
    case $((i % 5)) in
        1) what="comment in ${own##*/}"; printf '\n// plugin-edits.sh, edit %d\n' "$i" >>"$own" ;;
        2) what="function in ${dependent##*/}"
           printf '\nfunc pluginEdits%d() -> Int { %d }\n' "$i" "$i" >>"$dependent" ;;
        3) what="new file ${probe##*/}"; printf 'func pluginEditsProbe() -> Int { %d }\n' "$i" >"$probe" ;;
        4) what="file ${probe##*/} removed" ;;
        0) what="function in ${own##*/}"; printf '\nfunc pluginEdits%d() -> Int { %d }\n' "$i" "$i" >>"$own" ;;
    esac
    # restore removed the probe; edit 3 writes it again, edit 4 leaves it removed.
    mode=build
    [ $with_test = yes ] && [ $((i % 2)) = 0 ] && mode=test
    before=$(stat -c %.9Y "$tool")
    ms=$(build "$logs/build$i.log" $mode)
    ran=$(grep -c "Generating the target '$target' client" "$logs/build$i.log" || true)
    relinked=$([ "$before" = "$(stat -c %.9Y "$tool")" ] && echo no || echo yes)
    report=$(grep -oE '[0-9]+ of [0-9]+ files written' "$logs/build$i.log" | awk '{n += $1} END {print n + 0}')
    echo "$ms" >>"$logs/rebuild"
    if [ "$ran" -gt 0 ]; then
        runs=$((runs + 1))
        echo "$ms" >>"$logs/with-run"
        generator 3 | tee -a "$logs/generator" >"$logs/last"
    else
        echo "$ms" >>"$logs/without-run"
    fi
    [ $relinked = yes ] && relinks=$((relinks + 1))
    written=$((written + report))
    printf 'edit %2d: %-40s %-5s %7s s, generator ran: %-3s%s, tool relinked: %-3s, files written: %d\n' "$i" \
        "$what" "$mode" "$(seconds "$ms")" "$([ "$ran" -gt 0 ] && echo yes || echo no)" \
        "$([ "$ran" -gt 0 ] && echo " ($(cat "$logs/last") ms)" || true)" "$relinked" "$report"
done
restore

# The command with unchanged inputs, whether or not SwiftPM ran it during the edits.
rerun=$(generator 5)

echo "edits: $edits"
echo "generator_runs: $runs"
echo "tool_relinks: $relinks"
echo "files_written: $written"
echo "median_rebuild: $(seconds "$(median "$logs/rebuild")") s"
echo "max_rebuild: $(seconds "$(sort -n "$logs/rebuild" | tail -1)") s"
echo "median_rebuild_with_run: $(seconds "$(median "$logs/with-run")") s"
echo "median_rebuild_without_run: $(seconds "$(median "$logs/without-run")") s"
echo "median_generator_run: $(median "$logs/generator") ms"
echo "generator_rerun: $rerun ms"
