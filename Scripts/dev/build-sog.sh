#!/usr/bin/env bash
# Builds apple/swift-openapi-generator 1.14.3 (the anchor rasp-bench compares against) from the local package mirror
# into .build-sog/ (git-ignored; takes a few minutes in release). Prints the binary's path.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir="$root/.build-sog/src"
if [ ! -d "$dir" ]; then
    git clone -q -c advice.detachedHead=false --branch 1.14.3 https://github.com/apple/swift-openapi-generator "$dir"
fi
swift build -c release --product swift-openapi-generator --package-path "$dir" >&2
echo "$dir/.build/release/swift-openapi-generator"
