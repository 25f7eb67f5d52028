import Foundation
import RaspRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on a loopback socket for tests of what a client sends: it reads each request whole
/// (head and `Content-Length` body), records it, and answers as `respond` says, one connection per request.
package final class LoopbackHTTPServer: Sendable {
    /// One request as it arrived.
    package struct Request: Sendable, CustomStringConvertible {
        /// The method.
        package var method: String
        /// The path, without the query.
        package var path: String
        /// The query items, percent-decoded, in order.
        package var query: [(name: String, value: String)]
        /// The header fields, in order.
        package var headers: [(name: String, value: String)]
        /// The body.
        package var body: Data

        /// The value of a header field (case-insensitive).
        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The value of a query item.
        package func query(_ name: String) -> String? { query.first { $0.name == name }?.value }

        /// The pairs of an `application/x-www-form-urlencoded` body.
        package var form: [String: String] {
            var pairs: [String: String] = [:]
            for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
                }
                pairs[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return pairs
        }

        /// `METHOD path`.
        package var description: String { "\(method) \(path)" }
    }

    /// An answer.
    package struct Reply: Sendable {
        /// The status.
        package var status: Int
        /// The header fields.
        package var headers: [String: String]
        /// The body.
        package var body: Data

        /// A reply.
        package init(_ status: Int, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A JSON reply.
        package static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> Reply {
            Reply(status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
                  body: Data(text.utf8))
        }
    }

    private let listener: Int32
    private let received = Locked<[Request]>([])
    /// The port.
    package let port: UInt16

    /// Starts listening on an ephemeral loopback port.
    /// - Parameter respond: Answers each request (on the connection's own thread).
    package init(respond: @escaping @Sendable (Request) -> Reply) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let received = self.received
        Thread {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { break }
                Thread {
                    defer { close(client) }
                    guard let request = Self.read(client) else { return }
                    received.withLock { $0.append(request) }
                    _ = Self.write(client, respond(request))
                }.start()
            }
        }.start()
    }

    /// `http://127.0.0.1:PORT`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in order of arrival.
    package var requests: [Request] { received.withLock { $0 } }

    /// The requests received on `path`.
    package func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    /// Stops listening.
    package func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Runs `body` with a server answering as `respond` says, and stops the server afterwards.
    package static func with<T>(respond: @escaping @Sendable (Request) -> Reply,
                                _ body: (LoopbackHTTPServer) async throws -> T) async throws -> T {
        let server = try LoopbackHTTPServer(respond: respond)
        defer { server.stop() }
        return try await body(server)
    }

    private static func read(_ client: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var headEnd: Int?
        var needed = Int.max
        while bytes.count < needed {
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if headEnd == nil, let end = find([13, 10, 13, 10], in: bytes) {
                headEnd = end + 4
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                let length = head.split(separator: "\r\n").dropFirst().compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                needed = end + 4 + length
            }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: bytes[..<(headEnd - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let start = lines[0].split(separator: " ")
        guard start.count >= 2 else { return nil }
        let target = String(start[1])
        let components = URLComponents(string: target)
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
        }
        return Request(method: String(start[0]), path: components?.path ?? target,
                       query: (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, headers: headers,
                       body: Data(bytes[headEnd...].prefix(max(0, needed - headEnd))))
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { index in
            bytes[index..<(index + needle.count)].elementsEqual(needle)
        }
    }

    private static func write(_ client: Int32, _ reply: Reply) -> Bool {
        var head = "HTTP/1.1 \(reply.status) X\r\nConnection: close\r\nContent-Length: \(reply.body.count)\r\n"
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let data = Data((head + "\r\n").utf8) + reply.body
        return data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }
}
