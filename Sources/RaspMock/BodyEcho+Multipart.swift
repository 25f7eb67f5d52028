import Foundation

/// A `multipart/form-data` body (RFC 7578 over RFC 2046), split into fields for ``BodyEcho``.
struct MultipartBody {
    /// `--` and the boundary.
    private let delimiter: [UInt8]
    /// CR LF and the delimiter: what ends a part.
    private let partEnd: [UInt8]

    /// Creates a parser for a boundary (the `boundary` parameter of the `Content-Type`, unquoted).
    init(boundary: String) {
        delimiter = Array("--\(boundary)".utf8)
        partEnd = Array("\r\n--\(boundary)".utf8)
    }

    /// A field per part, in order: the preamble before the first delimiter and the epilogue after the closing one
    /// are ignored, as is transport padding (spaces, tabs) after a delimiter.
    /// - Throws: ``MalformedBody`` without an opening or closing delimiter, or for a part without a name.
    func fields(_ body: [UInt8]) throws(MalformedBody) -> [Field] {
        var position: Int
        if body.starts(with: delimiter) {
            position = delimiter.count
        } else if let opening = body.firstRange(of: partEnd) {
            position = opening.upperBound
        } else {
            throw MalformedBody("no opening delimiter \(text(delimiter))")
        }
        var fields: [Field] = []
        while true {
            if body[position...].starts(with: Self.dashes) { return fields }
            while position < body.count, body[position] == Self.space || body[position] == Self.tab { position += 1 }
            guard body[position...].starts(with: Self.crlf) else {
                throw MalformedBody(position == body.count ? "no closing delimiter \(text(delimiter))--"
                                                           : "no CRLF after delimiter \(fields.count + 1)")
            }
            let start = position + 2
            guard let end = body[start...].firstRange(of: partEnd) else {
                throw MalformedBody("no closing delimiter \(text(delimiter))--")
            }
            fields.append(try part(body[start..<end.lowerBound], number: fields.count + 1))
            position = end.upperBound
        }
    }

    /// A part: header lines, an empty line, the content.
    private func part(_ bytes: ArraySlice<UInt8>, number: Int) throws(MalformedBody) -> Field {
        let headerBytes: ArraySlice<UInt8>
        let content: ArraySlice<UInt8>
        if bytes.starts(with: Self.crlf) {
            headerBytes = []
            content = bytes.dropFirst(2)
        } else if let blank = bytes.firstRange(of: Self.crlf + Self.crlf) {
            headerBytes = bytes[..<blank.lowerBound]
            content = bytes[blank.upperBound...]
        } else {
            throw MalformedBody("part \(number) has no empty line after its headers")
        }
        var disposition: [UInt8]?
        var contentType: String?
        for line in headerBytes.split(separator: Self.crlf) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let value = line[(colon + 1)...]
            switch text(line[..<colon]).trimmingCharacters(in: .whitespaces).lowercased() {
            case "content-disposition": disposition = disposition ?? Array(value)
            case "content-type": contentType = contentType ?? text(value).trimmingCharacters(in: .whitespaces)
            default: break
            }
        }
        let parameters = HeaderParameters(disposition ?? [])
        guard let name = parameters["name"] else { throw MalformedBody("part \(number) has no name") }
        return Field(name: name, bytes: Array(content), filename: parameters["filename"], contentType: contentType)
    }

    private func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static let crlf: [UInt8] = [13, 10]
    private static let dashes: [UInt8] = [45, 45]
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
}

/// The `key=value` parameters after the first `;` of a header value (`Content-Type`, `Content-Disposition`):
/// keys case-insensitive, the first of a repeated key wins, quoted values taken up to the next `"` as they are
/// (browsers send `"` in names as `%22`, which stays `%22`; there are no backslash escapes).
struct HeaderParameters {
    private var values: [String: String] = [:]

    /// Parses a header value's bytes.
    init(_ header: [UInt8]) {
        var index = header.firstIndex(of: Self.semicolon).map { $0 + 1 } ?? header.endIndex
        while index < header.endIndex {
            while index < header.endIndex, [Self.semicolon, 32, 9].contains(header[index]) { index += 1 }
            let keyEnd = header[index...].firstIndex { $0 == Self.equals || $0 == Self.semicolon } ?? header.endIndex
            let key = Self.trimmed(header[index..<keyEnd]).lowercased()
            index = keyEnd
            guard index < header.endIndex, header[index] == Self.equals else { continue }
            index += 1
            while index < header.endIndex, header[index] == 32 || header[index] == 9 { index += 1 }
            let value: String
            if index < header.endIndex, header[index] == Self.quote {
                let end = header[(index + 1)...].firstIndex(of: Self.quote) ?? header.endIndex
                value = String(decoding: header[(index + 1)..<end], as: UTF8.self)
                index = Swift.min(end + 1, header.endIndex)
            } else {
                let end = header[index...].firstIndex(of: Self.semicolon) ?? header.endIndex
                value = Self.trimmed(header[index..<end])
                index = end
            }
            if !key.isEmpty, values[key] == nil { values[key] = value }
        }
    }

    /// The value of a (lower-case) key.
    subscript(key: String) -> String? { values[key] }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
}
