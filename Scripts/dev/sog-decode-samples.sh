#!/usr/bin/env bash
# Generates a client from openapi.yaml with apple/swift-openapi-generator 1.14.3 and decodes every real Rasp sample
# with it (each through its operation, as the server sent it: status 200 or 400, JSON or text/html).
# Not part of the test run: it builds the generator and the OpenAPI runtime (several minutes on a fresh machine).
#   Scripts/dev/sog-decode-samples.sh [SAMPLES_DIR]     (default ../shared/rasp-samples, else Tests/Fixtures/samples)
# Prints one line per sample, then `sog.decoded: N of M samples`; the generator's warnings go to
# .build-sog/decode/generator.log.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
samples=${1:-$root/../shared/rasp-samples}
[ -d "$samples" ] || samples="$root/Tests/Fixtures/samples"

generator=$("$root/Scripts/dev/build-sog.sh")
work="$root/.build-sog/decode"
rm -rf "$work/Sources"
mkdir -p "$work"
cp -R "$root/Scripts/dev/sog-decode/." "$work/"
"$generator" generate "$root/openapi.yaml" --mode types --mode client \
    --output-directory "$work/Sources/SOGDecode" > "$work/generator.log" 2>&1
grep -c "warning:" "$work/generator.log" | sed 's/^/sog.generator.warnings: /'
grep "warning:" "$work/generator.log" | sed 's/^/  /' || true
swift build -c release --package-path "$work" > "$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
"$work/.build/release/SOGDecode" "$samples"/*.json
