import Foundation
import RaspMiddlewares
import RaspMock
import RaspRuntime
import RaspServices
import RaspTestSupport
import Testing

/// The `/_sink/` route over raw sockets: bodies read to their end whatever their framing, what arrived reported in
/// the answer and in ``MockServer/sinkStats()``, and bodies the route cannot take refused by the connection.
@Suite("Mock server: the /_sink/ route")
struct BodySinkTests {
    private static func receipt(_ answer: RawClient.Answer?) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: answer?.body ?? Data()) as? [String: Any])
    }

    @Test("A Content-Length body and a chunked one (extensions, trailers) are counted and checksummed")
    func framings() async throws {
        let bytes = Data((0..<200_000).map { UInt8($0 % 253) })
        try await MockServer.withMockServer { server, url in
            let head = "PUT /_sink/file HTTP/1.1\r\nHost: mock\r\nContent-Type: application/x-test\r\n"
            var plain = Data((head + "Content-Length: \(bytes.count)\r\n\r\n").utf8)
            plain.append(bytes)
            let client = try await RawClient.connect(port: RawClient.port(url))
            await client.send(plain)
            let first = try Self.receipt(await client.answer())
            #expect(first["size"] as? Int == bytes.count)
            #expect(first["checksum"] as? String == Checksum64.text(of: bytes))
            #expect(first["chunked"] as? Bool == false)
            #expect(first["contentType"] as? String == "application/x-test")

            // Three chunks of uneven size on the same connection, one with an extension, then a trailer field.
            var chunked = Data("POST /_sink/parts HTTP/1.1\r\nHost: mock\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            for (index, range) in [0..<1, 1..<70_001, 70_001..<200_000].enumerated() {
                chunked.append(Data((String(range.count, radix: 16) + (index == 1 ? ";x=y" : "") + "\r\n").utf8))
                chunked.append(bytes[range])
                chunked.append(Data("\r\n".utf8))
            }
            chunked.append(Data("0\r\nX-Trailer: 1\r\n\r\n".utf8))
            await client.send(chunked)
            let second = try Self.receipt(await client.answer())
            #expect(second["size"] as? Int == bytes.count)
            #expect(second["checksum"] as? String == Checksum64.text(of: bytes))
            #expect(second["chunked"] as? Bool == true)
            #expect(second["contentType"] is NSNull)
            #expect(await client.ending(within: .milliseconds(100)) == .open)

            let stats = server.sinkStats()
            #expect(stats.bytesRead == 2 * bytes.count)
            #expect(stats.completed.map(\.chunked) == [false, true])
            #expect(stats.failed == 0)
            #expect(await server.allCounters().isEmpty)
        }
    }

    @Test("Bodies the route cannot take are refused by the connection, which then closes")
    func refusals() async throws {
        try await MockServer.withMockServer(limits: MockServer.Limits(maxBodyBytes: 1000)) { server, url in
            let post = "POST /_sink/x HTTP/1.1\r\nHost: mock\r\n"
            let chunk = "258\r\n" + String(repeating: "y", count: 600) + "\r\n"
            let cases = [
                (post + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
                (post + "Transfer-Encoding: chunked\r\n\r\n" + chunk + chunk + "0\r\n\r\n", 413),
                (post + "Transfer-Encoding: chunked\r\n\r\n3\r\nabcd\r\n0\r\n\r\n", 400),
                (post + "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nzz\r\n", 400),
                (post + "Content-Length: 1001\r\n\r\n", 413),
            ]
            for (request, status) in cases {
                let client = try await RawClient.connect(port: RawClient.port(url))
                await client.send(request)
                let answer = await client.answer()
                #expect(answer?.status == status, "\(request.prefix(120).debugDescription)")
                #expect(await client.ending() == .closed, "\(request.prefix(120).debugDescription)")
            }
            #expect(server.sinkStats().completed.isEmpty)
            // The three chunked bodies were refused while the route read them.
            #expect(server.sinkStats().failed == 3)
        }
    }
}
