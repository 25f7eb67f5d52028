/// A misbehaviour the mock server can be asked for, per request, with the header `X-Mock-Fault` (several
/// separated by commas, e.g. `delay=200, 503`). `X-Mock-Fault-Times: N` applies the faults only to the first N
/// requests of that path that ask for them, so a client's retry can succeed.
public enum MockFault: Sendable, Hashable {
    /// `delay=MS`: wait this many milliseconds before answering (then answer normally, or with the other faults).
    case delay(milliseconds: Int)
    /// `500`: an internal server error with an error body.
    case serverError
    /// `503`: service unavailable, with `Retry-After: 1`.
    case unavailable
    /// `429`: too many requests, with `Retry-After: 1`.
    case tooManyRequests
    /// `truncate`: `Content-Length` promises more bytes than are sent, then the connection closes.
    case truncate
    /// `malformed`: status 200 with a JSON body cut in the middle (invalid JSON).
    case malformed
    /// `content-type`: status 200 with an XML body labelled `application/xml`; `content-type=TYPE`: the normal
    /// JSON body labelled `TYPE` (e.g. `text/plain`), to check that the client does not depend on the label.
    case contentType(String?)
    /// `close`: the connection closes after half of the body.
    case close

    /// The request header that asks for faults.
    public static let header = "X-Mock-Fault"
    /// The request header that limits how many requests of a path get the faults.
    public static let timesHeader = "X-Mock-Fault-Times"

    /// Parses a header value.
    /// - Throws: ``MockFaultError`` for an unknown or malformed token, so a typo in a test fails loudly.
    public static func parse(_ value: String) throws -> [MockFault] {
        let tokens = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return try tokens.map { token in
            let parts = token.split(separator: "=", maxSplits: 1).map(String.init)
            switch (parts[0].lowercased(), parts.count > 1 ? parts[1] : nil) {
            case ("delay", let value?):
                guard let milliseconds = Int(value), milliseconds >= 0 else { throw MockFaultError(token: token) }
                return .delay(milliseconds: milliseconds)
            case ("500", nil): return .serverError
            case ("503", nil): return .unavailable
            case ("429", nil): return .tooManyRequests
            case ("truncate", nil): return .truncate
            case ("malformed", nil): return .malformed
            case ("content-type", let type): return .contentType(type)
            case ("close", nil): return .close
            default: throw MockFaultError(token: token)
            }
        }
    }

    /// The header value that asks for this fault.
    public var headerValue: String {
        switch self {
        case .delay(let milliseconds): "delay=\(milliseconds)"
        case .serverError: "500"
        case .unavailable: "503"
        case .tooManyRequests: "429"
        case .truncate: "truncate"
        case .malformed: "malformed"
        case .contentType(let type): type.map { "content-type=\($0)" } ?? "content-type"
        case .close: "close"
        }
    }
}

/// An `X-Mock-Fault` token the server does not know (answered with 400).
public struct MockFaultError: Error, Sendable, CustomStringConvertible {
    /// The token as sent.
    public let token: String

    public var description: String { "unknown \(MockFault.header) token '\(token)'" }
}
