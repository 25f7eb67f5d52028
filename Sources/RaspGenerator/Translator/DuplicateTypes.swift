/// Replaces a nested declaration that is identical to one declared before it (an inline schema repeated across a
/// spec) with a type alias of the earlier one. Top-level declarations are component schemas: they keep their own
/// types, but a nested copy of one becomes its alias.
///
/// Identical means the same shape, member names, types, optionality, defaults and nested types; doc comments are
/// not compared, and the alias has none: the type it names carries them. A type is only aliased to one that codes at least the same directions,
/// so a request body never becomes an alias of a decode-only response type.
struct DuplicateTypes {
    func apply(to api: inout TranslatedAPI) {
        var firsts: [String: [(name: String, direction: CodingDirection)]] = [:]
        // Component schemas first, wherever they are in the document: a nested copy aliases the component.
        for declaration in api.types {
            if case .typeAlias = declaration { continue }
            firsts[Self.fingerprint(declaration, qualifiedName: declaration.name), default: []].append((declaration.name, Self.direction(of: declaration)))
        }
        api.updateDeclarations { declaration, qualifiedName in
            guard qualifiedName.contains(".") else { return }
            if case .typeAlias = declaration { return }
            let key = Self.fingerprint(declaration, qualifiedName: qualifiedName)
            let direction = Self.direction(of: declaration)
            if let first = firsts[key]?.first(where: { $0.direction == .both || $0.direction == direction }) {
                declaration = .typeAlias(name: declaration.name, type: .named(first.name), doc: [])
            } else {
                firsts[key, default: []].append((qualifiedName, direction))
            }
        }
    }

    private static func direction(of declaration: Declaration) -> CodingDirection {
        switch declaration {
        case .structType(let decl): decl.direction
        case .oneOf(let decl): decl.direction
        case .enumType, .typeAlias: .both
        }
    }

    /// A text that two declarations share exactly when they would compile to the same type: their own qualified
    /// name, wherever their members' types spell it, is written `Self`.
    static func fingerprint(_ declaration: Declaration, qualifiedName: String) -> String {
        var text = ""
        let prefix = qualifiedName + "."
        func spell(_ type: SwiftType) -> String {
            let spelling = type.spelling
            return spelling.contains(prefix) ? spelling.replacingOccurrences(of: prefix, with: "Self.") : spelling
        }
        func add(_ declaration: Declaration, name: String) {
            switch declaration {
            case .structType(let decl):
                text += "struct \(name) {"
                for property in decl.properties {
                    text += "\(property.name)=\(property.wireName):\(spell(property.type))"
                    text += "\(property.isOptional ? "?" : "")\(property.isRequired ? "!" : "")"
                    text += "=\(property.defaultValue ?? "")=\(property.constant ?? "")\(property.deprecation ?? "");"
                }
                decl.nested.forEach { add($0, name: $0.name) }
                text += "}"
            case .enumType(let decl):
                text += "enum \(name): \(decl.rawType) {"
                for item in decl.cases { text += "\(item.name)=\(item.literal);" }
                text += "}"
            case .oneOf(let decl):
                text += "oneOf \(name) \(decl.discriminatorProperty ?? "") {"
                for item in decl.cases { text += "\(item.name):\(spell(item.type))=\(item.discriminatorValues);" }
                decl.nested.forEach { add($0, name: $0.name) }
                text += "}"
            case .typeAlias(_, let type, _):
                text += "alias \(name)=\(spell(type));"
            }
        }
        add(declaration, name: "")
        return text
    }
}
