// The IHDR chunk: the image's size and how its pixels are stored, checked against what the format allows and
// what this decoder supports. Everything else (buffer sizes, filter distance) is derived from it.

extension PNGImage {
    /// The decoded and validated `IHDR` chunk.
    struct Header: Equatable {
        /// How a pixel's samples are stored.
        enum ColourType: UInt8 {
            case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

            /// Samples per pixel.
            var channels: Int {
                switch self {
                case .grey, .palette: 1
                case .greyAlpha: 2
                case .rgb: 3
                case .rgba: 4
                }
            }

            /// The bit depths the format allows for this colour type.
            var allowedBitDepths: Set<Int> {
                switch self {
                case .grey: [1, 2, 4, 8, 16]
                case .palette: [1, 2, 4, 8]
                case .rgb, .greyAlpha, .rgba: [8, 16]
                }
            }
        }

        let width: Int
        let height: Int
        /// Bits per sample (per palette index for palette images): 1, 2, 4, 8 or 16.
        let bitDepth: Int
        let colourType: ColourType

        /// Parses the 13 bytes of `IHDR`.
        init(_ data: ArraySlice<UInt8>) throws(DecodeError) {
            guard data.count == 13 else { throw .badChunk("IHDR of \(data.count) bytes") }
            let start = data.startIndex
            let width = Int(bigEndianUInt32(data, at: start))
            let height = Int(bigEndianUInt32(data, at: start + 4))
            let (bitDepth, rawColourType) = (Int(data[start + 8]), data[start + 9])
            let (compression, filter, interlace) = (data[start + 10], data[start + 11], data[start + 12])

            guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
                throw .badChunk("an image size of \(width)×\(height)")
            }
            guard let colourType = ColourType(rawValue: rawColourType) else {
                throw .badChunk("colour type \(rawColourType)")
            }
            guard colourType.allowedBitDepths.contains(bitDepth) else {
                throw .badChunk("bit depth \(bitDepth) with colour type \(rawColourType)")
            }
            guard compression == 0 else { throw .badChunk("compression method \(compression)") }
            guard filter == 0 else { throw .badChunk("filter method \(filter)") }
            guard interlace <= 1 else { throw .badChunk("interlace method \(interlace)") }
            guard interlace == 0 else { throw .unsupported("Adam7 interlacing") }
            // Both sides are below 2³¹, so the product cannot overflow a 64-bit Int.
            guard width * height <= PNGImage.maximumPixelCount else {
                throw .unsupported("\(width)×\(height) pixels (more than \(PNGImage.maximumPixelCount))")
            }
            self.width = width
            self.height = height
            self.bitDepth = bitDepth
            self.colourType = colourType
        }

        /// Bits one pixel takes in a scanline.
        var bitsPerPixel: Int { bitDepth * colourType.channels }

        /// How many bytes back the Sub, Average and Paeth filters look: a whole pixel, or one byte when pixels
        /// are smaller than a byte.
        var filterDistance: Int { max(1, bitsPerPixel / 8) }

        /// Bytes of one scanline, without its filter-type byte (a partial last byte is padded).
        var rowByteCount: Int { (width * bitsPerPixel + 7) / 8 }

        /// Bytes the image data inflates to: each scanline and its filter-type byte.
        var filteredByteCount: Int { height * (rowByteCount + 1) }
    }
}
