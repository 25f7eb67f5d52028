import Foundation

extension ServerRequest {
    /// Whether the request has a body.
    public var hasBody: Bool { !bodyData.isEmpty }

    /// The body as JSON of type `T`.
    /// - Throws: ``ServerRequestError`` when it is missing or does not decode.
    public func jsonBody<T: Decodable>(as type: T.Type = T.self) throws -> T {
        guard hasBody else { throw ServerRequestError("the request body is required") }
        do {
            return try JSONCoding.decode(T.self, from: bodyData)
        } catch {
            throw ServerRequestError("the request body " + ServerRequestError.describe(error))
        }
    }

    /// The body as UTF-8 text.
    public func textBody() -> String { String(decoding: bodyData, as: UTF8.self) }

    /// The body as a file: its bytes and the media type it was sent as.
    public func binaryBody() -> BinaryFile { BinaryFile(bodyData, contentType: header("Content-Type")) }

    /// An `application/x-www-form-urlencoded` body read as ``ClientRequest/setFormBody(_:encoding:)`` writes it:
    /// each property in its `encoding` style (form and exploded by default), bracket keys (`card[exp][month]`) as
    /// nested objects and numbered arrays.
    /// - Throws: ``ServerRequestError`` when a property does not decode.
    @_spi(Generated)
    public func formBody<T: Decodable>(as type: T.Type = T.self, encoding: [String: BodyPartEncoding] = [:]) throws
        -> T {
        try Self.form(T.self, bodyData, encoding: encoding, what: "the request body")
    }

    /// A form body's bytes decoded as `T` (``formBody(as:encoding:)``; a client reads a form response with it).
    /// - Parameter what: How errors name the body ("the request body").
    static func form<T: Decodable>(_ type: T.Type, _ data: Data, encoding: [String: BodyPartEncoding],
                                   what: String) throws -> T {
        let items = Self.formItems(String(decoding: data, as: UTF8.self))
        return try decodeFields(T.self, fields(of: items, encoding: encoding), what: what)
    }

    /// A `multipart/form-data` body read as ``ClientRequest/setMultipartBody(_:encoding:)`` writes it: a part per
    /// property (several for an array); file parts become ``BinaryFile`` values with their file name and media
    /// type, JSON parts objects, text parts scalars, and parts named with brackets nested values.
    /// - Throws: ``ServerRequestError`` when the body is not multipart or a property does not decode.
    @_spi(Generated)
    public func multipartBody<T: Decodable>(as type: T.Type = T.self, encoding: [String: BodyPartEncoding] = [:])
        throws -> T {
        try Self.multipart(T.self, bodyData, contentType: header("Content-Type"), encoding: encoding,
                           what: "the request body")
    }

    /// A multipart body's bytes decoded as `T` (``multipartBody(as:encoding:)``; a client reads a multipart response
    /// with it).
    /// - Parameters:
    ///   - contentType: The body's `Content-Type`, with its `boundary`.
    ///   - what: How errors name the body ("the request body").
    static func multipart<T: Decodable>(_ type: T.Type, _ data: Data, contentType: String?,
                                        encoding: [String: BodyPartEncoding], what: String) throws -> T {
        guard let boundary = Self.boundary(contentType) else {
            throw ServerRequestError("\(what) is not multipart with a boundary")
        }
        guard let parts = MultipartParser.parts(of: data, boundary: boundary) else {
            throw ServerRequestError("\(what) is malformed multipart")
        }
        var fields: [(key: String, value: WireNode)] = []
        var bracketed: [String: [(name: String, value: String)]] = [:]
        var order: [String] = []
        for part in parts {
            let base = String(part.name.prefix { $0 != "[" })
            if !order.contains(base) { order.append(base) }
            if base != part.name {
                bracketed[base, default: []].append((part.name, String(decoding: part.body, as: UTF8.self)))
            } else if part.filename != nil || Self.isBinary(part.contentType) {
                fields.append((base, .list([.file(BinaryFile(part.body, filename: part.filename,
                                                             contentType: part.contentType))])))
            } else {
                // A part alone may be an array of one item: a one-item list reads as either.
                fields.append((base, .list([.text(String(decoding: part.body, as: UTF8.self))])))
            }
        }
        for (base, items) in bracketed {
            let style = encoding[base]?.style ?? .deepObject
            if style == .deepObject {
                fields.append((base, Self.bracketTree(items, under: base)))
            } else {
                fields += Self.fields(of: items, encoding: encoding)
            }
        }
        // Several parts of one name are an array; `field(_:)` gathers them.
        return try decodeFields(T.self, fields, what: what)
    }

    /// The fields of a form body, each property read in its encoding's style.
    private static func fields(of items: [(name: String, value: String)], encoding: [String: BodyPartEncoding])
        -> [(key: String, value: WireNode)] {
        var order: [String] = []
        var groups: [String: [(name: String, value: String)]] = [:]
        for item in items {
            let base = String(item.name.prefix { $0 != "[" })
            if groups[base] == nil { order.append(base) }
            groups[base, default: []].append(item)
        }
        return order.map { base in
            let items = groups[base]!
            if items.contains(where: { $0.name != base }) { return (base, Self.bracketTree(items, under: base)) }
            let style = encoding[base]?.style ?? .form
            let explode = encoding[base]?.explode ?? (style == .form)
            if explode || items.count > 1 { return (base, .list(items.map { .text($0.value) })) }
            return (base, .styled(StyledText(raw: items[0].value, style: style, explode: false, name: base,
                                             percentEncoded: false)))
        }
    }

    private static func decodeFields<T: Decodable>(_ type: T.Type, _ fields: [(key: String, value: WireNode)],
                                                   what: String) throws -> T {
        do {
            return try WireDecoder.decode(T.self, from: .fields(fields))
        } catch {
            throw ServerRequestError("\(what) " + ServerRequestError.describe(error))
        }
    }

    /// The `boundary` parameter of a multipart media type.
    static func boundary(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// Whether a part's media type is bytes rather than text or JSON.
    private static func isBinary(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return !(type.hasPrefix("text/") || type.contains("json") || type.hasPrefix("application/x-www-form"))
    }
}

/// One part of a `multipart/form-data` body, as ``ServerRequest/multipartParts()`` reads it.
@_spi(Generated)
public struct MultipartPart: Sendable {
    /// The `name` of its `Content-Disposition`.
    public var name: String
    /// Its `filename`, for a file.
    public var filename: String?
    /// Its `Content-Type`, as sent.
    public var contentType: String?
    /// Its bytes.
    public var body: Data
}

extension ServerRequest {
    /// The parts of a `multipart/form-data` body, in order, for a check of the body against its schema part by part
    /// (the spec-driven mock's); nil when the body is not framed by the boundary its `Content-Type` names.
    @_spi(Generated)
    public func multipartParts() -> [MultipartPart]? {
        guard let boundary = Self.boundary(header("Content-Type")) else { return nil }
        return MultipartParser.parts(of: bodyData, boundary: boundary)
    }
}

/// Splits a `multipart/form-data` body (RFC 7578) into its parts.
enum MultipartParser {
    typealias Part = MultipartPart

    /// The parts, or nil when the body is not framed by `boundary`.
    static func parts(of body: Data, boundary: String) -> [Part]? {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [Part] = []
        guard var start = body.range(of: delimiter)?.upperBound else { return nil }
        while true {
            // After a delimiter: `--` ends the body, CRLF starts a part.
            if body[start...].starts(with: Data("--".utf8)) { return parts }
            guard body[start...].starts(with: Data("\r\n".utf8)) else { return nil }
            let headStart = start + 2
            guard let headEnd = body.range(of: Data("\r\n\r\n".utf8), in: headStart..<body.endIndex),
                  let next = body.range(of: Data("\r\n".utf8) + delimiter, in: headEnd.upperBound..<body.endIndex)
            else { return nil }
            let head = String(decoding: body[headStart..<headEnd.lowerBound], as: UTF8.self)
            guard var part = parseHead(head) else { return nil }
            part.body = Data(body[headEnd.upperBound..<next.lowerBound])
            parts.append(part)
            start = next.upperBound
        }
    }

    /// A part's name, file name and media type from its header lines.
    private static func parseHead(_ head: String) -> Part? {
        var part = Part(name: "", body: Data())
        var named = false
        for line in head.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let field = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if field == "content-type" { part.contentType = value }
            guard field == "content-disposition" else { continue }
            for parameter in value.split(separator: ";").dropFirst() {
                let item = parameter.split(separator: "=", maxSplits: 1)
                guard item.count == 2 else { continue }
                let key = item[0].trimmingCharacters(in: .whitespaces).lowercased()
                let text = unquote(item[1].trimmingCharacters(in: .whitespaces))
                if key == "name" { part.name = text; named = true }
                if key == "filename" { part.filename = text }
            }
        }
        return named ? part : nil
    }

    /// A quoted header parameter's text, with the escapes browsers (and ``MultipartWriter``) write undone.
    private static func unquote(_ text: String) -> String {
        var text = text
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        return text.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
    }
}
