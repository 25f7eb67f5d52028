# Shared by the corpus scripts (source it): which documents they run on and the name each is known by.

# corpus_specs ROOT [EXTRA...]: prints, one per line, every real document in ROOT/../shared/specs (single files, and
# the entry of each multi-file folder: the file that starts with an `openapi:` version), ROOT/openapi.yaml, the
# edge-case fixture, and any EXTRA documents.
corpus_specs() {
    local root=$1 shared="$1/../shared/specs" folder entry spec
    shift
    for spec in "$shared"/*.yaml "$shared"/*.yml "$shared"/*.json "$root/openapi.yaml" \
        "$root/Tests/Fixtures/edge-cases-spec/openapi.yaml" "$@"; do
        [ -f "$spec" ] && echo "$spec"
    done
    for folder in "$shared"/*/; do
        entry=$(grep -l -m1 -E '^(openapi:|\{?"openapi")' "$folder"*.yaml "$folder"*.yml "$folder"*.json 2>/dev/null \
            | head -1 || true)
        if [ -n "$entry" ]; then echo "$entry"; fi
    done
}

# corpus_name ROOT SPEC: the document's short name (its file name as an identifier; an entry file named openapi.*
# outside ROOT takes its folder's name too).
corpus_name() {
    local root=$1 spec=$2 name
    name=$(basename "$spec" | sed -E 's/\.(ya?ml|json)$//; s/[^A-Za-z0-9]+/_/g')
    if [ "$name" = openapi ] && [ "$(cd "$(dirname "$spec")" && pwd)" != "$root" ]; then
        name="$(basename "$(dirname "$spec")" | sed -E 's/[^A-Za-z0-9]+/_/g')_openapi"
    fi
    echo "$name"
}

# server_package DIR NAME EXECUTABLE PRODUCT: writes DIR/Package.swift, a scratch package with the generated module
# (DIR/Sources/GeneratedAPI) and an executable target EXECUTABLE on it, RaspRuntime, RaspHummingbird and PRODUCT, the
# package at the calling script's `$root`.
server_package() {
    cat > "$1/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "$2",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "rasp-swift", path: "$root")],
    targets: [
        .target(name: "GeneratedAPI", dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")]),
        .executableTarget(name: "$3", dependencies: [
            "GeneratedAPI",
            .product(name: "RaspRuntime", package: "rasp-swift"),
            .product(name: "RaspHummingbird", package: "rasp-swift"),
            .product(name: "$4", package: "rasp-swift"),
        ]),
    ]
)
PKG
}
