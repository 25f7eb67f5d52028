import Foundation
import NIOCore

/// Percent-encodes the bytes outside ASCII in each request's target before NIO's HTTP/1.1 parser sees them, so that
/// a target sent with raw UTF-8 (`/v3.0/thread/?uid=103Е_0_2006004_g26_4`, as curl and many scripts send it, and as
/// lenient servers such as nginx accept it) reaches the handler as if it had been encoded (`103%D0%95_0…`), instead of
/// being refused as an invalid URL by the strict parser.
///
/// Only request lines are rewritten. To know where the next request line starts on a kept-alive connection, the
/// handler follows each request's framing: header lines pass through unchanged while their `Content-Length` and
/// `Transfer-Encoding` are read, then the body (a length, or chunks and trailers) passes through unread. Anything it
/// does not follow (a line longer than ``maxLineLength``, a framing it cannot read, an upgrade or `CONNECT`) leaves
/// the rest of the connection to the parser as it comes, which then judges it as it would have.
package final class RawTargetEncoder: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    /// The longest line followed (a request line, a header line, a chunk size line): 64 KiB.
    static let maxLineLength = 1 << 16

    private enum State {
        case requestLine
        case headers
        case body(remaining: Int)
        case chunkSize
        /// A chunk's bytes and the CRLF after them.
        case chunkData(remaining: Int)
        case trailers
        case passThrough
    }

    private var state = State.requestLine
    /// The bytes of the line being read.
    private var line: [UInt8] = []
    private var contentLength = 0
    private var chunked = false
    private var leavesHTTP = false

    package init() {}

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input = unwrapInboundIn(data)
        var output = context.channel.allocator.buffer(capacity: 0)
        while input.readableBytes > 0 {
            switch state {
            case .passThrough:
                output.writeBuffer(&input)
            case .body(let remaining), .chunkData(let remaining):
                let count = min(remaining, input.readableBytes)
                if let slice = input.readSlice(length: count) {
                    flush(&output, context: context)
                    context.fireChannelRead(wrapInboundOut(slice))
                }
                let left = remaining - count
                if case .body = state {
                    state = left == 0 ? .requestLine : .body(remaining: left)
                } else {
                    state = left == 0 ? .chunkSize : .chunkData(remaining: left)
                }
            case .requestLine, .headers, .chunkSize, .trailers:
                guard let byte = input.readInteger(as: UInt8.self) else { break }
                line.append(byte)
                if byte == UInt8(ascii: "\n") {
                    finishLine(into: &output)
                } else if line.count > Self.maxLineLength {
                    output.writeBytes(line)
                    line.removeAll()
                    state = .passThrough
                }
            }
        }
        flush(&output, context: context)
    }

    private func flush(_ output: inout ByteBuffer, context: ChannelHandlerContext) {
        guard output.readableBytes > 0 else { return }
        context.fireChannelRead(wrapInboundOut(output))
        output = context.channel.allocator.buffer(capacity: 0)
    }

    /// Writes the line just read (the request line encoded, the others as they are) and moves to what follows it.
    private func finishLine(into output: inout ByteBuffer) {
        defer { line.removeAll(keepingCapacity: true) }
        let isEmpty = line.count <= 2 && line.allSatisfy { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        switch state {
        case .requestLine:
            // Empty lines before a request line are allowed and skipped by the parser.
            if isEmpty {
                output.writeBytes(line)
                return
            }
            Self.writeEncoded(line, to: &output)
            contentLength = 0
            chunked = false
            leavesHTTP = line.starts(with: Array("CONNECT ".utf8))
            state = .headers
        case .headers:
            output.writeBytes(line)
            if isEmpty {
                state = if leavesHTTP { .passThrough } else if chunked { .chunkSize }
                    else if contentLength > 0 { .body(remaining: contentLength) } else { .requestLine }
            } else if !readFraming(of: line) {
                state = .passThrough
            }
        case .chunkSize:
            output.writeBytes(line)
            let text = String(decoding: line, as: UTF8.self)
            let digits = text.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let size = Int(digits, radix: 16), size >= 0, size < Int.max - 2 else {
                state = .passThrough
                return
            }
            state = size == 0 ? .trailers : .chunkData(remaining: size + 2)
        case .trailers:
            output.writeBytes(line)
            if isEmpty { state = .requestLine }
        case .body, .chunkData, .passThrough:
            output.writeBytes(line)
        }
    }

    /// Reads a header line's part in the framing of the body; false when it cannot be followed.
    private func readFraming(of line: [UInt8]) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        switch name {
        case "content-length":
            guard let length = Int(value), length >= 0 else { return false }
            contentLength = length
        case "transfer-encoding":
            chunked = value.lowercased().split(separator: ",").last?
                .trimmingCharacters(in: .whitespaces) == "chunked"
            if !chunked { return false }
        case "upgrade":
            leavesHTTP = true
        default:
            break
        }
        return true
    }

    /// Writes `line` with each byte outside ASCII as `%XX`.
    private static func writeEncoded(_ line: [UInt8], to output: inout ByteBuffer) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in line {
            if byte < 0x80 {
                output.writeInteger(byte)
            } else {
                output.writeBytes([UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
    }
}
