import Foundation

// `dump(error)`, `String(reflecting:)` and debuggers read a value through its mirror, not its description. These
// mirrors show what the descriptions show: every text that can carry an echoed request (reasons, bodies, header
// values, decoded error bodies) goes through a redactor, so a dump never holds the key.

extension ClientError: CustomDebugStringConvertible, CustomReflectable {
    /// The same one line as ``description``, secrets masked.
    public var debugDescription: String { description }

    /// The kind, the operation and the details, every text masked (the underlying error is shown as its masked
    /// reflection: a `URLError` holds the request's URL, query and all).
    public var customMirror: Mirror {
        let redactor = Redactor.current
        var children: [(label: String?, value: Any)] = [("kind", kind), ("operationID", operationID)]
        if let reason { children.append(("reason", redactor.redact(reason))) }
        if let underlyingError {
            children.append(("underlyingError", redactor.redact(String(reflecting: underlyingError))))
        }
        if let httpFailure { children.append(("httpFailure", httpFailure)) }
        if let decodingFailure { children.append(("decodingFailure", decodingFailure)) }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}

extension ClientError.HTTPFailure: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One line, as ``ClientError/description`` gives it: `search: HTTP 400: <the API's text>`.
    public var description: String { ClientError.http(self).description }

    public var debugDescription: String { description }

    /// The fields, with header values, the body and the decoded body shown through ``redactor``.
    public var customMirror: Mirror {
        let redactor = self.redactor.merging(Redactor.current)
        let headers = ClientResponseHead.lines(headers, redactor)
        let bodySummary = ClientRequest.summary(of: body, redactor: redactor)
        let decoded = decodedBody.map { redactor.redact(String(reflecting: $0)) }
        return Mirror(self, children: [
            "operationID": operationID, "status": status, "headers": headers, "body": bodySummary,
            "decodedBody": decoded as Any, "redactor": redactor,
        ], displayStyle: .struct)
    }
}

extension ClientError.DecodingFailure: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One line, as ``ClientError/description`` gives it.
    public var description: String { ClientError.decoding(self).description }

    public var debugDescription: String { description }

    /// The fields, the reason masked.
    public var customMirror: Mirror {
        let redactor = Redactor.current
        return Mirror(self, children: [
            "operationID": operationID, "status": status, "codingPath": redactor.redact(codingPath),
            "reason": redactor.redact(reason),
        ], displayStyle: .struct)
    }
}
