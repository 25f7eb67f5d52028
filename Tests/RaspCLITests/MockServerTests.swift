import Foundation
import Testing

/// Every subcommand against the mock server over real HTTP (`--base-url`), as with a real server: the station
/// directory is downloaded from it once and reused from the cache.
@Suite struct MockServerTests {
    @Test func searchDownloadsTheDirectoryOnceThenReusesIt() async throws {
        let url = try await SharedMock.openURL()
        let sandbox = try RaspProcess.makeSandbox()
        let first = try await RaspProcess.run(["search", "Москва", "Санкт-Петербург", "--base-url", url],
                                              sandbox: sandbox)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.hasPrefix("Москва → Санкт-Петербург"), "\(first)")
        #expect(first.stderr.contains("downloading the station directory"), "\(first)")
        #expect(first.stderr.contains("indexed"), "\(first)")
        #expect(!first.stderr.contains("demo data"), "a server is not the demo mode: \(first)")

        let second = try await RaspProcess.run(["search", "Москва", "Тверь", "--base-url", url], sandbox: sandbox)
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.hasPrefix("Москва → Тверь"), "\(second)")
        #expect(!second.stderr.contains("downloading"), "the cached directory is reused: \(second)")
        #expect(!second.stderr.contains("indexed"), "the snapshot is reused: \(second)")
    }

    @Test func stations() async throws {
        let run = try await RaspProcess.run(["stations", "питер", "--base-url", try await SharedMock.openURL()])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("c2 "), "\(run)")
        #expect(run.stdout.contains("Санкт-Петербург (Московский вокзал)"), "\(run)")
    }

    @Test func scheduleOfAStationAndAmbiguousSettlement() async throws {
        let url = try await SharedMock.openURL()
        let sandbox = try RaspProcess.makeSandbox()
        let run = try await RaspProcess.run(["schedule", "s2006004", "--limit", "4", "--base-url", url],
                                            sandbox: sandbox)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("(s2006004)"), "\(run)")
        #expect(run.stdout.contains("TIME   NUMBER"), "\(run)")
        #expect(run.stdout.split(separator: "\n").count == 6, "a heading, a header and 4 rows: \(run)")

        let city = try await RaspProcess.run(["schedule", "Москва", "--base-url", url], sandbox: sandbox)
        #expect(city.status == 2, "\(city)")
        #expect(city.stderr.contains("s2006004"), "\(city)")
        #expect(city.stderr.contains("rasp schedule s"), "\(city)")
    }

    @Test func threadFromASearchResult() async throws {
        let url = try await SharedMock.openURL()
        let search = try await RaspProcess.run(["search", "c213", "c2", "--json", "--limit", "1", "--direct",
                                                "--base-url", url])
        #expect(search.status == 0, "\(search)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        let trip = try #require((object["trips"] as? [[String: Any]])?.first)
        let uid = try #require((trip["thread_uids"] as? [String])?.first)
        let date = try #require(trip["departure_date"] as? String)

        let run = try await RaspProcess.run(["thread", uid, "--date", date, "--base-url", url])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("STATION"), "\(run)")
        #expect(run.stdout.contains(trip["number"] as? String ?? "?"), "\(run)")

        let json = try await RaspProcess.run(["thread", uid, "--date", date, "--json", "--base-url", url])
        let thread = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(thread["uid"] as? String == uid)
        #expect((thread["stops"] as? [Any])?.isEmpty == false)
    }

    @Test func carrier() async throws {
        let url = try await SharedMock.openURL()
        let run = try await RaspProcess.run(["carrier", "SU", "--system", "iata", "--base-url", url])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Аэрофлот"), "\(run)")
        #expect(run.stdout.contains("IATA SU"), "\(run)")
    }

    @Test func nearest() async throws {
        let run = try await RaspProcess.run(["nearest", "55.7558", "37.6176", "--distance", "5", "--base-url",
                                             try await SharedMock.openURL()])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix(" KM  CODE"), "\(run)")
        #expect(run.stdout.contains("Москва (Курский вокзал)"), "\(run)")
    }

    @Test func copyright() async throws {
        let run = try await RaspProcess.run(["copyright", "--base-url", try await SharedMock.openURL()])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("http"), "\(run)")
        let json = try await RaspProcess.run(["copyright", "--json", "--base-url", try await SharedMock.openURL()])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["copyright"] as? [String: Any])?["text"] is String)
    }
}
