#!/usr/bin/env bash
# Fails when the API key the tests use appears in what the test run produced.
#
#   Scripts/scan-key-leaks.sh --run CMD [ARGS...]   run CMD (e.g. `swift test`) with its output kept, then scan
#   Scripts/scan-key-leaks.sh [PATH...]              scan the transcripts, the tests' temporary folders and PATHs
#   Scripts/scan-key-leaks.sh --self-test            prove the scan fails on a planted key and passes on clean files
#
# What is scanned:
#   - the full console output of CMD (with --run), kept in $RASP_TEST_LOG (default .build/test-output.log);
#   - the transcripts in $RASP_TEST_TRANSCRIPTS (default .build/test-transcripts), where the test targets append
#     every log line, error description, `dump` of every error type and payload holder (DumpLeakTests) and CLI
#     stdout/stderr they capture;
#   - files left in the tests' temporary folders ($TMPDIR/rasp-*): caches, quota state, snapshots, CLI output
#     (with --run, only folders the run created);
#   - any PATH given.
# The needles are the key, its percent-encoded form (when that differs) and its Base64 form. Exit status: 1 when a
# needle is found, CMD's status when it failed, 0 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."

key=${RASP_TEST_KEY:-test-key-0c1f5e9a}
base64=$(printf '%s' "$key" | base64 | tr -d '\n')

# percent_encode TEXT: RFC 3986 percent-encoding, unreserved characters (letters, digits, -._~) kept.
percent_encode() {
    local text=$1 out="" char i
    for ((i = 0; i < ${#text}; i++)); do
        char=${text:i:1}
        case $char in
            [A-Za-z0-9._~-]) out+=$char ;;
            *) out+=$(printf '%%%02X' "'$char") ;;
        esac
    done
    printf '%s' "$out"
}

needles=("$key" "${base64%%=*}")
percent=$(percent_encode "$key")
[ "$percent" != "$key" ] && needles+=("$percent")
transcripts=${RASP_TEST_TRANSCRIPTS:-$PWD/.build/test-transcripts}
tmp=${TMPDIR:-/tmp}

# scan PATH... : prints every file:line that holds a needle; returns 1 when any does.
scan() {
    local found=0 needle
    for needle in "${needles[@]}"; do
        if grep -rnaF --binary-files=text -e "$needle" -- "$@" 2>/dev/null \
            | cut -c1-300 | sed "s|$needle|<KEY>|g" | head -50 | grep -a .; then
            found=1
        fi
    done
    return $found
}

# The tests' temporary folders, newer than $1 when given.
temporary_folders() {
    local newer=${1:-}
    if [ -n "$newer" ]; then
        find "$tmp" -maxdepth 1 -name 'rasp-*' -newer "$newer" 2>/dev/null
    else
        find "$tmp" -maxdepth 1 -name 'rasp-*' 2>/dev/null
    fi
}

report() {  # report STATUS WHAT
    if [ "$1" -eq 0 ]; then
        echo "key-leak scan: clean ($2)"
    else
        echo "key-leak scan: FAILED, the test API key appears above ($2)" >&2
    fi
}

if [ "${1:-}" = "--self-test" ]; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    printf 'GET https://host/v3.0/search/?apikey=<redacted>&from=c213 -> 200\nAuthorization: <redacted>\n' \
        > "$dir/clean.log"
    scan "$dir/clean.log" > /dev/null || { echo "key-leak self-test: a clean file was flagged" >&2; exit 1; }
    failures=0
    plants=("key $key in a line" "Authorization: Basic $base64" "blob ${base64%%=*}")
    [ "$percent" != "$key" ] && plants+=("GET /v3.0/search/?apikey=$percent&from=c213")
    for planted in "${plants[@]}"; do
        printf 'line one\n%s\nline three\n' "$planted" > "$dir/planted.log"
        if scan "$dir/planted.log" > /dev/null; then
            echo "key-leak self-test: missed a planted key: ${planted//$key/<KEY>}" >&2
            failures=1
        fi
    done
    mkdir -p "$dir/nested/cache" && printf '%s' "$key" > "$dir/nested/cache/binary.bin"
    scan "$dir" > /dev/null && { echo "key-leak self-test: missed a key in a nested file" >&2; failures=1; }
    [ $failures -eq 0 ] && echo "key-leak self-test: the scan flags planted keys and passes clean files"
    exit $failures
fi

if [ "${1:-}" = "--run" ]; then
    shift
    log=${RASP_TEST_LOG:-$PWD/.build/test-output.log}
    mkdir -p "$(dirname "$log")"
    rm -rf "$transcripts"
    mkdir -p "$transcripts"
    export RASP_TEST_TRANSCRIPTS=$transcripts
    marker=$(mktemp)
    "$@" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    mapfile -t folders < <(temporary_folders "$marker")
    rm -f "$marker"
    scan "$log" "$transcripts" "${folders[@]}"
    leaks=$?
    what="test output $(wc -l < "$log") lines, $(find "$transcripts" -type f | wc -l) transcripts"
    report $leaks "$what, ${#folders[@]} temporary folders"
    [ $status -ne 0 ] && exit $status
    exit $leaks
fi

mapfile -t folders < <(temporary_folders)
targets=("$@")
[ -d "$transcripts" ] && targets+=("$transcripts")
targets+=("${folders[@]}")
if [ ${#targets[@]} -eq 0 ]; then
    echo "key-leak scan: nothing to scan (no transcripts, no temporary folders, no paths)" >&2
    exit 1
fi
scan "${targets[@]}"
leaks=$?
report $leaks "${#targets[@]} paths"
exit $leaks
