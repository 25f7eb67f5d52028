/// What generated code names in RaspRuntime (with its default transport, `URLSessionTransport` in RaspURLSession, and
/// the token cache, `OAuth2Tokens` in RaspMiddlewares) and Foundation, spelled in one place: the translator keeps
/// schemas from taking these names, and the renderer decides a file's imports by them.
///
/// `RuntimeSurfaceTests` generates a client that uses every one of them and type-checks it against the built
/// RaspRuntime module, so a runtime type renamed without this list (or a template) following fails a test.
enum RuntimeSurface {
    /// The runtime types a generated public declaration can name: a file that names one imports RaspRuntime at the
    /// declarations' access level.
    static let publicTypes = Set([
        "AccessTokenProvider", "Authentication", "BinaryFile", "ClientError", "ClientMiddleware", "ClientTransport",
        "EventStream", "GeneratedClient", "JSONCoding", "JSONLinesStream", "JSONObject", "JSONReadable", "JSONReader",
        "JSONValue", "JSONWritable", "JSONWriter", "LocalDate", "MessageBody", "Nullable", "NullableField", "OpenEnum",
        "QueryValue", "ServerRouter", "ServerSentEvents", "Timestamp", "URLSessionTransport",
    ]).union(companionTypes)
    /// Public runtime types that no template spells but that code around a generated client meets (its responses,
    /// events and pages): a schema must not take their names either, and a type override may name them.
    static let companionTypes: Set<String> = [
        "ClientResponse", "ClientResponseHead", "ISO8601", "PageInfo", "PageSequence",
        "ServerSentEvent", "StreamError", "TypedServerSentEvent", "UploadBody",
    ]
    /// The runtime types generated code names only in function bodies and private storage: they do not make a
    /// file's import public.
    static let bodyOnlyTypes: Set<String> = [
        "BodyPartEncoding", "ClientCore", "ClientRequest", "FieldKey", "Indirect", "JSONKeys", "MockClientError",
        "OAuth2Tokens", "OneOfDecoding", "ParameterStyle", "ServerRequestError", "ServerResponse",
    ]
    /// Every runtime type generated code names.
    static let types = publicTypes.union(bodyOnlyTypes)
    /// The Foundation types generated code names.
    static let foundationTypes: Set<String> = ["Data", "Date", "Decimal", "URL", "UUID"]
    /// The members of the runtime's `Authentication`, which the static functions a document's security schemes
    /// become must not shadow.
    static let authenticationMembers: Set<String> = [
        "apiKey", "bearer", "apply", "placement", "value", "description", "debugDescription", "customMirror",
        "Placement", "basic", "oauth2", "scheme", "tokens", "secrets", "problem",
    ]
}
