extension TranslatedAPI {
    /// Finds the tag of each webhook and callback (``ReceiverDecl/tag``): the member of its JSON body whose schema
    /// allows one value only, by which a server tells apart the receivers an API sends to one URL.
    mutating func findReceiverTags() {
        guard operations.contains(where: { $0.receiver != nil }) else { return }
        var structs: [String: StructDecl] = [:]
        var aliases: [String: SwiftType] = [:]
        visitDeclarations { declaration, name in
            switch declaration {
            case .structType(let decl): structs[name] = decl
            case .typeAlias(_, let type, _): aliases[name] = type
            default: break
            }
        }
        for index in operations.indices where operations[index].receiver != nil {
            let operation = operations[index]
            guard let json = operation.body?.representations.first(where: { $0.encoding == .json }),
                  var name = json.type.namedType else { continue }
            // An inline body is declared in its input (`Operations.<Input>.Body`); aliases are followed.
            let inInput = "Operations.\(operation.inputName).\(name)"
            if structs[inInput] != nil || aliases[inInput] != nil { name = inInput }
            var hops = 0
            while let target = aliases[name]?.namedType, hops < 16 {
                name = target
                hops += 1
            }
            guard let decl = structs[name] else { continue }
            let tagged = decl.properties.filter { $0.constant != nil }
            let preferred = tagged.first { Self.tagNames.contains($0.wireName) } ?? tagged.first
            if let preferred, let value = preferred.constant {
                operations[index].receiver?.tag = (preferred.wireName, value)
            }
        }
    }

    /// The names event types are usually sent under, preferred when a body has several one-value members.
    private static let tagNames: Set<String> = ["type", "event", "event_type", "eventType", "kind"]
}
