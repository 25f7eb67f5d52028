import HTTPTypes
import Foundation

// A request carries the credential once authentication is applied, and a response may echo it, so their
// descriptions and mirrors (what `print`, `dump` and debuggers show) mask secrets with ``Redactor/current``: the
// standard names, plus the client's own key while a call is in progress.

extension ClientRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `search GET /v3.0/search/?from=c213&apikey=<redacted>`, secrets masked.
    public var description: String {
        let redactor = Redactor.current
        let query = redactor.redact(query: query).map { item in
            "\(Self.encode(item.name))=" + (item.value == Redactor.mask ? item.value : Self.encode(item.value))
        }
        return "\(operationID) \(method) \(path)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    public var debugDescription: String { description }

    /// The fields, query and header values masked, the body summarized and masked.
    public var customMirror: Mirror {
        let redactor = Redactor.current
        return Mirror(self, children: [
            "method": method, "path": path,
            "query": redactor.redact(query: query).map { "\($0.name)=\($0.value)" },
            "headers": ClientResponseHead.lines(headers, redactor),
            "body": uploadBody.map { $0.data.map { Self.summary(of: $0, redactor: redactor) } ?? $0.description }
                as Any,
            "operationID": operationID, "requiresAuthentication": requiresAuthentication, "timeout": timeout as Any,
        ], displayStyle: .struct)
    }

    /// `N bytes: <start of the text>`, secrets masked.
    static func summary(of body: Data, redactor: Redactor) -> String {
        let text = redactor.redact(String(decoding: body.prefix(4096), as: UTF8.self))
        return "\(body.count) bytes" + (text.isEmpty ? "" : ": \(text)") + (body.count > 4096 ? "…" : "")
    }
}

extension ClientResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `HTTP 200, 5120 bytes` (`HTTP 200, a sequence` for a body still arriving).
    public var description: String { "HTTP \(status), \(body)" }

    public var debugDescription: String { description }

    /// The fields, header values masked, the body summarized and masked.
    public var customMirror: Mirror {
        let redactor = Redactor.current
        return Mirror(self, children: [
            "status": status,
            "headers": ClientResponseHead.lines(headers, redactor),
            "body": body.data.map { ClientRequest.summary(of: $0, redactor: redactor) } ?? body.description,
        ], displayStyle: .struct)
    }
}

extension ClientResponseHead: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `HTTP 200`.
    public var description: String { "HTTP \(status)" }

    public var debugDescription: String { description }

    /// The status and the header fields, values masked.
    public var customMirror: Mirror {
        return Mirror(self, children: ["status": status, "headers": Self.lines(headers, Redactor.current)],
                      displayStyle: .struct)
    }

    /// Header fields as sorted `Name: value` lines, values masked.
    static func lines(_ headers: HTTPFields, _ redactor: Redactor) -> [String] {
        redactor.redact(headers: headers).map { "\($0.name): \($0.value)" }
    }
}
