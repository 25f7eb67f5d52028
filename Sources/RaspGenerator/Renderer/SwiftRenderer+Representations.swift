/// A success response offered in several media types (``OperationDecl/representations``): the input's
/// `ResponseContentType` and `ResponseBody` enums, and the `accepting:` method that asks for some of them and returns
/// the one that arrived. The plain method (and its streaming variant) return one of them, through it.
extension SwiftRenderer {
    /// `Operations.<Input>.ResponseContentType`.
    func contentTypeEnum(_ operation: OperationDecl) -> String {
        inputPrefix + operation.inputName + "." + operation.representationEnums.contentType
    }

    /// The `accepting:` method's result: `Operations.<Input>.ResponseBody`, optional when other 2xx statuses have no
    /// body.
    func negotiatedReturnType(_ operation: OperationDecl) -> String {
        let body = inputPrefix + operation.inputName + "." + operation.representationEnums.body
        return body + (Self.emptyStatuses(of: operation).isEmpty ? "" : "?")
    }

    /// The 2xx statuses without a body, beside the success.
    static func emptyStatuses(of operation: OperationDecl) -> [Int] {
        if case .json(_, let statuses) = operation.success { return statuses }
        return []
    }

    /// `(_ input: …, accepting: […]) async throws -> …`, after the method's name.
    func negotiatedSignature(_ operation: OperationDecl) -> String {
        "(_ input: \(inputPrefix)\(operation.inputName), accepting: [\(contentTypeEnum(operation))]) async throws -> "
            + negotiatedReturnType(operation)
    }

    /// The two enums, inside the input struct.
    func renderRepresentationTypes(_ operation: OperationDecl, _ w: inout CodeWriter) {
        let owner = api.clientName + "/" + Naming.bare(operation.methodName)
        w.doc("The media types the success response is offered in, to ask for in ``", owner, "(_:accepting:)``.")
        w.block(access, "enum ", operation.representationEnums.contentType, ": String, CaseIterable, Sendable") { w in
            for representation in operation.representations {
                w.doc("`", representation.contentType, "`.")
                w.line("case ", representation.caseName, " = ", Naming.literal(representation.contentType))
            }
        }
        w.line()
        w.doc("The success response in the media type it arrived in (``", owner, "(_:accepting:)``).")
        w.block(access, "enum ", operation.representationEnums.body, ": Sendable") { w in
            for representation in operation.representations {
                w.doc("The body as `", representation.contentType, "`.")
                w.line("case ", representation.caseName, "(", representation.success.valueType, ")")
            }
        }
    }

    /// The protocol's requirement.
    func renderNegotiatedRequirement(_ operation: OperationDecl, _ w: inout CodeWriter) {
        w.doc("The success response in the media type the server chose among those asked for.")
        w.line("func ", operation.methodName, negotiatedSignature(operation))
    }

    /// The protocol extension's methods: the requirement's default, which answers with the plain method (or the
    /// streaming variant, when it is asked for first), so a conformer that implements only those serves them; and
    /// the one that takes the input's members as arguments.
    func renderNegotiatedExtensionMethods(_ operation: OperationDecl, members: [InputMember], _ w: inout CodeWriter) {
        let name = operation.methodName
        w.doc([
            "Asks for the success response in some of its media types, most wanted first, and returns it in the one",
            "the server chose.",
            "",
            "- Parameters:",
        ] + members.map { "  - \(Naming.bare($0.name)): \($0.doc.first { !$0.isEmpty } ?? "")" } + [
            "  - accepting: The media types to ask for (`Accept`), most wanted first; empty for any of them.",
            "",
            "- Remark: HTTP `\(operation.httpMethod) \(operation.path)`.",
        ])
        w.block(writingHeader: { w in
            w.write(access, "func ", name, "(")
            Self.writeParameters(members, &w)
            w.write(members.isEmpty ? "" : ", ", "accepting: [", contentTypeEnum(operation), "]) async throws -> ",
                    negotiatedReturnType(operation))
        }) { w in
            w.line { w in
                w.write("try await self.", name, "(", qualified("Operations"), ".", operation.inputName, "(")
                for (index, member) in members.enumerated() {
                    if index > 0 { w.write(", ") }
                    w.write(Naming.bare(member.name), ": ", member.name)
                }
                w.write("), accepting: accepting)")
            }
        }
        w.line()
        w.doc("Answers with ``", name, "(_:)``", operation.streamVariant == nil ? "" : " or its streaming variant",
              ", whichever `accepting` asks for first.")
        w.block(access, "func ", name, negotiatedSignature(operation)) { w in renderPlainAnswer(operation, &w) }
        w.line()
    }

    /// The mock's handler of the `accepting:` method (inside its declaration).
    func renderNegotiatedMockHandler(_ operation: OperationDecl, _ w: inout CodeWriter) {
        w.doc("Answers ``", api.clientName, "/", Naming.bare(operation.methodName), "(_:accepting:)``; nil answers ",
              "with the plain method's handler", operation.streamVariant == nil ? "" : " (or the streaming one's)", ".")
        w.line(access, "var ", Naming.bare(operation.methodName), "AcceptingHandler: (@Sendable (", inputPrefix,
               operation.inputName, ", [", contentTypeEnum(operation), "]) async throws -> ",
               negotiatedReturnType(operation), ")? = nil")
    }

    /// The mock's `accepting:` method: its handler, else the plain answer.
    func renderNegotiatedMockMethod(_ operation: OperationDecl, _ w: inout CodeWriter) {
        w.block(access, "func ", operation.methodName, negotiatedSignature(operation)) { w in
            w.line("if let handler = ", Naming.bare(operation.methodName),
                   "AcceptingHandler { return try await handler(input, accepting) }")
            renderPlainAnswer(operation, &w)
        }
    }

    /// The statements that answer an `accepting:` call with the plain method, or the streaming variant when it is
    /// asked for first.
    private func renderPlainAnswer(_ operation: OperationDecl, _ w: inout CodeWriter) {
        let wrapped = operation.representations.filter { $0.isPlain || $0.isStream }
        let optional = !Self.emptyStatuses(of: operation).isEmpty
        if wrapped.count > 1 {
            w.line("for type in accepting {")
            w.line("    switch type {")
            for representation in wrapped {
                w.line("    case .", representation.caseName, ": return ", wrap(representation, operation, optional))
            }
            if wrapped.count < operation.representations.count { w.line("    default: continue") }
            w.line("    }")
            w.line("}")
        }
        if let plain = wrapped.first(where: \.isPlain) { w.line("return ", wrap(plain, operation, optional)) }
    }

    /// The plain or streaming method's result as a case of the body enum.
    private func wrap(_ representation: ResponseRepresentation, _ operation: OperationDecl, _ optional: Bool)
        -> String {
        let method = representation.isPlain ? operation.methodName : operation.streamVariant?.methodName ?? ""
        let call = "try await \(method)(input)"
        if representation.isPlain && optional { return "\(call).map { .\(representation.caseName)($0) }" }
        return ".\(representation.caseName)(\(call))"
    }

    /// The client's `accepting:` method: the request, sent asking for the chosen types, and the body read as the one
    /// that arrived.
    func renderNegotiatedClientMethod(_ operation: OperationDecl, errorBody: String, _ w: inout CodeWriter) {
        w.line(access, "func ", operation.methodName, negotiatedSignature(operation), " {")
        renderRequest(operation, mutable: false, &w)
        let offered = operation.representations.map { Naming.literal($0.contentType) }.joined(separator: ", ")
        let streaming = operation.representations.contains { $0.success.isStream }
        w.line("    let (representation, response) = try await core.performNegotiating(request, offering: [", offered,
               "], accepting: accepting.map(\\.rawValue), streaming: ", String(streaming), errorBody, ")")
        let empty = Self.emptyStatuses(of: operation)
        if !empty.isEmpty {
            let list = empty.map(String.init).joined(separator: ", ")
            w.line("    if ", empty.count == 1 ? "response.status == \(list)" : "[\(list)].contains(response.status)",
                   " { return nil }")
        }
        w.line("    switch representation {")
        for (index, representation) in operation.representations.enumerated() {
            let label = index + 1 == operation.representations.count ? "default" : "case \(index)"
            w.line("    ", label, ": return .", representation.caseName, "(",
                   Self.reading(representation.success), ")")
        }
        w.line("    }")
        w.line("}")
    }

    /// The expression that reads a `response` (its body whole or arriving) as one representation.
    private static func reading(_ success: SuccessDecl) -> String {
        let id = "operationID: request.operationID"
        switch success {
        case .json(let type, _): return "try await core.value(\(type.spelling).self, of: response, \(id))"
        case .text: return "String(decoding: try await core.data(of: response, \(id)), as: UTF8.self)"
        case .data, .none: return "try await core.data(of: response, \(id))"
        case .multipart(let type, let parts):
            return "try await core.multipart(\(type.spelling).self, of: response, "
                + "encoding: \(partEncodings(parts)), \(id))"
        case .form(let type, let parts):
            return "try await core.form(\(type.spelling).self, of: response, "
                + "encoding: \(partEncodings(parts)), \(id))"
        case .events(let type): return "EventStream<\(type.spelling)>(response.body, \(id))"
        case .rawEvents: return "ServerSentEvents(response.body)"
        case .jsonLines(let type, let recordSeparator):
            return "JSONLinesStream<\(type.spelling)>(response.body, \(id)"
                + (recordSeparator ? ", framing: .recordSeparator)" : ")")
        case .bytes: return "response.body"
        }
    }

    /// The client's plain method or streaming variant of an operation with several representations: the
    /// `accepting:` method asked for its own, unwrapped.
    func renderUnwrappingClientMethod(_ method: Method, _ w: inout CodeWriter) {
        let operation = method.operation
        guard let own = operation.representations.first(where: { method.isStreamVariant ? $0.isStream : $0.isPlain })
        else { return }
        let optional = !method.isStreamVariant && !Self.emptyStatuses(of: operation).isEmpty
        w.block(access, "func ", method.name, "(_ input: ", inputPrefix, operation.inputName, ") async throws -> ",
                method.success.returnType) { w in
            w.line("switch try await ", operation.methodName, "(input, accepting: [.", own.caseName, "]) {")
            w.line("case .", own.caseName, "(let value)", optional ? "?" : "", ": return value")
            if optional { w.line("case nil: return nil") }
            w.line("default: throw ClientCore.otherRepresentation(operationID: ",
                   Naming.literal(operation.operationID), ", expected: ", Naming.literal(own.contentType), ")")
            w.line("}")
        }
    }

    /// A route's answer for an operation with several representations: the `accepting:` method asked for the types
    /// the request's `Accept` names, its result sent as what it is.
    func renderNegotiatedAnswer(_ operation: OperationDecl, _ w: inout CodeWriter) {
        let status = operation.successWire.status
        w.line("        switch try await handler.", Naming.bare(operation.methodName), "(input, accepting: ",
               "request.accepted(", contentTypeEnum(operation), ".self)) {")
        for representation in operation.representations {
            var success = representation.success
            if case .json(let type, _) = success { success = .json(type) }
            let answer = Self.responseExpression(success, call: "value", status: status,
                                                 contentType: representation.sentContentType)
            let throwing = switch success {
            case .json, .multipart, .form: true
            default: false
            }
            w.line("        case .", representation.caseName, "(let value)",
                   Self.emptyStatuses(of: operation).isEmpty ? "" : "?", ": return ", throwing ? "try " : "", answer)
        }
        if let empty = Self.emptyStatuses(of: operation).first {
            w.line("        case nil: return ServerResponse(status: ", String(empty), ")")
        }
        w.line("        }")
    }
}
