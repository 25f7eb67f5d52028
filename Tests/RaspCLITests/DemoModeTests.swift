import Foundation
import Testing

/// The fresh-machine path: no key, no server, the embedded demo data, no network.
@Suite struct DemoModeTests {
    @Test func searchByNamesPrintsATimetableFromDemoData() async throws {
        let run = try await RaspProcess.run(["search", "Москва", "Санкт-Петербург", "--date", "tomorrow"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Москва → Санкт-Петербург") == true, "\(run)")
        #expect(lines.dropFirst().first?.hasPrefix("DEPARTS  ARRIVES") == true, "\(run)")
        #expect(lines.count > 5, "\(run)")
        // Every trip row starts with a local departure time.
        #expect(lines.dropFirst(2).allSatisfy { $0.range(of: #"^\d\d:\d\d "#, options: .regularExpression) != nil },
                "\(run)")
        #expect(run.stderr.contains("demo data"), "the demo notice goes to standard error: \(run)")
        #expect(!run.stdout.contains("demo data"))
        #expect(!run.stdout.contains("\u{1B}["), "no colour when standard output is not a terminal")
    }

    @Test func jsonOutputParsesAndHasStableFields() async throws {
        let run = try await RaspProcess.run(["search", "Москва", "Санкт-Петербург", "--json", "--limit", "3"])
        #expect(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "demo")
        #expect((object["from"] as? [String: Any])?["code"] as? String == "c213")
        #expect((object["to"] as? [String: Any])?["code"] as? String == "c2")
        let trips = try #require(object["trips"] as? [[String: Any]])
        #expect(trips.count == 3)
        for trip in trips {
            for key in ["departure", "arrival", "departure_time", "arrival_time", "duration_text", "from", "to",
                        "transport_types", "number", "thread_uids", "carrier", "has_transfers", "transfers"] {
                #expect(trip[key] != nil, "missing \(key) in \(trip)")
            }
        }
    }

    @Test func filtersKeepOnlyMatchingTrips() async throws {
        let run = try await RaspProcess.run(["search", "c213", "c2", "--json", "--slot", "morning",
                                             "--transport", "train", "--direct"])
        #expect(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        #expect(!trips.isEmpty)
        for trip in trips {
            #expect(trip["slot"] as? String == "morning")
            #expect(trip["transport_types"] as? [String] == ["train"])
            #expect(trip["has_transfers"] as? Bool == false)
            let hour = Int(String((trip["departure_time"] as? String ?? "").prefix(2))) ?? -1
            #expect((6..<12).contains(hour))
        }
    }

    @Test func runsWithNoNetworkAtAll() async throws {
        let probe = try await RaspProcess.run(["--help"], launcher: ["unshare", "-n"])
        try #require(probe.status == 0, "unshare -n is not permitted here: \(probe)")
        let run = try await RaspProcess.run(["search", "Москва", "Санкт-Петербург"], launcher: ["unshare", "-n"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Москва → Санкт-Петербург"), "\(run)")
    }

    @Test func helpListsExamplesAndExitCodes() async throws {
        let run = try await RaspProcess.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Examples:"))
        #expect(run.stdout.contains("Exit codes: 0 success"))
        for command in ["search", "stations", "schedule", "thread", "carrier", "nearest", "copyright"] {
            #expect(run.stdout.contains("  \(command) "), "\(command) missing from help")
        }
        let completion = try await RaspProcess.run(["--generate-completion-script", "bash"])
        #expect(completion.status == 0)
        #expect(completion.stdout.contains("rasp"))
    }
}
