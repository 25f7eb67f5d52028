import CZlib

// The container format: the signature, then chunks of `length, type, data, CRC` up to `IEND`.
// `Chunks` walks them once, checking lengths, CRCs and order, and keeps what decoding needs:
// the header, the palette, the transparency, and the concatenated image data.

extension PNGImage {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What the chunks of a file say about its image.
    struct Chunks {
        /// The `IHDR` chunk.
        let header: Header
        /// The `PLTE` entries (empty when there is none).
        private(set) var palette: [RGB] = []
        /// The raw `tRNS` data: alphas of palette entries, or the transparent grey or RGB sample values.
        private(set) var transparency: [UInt8]?
        /// The data of every `IDAT` chunk, in order: one zlib stream.
        private(set) var imageData: [UInt8] = []

        /// Reads the chunks of a whole file.
        init(file: [UInt8]) throws(DecodeError) {
            guard file.starts(with: signature) else {
                // A file that stops inside the signature is truncated; anything else is not a PNG.
                throw !file.isEmpty && signature.starts(with: file) ? .truncated : .notPNG
            }
            var reader = ChunkReader(file: file, position: signature.count)
            guard let first = try reader.next(), first.type == "IHDR" else {
                throw .badChunk("the first chunk is not IHDR")
            }
            header = try Header(first.data)
            try readRest(&reader)
        }

        /// Reads the chunks after `IHDR`, up to and including `IEND`.
        private mutating func readRest(_ reader: inout ChunkReader) throws(DecodeError) {
            // IDAT chunks must be consecutive, and PLTE and tRNS come before them.
            var idat = IDATProgress.notYet
            while let chunk = try reader.next() {
                if idat == .reading && chunk.type != "IDAT" { idat = .over }
                switch chunk.type {
                case "IHDR":
                    throw .badChunk("a second IHDR chunk")
                case "PLTE":
                    guard idat == .notYet, palette.isEmpty else { throw .badChunk("PLTE after IDAT or repeated") }
                    palette = try Self.palette(chunk.data)
                case "tRNS":
                    guard idat == .notYet else { throw .badChunk("tRNS after IDAT") }
                    transparency = Array(chunk.data)
                case "IDAT":
                    guard idat != .over else { throw .badChunk("IDAT chunks are not consecutive") }
                    idat = .reading
                    imageData.append(contentsOf: chunk.data)
                case "IEND":
                    try checkComplete()
                    return
                default:
                    // Bit 5 of the first letter clear (upper case) marks a chunk needed to show the image.
                    if chunk.type.utf8.first.map({ $0 & 0x20 == 0 }) == true {
                        throw .unsupported("the critical chunk \(chunk.type)")
                    }
                }
            }
            throw .truncated
        }

        /// Where the reading of chunks is with respect to the IDAT chunks.
        private enum IDATProgress {
            case notYet, reading, over
        }

        /// Checks that the chunks read so far make a whole image.
        private func checkComplete() throws(DecodeError) {
            guard !imageData.isEmpty else { throw .badChunk("no IDAT chunk") }
            if header.colourType == .palette && palette.isEmpty {
                throw .badChunk("a palette image without PLTE")
            }
        }

        /// The colours of a `PLTE` chunk: 1…256 entries of three bytes.
        private static func palette(_ data: ArraySlice<UInt8>) throws(DecodeError) -> [RGB] {
            guard data.count % 3 == 0, (3...768).contains(data.count) else {
                throw .badChunk("PLTE of \(data.count) bytes")
            }
            return stride(from: data.startIndex, to: data.endIndex, by: 3).map { index in
                RGB(data[index], data[index + 1], data[index + 2])
            }
        }
    }

    /// Reads one chunk after another from a file, checking each one's length and CRC.
    struct ChunkReader {
        /// A chunk: its four-letter type and its data (a slice of the file).
        struct Chunk {
            let type: String
            let data: ArraySlice<UInt8>
        }

        let file: [UInt8]
        var position: Int

        /// The next chunk, or `nil` at the end of the file.
        mutating func next() throws(DecodeError) -> Chunk? {
            guard position < file.count else { return nil }
            guard file.count - position >= 12 else { throw .truncated }
            let length = Int(bigEndianUInt32(file, at: position))
            // The format caps lengths at 2³¹ − 1.
            guard length <= Int(Int32.max) else { throw .badChunk("a chunk length of \(length) bytes") }
            guard file.count - position - 12 >= length else { throw .truncated }
            let typeBytes = file[position + 4 ..< position + 8]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .badChunk("a chunk type that is not four letters")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let stored = bigEndianUInt32(file, at: position + 8 + length)
            guard crc(of: file[position + 4 ..< position + 8 + length]) == stored else {
                throw .crcMismatch(chunk: type)
            }
            defer { position += 12 + length }
            return Chunk(type: type, data: file[position + 8 ..< position + 8 + length])
        }

        /// zlib's CRC-32 of some bytes (the chunk type and data, as the format specifies).
        private func crc(of bytes: ArraySlice<UInt8>) -> UInt32 {
            bytes.withUnsafeBufferPointer { buffer in
                UInt32(truncatingIfNeeded: crc32(0, buffer.baseAddress, uInt(buffer.count)))
            }
        }
    }
}

/// The big-endian 32-bit number in the four bytes of `bytes` from `index` on (an index of `bytes` itself, so an
/// offset into the file for a slice of it).
func bigEndianUInt32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Bytes.Index) -> UInt32 {
    bytes[index...].prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
}
