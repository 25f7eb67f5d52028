import HTTPTypes
import Foundation

/// Where a parameter is sent.
@_spi(Generated)
public enum ParameterLocation: String, Sendable, Hashable {
    /// A part of the path (`/pets/{id}`).
    case path
    /// A query item.
    case query
    /// A header field.
    case header
    /// A cookie of the `Cookie` header.
    case cookie
}

extension ServerRequest {
    /// Reads an optional parameter as ``ClientRequest`` writes it: in its style (the location's default when nil:
    /// simple for paths and headers, form for queries and cookies) and explode setting (true for form style when
    /// nil). The type decides how the text is read: scalars from their text, arrays and objects as the style
    /// splits them.
    ///
    /// An exploded object in form style has no item of its own name: its properties are items of theirs. It is
    /// read from every query item (or cookie) but those of the operation's `others` parameters, so a free-form map
    /// also takes any item the document does not declare.
    /// - Returns: nil when the request does not carry the parameter.
    /// - Throws: ``ServerRequestError`` when the value does not decode as `T`.
    @_spi(Generated)
    public func parameter<T: Decodable>(_ name: String, in location: ParameterLocation,
                                        style: ParameterStyle? = nil, explode: Bool? = nil,
                                        others: [String] = [], as type: T.Type = T.self) throws -> T? {
        try parameter(name, in: location, style: style, explode: explode, others: others, required: false)
    }

    private func parameter<T: Decodable>(_ name: String, in location: ParameterLocation, style: ParameterStyle?,
                                         explode: Bool?, others: [String], required: Bool) throws -> T? {
        let style = style ?? (location == .path || location == .header ? .simple : .form)
        let explode = explode ?? (style == .form)
        guard let node = parameterNode(name, location, style: style, explode: explode) else {
            // An exploded object in form style is spread over parameters of its properties' names.
            guard explode, style == .form, location == .query || location == .cookie else { return nil }
            let items = (location == .query ? query : cookies.map { ($0.name, Self.percentDecoded($0.value)) })
                .filter { item in !others.contains { item.name == $0 || item.name.hasPrefix($0 + "[") } }
            // With no items, an optional object is absent, and a required one has only optional properties.
            guard !items.isEmpty || required else { return nil }
            let fields = WireNode.fields(items.map { (key: $0.name, value: WireNode.list([.text($0.value)])) })
            return try? WireDecoder.decode(T.self, from: fields)
        }
        do {
            return try WireDecoder.decode(T.self, from: node)
        } catch {
            throw ServerRequestError("\(location.rawValue) parameter '\(name)' "
                                     + ServerRequestError.describe(error))
        }
    }

    /// Reads a required parameter (see ``parameter(_:in:style:explode:others:as:)``).
    /// - Throws: ``ServerRequestError`` when it is missing or does not decode.
    @_spi(Generated)
    public func requiredParameter<T: Decodable>(_ name: String, in location: ParameterLocation,
                                                style: ParameterStyle? = nil, explode: Bool? = nil,
                                                others: [String] = [], as type: T.Type = T.self) throws -> T {
        guard let value: T = try parameter(name, in: location, style: style, explode: explode, others: others,
                                           required: true) else {
            throw ServerRequestError("\(location.rawValue) parameter '\(name)' is required")
        }
        return value
    }

    /// Reads an optional parameter declared with `content: application/json`: its text as JSON.
    /// - Throws: ``ServerRequestError`` when the text is not JSON of type `T`.
    @_spi(Generated)
    public func parameter<T: Decodable>(_ name: String, in location: ParameterLocation, json type: T.Type)
        throws -> T? {
        guard let text = rawParameter(name, location) else { return nil }
        do {
            return try JSONCoding.decode(T.self, from: Data(text.utf8))
        } catch {
            throw ServerRequestError("\(location.rawValue) parameter '\(name)' is not JSON of the expected shape: "
                                     + ServerRequestError.describe(error))
        }
    }

    /// Reads a required parameter declared with `content: application/json`.
    /// - Throws: ``ServerRequestError`` when it is missing or does not decode.
    @_spi(Generated)
    public func requiredParameter<T: Decodable>(_ name: String, in location: ParameterLocation, json type: T.Type)
        throws -> T {
        guard let value = try parameter(name, in: location, json: type) else {
            throw ServerRequestError("\(location.rawValue) parameter '\(name)' is required")
        }
        return value
    }

    /// A parameter's text as sent, percent-decoded (the first of several).
    private func rawParameter(_ name: String, _ location: ParameterLocation) -> String? {
        switch location {
        case .path: pathParameters[name].map(Self.percentDecoded)
        case .query: query.first { $0.name == name }?.value
        case .header: header(name)
        case .cookie: cookies.first { $0.name == name }.map { Self.percentDecoded($0.value) }
        }
    }

    /// The parameter as it arrived, before its type reads it; nil when it is absent.
    private func parameterNode(_ name: String, _ location: ParameterLocation, style: ParameterStyle,
                               explode: Bool) -> WireNode? {
        func styled(_ raw: String, style: ParameterStyle, explode: Bool, encoded: Bool) -> WireNode {
            .styled(StyledText(raw: raw, style: style, explode: explode, name: name, percentEncoded: encoded))
        }
        switch location {
        case .path:
            return pathParameters[name].map { styled($0, style: style, explode: explode, encoded: true) }
        case .header:
            let values = HTTPField.Name(name).map { headers[values: $0] } ?? []
            return values.isEmpty ? nil : styled(values.joined(separator: ","), style: .simple, explode: explode,
                                                 encoded: false)
        case .cookie:
            // Arrays in a cookie are always `name=a,b` (see `ClientRequest.addCookie`).
            return cookies.first { $0.name == name }.map { styled($0.value, style: .form, explode: false,
                                                                  encoded: true) }
        case .query:
            if style == .deepObject {
                let prefix = name + "["
                let nested = query.filter { $0.name.hasPrefix(prefix) }
                if !nested.isEmpty { return Self.bracketTree(nested, under: name) }
            }
            let items = query.filter { $0.name == name }
            guard !items.isEmpty else { return nil }
            if explode || style == .deepObject { return .list(items.map { .text($0.value) }) }
            return styled(items[0].value, style: style, explode: false, encoded: false)
        }
    }

    /// Items named `name[a][b]…` as nested fields (deepObject, and the bracket keys form bodies use).
    static func bracketTree(_ items: [(name: String, value: String)], under name: String) -> WireNode {
        /// A tree being built: a leaf's values, or named children in first-seen order.
        final class Branch {
            var values: [String] = []
            var keys: [String] = []
            var children: [String: Branch] = [:]

            func child(_ key: String) -> Branch {
                if let existing = children[key] { return existing }
                let branch = Branch()
                keys.append(key)
                children[key] = branch
                return branch
            }

            var node: WireNode {
                if keys.isEmpty { return values.count == 1 ? .text(values[0]) : .list(values.map(WireNode.text)) }
                return .fields(keys.map { (key: $0, value: children[$0]!.node) })
            }
        }
        let root = Branch()
        for item in items {
            var branch = root
            var rest = item.name.dropFirst(name.count)
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                branch = branch.child(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            branch.values.append(item.value)
        }
        return root.node
    }

    static func percentDecoded(_ text: String) -> String { text.removingPercentEncoding ?? text }
}
