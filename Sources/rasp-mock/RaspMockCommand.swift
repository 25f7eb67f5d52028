import ArgumentParser
import Foundation
import RaspDemo
import RaspHummingbird
import RaspMock
import RaspRuntime
import RaspSpecMock

/// `rasp-mock [--host 127.0.0.1] [--port 8080]`: serves the Rasp API v3.0 from the demo data set until killed.
@main
struct RaspMockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rasp-mock",
        abstract: "A mock Yandex Rasp API v3.0 server answering from demo data (not real timetables).",
        discussion: """
            Prints 'rasp-mock: listening on <base URL>' on stdout once it accepts connections, then serves until \
            killed; what an operator should know (such as the connection limit being reached) goes to stderr. \
            Ask for faults per request with the header X-Mock-Fault (delay=MS, 500, 503, 429, truncate, \
            malformed, content-type[=TYPE], close; comma-separated) and limit them to the first N requests of a \
            path with X-Mock-Fault-Times: N. Request lines over 8 KiB are answered 414, header fields over \
            16 KiB (64 KiB together, or more than 100 of them) 431, bodies over --max-body-bytes 413.
            """
    )

    @Option(help: "The IPv4 address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one).")
    var port: UInt16 = 8080

    @Flag(help: ArgumentHelp("""
        Require an API key (read from the RASP_MOCK_KEY environment variable) on every request; with --spec, the \
        credential value the document's secured operations accept (any non-empty one without this flag).
        """))
    var requireKey = false

    @Option(help: "The most connections open at once; more wait in the listen backlog.")
    var maxConnections = MockServer.Limits.defaultMaxConnections

    @Option(help: "The largest request body, in bytes (larger ones are answered 413).")
    var maxBodyBytes = MockServer.Limits.defaultMaxBodyBytes

    @Option(help: ArgumentHelp("""
        Serve this OpenAPI document instead of the Rasp API: each operation answers with its example or a value \
        made from its response schema, under the path of the document's first server.
        """, valueName: "document"))
    var spec: String?

    func run() async throws {
        var key: String?
        if requireKey {
            guard let value = ProcessInfo.processInfo.environment["RASP_MOCK_KEY"], !value.isEmpty else {
                throw ValidationError("--require-key needs the RASP_MOCK_KEY environment variable")
            }
            key = value
        }
        if let spec {
            guard #available(macOS 14, iOS 17, tvOS 17, *) else {
                throw ValidationError("--spec needs macOS 14 or later (Hummingbird 2)")
            }
            try await serve(spec, credential: key)
            return
        }
        let limits = MockServer.Limits(maxBodyBytes: maxBodyBytes, maxConnections: maxConnections)
        let server = MockServer(api: DemoAPI(requiredKey: key), limits: limits) { line in
            FileHandle.standardError.write(Data("rasp-mock: \(line)\n".utf8))
        }
        let url = try await server.start(host: host, port: port)
        // An unbuffered write: the line is out before the first connection is served, for scripts that wait on it.
        FileHandle.standardOutput.write(Data("rasp-mock: listening on \(url.absoluteString)\n".utf8))
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(3600))
        }
        await server.stop()
    }

    /// Serves any document with the spec-driven mock until killed.
    @available(macOS 14, iOS 17, tvOS 17, *)
    private func serve(_ path: String, credential: String?) async throws {
        var mock: SpecMock
        do {
            mock = try SpecMock(contentsOf: path)
        } catch {
            throw ValidationError("\(error)")
        }
        mock.credential = credential
        var router = ServerRouter()
        router.pathPrefix = mock.basePath
        mock.registerRoutes(on: &router)
        let prefix = mock.basePath
        let host = host
        let app = router.application(host: host, port: Int(port), maxBodySize: maxBodyBytes) { channel in
            let port = channel.localAddress?.port ?? 0
            FileHandle.standardOutput.write(Data("rasp-mock: listening on http://\(host):\(port)\(prefix)\n".utf8))
        }
        try await app.runService()
    }
}
