/// The translated API: Swift declarations that the renderer turns into text. No code lives here: names, type
/// spellings and values only (``SwiftType`` and ``LiteralValue`` know how they are spelled).
struct TranslatedAPI {
    var title: String
    var types: [Declaration]
    var operations: [OperationDecl]
    var servers: [(name: String, url: String, doc: String?)]
    var clientName: String
    /// Every security scheme of the document the client can authenticate with, in document order.
    var authSchemes: [SecuritySchemeDecl] = []
    /// The Swift type of each named schema (by its index in ``OpenAPIDocument/schemas``) and whether the schema
    /// allows `null` at its top level, for the report.
    var schemaTypes: [Int: (name: String, nullable: Bool)] = [:]
}

/// A Swift type as it is spelled at a use site. Only the collection cases are boxed: a named type, by far the most
/// common, is held inline (no allocation to make one, no box to read through).
enum SwiftType: Hashable {
    case named(String)
    indirect case array(SwiftType)
    indirect case dictionary(SwiftType)
    /// An item or map value that may be `null` (`[String?]`, `[String: Int?]`).
    indirect case optional(SwiftType)

    var spelling: String {
        switch self {
        case .named(let name): name
        case .array(let element): "[\(element.spelling)]"
        case .dictionary(let value): "JSONObject<\(value.spelling)>"
        case .optional(let wrapped): wrapped.spelling + "?"
        }
    }

    /// The named type inside any arrays, dictionaries and optionals.
    var elementName: String {
        switch self {
        case .named(let name): name
        case .array(let element), .dictionary(let element), .optional(let element): element.elementName
        }
    }

    /// The named type, if this is one (not a collection).
    var namedType: String? {
        if case .named(let name) = self { return name }
        return nil
    }
}

/// A value the generated code writes as a literal: a schema default. Only the case that holds another value is boxed.
enum LiteralValue: Hashable {
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    /// An integer beyond `Int.max` for a `UInt64`, as its digits.
    case bigInteger(String)
    /// An integer beyond 64 bits for a `Decimal`, as its digits (a `Decimal` holds it exactly).
    case decimal(String)
    case emptyArray
    case emptyDictionary
    /// An array of values.
    case array([LiteralValue])
    /// A value of a generated open enum, built from its raw value.
    indirect case enumValue(LiteralValue)

    /// How Swift spells the value.
    var spelling: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): Naming.literal(value)
        case .bigInteger(let digits): digits
        case .decimal(let digits): "Decimal(string: \"\(digits)\")!"
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        case .array(let items): "[" + items.map(\.spelling).joined(separator: ", ") + "]"
        case .enumValue(let raw): ".init(rawValue: \(raw.spelling))"
        }
    }
}

/// A security scheme as the client offers it: a static function of `Authentication` per way to make a credential.
struct SecuritySchemeDecl {
    /// What the credential is.
    enum Kind: Hashable {
        /// An API key in a header field, a query parameter or a cookie (`header`, `query`, `cookie`) of this name.
        case apiKey(location: String, name: String)
        /// `Authorization: Bearer <token>`.
        case bearer
        /// HTTP Basic.
        case basic
        /// Another HTTP scheme (`digest`, `hoba`…; nil when the document names none): the whole `Authorization`
        /// value is the caller's.
        case http(scheme: String?)
        /// OAuth 2: the token URL of the client credentials flow, and the URL refresh tokens are exchanged at (a
        /// flow's `refreshUrl`, else its `tokenUrl`), each when the document gives one the client can use; for the
        /// flows the app runs itself, where the authorization server's metadata is (3.2 `oauth2MetadataUrl`) and the
        /// device authorization flow's endpoint (3.2 `deviceAuthorizationUrl`).
        case oauth2(clientCredentialsURL: String?, refreshURL: String?, metadataURL: String?, deviceURL: String?)
        /// OpenID Connect, with its discovery URL.
        case openIDConnect(discoveryURL: String?)
    }

    /// The static function's name.
    var name: String
    /// The scheme's name in `components.securitySchemes` (what `security` requirements name).
    var schemeName: String
    var kind: Kind
    var doc: String?
}

/// A type declaration.
indirect enum Declaration {
    case structType(StructDecl)
    case enumType(EnumDecl)
    case oneOf(OneOfDecl)
    case typeAlias(name: String, type: SwiftType, doc: [String])

    var name: String {
        switch self {
        case .structType(let decl): decl.name
        case .enumType(let decl): decl.name
        case .oneOf(let decl): decl.name
        case .typeAlias(let name, _, _): name
        }
    }

    /// The declaration with it and its nested structs and unions coded in one direction only.
    func restricted(to direction: CodingDirection) -> Declaration {
        switch self {
        case .structType(var decl):
            decl.direction = direction
            decl.nested = decl.nested.map { $0.restricted(to: direction) }
            return .structType(decl)
        case .oneOf(var decl):
            decl.direction = direction
            decl.nested = decl.nested.map { $0.restricted(to: direction) }
            return .oneOf(decl)
        case .enumType, .typeAlias:
            return self
        }
    }
}

/// Which halves of `Codable` a type needs. Component schemas are `Codable`; types declared inline in an operation
/// are only ever encoded (request bodies) or only decoded (responses), and synthesizing the half that is never
/// called is a large part of the compile time of a big client.
enum CodingDirection {
    case both, encode, decode

    /// The protocols a type coded in this direction conforms to. Types that are only sent (request bodies) are not
    /// `Hashable`: nothing compares them, and synthesized `==` and `hash(into:)` are a large share of a big spec's
    /// build time. A type that encodes and `writesJSON` also writes its own JSON (`JSONWritable`); one that decodes
    /// and `readsJSON` reads it (`JSONReadable`).
    func conformances(writesJSON: Bool, readsJSON: Bool) -> String {
        let writable = writesJSON ? ", JSONWritable" : ""
        let readable = readsJSON ? ", JSONReadable" : ""
        return switch self {
        case .both: "Codable, Hashable, Sendable" + writable + readable
        case .encode: "Encodable, Sendable" + writable
        case .decode: "Decodable, Hashable, Sendable" + readable
        }
    }
}

extension StructDecl {
    /// Whether the struct gets `writeJSON(to:)`: one that encodes (a variant adds its keys to the same object).
    var writesJSON: Bool { direction != .decode }
    /// Whether the struct gets `init(reading:)`: one that decodes.
    var readsJSON: Bool { direction != .encode }
    /// Whether the struct gets a written-out `init(from:)`: one that decodes and is coded by shape.
    var hasDecoder: Bool { direction != .encode && codedByShape }
    /// Whether the struct gets a written-out `encode(to:)`: one that encodes and is coded by shape or does not
    /// write its own JSON.
    var hasEncoder: Bool { direction != .decode && (codedByShape || !writesJSON) }
    /// The protocols it conforms to.
    var conformances: String { direction.conformances(writesJSON: writesJSON, readsJSON: readsJSON) }
}

extension OneOfDecl {
    /// Whether the union gets `writeJSON(to:)`: one that encodes.
    var writesJSON: Bool { direction != .decode }
    /// Whether the union gets `init(reading:)`: one that decodes.
    var readsJSON: Bool { direction != .encode }
    /// The protocols it conforms to.
    var conformances: String { direction.conformances(writesJSON: writesJSON, readsJSON: readsJSON) }
}

struct StructDecl {
    var name: String
    var doc: [String]
    var properties: [PropertyDecl]
    var nested: [Declaration]
    var direction = CodingDirection.both
    /// Whether something other than JSON codes it by its shape (``ShapeCodedTypes``): it then keeps written-out
    /// `init(from:)` and `encode(to:)`; every other type takes the runtime's, which go through its JSON.
    var codedByShape = false
    /// Whether the properties are `var`: only for types a request can send (``SentTypes``). A public stored `var`
    /// costs a setter and a `_modify` coroutine besides the getter, a third of a big client's build time.
    var isMutable = true
    /// The keys no property declares, kept when the schema allows them (`additionalProperties` beside
    /// `properties`).
    var additional: AdditionalMember?
    /// The `oneOf`/`anyOf` beside the properties: a union decoded from (and encoded into) the same object.
    var variant: VariantMember?

    /// The member that holds a schema's `additionalProperties`.
    struct AdditionalMember {
        var name: String
        var valueType: SwiftType
    }

    /// The member that holds the union written beside a schema's properties.
    struct VariantMember {
        var name: String
        var type: SwiftType
        var doc: [String]
    }
}

struct PropertyDecl {
    var name: String
    var wireName: String
    var type: SwiftType
    /// Whether the Swift property is optional.
    var isOptional: Bool
    /// Whether the key must be present when decoding (required and not defaulted).
    var isRequired: Bool
    /// The schema default, applied when the key is missing.
    var defaultValue: LiteralValue?
    /// The only value a required single-value enum allows (a `type` tag such as `response.created`): the property is
    /// a `String` whose init parameter defaults to it.
    var constant: String?
    var doc: [String]
    /// Why the property is deprecated (the spec's words), or nil when it is not.
    var deprecation: String?
    /// Stored out of line to break a containment cycle.
    var boxed = false
    /// Required and nullable: nil is sent as `null` (the key must be there).
    var encodesNull = false
    /// Optional and nullable: a missing key and `null` are kept apart (``NullableField`` in the runtime).
    var tracksNull = false
    /// Optional free-form JSON: `null` decodes as the value `.null`, not as a missing key.
    var keepsNullValue = false

    /// Whether the value lives in a private `_name` behind a computed property: boxed values, and deprecated ones
    /// (the generated init and coding code use the storage, so only callers see the deprecation).
    var hasStorage: Bool { boxed || deprecation != nil || keepsPresence || keepsNullPrivately }
    /// A property that tracks `null` in a type no request sends: its three states live in private storage behind
    /// a plain getter, which costs less to compile than the `@NullableField` wrapper (set by ``SentTypes``).
    var keepsNullPrivately = false

    /// An optional property with a schema default: stored as an optional, so a missing key stays missing when the
    /// value is written back (and an explicit default stays written); it reads as the default when missing.
    var keepsPresence: Bool { defaultValue != nil && !isOptional }
}

/// A string or integer enum that keeps unknown values.
struct EnumDecl {
    var name: String
    var doc: [String]
    var rawType: String
    var cases: [(name: String, literal: String)]
}

/// `oneOf`/`anyOf`: one case per variant, decoded by discriminator or by trying each in order.
struct OneOfDecl {
    var name: String
    var doc: [String]
    var cases: [(name: String, type: SwiftType, discriminatorValues: [String])]
    var discriminatorProperty: String?
    var nested: [Declaration]
    var isIndirect = false
    var direction = CodingDirection.both
    /// Whether something other than JSON codes it by its shape (``ShapeCodedTypes``): it then keeps written-out
    /// `init(from:)` and `encode(to:)`; every other type takes the runtime's, which go through its JSON.
    var codedByShape = false
    /// For a union without a discriminator: the object keys each case keeps (nil: any key, or not an object), by
    /// which the decoder chooses among the cases that accept a value.
    var caseKeys: [[String]?] = []
    /// For a union without a discriminator: the string values each case allows for its enum-typed properties.
    var caseTags: [[(property: String, values: [String])]] = []
    /// For a base schema whose discriminator names its subtypes: the case that holds a value whose discriminator
    /// names no known subtype, decoded as the base's own properties (open, like the enums).
    var fallback: (name: String, type: SwiftType)?
    /// For a union whose document declares its discriminator: a value whose discriminator is missing or names no
    /// case (a mapping that leaves variants out) is decoded by trying the cases, as a union without one is.
    var triesCasesForUnknownTag = false
}

struct OperationDecl {
    var methodName: String
    var inputName: String
    var operationID: String
    var httpMethod: String
    var path: String
    var doc: [String]
    var parameters: [ParameterDecl]
    var body: BodyDecl?
    var success: SuccessDecl
    /// A second method that streams the success response (`text/event-stream`, JSON Lines, or bytes as they
    /// arrive) when the plain method returns it whole or as JSON: its name and what it returns.
    var streamVariant: (methodName: String, success: SuccessDecl)?
    /// How the client decodes the JSON bodies of documented error statuses.
    var errorBodies: ErrorBodies
    /// How a server answers with the success: its status and media type (nil without content), and the media type
    /// of the streaming variant.
    var successWire = SuccessWire()
    var requiresAuthentication: Bool
    /// Why the operation is deprecated (the spec's words), or nil when it is not.
    var deprecation: String?
    var nested: [Declaration]
    /// The operation's security requirement (its own, else the document's): alternatives of scheme names, an empty
    /// alternative meaning that no credential is needed.
    var security: [[String]] = []
    /// For a webhook or a callback: what the receiver answers (nil for an operation the client calls).
    var receiver: ReceiverDecl?
    /// Every media type of the success response when it offers more than one, in the document's order: the cases of
    /// the method that lets the caller choose (`accepting:`) and returns the one that arrived. Empty otherwise.
    var representations: [ResponseRepresentation] = []
    /// The names of the input's enums of ``representations``: their media types and the body that arrived.
    var representationEnums = (contentType: "ResponseContentType", body: "ResponseBody")
}

/// One media type of a success response offered in several.
struct ResponseRepresentation {
    /// Its case in the input's `ResponseContentType` and `ResponseBody` enums.
    var caseName: String
    /// The media type as the document writes it: what a client's `Accept` names (a range such as `image/*` is a
    /// valid `Accept` item).
    var contentType: String
    /// The `Content-Type` a server answers it with (a concrete type for a range).
    var sentContentType: String
    /// How its body is read.
    var success: SuccessDecl
    /// Whether the plain method returns it, or the streaming variant.
    var isPlain = false
    var isStream = false
}

/// A webhook or callback, which the generated server receives at a path the app chooses.
struct ReceiverDecl {
    var kind: Receiver.Kind
    /// Its key in `webhooks` or in its operation's `callbacks`.
    var name: String
    /// For a callback, the runtime expression of its URL.
    var expression: String?
    /// The member of its JSON body that tells it apart from the others sent to the same URL, and the one value it
    /// has there (a required single-value enum, such as `"type": "batch.cancelled"`); nil when the body has none.
    var tag: (property: String, value: String)?
}

/// One method of the client: an operation's plain method, or its streaming variant.
struct MethodDecl {
    var operation: OperationDecl
    var name: String
    var success: SuccessDecl
    var isStreamVariant: Bool
}

extension TranslatedAPI {
    /// The operations the client calls (not the webhooks and callbacks it receives).
    var calledOperations: [OperationDecl] { operations.filter { $0.receiver == nil } }
    /// The webhooks and callbacks the server receives.
    var receivers: [OperationDecl] { operations.filter { $0.receiver != nil } }

    /// Every method of the client, each operation's plain one followed by its streaming variant, if it has one.
    var methods: [MethodDecl] {
        calledOperations.flatMap { operation in
            [MethodDecl(operation: operation, name: operation.methodName, success: operation.success,
                        isStreamVariant: false)]
                + (operation.streamVariant.map { variant in
                    [MethodDecl(operation: operation, name: variant.methodName, success: variant.success,
                                isStreamVariant: true)]
                } ?? [])
        }
    }
}

extension OperationDecl {
    /// Whether the protocol extension also has an overload that takes the body as `Data`: a binary body (a
    /// `BinaryFile`, which can stream) also takes bytes in memory.
    var hasInMemoryBodyOverload: Bool {
        guard let body else { return false }
        return body.representations.count == 1 && body.representations[0].encoding == .binary
    }
}

/// How a client decodes the body of an error response: each documented status's body (`400`, `4XX`) as its type,
/// thrown as an `APIError`; a `default` body as its type too, thrown as any undocumented status is.
enum ErrorBodies {
    /// No error status documents a JSON body.
    case none
    /// Every documented error status (there is no `default`) has this body type.
    case uniform(SwiftType)
    /// Only `default` documents a body.
    case defaultOnly(SwiftType)
    /// Statuses grouped by body type, codes before ranges (a `404` wins over `4XX`), and the `default` body type.
    case byStatus([(type: SwiftType, statuses: [ResponseStatus])], fallback: SwiftType?)

    /// The body types, for passes that rewrite type names.
    func mapTypes(_ transform: (SwiftType) -> SwiftType) -> ErrorBodies {
        switch self {
        case .none: .none
        case .uniform(let type): .uniform(transform(type))
        case .defaultOnly(let type): .defaultOnly(transform(type))
        case .byStatus(let groups, let fallback):
            .byStatus(groups.map { (transform($0.type), $0.statuses) }, fallback: fallback.map(transform))
        }
    }
}

/// The status and media types a server sends an operation's success with (each a type a message can carry: a
/// range such as `*/*` is replaced by a concrete type for its content).
struct SuccessWire {
    var status = 200
    var contentType: String?
    var streamContentType: String?
}

struct ParameterDecl {
    /// How a parameter's value is written on the wire.
    enum Serialization: Equatable {
        /// A primitive or an enum (or an array of them) in the location's default style, through the runtime's
        /// `QueryValue` calls.
        case text
        /// Any value in an OpenAPI `style` (`simple`, `label`, `matrix`, `form`, `spaceDelimited`,
        /// `pipeDelimited`, `deepObject`), through the runtime's `Encodable` calls.
        case styled(ParameterStyle)
        /// JSON text (a parameter given with `content: {application/json: …}`).
        case json
    }

    var name: String
    var wireName: String
    var location: ParameterLocation
    var type: SwiftType
    var isArray: Bool
    var required: Bool
    var explode: Bool
    var serialization: Serialization
    var doc: [String]
}

struct BodyDecl {
    /// One media type the body can be sent as.
    struct Representation {
        enum Encoding { case json, form, multipart, binary, text }
        var encoding: Encoding
        /// The media type as the document writes it.
        var contentType: String
        /// The `Content-Type` a client sends it with: ``contentType``, or for a range (`*/*`, `image/*`) the
        /// concrete type of its encoding.
        var sentContentType: String
        var type: SwiftType
        /// Its case in the input's body enum, when there are several representations.
        var caseName: String
        /// The `encoding` of a form or multipart body's properties.
        var parts: [PartEncoding]
    }

    /// How one property of a form or multipart body is written.
    struct PartEncoding {
        var property: String
        var contentType: String?
        var style: ParameterStyle?
        var explode: Bool?
    }

    /// Every media type the operation offers, in the spec's order.
    var representations: [Representation]
    /// The input's `body`: the one representation's type, or the enum of all of them.
    var type: SwiftType
    var required: Bool
    var doc: [String]
}

enum SuccessDecl {
    /// A JSON (or JSON-in-another-media-type) body; optional when other 2xx statuses (`emptyStatuses`) have none.
    case json(SwiftType, emptyStatuses: [Int] = [])
    /// Raw bytes (binary media types).
    case data
    /// A `multipart/form-data` (or other `multipart/…`) body read into the schema's type, a property per part.
    case multipart(SwiftType, parts: [BodyDecl.PartEncoding])
    /// An `application/x-www-form-urlencoded` body read into the schema's type.
    case form(SwiftType, parts: [BodyDecl.PartEncoding])
    /// Text (`text/plain` and other text without a schema).
    case text
    /// No body.
    case none
    /// Server-sent events whose `data` decodes as the type (`text/event-stream` with a JSON schema).
    case events(SwiftType)
    /// Server-sent events as text (`text/event-stream` without a JSON schema).
    case rawEvents
    /// JSON values one after another: JSON Lines / NDJSON, or RFC 7464 JSON text sequences.
    case jsonLines(SwiftType, recordSeparator: Bool)
    /// The body's bytes as they arrive.
    case bytes

    var returnType: String {
        switch self {
        case .json(let type, let emptyStatuses): type.spelling + (emptyStatuses.isEmpty ? "" : "?")
        case .data: "Data"
        case .multipart(let type, _), .form(let type, _): type.spelling
        case .text: "String"
        case .none: "Void"
        case .events(let type): "EventStream<\(type.spelling)>"
        case .rawEvents: "ServerSentEvents"
        case .jsonLines(let type, _): "JSONLinesStream<\(type.spelling)>"
        case .bytes: "MessageBody"
        }
    }

    /// The type of the value, without the `?` of a JSON result that other statuses leave empty.
    var valueType: String {
        if case .json(let type, _) = self { return type.spelling }
        return returnType
    }

    /// Whether the body is read as it arrives rather than whole.
    var isStream: Bool {
        switch self {
        case .events, .rawEvents, .jsonLines, .bytes: true
        default: false
        }
    }

    /// How a stream arrives, for doc comments.
    var streamDescription: String {
        switch self {
        case .events, .rawEvents: "server-sent events"
        case .jsonLines: "one JSON value at a time"
        default: "the bytes as they come"
        }
    }

    /// Whether the request says it accepts `text/event-stream` (servers that offer events and JSON choose by it).
    var asksForEvents: Bool {
        switch self {
        case .events, .rawEvents: true
        default: false
        }
    }
}
