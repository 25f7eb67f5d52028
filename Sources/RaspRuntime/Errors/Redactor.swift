public import Foundation
public import HTTPTypes

/// Removes secrets from text before it reaches a log line, an error description or a UI.
///
/// It masks three things: the exact secret values it was given (an API key, also in percent-encoded form),
/// the values of secret query parameters (`apikey=…`) and the values of secret header fields
/// (`Authorization: …`), in URLs, free text, JSON and header lists.
///
/// ```swift
/// let redactor = Redactor(authentication: .apiKey(key, in: .query("apikey")))
/// redactor.redact("https://host/v3.0/search/?apikey=\(key)&from=c213")
/// // "https://host/v3.0/search/?apikey=<redacted>&from=c213"
/// ```
public struct Redactor: Sendable, Hashable {
    /// What replaces a secret.
    public static let mask = "<redacted>"

    /// Exact values to mask wherever they appear.
    public var secrets: Set<String>
    /// Query parameter names (lowercased) whose values are masked.
    public var queryNames: Set<String>
    /// Header field names (lowercased) whose values are masked.
    public var headerNames: Set<String>

    /// Creates a redactor.
    /// - Parameters:
    ///   - secrets: Exact values to mask (empty strings are ignored).
    ///   - queryNames: Query parameter names whose values are masked (case-insensitive).
    ///   - headerNames: Header field names whose values are masked (case-insensitive).
    public init(secrets: Set<String> = [], queryNames: Set<String> = [], headerNames: Set<String> = []) {
        self.secrets = secrets.filter { !$0.isEmpty }
        self.queryNames = Set(queryNames.map { $0.lowercased() })
        self.headerNames = Set(headerNames.map { $0.lowercased() })
    }

    /// Masks the usual suspects: `apikey`, `api_key`, `key`, `token`, `access_token`, `refresh_token`, `id_token`,
    /// `client_secret`, `password` query values (and JSON and form fields of those names) and `Authorization`,
    /// `Proxy-Authorization`, `X-API-Key`, `Cookie`, `Set-Cookie` header values.
    public static let standard = Redactor(
        queryNames: ["apikey", "api_key", "key", "token", "access_token", "refresh_token", "id_token", "client_secret",
                     "password"],
        headerNames: ["authorization", "proxy-authorization", "x-api-key", "cookie", "set-cookie"]
    )

    /// The redactor of the call in progress: ``ClientCore`` sets it (``standard`` plus the client's credential)
    /// around the middleware chain, so middlewares can mask a key they were not told about.
    @TaskLocal public static var current: Redactor = .standard

    /// ``standard`` plus a credential's value and the name it is sent under.
    public init(authentication: Authentication?) {
        self.init(credentials: authentication.map { [$0] } ?? [])
    }

    /// ``standard`` plus each credential's secrets (``Authentication/secrets``: the value, an HTTP Basic password,
    /// the tokens handed out so far) and the names they are sent under.
    public init(credentials: [Authentication]) {
        self = .standard
        for credential in credentials {
            secrets.formUnion(credential.secrets.filter { !$0.isEmpty })
            switch credential.placement {
            case .query(let name), .cookie(let name): queryNames.insert(name.lowercased())
            case .header(let name): headerNames.insert(name.lowercased())
            }
        }
    }

    /// A redactor that masks everything either one masks.
    public func merging(_ other: Redactor) -> Redactor {
        Redactor(secrets: secrets.union(other.secrets), queryNames: queryNames.union(other.queryNames),
                 headerNames: headerNames.union(other.headerNames))
    }

    /// Masks secrets in free text (URLs, JSON, header dumps, error messages).
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            for form in Self.forms(of: secret) where result.contains(form) {
                result = result.replacingOccurrences(of: form, with: Self.mask)
            }
        }
        // The patterns only run on text that mentions their name (bodies can be large, regexes are slow).
        let lowered = result.lowercased()
        for name in queryNames.sorted() where lowered.contains(name) {
            result = Self.mask(
                in: result,
                pattern: #"([?&;\s"'(]|^)("# + Self.escape(name) + #"=)(?!"# + Self.mask + #")[^&\s"'#<>;)]+"#)
            result = Self.mask(in: result, pattern: #"()(""# + Self.escape(name) + #""\s*:\s*)"[^"]*""#, quoted: true)
        }
        for name in headerNames.sorted() where lowered.contains(name) {
            result = Self.mask(
                in: result,
                pattern: #"(^|[\s{,"'])("# + Self.escape(name) + #"\s*:\s*)(?!"# + Self.mask
                    + #")[^\s"',;}][^\r\n"',;}]*"#)
            result = Self.mask(in: result, pattern: #"()(""# + Self.escape(name) + #""\s*:\s*)"[^"]*""#, quoted: true)
        }
        return result
    }

    /// Bytes with secrets masked: UTF-8 text like ``redact(_:)``, other bytes by replacing each secret's forms.
    /// Bytes with nothing to mask come back unchanged.
    public func redact(_ data: Data) -> Data {
        if let text = String(data: data, encoding: .utf8) {
            let masked = redact(text)
            return masked == text ? data : Data(masked.utf8)
        }
        var result = data
        let mask = Data(Self.mask.utf8)
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            for form in Self.forms(of: secret) {
                let needle = Data(form.utf8)
                while let range = result.range(of: needle) { result.replaceSubrange(range, with: mask) }
            }
        }
        return result
    }

    /// Query items with secret values masked (by name, and any value containing a secret).
    public func redact(query: [(name: String, value: String)]) -> [(name: String, value: String)] {
        query.map { ($0.name, queryNames.contains($0.name.lowercased()) ? Self.mask : redact($0.value)) }
    }

    /// The ways a secret shows up in text: as is, percent-encoded, and (for secrets of 8 characters or more)
    /// Base64-encoded, as a `Basic` credential or an encoded blob would carry it.
    private static func forms(of secret: String) -> [String] {
        var forms = [secret, ClientRequest.encode(secret)]
        if secret.utf8.count >= 8 {
            let base64 = Data(secret.utf8).base64EncodedString()
            forms.append(String(base64.prefix { $0 != "=" }))
        }
        return forms.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// A URL as text, with secrets masked.
    public func redact(url: URL) -> String { redact(url.absoluteString) }

    /// Header fields with secret values masked (by name, and any value containing a secret).
    public func redact(headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.map { ($0.name, headerNames.contains($0.name.lowercased()) ? Self.mask : redact($0.value)) }
    }

    /// Header fields with secret values masked (by name, and any value containing a secret), in their order.
    public func redact(headers: HTTPFields) -> HTTPFields {
        HTTPFields(headers.map { field in
            HTTPField(name: field.name,
                      value: headerNames.contains(field.name.canonicalName) ? Self.mask : redact(field.value))
        })
    }

    /// Replaces the part after capture groups 1 and 2 of every match, case-insensitively.
    private static func mask(in text: String, pattern: String, quoted: Bool = false) -> String {
        guard let regex = try? Regex("(?i)" + pattern) else { return text }
        return text.replacing(regex) { match in
            let lead = match.output[1].substring.map(String.init) ?? ""
            let name = match.output[2].substring.map(String.init) ?? ""
            return lead + name + (quoted ? "\"\(Self.mask)\"" : Self.mask)
        }
    }

    /// Escapes regex metacharacters in a parameter or header name.
    private static func escape(_ name: String) -> String {
        name.map { $0.isLetter || $0.isNumber || $0 == "_" ? String($0) : "\\\($0)" }.joined()
    }
}

extension Redactor: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What it masks, the secrets counted but never shown: `Redactor(1 secret, query: apikey, …; headers: …)`.
    public var description: String {
        "Redactor(\(secrets.count) secret\(secrets.count == 1 ? "" : "s"), "
            + "query: \(queryNames.sorted().joined(separator: ", ")); "
            + "headers: \(headerNames.sorted().joined(separator: ", ")))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "secrets": "\(secrets.count) masked",
            "queryNames": queryNames.sorted(),
            "headerNames": headerNames.sorted(),
        ])
    }
}
