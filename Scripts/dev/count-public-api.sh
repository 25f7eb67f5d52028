#!/usr/bin/env bash
# Counts the public declarations of the runtime modules from their symbol graphs: what users see (`user API`) and
# what only generated code sees, behind `@_spi(Generated)` (`generated-code API`). Members the compiler synthesizes
# (default implementations inherited from protocols) are not counted.
#
#   Scripts/dev/count-public-api.sh [Module …]      # default: RaspRuntime
set -euo pipefail
cd "$(dirname "$0")/../.."
modules=("$@")
[ ${#modules[@]} -eq 0 ] && modules=(RaspRuntime)
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
bin=$(swift build --show-bin-path)
# The C modules of the dependencies (NIO's shims, libyaml), which loading a Swift module may need.
cflags=()
while IFS= read -r map; do cflags+=(-Xcc "-fmodule-map-file=$map"); done \
    < <(find "$bin/" -name module.modulemap -path '*.build/*' ! -path '*-tool.build/*')
while IFS= read -r map; do cflags+=(-Xcc "-I$(dirname "$map")"); done \
    < <(find .build/checkouts -name module.modulemap -path '*/include/*')
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for module in "${modules[@]}"; do
    swift build --target "$module" >/dev/null 2>&1
    mkdir -p "$out/$module/public" "$out/$module/spi"
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" "${cflags[@]}" \
        -minimum-access-level public -output-dir "$out/$module/public" >/dev/null
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" "${cflags[@]}" \
        -minimum-access-level public -include-spi-symbols -output-dir "$out/$module/spi" >/dev/null
    python3 - "$module" "$out/$module" <<'PY'
import glob, json, sys
module, folder = sys.argv[1], sys.argv[2]

def symbols(kind):
    found = {}
    for path in glob.glob(f"{folder}/{kind}/*.symbols.json"):
        for symbol in json.load(open(path))["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" not in precise:
                found[precise] = symbol
    return found

public, everything = symbols("public"), symbols("spi")
spi = [s for s in everything.values() if s.get("spi")]
user = [s for s in public.values() if not s.get("spi")]
print(f"{module} user API: {len(user)} declarations")
print(f"{module} generated-code API: {len(spi)} declarations")
PY
done
