extension SwiftRenderer {
    // MARK: Webhooks and callbacks

    /// The protocol of the receivers: `<Client>Webhooks`, with a `_` added while a schema's type has that name.
    var receiversProtocolName: String { uniqueName(api.clientName + "Webhooks") }
    /// The enum with a case per receiver: `<Client>Webhook`.
    var receiverEnumName: String { uniqueName(api.clientName + "Webhook") }
    /// The internal namespace of the receivers' route functions.
    var receiverRoutesName: String { uniqueName(api.clientName + "WebhookRoutes") }

    private func uniqueName(_ base: String) -> String {
        var name = base
        while api.types.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// The first file's declarations of the receivers: the enum that names them, the protocol and the namespace of
    /// the route functions.
    func renderReceiverDeclarations(_ w: inout CodeWriter) {
        let receivers = api.receivers
        guard !receivers.isEmpty else { return }
        w.doc(["The webhooks and callbacks of \(api.title), the requests the API sends: a case each, for choosing",
               "where ``\(receiversProtocolName)/registerWebhooks(on:path:)`` serves it."])
        w.block("\(access)enum \(receiverEnumName): String, CaseIterable, Sendable") { w in
            for receiver in receivers {
                w.doc(receiverOrigin(receiver))
                w.line("case ", receiver.methodName)
            }
        }
        w.line()
        w.doc([
            "Receives the webhooks and callbacks of \(api.title): a method per request the API sends, whose input is",
            "the request's typed headers and body and whose result is the documented answer. Register them with",
            "``registerWebhooks(on:at:)`` (one URL for all) or ``registerWebhooks(on:path:)``; check their signatures",
            "with a middleware on the router (`RaspWebhooks`).",
        ])
        w.block("\(access)protocol \(receiversProtocolName): Sendable") { w in
            for receiver in receivers {
                let doc = receiver.doc.prefix { !$0.isEmpty }
                for line in doc { w.doc(line) }
                if !doc.isEmpty { w.doc("") }
                w.doc(receiverOrigin(receiver))
                w.line("func ", receiver.methodName, "(_ input: ", inputPrefix, receiver.inputName,
                       ") async throws -> ", receiver.success.returnType)
            }
            w.line()
            w.doc([
                "Answers a request at a path where webhooks are registered that none of them takes: its body names",
                "an event this document does not have (one the API added since), or none. The default answers 422",
                "with a problem; answer 2xx to acknowledge events the app does not handle, so that the API does not",
                "send them again.",
            ])
            w.line("func unrecognizedWebhook(_ request: ServerRequest) async throws -> ServerResponse")
        }
        w.line()
        w.doc(["The route of each webhook and callback of ``\(receiversProtocolName)/registerWebhooks(on:path:)``."])
        w.line("enum \(receiverRoutesName) {}")
        w.line()
    }

    /// Where a receiver comes from, for its doc comment.
    private func receiverOrigin(_ operation: OperationDecl) -> String {
        guard let receiver = operation.receiver else { return "" }
        let method = "`\(operation.httpMethod)`"
        if let expression = receiver.expression {
            return "The callback `\(receiver.name)`: sent as \(method) to \(DocText.codeSpan(expression))."
        }
        return "The webhook `\(receiver.name)`: sent as \(method) to the URL registered for it."
    }

    /// The registration functions and the default answer to unrecognized requests (at the top level, like
    /// ``renderServerRegistration(_:)``).
    func renderReceiverRegistration(_ w: inout CodeWriter) {
        let receivers = api.receivers
        guard !receivers.isEmpty else { return }
        let enumName = qualified(receiverEnumName)
        w.block("extension \(qualified(receiversProtocolName))") { w in
            w.doc("Answers 422: nothing registered at this path takes the request.")
            w.block("\(access)func unrecognizedWebhook(_ request: ServerRequest) async throws -> ServerResponse") { w in
                w.line("ServerResponse.unrecognizedWebhook(request)")
            }
            w.line()
            w.doc([
                "Registers every webhook and callback on `router` at one path (the URL given to the API).",
                "",
                "- Parameters:",
                "  - router: The routes of a server; an HTTP adapter (`RaspHummingbird`) serves them.",
                "  - path: The path they are all sent to.",
            ])
            w.block("\(access)func registerWebhooks(on router: inout ServerRouter, at path: String)") { w in
                w.line("registerWebhooks(on: &router) { _ in path }")
            }
            w.line()
            w.doc([
                "Registers a route per webhook and callback on `router`, at the path `path` gives for it (nil leaves",
                "it out). Several can share a path: a request goes to the one its JSON body's one-value member (such",
                "as `type`) names, else to the first whose body it decodes as, else to ``unrecognizedWebhook(_:)``.",
                "",
                "- Parameters:",
                "  - router: The routes of a server; an HTTP adapter (`RaspHummingbird`) serves them.",
                "  - path: The path of each webhook and callback, or nil to leave it out.",
            ])
            let signature = "\(access)func registerWebhooks(on router: inout ServerRouter, "
                + "path: (\(enumName)) -> String?)"
            w.block(signature) { w in
                w.line("var served: Set<[String]> = []")
                // Tagged receivers first: an untagged one at the same path would take their requests.
                let ordered = receivers.filter { $0.receiver?.tag != nil }
                    + receivers.filter { $0.receiver?.tag == nil }
                for receiver in ordered {
                    let name = Naming.bare(receiver.methodName)
                    w.block("if let path = path(.\(name))") { w in
                        w.line(qualified(receiverRoutesName), ".", name, "(self, at: path, on: &router)")
                        w.line("served.insert([", Naming.literal(receiver.httpMethod), ", path])")
                    }
                }
                w.block("for route in served.sorted(by: { $0.joined() < $1.joined() })") { w in
                    w.line("router.register(method: route[0], path: route[1], operationID: \"unrecognizedWebhook\") {")
                    w.line("    try await self.unrecognizedWebhook($0)")
                    w.line("}")
                }
            }
        }
        w.line()
    }

    /// Which requests a receiver's route takes, when it shares its path with others: those whose JSON body has its
    /// tag, else those whose body decodes as its type; nil (any) for a body that is no JSON.
    func receiverAcceptance(_ operation: OperationDecl) -> String? {
        if let tag = operation.receiver?.tag {
            return "{ $0.jsonBodyMember(\(Naming.literal(tag.property))) == \(Naming.literal(tag.value)) }"
        }
        guard let body = operation.body, body.representations.count == 1,
              body.representations[0].encoding == .json else { return nil }
        return "{ $0.jsonBodyDecodes(as: \(body.representations[0].type.spelling).self) }"
    }
}
