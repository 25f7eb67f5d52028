import Foundation
import RaspRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on a loopback socket, a thread per connection, for transport tests: it reads a
/// request's head and answers as `respond` says.
package final class RawHTTPServer: Sendable {
    /// How to answer one request.
    package enum Reply: Sendable {
        /// Write these bytes and close.
        case send(Data)
        /// Never answer (the connection stays open until `stop`).
        case silent
        /// Write these bytes, then one more byte every 50 ms until the client goes away or the server stops
        /// (a response that never ends but is never idle).
        case trickle(Data)
    }

    package let port: UInt16
    private let listener: Int32
    private let held = Locked<[Int32]>([])
    private let stopped = Locked(false)
    /// Each request head, as text, when it arrives.
    package let requests: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    package init(respond: @escaping @Sendable (String) -> Reply) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        (requests, continuation) = AsyncStream<String>.makeStream()
        let held = self.held
        let stopped = self.stopped
        let thread = Thread { [continuation] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { break }
                Thread {
                    let head = Self.readHead(client)
                    continuation.yield(head)
                    switch respond(head) {
                    case .send(let response):
                        _ = Self.writeAll(client, response)
                        close(client)
                    case .silent:
                        held.withLock { $0.append(client) }
                    case .trickle(let start):
                        var alive = Self.writeAll(client, start)
                        while alive, !stopped.withLock({ $0 }) {
                            usleep(50_000)
                            alive = Self.writeAll(client, Data("x".utf8))
                        }
                        close(client)
                    }
                }.start()
            }
        }
        thread.start()
    }

    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Closes the listener and every held connection.
    package func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for client in held.withLock({ $0 }) { close(client) }
        continuation.finish()
    }

    /// An HTTP response with a body.
    package static func response(_ status: Int, headers: [String: String] = [:], body: Data = Data()) -> Reply {
        .send(bytes(status, headers: headers.merging(["Content-Length": "\(body.count)"]) { a, _ in a }) + body)
    }

    /// A status line and header fields (with `Connection: close`).
    package static func bytes(_ status: Int, headers: [String: String]) -> Data {
        var head = "HTTP/1.1 \(status) X\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return Data((head + "\r\n").utf8)
    }

    private static func readHead(_ client: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > 1 << 16 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes everything; false when the client went away.
    private static func writeAll(_ client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
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
