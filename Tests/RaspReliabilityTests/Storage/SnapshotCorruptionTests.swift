import Foundation
import RaspDemo
import RaspDirectory
import Testing
import RaspBenchData

/// The station directory snapshot (the CLI's cache of the parsed stations_list): seeded random damage of every
/// kind gives a `StationDirectoryError` with a clear message, never a crash or a directory with other content, so
/// the caller can reparse the JSON and rewrite the snapshot.
@Suite("Directory snapshot survives damage")
struct SnapshotCorruptionTests {
    static let directory = try! StationDirectory.load(json: DemoAPI.stationsListJSON)
    static let snapshot = directory.snapshotData()

    /// A damaged copy of the snapshot and what was done to it.
    static func damage(_ data: Data, using random: inout SeededRandom) -> (Data, String) {
        var bytes = [UInt8](data)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let flips = Int.random(in: 1...4, using: &random)
            for _ in 0..<flips {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            }
            return (Data(bytes), "\(flips) bit flips")
        case 1:
            let length = Int.random(in: 0..<bytes.count, using: &random)
            return (Data(bytes.prefix(length)), "cut at \(length)")
        case 2:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let count = Int.random(in: 1...min(512, bytes.count - start), using: &random)
            let zero = Bool.random(using: &random)
            for index in start..<(start + count) { bytes[index] = zero ? 0 : UInt8.random(in: 0...255, using: &random) }
            return (Data(bytes), "\(count) bytes \(zero ? "zeroed" : "overwritten") at \(start)")
        case 3:
            // A header field: version, reserved, payload length or checksum (offsets 8…31), set to a random value.
            let offset = [8, 12, 16, 24][Int.random(in: 0..<4, using: &random)]
            let width = offset < 16 ? 4 : 8
            for index in offset..<(offset + width) { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            return (Data(bytes), "header field at \(offset) randomized")
        case 4:
            let extra = (0..<Int.random(in: 1...64, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            return (Data(bytes + extra), "\(extra.count) bytes appended")
        default:
            // Another section's bytes copied over one (a stray write from the same file).
            let count = min(256, bytes.count / 4)
            let from = Int.random(in: 32..<(bytes.count - count), using: &random)
            let to = Int.random(in: 32..<(bytes.count - count), using: &random)
            bytes.replaceSubrange(to..<(to + count), with: bytes[from..<(from + count)])
            return (Data(bytes), "\(count) bytes copied from \(from) to \(to)")
        }
    }

    @Test("400 seeded damages: a StationDirectoryError with a message, or (damage in ignored bytes) the same directory")
    func randomDamage() async throws {
        let folder = temporaryFolder("snapshot")
        let result = try await offPool {
            try Self.damageRounds(400, file: folder.appendingPathComponent("directory.snapshot"))
        }
        print("snapshot.damages: 400, refused: \(result.refused), harmless: \(result.same)")
        #expect(result.problems.isEmpty, "\(result.problems.prefix(10))")
        #expect(result.refused + result.same == 400)
        #expect(result.refused > result.same * 4, "most damage is caught")
    }

    /// Loads `count` damaged snapshots from memory (every fifth also from a file, the memory-mapped path); returns
    /// how many were refused, how many loaded the same directory, and anything else (run off the test's task, so it
    /// reports problems instead of recording issues).
    static func damageRounds(_ count: Int, file: URL) throws -> (refused: Int, same: Int, problems: [String]) {
        var random = SeededRandom(seed: 0xD1_2EC7)
        var refused = 0, same = 0, problems: [String] = []
        for round in 0..<count {
            let (damaged, what) = damage(snapshot, using: &random)
            var loads: [(String, () throws -> StationDirectory)] = [
                ("memory", { try StationDirectory.load(snapshot: damaged) })
            ]
            if round % 5 == 0 {
                try damaged.write(to: file)
                loads.append(("file", { try StationDirectory.load(snapshot: file) }))
            }
            var outcomes: Set<Bool> = []
            for (source, load) in loads {
                do {
                    if try load().snapshotData() != snapshot {
                        problems.append("\(what) (\(source)) loaded a different directory")
                    }
                    outcomes.insert(true)
                } catch let error as StationDirectoryError {
                    if error.description.isEmpty { problems.append("\(what): an error without a message") }
                    outcomes.insert(false)
                } catch {
                    problems.append("\(what) (\(source)): not a StationDirectoryError: \(error)")
                }
            }
            if outcomes.count > 1 { problems.append("\(what): memory and file disagree") }
            if outcomes.contains(true) { same += 1 } else { refused += 1 }
        }
        return (refused, same, problems)
    }

    @Test("A damaged snapshot on disk: the caller reparses the JSON, rewrites the snapshot, and it loads again")
    func callerRebuilds() async throws {
        let folder = temporaryFolder("snapshot")
        let file = folder.appendingPathComponent("directory.snapshot")
        let (first, second, reloaded, names) = try await offPool {
            try Self.directory.writeSnapshot(to: file)
            try Data(try Data(contentsOf: file).prefix(100)).write(to: file)
            func loadOrRebuild() throws -> (StationDirectory, rebuilt: Bool) {
                do {
                    return (try StationDirectory.load(snapshot: file), false)
                } catch is StationDirectoryError {
                    let directory = try StationDirectory.load(json: DemoAPI.stationsListJSON)
                    try directory.writeSnapshot(to: file)
                    return (directory, true)
                }
            }
            let first = try loadOrRebuild(), second = try loadOrRebuild()
            return (first.rebuilt, second.rebuilt, second.0.snapshotData(),
                    try FileManager.default.contentsOfDirectory(atPath: folder.path))
        }
        #expect(first, "the damaged snapshot was refused and rebuilt")
        #expect(!second, "the rewritten snapshot loads")
        #expect(reloaded == Self.snapshot)
        #expect(names == ["directory.snapshot"], "the atomic rewrite left no temporary file: \(names)")
    }
}
