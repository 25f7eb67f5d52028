import Foundation

/// What a generated server's webhook routes ask of a request, to tell apart the webhooks an API sends to one URL
/// (generated code's API).
extension ServerRequest {
    /// The string member `name` of the JSON object the body holds (`"type": "batch.cancelled"`), or nil when the
    /// body is no JSON object or the member is missing or no string.
    @_spi(Generated)
    public func jsonBodyMember(_ name: String) -> String? {
        guard hasBody, let object = try? JSONSerialization.jsonObject(with: bodyData) as? [String: Any] else {
            return nil
        }
        return object[name] as? String
    }

    /// Whether the body decodes as JSON of type `T`.
    @_spi(Generated)
    public func jsonBodyDecodes<T: Decodable>(as type: T.Type) -> Bool {
        hasBody && (try? JSONCoding.decode(T.self, from: bodyData)) != nil
    }
}

extension ServerResponse {
    /// The default answer to a request at a path where webhooks are registered that none of them takes: 422 with an
    /// `application/problem+json` body.
    public static func unrecognizedWebhook(_ request: ServerRequest) -> ServerResponse {
        let detail = "no webhook registered at this path takes this request's body"
        return ServerProblem(status: 422, title: "Unprocessable Content", detail: detail).response
    }
}
