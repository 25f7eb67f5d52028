extension SwiftRenderer {
    var protocolName: String { api.clientName + "Protocol" }

    // MARK: Operations

    func renderOperationsNamespace(_ w: inout CodeWriter) {
        w.doc(["The inputs of the operations: one struct per operation with its parameters and body."])
        w.line("\(access)enum Operations {}")
        w.line()
    }

    /// The input struct of an operation, for a writer inside `extension Operations`.
    func renderOperationInput(_ operation: OperationDecl, _ w: inout CodeWriter) {
        let owner = operation.receiver == nil ? api.clientName : receiversProtocolName
        w.doc("The input of ``", owner, "/", Naming.bare(operation.methodName), "(_:)``.")
        w.block(access, "struct ", operation.inputName, ": Sendable") { w in
            let members = inputMembers(operation)
            for member in members {
                w.doc(member.doc)
                w.line(access, "var ", member.name, ": ", member.type, member.isOptional ? "?" : "")
            }
            w.doc("Creates the input from its parameters (optional ones default to `nil`).")
            w.block(writingHeader: { w in
                w.write(access, "init(")
                Self.writeParameters(members, &w)
                w.write(")")
            }) { w in
                for member in members { w.line("self.", Naming.bare(member.name), " = ", member.name) }
            }
            for nested in operation.nested {
                w.line()
                render(nested, &w)
            }
            if !operation.representations.isEmpty {
                w.line()
                renderRepresentationTypes(operation, &w)
            }
        }
    }

    struct InputMember {
        var name: String
        /// The type, without the `?` of an optional member.
        var type: String
        /// Whether the member is optional (its parameter defaults to `nil`).
        var isOptional: Bool
        var doc: [String]
    }

    func inputMembers(_ operation: OperationDecl) -> [InputMember] {
        var members = operation.parameters.map { parameter in
            InputMember(name: parameter.name, type: parameter.type.spelling, isOptional: !parameter.required,
                        doc: parameter.doc)
        }
        if let body = operation.body {
            members.append(InputMember(name: "body", type: body.type.spelling, isOptional: !body.required,
                                       doc: body.doc))
        }
        return members
    }

    /// Writes the members as a parameter list, `name: Type, other: Other? = nil` (optional ones default to nil).
    static func writeParameters(_ members: [InputMember], _ w: inout CodeWriter) {
        for (index, member) in members.enumerated() {
            if index > 0 { w.write(", ") }
            w.write(member.name, ": ", member.type, member.isOptional ? "? = nil" : "")
        }
    }

    // MARK: Client

    typealias Method = MethodDecl

    /// Every method (``TranslatedAPI/methods``).
    var methods: [Method] { api.methods }

    /// The protocol: one requirement per method (``methods``).
    func renderProtocol(_ methods: [Method], _ w: inout CodeWriter) {
        w.doc(["The operations of \(api.title). Conform to swap the client (``Mock\(api.clientName)`` does)."])
        w.block("\(access)protocol \(protocolName): Sendable") { w in
            for method in methods {
                writeMethodDoc(method, flattened: false, &w)
                w.line("func ", method.name, "(_ input: ", inputPrefix, method.operation.inputName,
                       ") async throws -> ", method.success.returnType)
                if !method.isStreamVariant && !method.operation.representations.isEmpty {
                    renderNegotiatedRequirement(method.operation, &w)
                }
            }
        }
        w.line()
    }

    /// The methods of the protocol's extension for one operation method, which take the input's members as
    /// arguments (for a writer inside `extension <Client>Protocol`).
    func renderFlattenedMethods(_ method: Method, _ w: inout CodeWriter) {
        let operation = method.operation
        let members = inputMembers(operation)
        writeMethodDoc(method, flattened: true, &w)
        if let message = operation.deprecation {
            w.line("@available(*, deprecated, message: \(Naming.literal(message)))")
        }
        renderFlattened(method, members: members, &w)
        if operation.hasInMemoryBodyOverload {
            w.line()
            w.doc(["Sends the body from memory; the overload that takes a `BinaryFile` can also stream it from "
                   + "a file or an async sequence."])
            if let message = operation.deprecation {
                w.line("@available(*, deprecated, message: \(Naming.literal(message)))")
            }
            let bytes = members.map { member in
                member.name == "body" ? InputMember(name: "body", type: "Data", isOptional: false, doc: member.doc)
                    : member
            }
            renderFlattened(method, members: bytes, &w, argument: { $0 == "body" ? "BinaryFile(body)" : nil })
        }
        w.line()
        if !method.isStreamVariant && !operation.representations.isEmpty {
            renderNegotiatedExtensionMethods(operation, members: members, &w)
        }
    }

    /// The client's declaration: its storage and initializer (its methods are extensions, see
    /// ``renderClientMethod(_:_:)``).
    func renderClientDeclaration(_ w: inout CodeWriter) {
        w.doc(["A client for \(api.title) over HTTP: every call goes through ``core`` "
               + "(authentication, middlewares, transport)."])
        w.block("\(access)struct \(api.clientName): \(protocolName), GeneratedClient") { w in
            w.doc(["The transport, middlewares and credentials that calls go through."])
            w.line("\(access)var core: ClientCore")
            w.line()
            w.doc([
                "Creates a client.",
                "- Parameters:",
                "  - serverURL: The server to call.",
                "  - authentication: The credential added to requests that need one (`authenticated(with:)` adds "
                    + "more).",
                "  - transport: How requests are sent (default: `URLSession`).",
                "  - middlewares: Called in order around every request.",
            ])
            let serverDefault = api.servers.first.map { " = \(qualified("Servers")).\($0.name)" } ?? ""
            let initParameters = "serverURL: URL\(serverDefault), authentication: Authentication? = nil, "
                + "transport: any ClientTransport = URLSessionTransport(), middlewares: [any ClientMiddleware] = []"
            w.block("\(access)init(\(initParameters))") { w in
                w.line("core = ClientCore(serverURL: serverURL, transport: transport, middlewares: middlewares, "
                       + "authentication: authentication)")
            }
        }
        w.line()
    }

    /// One method of the client (for a writer inside `extension <Client>`).
    func renderClientMethod(_ method: Method, _ w: inout CodeWriter) {
        let operation = method.operation
        // A streaming variant that is none of the media types (the bytes of a binary one as they arrive) sends its
        // request itself.
        if operation.representations.contains(where: { method.isStreamVariant ? $0.isStream : $0.isPlain }) {
            if !method.isStreamVariant {
                renderNegotiatedClientMethod(operation, errorBody: errorBodyClosure(operation), &w)
                w.line()
            }
            renderUnwrappingClientMethod(method, &w)
        } else {
            renderMethod(operation, name: method.name, success: method.success, &w)
        }
        w.line()
    }

    /// A method of the protocol's extension that takes the input's members as arguments and calls the method that
    /// takes the input; `argument` can pass a member as another expression than its name.
    private func renderFlattened(_ method: Method, members: [InputMember], _ w: inout CodeWriter,
                                 argument: (String) -> String? = { _ in nil }) {
        w.block(writingHeader: { w in
            w.write(access, "func ", method.name, "(")
            Self.writeParameters(members, &w)
            w.write(") async throws -> ", method.success.returnType)
        }) { w in
            // A parameter named like the method would shadow it: call through `self` then.
            let methodName = Naming.bare(method.name)
            let shadowed = members.contains { Naming.bare($0.name) == methodName }
            w.line { w in
                w.write("try await ", shadowed ? "self." : "", method.name, "(", qualified("Operations"), ".",
                        method.operation.inputName, "(")
                for (index, member) in members.enumerated() {
                    if index > 0 { w.write(", ") }
                    w.write(Naming.bare(member.name), ": ", argument(member.name) ?? member.name)
                }
                w.write("))")
            }
        }
    }

    /// The full description goes on the flattened method people call; the protocol requirement keeps the summary
    /// and where it was generated from. Paragraphs are separated by a blank line.
    private func writeMethodDoc(_ method: Method, flattened: Bool, _ w: inout CodeWriter) {
        let operation = method.operation
        // Whether a paragraph was written (the next one starts with a blank line).
        var wrote = false
        if method.isStreamVariant {
            w.doc("The response of ``", api.clientName, "/", Naming.bare(operation.methodName),
                  "(_:)`` as it arrives (", method.success.streamDescription, ").")
            wrote = true
        }
        let doc = flattened ? operation.doc[...] : operation.doc.prefix { !$0.isEmpty }
        if !doc.isEmpty {
            if wrote { w.doc("") }
            for line in doc { w.doc(line) }
            wrote = true
        }
        if flattened {
            let members = inputMembers(operation)
            if !members.isEmpty {
                if wrote { w.doc("") }
                w.doc("- Parameters:")
                for member in members {
                    // The whole description: continuation lines indented under the item (blank ones kept blank).
                    let text = member.doc.drop { $0.isEmpty }
                    if let first = text.first {
                        w.doc("  - ", Naming.bare(member.name), ": ", first)
                    } else {
                        w.doc("  - ", Naming.bare(member.name), ":")
                    }
                    for line in text.dropFirst() {
                        if line.isEmpty { w.doc("") } else { w.doc("    ", line) }
                    }
                }
                wrote = true
            }
        }
        if wrote { w.doc("") }
        if flattened {
            w.doc("- Remark: HTTP `", operation.httpMethod, " ", operation.path, "`.")
            return
        }
        let pointer = operation.path.replacingText("~", with: "~0").replacingText("/", with: "~1")
        w.doc("- Remark: HTTP `", operation.httpMethod, " ", operation.path, "`, generated from `#/paths/", pointer,
              "/", operation.httpMethod.lowercased(), "` (`", operation.operationID, "`).")
    }

    /// A client method: builds the request from the input, sends it, returns `success`.
    private func renderMethod(_ operation: OperationDecl, name: String, success: SuccessDecl, _ w: inout CodeWriter) {
        w.line(access, "func ", name, "(_ input: ", inputPrefix, operation.inputName, ") async throws -> ",
               success.returnType, " {")
        renderRequest(operation, mutable: success.asksForEvents, &w)
        renderResponse(operation, success: success, &w)
        w.line("}")
    }

    /// The statements that make `request` from the input: path, parameters and body. `mutable` keeps it a `var`
    /// for statements that follow.
    func renderRequest(_ operation: OperationDecl, mutable: Bool, _ w: inout CodeWriter) {
        // A path parameter in a style of its own is written by the request (for errors it names the operation), so
        // the request is made first and its path filled in after.
        let pathIsStyled = operation.parameters.contains { $0.location == .path && $0.serialization != .text }
        // The template's own text is escaped for the literal; the interpolations that fill it are code.
        var path = Naming.escaped(operation.path)
        for parameter in operation.parameters where parameter.location == .path {
            let value = "input.\(Naming.bare(parameter.name))"
            let name = Naming.literal(parameter.wireName)
            let text = switch parameter.serialization {
            case .text: "ClientRequest.pathComponent(\(value))"
            case .styled(let style):
                "try request.pathParameter(\(name), \(value), style: .\(style), explode: \(parameter.explode))"
            case .json: "try request.pathParameter(\(name), json: \(value))"
            }
            path = path.replacingText("{\(Naming.escaped(parameter.wireName))}", with: "\\(\(text))")
        }
        let pathLiteral = "\"" + path + "\""
        let auth = Self.authenticationArguments(operation, schemes: api.authSchemes.count)
        let hasParts = operation.parameters.contains { $0.location != .path } || operation.body != nil || pathIsStyled
            || mutable
        let initialPath = pathIsStyled ? "\"\"" : pathLiteral
        w.line("    ", hasParts ? "var" : "let", " request = ClientRequest(method: \"", operation.httpMethod,
               "\", path: ", initialPath, ", operationID: \"", Naming.escaped(operation.operationID), "\"", auth, ")")
        if pathIsStyled { w.line("    request.path = ", pathLiteral) }
        for parameter in operation.parameters where parameter.location != .path {
            w.line("    ", Self.parameterCall(parameter))
        }
        if let body = operation.body {
            let value = body.required ? "input.body" : "body"
            if body.representations.count == 1 {
                let setter = Self.bodySetter(body.representations[0], value: value)
                w.line(body.required ? "    \(setter)" : "    if let body = input.body { \(setter) }")
            } else {
                w.line(body.required ? "    switch input.body {" : "    if let body = input.body {")
                if !body.required { w.line("        switch body {") }
                let indent = body.required ? "    " : "        "
                for representation in body.representations {
                    w.line("\(indent)case .\(representation.caseName)(let value): "
                           + Self.bodySetter(representation, value: "value"))
                }
                w.line("\(indent)}")
                if !body.required { w.line("    }") }
            }
        }
    }

    /// The statements that send `request` and return `success`.
    private func renderResponse(_ operation: OperationDecl, success: SuccessDecl, _ w: inout CodeWriter) {
        let errorBody = errorBodyClosure(operation)
        let streamed = "try await core.performStream(request\(errorBody))"
        switch success {
        case .json(let type, let emptyStatuses) where !emptyStatuses.isEmpty:
            w.line("    let response = try await core.performRaw(request\(errorBody))")
            let statuses = emptyStatuses.map(String.init).joined(separator: ", ")
            let test = emptyStatuses.count == 1 ? "response.status == \(statuses)"
                                                : "[\(statuses)].contains(response.status)"
            w.line("    if \(test) { return nil }")
            w.line("    return try core.decode(\(type.spelling).self, from: response, "
                   + "operationID: request.operationID)")
        case .json(let type, _):
            w.line("    return try await core.perform(request, decoding: ", type.spelling, ".self", errorBody, ")")
        case .text:
            w.line("    return String(decoding: try await core.performData(request\(errorBody)), as: UTF8.self)")
        case .data:
            w.line("    return try await core.performData(request\(errorBody))")
        case .multipart(let type, let parts):
            w.line("    return try await core.multipart(\(type.spelling).self, "
                   + "of: core.performRaw(request\(errorBody)), encoding: \(Self.partEncodings(parts)), "
                   + "operationID: request.operationID)")
        case .form(let type, let parts):
            w.line("    return try await core.form(\(type.spelling).self, of: core.performRaw(request\(errorBody)), "
                   + "encoding: \(Self.partEncodings(parts)), operationID: request.operationID)")
        case .none:
            w.line("    _ = try await core.performRaw(request", errorBody, ")")
        case .events(let type):
            w.line("    request.setHeader(\"Accept\", \"text/event-stream\")")
            w.line("    return EventStream<\(type.spelling)>(\(streamed), operationID: request.operationID)")
        case .rawEvents:
            w.line("    request.setHeader(\"Accept\", \"text/event-stream\")")
            w.line("    return ServerSentEvents(\(streamed))")
        case .jsonLines(let type, let recordSeparator):
            let framing = recordSeparator ? ", framing: .recordSeparator" : ""
            w.line("    return JSONLinesStream<\(type.spelling)>(\(streamed), "
                   + "operationID: request.operationID\(framing))")
        case .bytes:
            w.line("    return \(streamed)")
        }
    }

    /// The request's arguments about credentials: `requiresAuthentication: false` when no alternative of its
    /// requirement names a scheme (`security: []`), and the requirement itself when the document has several schemes
    /// to choose among (with one, every credential of the client is that scheme's).
    static func authenticationArguments(_ operation: OperationDecl, schemes: Int) -> String {
        guard operation.security.contains(where: { !$0.isEmpty }) else { return ", requiresAuthentication: false" }
        guard schemes > 1 else { return "" }
        let alternatives = operation.security.map { names in
            "[" + names.map(Naming.literal).joined(separator: ", ") + "]"
        }
        return ", security: [" + alternatives.joined(separator: ", ") + "]"
    }

    /// The statement that sets `value` as the request body in one representation.
    static func bodySetter(_ representation: BodyDecl.Representation, value: String) -> String {
        let contentType = Naming.literal(representation.sentContentType)
        switch representation.encoding {
        case .json:
            return "try request.setJSONBody(\(value), contentType: \(contentType))"
        case .form: return "try request.setFormBody(\(value), encoding: \(partEncodings(representation.parts)))"
        case .multipart:
            return "try request.setMultipartBody(\(value), encoding: \(partEncodings(representation.parts)))"
        case .binary: return "request.setBody(\(value), contentType: \(contentType))"
        case .text: return "request.setBody(Data(\(value).utf8), contentType: \(contentType))"
        }
    }

    /// A `[String: BodyPartEncoding]` literal.
    static func partEncodings(_ parts: [BodyDecl.PartEncoding]) -> String {
        guard !parts.isEmpty else { return "[:]" }
        let entries = parts.map { part in
            var arguments: [String] = []
            if let contentType = part.contentType { arguments.append("contentType: \(Naming.literal(contentType))") }
            if let style = part.style { arguments.append("style: .\(style)") }
            if let explode = part.explode { arguments.append("explode: \(explode)") }
            return "\(Naming.literal(part.property)): .init(\(arguments.joined(separator: ", ")))"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    /// The statement that adds a query, header or cookie parameter to `request`.
    static func parameterCall(_ parameter: ParameterDecl) -> String {
        let value = "input.\(Naming.bare(parameter.name))"
        let name = Naming.literal(parameter.wireName)
        let method = switch parameter.location {
        case .header: "addHeader"
        case .cookie: "addCookie"
        case .query, .path: "addQuery"
        }
        switch parameter.serialization {
        case .text:
            if parameter.isArray && parameter.location == .query {
                return "request.addQuery(\(name), \(value), explode: \(parameter.explode))"
            }
            return "request.\(method)(\(name), \(value))"
        case .styled(let style):
            let styleArgument = parameter.location == .query ? " style: .\(style)," : ""
            return "try request.\(method)(\(name), \(value),\(styleArgument) explode: \(parameter.explode))"
        case .json:
            return "try request.\(method)(\(name), json: \(value))"
        }
    }

    /// The `errorBody:` argument: decodes the body of each documented error status into its type, thrown as an
    /// `APIError`; a `default` body is decoded too but thrown as `ClientError.http`, as any status the document does
    /// not name.
    func errorBodyClosure(_ operation: OperationDecl) -> String {
        switch operation.errorBodies {
        case .none:
            return ""
        case .uniform(let type):
            return ", errorBody: { ClientCore.decodeErrorBody(\(type.spelling).self, $1) }"
        case .defaultOnly(let type):
            return ", errorBody: { ClientCore.decodeDefaultErrorBody(\(type.spelling).self, $1) }"
        case .byStatus(let groups, let fallback):
            let cases = groups.map { group in
                let patterns = group.statuses.map { status in
                    switch status {
                    case .range(let digit): "\(digit * 100)...\(digit * 100 + 99)"
                    case .code(let code): String(code)
                    case .default: "_"
                    }
                }
                return "case \(patterns.joined(separator: ", ")): "
                    + "ClientCore.decodeErrorBody(\(group.type.spelling).self, $1)"
            }
            let last = fallback.map { "ClientCore.decodeDefaultErrorBody(\($0.spelling).self, $1)" } ?? "nil"
            return ", errorBody: { switch $0 { \((cases + ["default: \(last)"]).joined(separator: "; ")) } }"
        }
    }

    // MARK: Mock

    var mockName: String { "Mock" + api.clientName }

    /// The mock's declaration: one handler per method, all throwing until set (its methods are extensions, see
    /// ``renderMockMethod(_:_:)``); `methods` are ``methods``.
    func renderMockDeclaration(_ methods: [Method], _ w: inout CodeWriter) {
        w.doc([
            "A stand-in for ``\(api.clientName)`` in tests and previews: set a handler per operation.",
            "Operations without a handler throw `MockClientError.notImplemented`.",
        ])
        w.block("\(access)struct \(mockName): \(protocolName)") { w in
            // Each handler's default is its declaration's initial value rather than an assignment in `init()`: the
            // compiler's initialization check of an `init` that assigns every one of hundreds of stored properties
            // takes time that grows with the square of their number (15 s for 666 handlers).
            for method in methods {
                let bare = Naming.bare(method.name)
                w.doc("Answers ``", api.clientName, "/", bare, "(_:)``.")
                w.line(access, "var ", bare, "Handler: @Sendable (", inputPrefix, method.operation.inputName,
                       ") async throws -> ", method.success.returnType,
                       " = { _ in throw MockClientError.notImplemented(operationID: \"",
                       Naming.escaped(method.operation.operationID), "\") }")
                if !method.isStreamVariant && !method.operation.representations.isEmpty {
                    renderNegotiatedMockHandler(method.operation, &w)
                }
            }
            w.line()
            w.doc(["Creates a mock whose operations all throw until given a handler."])
            w.line("\(access)init() {}")
        }
        w.line()
    }

    /// One method of the mock, which calls its handler (for a writer inside `extension Mock<Client>`).
    func renderMockMethod(_ method: Method, _ w: inout CodeWriter) {
        w.line(access, "func ", method.name, "(_ input: ", inputPrefix, method.operation.inputName,
               ") async throws -> ", method.success.returnType, " { try await ", Naming.bare(method.name),
               "Handler(input) }")
        if !method.isStreamVariant && !method.operation.representations.isEmpty {
            renderNegotiatedMockMethod(method.operation, &w)
        }
    }
}
