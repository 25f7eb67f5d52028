import Foundation
import Testing
import RaspDirectory
import RaspBenchData

@Suite struct SyntheticTests {
    @Test func sameSeedSameBytes() {
        let first = SyntheticStationsList.data(stations: 3_000, seed: 7)
        let second = SyntheticStationsList.data(stations: 3_000, seed: 7)
        let other = SyntheticStationsList.data(stations: 3_000, seed: 8)
        #expect(first.data == second.data)
        #expect(first.data != other.data)
        #expect(first.summary.bytes == first.data.count)
    }

    @Test func shapedLikeTheRealDirectory() throws {
        let (data, summary) = SyntheticStationsList.data(stations: 6_000, seed: 1)
        let directory = try StationDirectory.load(json: data)
        #expect(summary.stations >= 6_000)
        #expect(directory.stationCount == summary.stations - summary.stationsWithoutCode)
        #expect(directory.settlementCount == summary.settlements)
        #expect(summary.countries > 20)
        #expect(summary.settlements > summary.stations / 6)
        // Real big cities with their real codes, many stations, and a hub first.
        let moscow = try #require(directory.settlement(code: "c213"))
        #expect(moscow.title == "Москва")
        #expect(moscow.stationCount > 10)
        #expect(directory.stations(inSettlement: "c213").first?.stationType == .trainStation)
        #expect(directory.searchSettlements("moskva").first?.code == "c213")
        // Most villages have a single stop.
        let sizes = directory.settlements.map(\.stationCount)
        #expect(sizes.filter { $0 == 1 }.count * 3 > sizes.count)
    }

    @Test func writesAFileAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-synthetic-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("stations_list.json")
        let summary = try SyntheticStationsList.write(to: url, stations: 2_000, seed: 3)
        let written = try Data(contentsOf: url)
        #expect(written == SyntheticStationsList.data(stations: 2_000, seed: 3).data)
        #expect(summary.bytes == written.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["stations_list.json"])
    }
}
