#!/usr/bin/env bash
# The value round trip (issue #34): for every document in ../shared/specs (single files and the entry file of each
# multi-file folder), openapi.yaml and the edge-case fixture — or the documents given — generates the client, builds
# a harness that decodes JSON instances of every named schema that a request or response body reaches and encodes
# them back (with RaspRuntime's JSONCoding), and compares. Instances: the document's own examples that validate, plus
# seeded random ones that a strict JSON Schema validator accepts. Each instance is decoded both ways: with
# JSONCoding.decode (the types' init(reading:), the path the figures describe) and with JSONCoding.decoder
# (JSONDecoder and init(from:)); where the two disagree (one fails, both fail with another error kind or coding
# path, or both decode but encode to different bytes) the instance is a disagreement.
#
# Prints notes on the rules, `roundtrip.<doc>.<figure>: <value> <unit>` lines, a table (schemas covered/reachable,
# instances, lossless, lossy, failed to decode, encoded values invalid under their schema, disagreements between
# the decoding paths, with the first failing instance of each kind) and totals. Every failure goes to
# <work>/<doc>/failures.jsonl (Scripts/corpus/roundtrip/summarize.py groups them).
# Exit status 1 when any lossy, failed, encoded-invalid or disagreeing instance remains (0 with --report-only).
#
# --bench builds the harnesses in release and, after each document's round trip, times decoding its instances that
# both paths decode as one mix, in the harness: JSONDecoder (init(from:)), JSONCoding.decode and JSONCoding.validate
# (a scan that builds nothing: the floor), interleaved run by run. Prints `roundtrip.<doc>.codec_jsondecoder`,
# `codec_reader` and `codec_floor` in MB/s, `codec_speedup` (JSONDecoder time / reader time) and `codec_floor_ratio`
# (reader time / floor time), all from medians of the harness's CPU time, with the mix's bytes (`codec_bytes`; in
# `codec_readable_bytes` those of instances whose type is JSONReadable, the rest taking JSONDecoder both ways), and a
# table.
#
# Heavy (a debug build per document, release with --bench; OpenAI and Okta take minutes): not part of `swift test`.
# Usage: Scripts/corpus/roundtrip.sh [--report-only] [--count N] [--time SECONDS] [--seed N] [--work DIR]
#                                    [--bench] [--bench-runs N] [--bench-time SECONDS] [SPEC...]
#   --count N      instances per schema at most (default 20)
#   --time SECONDS time per document for finding instances (default 180)
#   --seed N       the random seed (default 34); the same seed gives the same instances
#   --work DIR     the folder for clients, builds and results (default .build-roundtrip)
#   --bench        time the decoders, as above
#   --bench-runs N timed runs of each decoder (default 30)
#   --bench-time SECONDS  per document, the bench stops after this once it has 5 runs (default 60)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
swift build -c release --product rasp-generate --package-path "$root" >/dev/null
exec python3 "$root/Scripts/corpus/roundtrip/main.py" --generator "$root/.build/release/rasp-generate" "$@"
