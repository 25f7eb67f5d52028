public import Foundation

extension ClientCore {
    /// Sends a request whose success response is offered in several media types and tells which one arrived.
    ///
    /// The request asks for `accepting` (all of `offered` when empty) in its `Accept` header; the response's
    /// `Content-Type` then picks among `offered` (``MediaTypes/index(of:among:)``), so each representation is decoded
    /// as what it is, whatever the server chose. A response in a documented type the call did not accept (a server
    /// that ignores `Accept`, or an `Accept` set through ``RequestOptions`` that disagrees with the call) throws a
    /// decoding error naming both, instead of being decoded as something it is not.
    /// - Parameters:
    ///   - request: The request.
    ///   - offered: The success response's media types, as the document writes them (ranges such as `image/*`
    ///     included).
    ///   - accepting: The ones the caller takes, each one of `offered`; empty for any.
    ///   - streaming: Whether some of them are read as they arrive (events, JSON Lines, bytes): the body is then
    ///     handed over arriving (``performStream(_:errorBody:)``), and read whole by the calls that need it.
    ///   - errorBody: Decodes an error body for a status, or returns nil.
    /// - Returns: The index in `offered` of the media type that arrived, and the 2xx response.
    /// - Throws: ``ClientError``: what ``perform(_:decoding:errorBody:)`` throws, and a decoding error for a
    ///   `Content-Type` that is none of `offered`, or not one of `accepting`.
    @_spi(Generated)
    public func performNegotiating(
        _ request: ClientRequest,
        offering offered: [String],
        accepting: [String],
        streaming: Bool,
        errorBody: @escaping @Sendable (Int, Data) -> (any Sendable)? = { _, _ in nil }
    ) async throws -> (representation: Int, response: ClientResponse) {
        var request = request
        request.setHeader("Accept", (accepting.isEmpty ? offered : accepting).joined(separator: ", "))
        let response = streaming ? try await performStreamResponse(request, errorBody: errorBody)
                                 : try await performRaw(request, errorBody: errorBody)
        // Without a Content-Type, the body is taken as the first type asked for.
        guard let contentType = response.headers[.contentType] else {
            return (accepting.first.flatMap { offered.firstIndex(of: $0) } ?? 0, response)
        }
        let failure = { (reason: String) in
            ClientError.decoding(ClientError.DecodingFailure(operationID: request.operationID, status: response.status,
                                                             codingPath: "", reason: reason))
        }
        let arrived = MediaTypes.base(contentType)
        guard let index = MediaTypes.index(of: contentType, among: offered) else {
            throw failure("the response is \(arrived), which the operation does not document (it answers "
                          + offered.joined(separator: ", ") + ")")
        }
        guard accepting.isEmpty || accepting.contains(offered[index]) else {
            throw failure("the response is \(arrived), which the call did not accept ("
                          + accepting.joined(separator: ", ") + "); ask for it among the types the call accepts")
        }
        return (index, response)
    }

    /// The body of a response as bytes, read whole if it is still arriving.
    @_spi(Generated)
    public func data(of response: ClientResponse, operationID: String) async throws -> Data {
        if let data = response.body.data { return data }
        return try await Self.read(response.body, operationID: operationID)
    }

    /// The JSON body of a response decoded as `T` (read whole first if it is still arriving).
    @_spi(Generated)
    public func value<T: Decodable>(_ type: T.Type, of response: ClientResponse, operationID: String) async throws
        -> T {
        let data = try await data(of: response, operationID: operationID)
        return try decode(T.self, from: ClientResponse(response.head, body: MessageBody(data)),
                          operationID: operationID)
    }

    /// A `multipart/…` response decoded as `T`, a property per part, as a generated server reads a multipart request
    /// body: file parts as ``BinaryFile`` values, JSON parts as objects, text parts as scalars, several parts of a
    /// name as an array.
    /// - Throws: ``ClientError/decoding(_:underlyingError:)`` when the body is not multipart with a boundary, is
    ///   malformed, or a part does not decode.
    @_spi(Generated)
    public func multipart<T: Decodable>(_ type: T.Type, of response: ClientResponse,
                                        encoding: [String: BodyPartEncoding], operationID: String) async throws -> T {
        let data = try await data(of: response, operationID: operationID)
        return try decodingFailure(status: response.status, operationID: operationID) {
            try ServerRequest.multipart(T.self, data, contentType: response.headers[.contentType], encoding: encoding,
                                        what: "the response body")
        }
    }

    /// An `application/x-www-form-urlencoded` response decoded as `T`, as a generated server reads a form request
    /// body.
    /// - Throws: ``ClientError/decoding(_:underlyingError:)`` when a field does not decode.
    @_spi(Generated)
    public func form<T: Decodable>(_ type: T.Type, of response: ClientResponse,
                                   encoding: [String: BodyPartEncoding], operationID: String) async throws -> T {
        let data = try await data(of: response, operationID: operationID)
        return try decodingFailure(status: response.status, operationID: operationID) {
            try ServerRequest.form(T.self, data, encoding: encoding, what: "the response body")
        }
    }

    /// Runs `decode`, its ``ServerRequestError`` thrown as a decoding ``ClientError`` with the same reason.
    private func decodingFailure<T>(status: Int, operationID: String, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch let error as ServerRequestError {
            let failure = ClientError.DecodingFailure(operationID: operationID, status: status, codingPath: "",
                                                      reason: error.reason)
            throw ClientError.decoding(failure, underlyingError: error)
        }
    }

    /// The error of a method that returns one media type of a response offered in several, when another one
    /// arrived (a call can only get there when ``performNegotiating(_:offering:accepting:streaming:errorBody:)``
    /// let it through, which it does not for a type the call did not accept).
    @_spi(Generated)
    public static func otherRepresentation(operationID: String, expected: String) -> ClientError {
        .decoding(ClientError.DecodingFailure(operationID: operationID, status: 200, codingPath: "",
                                              reason: "the response is not \(expected)"))
    }
}

/// Media types compared as content negotiation compares them.
enum MediaTypes {
    /// A media type without its parameters, trimmed and in lower case (`application/json` for
    /// `Application/JSON; charset=utf-8`).
    static func base(_ text: some StringProtocol) -> String {
        (text.split(separator: ";", omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether a base type is JSON: `application/json`, a `+json` suffix or `…/json`.
    static func isJSON(_ base: String) -> Bool {
        base.hasSuffix("+json") || base.hasSuffix("/json")
    }

    /// Which of `offered` (document keys; ranges such as `image/*` and `*/*` allowed) a message of `contentType` is:
    /// the same type, else a JSON type for a JSON type (`application/problem+json` is JSON), else the first range
    /// that covers it; nil for none.
    static func index(of contentType: String, among offered: [String]) -> Int? {
        let arrived = base(contentType)
        let bases = offered.map { base($0) }
        if let exact = bases.firstIndex(of: arrived) { return exact }
        if isJSON(arrived), let json = bases.firstIndex(where: isJSON) { return json }
        return bases.firstIndex { declared in
            declared == "*/*" || (declared.hasSuffix("/*") && arrived.hasPrefix(declared.dropLast()))
        }
    }

    /// The media ranges of an `Accept` header, most preferred first (by `q`, then in order); those with `q=0` left
    /// out.
    static func accepted(_ header: String) -> [String] {
        var ranges: [(type: String, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";")
            let type = base(item)
            guard !type.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "q" {
                    quality = Double(pair[1].trimmingCharacters(in: .whitespaces)) ?? 1
                }
            }
            if quality > 0 { ranges.append((type, quality, order)) }
        }
        return ranges.sorted { ($0.quality, -$0.order) > ($1.quality, -$1.order) }.map(\.type)
    }
}
