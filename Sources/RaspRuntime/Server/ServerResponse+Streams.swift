import Foundation

extension ServerResponse {
    /// A JSON response, or an empty one with `emptyStatus` for nil (an operation whose other success has no body).
    /// - Throws: What `JSONEncoder` throws for the value.
    public static func json(orEmpty value: (some Encodable)?, status: Int, emptyStatus: Int,
                            contentType: String = "application/json") throws -> ServerResponse {
        guard let value else { return ServerResponse(status: emptyStatus) }
        return try .json(value, status: status, contentType: contentType)
    }

    /// A `text/event-stream` response that sends the events' bytes as they come.
    public static func events<Value>(_ events: EventStream<Value>, status: Int = 200) -> ServerResponse {
        bytes(events.events.body, status: status, contentType: "text/event-stream")
    }

    /// A `text/event-stream` response that sends the events' bytes as they come.
    public static func events(_ events: ServerSentEvents, status: Int = 200) -> ServerResponse {
        bytes(events.body, status: status, contentType: "text/event-stream")
    }

    /// A response of JSON values one after another (JSON Lines, or RFC 7464 JSON text sequences), sent as they come.
    public static func jsonLines<Value>(_ values: JSONLinesStream<Value>, status: Int = 200,
                                        contentType: String = "application/jsonl") -> ServerResponse {
        bytes(values.body, status: status, contentType: contentType)
    }

    /// A response whose body is written as its chunks come; the body is read only while the response is sent, and
    /// dropped when the client goes away.
    public static func bytes(_ body: MessageBody, status: Int = 200,
                             contentType: String = "application/octet-stream") -> ServerResponse {
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            let task = Task {
                do {
                    for try await chunk in body { continuation.yield(chunk) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return ServerResponse(status: status, headers: [.contentType: contentType], body: .stream(chunks))
    }

    /// One event in the `text/event-stream` format; a multi-line data field is a `data:` line per line.
    static func eventText(event: String?, id: String?, retry: Int?, data: String) -> String {
        var text = ""
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return text + "\n"
    }
}

extension ServerRequest {
    /// Whether the `Accept` header names `mediaType` (or its type's wildcard, or `*/*`); false without the header,
    /// so the plain representation is the default.
    public func accepts(_ mediaType: String) -> Bool {
        guard let accept = header("Accept")?.lowercased() else { return false }
        let wanted = mediaType.lowercased()
        let family = wanted.split(separator: "/").first.map { "\($0)/*" } ?? wanted
        return accept.split(separator: ",").contains { item in
            let type = item.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
            return type == wanted || type == family
        }
    }

    /// Which of an operation's body media types the request's `Content-Type` is (wildcards like `image/*` and
    /// `+json` types match), or nil without a body.
    /// - Throws: ``ServerRequestError`` (415) when the body is of none of them.
    public func bodyRepresentation(among mediaTypes: [String]) throws -> Int? {
        guard hasBody else { return nil }
        let sent = contentType ?? "application/octet-stream"
        let index = mediaTypes.firstIndex { declared in
            let declared = declared.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
            if declared == sent || declared == "*/*" { return true }
            if declared.hasSuffix("/*") { return sent.hasPrefix(declared.dropLast()) }
            return declared == "application/json" && sent.hasSuffix("+json")
        }
        guard let index else { throw ServerRequestError.unsupportedMediaType }
        return index
    }
}
