import Foundation
import NIOCore
import NIOEmbedded
import RaspHummingbird
import Testing

/// ``RawTargetEncoder`` on its own: what it hands NIO's parser, however the bytes are split into reads.
@Suite struct RawTargetEncoderTests {
    /// Feeds `input` in reads of `size` bytes and returns everything the handler passed on.
    static func encode(_ input: [UInt8], readsOf size: Int) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: RawTargetEncoder())
        var offset = 0
        while offset < input.count {
            let end = min(offset + size, input.count)
            try channel.writeInbound(ByteBuffer(bytes: input[offset..<end]))
            offset = end
        }
        var output: [UInt8] = []
        while var buffer = try channel.readInbound(as: ByteBuffer.self) {
            output += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        _ = try channel.finish()
        return output
    }

    static let input = Array((
        "\r\nGET /a?q=Ё HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nЖЖ"
        + "POST /b/Москва HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
        + "4;ext=1\r\nЁЁ\r\n0\r\nX-Trailer: Ё\r\n\r\n"
        + "GET /c/é HTTP/1.1\r\n\r\n"
    ).utf8)

    static let expected = Array((
        "\r\nGET /a?q=%D0%81 HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nЖЖ"
        + "POST /b/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0 HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
        + "4;ext=1\r\nЁЁ\r\n0\r\nX-Trailer: Ё\r\n\r\n"
        + "GET /c/%C3%A9 HTTP/1.1\r\n\r\n"
    ).utf8)

    @Test("Only request lines are encoded, bodies, chunks and trailers pass as they are, in reads of any size",
          arguments: [1, 2, 3, 7, 64, 4096])
    func requestLinesOnly(readSize: Int) throws {
        #expect(try Self.encode(Self.input, readsOf: readSize) == Self.expected)
    }

    @Test("A framing it cannot follow leaves the rest of the connection to the parser as it came")
    func unknownFraming() throws {
        let input = Array("POST /a HTTP/1.1\r\nContent-Length: x\r\n\r\nGET /Ё HTTP/1.1\r\n\r\n".utf8)
        #expect(try Self.encode(input, readsOf: 5) == input)
        let upgrade = Array("GET /a HTTP/1.1\r\nUpgrade: websocket\r\n\r\nЁ\r\nGET /Ё HTTP/1.1\r\n".utf8)
        #expect(try Self.encode(upgrade, readsOf: 3) == upgrade)
    }
}
