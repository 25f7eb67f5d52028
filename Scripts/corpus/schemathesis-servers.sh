#!/usr/bin/env bash
# schemathesis against the server generated from each corpus document (or the documents given): for each, a scratch
# package under .build-servers/ holds the generated types and server (`generate: [types, server]`) and a small
# executable that registers `ClientExampleHandler` (answering from RaspSpecMock's examples) on a ServerRouter and
# serves it with RaspHummingbird; then Scripts/corpus/schemathesis-specs.py runs schemathesis against it. So the
# generated routes decode every request schemathesis makes and encode every answer through the generated types.
#
# Prints schemathesis-specs.py's lines (`<doc>.cases`, `.checks`, `.failed_checks`), plus `<doc>.server_build: S s`;
# exits 1 when a server does not build or a check fails.
# Usage: Scripts/corpus/schemathesis-servers.sh [--max-examples N] [--max-time S] [SPEC...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/Scripts/corpus/corpus.sh"
options=()
while [ $# -gt 0 ]; do
    case $1 in
        --max-examples|--max-time) options+=("$1" "$2"); shift 2 ;;
        *) break ;;
    esac
done
specs=("$@")
if [ ${#specs[@]} -eq 0 ]; then
    mapfile -t specs < <(corpus_specs "$root")
fi
swift build -c release --product rasp-generate --package-path "$root" >/dev/null
generator="$root/.build/release/rasp-generate"
failed=0
for spec in "${specs[@]}"; do
    [ -f "$spec" ] || continue
    name=$(corpus_name "$root" "$spec")
    package="$root/.build-servers/$name"
    rm -rf "$package/Sources"
    mkdir -p "$package/Sources/GeneratedAPI" "$package/Sources/serve"
    server_package "$package" "$name" serve RaspSpecMock
    cat > "$package/Sources/serve/main.swift" <<'SWIFT'
import Foundation
import GeneratedAPI
import RaspHummingbird
import RaspRuntime
import RaspSpecMock

// `serve --spec DOC --port 0`, as rasp-mock takes them: the generated server, answered with the document's examples.
struct NoExample: Error {}
let arguments = CommandLine.arguments
let spec = arguments[arguments.firstIndex(of: "--spec")! + 1]
let port = Int(arguments[arguments.firstIndex(of: "--port")! + 1])!
let mock = try SpecMock(contentsOf: spec)
var router = ServerRouter()
router.pathPrefix = mock.basePath
ClientExampleHandler { method, path in
    guard let body = mock.exampleBody(method: method, path: path) else { throw NoExample() }
    return body
}.registerHandlers(on: &router)
let prefix = mock.basePath
try await router.application(port: port) { channel in
    let port = channel.localAddress?.port ?? 0
    FileHandle.standardOutput.write(Data("rasp-mock: listening on http://127.0.0.1:\(port)\(prefix)\n".utf8))
}.runService()
SWIFT
    printf 'generate: [types, server]\n' > "$package/rasp-generate.yaml"
    if ! "$generator" "$spec" --config "$package/rasp-generate.yaml" --output "$package/Sources/GeneratedAPI" -q \
        2>"$package/generate.log"; then
        echo "$name: GENERATION FAILED" >&2
        failed=1
        continue
    fi
    start=$(date +%s)
    if ! swift build --package-path "$package" --scratch-path "$root/.build-servers/scratch" --product serve \
        >"$package/build.log" 2>&1; then
        grep -E "error:" "$package/build.log" | sort -u | head -5
        echo "$name: SERVER BUILD FAILED" >&2
        failed=1
        continue
    fi
    echo "$name.server_build: $(( $(date +%s) - start )) s"
    executable="$(swift build --package-path "$package" --scratch-path "$root/.build-servers/scratch" \
        --show-bin-path)/serve"
    python3 "$root/Scripts/corpus/schemathesis-specs.py" "${options[@]}" --mock "$executable" "$spec" || failed=1
done
exit $failed
