import Foundation

/// Debug-builds our output and swift-openapi-generator's output of one spec in two scratch packages and prints the
/// time and memory of compiling the generated module alone (dependencies are built first and not counted).
struct CompileComparison {
    /// The rasp-swift package root (our generated code depends on its `RaspRuntime`).
    var root: String
    /// The spec's scratch folder.
    var folder: String
    /// The spec's short name, the figure prefix.
    var name: String
    /// How many times each module is rebuilt; the figures are medians (the driver does not always start a batch as
    /// soon as a core is free, which moves a single build's wall time by seconds).
    var runs: Int
    /// How long one build may take before it is stopped (nil: no limit).
    var timeLimit: Duration?

    /// Builds both; `sogFiles` is nil when swift-openapi-generator did not run.
    func run(oursFiles: String, sogFiles: String?) throws {
        let ours = try preparePackage(kind: "ours", files: oursFiles, manifest: """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "generated-ours",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "rasp-swift", path: "\(root)")],
                targets: [.target(name: "GeneratedAPI",
                                  dependencies: [.product(name: "RaspRuntime", package: "rasp-swift")])]
            )
            """)
        guard let oursUsage = try buildModule(package: ours, label: "ours"), let sogFiles else { return }
        let sog = try preparePackage(kind: "sog", files: sogFiles, manifest: """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "generated-sog",
                platforms: [.macOS(.v13)],
                dependencies: [
                    .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
                    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
                ],
                targets: [.target(name: "GeneratedAPI", dependencies: [
                    .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                    .product(name: "HTTPTypes", package: "swift-http-types"),
                ])]
            )
            """)
        guard let sogUsage = try buildModule(package: sog, label: "sog") else {
            // Stopped at the limit: the limit itself bounds the ratio from below.
            if let timeLimit {
                let limit = Double(timeLimit.components.seconds) * 1000
                Figures.emit("\(name).build_speedup_vs_sog_at_least",
                             limit / oursUsage.rebuild.wallMilliseconds, "x", decimals: 2)
            }
            return
        }
        Figures.emit("\(name).build_speedup_vs_sog",
                     sogUsage.rebuild.wallMilliseconds / oursUsage.rebuild.wallMilliseconds, "x", decimals: 2)
        Figures.emit("\(name).build_cpu_speedup_vs_sog",
                     sogUsage.rebuild.cpuMilliseconds / oursUsage.rebuild.cpuMilliseconds, "x", decimals: 2)
        Figures.emit("\(name).module_build_speedup_vs_sog",
                     sogUsage.moduleWall / oursUsage.moduleWall, "x", decimals: 2)
        Figures.emit("\(name).module_build_cpu_speedup_vs_sog",
                     sogUsage.moduleCPU / oursUsage.moduleCPU, "x", decimals: 2)
        Figures.emit("\(name).build_memory_vs_sog",
                     Double(oursUsage.rebuild.peakResidentBytes) / Double(sogUsage.rebuild.peakResidentBytes), "ratio",
                     decimals: 2)
    }

    private func preparePackage(kind: String, files: String, manifest: String) throws -> String {
        let package = "\(folder)/build-\(kind)"
        let sources = "\(package)/Sources/GeneratedAPI"
        try? FileManager.default.removeItem(atPath: sources)
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: "\(package)/Package.swift"))
        for file in try FileManager.default.contentsOfDirectory(atPath: files) where file.hasSuffix(".swift") {
            try FileManager.default.copyItem(atPath: "\(files)/\(file)", toPath: "\(sources)/\(file)")
        }
        return package
    }

    /// A rebuild of the generated module, and what SwiftPM spends on a build with nothing to compile (loading the
    /// package graph's manifests: more for ours, whose dependency brings the whole rasp-swift graph).
    struct ModuleBuild {
        var rebuild: Subprocess.Usage
        var noop: Subprocess.Usage
        /// The rebuild less the empty build: the compiler's share.
        var moduleWall: Double { max(rebuild.wallMilliseconds - noop.wallMilliseconds, 1) }
        var moduleCPU: Double { max(rebuild.cpuMilliseconds - noop.cpuMilliseconds, 1) }
    }

    /// Builds once (dependencies and all), then touches the generated sources and measures the rebuild, which
    /// compiles only the generated module (``runs`` times: medians of wall, CPU and memory), then a build with
    /// nothing to do. Nil when a build was stopped at ``timeLimit`` (its figure says so).
    private func buildModule(package: String, label: String) throws -> ModuleBuild? {
        let log = "\(package)/build.log"
        try? FileManager.default.removeItem(atPath: log)
        Figures.note("\(name): building \(label) (dependencies first; log: \(log))")
        let prefix = label == "ours" ? name : "\(name).sog"
        // The first build compiles the generated module too, so the limit stops it as well.
        let warm = try Subprocess.run(["swift", "build", "--package-path", package], logFile: log, timeLimit: timeLimit)
        if warm.timedOut {
            Figures.emit("\(prefix).first_build_stopped_after", warm.wallMilliseconds / 1000, "s")
            return nil
        }
        guard warm.status == 0 else { throw Subprocess.Failure(description: "\(label) build failed; see \(log)") }
        let sources = "\(package)/Sources/GeneratedAPI"
        var rebuilds: [Subprocess.Usage] = []
        for _ in 0..<runs {
            for file in try FileManager.default.contentsOfDirectory(atPath: sources) {
                try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: "\(sources)/\(file)")
            }
            let rebuild = try Subprocess.run(["swift", "build", "--package-path", package], logFile: log,
                                             timeLimit: timeLimit)
            if rebuild.timedOut {
                Figures.emit("\(prefix).debug_build_stopped_after", rebuild.wallMilliseconds / 1000, "s")
                return nil
            }
            guard rebuild.status == 0 else {
                throw Subprocess.Failure(description: "\(label) rebuild failed; see \(log)")
            }
            rebuilds.append(rebuild)
        }
        func median<T: Comparable>(_ value: (Subprocess.Usage) -> T) -> T {
            rebuilds.map(value).sorted()[rebuilds.count / 2]
        }
        let usage = Subprocess.Usage(status: 0, wallMilliseconds: median(\.wallMilliseconds),
                                     cpuMilliseconds: median(\.cpuMilliseconds),
                                     peakResidentBytes: median(\.peakResidentBytes))
        if runs > 1 {
            Figures.note("\(name) \(label) rebuilds (wall s): "
                + rebuilds.map { String(format: "%.1f", $0.wallMilliseconds / 1000) }.joined(separator: " "))
        }
        Figures.emit("\(prefix).debug_build", usage.wallMilliseconds / 1000, "s")
        Figures.emit("\(prefix).debug_build_cpu", usage.cpuMilliseconds / 1000, "s")
        Figures.emit("\(prefix).debug_build_peak_rss", Double(usage.peakResidentBytes) / 1_048_576, "MB")
        let noop = try Subprocess.run(["swift", "build", "--package-path", package], logFile: log)
        guard noop.status == 0 else { throw Subprocess.Failure(description: "\(label) empty build failed; see \(log)") }
        let build = ModuleBuild(rebuild: usage, noop: noop)
        Figures.emit("\(prefix).noop_build", noop.wallMilliseconds / 1000, "s")
        Figures.emit("\(prefix).module_build", build.moduleWall / 1000, "s")
        Figures.emit("\(prefix).module_build_cpu", build.moduleCPU / 1000, "s")
        return build
    }
}
