// swift-tools-version:6.1
import PackageDescription

/// Example: a client generated at build time by `RaspGeneratorPlugin` from `Sources/BookshelfAPI/openapi.yaml`, and two
/// in one target from `Sources/ShopAPIs/Catalog.openapi.yaml` and `Orders.openapi.yaml`, each in its own namespace.
let package = Package(
    name: "PluginClient",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [
        // In your own package: .package(url: "https://github.com/<owner>/rasp-swift", from: "<version>")
        // `traits: []`: the client, the runtime and the build plugin need none of the package's traits, so none of
        // SwiftNIO, AsyncHTTPClient, Hummingbird or OpenCombine is resolved.
        .package(name: "rasp-swift", path: "../..", traits: []),
    ],
    targets: [
        .target(
            name: "BookshelfAPI",
            dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")],
            plugins: [.plugin(name: "RaspGeneratorPlugin", package: "rasp-swift")]
        ),
        .testTarget(name: "BookshelfAPITests", dependencies: ["BookshelfAPI"]),
        .target(
            name: "ShopAPIs",
            dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")],
            plugins: [.plugin(name: "RaspGeneratorPlugin", package: "rasp-swift")]
        ),
        .testTarget(name: "ShopAPIsTests", dependencies: [
            "ShopAPIs", .product(name: "RaspRuntime", package: "rasp-swift"),
        ]),
    ]
)
