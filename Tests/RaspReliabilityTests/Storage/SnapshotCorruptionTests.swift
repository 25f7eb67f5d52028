import Foundation
import RaspDemo
import RaspDirectory
import Testing

/// The station directory snapshot (the CLI's cache of the parsed stations_list): seeded random damage of every
/// kind gives a `StationDirectoryError` with a clear message, never a crash or a directory with other content, so
/// the caller can reparse the JSON and rewrite the snapshot.
@Suite("Directory snapshot survives damage")
struct SnapshotCorruptionTests {
    static let directory = try! StationDirectory.load(json: DemoAPI.stationsListJSON)
    static let snapshot = directory.snapshotData()

    /// A damaged copy of the snapshot and what was done to it.
    static func damage(_ data: Data, using random: inout SeededGenerator) -> (Data, String) {
        var bytes = [UInt8](data)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let flips = Int.random(in: 1...4, using: &random)
            for _ in 0..<flips { bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0..<8, using: &random) }
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
            let extra = (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
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

    @Test("600 seeded damages: a StationDirectoryError with a message, or (damage in ignored bytes) the same directory")
    func randomDamage() throws {
        var random = SeededGenerator(seed: 0xD1_2EC7)
        let folder = temporaryFolder("snapshot")
        let file = folder.appendingPathComponent("directory.snapshot")
        var refused = 0, same = 0
        for _ in 0..<600 {
            let (damaged, what) = Self.damage(Self.snapshot, using: &random)
            try damaged.write(to: file)
            for (source, load) in [("memory", { try StationDirectory.load(snapshot: damaged) }),
                                   ("file", { try StationDirectory.load(snapshot: file) })] {
                do {
                    let loaded = try load()
                    #expect(loaded.snapshotData() == Self.snapshot, "\(what) (\(source)) loaded a different directory")
                    same += 1
                } catch let error as StationDirectoryError {
                    #expect(!error.description.isEmpty)
                    refused += 1
                } catch {
                    Issue.record("\(what) (\(source)): not a StationDirectoryError: \(error)")
                }
            }
        }
        print("snapshot.damages: 600, refused: \(refused / 2), harmless: \(same / 2)")
        #expect(refused > same, "most damage is caught")
    }

    @Test("A damaged snapshot on disk: the caller reparses the JSON, rewrites the snapshot, and it loads again")
    func callerRebuilds() throws {
        let folder = temporaryFolder("snapshot")
        let file = folder.appendingPathComponent("directory.snapshot")
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
        let first = try loadOrRebuild()
        #expect(first.rebuilt)
        let second = try loadOrRebuild()
        #expect(!second.rebuilt)
        #expect(second.0.snapshotData() == Self.snapshot)
        #expect(second.0.resolve("Москва").isEmpty == false)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == ["directory.snapshot"], "the atomic rewrite left no temporary file: \(names)")
    }
}
