import Foundation
import Testing
import RaspDirectory

@Suite struct SnapshotTests {
    private func temporaryURL() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-directory-tests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("directory.snapshot")
    }

    @Test func roundTripKeepsEverything() throws {
        for original in [Fixtures.small, Fixtures.quirks] {
            let url = try temporaryURL()
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            try original.writeSnapshot(to: url)
            let restored = try StationDirectory.load(snapshot: url)
            #expect(restored.settlementCount == original.settlementCount)
            #expect(restored.stationCount == original.stationCount)
            #expect(restored.settlements == original.settlements)
            for settlement in original.settlements {
                let code = settlement.code
                #expect(restored.stations(inSettlement: code) == original.stations(inSettlement: code))
            }
            for query in ["моск", "sankt", "Масква", "новг", "вокзал", "серги", "s9600213", "Мурино"] {
                #expect(restored.searchSettlements(query) == original.searchSettlements(query))
                let stations = restored.searchStations(query, inSettlement: nil)
                #expect(stations == original.searchStations(query, inSettlement: nil))
                #expect(restored.resolve(query) == original.resolve(query))
            }
            #expect(restored.station(code: "s9999906") == original.station(code: "s9999906"))
        }
    }

    @Test func writingReplacesAnOldSnapshot() throws {
        let url = try temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Fixtures.quirks.writeSnapshot(to: url)
        try Fixtures.small.writeSnapshot(to: url)
        #expect(try StationDirectory.load(snapshot: url).stationCount == Fixtures.small.stationCount)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["directory.snapshot"])
    }

    @Test func damagedBytesAreACorruptSnapshot() throws {
        var data = Fixtures.small.snapshotData()
        data[data.count / 2] ^= 0x40
        #expect(throws: StationDirectoryError.corruptSnapshot(reason: "checksum mismatch")) {
            try StationDirectory.load(snapshot: data)
        }
    }

    @Test func cutFilesAreATruncatedSnapshot() throws {
        let data = Fixtures.small.snapshotData()
        for length in [data.count - 1, data.count / 2, 40, 31, 12, 3, 0] {
            #expect(throws: StationDirectoryError.truncatedSnapshot) {
                try StationDirectory.load(snapshot: data.prefix(length))
            }
        }
    }

    @Test func otherFilesAreNotASnapshot() throws {
        let json = try Data(contentsOf: Fixtures.url("stations_list_small.json"))
        #expect(throws: StationDirectoryError.notASnapshot) { try StationDirectory.load(snapshot: json) }
        #expect(throws: StationDirectoryError.notASnapshot) {
            try StationDirectory.load(snapshot: Fixtures.url("stations_list_quirks.json"))
        }
    }

    @Test func anotherVersionIsRefused() throws {
        var data = Fixtures.small.snapshotData()
        data[8] = 99
        #expect(throws: StationDirectoryError.unsupportedSnapshotVersion(found: 99, supported: 1)) {
            try StationDirectory.load(snapshot: data)
        }
    }

    @Test func aMissingFileIsAFileError() {
        let url = URL(fileURLWithPath: "/nonexistent/rasp/directory.snapshot")
        #expect(throws: (any Error).self) { try StationDirectory.load(snapshot: url) }
    }

    @Test func errorsExplainThemselves() {
        #expect(StationDirectoryError.truncatedSnapshot.description == "station directory snapshot is truncated")
        #expect(
            StationDirectoryError.malformedJSON(offset: 12, reason: "expected a string").description
                == "stations_list JSON is malformed at byte 12: expected a string")
    }
}
