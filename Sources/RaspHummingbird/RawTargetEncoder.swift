import NIOCore

/// Percent-encodes the bytes outside ASCII in each request's target before NIO's HTTP/1.1 parser sees them, so that
/// a target sent with raw UTF-8 (`/v3.0/thread/?uid=103Е_0_2006004_g26_4`, as curl and many scripts send it, and as
/// lenient servers such as nginx accept it) reaches the handler as if it had been encoded (`103%D0%95_0…`), instead of
/// being refused as an invalid URL by the strict parser.
///
/// Only request lines are rewritten. To know where the next request line starts on a kept-alive connection, the
/// handler follows each request's framing: header lines pass through while their `Content-Length` and
/// `Transfer-Encoding` are read, then the body (a length, or chunks and trailers) passes through unread. Anything it
/// does not follow (a framing it cannot read, an upgrade or `CONNECT`) leaves the rest of the connection to the
/// parser as it comes, which then judges it as it would have. Bytes are never held back, and a read with nothing to
/// encode (almost every read) is passed on as it came.
package final class RawTargetEncoder: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    /// The most bytes of a header line or a chunk size line kept to read its meaning; a framing line longer than
    /// this cannot be followed.
    static let maxKeptLine = 1024
    /// How a `CONNECT` request line starts (after it, the connection is a tunnel).
    private static let connect = Array("CONNECT ".utf8)

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
    /// The first bytes of the current header, chunk size or trailer line.
    private var line: [UInt8] = []
    /// Whether the current line had more than ``maxKeptLine`` bytes.
    private var lineCut = false
    /// Whether the current line has a byte other than CR (an empty line ends the head).
    private var lineHasContent = false
    private var contentLength = 0
    private var chunked = false
    private var leavesHTTP = false
    private var requestLineStart: [UInt8] = []

    package init() {}

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let input = unwrapInboundIn(data)
        var encode: [Int] = []
        input.withUnsafeReadableBytes { bytes in
            var index = 0
            while index < bytes.count {
                switch state {
                case .passThrough:
                    index = bytes.count
                case .body(let remaining), .chunkData(let remaining):
                    let count = min(remaining, bytes.count - index)
                    index += count
                    let left = remaining - count
                    if case .body = state {
                        state = left == 0 ? .requestLine : .body(remaining: left)
                    } else {
                        state = left == 0 ? .chunkSize : .chunkData(remaining: left)
                    }
                case .requestLine:
                    // The line's bytes up to its LF in one pass: those to encode, and what reading the line needs.
                    let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                    for offset in index..<end where bytes[offset] >= 0x80 { encode.append(offset) }
                    if !lineHasContent, bytes[index..<end].contains(where: { $0 != UInt8(ascii: "\r") }) {
                        lineHasContent = true
                    }
                    let kept = min(end - index, max(0, 8 - requestLineStart.count))
                    requestLineStart += bytes[index..<(index + kept)]
                    index = end
                    if index < bytes.count {
                        read(bytes[index])
                        index += 1
                    }
                case .headers, .chunkSize, .trailers:
                    read(bytes[index])
                    index += 1
                }
            }
        }
        guard !encode.isEmpty else {
            context.fireChannelRead(data)
            return
        }
        context.fireChannelRead(wrapInboundOut(Self.encoding(input, at: encode, allocator: context.channel.allocator)))
    }

    /// Takes one byte of a header, chunk size or trailer line (or a request line's LF): keeps what reading the line
    /// needs, and acts on its end.
    private func read(_ byte: UInt8) {
        if byte == UInt8(ascii: "\n") {
            finishLine()
            line.removeAll(keepingCapacity: true)
            lineCut = false
            lineHasContent = false
            return
        }
        if byte != UInt8(ascii: "\r") { lineHasContent = true }
        // A request line's bytes are read in `channelRead`, which hands over only its LF.
        if line.count < Self.maxKeptLine {
            line.append(byte)
        } else {
            lineCut = true
        }
    }

    /// Moves on to what follows the line just read.
    private func finishLine() {
        switch state {
        case .requestLine:
            // Empty lines before a request line are allowed and skipped by the parser.
            guard lineHasContent else { return }
            contentLength = 0
            chunked = false
            leavesHTTP = requestLineStart.starts(with: Self.connect)
            requestLineStart.removeAll(keepingCapacity: true)
            state = .headers
        case .headers:
            if !lineHasContent {
                state = if leavesHTTP { .passThrough } else if chunked { .chunkSize }
                    else if contentLength > 0 { .body(remaining: contentLength) } else { .requestLine }
            } else if !readFraming() {
                state = .passThrough
            }
        case .chunkSize:
            let digits = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
            guard !lineCut, !digits.isEmpty, digits.count <= 15,
                  let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
                state = .passThrough
                return
            }
            state = size == 0 ? .trailers : .chunkData(remaining: size + 2)
        case .trailers:
            if !lineHasContent { state = .requestLine }
        case .body, .chunkData, .passThrough:
            break
        }
    }

    /// Reads a header line's part in the framing of the body; false when it cannot be followed.
    private func readFraming() -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return lineCut }
        let name = line[..<colon]
        let value = line[(colon + 1)...].filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        if Self.named(name, "content-length") {
            guard !lineCut, !value.isEmpty, value.count <= 18, value.allSatisfy({ (0x30...0x39).contains($0) }),
                  let length = Int(String(decoding: value, as: UTF8.self)) else { return false }
            contentLength = length
        } else if Self.named(name, "transfer-encoding") {
            // The last coding decides: chunked, or a framing this handler cannot follow.
            let last = value.split(separator: UInt8(ascii: ",")).last ?? []
            chunked = !lineCut && Self.named(last, "chunked")
            return chunked
        } else if Self.named(name, "upgrade") {
            leavesHTTP = true
        }
        return true
    }

    /// Whether `bytes` spell `name` (lower case ASCII), whatever their case.
    private static func named(_ bytes: some Collection<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { expected in
            zip(bytes, expected).allSatisfy { byte, letter in
                byte == letter || (0x41...0x5A).contains(byte) && byte | 0x20 == letter
            }
        }
    }

    /// A copy of `input` with the bytes at `offsets` (from its reader index) written as `%XX`.
    private static func encoding(_ input: ByteBuffer, at offsets: [Int], allocator: ByteBufferAllocator) -> ByteBuffer {
        let hex = Array("0123456789ABCDEF".utf8)
        var output = allocator.buffer(capacity: input.readableBytes + offsets.count * 2)
        input.withUnsafeReadableBytes { bytes in
            var start = 0
            for offset in offsets {
                output.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
                let byte = bytes[offset]
                output.writeBytes([UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                start = offset + 1
            }
            output.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        }
        return output
    }
}
