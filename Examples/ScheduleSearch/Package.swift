// swift-tools-version:6.1
import PackageDescription

/// Example: an app-side package that uses the SDK products (`RaspAPI`, `RaspKit`) and runs a schedule search
/// against the mock Rasp server (`RaspMock`), which serves made-up demo timetables.
let package = Package(
    name: "ScheduleSearch",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [
        // In your own package: .package(url: "https://github.com/<owner>/rasp-swift", from: "<version>")
        .package(name: "rasp-swift", path: "../.."),
    ],
    targets: [
        .target(
            name: "ScheduleSearch",
            dependencies: [
                .product(name: "RaspAPI", package: "rasp-swift"),
                .product(name: "RaspKit", package: "rasp-swift"),
                .product(name: "RaspRuntime", package: "rasp-swift"),
            ]
        ),
        .executableTarget(
            name: "schedule-search",
            dependencies: ["ScheduleSearch", .product(name: "RaspMock", package: "rasp-swift")]
        ),
        .testTarget(
            name: "ScheduleSearchTests",
            dependencies: ["ScheduleSearch", .product(name: "RaspMock", package: "rasp-swift")]
        ),
    ]
)
