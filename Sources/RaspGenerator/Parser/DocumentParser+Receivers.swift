/// Webhooks and callbacks: the requests the API sends to its users, read as operations with a ``Receiver``.
///
/// Their operations are read like those of `paths` (parameters, request body, responses), but they have no path of
/// their own: the receiving app chooses where it serves them. A path parameter there has nothing to stand for and
/// is left out with a warning.
extension DocumentParser {
    /// The operations of `webhooks` (OpenAPI 3.1 and later), in document order. The config's filter selects
    /// operations of `paths` only: every webhook is kept.
    func parseWebhooks() -> [Operation] {
        guard let entry = root.entry("webhooks") else { return [] }
        if !(openAPIVersion.hasPrefix("3.1") || isOpenAPI32) {
            warn("'webhooks' is an OpenAPI 3.1 field; read as such in this \(openAPIVersion) document",
                 at: entry.keyMark)
        }
        guard let webhooks = recovering({ try Self.mapping(entry.value, "'webhooks'") }) else { return [] }
        var receivers: [Operation] = []
        for webhook in webhooks.entries where !webhook.key.hasPrefix("x-") {
            recovering {
                let item = try Self.mapping(try follow(webhook.value, kind: "path item").node, "a path item")
                receivers += parseReceiverItem(item, as: Receiver(kind: .webhook, name: webhook.key,
                                                                    keyMark: webhook.keyMark))
            }
        }
        return receivers
    }

    /// The operations of an operation's `callbacks`: each callback maps runtime expressions (the URL) to path items.
    func parseCallbacks(_ node: YAMLNode) -> [Operation] {
        guard let callbacks = recovering({ try Self.mapping(node, "'callbacks'") }) else { return [] }
        var receivers: [Operation] = []
        for callback in callbacks.entries where !callback.key.hasPrefix("x-") {
            recovering {
                let expressions = try Self.mapping(try follow(callback.value, kind: "callback").node, "a callback")
                for expression in expressions.entries where !expression.key.hasPrefix("x-") {
                    recovering {
                        let item = try Self.mapping(try follow(expression.value, kind: "path item").node,
                                                    "a path item")
                        let receiver = Receiver(kind: .callback, name: callback.key, expression: expression.key,
                                                keyMark: callback.keyMark)
                        receivers += parseReceiverItem(item, as: receiver)
                    }
                }
            }
        }
        return receivers
    }

    /// The operations of a webhook's or a callback's path item.
    private func parseReceiverItem(_ item: YAMLMapping, as receiver: Receiver) -> [Operation] {
        let shared = item["parameters"].map { node in parseParameters(node) } ?? []
        var operations: [Operation] = []
        for (method, value) in item.entries.filter({ Self.httpMethods.contains($0.key) }).map({ ($0.key, $0.value) }) {
            guard let node = recovering({ try follow(value, kind: "operation").node }),
                  var operation = recovering({
                      try parseOperation(node, method: method, path: "", shared: shared)
                  }) else { continue }
            operation.receiver = receiver
            operation.path = receiver.expression ?? receiver.name
            operation.parameters.removeAll { parameter in
                guard parameter.location == .path else { return false }
                warn("path parameter '\(parameter.name)' of the \(receiver.kind) '\(receiver.name)' has no path to "
                     + "come from (the receiving app chooses it); left out", at: parameter.mark)
                return true
            }
            operations.append(operation)
        }
        return operations
    }
}

extension DocumentParser {
    /// The callbacks of `operations`, in order, each once: operations that share a callback (a `$ref` to
    /// `components/callbacks`) declare the same receiver, read at the same place.
    static func distinctCallbacks(_ operations: [Operation]) -> [Operation] {
        var seen = Set<Mark>()
        return operations.flatMap(\.callbacks).filter { seen.insert($0.mark).inserted }
    }
}
