#!/usr/bin/env bash
# Thread-sanitizer run of the runtime, transport, mock server, view-model and reliability tests.
#
#   Scripts/dev/tsan.sh [FILTER]
#
# Builds the tests with `--sanitize=thread` in its own scratch folder (.build-tsan, or $RASP_TSAN_SCRATCH) and runs
# the targets FILTER names (default: RaspRuntimeTests|ClientTransportTests|RaspServicesTests|RaspMockTests|RaspKitTests|
# RaspReliabilityTests), then the fault soak on its own, smaller and with longer deadlines under TSan's slowdown
# (RASP_SOAK_CASES, RASP_SOAK_TIME_SCALE). Fails when a test fails or when ThreadSanitizer reports anything; the full
# output is kept in $RASP_TSAN_LOG (default .build-tsan/tsan.log). Not part of CI: a clean build takes about a quarter
# of an hour on two cores.
set -euo pipefail
cd "$(dirname "$0")/../.."

filter=${1:-'RaspRuntimeTests|ClientTransportTests|RaspServicesTests|RaspMockTests|RaspKitTests|RaspReliabilityTests'}
scratch=${RASP_TSAN_SCRATCH:-.build-tsan}
log=${RASP_TSAN_LOG:-$scratch/tsan.log}
mkdir -p "$(dirname "$log")"

# Report every race (not only the first), then exit non-zero; symbolized stacks.
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0 exitcode=66 second_deadlock_stack=1 history_size=4}
export RASP_SOAK_CASES=${RASP_SOAK_CASES:-400}
export RASP_SOAK_TIME_SCALE=${RASP_SOAK_TIME_SCALE:-4}

start=$(date +%s)
status=0
swift test --sanitize=thread --scratch-path "$scratch" --filter "$filter" 2>&1 | tee "$log" || status=$?
# The fault soak runs on its own (see FaultSoakTests), when the filter includes it.
if [[ "$filter" == *Reliability* || "$filter" == *Soak* ]]; then
    RASP_SOAK=1 swift test --sanitize=thread --scratch-path "$scratch" --filter FaultSoakTests 2>&1 \
        | tee -a "$log" || status=$?
fi
reports=$(grep -c 'WARNING: ThreadSanitizer' "$log" || true)
echo "tsan: $reports ThreadSanitizer report(s), exit status $status, $(( $(date +%s) - start )) s (log: $log)"
if [ "$reports" -ne 0 ] || [ "$status" -ne 0 ]; then
    grep -A12 'WARNING: ThreadSanitizer' "$log" | head -200 >&2 || true
    exit 1
fi
