import Foundation

/// How one property of a form or multipart body is written: the OpenAPI `encoding` object's `contentType`, `style`
/// and `explode`.
@_spi(Generated)
public struct BodyPartEncoding: Sendable, Hashable {
    /// Multipart only: the media type of the property's part. A file uses it when the ``BinaryFile`` names none, an
    /// object is sent as this type instead of `application/json`, and a scalar's part announces it.
    public var contentType: String?
    /// How the property is written as form fields (form, spaceDelimited, pipeDelimited or deepObject). In a
    /// multipart body, setting it sends an object or array as text parts written in this style.
    public var style: ParameterStyle?
    /// Whether arrays and objects are exploded; nil means true for form style and false for the others.
    public var explode: Bool?

    /// Creates an encoding; nil leaves a setting at its default.
    public init(contentType: String? = nil, style: ParameterStyle? = nil, explode: Bool? = nil) {
        self.contentType = contentType
        self.style = style
        self.explode = explode
    }
}

extension ClientRequest {
    /// Sets an `application/x-www-form-urlencoded` body: each top-level property of `value`, in encoding order and
    /// nil ones left out, written as the query styles write a parameter (`encoding[property]`, form style and
    /// exploded by default): `tags=a&tags=b`, `ids=1|2`, `metadata[order]=7`.
    ///
    /// A property that holds an object (or an array of objects or arrays) and has no `encoding` entry that sets a
    /// style or explode is written with brackets, `card[exp][month]=12` and `items[0][price]=p_1`, as deepObject
    /// does. The OpenAPI default (form, exploded) would send the object's fields as top-level pairs and lose their
    /// parent, while brackets are what form APIs (Stripe, Rails, PHP) parse. Files are sent as base64 text (a file
    /// on disk is read for it).
    /// - Throws: ``ClientError/invalidRequest(operationID:reason:underlyingError:)`` if `value` is not an object or
    ///   does not encode, a property has a style only paths and headers use, or a file cannot be read or comes from a
    ///   sequence.
    @_spi(Generated)
    public mutating func setFormBody(_ value: some Encodable, encoding: [String: BodyPartEncoding]) throws {
        var pairs: [(name: String, value: String)] = []
        for field in try bodyFields(value, kind: "form") {
            let node = try loadingFiles(field.key, field.value)
            pairs += try formPairs(field.key, node, encoding: encoding[field.key])
        }
        let text = pairs.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
        setBody(Data(text.utf8), contentType: "application/x-www-form-urlencoded")
    }

    /// Sets a `multipart/form-data` body with a part per top-level property of `value` (in encoding order, nil ones
    /// left out):
    /// - a ``BinaryFile`` is a file part with its bytes, file name (or the property name) and media type (or the
    ///   encoding's, or `application/octet-stream`); a file on disk or from a sequence is read only as the request
    ///   is sent (the body is then an ``MessageBody`` of the parts' framing around those files, announced with a
    ///   `Content-Length` when every length is known, chunked otherwise);
    /// - an array is a part per item, each item written by these rules;
    /// - an object is one `application/json` part (or the encoding's `contentType`), unless the encoding sets a
    ///   style: then the object, like an array, is written as text parts named as the form body would name them
    ///   (`link_data[create]=true`);
    /// - anything else is a text part, with a `Content-Type` only if the encoding gives one. `Data` is base64 text.
    /// - Throws: ``ClientError/invalidRequest(operationID:reason:underlyingError:)`` if `value` is not an object or
    ///   does not encode, a property has a style only paths and headers use, or a media type contains a line break.
    @_spi(Generated)
    public mutating func setMultipartBody(_ value: some Encodable, encoding: [String: BodyPartEncoding]) throws {
        var writer = MultipartWriter()
        for field in try bodyFields(value, kind: "multipart") {
            try addParts(field.key, field.value, encoding: encoding[field.key], to: &writer)
        }
        setBody(writer.finish(), contentType: writer.contentType)
    }

    /// The top-level properties of a body value, in encoding order, without the nil ones.
    private func bodyFields(_ value: some Encodable, kind: String) throws -> [(key: String, value: ParameterNode)] {
        let node: ParameterNode
        do { node = try ParameterNode(value) } catch { throw invalidBody("does not encode: \(error)") }
        guard case .object(let fields) = node else { throw invalidBody("must be an object to be sent as \(kind)") }
        return fields.filter { if case .null = $0.value { false } else { true } }
    }

    /// The form pairs of one property (not yet percent-encoded).
    private func formPairs(_ name: String, _ node: ParameterNode, encoding: BodyPartEncoding?) throws
        -> [(name: String, value: String)] {
        let style = encoding?.style ?? .form
        let explode = encoding?.explode ?? (style == .form)
        let unspecified = encoding?.style == nil && encoding?.explode == nil
        // deepObject (unlike a query parameter's) numbers the items of an array: `expand[0]=a&expand[1]=b`.
        if style == .deepObject || (unspecified && node.hasNestedObjects) { return node.deepObjectItems(name) }
        guard let items = node.formStyleItems(name, style: style, explode: explode) else {
            throw invalidBody("property '\(name)' has style \(style.rawValue), which a form field cannot use")
        }
        return items
    }

    /// Adds the parts of one property (or of one item of an array property).
    private func addParts(_ name: String, _ node: ParameterNode, encoding: BodyPartEncoding?,
                          to writer: inout MultipartWriter) throws {
        switch node {
        case .null:
            break
        case .file(let file):
            let type = try partType(name, file.contentType ?? encoding?.contentType ?? "application/octet-stream")
            writer.add(name: name, filename: file.filename ?? name, contentType: type, content: file.content)
        case .scalar(let text, _):
            writer.add(name: name, contentType: try encoding?.contentType.map { try partType(name, $0) }, text: text)
        case .array(let items) where encoding?.style == nil || items.contains(where: \.isFile):
            for item in items { try addParts(name, item, encoding: encoding, to: &writer) }
        case .object where encoding?.style == nil:
            let type = try partType(name, encoding?.contentType ?? "application/json")
            writer.add(name: name, contentType: type, text: try loadingFiles(name, node).json)
        case .array, .object:
            for pair in try formPairs(name, try loadingFiles(name, node), encoding: encoding) {
                writer.add(name: pair.name, contentType: nil, text: pair.value)
            }
        }
    }

    /// A property's value with its files in memory, for the encodings that write them as base64 text.
    private func loadingFiles(_ name: String, _ node: ParameterNode) throws -> ParameterNode {
        do { return try node.loadingFiles() } catch { throw invalidBody("property '\(name)': \(error)") }
    }

    /// A part's media type, checked for line breaks (which would end its header early).
    private func partType(_ name: String, _ type: String) throws -> String {
        guard !type.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw invalidBody("property '\(name)' has a media type with a line break")
        }
        return type
    }

    /// The error for a body that cannot be built.
    private func invalidBody(_ reason: String) -> ClientError {
        .invalidRequest(operationID: operationID, reason: "body \(reason)")
    }
}

extension ParameterNode {
    /// Whether the value is an object, or an array holding objects or arrays: what the bracket convention writes.
    fileprivate var hasNestedObjects: Bool {
        switch self {
        case .object: true
        case .array(let items): items.contains { $0.isComposite }
        case .null, .scalar, .file: false
        }
    }

    /// Whether the value is an object or an array.
    fileprivate var isComposite: Bool {
        switch self {
        case .object, .array: true
        case .null, .scalar, .file: false
        }
    }

    /// Whether the value is a file.
    fileprivate var isFile: Bool { if case .file = self { true } else { false } }
}

/// Writes a `multipart/form-data` body (RFC 7578) with CRLF line endings and a random boundary: the framing in
/// memory, the parts' contents as they are (files and sequences stay to be read as the body is sent).
struct MultipartWriter {
    /// The boundary between parts.
    let boundary = "rasp-boundary-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    /// The body written so far.
    private var parts: [MessageBody.Part] = []

    /// The body's `Content-Type`, naming the boundary.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a text part, with a `Content-Type` header only if `contentType` is given (text/plain is implied).
    mutating func add(name: String, contentType: String?, text: String) {
        add(name: name, filename: nil, contentType: contentType, content: MessageBody(Data(text.utf8)))
    }

    /// Adds a part of bytes in memory; a file name makes it a file part.
    mutating func add(name: String, filename: String?, contentType: String?, body: Data) {
        add(name: name, filename: filename, contentType: contentType, content: MessageBody(body))
    }

    /// Adds a part; a file name makes it a file part.
    mutating func add(name: String, filename: String?, contentType: String?, content: MessageBody) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escape(name))\""
        if let filename { head += "; filename=\"\(Self.escape(filename))\"" }
        if let contentType { head += "\r\nContent-Type: \(contentType)" }
        parts.append(.data(Data((head + "\r\n\r\n").utf8)))
        parts += content.parts
        parts.append(.data(Data("\r\n".utf8)))
    }

    /// The whole body, closed with the final boundary.
    func finish() -> MessageBody { MessageBody(parts: parts + [.data(Data("--\(boundary)--\r\n".utf8))]) }

    /// A name or file name escaped for a quoted header parameter, as browsers do: `"`, CR and LF percent-encoded.
    /// Works on Unicode scalars, since a CR LF pair is a single `Character`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
