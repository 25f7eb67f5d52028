import Foundation
public import RaspGenerator
public import RaspRuntime

/// A server for any OpenAPI document, with no code generated: each operation answers with its documented success —
/// the media type's first example when it has one, else a value made from the response schema (the schema's own
/// example or default, else the smallest value it allows). Requests missing a required parameter or body are
/// answered 400. `rasp-mock --spec any.yaml` serves one; tests use it as the server side of a generated client.
public struct SpecMock: Sendable {
    /// The document served.
    public let document: OpenAPIDocument

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
            // An exploded object in form style has no item of its own, and none at all without properties set.
            let required = operation.parameters.filter { parameter in
                parameter.required && parameter.location != .path
                    && !(parameter.style == .form && parameter.explode && isObject(parameter.schema))
            }.map { (name: $0.name, location: $0.location) }
            let needsBody = operation.requestBody?.required == true
            router.register(method: operation.method.name, path: operation.path,
                            operationID: operation.operationID ?? "\(operation.method) \(operation.path)") { request in
                for parameter in required where !Self.carries(request, parameter.name, in: parameter.location) {
                    throw ServerRequestError("\(parameter.location) parameter '\(parameter.name)' is required")
                }
                // An empty body with a media type is a body (an empty file, an empty string).
                if needsBody && !request.hasBody && request.contentType == nil {
                    throw ServerRequestError("the request body is required")
                }
                return answer
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

    /// Whether a schema (or the one it references) is an object.
    private func isObject(_ schema: Schema) -> Bool {
        let schema = document.dereferenced(schema)
        return schema.types.contains(.object) || !schema.properties.isEmpty
    }

    /// Whether the request has a parameter (for a query, also as the items of an exploded object or deepObject).
    private static func carries(_ request: ServerRequest, _ name: String,
                                in location: RaspGenerator.ParameterLocation) -> Bool {
        switch location {
        case .query: request.query.contains { $0.name == name || $0.name.hasPrefix(name + "[") }
        case .header: request.header(name) != nil
        case .cookie: request.cookies.contains { $0.name == name }
        case .path: true
        }
    }

    /// The response an operation always answers with: the success ``SuccessResponse`` chose, with its status and
    /// in the media type its body is read as (``SuccessResponse/body``, else its stream).
    static func answer(_ operation: RaspGenerator.Operation, values: SchemaValues) -> ServerResponse {
        let success = operation.success
        let status = success.status
        guard let media = success.body ?? success.stream else { return ServerResponse(status: status) }
        let category = media.contentType.category
        let contentType = media.contentType.sent(asJSON: media.carriesJSON)
        let example = media.examples.lazy.compactMap { SchemaValues.decodeJSON($0) }.first { example in
            media.schema.map { values.fits(example, $0) } ?? true
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
