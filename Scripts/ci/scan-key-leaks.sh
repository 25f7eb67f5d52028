#!/usr/bin/env bash
# Fails when a secret the tests use (the API key, the HTTP Basic password, the OAuth 2 client secret, the access and
# refresh tokens the tests' token endpoints issue) appears in what the test run produced.
#
#   Scripts/ci/scan-key-leaks.sh --run CMD [ARGS...]   run CMD (e.g. `swift test`) with its output kept, then scan
#   Scripts/ci/scan-key-leaks.sh [PATH...]              scan the transcripts, the tests' temporary folders and PATHs
#   Scripts/ci/scan-key-leaks.sh --self-test            prove the scan fails on a planted key and passes on clean files
#
# What is scanned:
#   - the full console output of CMD (with --run), kept in $RASP_TEST_LOG (default .build/test-output.log);
#   - the transcripts in $RASP_TEST_TRANSCRIPTS (default .build/test-transcripts), where the test targets append
#     every log line, error description, `dump` of every error type and payload holder (DumpLeakTests) and CLI
#     stdout/stderr they capture;
#   - files left in the tests' temporary folders ($TMPDIR/rasp-*): caches, quota state, snapshots, CLI output
#     (with --run, only folders the run created);
#   - any PATH given.
# The needles are each secret, its percent-encoded form (when that differs) and its Base64 form, and the Base64 of
# the two HTTP Basic pairs (`user:password`, `client:secret`); the tokens are matched by the prefix they all share.
# Exit status: 1 when a needle is found, CMD's status when it failed, 0 otherwise.
set -uo pipefail
cd "$(dirname "$0")/../.."

key=${RASP_TEST_KEY:-test-key-0c1f5e9a}
basic_user=${RASP_TEST_BASIC_USER:-test-user}
basic_password=${RASP_TEST_BASIC_PASSWORD:-test-pass-4b8e2c71}
client_id=${RASP_TEST_CLIENT_ID:-test-client}
client_secret=${RASP_TEST_CLIENT_SECRET:-test-secret-93d0a6f4}
access_prefix=${RASP_TEST_ACCESS_TOKEN_PREFIX:-test-access-7d41e2}
refresh_prefix=${RASP_TEST_REFRESH_TOKEN_PREFIX:-test-refresh-5c9b30}
b64() { printf '%s' "$1" | base64 | tr -d '\n'; }
base64=$(b64 "$key")

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

needles=()
for secret in "$key" "$basic_password" "$client_secret" "$access_prefix" "$refresh_prefix"; do
    encoded=$(b64 "$secret")
    needles+=("$secret" "${encoded%%=*}")
    percent=$(percent_encode "$secret")
    [ "$percent" != "$secret" ] && needles+=("$percent")
done
for pair in "$basic_user:$basic_password" "$client_id:$client_secret"; do
    encoded=$(b64 "$pair")
    needles+=("${encoded%%=*}")
done
percent=$(percent_encode "$key")
transcripts=${RASP_TEST_TRANSCRIPTS:-$PWD/.build/test-transcripts}
tmp=${TMPDIR:-/tmp}

# scan PATH... : prints every file:line that holds a needle; returns 1 when any does.
scan() {
    local found=0 needle
    for needle in "${needles[@]}"; do
        if grep -rnaF --binary-files=text -e "$needle" -- "$@" 2>/dev/null \
            | cut -c1-300 | sed "s|$needle|<SECRET>|g" | head -50 | grep -a .; then
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
        echo "key-leak scan: FAILED, a test secret appears above ($2)" >&2
    fi
}

if [ "${1:-}" = "--self-test" ]; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    printf 'GET https://host/v3.0/search/?apikey=<redacted>&from=c213 -> 200\nAuthorization: <redacted>\n' \
        > "$dir/clean.log"
    scan "$dir/clean.log" > /dev/null || { echo "key-leak self-test: a clean file was flagged" >&2; exit 1; }
    failures=0
    plants=("key $key in a line" "Authorization: Basic $base64" "blob ${base64%%=*}"
        "Authorization: Basic $(b64 "$basic_user:$basic_password")" "password=$basic_password"
        "client_secret=$client_secret" "Authorization: Basic $(b64 "$client_id:$client_secret")"
        "Authorization: Bearer $access_prefix-3" "{\"refresh_token\": \"$refresh_prefix-2\"}")
    [ "$percent" != "$key" ] && plants+=("GET /v3.0/search/?apikey=$percent&from=c213")
    for planted in "${plants[@]}"; do
        printf 'line one\n%s\nline three\n' "$planted" > "$dir/planted.log"
        if scan "$dir/planted.log" > /dev/null; then
            echo "key-leak self-test: missed a planted secret: ${planted//$key/<KEY>}" >&2
            failures=1
        fi
    done
    mkdir -p "$dir/nested/cache" && printf '%s' "$key" > "$dir/nested/cache/binary.bin"
    scan "$dir" > /dev/null && { echo "key-leak self-test: missed a key in a nested file" >&2; failures=1; }
    [ $failures -eq 0 ] && echo "key-leak self-test: the scan flags ${#plants[@]} planted secrets and passes clean files"
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
