import Foundation
import RaspGenerator
@_spi(Generated) import RaspRuntime

/// What the mock checks in a request before answering, as the real service would: the credential the operation's
/// `security` requires (401 without it), the required parameters and body, and the parameters and JSON body against
/// their schemas (400 when one is missing or invalid, 415 for a body in a media type the operation does not take),
/// and that a request answered `101 Switching Protocols` asks for an upgrade (400 when it does not).
///
/// A refusal is answered as the document describes it: with its status when the operation documents it, else with
/// another client error it documents (a `4XX`, another 4xx code, `default`), and with a body valid under that
/// response's schema; a problem (RFC 9457) only when nothing is documented, in the JSON media type the operation
/// answers in (`application/problem+json` when it answers in none).
struct RequestCheck: Sendable {
    private let operation: RaspGenerator.Operation
    private let alternatives: [[SecurityScheme]]
    private let document: OpenAPIDocument
    private let values: SchemaValues
    /// The required parameters a request must carry (not an exploded object in form style, which has no item of
    /// its own and none at all without properties set).
    private let required: [Parameter]
    /// The parameters a request is checked for (``checked(_:)``).
    private let parameters: [Parameter]
    private let credential: String?

    init(_ operation: RaspGenerator.Operation, document: OpenAPIDocument, values: SchemaValues,
         credential: String?) {
        self.operation = operation
        self.credential = credential
        self.document = document
        self.values = values
        let requirement = operation.security ?? document.security
        // An empty alternative needs no credential; a scheme the document does not declare cannot be checked.
        if requirement.isEmpty || requirement.contains([]) {
            alternatives = []
        } else {
            alternatives = requirement.map { names in
                names.compactMap { name in document.securitySchemes.first { $0.name == name } }
            }
        }
        parameters = Self.checked(operation.parameters)
        required = parameters.filter { parameter in
            guard parameter.required, parameter.location != .path else { return false }
            let schema = document.dereferenced(parameter.schema)
            let isObject = schema.types.contains(.object) || !schema.properties.isEmpty
            return !(parameter.style == .form && parameter.explode && isObject)
        }
    }

    /// The response that refuses the request, or nil when it may be answered.
    func refusal(_ request: ServerRequest) -> ServerResponse? {
        if !alternatives.isEmpty, !alternatives.contains(where: { $0.allSatisfy { carries(request, $0) } }) {
            var response = answer([401, 403], detail: "the request carries no credential this operation accepts",
                                  exactly: true)
            response.headers[.wwwAuthenticate] = Self.challenge(alternatives.first ?? [])
            return response
        }
        for parameter in required where !Self.carries(request, parameter) {
            return answer([400], detail: "\(parameter.location) parameter '\(parameter.name)' is required")
        }
        // An empty body with a media type is a body (an empty file, an empty string).
        if operation.requestBody?.required == true, !request.hasBody, request.contentType == nil {
            return answer([400], detail: "the request body is required")
        }
        let validator = SchemaValidator(document: document, isResponse: false)
        for parameter in parameters {
            guard let readings = Self.readings(of: parameter, in: request, document: document, validator: validator),
                  !readings.contains(where: { validator.validates($0, parameter.schema) }) else { continue }
            return answer([400], detail: "\(parameter.location) parameter '\(parameter.name)' is not valid")
        }
        return bodyRefusal(request, validator: validator) ?? refusalWithoutUpgrade(request)
    }

    /// For an operation whose success is `101 Switching Protocols` (it documents no 2xx), the refusal of a request
    /// that does not ask for an upgrade in `Upgrade`, which a server switches only for (RFC 9110, 15.2.2; Docker's
    /// `/session` answers 400 "no upgrade h2c header found"); nil for a request that asks, or another operation.
    private func refusalWithoutUpgrade(_ request: ServerRequest) -> ServerResponse? {
        guard operation.success.status == 101, request.header("Upgrade") == nil else { return nil }
        return answer([400], detail: "the request asks for no protocol upgrade")
    }

    /// The documented answer for a refusal: the first of `statuses` the operation documents (or its range), else,
    /// unless `exactly`, another client error it documents (422, else one of ``sayTheRequestIsWrong``), else the
    /// first of `statuses` with the `default` response; with a body valid under that response's schema; never a 5xx,
    /// which would say the server failed.
    /// A request without its credential is always answered 401 or 403: what the document does not say about it, the
    /// real service does.
    private func answer(_ statuses: [Int], detail: String, exactly: Bool = false) -> ServerResponse {
        let responses = operation.responses
        let exact = statuses.lazy.compactMap { status in
            responses.first { $0.status == .code(status) }.map { (status, $0) }
        }.first
        let ranged = exact ?? statuses.lazy.compactMap { status in
            responses.first { $0.status == .range(status / 100) }.map { (status, $0) }
        }.first
        var chosen = ranged
        if chosen == nil, !exactly {
            let codes = responses.compactMap { response in response.status.code.map { ($0, response) } }
            chosen = codes.first { $0.0 == 422 } ?? codes.first { Self.sayTheRequestIsWrong.contains($0.0) }
        }
        // `default` describes every status the operation does not list: the refusal's own among them.
        chosen = chosen ?? responses.first { $0.status == .default }.map { (statuses[0], $0) }
        guard let (status, response) = chosen else {
            let title = statuses[0] == 401 ? "Unauthorized" : statuses[0] == 415 ? "Unsupported Media Type"
                : "Bad Request"
            var problem = ServerProblem(status: statuses[0], title: title, detail: detail).response
            // The problem is JSON: it goes in the JSON media type the operation answers in, when it documents one
            // and not the problem type itself.
            let documented = responses.flatMap(\.content).filter(\.carriesJSON).map(\.contentType.base)
                + responses.flatMap(\.producedTypes).map(ContentType.init).filter { $0.category == .json }.map(\.base)
            if let json = documented.first, !documented.contains("application/problem+json") {
                problem.headers[.contentType] = json
            }
            return problem
        }
        let media = response.content.first { $0.carriesJSON } ?? response.content.first
        var answer = SpecMock.response(status: status, media: media, values: values)
        if media == nil, let produced = response.producedTypes.first { answer.headers[.contentType] = produced }
        return answer
    }

    /// The parameters a request is checked for: header parameters named `Accept`, `Content-Type` or `Authorization`
    /// are left out, as OpenAPI says they are ignored (the media types and the security scheme decide those fields).
    private static func checked(_ parameters: [Parameter]) -> [Parameter] {
        parameters.filter { parameter in
            parameter.location != .header
                || !["accept", "content-type", "authorization"].contains(parameter.name.lowercased())
        }
    }

    /// The client errors that say what was wrong with a request, besides 400 and 422: a documented one may answer
    /// a request that breaks the document. Not a credential's, a rate limit's, a missing or gone resource's, which
    /// would say something else went wrong.
    private static let sayTheRequestIsWrong: Set<Int> = [400, 405, 406, 409, 412, 413, 414, 415, 428, 431]

    private func bodyRefusal(_ request: ServerRequest, validator: SchemaValidator) -> ServerResponse? {
        // An empty body sent as a form is an empty form, which may lack required fields.
        let emptyForm = request.contentType == "application/x-www-form-urlencoded"
        guard let body = operation.requestBody, !body.content.isEmpty, request.hasBody || emptyForm else { return nil }
        guard let type = request.contentType else { return answer([400], detail: "the body has no Content-Type") }
        // A text type a Swagger 2.0 operation consumes beside JSON carries the same JSON text.
        let media = body.content.first { Self.type(type, isIn: $0.contentType) }
            ?? (body.jsonTextTypes.contains { Self.type(type, isIn: ContentType($0)) }
                ? body.content.first { $0.carriesJSON } : nil)
        guard let media else {
            return answer([415, 400], detail: "this operation takes no \(type) body")
        }
        if media.contentType.category == .form, let schema = media.schema {
            let valid = Self.formIsValid(request.textBody(), schema: document.dereferenced(schema), document: document,
                                         validator: validator)
            return valid ? nil : answer([400], detail: "the form does not match its schema")
        }
        if media.contentType.base == "multipart/form-data", let schema = media.schema {
            guard let parts = request.multipartParts() else {
                return answer([400], detail: "the body is not multipart framed by its boundary")
            }
            let valid = Self.multipartIsValid(parts, schema: document.dereferenced(schema), media: media,
                                              document: document, validator: validator)
            return valid ? nil : answer([400], detail: "the multipart body does not match its schema")
        }
        guard media.carriesJSON, let schema = media.schema else { return nil }
        guard let value = try? JSONCoding.decode(JSONValue.self, from: request.bodyData) else {
            return answer([400], detail: "the body is no JSON")
        }
        return validator.validates(value, schema) ? nil : answer([400], detail: "the body does not match its schema")
    }

    /// Whether a media type (``/RaspRuntime/ServerRequest/contentType``: no parameters, lower case) is the
    /// documented one, or in its range (`image/*`, `*/*`).
    private static func type(_ base: String, isIn documented: ContentType) -> Bool {
        guard documented.isRange else { return base == documented.base }
        let range = documented.base.split(separator: "/")
        let parts = base.split(separator: "/")
        return parts.count == 2 && range.count == 2 && (range[0] == "*" || range[0] == parts[0])
            && (range[1] == "*" || range[1] == parts[1])
    }

    /// Whether the request has a parameter (for a query, also as the items of an exploded object or deepObject).
    private static func carries(_ request: ServerRequest, _ parameter: Parameter) -> Bool {
        let name = parameter.name
        return switch parameter.location {
        case .query: request.query.contains { $0.name == name || $0.name.hasPrefix(name + "[") }
        case .header: request.header(name) != nil
        case .cookie: request.cookies.contains { $0.name == name }
        case .path: true
        }
    }

    /// Whether the request carries a credential of `scheme`: ``credential`` when one is set, else any.
    private func carries(_ request: ServerRequest, _ scheme: SecurityScheme) -> Bool {
        let given: String?
        switch scheme.kind {
        case .apiKey:
            guard let name = scheme.parameterName else { return true }
            given = switch scheme.location {
            case .query?: request.query.first { $0.name == name }?.value
            case .cookie?: request.cookies.first { $0.name == name }?.value
            default: request.header(name)
            }
        case .http, .oauth2, .openIdConnect:
            let expected = scheme.kind == .http ? scheme.parameterName?.lowercased() ?? "" : "bearer"
            guard let authorization = request.header("Authorization"),
                  let space = authorization.firstIndex(of: " ") else { return false }
            let kind = authorization[..<space].lowercased()
            guard expected.isEmpty || kind == expected else { return false }
            let value = authorization[authorization.index(after: space)...].trimmingCharacters(in: .whitespaces)
            // Basic carries `user:password`: the password is the credential.
            if kind == "basic" {
                guard let decoded = Data(base64Encoded: value).map({ String(decoding: $0, as: UTF8.self) }),
                      let colon = decoded.firstIndex(of: ":") else { return false }
                given = String(decoded[decoded.index(after: colon)...])
            } else {
                given = value
            }
        case .mutualTLS:
            return true
        }
        guard let given, !given.isEmpty else { return false }
        return credential.map { $0 == given } ?? true
    }

    /// The `WWW-Authenticate` challenge for a requirement: its first scheme's.
    private static func challenge(_ schemes: [SecurityScheme]) -> String {
        guard let scheme = schemes.first else { return "Bearer" }
        switch scheme.kind {
        case .http: return (scheme.parameterName ?? "Bearer").capitalized
        case .apiKey: return "ApiKey name=\"\(scheme.parameterName ?? "")\""
        default: return "Bearer"
        }
    }

    /// A parameter's value in the request as the JSON values its schema may describe (text read as a number,
    /// boolean or list where the schema says so; for a union, as each variant reads it); nil when the request does
    /// not have it or its schema is an object. The parameter is valid when one of them is.
    private static func readings(of parameter: Parameter, in request: ServerRequest, document: OpenAPIDocument,
                                 validator: SchemaValidator) -> [JSONValue]? {
        let texts: [String]
        switch parameter.location {
        // A path segment arrives percent-encoded.
        case .path:
            texts = request.pathParameters[parameter.name].map { [$0.removingPercentEncoding ?? $0] } ?? []
        case .query: texts = request.query.filter { $0.name == parameter.name }.map(\.value)
        case .header: texts = request.header(parameter.name).map { [$0] } ?? []
        case .cookie: texts = request.cookies.filter { $0.name == parameter.name }.map(\.value)
        }
        guard !texts.isEmpty else { return nil }
        if parameter.contentType != nil {
            return (try? JSONCoding.decode(JSONValue.self, from: Data(texts[0].utf8))).map { [$0] }
        }
        let schema = document.dereferenced(parameter.schema)
        if schema.types.contains(.array) || (schema.types.isEmpty && schema.items != nil) {
            let items = document.dereferenced(schema.items ?? Schema(mark: schema.mark))
            let separator: Character = switch parameter.style {
            case .spaceDelimited: " "
            case .pipeDelimited: "|"
            default: ","
            }
            // One empty item of a list that is not exploded is the empty list.
            if texts == [""], !(parameter.explode && parameter.location == .query) { return [.array([])] }
            let parts = texts.count > 1 || parameter.explode && parameter.location == .query
                ? texts : texts[0].split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            return [.array(parts.map { part in
                chosen(scalarReadings(part, items, document: document), under: items, validator: validator)
            })]
        }
        guard !schema.types.contains(.object), schema.properties.isEmpty else { return nil }
        return scalarReadings(texts[0], schema, document: document)
    }

    /// The first of an item's readings that its schema takes, else its first.
    private static func chosen(_ readings: [JSONValue], under schema: Schema, validator: SchemaValidator) -> JSONValue {
        readings.first { validator.validates($0, schema) } ?? readings[0]
    }

    /// The values a parameter's text may stand for under `schema`: as its type reads it, and for a union as each
    /// variant reads it (`false` under `anyOf: [{type: boolean}, {type: string}]` may be either).
    private static func scalarReadings(_ text: String, _ schema: Schema, document: OpenAPIDocument) -> [JSONValue] {
        var readings = [scalar(text, schema)]
        for variant in (schema.oneOf + schema.anyOf).map({ document.dereferenced($0) })
        where variant.types.contains(where: { $0 != .string }) {
            readings.append(scalar(text, variant))
        }
        return readings
    }

    /// Whether an `application/x-www-form-urlencoded` body has its schema's required fields (a nested object's as
    /// bracketed keys, `card[number]`) and whether each field of a scalar or list property is valid under it, read as
    /// the property's type says (a repeated field as a list). A schema made of parts holds for every `allOf` part, for
    /// exactly one of its `oneOf` variants and for one of its `anyOf` variants at least.
    private static func formIsValid(_ text: String, schema: Schema, document: OpenAPIDocument,
                                    validator: SchemaValidator) -> Bool {
        formIsValid(ServerRequest.formItems(text), schema: schema, document: document, validator: validator, depth: 0)
    }

    private static func formIsValid(_ items: [(name: String, value: String)], schema: Schema,
                                    document: OpenAPIDocument, validator: SchemaValidator, depth: Int) -> Bool {
        // A chain of parts deeper than this (a recursive schema) is taken as valid.
        guard depth < 16 else { return true }
        func holds(_ part: Schema) -> Bool {
            formIsValid(items, schema: document.dereferenced(part), document: document, validator: validator,
                        depth: depth + 1)
        }
        guard schema.allOf.allSatisfy(holds), schema.anyOf.isEmpty || schema.anyOf.contains(where: holds),
              schema.oneOf.isEmpty || schema.oneOf.filter(holds).count == 1 else { return false }
        for name in schema.required where !items.contains(where: { carries($0.name, name) }) {
            let property = schema.properties.first { $0.name == name }.map { document.dereferenced($0.schema) }
            if property?.readOnly != true { return false }
        }
        for property in schema.properties {
            let texts = items.filter { $0.name == property.name }.map(\.value)
            guard !texts.isEmpty else { continue }
            let resolved = document.dereferenced(property.schema)
            let value: JSONValue
            if resolved.types.contains(.array) {
                let itemSchema = document.dereferenced(resolved.items ?? Schema(mark: resolved.mark))
                // One empty field is the empty list, in every style (`ids=`).
                value = texts == [""] ? .array([]) : .array(texts.map { scalar($0, itemSchema) })
            } else if resolved.types.contains(.object) || !resolved.properties.isEmpty {
                continue
            } else {
                value = scalar(texts[0], resolved)
            }
            if !validator.validates(value, property.schema) { return false }
        }
        return true
    }

    /// Whether a `multipart/form-data` body has its schema's required parts, and whether each property's parts are
    /// valid under it: a JSON part (an object's, by default) as JSON, a text part as any value its text can stand for
    /// (`false` is a boolean or a string, `{}` an object or a string), several parts of one name as a list. Files and
    /// parts of other media types (images, bytes) are not checked, nor is a property sent as bracketed parts
    /// (`card[number]`); a part of no declared property is refused where `additionalProperties` is false.
    private static func multipartIsValid(_ parts: [MultipartPart], schema: Schema, media: MediaType,
                                         document: OpenAPIDocument, validator: SchemaValidator) -> Bool {
        for name in schema.required where !parts.contains(where: { carries($0.name, name) }) {
            guard let property = schema.properties.first(where: { $0.name == name }) else { return false }
            let resolved = document.dereferenced(property.schema)
            // No part is also how an empty list is sent, where the property may be one and allows it empty.
            let emptyList = mayBeList(resolved, document: document) && validator.validates(.array([]), property.schema)
            if !resolved.readOnly && !emptyList { return false }
        }
        // A part of no declared property where the schema allows none.
        if case .allowed(false)? = schema.additionalProperties,
           parts.contains(where: { part in
               !schema.properties.contains { $0.name == String(part.name.prefix { $0 != "[" }) }
           }) {
            return false
        }
        for property in schema.properties {
            let own = parts.filter { $0.name == property.name }
            guard !own.isEmpty else { continue }
            let resolved = document.dereferenced(property.schema)
            let declared = media.encoding.first { $0.property == property.name }?.encoding.contentType
            // A part of a property that may hold a file is not read as text (OpenAI's `image`: a file or a list).
            guard !holdsFile(resolved, document: document) else { continue }
            var readings: [[JSONValue]] = []
            for part in own {
                switch partReadings(part, schema: resolved, declared: declared) {
                case .checked(let values): readings.append(values)
                case .unchecked: continue
                case .invalid: return false
                }
            }
            guard readings.count == own.count else { continue }
            // One part: any reading may be the value, a whole list among them. Several: a list, each item read as
            // the item schema takes it.
            if readings.count == 1, readings[0].contains(where: { validator.validates($0, property.schema) }) {
                continue
            }
            let items = resolved.items ?? Schema(mark: resolved.mark)
            let list = readings.map { values in chosen(values, under: items, validator: validator) }
            if !validator.validates(.array(list), property.schema) { return false }
        }
        return true
    }

    /// Whether a form field or multipart part named `field` carries `property`: itself, or a key of it in brackets
    /// (`card[number]`).
    private static func carries(_ field: String, _ property: String) -> Bool {
        field == property || field.hasPrefix(property + "[")
    }

    /// Whether a schema may be a list: an array, or a union with an array branch.
    private static func mayBeList(_ schema: Schema, document: OpenAPIDocument) -> Bool {
        schema.types.contains(.array)
            || (schema.anyOf + schema.oneOf).contains { document.dereferenced($0).types.contains(.array) }
    }

    /// Whether a schema may hold a file: `format: binary`, or a list or a union branch that may.
    private static func holdsFile(_ schema: Schema, document: OpenAPIDocument, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        if schema.format == "binary" { return true }
        let inner = schema.anyOf + schema.oneOf + (schema.items.map { [$0] } ?? [])
        return inner.contains { holdsFile(document.dereferenced($0), document: document, depth: depth + 1) }
    }

    /// What one multipart part holds for the check.
    private enum PartReadings {
        /// The values the part may stand for, one of which must be valid.
        case checked([JSONValue])
        /// A file, or a media type whose bytes are not checked.
        case unchecked
        /// JSON that does not parse.
        case invalid
    }

    /// The values one part may stand for. Its media type is the part's own `Content-Type`, else the `encoding`
    /// entry's, else JSON for an object and text otherwise.
    private static func partReadings(_ part: MultipartPart, schema: Schema, declared: String?) -> PartReadings {
        guard part.filename == nil else { return .unchecked }
        let isObject = schema.types == [.object] || schema.types.isEmpty && !schema.properties.isEmpty
        let type = (part.contentType ?? declared ?? (isObject ? "application/json" : "text/plain"))
            .prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        let isJSON = type == "application/json" || type.hasSuffix("+json")
        guard isJSON || type.hasPrefix("text/") else { return .unchecked }
        let json = try? JSONCoding.decode(JSONValue.self, from: part.body)
        if isJSON { return json.map { .checked([$0]) } ?? .invalid }
        // Bytes that are not UTF-8 are no text, whatever the part says.
        guard let text = String(data: part.body, encoding: .utf8) else { return .unchecked }
        return .checked([scalar(text, schema)] + (json.map { [$0] } ?? []) + [.string(text)])
    }

    /// Text read as the scalar its schema's type says, or as a string when it is not one (which then fails).
    private static func scalar(_ text: String, _ schema: Schema) -> JSONValue {
        let types = schema.types
        if types.contains(.integer), let number = Int(text) { return .integer(number) }
        // An integer past 64 bits, read as the number it is (its format decides whether it is allowed).
        if types.contains(.integer), let number = Double(text), number.isFinite, number.rounded() == number,
           text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
            return .number(number)
        }
        if types.contains(.number), let number = Double(text), number.isFinite { return .number(number) }
        if types.contains(.boolean), text == "true" || text == "false" { return .bool(text == "true") }
        return .string(text)
    }
}
