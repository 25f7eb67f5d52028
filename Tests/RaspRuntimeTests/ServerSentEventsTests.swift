import Foundation
import Testing
@testable import RaspRuntime

/// ``ServerSentEvents`` follows the WHATWG event stream interpretation whatever the chunking; ``EventStream`` decodes
/// the data, stops at the terminator and reports bad data as ``ClientError/decoding(_:)``; both read lazily.
struct ServerSentEventsTests {
    /// One row of the conformance table: a stream, as chunks, and the events it must yield.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let chunks: [[UInt8]]
        let events: [ServerSentEvent]

        init(_ name: String, _ chunks: [String], _ events: [ServerSentEvent]) {
            self.init(name, bytes: chunks.map { Array($0.utf8) }, events)
        }

        init(_ name: String, bytes chunks: [[UInt8]], _ events: [ServerSentEvent]) {
            self.name = name
            self.chunks = chunks
            self.events = events
        }

        var testDescription: String { name }
    }

    /// How a case's bytes reach the parser: as written, all in one chunk, or one byte at a time.
    enum Chunking: Sendable, CaseIterable {
        case asWritten, whole, singleBytes

        func apply(_ chunks: [[UInt8]]) -> [[UInt8]] {
            switch self {
            case .asWritten: chunks
            case .whole: [chunks.flatMap { $0 }]
            case .singleBytes: chunks.flatMap { $0 }.map { [$0] }
            }
        }
    }

    typealias Event = ServerSentEvent

    static let rocket = Array("data: ракета 🚀\n\n".utf8)

    static let cases: [Case] = [
        Case("multi-line data", ["data: a\ndata: b\ndata: c\n\n"], [Event(data: "a\nb\nc")]),
        Case("comments", [": hello\ndata: x\n:\n: bye\n\n"], [Event(data: "x")]),
        Case("LF line ends", ["data: a\n\ndata: b\n\n"], [Event(data: "a"), Event(data: "b")]),
        Case("CRLF line ends", ["data: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n"], [Event(data: "a\nb"), Event(data: "c")]),
        Case("CR line ends", ["data: a\rdata: b\r\rdata: c\r\r"], [Event(data: "a\nb"), Event(data: "c")]),
        Case("mixed line ends", ["data: a\r\ndata: b\rdata: c\n\r\n"], [Event(data: "a\nb\nc")]),
        // Were the CR and LF two line ends, the LF would be a blank line and dispatch "a" alone.
        Case("CR at a chunk end, LF at the next start", ["data: a\r", "\ndata: b\r", "\n\r", "\n"],
             [Event(data: "a\nb")]),
        Case("CR then CR is two line ends", ["data: a\r", "\r", "data: b\r\r"], [Event(data: "a"), Event(data: "b")]),
        Case("retry valid", ["retry: 3000\ndata: a\n\ndata: b\n\n"], [Event(data: "a", retry: 3000), Event(data: "b")]),
        Case("retry invalid", ["retry: 30a\ndata: a\n\nretry: -1\ndata: b\n\nretry:  5\ndata: c\n\nretry\ndata: d\n\n"],
             [Event(data: "a"), Event(data: "b"), Event(data: "c"), Event(data: "d")]),
        Case("retry too large for Int", ["retry: 99999999999999999999999\ndata: a\n\n"], [Event(data: "a")]),
        Case("retry alone rides on the next event", ["retry: 10000\n\ndata: a\n\n"], [Event(data: "a", retry: 10000)]),
        Case("id persists", ["id: 1\ndata: a\n\ndata: b\n\nid: 2\ndata: c\n\n"],
             [Event(data: "a", id: "1"), Event(data: "b", id: "1"), Event(data: "c", id: "2")]),
        Case("id without data still updates", ["id: 7\n\ndata: a\n\n"], [Event(data: "a", id: "7")]),
        Case("empty id resets", ["id: 1\ndata: a\n\nid\ndata: b\n\n"], [Event(data: "a", id: "1"), Event(data: "b")]),
        Case("id with NUL is ignored", ["id: 1\ndata: a\n\nid: 2\u{0}3\ndata: b\n\n"],
             [Event(data: "a", id: "1"), Event(data: "b", id: "1")]),
        Case("missing trailing blank line discards the event", ["data: a\n\ndata: b\n"], [Event(data: "a")]),
        Case("missing trailing newline discards the event", ["data: a\n\ndata: b"], [Event(data: "a")]),
        Case("field without colon", ["data\n\ndata\ndata\n\n"], [Event(data: ""), Event(data: "\n")]),
        Case("one leading space stripped", ["data:  two\n\ndata:none\n\ndata: a: b \n\n"],
             [Event(data: " two"), Event(data: "none"), Event(data: "a: b ")]),
        Case("BOM skipped once", ["\u{FEFF}data: a\n\n"], [Event(data: "a")]),
        Case("second BOM is part of the field name", ["\u{FEFF}\u{FEFF}data: a\n\ndata: b\n\n"], [Event(data: "b")]),
        Case("BOM split across chunks", bytes: [[0xEF], [0xBB], [0xBF], Array("data: a\n\n".utf8)],
             [Event(data: "a")]),
        Case("UTF-8 split across chunks", bytes: [Array(rocket[..<9]), Array(rocket[9..<20]), Array(rocket[20...])],
             [Event(data: "ракета 🚀")]),
        Case("invalid UTF-8 becomes U+FFFD", bytes: [Array("data: a".utf8) + [0xFF] + Array("\n\n".utf8)],
             [Event(data: "a\u{FFFD}")]),
        Case("event type", ["event: update\ndata: a\n\ndata: b\n\nevent:\ndata: c\n\n"],
             [Event(event: "update", data: "a"), Event(data: "b"), Event(data: "c")]),
        Case("empty data buffer is not dispatched", ["event: ping\n\n: only a comment\n\ndata: a\n\n"],
             [Event(data: "a")]),
        Case("empty data value is dispatched", ["data:\n\n"], [Event(data: "")]),
        Case("unknown fields ignored", ["foo: bar\nData: x\ndata: a\n\n"], [Event(data: "a")]),
        Case("blank lines between events", ["\n\n\ndata: a\n\n\n\n"], [Event(data: "a")]),
        Case("empty body", [], []),
    ]

    @Test(arguments: cases, Chunking.allCases)
    func conformance(_ row: Case, chunking: Chunking) async throws {
        let body = StreamTestBody.bytes(chunking.apply(row.chunks))
        var events: [ServerSentEvent] = []
        for try await event in ServerSentEvents(body) { events.append(event) }
        #expect(events == row.events)
    }

    @Test(.timeLimit(.minutes(1)))
    func yieldsAnEventBeforeTheNextChunkExists() async throws {
        let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
        let pulls = Locked(0)
        var iterator = ServerSentEvents(StreamTestBody.counting(chunks, pulls: pulls)).makeAsyncIterator()
        continuation.yield(Data("data: one\n\n".utf8))

        // Were the parser to read ahead, this would wait for a chunk that is only yielded below.
        let first = try await iterator.next()
        #expect(first == Event(data: "one"))
        #expect(pulls.withLock { $0 } == 1)

        continuation.yield(Data("data: two\n\n".utf8))
        continuation.finish()
        #expect(try await iterator.next() == Event(data: "two"))
        #expect(try await iterator.next() == nil)
    }

    @Test func transportErrorsPassThroughUnchanged() async throws {
        let body = StreamTestBody.failing(after: ["data: a\n\n"], with: URLError(.networkConnectionLost))
        var iterator = ServerSentEvents(body).makeAsyncIterator()
        #expect(try await iterator.next() == Event(data: "a"))
        await #expect(throws: URLError(.networkConnectionLost)) { try await iterator.next() }
    }
}

/// ``EventStream`` decodes each event's data, skips empty data, ends at the terminator, reports bad data.
struct EventStreamTests {
    struct Delta: Decodable, Sendable, Hashable {
        var text: String
    }

    func values(_ chunks: [String], terminator: String? = "[DONE]") async throws -> [TypedServerSentEvent<Delta>] {
        var events: [TypedServerSentEvent<Delta>] = []
        let stream = EventStream<Delta>(StreamTestBody.chunks(chunks), operationID: "chat", terminator: terminator)
        for try await event in stream { events.append(event) }
        return events
    }

    @Test func decodesTheData() async throws {
        let events = try await values([
            "retry: 500\nevent: delta\nid: 1\ndata: {\"text\":", "\"Hi\"}\n\n: keep-alive\n\n",
            "data: {\ndata:   \"text\": \" there\"\ndata: }\n\n",
        ])
        #expect(events == [
            TypedServerSentEvent(data: Delta(text: "Hi"), event: "delta", id: "1", retry: 500),
            TypedServerSentEvent(data: Delta(text: " there"), id: "1"),
        ])
    }

    @Test func skipsEventsWithoutData() async throws {
        let events = try await values(["data:\n\ndata: \ndata:\n\nevent: ping\n\ndata: {\"text\":\"a\"}\n\n"])
        #expect(events.map(\.data) == [Delta(text: "a")])
    }

    @Test func endsAtTheTerminatorWithoutReadingFurther() async throws {
        let pulls = Locked(0)
        let chunks = ["data: {\"text\":\"a\"}\n\n", "data:  [DONE] \n\n", "data: not json\n\n"]
        let body = StreamTestBody.counting(StreamTestBody.bytesStream(chunks), pulls: pulls)
        var events: [Delta] = []
        for try await event in EventStream<Delta>(body, operationID: "chat") { events.append(event.data) }
        #expect(events == [Delta(text: "a")])
        #expect(pulls.withLock { $0 } == 2)
    }

    @Test func customTerminatorAndNone() async throws {
        let chunks = ["data: {\"text\":\"a\"}\n\n", "data: END\n\n", "data: {\"text\":\"b\"}\n\n"]
        #expect(try await values(chunks, terminator: "END").map(\.data) == [Delta(text: "a")])
        await #expect(throws: ClientError.self) { try await values(["data: [DONE]\n\n"], terminator: nil) }
    }

    @Test func decodeFailureIsADecodingError() async throws {
        let long = String(repeating: "x", count: 500)
        let body = StreamTestBody.chunks([
            "data: {\"text\":\"a\"}\n\n", "data: {\"text\": 1, \"pad\": \"\(long)\"}\n\n",
        ])
        var iterator = EventStream<Delta>(body, operationID: "streamChat").makeAsyncIterator()
        #expect(try await iterator.next()?.data == Delta(text: "a"))
        let error = await #expect(throws: ClientError.self) { try await iterator.next() }
        guard let failure = error?.decodingFailure else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(failure.operationID == "streamChat")
        #expect(failure.codingPath == "text")
        #expect(failure.reason.contains("(element: '{\"text\": 1, \"pad\": \"xxx"))
        #expect(failure.reason.hasSuffix("…')"))
        #expect(failure.reason.count < 300)
        #expect(error?.operationID == "streamChat")
    }

    @Test func transportErrorsPassThroughUnchanged() async throws {
        let body = StreamTestBody.failing(after: ["data: {\"text\":\"a\"}\n\ndata: {"], with: CancellationError())
        var iterator = EventStream<Delta>(body, operationID: "chat").makeAsyncIterator()
        #expect(try await iterator.next()?.data == Delta(text: "a"))
        await #expect(throws: CancellationError.self) { try await iterator.next() }
    }
}
