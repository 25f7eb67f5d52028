import Foundation
import Testing
@testable import RaspRuntime

/// ``JSONLinesStream`` splits lines or RFC 7464 records whatever the chunking, skips blanks, decodes each value and
/// reports bad ones as ``ClientError/decoding(_:)``.
struct JSONLinesTests {
    struct Row: Decodable, Sendable, Equatable {
        var n: Int
    }

    /// Decodes every row of a body made of `chunks`, also fed one byte at a time (the result must not change).
    func rows(_ chunks: [String], framing: JSONLinesStream<Row>.Framing = .lines) async throws -> [Row] {
        var whole: [Row] = []
        let body = StreamTestBody.chunks(chunks)
        for try await row in JSONLinesStream<Row>(body, operationID: "rows", framing: framing) { whole.append(row) }
        let bytes = StreamTestBody.bytes(chunks.flatMap { Array($0.utf8) }.map { [$0] })
        var single: [Row] = []
        for try await row in JSONLinesStream<Row>(bytes, operationID: "rows", framing: framing) { single.append(row) }
        #expect(single == whole)
        return whole
    }

    @Test func lines() async throws {
        #expect(try await rows(["{\"n\":1}\n{\"n\":2}\n", "{\"n\"", ":3}\n"]) == [Row(n: 1), Row(n: 2), Row(n: 3)])
    }

    @Test func crlfLines() async throws {
        #expect(try await rows(["{\"n\":1}\r\n{\"n\":2}\r", "\n"]) == [Row(n: 1), Row(n: 2)])
    }

    @Test func blankLinesAreSkipped() async throws {
        #expect(try await rows(["\n{\"n\":1}\n\n  \t\r\n{\"n\":2}\n\n"]) == [Row(n: 1), Row(n: 2)])
    }

    @Test func lastLineWithoutNewlineIsDecoded() async throws {
        #expect(try await rows(["{\"n\":1}\n{\"n\":", "2}"]) == [Row(n: 1), Row(n: 2)])
    }

    @Test func emptyBody() async throws {
        #expect(try await rows([]) == [])
        #expect(try await rows(["\n\n"]) == [])
    }

    @Test func jsonTextSequence() async throws {
        let body = ["\u{1E}{\"n\":1}\n\u{1E}{\n  \"n\": 2\n}\n", "\u{1E}{\"n\":3}"]
        #expect(try await rows(body, framing: .recordSeparator) == [Row(n: 1), Row(n: 2), Row(n: 3)])
    }

    @Test func scalarValues() async throws {
        var values: [Int] = []
        for try await value in JSONLinesStream<Int>(StreamTestBody.chunks(["1\n2\n3"]), operationID: "numbers") {
            values.append(value)
        }
        #expect(values == [1, 2, 3])
    }

    @Test func decodeFailureIsADecodingError() async throws {
        let body = StreamTestBody.chunks(["{\"n\":1}\n{\"n\":\"two\"}\n{\"n\":3}\n"])
        var iterator = JSONLinesStream<Row>(body, operationID: "exportRows").makeAsyncIterator()
        #expect(try await iterator.next() == Row(n: 1))
        let error = await #expect(throws: ClientError.self) { try await iterator.next() }
        guard let failure = error?.decodingFailure else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.operationID == "exportRows")
        #expect(failure.codingPath == "n")
        #expect(failure.reason.hasSuffix("(element: '{\"n\":\"two\"}')"))
    }

    @Test func readsOnlyAsTheConsumerPulls() async throws {
        let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
        let pulls = Locked(0)
        let body = StreamTestBody.counting(chunks, pulls: pulls)
        var iterator = JSONLinesStream<Row>(body, operationID: "rows").makeAsyncIterator()
        continuation.yield(Data("{\"n\":1}\n{\"n\":2}\n".utf8))
        continuation.yield(Data("{\"n\":3}\n".utf8))
        continuation.finish()
        #expect(try await iterator.next() == Row(n: 1))
        #expect(try await iterator.next() == Row(n: 2))
        #expect(pulls.withLock { $0 } == 1)
        #expect(try await iterator.next() == Row(n: 3))
        #expect(try await iterator.next() == nil)
    }

    @Test func transportErrorsPassThroughUnchanged() async throws {
        let body = StreamTestBody.failing(after: ["{\"n\":1}\n{\"n\""], with: URLError(.timedOut))
        var iterator = JSONLinesStream<Row>(body, operationID: "rows").makeAsyncIterator()
        #expect(try await iterator.next() == Row(n: 1))
        await #expect(throws: URLError(.timedOut)) { try await iterator.next() }
    }
}

/// Bodies for the streaming tests: fixed chunks, chunks that count how often they are pulled, a failing transport.
enum StreamTestBody {
    /// A body of the given chunks, in order.
    static func chunks(_ chunks: [String]) -> MessageBody {
        bytes(chunks.map { Array($0.utf8) })
    }

    /// A body of the given byte chunks, in order.
    static func bytes(_ chunks: [[UInt8]]) -> MessageBody {
        MessageBody(bytesStream(chunks.map { Data($0) }))
    }

    /// The chunks as an async sequence.
    static func bytesStream(_ chunks: [String]) -> AsyncStream<Data> {
        bytesStream(chunks.map { Data($0.utf8) })
    }

    /// The chunks as an async sequence.
    static func bytesStream(_ chunks: [Data]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }

    /// A body that reads `chunks` and counts in `pulls` the chunks it has handed out.
    static func counting<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, pulls: Locked<Int>) -> MessageBody
    where Chunks.Element == Data {
        MessageBody(chunks.map { chunk in
            pulls.withLock { $0 += 1 }
            return chunk
        })
    }

    /// A body that hands out `chunks`, then throws `error`.
    static func failing(after chunks: [String], with error: some Error & Sendable) -> MessageBody {
        MessageBody {
            let remaining = Locked(chunks.map { Data($0.utf8) })
            return {
                guard let chunk = remaining.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { throw error }
                return chunk
            }
        }
    }
}
