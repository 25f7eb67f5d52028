#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import FlyingSocks

/// One accepted connection's socket: buffered reads (lines, counted bytes) and whole writes, suspending on the
/// socket pool whenever the non-blocking socket would block. Each wait is reported to the ``ConnectionTable`` as a
/// ``ConnectionPhase``, so a client that stops sending or reading runs into a timeout.
///
/// Used by the one task that serves the connection (and the request body it hands to the handler, which runs in
/// that same task), never concurrently: hence `@unchecked Sendable`.
final class SocketStream: @unchecked Sendable {
    /// Why a line could not be read.
    enum LineError: Error {
        /// The line is longer than allowed (it may not even have ended yet).
        case tooLong
        /// The stream ended inside the line.
        case truncated
    }

    /// How many bytes one read asks for.
    static let readSize = 16 * 1024

    let socket: Socket
    private let pool: any AsyncSocketPool
    private let table: ConnectionTable
    private let id: Int
    /// Bytes read from the socket; those before ``start`` are consumed.
    private var buffer: [UInt8] = []
    private var start = 0

    init(socket: Socket, pool: any AsyncSocketPool, table: ConnectionTable, id: Int) {
        self.socket = socket
        self.pool = pool
        self.table = table
        self.id = id
    }

    /// Bytes read and not consumed yet.
    var available: Int { buffer.count - start }

    /// Records what the connection waits for (see ``ConnectionTable/enter(_:_:)``).
    @discardableResult
    func enter(_ phase: ConnectionPhase) -> Bool { table.enter(phase, id) }

    // MARK: Reading

    /// Reads whatever the socket has (waiting until it has something) after the bytes already buffered.
    /// - Returns: False at the end of the stream.
    func fill() async throws -> Bool {
        if start > 0 {
            // Consumed bytes go before new ones arrive; each byte moves at most once per read.
            buffer.removeSubrange(0..<start)
            start = 0
        }
        while true {
            try Task.checkCancellation()
            do {
                buffer.append(contentsOf: try socket.read(atMost: Self.readSize))
                return true
            } catch SocketError.blocked {
                try await pool.suspendSocket(socket, untilReadyFor: .read)
            } catch SocketError.disconnected {
                return false
            }
        }
    }

    /// Consumes the next line (ended by LF, an optional CR before it removed), scanning each byte once.
    /// - Parameter maxLength: The longest line allowed, without its line end.
    /// - Throws: ``LineError``; `SocketError.disconnected` when the stream ends before any byte of the line.
    func readLine(maxLength: Int) async throws -> ArraySlice<UInt8> {
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                guard end - start <= maxLength else { throw LineError.tooLong }
                defer { start = newline + 1 }
                return buffer[start..<end]
            }
            scanned = available
            // One byte more than the limit may be the CR of a line that fits.
            guard scanned <= maxLength + 1 else { throw LineError.tooLong }
            guard try await fill() else { throw scanned == 0 ? SocketError.disconnected : LineError.truncated }
        }
    }

    /// Consumes up to `count` bytes, reading when none are buffered.
    /// - Returns: Between 1 and `count` bytes, or nil at the end of the stream.
    func read(upTo count: Int) async throws -> ArraySlice<UInt8>? {
        if available == 0, try await !fill() { return nil }
        let end = start + min(count, available)
        defer { start = end }
        return buffer[start..<end]
    }

    /// Consumes exactly `count` bytes.
    /// - Throws: `SocketError.disconnected` when the stream ends first.
    func read(exactly count: Int) async throws -> Data {
        var data = Data(capacity: count)
        while data.count < count {
            guard let chunk = try await read(upTo: count - data.count) else { throw SocketError.disconnected }
            data.append(contentsOf: chunk)
        }
        return data
    }

    // MARK: Writing

    /// Writes all of `data`, waiting (in ``ConnectionPhase/sending``) while the client does not take it.
    func write(_ data: Data) async throws {
        var index = data.startIndex
        while index < data.endIndex {
            try Task.checkCancellation()
            do {
                index = try socket.write(data, from: index)
            } catch SocketError.blocked {
                table.enter(.sending, id)
                try await pool.suspendSocket(socket, untilReadyFor: .write)
                table.enter(.busy, id)
            }
        }
    }

    // MARK: Closing

    /// Closes after a refusal without losing its answer: closing a socket that still has unread bytes makes the
    /// kernel send a reset, which can destroy the answer before the client reads it. So the write side is shut
    /// down first (the client reads the answer, then the end of the stream) and what the client still sends is
    /// read and dropped, up to 1 MiB or ``ConnectionTable/lingerTimeout``, before the socket closes.
    func lingerAndClose() async {
        _ = shutdown(socket.file.rawValue, Int32(SHUT_WR))
        table.enter(.lingering, id)
        var dropped = 0
        buffer = []
        start = 0
        while dropped < 1 << 20, (try? await fill()) == true {
            dropped += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        close()
    }

    /// Ends the connection at once (the socket itself is closed a moment later, see
    /// ``ConnectionTable/retire(_:)``).
    func close() {
        table.retire(socket)
    }
}
