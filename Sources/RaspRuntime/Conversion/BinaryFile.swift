public import Foundation

/// Bytes sent as a file, with the file name and media type they announce: a `format: binary` property of a
/// multipart or form body, or a whole binary request body (`application/octet-stream`, `image/png`, `*/*`…).
///
/// The bytes can be in memory, in a file read as the request goes out, or come from an async sequence of chunks
/// (see ``MessageBody``):
///
/// ```swift
/// BinaryFile(data, filename: "avatar.png")
/// BinaryFile(contentsOf: movieURL, contentType: "video/mp4")      // streamed, never whole in memory
/// BinaryFile(chunks: recorder.chunks, length: nil)                // streamed, sent chunked
/// ```
///
/// In a multipart body the bytes go as they are, in a part of their own, streamed when they are a file or a sequence;
/// as a whole body likewise. Everywhere else (a form body, a parameter, JSON) they are written as base64 text, which
/// is also how the value encodes and decodes with `Codable`: a file is then read into memory, and a sequence cannot
/// be written that way at all. A decoded file has no file name or media type.
public struct BinaryFile: Sendable, Hashable, Codable {
    /// Where the bytes come from.
    public var content: MessageBody
    /// The name announced in the part's `Content-Disposition`; nil uses the property name.
    public var filename: String?
    /// The media type of the part, or of the whole body; nil uses the body's `encoding` entry or the operation's
    /// media type (`application/octet-stream` for a wildcard).
    public var contentType: String?

    /// Creates a file from its bytes, with an optional file name and media type.
    public init(_ data: Data, filename: String? = nil, contentType: String? = nil) {
        self.init(MessageBody(data), filename: filename, contentType: contentType)
    }

    /// Creates a file whose bytes are read from `file` as the request is sent.
    /// - Parameters:
    ///   - file: A file URL; its size when the request goes out is the length sent.
    ///   - filename: The name announced; by default the file's own name.
    ///   - contentType: The media type, if it should not be the body's default.
    public init(contentsOf file: URL, filename: String? = nil, contentType: String? = nil) {
        self.init(MessageBody(contentsOf: file), filename: filename ?? file.lastPathComponent, contentType: contentType)
    }

    /// Creates a file from the chunks of an async sequence, read as the request is sent, once (see
    /// ``MessageBody/init(_:length:)``).
    /// - Parameters:
    ///   - chunks: The bytes.
    ///   - length: Their total number, if known (announced as `Content-Length`; otherwise the body is chunked).
    ///   - filename: The name announced, if any.
    ///   - contentType: The media type, if it should not be the body's default.
    public init<Chunks: AsyncSequence & Sendable>(chunks: Chunks, length: Int?, filename: String? = nil,
                                                  contentType: String? = nil) where Chunks.Element: DataProtocol {
        self.init(MessageBody(chunks, length: length), filename: filename, contentType: contentType)
    }

    /// Creates a file from any body.
    public init(_ content: MessageBody, filename: String? = nil, contentType: String? = nil) {
        self.content = content
        self.filename = filename
        self.contentType = contentType
    }

    /// The bytes, when they are in memory; empty for a file or a sequence, whose bytes are read only as the request
    /// goes out (see ``content``). Setting it makes the file these bytes.
    public var data: Data {
        get { content.data ?? Data() }
        set { content = MessageBody(newValue) }
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

    /// Encodes the bytes as a single base64 string (the file name and media type are not written); a file is read
    /// into memory for it.
    /// - Throws: `EncodingError` when a file cannot be read, or the bytes come from a sequence.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        do {
            try container.encode(try inMemory().base64EncodedString())
        } catch let error as MessageBody.ReadError {
            let context = EncodingError.Context(codingPath: encoder.codingPath, debugDescription: error.reason)
            throw EncodingError.invalidValue(self, context)
        }
    }

    /// The bytes as base64 text, as every encoding but multipart writes them; empty when they cannot be read (the
    /// body encoders check ``inMemory()`` first).
    var base64: String { ((try? inMemory()) ?? Data()).base64EncodedString() }

    /// The bytes in memory, a file's read for it.
    /// - Throws: ``MessageBody/ReadError`` when a file cannot be read or the bytes come from a sequence.
    func inMemory() throws -> Data {
        if let data = content.data { return data }
        var data = Data()
        for part in content.parts {
            switch part {
            case .data(let bytes):
                data.append(bytes)
            case .file(let url):
                do {
                    data.append(try Data(contentsOf: url))
                } catch {
                    throw MessageBody.ReadError("cannot read \(url.path): \(error.localizedDescription)")
                }
            case .chunks:
                throw MessageBody.ReadError("a file read from an async sequence can only be sent as a multipart part "
                                           + "or a whole body, not as base64 text")
            }
        }
        return data
    }
}
