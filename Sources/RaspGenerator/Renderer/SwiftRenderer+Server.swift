extension SwiftRenderer {
    // MARK: Server

    /// The internal namespace of the route functions: `<Client>ServerRoutes`, with a `_` added while a schema's
    /// type has that name.
    var routesName: String {
        var name = api.clientName + "ServerRoutes"
        while api.types.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// `registerHandlers(on:)` on the protocol, which registers every operation's route (at the top level: an
    /// extension cannot be nested in the namespace's).
    func renderServerRegistration(_ w: inout CodeWriter) {
        w.block("extension \(qualified(protocolName))") { w in
            w.doc([
                "Registers a route per operation on `router`, each answered by this value's method: the request's",
                "parameters and body are decoded into the operation's input, the result encoded with the documented",
                "success status. Throw `ServerResponseError` from a method to answer with another status (a",
                "documented error); a parameter or body that does not decode is answered 400.",
                "",
                "- Parameter router: The routes of a server; an HTTP adapter (`RaspHummingbird`) serves them.",
            ])
            w.block("\(access)func registerHandlers(on router: inout ServerRouter)") { w in
                for operation in api.calledOperations {
                    w.line(qualified(routesName), ".", Naming.bare(operation.methodName), "(self, on: &router)")
                }
            }
        }
        w.line()
    }

    /// The namespace of the route functions (their bodies are spread over the files, see ``renderRoute(_:_:)``) and
    /// the example handler.
    func renderServerDeclarations(_ w: inout CodeWriter) {
        w.doc(["The route of each operation of ``\(protocolName)/registerHandlers(on:)``."])
        w.line("enum \(routesName) {}")
        w.line()
        w.doc([
            "Answers every operation with the bytes `answer` gives for its method and path template, decoded as",
            "the operation's result: a server for conformance tests and mocks, fed with examples (such as",
            "`RaspSpecMock`'s) rather than code.",
        ])
        w.block("\(access)struct \(exampleHandlerName): \(protocolName)") { w in
            w.doc("The body of an operation's answer, by its HTTP method and path template.")
            w.line(access, "var answer: @Sendable (_ method: String, _ path: String) async throws -> Data")
            w.line()
            w.doc("Creates a handler that answers from `answer`.")
            let answer = "answer: @escaping @Sendable (_ method: String, _ path: String) async throws -> Data"
            w.block("\(access)init(\(answer))") { w in w.line("self.answer = answer") }
        }
        w.line()
    }

    /// The name of the example handler: `<Client>ExampleHandler`, with a `_` added while a schema's type has it.
    var exampleHandlerName: String {
        var name = api.clientName + "ExampleHandler"
        while api.types.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// One method of the example handler (for a writer inside `extension <Client>ExampleHandler`).
    func renderExampleMethod(_ method: Method, _ w: inout CodeWriter) {
        let operation = method.operation
        let id = Naming.literal(operation.operationID)
        let bytes = "try await answer(\(Naming.literal(operation.httpMethod)), \(Naming.literal(operation.path)))"
        w.line(access, "func ", method.name, "(_ input: ", inputPrefix, operation.inputName, ") async throws -> ",
               method.success.returnType, " {")
        switch method.success {
        case .json(let type, _):
            w.line("    try JSONCoding.decode(", type.spelling, ".self, from: ", bytes, ")")
        case .data: w.line("    ", bytes)
        case .multipart(let type, _), .form(let type, _):
            // Examples are JSON values: an object's example reads as the type its parts or fields fill.
            w.line("    try JSONCoding.decode(", type.spelling, ".self, from: ", bytes, ")")
        case .text: w.line("    String(decoding: ", bytes, ", as: UTF8.self)")
        case .none: w.line("    _ = ", bytes)
        case .events(let type):
            w.line("    EventStream<", type.spelling, ">(MessageBody(", bytes, "), operationID: ", id, ")")
        case .rawEvents: w.line("    ServerSentEvents(MessageBody(", bytes, "))")
        case .jsonLines(let type, let recordSeparator):
            w.line("    JSONLinesStream<", type.spelling, ">(MessageBody(", bytes, "), operationID: ", id,
                   recordSeparator ? ", framing: .recordSeparator)" : ")")
        case .bytes: w.line("    MessageBody(", bytes, ")")
        }
        w.line("}")
    }

    /// One operation's route function (for a writer inside `extension <Client>ServerRoutes`).
    /// A webhook's or callback's route is registered at the path the app gives, and may take only the requests its
    /// body tells apart (``receiverAcceptance(_:)``).
    func renderRoute(_ operation: OperationDecl, _ w: inout CodeWriter) {
        let method = Naming.bare(operation.methodName)
        let isReceiver = operation.receiver != nil
        let handlerType = qualified(isReceiver ? receiversProtocolName : protocolName)
        w.line("static func ", method, "(_ handler: some ", handlerType, isReceiver ? ", at path: String" : "",
               ", on router: inout ServerRouter) {")
        let acceptance = isReceiver ? receiverAcceptance(operation) : nil
        if let acceptance { w.line("    let accepts: @Sendable (ServerRequest) -> Bool = ", acceptance) }
        w.line("    router.register(method: ", Naming.literal(operation.httpMethod), ", path: ",
               isReceiver ? "path" : Naming.literal(operation.path), ", operationID: ",
               Naming.literal(operation.operationID), acceptance == nil ? "" : ", accepts: accepts", ") { request in")
        let members = inputMembers(operation)
        if let body = operation.body { renderBodyRead(body, &w) }
        if members.isEmpty {
            w.line("        let input = ", inputPrefix, operation.inputName, "()")
        } else {
            w.line("        let input = ", inputPrefix, operation.inputName, "(")
            for (index, parameter) in operation.parameters.enumerated() {
                let comma = index + 1 < members.count ? "," : ""
                w.line("            ", Naming.bare(parameter.name), ": try ",
                       parameterRead(parameter, in: operation), comma)
            }
            if operation.body != nil { w.line("            body: body") }
            w.line("        )")
        }
        let wire = operation.successWire
        if !isReceiver && !operation.representations.isEmpty {
            renderNegotiatedAnswer(operation, &w)
            w.line("    }")
            w.line("}")
            w.line()
            return
        }
        if !isReceiver, let variant = operation.streamVariant, let streamType = wire.streamContentType {
            w.line("        if request.accepts(", Naming.literal(streamType), ") {")
            w.line("            return try ", Self.responseExpression(
                variant.success, call: "await handler.\(Naming.bare(variant.methodName))(input)",
                status: wire.status, contentType: streamType))
            w.line("        }")
        }
        let contentType = (operation.streamVariant == nil ? wire.streamContentType : nil) ?? wire.contentType
        if case .none = operation.success {
            w.line("        try await handler.", method, "(input)")
            w.line("        return ServerResponse(status: ", String(wire.status), ")")
        } else {
            w.line("        return try ", Self.responseExpression(operation.success,
                                                                  call: "await handler.\(method)(input)",
                                                                  status: wire.status, contentType: contentType))
        }
        w.line("    }")
        w.line("}")
        w.line()
    }

    /// The names of the items in `parameter`'s location that belong to the operation's other parameters: theirs,
    /// and the properties of the other exploded objects (whose items carry their properties' names).
    func otherItemNames(_ parameter: ParameterDecl, in operation: OperationDecl) -> [String] {
        var names: [String] = []
        for other in operation.parameters where other.location == parameter.location
            && other.wireName != parameter.wireName {
            names.append(other.wireName)
            guard other.serialization == .styled(.form), other.explode, case .named(let type) = other.type,
                  case .structType(let decl)? = api.types.first(where: { $0.name == type }) else { continue }
            names += decl.properties.map(\.wireName)
        }
        return names
    }

    /// The expression that reads a parameter from `request` (the init's argument type tells the type).
    func parameterRead(_ parameter: ParameterDecl, in operation: OperationDecl) -> String {
        let name = Naming.literal(parameter.wireName)
        let call = parameter.required ? "request.requiredParameter" : "request.parameter"
        let location = ".\(parameter.location)"
        switch parameter.serialization {
        case .text:
            let explode = parameter.isArray && parameter.location == .query ? ", explode: \(parameter.explode)" : ""
            return "\(call)(\(name), in: \(location)\(explode))"
        case .styled(let style):
            // An exploded object in form style is spread over items of its properties' names: those of the other
            // parameters are not its own.
            var others = ""
            if style == .form, parameter.explode, parameter.location == .query || parameter.location == .cookie {
                let names = otherItemNames(parameter, in: operation).map(Naming.literal)
                if !names.isEmpty { others = ", others: [" + names.joined(separator: ", ") + "]" }
            }
            return "\(call)(\(name), in: \(location), style: .\(style), explode: \(parameter.explode)\(others))"
        case .json:
            return "\(call)(\(name), in: \(location), json: \(parameter.type.spelling).self)"
        }
    }

    /// The statements that read the body from `request` into `body`: one representation decoded by its encoding,
    /// or several chosen by the request's `Content-Type`.
    func renderBodyRead(_ body: BodyDecl, _ w: inout CodeWriter) {
        let reads = body.representations.map { Self.bodyDecoding($0) }
        if body.representations.count == 1 {
            let read = reads[0]
            w.line("        let body = ", body.required ? read : "request.hasBody ? \(read) : nil")
            return
        }
        let types = body.representations.map { Naming.literal($0.contentType) }.joined(separator: ", ")
        w.line("        let body: ", body.type.spelling, body.required ? "" : "?")
        w.line("        switch try request.bodyRepresentation(among: [", types, "]) {")
        for (index, representation) in body.representations.enumerated() {
            w.line("        case ", String(index), ": body = .", representation.caseName, "(", reads[index], ")")
        }
        w.line(body.required ? "        case nil: throw ServerRequestError(\"the request body is required\")"
                             : "        case nil: body = nil")
        // `bodyRepresentation` throws for a media type none of the representations has.
        w.line("        default: throw ServerRequestError.unsupportedMediaType")
        w.line("        }")
    }

    /// The call that decodes one representation of the body.
    private static func bodyDecoding(_ representation: BodyDecl.Representation) -> String {
        let type = representation.type.spelling
        switch representation.encoding {
        case .json: return "try request.jsonBody(as: \(type).self)"
        case .form:
            return "try request.formBody(as: \(type).self, encoding: \(partEncodings(representation.parts)))"
        case .multipart:
            return "try request.multipartBody(as: \(type).self, encoding: \(partEncodings(representation.parts)))"
        case .binary: return "request.binaryBody()"
        case .text: return "request.textBody()"
        }
    }

    /// The response made from a method's result.
    static func responseExpression(_ success: SuccessDecl, call: String, status: Int, contentType: String?)
        -> String {
        let type = Naming.literal(contentType ?? "application/octet-stream")
        let jsonType = Naming.literal(contentType ?? "application/json")
        switch success {
        case .json(_, let emptyStatuses) where !emptyStatuses.isEmpty:
            return "ServerResponse.json(orEmpty: \(call), status: \(status), emptyStatus: \(emptyStatuses[0]), "
                + "contentType: \(jsonType))"
        case .json:
            return "ServerResponse.json(\(call), status: \(status), contentType: \(jsonType))"
        case .text: return "ServerResponse(status: \(status), contentType: \(type), body: Data((\(call)).utf8))"
        case .data: return "ServerResponse(status: \(status), contentType: \(type), body: \(call))"
        case .multipart(_, let parts):
            return "ServerResponse.multipart(\(call), status: \(status), encoding: \(partEncodings(parts)))"
        case .form(_, let parts):
            return "ServerResponse.form(\(call), status: \(status), encoding: \(partEncodings(parts)))"
        case .none: return "ServerResponse(status: \(status))"
        case .events, .rawEvents: return "ServerResponse.events(\(call), status: \(status))"
        case .jsonLines: return "ServerResponse.jsonLines(\(call), status: \(status), contentType: \(type))"
        case .bytes: return "ServerResponse.bytes(\(call), status: \(status), contentType: \(type))"
        }
    }
}
