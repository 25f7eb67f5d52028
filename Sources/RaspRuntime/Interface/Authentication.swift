/// How a client authenticates: what to add to each request that requires it.
public struct Authentication: Sendable, Hashable {
    /// Where a key goes.
    public enum Placement: Sendable, Hashable {
        /// A query parameter with this name.
        case query(String)
        /// A header field with this name (the value is sent as is, with no prefix).
        case header(String)
    }

    /// Where the credential goes.
    public var placement: Placement
    /// The full value to send (a key, `Bearer <token>`…). Never logged.
    public var value: String

    /// An API key sent in the given place.
    public static func apiKey(_ key: String, in placement: Placement) -> Authentication {
        Authentication(placement: placement, value: key)
    }

    /// `Authorization: Bearer <token>`.
    public static func bearer(_ token: String) -> Authentication {
        Authentication(placement: .header("Authorization"), value: "Bearer \(token)")
    }

    /// Why this credential cannot be sent, or nil when it can. A value with a control character (a key pasted
    /// with its line break) would be dropped or mangled on the way, so ``ClientCore`` refuses to send it with
    /// ``ClientError/invalidRequest(operationID:reason:)``. The reason never contains the value.
    public var problem: String? {
        if let scalar = HeaderText.firstControlCharacter(in: value) {
            return "the credential contains a control character (\(HeaderText.name(of: scalar)))"
        }
        if case .header(let name) = placement, !HeaderText.isValidName(name) {
            return "the credential's header name is not valid"
        }
        return nil
    }

    /// Adds the credential to a request (``ClientCore`` checks ``problem`` first).
    public func apply(to request: inout ClientRequest) {
        switch placement {
        case .query(let name):
            request.query.removeAll { $0.name == name }
            request.query.append((name, value))
        case .header(let name):
            request.setHeader(name, value)
        }
    }
}

extension Authentication: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Where the credential goes, its value masked: `Authentication(header Authorization: <redacted>)`, so printing
    /// a client, a test argument or a `dump` never shows the key.
    public var description: String {
        switch placement {
        case .query(let name): "Authentication(query \(name)=\(Redactor.mask))"
        case .header(let name): "Authentication(header \(name): \(Redactor.mask))"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["placement": placement, "value": Redactor.mask]) }
}
