// swift-tools-version:6.1
// Decodes the real Rasp samples with a client that apple/swift-openapi-generator generated from openapi.yaml.
// Scripts/dev/sog-decode-samples.sh copies this package into .build-sog/, generates the client into it and runs it.
import PackageDescription

let package = Package(
    name: "sog-decode",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "SOGDecode",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
