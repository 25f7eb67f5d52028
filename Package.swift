// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "rasp-swift",
    defaultLocalization: "en",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .library(name: "RaspRuntime", targets: ["RaspRuntime"]),
        .library(name: "RaspAPI", targets: ["RaspAPI"]),
        .executable(name: "rasp-generate", targets: ["rasp-generate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // MARK: Generator

        /// libyaml from the system (Debian `libyaml-dev`, Homebrew `libyaml`).
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        /// Parse → translate → render, in memory only (no file I/O).
        .target(name: "RaspGenerator", dependencies: ["CLibYAML"]),
        /// The command-line front end: reads the spec and config, writes the Swift files.
        .executableTarget(
            name: "rasp-generate",
            dependencies: [
                "RaspGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Runtime and the generated Rasp client

        /// What every generated client calls: transport, middleware, auth, errors, coding helpers.
        .target(
            name: "RaspRuntime",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        /// The client generated from `openapi.yaml`, checked in (regenerate with `Scripts/generate.sh`).
        .target(name: "RaspAPI", dependencies: ["RaspRuntime"], path: "Generated/RaspAPI"),

        // MARK: Tests

        .testTarget(
            name: "RaspGeneratorTests",
            dependencies: ["RaspGenerator"]
        ),
        .testTarget(
            name: "RaspRuntimeTests",
            dependencies: ["RaspRuntime"]
        ),
        .testTarget(
            name: "RaspAPITests",
            dependencies: ["RaspAPI", "RaspRuntime", "RaspGenerator"]
        ),
    ]
)

// Upcoming language features for every Swift target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
