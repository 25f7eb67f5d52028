import Foundation
import Testing

/// A damaged cache never needs a manual step: with the server reachable, the next name-based command repairs it
/// and answers, saying so in exactly one warning, and the command after that is quiet again.
@Suite struct CacheRepairTests {
    /// Ways the cached stations_list can be damaged, and what the warning says about each.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case junkOfTheSameSize, flippedBits, truncated, junkMetadata

        var testDescription: String { rawValue }

        /// The cause the warning names.
        var reason: String {
            switch self {
            case .junkOfTheSameSize, .flippedBits: "its content does not match its checksum"
            case .truncated: "bytes instead of"
            case .junkMetadata: "its metadata is not valid"
            }
        }

        func apply(to rig: RepairRig) throws {
            let bytes = try Data(contentsOf: rig.json)
            switch self {
            case .junkOfTheSameSize:
                try Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }).write(to: rig.json)
            case .flippedBits:
                var flipped = [UInt8](bytes)
                for position in [0, flipped.count / 3, flipped.count - 2] { flipped[position] ^= 0x01 }
                try Data(flipped).write(to: rig.json)
            case .truncated:
                try bytes.prefix(bytes.count / 2).write(to: rig.json)
            case .junkMetadata:
                try Data(repeating: UInt8(ascii: "{"), count: 80).write(to: rig.metadata)
                return
            }
            try rig.markJSONNewerThanSnapshot()
        }
    }

    /// Runs a first search (which fills the cache), damages it, and checks the repairing run and the quiet one after:
    /// the warning contains every one of `warning`, and the repair downloads the directory `repairDownloads` times.
    private func expectRepair(_ name: String, warning: [String], repairDownloads: Int, launcher: [String] = [],
                              prepare: @escaping (RepairRig) throws -> Void = { _ in },
                              damage: @escaping (RepairRig) throws -> Void) async throws {
        try await RepairRig.with { rig in
            try prepare(rig)
            let first = try await rig.search(launcher: launcher)
            #expect(first.answered && first.problemLines.isEmpty, "\(name): \(first)")
            #expect(first.completedDownloads == 1, "\(name): \(first)")
            try damage(rig)
            let repairing = try await rig.search(launcher: launcher)
            #expect(repairing.answered, "\(name): \(repairing)")
            #expect(repairing.problemLines.count == 1, "\(name): exactly one warning: \(repairing)")
            let line = repairing.problemLines.first ?? ""
            #expect(warning.allSatisfy(line.contains), "\(name): \(repairing)")
            #expect(repairing.completedDownloads == repairDownloads, "\(name): \(repairing)")
            let requests = await rig.downloads()
            #expect(requests >= 1 + repairDownloads, "\(name): the server saw the downloads")
            let after = try await rig.search(launcher: launcher)
            #expect(after.answered && after.problemLines.isEmpty, "\(name): repaired for good: \(after)")
            #expect(after.completedDownloads == 0, "\(name): \(after)")
            #expect(await rig.downloads() == requests, "\(name): no request after the repair")
        }
    }

    @Test("A damaged stations_list file or metadata is downloaded again", arguments: Damage.allCases)
    func damagedFile(damage: Damage) async throws {
        let warning = ["rasp: the cached station directory ", "stations_list-default.json is damaged (", damage.reason,
                       "); downloading it again"]
        try await expectRepair("\(damage)", warning: warning, repairDownloads: 1) { rig in try damage.apply(to: rig) }
    }

    @Test func aCacheFromBeforeChecksumsThatDoesNotParseIsDownloadedAgain() async throws {
        try await expectRepair("old cache", warning: ["does not read as a stations_list document"],
                               repairDownloads: 1) { rig in
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: rig.metadata))
            var metadata = try #require(object as? [String: Any])
            metadata["checksum"] = nil
            try JSONSerialization.data(withJSONObject: metadata).write(to: rig.metadata)
            let size = try Data(contentsOf: rig.json).count
            try Data(repeating: UInt8(ascii: " "), count: size).write(to: rig.json)
            try rig.markJSONNewerThanSnapshot()
        }
    }

    @Test func anUnparsableCacheWithTheServerGoneEndsAsNoConnection() async throws {
        try await RepairRig.with { rig in
            let first = try await rig.search()
            #expect(first.answered, "\(first)")
            await rig.server.stop()
            // A copy from before checksums that does not parse, written after the snapshot.
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: rig.metadata))
            var metadata = try #require(object as? [String: Any])
            metadata["checksum"] = nil
            try JSONSerialization.data(withJSONObject: metadata).write(to: rig.metadata)
            try Data(repeating: UInt8(ascii: " "), count: try Data(contentsOf: rig.json).count).write(to: rig.json)
            try rig.markJSONNewerThanSnapshot()

            let run = try await rig.search()
            // The copy is discarded with its warning; the download that should replace it fails on the connection,
            // and that is what the run reports, not the parse before it.
            #expect(run.status == 4, "\(run)")
            #expect(run.stderr.contains("does not read as a stations_list document"), "\(run)")
            #expect(!run.stderr.contains("cannot read \(rig.json.path)"), "\(run)")
        }
    }

    @Test("A damaged snapshot is rebuilt from the JSON, with no download", arguments: ["junk", "truncated"])
    func damagedSnapshot(kind: String) async throws {
        let warning = ["rasp: the station directory index ", "is damaged (", "); rebuilding it"]
        try await expectRepair("snapshot \(kind)", warning: warning, repairDownloads: 0) { rig in
            let bytes = try Data(contentsOf: rig.snapshot)
            let damaged = kind == "junk" ? Data(repeating: 0xA5, count: bytes.count) : bytes.prefix(bytes.count - 100)
            try damaged.write(to: rig.snapshot)
            // Still newer than the JSON, as a damaged snapshot would be.
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: rig.snapshot.path)
        }
    }

    @Test("An unreadable (chmod 000) file is replaced", .enabled(if: Unprivileged.available),
          arguments: ["json", "metadata", "snapshot"])
    func unreadableFile(which: String) async throws {
        let downloads = which == "snapshot" ? 0 : 1
        let warning = which == "snapshot" ? ["index", "Permission denied"] : ["cannot be read: Permission denied"]
        try await expectRepair("chmod 000 \(which)", warning: warning, repairDownloads: downloads,
                               launcher: Unprivileged.launcher,
                               prepare: { rig in try Unprivileged.handOver(rig.sandbox) }) { rig in
            let file = which == "json" ? rig.json : which == "metadata" ? rig.metadata : rig.snapshot
            try Unprivileged.chmod(file, 0)
        }
    }
}
