import Foundation
import FlyingSocks

/// A response body that sends a prefix of its bytes and then fails, which makes the server close the connection
/// mid-response (a body sequence that throws ends the connection at once, see `MockConnection`).
struct CutBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    /// The bytes sent before the connection closes.
    let bytes: [UInt8]

    struct Cut: Error {}

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let bytes: [UInt8]
        var index = 0

        mutating func next() async throws -> UInt8? {
            guard index < bytes.count else { throw Cut() }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            guard index < bytes.count else { throw Cut() }
            let end = Swift.min(bytes.count, index + Swift.max(1, count))
            defer { index = end }
            return bytes[index..<end]
        }
    }
}
