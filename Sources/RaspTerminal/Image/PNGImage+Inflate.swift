import CZlib

// The image data is one zlib stream split over the IDAT chunks. It is inflated with the system zlib a block at a
// time into a growing buffer that may not exceed the size the header implies: a file whose data inflates to more
// (a decompression bomb) or to less is rejected, and memory stays bounded by the header whatever the data says.

extension PNGImage {
    /// Bytes zlib writes per call; the buffer grows by this much at most beyond `expectedCount`.
    private static let inflateBlockSize = 1 << 16

    /// Inflates `compressed`, which must decompress to exactly `expectedCount` bytes.
    static func inflate(_ compressed: [UInt8], expectedCount: Int) throws(DecodeError) -> [UInt8] {
        guard compressed.count <= Int(UInt32.max) else { throw .unsupported("more than 4 GiB of image data") }
        var stream = z_stream()
        let status = inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .badZlib("zlib could not start (status \(status))") }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        output.reserveCapacity(min(expectedCount, inflateBlockSize))
        let failure = compressed.withUnsafeBufferPointer { source -> DecodeError? in
            // zlib does not write through `next_in`; its C declaration just lacks the `const`.
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            return inflateAll(&stream, into: &output, limit: expectedCount)
        }
        if let failure { throw failure }
        guard output.count == expectedCount else {
            throw .wrongDataSize(expected: expectedCount, actual: output.count)
        }
        return output
    }

    /// Runs `inflate` on a prepared stream until the zlib stream ends, appending to `output`; returns what went
    /// wrong, or `nil` once the stream has ended without `output` passing `limit` bytes.
    private static func inflateAll(_ stream: inout z_stream, into output: inout [UInt8], limit: Int) -> DecodeError? {
        var block = [UInt8](repeating: 0, count: inflateBlockSize)
        while true {
            let (status, produced) = block.withUnsafeMutableBufferPointer { target in
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                return (status, target.count - Int(stream.avail_out))
            }
            output.append(contentsOf: block[..<produced])
            if output.count > limit {
                return .wrongDataSize(expected: limit, actual: output.count)
            }
            switch status {
            case Z_STREAM_END:
                return nil
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress was possible with room to write: the input ran out before the end of the stream.
                return .badZlib("the stream ends early")
            case Z_NEED_DICT:
                return .badZlib("the stream needs a preset dictionary")
            case Z_MEM_ERROR:
                return .badZlib("out of memory")
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
                return .badZlib(message)
            }
        }
    }
}
