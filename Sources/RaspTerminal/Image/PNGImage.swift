import Foundation

/// A decoded PNG image: its size and its pixels as opaque colours.
///
/// Decoding reads the chunks (checking their CRCs), inflates the image data with the system zlib, undoes the
/// scanline filters and turns each pixel into an ``RGB``, compositing any transparency over a background colour.
///
/// Supported: colour types 0 (grey), 2 (RGB), 3 (palette, with `PLTE` and `tRNS`), 4 (grey + alpha) and
/// 6 (RGBA); bit depths 1, 2, 4 (grey and palette), 8 and 16 (16-bit samples keep their high byte); `tRNS`
/// colour keys for grey and RGB; the five scanline filters; any number of `IDAT` chunks.
/// Rejected with ``DecodeError/unsupported(_:)``: Adam7 interlacing, unknown critical chunks, images of more
/// than ``maximumPixelCount`` pixels. Malformed input never traps: it throws a ``DecodeError``.
public struct PNGImage: Sendable, Hashable {
    /// Width in pixels (at least 1 for a decoded image).
    public let width: Int
    /// Height in pixels (at least 1 for a decoded image).
    public let height: Int
    /// `width × height` colours, row by row from the top left.
    public let pixels: [RGB]

    /// The largest image this decoder accepts, in pixels (16 Mi, 4096 × 4096): bigger headers are rejected before
    /// anything is inflated, so a small file cannot make the decoder allocate gigabytes.
    public static let maximumPixelCount = 1 << 24

    /// Decodes a PNG file.
    ///
    /// - Parameters:
    ///   - data: The whole file, signature included.
    ///   - background: The colour transparent and translucent pixels are composited over (alpha blending with
    ///     8-bit values, rounded: `(c × a + bg × (255 − a) + 127) / 255`).
    /// - Throws: ``DecodeError`` saying why the file cannot be decoded.
    public init(data: Data, background: RGB = RGB(0, 0, 0)) throws(DecodeError) {
        let chunks = try Chunks(file: [UInt8](data))
        let header = chunks.header
        let inflated = try Self.inflate(chunks.imageData, expectedCount: header.filteredByteCount)
        let scanlines = try Self.unfilter(inflated, header: header)
        let converter = try PixelConverter(header: header, palette: chunks.palette,
                                           transparency: chunks.transparency, background: background)
        self.width = header.width
        self.height = header.height
        self.pixels = try converter.pixels(of: scanlines)
    }

    /// An image from its pixels, for callers that draw or scale images they made themselves.
    ///
    /// Returns `nil` unless `width` and `height` are positive and `pixels` holds exactly `width × height` colours.
    public init?(width: Int, height: Int, pixels: [RGB]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height) == (pixels.count, false) else {
            return nil
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at column `x`, row `y`, or `nil` outside the image.
    public subscript(x: Int, y: Int) -> RGB? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return pixels[y * width + x]
    }
}

extension PNGImage {
    /// Why a PNG file could not be decoded.
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        /// The data does not start with the PNG signature.
        case notPNG
        /// The file ends inside a chunk, or before the `IEND` chunk.
        case truncated
        /// A chunk is malformed (bad length, out of order, missing, or with invalid contents); the reason says how.
        case badChunk(String)
        /// The CRC stored after a chunk does not match its type and data.
        case crcMismatch(chunk: String)
        /// A valid PNG feature this decoder does not handle (interlacing, an unknown critical chunk, a huge image).
        case unsupported(String)
        /// The image data is not a valid zlib stream; the reason is zlib's when it gives one.
        case badZlib(String)
        /// The image data inflates to more or fewer bytes than the header implies (`actual` is a lower bound when
        /// there was too much: inflating stops there).
        case wrongDataSize(expected: Int, actual: Int)
        /// A scanline starts with a filter type other than 0…4.
        case badFilter(type: UInt8, row: Int)
        /// A pixel refers to a palette entry that `PLTE` does not have.
        case badPaletteIndex(Int)

        /// A sentence saying what is wrong, for logs and error messages.
        public var description: String {
            switch self {
            case .notPNG: "not a PNG file (the signature is missing)"
            case .truncated: "the PNG file is truncated"
            case .badChunk(let reason): "malformed PNG chunk: \(reason)"
            case .crcMismatch(let chunk): "CRC mismatch in the \(chunk) chunk"
            case .unsupported(let feature): "unsupported PNG: \(feature)"
            case .badZlib(let reason): "bad zlib data in IDAT: \(reason)"
            case .wrongDataSize(let expected, let actual) where actual > expected:
                "the image data inflates to more than the \(expected) bytes its header implies"
            case .wrongDataSize(let expected, let actual):
                "the image data inflates to \(actual) bytes, its header implies \(expected)"
            case .badFilter(let type, let row): "unknown filter type \(type) on row \(row)"
            case .badPaletteIndex(let index): "palette index \(index) is beyond the end of PLTE"
            }
        }
    }
}
