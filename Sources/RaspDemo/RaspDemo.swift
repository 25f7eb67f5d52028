public import HTTPTypes
public import Foundation

/// An HTTP answer of the demo handler: status, headers and the whole body.
public struct DemoResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields (`Content-Type` at least).
    public var headers: HTTPFields
    /// The body (JSON).
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPFields, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
