#!/usr/bin/env bash
# The value round trip (issue #34): for every document in ../shared/specs (single files and the entry file of each
# multi-file folder), openapi.yaml and the edge-case fixture — or the documents given — generates the client, builds
# a harness that decodes JSON instances of every named schema that a request or response body reaches and encodes
# them back (with RaspRuntime's JSONCoding), and compares. Instances: the document's own examples that validate, plus
# seeded random ones that a strict JSON Schema validator accepts.
#
# Prints notes on the rules, `roundtrip.<doc>.<figure>: <value> <unit>` lines, a table (schemas covered/reachable,
# instances, lossless, lossy, failed to decode, encoded values invalid under their schema, with the first failing
# instance of each kind) and totals. Every failure goes to .build-roundtrip/<doc>/failures.jsonl.
# Exit status 1 when any lossy, failed or encoded-invalid instance remains (0 with --report-only).
#
# Heavy (a debug build per document; OpenAI and Okta take minutes): not part of `swift test`.
# Usage: Scripts/corpus/roundtrip.sh [--report-only] [--count N] [--time SECONDS] [--seed N] [SPEC...]
#   --count N      instances per schema at most (default 20)
#   --time SECONDS time per document for finding instances (default 180)
#   --seed N       the random seed (default 34); the same seed gives the same instances
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
swift build -c release --product rasp-generate --package-path "$root" >/dev/null
exec python3 "$root/Scripts/corpus/roundtrip/main.py" --generator "$root/.build/release/rasp-generate" "$@"
