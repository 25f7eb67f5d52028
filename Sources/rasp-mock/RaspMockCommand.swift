import ArgumentParser
import Foundation
import RaspDemo
import RaspMock

/// `rasp-mock [--host 127.0.0.1] [--port 8080]`: serves the Rasp API v3.0 from the demo data set until killed.
@main
struct RaspMockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rasp-mock",
        abstract: "A mock Yandex Rasp API v3.0 server answering from demo data (not real timetables).",
        discussion: """
            Prints the base URL on stdout, then serves until killed. Ask for faults per request with the header \
            X-Mock-Fault (delay=MS, 500, 503, 429, truncate, malformed, content-type[=TYPE], close; comma-separated) \
            and limit them to the first N requests of a path with X-Mock-Fault-Times: N.
            """
    )

    @Option(help: "The IPv4 address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one).")
    var port: UInt16 = 8080

    @Flag(help: "Require an API key (read from the RASP_MOCK_KEY environment variable) on every request.")
    var requireKey = false

    func run() async throws {
        var key: String?
        if requireKey {
            guard let value = ProcessInfo.processInfo.environment["RASP_MOCK_KEY"], !value.isEmpty else {
                throw ValidationError("--require-key needs the RASP_MOCK_KEY environment variable")
            }
            key = value
        }
        let server = MockServer(api: DemoAPI(requiredKey: key))
        let url = try await server.start(host: host, port: port)
        FileHandle.standardOutput.write(Data("\(url.absoluteString)\n".utf8))
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(3600))
        }
        await server.stop()
    }
}
