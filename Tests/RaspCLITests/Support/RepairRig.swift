import Foundation
import RaspMock

/// A sandbox and a mock server of its own (so a test counts its own downloads), for runs of
/// `rasp search Москва Тверь` that need the station directory from the server's cache folder.
struct RepairRig {
    let server: MockServer
    let url: URL
    let sandbox: URL

    /// Starts the server in a fresh sandbox (with its own temporary folder, `TMPDIR`, to look for leftovers in).
    static func start() async throws -> RepairRig {
        let server = MockServer()
        let url = try await server.start()
        let sandbox = try RaspProcess.makeSandbox()
        let temporary = sandbox.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return RepairRig(server: server, url: url, sandbox: sandbox)
    }

    /// Runs `body` with a started rig, stopping its server afterwards.
    static func with(_ body: (RepairRig) async throws -> Void) async throws {
        let rig = try await start()
        do {
            try await body(rig)
        } catch {
            await rig.server.stop()
            throw error
        }
        await rig.server.stop()
    }

    /// The cache folder of the server.
    var folder: URL { sandbox.appendingPathComponent("cache/\(url.host ?? "")_\(url.port ?? 0)") }
    /// The cached stations_list JSON.
    var json: URL { folder.appendingPathComponent("stations_list-default.json") }
    /// Its metadata.
    var metadata: URL { folder.appendingPathComponent("stations_list-default.json.meta.json") }
    /// The directory snapshot beside it.
    var snapshot: URL { folder.appendingPathComponent("stations_list-default.snapshot") }
    /// The temporary folder `rasp` is given.
    var temporary: URL { sandbox.appendingPathComponent("tmp") }

    /// Makes the cached JSON newer than its snapshot by a second, as a JSON file written after the snapshot is.
    ///
    /// A snapshot at least as new as the JSON stands for it (the JSON is not even read), and file times come from
    /// the kernel's coarse clock (4 ms steps here): a JSON rewritten within a few milliseconds of the snapshot that
    /// the run before wrote got the same time, so the damage went unseen and the repair run printed no warning.
    func markJSONNewerThanSnapshot() throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshot.path)
        guard let snapshotDate = attributes[.modificationDate] as? Date else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: snapshot.path])
        }
        try FileManager.default.setAttributes([.modificationDate: snapshotDate.addingTimeInterval(1)],
                                              ofItemAtPath: json.path)
    }

    /// Runs `rasp search Москва Тверь` against the server.
    func search(environment: [String: String] = [:], launcher: [String] = []) async throws -> RaspRun {
        try await RaspProcess.run(["search", "Москва", "Тверь", "--limit", "1", "--base-url", url.absoluteString],
                                  sandbox: sandbox, environment: ["TMPDIR": temporary.path].merging(environment) { $1 },
                                  launcher: launcher)
    }

    /// How many requests for the stations_list the server saw (retries included).
    func downloads() async -> Int {
        await server.counters(for: "/v3.0/stations_list/").requests
    }
}

extension RaspRun {
    /// The lines of standard error that report a problem (warnings, errors), not progress.
    var problemLines: [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            ["damaged", "cannot", "could not", "error", "warning"].contains { line.contains($0) }
        }
    }

    /// How many downloads of the station directory the run completed (`rasp: downloaded 26.8 KB in 0.1 s`); unlike
    /// the server's count, a retried request still counts once.
    var completedDownloads: Int {
        stderr.split(separator: "\n").filter { $0.hasPrefix("rasp: downloaded ") }.count
    }

    /// Whether the search answered: a heading and a trip.
    var answered: Bool { status == 0 && stdout.hasPrefix("Москва → Тверь") }
}
