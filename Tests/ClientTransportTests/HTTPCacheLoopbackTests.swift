import Foundation
import RaspMiddlewares
@_spi(Generated) import RaspRuntime
import RaspTestSupport
import RaspURLSession
import Testing

/// ``HTTPCacheMiddleware`` over real sockets with URLSession: a 304 revalidation carries no body yet gives the
/// saved one, `Vary` keeps answers to different request headers apart, and a damaged saved file is never shown.
struct HTTPCacheLoopbackTests {
    /// A raw HTTP/1.1 response.
    static func reply(_ status: String, _ headers: [String], body: String = "") -> RawHTTPServer.Reply {
        let head = (["HTTP/1.1 \(status)"] + headers + ["Content-Length: \(body.utf8.count)", "Connection: close"])
            .joined(separator: "\r\n")
        return .send(Data((head + "\r\n\r\n" + body).utf8))
    }

    static func header(_ name: String, in head: String) -> String? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
    }

    static func core(port: UInt16, store: any HTTPCacheStore) throws -> ClientCore {
        ClientCore(serverURL: try #require(URL(string: "http://127.0.0.1:\(port)")),
                   transport: URLSessionTransport.withOwnSession(),
                   middlewares: [HTTPCacheMiddleware(store: store)], authentication: nil)
    }

    static func text(_ response: ClientResponse) -> String {
        String(decoding: response.body.data ?? Data(), as: UTF8.self)
    }

    @Test func aRevalidationAnswered304CostsNoBodyAndGivesTheSavedOne() async throws {
        let bodyBytes = Locked(0)
        let server = try RawHTTPServer { head in
            if Self.header("If-None-Match", in: head) == "\"v7\"" {
                return Self.reply("304 Not Modified", ["ETag: \"v7\"", "Cache-Control: max-age=0"])
            }
            let body = String(repeating: "timetable ", count: 1000)
            bodyBytes.withLock { $0 += body.utf8.count }
            return Self.reply("200 OK", ["ETag: \"v7\"", "Cache-Control: max-age=0"], body: body)
        }
        defer { server.stop() }
        let core = try Self.core(port: server.port, store: InMemoryHTTPCacheStore())
        let request = ClientRequest(method: "GET", path: "/schedule", operationID: "schedule")
        let first = try await core.performRaw(request)
        let (second, reports) = try await HTTPCacheMiddleware.observing { try await core.performRaw(request) }
        #expect(Self.text(second) == Self.text(first) && second.status == 200)
        #expect(reports.map(\.outcome) == [.revalidated])
        #expect(bodyBytes.withLock { $0 } == 10_000, "the server sent the body once")
    }

    @Test func varyKeepsAnswersToDifferentHeadersApart() async throws {
        let server = try RawHTTPServer { head in
            let language = Self.header("Accept-Language", in: head) ?? "none"
            return Self.reply("200 OK", ["Vary: Accept-Language", "Cache-Control: max-age=600"], body: language)
        }
        defer { server.stop() }
        let core = try Self.core(port: server.port, store: InMemoryHTTPCacheStore())
        func call(_ language: String) async throws -> String {
            var request = ClientRequest(method: "GET", path: "/thread", operationID: "thread")
            request.setHeader("Accept-Language", language)
            return Self.text(try await core.performRaw(request))
        }
        #expect(try await call("ru") == "ru")
        #expect(try await call("en") == "en")
        #expect(try await call("ru") == "ru")
        #expect(try await call("en") == "en")
    }

    @Test func aDamagedSavedFileIsRemovedAndNeverShown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rasp-http-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let up = Locked(true)
        let server = try RawHTTPServer { _ in
            up.withLock { $0 } ? Self.reply("200 OK", ["Cache-Control: max-age=0"], body: "live answer")
                : Self.reply("503 Service Unavailable", [])
        }
        defer { server.stop() }
        let store = DiskHTTPCacheStore(folder: folder)
        let core = try Self.core(port: server.port, store: store)
        let request = ClientRequest(method: "GET", path: "/carrier", operationID: "carrier")
        _ = try await core.performRaw(request)
        // Garbage of the same size in place of the saved file.
        let file = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .first { $0.pathExtension == "httpcache" })
        let size = try Data(contentsOf: file).count
        try Data(repeating: 0x2A, count: size).write(to: file)
        up.withLock { $0 = false }
        let error = try await #require(throws: ClientError.self) { try await core.performRaw(request) }
        #expect(error.httpFailure?.status == 503)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
