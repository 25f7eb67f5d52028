import Foundation

extension ServerResponse {
    /// A `multipart/form-data` response with a part per property of `value`, written as a client writes a multipart
    /// request body (``ClientRequest/setMultipartBody(_:encoding:)``), with its boundary in the `Content-Type`.
    /// - Throws: What writing the body throws (a value that is not an object, a file that cannot be read).
    @_spi(Generated)
    public static func multipart(_ value: some Encodable, status: Int = 200,
                                 encoding: [String: BodyPartEncoding] = [:]) throws -> ServerResponse {
        try written(status: status) { try $0.setMultipartBody(value, encoding: encoding) }
    }

    /// An `application/x-www-form-urlencoded` response, written as a client writes a form request body
    /// (``ClientRequest/setFormBody(_:encoding:)``).
    /// - Throws: What writing the body throws (a value that is not an object).
    @_spi(Generated)
    public static func form(_ value: some Encodable, status: Int = 200,
                            encoding: [String: BodyPartEncoding] = [:]) throws -> ServerResponse {
        try written(status: status) { try $0.setFormBody(value, encoding: encoding) }
    }

    /// The body and `Content-Type` that `write` gives a request (the client's body writers), as a response.
    private static func written(status: Int, _ write: (inout ClientRequest) throws -> Void) throws -> ServerResponse {
        var request = ClientRequest(method: "POST", path: "/", operationID: "response")
        try write(&request)
        let contentType = request.headers[.contentType] ?? "application/octet-stream"
        guard let body = request.uploadBody else { return ServerResponse(status: status) }
        if let data = body.data { return ServerResponse(status: status, contentType: contentType, body: data) }
        return bytes(body, status: status, contentType: contentType)
    }
}

extension ServerRequest {
    /// The media types of `Type` (an operation's `ResponseContentType`) the request's `Accept` header asks for, most
    /// preferred first: a type named, or covered by a range such as `text/*`. `*/*` states no preference, and
    /// without the header the list is empty: the operation answers in its usual media type.
    public func accepted<Type: RawRepresentable & CaseIterable>(_ type: Type.Type) -> [Type]
    where Type.RawValue == String {
        guard let header = header("Accept") else { return [] }
        // Whether a range (`text/*`) covers a type.
        let covers = { (range: String, type: String) in range.hasSuffix("/*") && type.hasPrefix(range.dropLast()) }
        var result: [Type] = []
        for range in MediaTypes.accepted(header) where range != "*/*" {
            for item in Type.allCases where !result.contains(where: { $0.rawValue == item.rawValue }) {
                let offered = MediaTypes.base(item.rawValue)
                if offered == range || covers(range, offered) || covers(offered, range) { result.append(item) }
            }
        }
        return result
    }
}
