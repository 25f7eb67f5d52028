public import Foundation

/// A value that can be sent as a query, path or header parameter.
public protocol QueryValue: Sendable {
    /// The text sent on the wire (before percent-encoding).
    var queryValue: String { get }
}

extension String: QueryValue { public var queryValue: String { self } }
extension Int: QueryValue { public var queryValue: String { String(self) } }
extension UInt64: QueryValue { public var queryValue: String { String(self) } }
extension Double: QueryValue {
    public var queryValue: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
extension Bool: QueryValue { public var queryValue: String { self ? "true" : "false" } }
extension LocalDate: QueryValue { public var queryValue: String { description } }
extension Date: QueryValue { public var queryValue: String { ISO8601.string(from: self) } }
extension UUID: QueryValue { public var queryValue: String { uuidString.lowercased() } }

extension ClientRequest {
    /// Adds a query parameter; nil adds nothing.
    public mutating func addQuery(_ name: String, _ value: (some QueryValue)?) {
        if let value { query.append((name, value.queryValue)) }
    }

    /// Adds an array query parameter: `name=a&name=b` when exploded, `name=a,b` otherwise.
    public mutating func addQuery(_ name: String, _ values: [some QueryValue]?, explode: Bool) {
        guard let values, !values.isEmpty else { return }
        if explode {
            for value in values { query.append((name, value.queryValue)) }
        } else {
            query.append((name, values.map(\.queryValue).joined(separator: ",")))
        }
    }

    /// Adds a header parameter; nil adds nothing.
    public mutating func addHeader(_ name: String, _ value: (some QueryValue)?) {
        if let value { appendHeader(name, value.queryValue) }
    }

    /// Adds an array header parameter as one comma-separated value; nil or empty adds nothing.
    public mutating func addHeader(_ name: String, _ values: [some QueryValue]?) {
        if let values, !values.isEmpty { appendHeader(name, values.map(\.queryValue).joined(separator: ",")) }
    }

    /// Percent-encodes a path parameter value for use inside a path segment.
    public static func pathComponent(_ value: some QueryValue) -> String {
        encode(value.queryValue)
    }

    /// Sets a JSON body and its content type.
    public mutating func setJSONBody(_ value: some Encodable, contentType: String = "application/json") throws {
        do {
            body = try JSONCoding.encode(value)
        } catch {
            throw ClientError.invalidRequest(operationID: operationID, reason: "body does not encode as JSON: \(error)")
        }
        setHeader("Content-Type", contentType)
    }
}
