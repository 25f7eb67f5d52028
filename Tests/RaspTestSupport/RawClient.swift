import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw TCP client for HTTP tests that need bytes no HTTP client sends (a 64 KB request line, 101 headers) or
/// need to watch the connection itself (answered, then closed). Each blocking call runs on a thread of its own,
/// never on the cooperative pool the in-process server needs.
package final class RawClient: @unchecked Sendable {
    /// An answer as read off the socket.
    package struct Answer {
        /// The status code of the status line.
        package var status: Int
        /// The head, as text.
        package var head: String
        /// The body (by `Content-Length`).
        package var body: Data

        /// A header value (first one, name compared without case).
        package func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// How the server ended the connection, as seen by a client that reads until it ends.
    package enum Ending: Equatable {
        /// An orderly close (end of stream).
        case closed
        /// A reset (what an unread request makes the kernel send when the server closes without lingering).
        case reset
        /// Still open when the wait ran out.
        case open
    }

    private let descriptor: Int32
    /// Bytes read past the last answer.
    private var pending = Data()

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        POSIX.release(descriptor)
    }

    /// Connects to `127.0.0.1:port`.
    package static func connect(port: UInt16) async throws -> RawClient {
        try await offPool { RawClient(descriptor: try POSIX.open(port: port)) }
    }

    /// Connects to `127.0.0.1:port` and sends all of `data` on the same thread, with no gap between the two that a
    /// loaded machine could stretch past a server's short idle timeout.
    package static func connect(port: UInt16, sending data: Data) async throws -> RawClient {
        try await offPool {
            let client = RawClient(descriptor: try POSIX.open(port: port))
            _ = POSIX.sendAll(client.descriptor, data)
            return client
        }
    }

    /// The port of a server's base URL.
    package static func port(_ url: URL) -> UInt16 { UInt16(url.port ?? 0) }

    /// Sends all of `text`'s bytes.
    /// - Returns: False when the connection failed first.
    @discardableResult
    package func send(_ text: String) async -> Bool { await send(Data(text.utf8)) }

    /// Sends all of `data`.
    /// - Returns: False when the connection failed first.
    @discardableResult
    package func send(_ data: Data) async -> Bool {
        await Self.offPool { [descriptor] in POSIX.sendAll(descriptor, data) }
    }

    /// Reads one answer (head and `Content-Length` body), waiting at most `timeout` (by default a hang guard: the
    /// mock answers within moments, but a loaded machine can delay it by seconds).
    /// - Returns: The answer, or nil when none came in time or the connection ended first.
    package func answer(within timeout: Duration = hangGuard) async -> Answer? {
        await Self.offPool { [self] in readAnswer(deadline: ContinuousClock.now + timeout) }
    }

    /// Reads until the server ends the connection, for at most `timeout` (by default a hang guard).
    package func ending(within timeout: Duration = hangGuard) async -> Ending {
        await Self.offPool { [self] in
            let deadline = ContinuousClock.now + timeout
            while true {
                switch receive(deadline: deadline) {
                case .data(let data): pending.append(data)
                case .end: return .closed
                case .reset: return .reset
                case .timeout: return .open
                }
            }
        }
    }

    /// Shuts the connection down (the server sees the end of the stream).
    package func shutdown() {
        POSIX.halt(descriptor)
    }

    // MARK: Blocking reads

    private enum Received {
        case data(Data), end, reset, timeout
    }

    private func readAnswer(deadline: ContinuousClock.Instant) -> Answer? {
        let separator = Data("\r\n\r\n".utf8)
        while pending.range(of: separator) == nil {
            guard case .data(let data) = receive(deadline: deadline) else { return nil }
            pending.append(data)
        }
        let end = pending.range(of: separator)!
        let head = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var answer = Answer(status: status, head: head, body: Data())
        let length = Int(answer.header("Content-Length") ?? "0") ?? 0
        pending = Data(pending[end.upperBound...])
        while pending.count < length {
            guard case .data(let data) = receive(deadline: deadline) else { return nil }
            pending.append(data)
        }
        answer.body = Data(pending.prefix(length))
        pending = Data(pending.dropFirst(length))
        return answer
    }

    /// One `recv`, waiting until `deadline` at most.
    private func receive(deadline: ContinuousClock.Instant) -> Received {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return .timeout }
            switch POSIX.receive(descriptor, waiting: left) {
            case .bytes(let data): return .data(data)
            case .end: return .end
            case .failed(let code) where code == EAGAIN || code == EWOULDBLOCK || code == EINTR: continue
            case .failed(let code) where code == ECONNRESET: return .reset
            case .failed: return .end
            }
        }
    }

    /// Runs blocking work on a new thread and waits for it without holding a cooperative thread.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}

/// The socket calls of ``RawClient`` (outside it, where its method names do not hide the C functions).
private enum POSIX {
    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
    #endif

    /// A socket connected to `127.0.0.1:port`.
    static func open(port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, streamType, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
        return descriptor
    }

    /// Sends all of `data`; false when the connection failed first.
    static func sendAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, sendFlags)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// What one `recv` got.
    enum Outcome {
        case bytes(Data), end, failed(Int32)
    }

    /// One `recv` that waits at most `timeout`.
    static func receive(_ descriptor: Int32, waiting timeout: Duration) -> Outcome {
        let (seconds, attoseconds) = timeout.components
        var time = timeval()
        time.tv_sec = .init(seconds)
        time.tv_usec = .init(attoseconds / 1_000_000_000_000 + 1)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count > 0 { return .bytes(Data(buffer[0..<count])) }
        return count == 0 ? .end : .failed(errno)
    }

    /// Shuts both directions down.
    static func halt(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    static func release(_ descriptor: Int32) {
        _ = close(descriptor)
    }
}
