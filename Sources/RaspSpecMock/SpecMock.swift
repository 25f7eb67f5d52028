import Foundation
public import RaspGenerator
@_spi(Generated) public import RaspRuntime

/// A server for any OpenAPI document, with no code generated: each operation answers with its documented success —
/// the media type's first example when it has one, else a value made from the response schema (the schema's own
/// example or default, else the smallest value it allows), examples used only when they are valid under their schema.
/// A request is checked as the real service would check it: 401 without a credential its `security` accepts, 400 for
/// a required parameter or body that is missing or any that breaks its schema, 415 for a body of another media type.
/// `rasp-mock --spec any.yaml` serves one; tests use it as the server side of a generated client.
public struct SpecMock: Sendable {
    /// The document served.
    public let document: OpenAPIDocument
    /// The credential the secured operations accept: an API key's value, a bearer token, or a Basic password (any
    /// user name); nil accepts any non-empty credential of the schemes their `security` names.
    public var credential: String?

    /// Creates a mock of a parsed document.
    public init(document: OpenAPIDocument) {
        self.document = document
    }

    /// Reads a document (and the files its `$ref`s name) from disk.
    /// - Throws: ``GeneratorFailure`` with every error the document has, or the read error.
    public init(contentsOf path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let source = DocumentSource { path in (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } }
        var config = GeneratorConfig()
        // A mock serves what it can: errors with a safe repair do not stop it.
        config.lenient = true
        document = try GeneratorPipeline(config: config).parse(bytes, path: path, source: source)
    }

    /// The path of the document's first server URL (`/v1` for `https://api.example.com/v1`), under which clients
    /// that use the document's server send their requests; empty when it has none.
    public var basePath: String {
        guard let url = document.servers.first?.url else { return "" }
        let path = URLComponents(string: url)?.path ?? ""
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Registers a route per operation on `router`.
    public func registerRoutes(on router: inout ServerRouter) {
        let values = SchemaValues(document: document)
        for operation in document.operations {
            let answer = Self.answer(operation, values: values)
            let others = Self.representations(operation, values: values)
            let check = RequestCheck(operation, document: document, values: values, credential: credential)
            router.register(method: operation.method.name, path: operation.path,
                            operationID: operation.operationID ?? "\(operation.method) \(operation.path)") { request in
                if let refusal = check.refusal(request) { return refusal }
                // A success offered in several media types answers in the first one the request's Accept names.
                return others.first { request.accepts($0.type) }?.answer ?? answer
            }
        }
    }

    /// The body the mock answers an operation with (by its method and path template), for a generated server's
    /// example handler (`<Client>ExampleHandler`); nil for an operation the document does not have.
    public func exampleBody(method: String, path: String) -> Data? {
        let values = SchemaValues(document: document)
        guard let operation = document.operations.first(where: {
            $0.method == HTTPMethod(method) && $0.path == path
        }) else { return nil }
        switch Self.answer(operation, values: values).body {
        case .data(let data): return data
        case .stream: return nil
        }
    }

    /// The response an operation always answers with: the success ``SuccessResponse`` chose, with its status and
    /// in the media type its body is read as (``SuccessResponse/body``, else its stream).
    static func answer(_ operation: RaspGenerator.Operation, values: SchemaValues) -> ServerResponse {
        let success = operation.success
        // Without a success, the response chosen (a redirect) answers with its own content.
        let chosen = operation.responses.first { $0.status.code == success.status }
        let media = success.body ?? success.stream ?? (success.index == nil ? chosen?.content.first : nil)
        var answer = response(status: success.status, media: media, values: values)
        // A Swagger 2.0 success without a schema: an empty body, labelled with what the operation produces.
        if media == nil, let produced = chosen?.producedTypes.first {
            answer.headers[.contentType] = produced
        }
        return answer
    }

    /// The success in each of its media types, when it is offered in several (in the document's order).
    static func representations(_ operation: RaspGenerator.Operation, values: SchemaValues)
        -> [(type: String, answer: ServerResponse)] {
        let success = operation.success
        guard let index = success.index, operation.responses[index].content.count > 1 else { return [] }
        return operation.responses[index].content.map { media in
            (media.contentType.base, response(status: success.status, media: media, values: values))
        }
    }

    /// A response of `status` with a body in `media` (none without one): its first example that is valid under its
    /// schema, else a value made from the schema.
    static func response(status: Int, media: MediaType?, values: SchemaValues) -> ServerResponse {
        guard let media else { return ServerResponse(status: status) }
        let category = media.contentType.category
        let contentType = media.contentType.sent(asJSON: media.carriesJSON)
        // An example only when it is valid under the schema in full (vendors publish some that are not).
        let validator = SchemaValidator(document: values.document)
        let example = media.examples.lazy.compactMap { SchemaValues.decodeJSON($0) }.first { example in
            media.schema.map { validator.validates(example, $0) } ?? true
        }
        let value = example ?? media.schema.map { values.value($0) } ?? .object([:])
        let text = (try? JSONCoding.encode(value)) ?? Data("{}".utf8)
        switch category {
        case .eventStream:
            return ServerResponse(status: status, contentType: contentType,
                                  body: Data("data: \(String(decoding: text, as: UTF8.self))\n\n".utf8))
        case .jsonSequence:
            return ServerResponse(status: status, contentType: contentType, body: Data([0x1E]) + text + Data([0x0A]))
        case .jsonLines:
            return ServerResponse(status: status, contentType: contentType, body: text + Data([0x0A]))
        case _ where media.carriesJSON:
            return ServerResponse(status: status, contentType: contentType, body: text)
        case .multipart, .form:
            // Written as a generated server writes them: parts with a boundary, or form fields.
            let encoding = Dictionary(media.encoding.map { property, encoding in
                (property, BodyPartEncoding(contentType: encoding.contentType,
                                            style: encoding.style.flatMap(ParameterStyle.init(rawValue:)),
                                            explode: encoding.explode))
            }, uniquingKeysWith: { first, _ in first })
            let made = category == .form
                ? try? ServerResponse.form(value, status: status, encoding: encoding)
                : try? ServerResponse.multipart(value, status: status, encoding: encoding)
            // A value that is no object (a schema that says nothing) is one text field.
            guard var made = made ?? (try? ServerResponse.multipart(JSONValue.object(["value": value]),
                                                                    status: status)) else {
                return ServerResponse(status: status)
            }
            // The documented subtype (`multipart/mixed`…), with the boundary written.
            if category == .multipart, let sent = made.headers[.contentType] {
                made.headers[.contentType] = sent.replacingOccurrences(of: "multipart/form-data",
                                                                       with: media.contentType.base)
            }
            return made
        case .text, .xml:
            guard case .string(let string) = value else {
                return ServerResponse(status: status, contentType: contentType, body: text)
            }
            return ServerResponse(status: status, contentType: contentType, body: Data(string.utf8))
        default:
            return ServerResponse(status: status, contentType: contentType, body: Data([0x6D, 0x6F, 0x63, 0x6B]))
        }
    }
}
