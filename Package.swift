// swift-tools-version:6.1
import PackageDescription

/// The conditions of the dependencies each trait brings (see `traits` below).
let nioTransport = TargetDependencyCondition.when(traits: ["NIOTransport"])
let server = TargetDependencyCondition.when(traits: ["Server"])
let cliAsyncHTTPClient = TargetDependencyCondition.when(traits: ["CLIAsyncHTTPClient"])
let swiftOpenAPIRuntime = TargetDependencyCondition.when(traits: ["SwiftOpenAPIRuntime"])

let package = Package(
    name: "rasp-swift",
    defaultLocalization: "en",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // What a generated client imports: the core, its default transport and the optional batteries (modules of
        // their own, so that each interface names only what it needs).
        .library(name: "RaspRuntime", targets: ["RaspRuntime", "RaspURLSession", "RaspMiddlewares"]),
        .library(name: "RaspAsyncHTTPClient", targets: ["RaspAsyncHTTPClient"]),
        .library(name: "RaspOpenAPIRuntime", targets: ["RaspOpenAPIRuntime"]),
        .library(name: "RaspServices", targets: ["RaspServices"]),
        .library(name: "RaspAPI", targets: ["RaspAPI"]),
        .library(name: "RaspDirectory", targets: ["RaspDirectory"]),
        .library(name: "RaspKit", targets: ["RaspKit"]),
        .library(name: "RaspMock", targets: ["RaspMock"]),
        .library(name: "RaspHummingbird", targets: ["RaspHummingbird"]),
        .library(name: "RaspWebhooks", targets: ["RaspWebhooks"]),
        .library(name: "RaspSpecMock", targets: ["RaspSpecMock"]),
        .library(name: "RaspTerminal", targets: ["RaspTerminal"]),
        .executable(name: "rasp-generate", targets: ["rasp-generate"]),
        .executable(name: "rasp", targets: ["rasp"]),
        .executable(name: "rasp-mock", targets: ["rasp-mock"]),
        .plugin(name: "RaspGeneratorPlugin", targets: ["RaspGeneratorPlugin"]),
    ],
    // What a dependent resolves and builds is chosen by traits. All three are on by default (so `swift build` and
    // `swift test` here build everything); an app that uses only the generated client, RaspRuntime and the build
    // plugin depends on the package with `traits: []` and resolves none of SwiftNIO, AsyncHTTPClient, Hummingbird
    // or OpenCombine (README, "Package traits"). The CLI's AsyncHTTPClient transport is a fourth, off by default, so
    // that a first `swift run rasp` builds no SwiftNIO. SwiftOpenAPIRuntime, on by default too, brings
    // swift-openapi-runtime for RaspOpenAPIRuntime (and swift-openapi-urlsession for its tests).
    traits: [
        .trait(name: "NIOTransport", description: "RaspAsyncHTTPClient: the SwiftNIO transport (AsyncHTTPClient)."),
        .trait(
            name: "Server",
            description: "RaspHummingbird, RaspMock and RaspWebhooks: generated servers, the mock Rasp server on "
                + "Hummingbird and webhook signatures."
        ),
        .trait(name: "OpenCombine", description: "RaspKit's view models on Linux, which publish through OpenCombine."),
        .trait(
            name: "CLIAsyncHTTPClient",
            description: "`rasp --http-client nio`: the CLI sends its requests through AsyncHTTPClient.",
            enabledTraits: ["NIOTransport"]
        ),
        .trait(
            name: "SwiftOpenAPIRuntime",
            description: "RaspOpenAPIRuntime: swift-openapi-runtime's client transports and middlewares (those of "
                + "swift-openapi-generator clients) with generated clients."
        ),
        .default(enabledTraits: ["NIOTransport", "Server", "OpenCombine", "SwiftOpenAPIRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        // Only the users of the NIO products build these (`RaspHummingbird`, `RaspAsyncHTTPClient`), and only with
        // the traits that need them are they resolved. No default traits for Hummingbird: its swift-configuration
        // support is not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Already in Hummingbird's graph: its ServiceGroup stops a server gracefully.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Already in Hummingbird's graph: its NIOHTTPTypes converts NIO's HTTP/1.1 parts for RaspMock's limits.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Already in Hummingbird's graph: RaspWebhooks computes and checks HMAC signatures with it.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Only with the SwiftOpenAPIRuntime trait: RaspOpenAPIRuntime adapts swift-openapi-runtime's ClientTransport
        // and ClientMiddleware; its tests send with swift-openapi-urlsession's transport.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
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

        /// What every generated client calls: transport, middleware, auth, retries, errors, coding helpers. Generic:
        /// no API's policy and no wording for users (a client generated for any API imports it).
        .target(name: "RaspRuntime", dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")]),
        /// The default transport, on `URLSession` (FoundationNetworking on Linux), with its Linux workarounds. The
        /// only module whose interface names FoundationNetworking.
        .target(
            name: "RaspURLSession",
            dependencies: ["RaspRuntime", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        /// The optional batteries: retries, timeouts, idempotency keys, logging, OAuth 2 token caches.
        .target(
            name: "RaspMiddlewares",
            dependencies: [
                "RaspRuntime", "RaspURLSession",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        /// The AsyncHTTPClient (SwiftNIO) transport, a product of its own: only the apps that depend on it build
        /// SwiftNIO, swift-nio-ssl (BoringSSL) and AsyncHTTPClient, minutes of a first build. An app that depends only
        /// on RaspAPI or RaspRuntime never builds them (SwiftPM builds the targets its products need), though SwiftPM
        /// still resolves and clones them with this package (checked with Examples/ScheduleSearch).
        .target(
            name: "RaspAsyncHTTPClient",
            dependencies: [
                "RaspRuntime",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: nioTransport),
                // Already in AsyncHTTPClient's graph (nothing more to build), named for the types they give the API.
                .product(name: "NIOCore", package: "swift-nio", condition: nioTransport),
                .product(name: "NIOPosix", package: "swift-nio", condition: nioTransport),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: nioTransport),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: nioTransport),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        /// swift-openapi-runtime's `ClientTransport` and `ClientMiddleware` (swift-openapi-urlsession's transport, the
        /// middlewares of swift-openapi-generator clients) as the runtime's own, a product of its own: only the apps
        /// that depend on it build swift-openapi-runtime.
        .target(
            name: "RaspOpenAPIRuntime",
            dependencies: [
                "RaspRuntime",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: swiftOpenAPIRuntime),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        /// Rasp and app policy on top of the runtime: the daily request quota, ru/en messages for users, the
        /// revalidating downloads cache.
        .target(name: "RaspServices", dependencies: ["RaspRuntime", "RaspMiddlewares"]),
        /// The client generated from `openapi.yaml`, checked in (regenerate with `rasp-generate`, see README).
        .target(name: "RaspAPI", dependencies: ["RaspRuntime", "RaspURLSession"], path: "Generated/RaspAPI"),

        // MARK: Servers

        /// Serves a generated server's routes (RaspRuntime's `ServerRouter`) with Hummingbird 2 on SwiftNIO. A product
        /// of its own rather than a package trait: SwiftPM builds only the targets of the products an app uses, so a
        /// client app never compiles NIO, and no one has to know a trait's name to get the server.
        .target(
            name: "RaspHummingbird",
            dependencies: [
                "RaspRuntime",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        /// A server for any OpenAPI document with no code generated: each operation answers with its example or
        /// a value made from its response schema (`rasp-mock --spec`).
        .target(name: "RaspSpecMock", dependencies: ["RaspGenerator", "RaspRuntime"]),
        /// Checks the signatures of the webhooks a generated server receives (Standard Webhooks, `Stripe-Signature`,
        /// an app's own scheme): a product of its own, so that clients never build swift-crypto.
        .target(
            name: "RaspWebhooks",
            dependencies: ["RaspRuntime", .product(name: "Crypto", package: "swift-crypto", condition: server)]
        ),

        // MARK: Demo data and the mock server

        /// The deterministic demo data set (labelled demo data, not real timetables) and an in-process
        /// handler that answers every Rasp endpoint from it, like the real API does.
        .target(
            name: "RaspDemo",
            dependencies: ["RaspAPI", "RaspRuntime", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        /// The mock Rasp server: the server generated from `openapi.yaml` with the demo data as its handler, over
        /// real HTTP on loopback (Hummingbird), with fault modes and request limits.
        .target(
            name: "RaspMock",
            dependencies: [
                "RaspAPI", "RaspDemo", "RaspHummingbird", "RaspMiddlewares", "RaspRuntime", "RaspServices",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                .product(name: "NIOPosix", package: "swift-nio", condition: server),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: server),
            ]
        ),
        /// `rasp-mock [--host 127.0.0.1] [--port 8080] [--spec any.yaml]`.
        .executableTarget(
            name: "rasp-mock",
            dependencies: [
                "RaspMock", "RaspSpecMock", "RaspHummingbird", "RaspRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Application layer

        /// The station directory: stations_list loading, snapshot, search as you type.
        .target(name: "RaspDirectory"),
        /// Services and view models of the travel-schedule app (MVVM; Combine, OpenCombine on Linux).
        .target(
            name: "RaspKit",
            dependencies: [
                "RaspAPI", "RaspRuntime", "RaspURLSession", "RaspMiddlewares", "RaspServices", "RaspDirectory",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenCombine", package: "OpenCombine",
                         condition: .when(platforms: [.linux], traits: ["OpenCombine"])),
            ],
            resources: [.process("Resources")]
        ),
        /// zlib from the system (Debian `zlib1g-dev`), for the PNG images of the stories.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        /// A small full-screen terminal layer: raw mode, keys, a cell canvas redrawn by difference, colours,
        /// PNG images as half-blocks.
        .target(name: "RaspTerminal", dependencies: ["CZlib"]),
        /// `rasp app`: the travel-schedule app's screens drawn in the terminal, driven only by RaspKit's models.
        .target(
            name: "RaspTerminalApp",
            dependencies: [
                "RaspKit", "RaspTerminal",
            ]
        ),
        /// The `rasp` command-line client.
        .executableTarget(
            name: "rasp",
            dependencies: [
                "RaspKit", "RaspAPI", "RaspRuntime", "RaspURLSession", "RaspMiddlewares", "RaspServices",
                "RaspDirectory", "RaspDemo", "RaspTerminalApp",
                .target(name: "RaspAsyncHTTPClient", condition: cliAsyncHTTPClient),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: cliAsyncHTTPClient),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: Benchmarks

        /// Deterministic synthetic data for the benchmarks and tests (a full-size stations_list document); not a
        /// product: apps never need it.
        .target(name: "RaspBenchData"),
        /// The demo API's types with `init(from:)` and `encode(to:)` written out (Tests/Fixtures/written-coders): the
        /// `JSONDecoder` and `JSONEncoder` baseline of `rasp-bench codec`.
        .target(name: "RaspBenchCoders", dependencies: ["RaspRuntime", "RaspURLSession"]),
        /// The floor of libyaml-based generation: parse a document and walk its events, nothing else (C).
        .target(name: "YAMLEventScan", dependencies: ["CLibYAML"]),
        /// Counts the process's heap allocations for rasp-bench (C): on glibc Linux it defines `malloc` and its family
        /// in the executable and forwards them to glibc; elsewhere it replaces nothing and its counters stay at 0.
        .target(name: "CAllocationCount", path: "Sources/CAllocationCount"),
        /// `swift run -c release rasp-bench <suite>`: prints `<name>: <value> <unit>` lines. Not a product: apps that
        /// depend on the package never resolve what it needs (SwiftNIO, the test fixtures).
        .executableTarget(
            name: "rasp-bench",
            dependencies: [
                "RaspGenerator", "RaspRuntime", "RaspURLSession", "RaspAPI", "RaspDirectory", "RaspMock", "RaspDemo",
                "EdgeCasesAPI", "RaspMiddlewares", "RaspServices",
                "YAMLEventScan", "RaspBenchData", "RaspBenchCoders", "RaspAsyncHTTPClient", "RaspHummingbird",
                "CAllocationCount", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),

        // MARK: Plugins

        /// Build tool plugin: generates a client from the `openapi.yaml` + `rasp-generate.yaml` of the target it is
        /// applied to. `Plugins/PluginsShared` is symlinked into both plugins (plugins cannot share a library).
        .plugin(name: "RaspGeneratorPlugin", capability: .buildTool(), dependencies: ["rasp-generate"]),
        /// `swift package --allow-writing-to-package-directory generate-client`: regenerates `Generated/RaspAPI`.
        .plugin(
            name: "RaspGeneratorCommand",
            capability: .command(
                intent: .custom(verb: "generate-client", description: "Regenerate Generated/RaspAPI from openapi.yaml"),
                permissions: [
                    .writeToPackageDirectory(reason: "To write the regenerated client into Generated/RaspAPI")
                ]
            ),
            dependencies: ["rasp-generate"]
        ),

        // MARK: Tests

        /// What the test targets share: the transcript the key-leak scan reads, a line-rendering log handler.
        .target(
            name: "RaspTestSupport",
            dependencies: [
                "RaspRuntime", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/RaspTestSupport"
        ),
        /// RaspRuntime is built first: `RuntimeSurfaceTests` type-checks generated code against it.
        .testTarget(
            name: "RaspGeneratorTests",
            dependencies: [
                "RaspGenerator", "rasp-generate", "RaspBenchData", "RaspRuntime", "RaspURLSession", "RaspMiddlewares",
            ]
        ),
        /// The client generated from `Tests/Fixtures/edge-cases-spec` (names that collide, parameters of every shape,
        /// awkward responses, several files), checked in: it must compile, `GoldenTests` keeps it current.
        .target(
            name: "EdgeCasesAPI", dependencies: ["RaspRuntime", "RaspURLSession", "RaspMiddlewares"],
            path: "Tests/EdgeCasesAPI"
        ),
        /// What the edge-case client sends and returns, over a recording transport and through the mock server.
        .testTarget(
            name: "EdgeCasesAPITests",
            dependencies: ["EdgeCasesAPI", "RaspRuntime", "RaspURLSession", "RaspMock", "RaspTestSupport"]
        ),
        /// The client generated from `Tests/Fixtures/value-semantics`: one schema per way a value could be lost
        /// between JSON and Swift (unions, inheritance, read/write-only, extra properties, nulls), checked in.
        .target(
            name: "ValueSemanticsAPI", dependencies: ["RaspRuntime", "RaspURLSession"], path: "Tests/ValueSemanticsAPI"
        ),
        .testTarget(name: "ValueSemanticsAPITests", dependencies: ["ValueSemanticsAPI", "RaspRuntime"]),
        /// The client generated from `Tests/Fixtures/openapi-32/client` (streams typed by `itemSchema`, a
        /// `querystring` parameter, the `QUERY` method, an additional operation), checked in.
        .target(name: "OpenAPI32API", dependencies: ["RaspRuntime", "RaspURLSession"], path: "Tests/OpenAPI32API"),
        /// The client and server generated from the Swagger 2.0 document `Tests/Fixtures/swagger-2/client` (a body,
        /// a form upload with a file, a `multi` query list), checked in.
        .target(name: "Swagger2API", dependencies: ["RaspRuntime", "RaspURLSession"], path: "Tests/Swagger2API"),
        /// The client and server generated from `Tests/Fixtures/webhooks` (webhooks told apart by their body, a
        /// callback), checked in.
        .target(name: "WebhooksAPI", dependencies: ["RaspRuntime", "RaspURLSession"], path: "Tests/WebhooksAPI"),
        .testTarget(name: "OpenAPI32APITests", dependencies: ["OpenAPI32API", "RaspRuntime", "RaspTestSupport"]),
        /// Generated clients against their generated servers, in process and over loopback (Hummingbird).
        .testTarget(
            name: "RaspServerTests",
            dependencies: [
                "EdgeCasesAPI", "Swagger2API", "WebhooksAPI", "RaspAPI", "RaspRuntime", "RaspURLSession",
                "RaspHummingbird", "RaspBenchCoders",
                "RaspDemo", "RaspSpecMock",
                "RaspTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "RaspWebhooksTests",
            dependencies: [
                "RaspWebhooks", "WebhooksAPI", "RaspRuntime", "RaspURLSession", "RaspHummingbird",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        /// One suite, run against every transport (URLSession and AsyncHTTPClient) over real loopback sockets:
        /// statuses, headers, every body kind, streams, uploads, cancellation, timeouts, the mock server's faults.
        .testTarget(
            name: "ClientTransportTests",
            dependencies: [
                "RaspRuntime", "RaspURLSession", "RaspMiddlewares", "RaspAsyncHTTPClient", "RaspMock", "RaspDemo",
                "RaspAPI", "EdgeCasesAPI",
                "RaspServices", "RaspTestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        /// RaspOpenAPIRuntime's adapters around a generated client: swift-openapi-runtime middlewares, and
        /// swift-openapi-urlsession's transport over loopback.
        .testTarget(
            name: "RaspOpenAPIRuntimeTests",
            dependencies: [
                .target(name: "RaspOpenAPIRuntime", condition: swiftOpenAPIRuntime),
                "EdgeCasesAPI", "RaspRuntime", "RaspURLSession", "RaspTestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: swiftOpenAPIRuntime),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession",
                         condition: swiftOpenAPIRuntime),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "RaspRuntimeTests",
            dependencies: [
                "RaspRuntime", "RaspURLSession", "RaspMiddlewares", "RaspTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "RaspServicesTests",
            dependencies: ["RaspServices", "RaspRuntime", "RaspURLSession", "RaspMiddlewares", "RaspTestSupport"]
        ),
        .testTarget(name: "RaspTerminalTests", dependencies: ["RaspTerminal"], resources: [.copy("Fixtures")]),
        .testTarget(name: "RaspAPITests", dependencies: ["RaspAPI", "RaspRuntime", "RaspTestSupport"]),
        .testTarget(
            name: "RaspMockTests",
            dependencies: [
                "RaspMock", "RaspDemo", "RaspAPI", "RaspRuntime", "RaspURLSession", "RaspMiddlewares", "RaspServices",
                "RaspTestSupport",
            ]
        ),
        .testTarget(
            name: "RaspDirectoryTests",
            dependencies: ["RaspDirectory", "RaspBenchData"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RaspKitTests",
            dependencies: [
                "RaspKit", "RaspMock", "RaspDemo", "RaspAPI", "RaspRuntime", "RaspURLSession", "RaspMiddlewares",
                "RaspServices", "RaspDirectory",
                "RaspTestSupport", .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "RaspCLITests",
            dependencies: [
                "rasp", "RaspMock", "RaspDemo", "RaspDirectory", "RaspKit", "RaspAPI", "RaspRuntime", "RaspTestSupport",
                "RaspMiddlewares",
            ]
        ),
        /// Fault soak over the mock server, corrupted settings and caches, atomic writes, key-leak scan.
        .testTarget(
            name: "RaspReliabilityTests",
            dependencies: [
                "RaspMock", "RaspDemo", "RaspAPI", "RaspRuntime", "RaspURLSession", "RaspMiddlewares", "RaspServices",
                "RaspKit", "RaspDirectory",
                "RaspTestSupport", "RaspBenchData", .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

// Upcoming language features for every Swift target.
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
