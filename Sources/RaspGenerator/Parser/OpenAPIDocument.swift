internal import Foundation

/// An OpenAPI 3.0, 3.1 or 3.2 document, reduced to what code generation needs, in document order.
public struct OpenAPIDocument: Sendable {
    /// `openapi`, e.g. `3.0.3`.
    public var openAPIVersion: String
    /// `info.title`.
    public var title: String
    /// `info.version`.
    public var version: String
    /// `info.description`.
    public var description: String?
    /// `servers`.
    public var servers: [Server]
    /// Every operation under `paths`, in document order.
    public var operations: [Operation]
    /// The requests the API sends to its users, which a receiver answers: every operation of `webhooks` in document
    /// order, then the `callbacks` of the operations kept, in their order (``Operation/receiver`` says which).
    public var receivers: [Operation] = []
    /// Every schema a `$ref` points to: `components.schemas` in document order first, then the targets of
    /// references to other files and other places, in the order they were found. ``SchemaReference/target``
    /// indexes this list.
    public var schemas: [SchemaEntry]
    /// `components.securitySchemes`, in document order.
    public var securitySchemes: [SecurityScheme]
    /// Top-level `security`: alternatives, each a list of scheme names.
    public var security: [[String]]
    /// Every file the document was read from: the root document, then each file its `$ref`s name.
    public var files: [String]
    /// Top-level `tags`, in document order (OpenAPI 3.2 adds `summary`, `parent` and `kind`).
    public var tags: [Tag] = []
    /// OpenAPI 3.2 `$self`: the document's own URI, against which references are resolved (nil when not given).
    public var selfURI: String?
}

/// A top-level `tags` entry.
public struct Tag: Sendable {
    /// `name`.
    public var name: String
    /// `summary` (3.2).
    public var summary: String?
    /// `description`.
    public var description: String?
    /// `parent` (3.2): the name of the tag this one nests in.
    public var parent: String?
    /// `kind` (3.2): what the tag is for, e.g. `nav`, `badge`, `audience`.
    public var kind: String?
}

/// A schema that references can point to.
public struct SchemaEntry: Sendable {
    /// The name it is declared under: a `components.schemas` key, or for a schema in another file the key it is
    /// written under (`schemas`, `definitions`, `$defs`, the file's top level) or the file's name. Nil for a schema
    /// written elsewhere (inside an operation, a property): a reference to it uses it in place.
    public var name: String?
    /// The schema.
    public var schema: Schema
    /// Whether it is an entry of the root document's `components.schemas`.
    public var isComponent: Bool
}

/// A `servers` entry.
public struct Server: Sendable {
    /// The URL (variables substituted with their defaults).
    public var url: String
    /// The description.
    public var description: String?
}

/// A security scheme: an API key, an HTTP scheme (bearer, basic…), OAuth 2 with its flows, OpenID Connect.
public struct SecurityScheme: Sendable {
    /// Where the key goes.
    public enum Location: String, Sendable {
        /// A query parameter.
        case query
        /// A header field.
        case header
        /// A cookie.
        case cookie
    }
    /// A scheme's `type`.
    public enum Kind: String, Sendable, Hashable {
        case apiKey, http, oauth2, openIdConnect, mutualTLS
    }
    /// The scheme's name in `components.securitySchemes`.
    public var name: String
    /// Its `type`.
    public var kind: Kind
    /// For `apiKey`: where.
    public var location: Location?
    /// For `apiKey`: the parameter or header name; for `http`: the scheme (`bearer`, `basic`).
    public var parameterName: String?
    /// The description.
    public var description: String?
    /// For `oauth2`: its flows, in document order.
    public var flows: [OAuthFlow] = []
    /// For `oauth2` (3.2 `oauth2MetadataUrl`): where the authorization server's metadata is (RFC 8414).
    public var oauth2MetadataURL: String?
    /// `deprecated` (3.2).
    public var deprecated = false
    /// For `openIdConnect`: `openIdConnectUrl`.
    public var openIDConnectURL: String?
}

/// One flow of an OAuth 2 security scheme.
public struct OAuthFlow: Sendable {
    /// A flow's key in `flows`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case implicit, password, clientCredentials, authorizationCode
        /// OpenAPI 3.2: the device authorization flow of RFC 8628.
        case deviceAuthorization
    }
    /// Which flow it is.
    public var kind: Kind
    /// `authorizationUrl`.
    public var authorizationURL: String?
    /// `deviceAuthorizationUrl` (3.2, the device authorization flow of RFC 8628).
    public var deviceAuthorizationURL: String?
    /// `tokenUrl`.
    public var tokenURL: String?
    /// `refreshUrl`.
    public var refreshURL: String?
    /// The names of `scopes`, in document order.
    public var scopes: [String]
}

/// One operation: a method on a path.
public struct Operation: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path template, e.g. `/v3.0/search/`.
    public var path: String
    /// `operationId`, if given.
    public var operationID: String?
    /// `summary`.
    public var summary: String?
    /// `description`.
    public var description: String?
    /// The path item's own `summary` and `description` (they apply to each of its operations).
    public var pathDescription: String?
    /// `tags`.
    public var tags: [String]
    /// Path-level and operation-level parameters merged (operation wins), `$ref`s resolved.
    public var parameters: [Parameter]
    /// `requestBody`, `$ref` resolved.
    public var requestBody: RequestBody?
    /// `responses`, in document order, `$ref`s resolved.
    public var responses: [Response]
    /// `deprecated`.
    public var deprecated: Bool
    /// The operation's own `security` alternatives, if it overrides the document's.
    public var security: [[String]]?
    /// Where the operation starts.
    public var mark: Mark
    /// Whether its method is named from its method and path (`get /pets` → `getPets`) although it has an
    /// `operationId`: a lenient repair of an `operationId` another operation has already.
    public var isNamedByRoute = false
    /// The response it answers with when it succeeds (``SuccessResponse``), chosen once for every stage.
    public var success = SuccessResponse()
    /// For a request the API sends (a webhook or a callback): what it is; nil for an operation of `paths`.
    public var receiver: Receiver?
    /// The operations of its `callbacks`, each with its ``receiver``.
    public var callbacks: [Operation] = []

    /// `get /pets`: what the operation's method is named from when it has no `operationId` (or one it cannot use).
    public var routeName: String { method.name + " " + path }
}

/// What a request the API sends to its users is: a webhook (OpenAPI 3.1 `webhooks`, sent to a URL the user
/// registers out of band) or a callback (an operation's `callbacks`, sent to a URL the operation's request gives).
public struct Receiver: Sendable {
    /// Which of the two it is.
    public enum Kind: String, Sendable {
        case webhook, callback
    }
    public var kind: Kind
    /// The webhook's key in `webhooks`, or the callback's key in its operation's `callbacks`.
    public var name: String
    /// For a callback: the runtime expression of the URL it is sent to (`{$request.body#/callbackUrl}`).
    public var expression: String?
    /// Where its key is.
    public var keyMark: Mark
}

/// A parameter.
public struct Parameter: Sendable {
    /// The name on the wire.
    public var name: String
    /// Where it is sent (an OpenAPI 3.2 `querystring` form is read as the query parameter it amounts to).
    public var location: ParameterLocation
    /// `required`.
    public var required: Bool
    /// The value's schema.
    public var schema: Schema
    /// `description`.
    public var description: String?
    /// `style`, or the location's default (`form` for query and cookie, `simple` for path and header); a style the
    /// location does not define is its default too (with a warning).
    public var style: ParameterStyle
    /// `explode` (defaults to true for the `form` style).
    public var explode: Bool
    /// For a parameter given with `content` instead of `schema`: its media type (the value is sent in it).
    public var contentType: ContentType?
    /// `deprecated`.
    public var deprecated: Bool
    /// The name of the `components.parameters` entry (or file) it came from, if any.
    public var componentName: String?
    /// Where that reusable parameter is written (`FILE#/pointer`), the same for every use of it.
    public var componentKey: String?
    /// Where it is declared.
    public var mark: Mark
}

/// A request body.
public struct RequestBody: Sendable {
    /// `required`.
    public var required: Bool
    /// `description`.
    public var description: String?
    /// Media types in document order.
    public var content: [MediaType]
    /// For a Swagger 2.0 body: the text media types its operation `consumes` beside JSON for a structured schema,
    /// which carry the same JSON text (read as JSON only).
    public var jsonTextTypes: [String] = []
}

/// A response.
public struct Response: Sendable {
    /// `200`, `4XX`, `default`…
    public var status: ResponseStatus
    /// `description`.
    public var description: String?
    /// Media types in document order.
    public var content: [MediaType]
    /// The name of the `components.responses` entry (or file) it came from, if any.
    public var componentName: String?
    /// For a Swagger 2.0 response without a schema (no content): the media types its operation `produces`, which
    /// 2.0 servers label such an empty body with.
    public var producedTypes: [String] = []
}

/// One entry of a `content` map.
public struct MediaType: Sendable {
    /// The media type key, read once (``ContentType``).
    public var contentType: ContentType
    /// The media type key as written (`application/json`, `text/html; charset=utf-8`…).
    public var type: String { contentType.text }
    /// The media type without parameters, lower case: `application/json` for `Application/JSON; charset=utf-8`.
    public var baseType: String { contentType.base }
    /// The schema, if any.
    public var schema: Schema?
    /// OpenAPI 3.2 `itemSchema`: the schema of each item of a sequential media type (an event of
    /// `text/event-stream`, a line of JSON Lines, a record of a JSON text sequence).
    public var itemSchema: Schema?
    /// `encoding`: how properties of a form or multipart body are written, by property name, in document order.
    public var encoding: [(property: String, encoding: Encoding)] = []
    /// `example` and the values of `examples`, each as compact JSON text, in document order.
    public var examples: [String] = []

    /// One entry of an `encoding` map.
    public struct Encoding: Sendable {
        /// `contentType` of the part.
        public var contentType: String?
        /// `style`, as for a query parameter.
        public var style: String?
        /// `explode`.
        public var explode: Bool?
        /// Where it is written.
        public var mark: Mark
    }

    /// Creates a media type entry.
    public init(type: String, schema: Schema?) {
        contentType = ContentType(type)
        self.schema = schema
    }

    /// Whether a body of this media type is read and written as JSON (``ContentType/carriesJSON(schema:)``).
    public var carriesJSON: Bool { contentType.carriesJSON(schema: schema) }
}
