public import Foundation

/// Raw bytes sent as a file (a `format: binary` property of a multipart or form body), with the file name and media
/// type the part announces.
///
/// In a multipart body the bytes go as they are, in a part of their own. Everywhere else (a form body, a parameter,
/// JSON) they are written as base64 text, which is also how the value encodes and decodes with `Codable`; a decoded
/// file has no file name or media type.
public struct BinaryFile: Sendable, Hashable, Codable {
    /// The file's contents.
    public var data: Data
    /// The name announced in the part's `Content-Disposition`; nil uses the property name.
    public var filename: String?
    /// The part's `Content-Type`; nil uses the body's `encoding` entry, or else `application/octet-stream`.
    public var contentType: String?

    /// Creates a file from its bytes, with an optional file name and media type.
    public init(_ data: Data, filename: String? = nil, contentType: String? = nil) {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }

    /// Decodes a single base64 string; the file has no file name or media type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not base64 text")
        }
        self.init(data)
    }

    /// Encodes the bytes as a single base64 string (the file name and media type are not written).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }

    /// The bytes as base64 text, as every encoding but multipart writes them.
    var base64: String { data.base64EncodedString() }
}
