#!/usr/bin/env bash
# The whole test run, as CI does it (README.md names this script as the test command):
#   1. the spec check (openapi.yaml against the OpenAPI 3.1 schema; samples, fixtures and rasp-mock's answers
#      against its response schemas), then schemathesis against rasp-mock (bounded: 10 cases per operation and
#      phase, 60 s, a fixed seed);
#   2. the key-leak scan's self-test (it must flag a planted key);
#   3. `swift test`, every suite, with its output, transcripts and temporary files scanned for the test key; then
#      no process the tests started may still run (Scripts/ci/check-leftover-processes.sh);
#   4. the fault soak on its own (RASP_SOAK=1; beside the other suites its load would make their deadlines flaky),
#      scanned the same way;
#   5. the example packages (build plugin, command plugin, the SDK used from outside);
#   6. every snippet of README.md (Swift type-checked, shell commands run), and the clients `--lenient` repairs
#      compiled;
#   7. the DocC documentation and its snippets;
#   8. the whole package in release (`swift build -c release`): some concurrency checks (region isolation) run only
#      on optimized code, and the README tells users to build the CLI this way.
# Each step prints `test.<step>.time: N s`; the first failing step stops the run with its exit status.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {  # step NAME COMMAND...
    local name=$1 start
    shift
    start=$(date +%s)
    echo "== test step: $name"
    "$@"
    echo "test.$name.time: $(( $(date +%s) - start )) s"
}

all_start=$(date +%s)
step spec python3 Scripts/ci/check-spec.py
step schemathesis python3 Scripts/ci/run-schemathesis.py --max-examples 10 --max-time 60 --seed 1
step leak_self_test Scripts/ci/scan-key-leaks.sh --self-test
step swift_test Scripts/ci/scan-key-leaks.sh --run swift test
step leftovers Scripts/ci/check-leftover-processes.sh
step soak env RASP_SOAK=1 RASP_TEST_LOG="$PWD/.build/soak-output.log" \
    Scripts/ci/scan-key-leaks.sh --run swift test --skip-build --filter FaultSoakTests
step examples Scripts/ci/test-examples.sh
step readme Scripts/ci/test-readme.sh
step lenient Scripts/ci/check-lenient-clients.sh
step docs Scripts/ci/build-docs.sh --snippets
step leftovers_at_end Scripts/ci/check-leftover-processes.sh
step release swift build -c release
echo "test.total.time: $(( $(date +%s) - all_start )) s"
