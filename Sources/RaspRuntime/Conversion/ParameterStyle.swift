import Foundation

/// How a parameter is written on the wire (OpenAPI `style`). Examples for `color` = `["blue", "black"]` or
/// `{R: 100, G: 200}`, not exploded / exploded.
@_spi(Generated)
public enum ParameterStyle: String, Sendable, Hashable {
    /// Path and header: `blue,black`; `R,100,G,200` / `R=100,G=200`.
    case simple
    /// Path: `.blue,black` / `.blue.black`; `.R,100,G,200` / `.R=100.G=200`.
    case label
    /// Path: `;color=blue,black` / `;color=blue;color=black`; `;color=R,100,G,200` / `;R=100;G=200`.
    case matrix
    /// Query and cookie: `color=blue,black` / `color=blue&color=black`; `color=R,100,G,200` / `R=100&G=200`.
    case form
    /// Query: like form, but a non-exploded value is joined with spaces (`color=blue black`).
    case spaceDelimited
    /// Query: like form, but a non-exploded value is joined with pipes (`color=blue|black`).
    case pipeDelimited
    /// Query: `color[R]=100&color[G]=200`, recursing into nested objects and arrays (`color[k][0]=v`).
    case deepObject
}

extension ClientRequest {
    /// Path parameter: returns the text (already percent-encoded, RFC 3986 unreserved characters kept) that replaces
    /// `{name}` in the path template. Styles: simple, label, matrix.
    @_spi(Generated)
    public func pathParameter(_ name: String, _ value: some Encodable, style: ParameterStyle, explode: Bool) throws
        -> String {
        let shape = try parameterNode(name, value).shape
        let escape = Self.encode
        switch style {
        case .simple:
            return shape.joined(",", explode: explode, escape: escape)
        case .label:
            return "." + shape.joined(explode ? "." : ",", explode: explode, escape: escape)
        case .matrix:
            let prefix = ";" + escape(name)
            if explode, !shape.isEmpty, case .pairs(let pairs) = shape {
                return pairs.map { ";\(escape($0.key))=\(escape($0.value))" }.joined()
            }
            if explode, !shape.isEmpty, case .list(let items) = shape {
                return items.map { "\(prefix)=\(escape($0))" }.joined()
            }
            let text = shape.joined(",", explode: false, escape: escape)
            return text.isEmpty ? prefix : "\(prefix)=\(text)"
        case .form, .spaceDelimited, .pipeDelimited, .deepObject:
            throw invalidParameter(name, "has style \(style.rawValue), which a path parameter cannot use")
        }
    }

    /// Query parameter; nil adds nothing. Styles: form, spaceDelimited, pipeDelimited, deepObject.
    /// Names and values are added as they are; ``url(relativeTo:)`` percent-encodes them.
    @_spi(Generated)
    public mutating func addQuery(_ name: String, _ value: (some Encodable)?, style: ParameterStyle, explode: Bool)
        throws {
        guard let value else { return }
        guard let items = try parameterNode(name, value).formStyleItems(name, style: style, explode: explode) else {
            throw invalidParameter(name, "has style \(style.rawValue), which a query parameter cannot use")
        }
        query += items
    }

    /// Header parameter (style simple); nil, an empty array or an empty object adds nothing. Header values are not
    /// percent-encoded; a value containing CR or LF is rejected.
    @_spi(Generated)
    public mutating func addHeader(_ name: String, _ value: (some Encodable)?, explode: Bool) throws {
        guard let value else { return }
        let shape = try parameterNode(name, value).shape
        if !shape.isEmpty { try appendParameterHeader(name, shape.joined(",", explode: explode, escape: { $0 })) }
    }

    /// Cookie parameter (style form): appends `name=value` to the `Cookie` header, joining several with "; ".
    /// Arrays are always sent as `name=a,b`; exploded objects as `R=100; G=200`. Names and values are
    /// percent-encoded (as form style does), so `;`, `,` and spaces inside values cannot break the header.
    @_spi(Generated)
    public mutating func addCookie(_ name: String, _ value: (some Encodable)?, explode: Bool) throws {
        guard let value else { return }
        let shape = try parameterNode(name, value).shape
        var explode = explode
        if case .list = shape { explode = false }
        let items = shape.formItems(name, explode: explode, delimiter: ",", escape: Self.encode)
        appendCookie(items.map { "\($0.name)=\($0.value)" }.joined(separator: "; "))
    }

    /// A path parameter declared with `content` (e.g. `application/json`): its JSON text, percent-encoded.
    @_spi(Generated)
    public func pathParameter(_ name: String, json value: some Encodable) throws -> String {
        Self.encode(try jsonText(name, value))
    }

    /// A query parameter declared with `content`: one item whose value is the JSON text; nil adds nothing.
    @_spi(Generated)
    public mutating func addQuery(_ name: String, json value: (some Encodable)?) throws {
        if let value { query.append((name, try jsonText(name, value))) }
    }

    /// A header parameter declared with `content`: the JSON text as the header value; nil adds nothing.
    @_spi(Generated)
    public mutating func addHeader(_ name: String, json value: (some Encodable)?) throws {
        if let value { try appendParameterHeader(name, try jsonText(name, value)) }
    }

    /// A cookie parameter declared with `content`: `name=<percent-encoded JSON>`; nil adds nothing.
    @_spi(Generated)
    public mutating func addCookie(_ name: String, json value: (some Encodable)?) throws {
        if let value { appendCookie("\(Self.encode(name))=\(Self.encode(try jsonText(name, value)))") }
    }

    private func parameterNode(_ name: String, _ value: some Encodable) throws -> ParameterNode {
        do {
            return try ParameterNode(value).loadingFiles()
        } catch {
            throw invalidParameter(name, "does not encode: \(error)")
        }
    }

    private func jsonText(_ name: String, _ value: some Encodable) throws -> String {
        do {
            return String(decoding: try JSONCoding.encode(value), as: UTF8.self)
        } catch {
            throw invalidParameter(name, "does not encode as JSON: \(error)")
        }
    }

    private mutating func appendParameterHeader(_ name: String, _ text: String) throws {
        guard !text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw invalidParameter(name, "contains a line break, which a header value cannot")
        }
        appendHeader(name, text)
    }

    mutating func appendCookie(_ text: String) {
        guard !text.isEmpty else { return }
        setHeader("Cookie", header("Cookie").map { "\($0); \(text)" } ?? text)
    }

    private func invalidParameter(_ name: String, _ reason: String) -> ClientError {
        .invalidRequest(operationID: operationID, reason: "parameter '\(name)' \(reason)")
    }
}

/// A parameter value one level deep, as every style but deepObject sees it.
enum ParameterShape {
    case scalar(String)
    case list([String])
    case pairs([(key: String, value: String)])

    /// Whether there is nothing to send (null, an empty array or an empty object).
    var isEmpty: Bool {
        switch self {
        case .scalar: false
        case .list(let items): items.isEmpty
        case .pairs(let pairs): pairs.isEmpty
        }
    }

    /// The escaped pieces joined with `separator`: exploded pairs as `key=value`, others as `key,value`.
    func joined(_ separator: String, explode: Bool, escape: (String) -> String) -> String {
        switch self {
        case .scalar(let text): escape(text)
        case .list(let items): items.map(escape).joined(separator: separator)
        case .pairs(let pairs) where explode:
            pairs.map { "\(escape($0.key))=\(escape($0.value))" }.joined(separator: separator)
        case .pairs(let pairs): pairs.flatMap { [escape($0.key), escape($0.value)] }.joined(separator: separator)
        }
    }

    /// Items for form-like styles: exploded arrays repeat the name, exploded objects use their own keys, anything
    /// else is one item whose value is joined with `delimiter`.
    func formItems(_ name: String, explode: Bool, delimiter: String, escape: (String) -> String)
        -> [(name: String, value: String)] {
        switch self {
        case _ where isEmpty: []
        case .list(let items) where explode: items.map { (escape(name), escape($0)) }
        case .pairs(let pairs) where explode: pairs.map { (escape($0.key), escape($0.value)) }
        default: [(escape(name), joined(delimiter, explode: false, escape: escape))]
        }
    }
}

extension ParameterNode {
    /// The node one level deep; null counts as empty.
    var shape: ParameterShape {
        switch self {
        case .null: .list([])
        case .scalar(let text, _): .scalar(text)
        case .file(let file): .scalar(file.base64)
        case .array(let items): .list(items.compactMap(\.text))
        case .object(let fields): .pairs(fields.compactMap { field in field.value.text.map { (field.key, $0) } })
        }
    }

    /// The text of a value nested one level deep: scalars as they are, files as base64, arrays and objects (which
    /// no style can write there) as JSON, null as nil (left out).
    var text: String? {
        switch self {
        case .null: nil
        case .scalar(let text, _): text
        case .file(let file): file.base64
        case .array, .object: json
        }
    }

    /// The node as JSON text, keys sorted as ``JSONCoding/encoder`` writes them.
    var json: String {
        switch self {
        case .null: "null"
        case .scalar(let text, let quoted): quoted ? Self.quote(text) : text
        case .file(let file): Self.quote(file.base64)
        case .array(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\(Self.quote($0.key)):\($0.value.json)" }
                .joined(separator: ",") + "}"
        }
    }

    /// The items a query style writes for a value named `name` (names and values not yet percent-encoded), as a
    /// query parameter or a property of a form body; nil for the styles only paths and headers use (simple, label,
    /// matrix).
    func formStyleItems(_ name: String, style: ParameterStyle, explode: Bool) -> [(name: String, value: String)]? {
        switch style {
        case .deepObject:
            // deepObject only defines objects; anything else is sent as exploded form.
            guard case .object = self else {
                return shape.formItems(name, explode: true, delimiter: ",", escape: { $0 })
            }
            return deepObjectItems(name)
        case .form:
            guard explode, case .object(let fields) = self else {
                return shape.formItems(name, explode: explode, delimiter: ",", escape: { $0 })
            }
            // Each property is a parameter of its own; one whose value is an array repeats its key, as an exploded
            // array does, and a nested object (which no style defines here) is JSON text.
            return fields.flatMap { field -> [(name: String, value: String)] in
                if case .object = field.value { return [(field.key, field.value.json)] }
                return field.value.shape.formItems(field.key, explode: true, delimiter: ",", escape: { $0 })
            }
        case .spaceDelimited, .pipeDelimited:
            let delimiter = style == .spaceDelimited ? " " : "|"
            return shape.formItems(name, explode: explode, delimiter: delimiter, escape: { $0 })
        case .simple, .label, .matrix:
            return nil
        }
    }

    /// deepObject items: `name[key]=value`, recursing into nested objects and arrays (`name[key][0]=value`).
    func deepObjectItems(_ name: String) -> [(name: String, value: String)] {
        switch self {
        case .null: []
        case .scalar(let text, _): [(name, text)]
        case .file(let file): [(name, file.base64)]
        case .array(let items): items.enumerated().flatMap { $0.element.deepObjectItems("\(name)[\($0.offset)]") }
        case .object(let fields): fields.flatMap { $0.value.deepObjectItems("\(name)[\($0.key)]") }
        }
    }

    /// A string as a JSON literal, escaped as ``JSONCoding/encode(_:)`` escapes it.
    private static func quote(_ text: String) -> String {
        (try? String(decoding: JSONCoding.encode(text), as: UTF8.self)) ?? "\"\""
    }
}
