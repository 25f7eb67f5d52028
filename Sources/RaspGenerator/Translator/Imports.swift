/// The modules a declaration of the IR needs imported, a fact of the declaration the renderer reads: a module is
/// imported with the declarations' access level only when one of its types shows in a file's public declarations.
///
/// It is read from the IR, declaration by declaration, the way each template spells its public surface:
/// stored and computed properties, initializer and method signatures, enum cases and conformances. Function
/// bodies and private storage do not count (see ``RuntimeSurface/bodyOnlyTypes``).
struct Imports: Equatable {
    /// Whether a Foundation type is named.
    var foundation = false
    /// Whether a `RaspRuntime` type that can appear in a public declaration is named.
    var runtime = false
    /// The modules that each top-level type alias of the API names (through other aliases too): a public signature
    /// that names an alias declared in another file needs the imports of the aliased type (`JSONRawMessage` for
    /// `JSONValue`, `NullTime` for `Date`).
    var aliases: [String: Imports] = [:]
    /// Whether the declarations are `public`. Swift asks for a `public import` of a module whose protocol a public
    /// type conforms to; for `package` declarations that does not make a `package import` used (it warns that such
    /// an import is unused).
    var isPublic = true

    static func == (lhs: Imports, rhs: Imports) -> Bool {
        lhs.foundation == rhs.foundation && lhs.runtime == rhs.runtime
    }

    /// The modules each top-level alias among `types` names, following aliases of aliases.
    static func aliasTable(_ types: [Declaration], namespace: String? = nil) -> [String: Imports] {
        var targets: [String: SwiftType] = [:]
        // In a namespace the targets are spelled `NS.Name`; the chain is followed by the names as declared.
        let prefix = namespace.map { $0 + "." }
        for case .typeAlias(let name, let type, _) in types {
            if let prefix, case .named(let target) = type, target.hasPrefix(prefix) {
                targets[name] = .named(String(target.dropFirst(prefix.count)))
            } else {
                targets[name] = type
            }
        }
        guard !targets.isEmpty else { return [:] }
        var table: [String: Imports] = [:]
        func resolve(_ name: String, depth: Int) -> Imports {
            if let known = table[name] { return known }
            var use = Imports()
            // An alias of a map names the runtime's `JSONObject`. Otherwise only an alias of a named type counts:
            // Swift does not check the modules of an array's elements (`typealias Tags = [Tag]`).
            if case .dictionary? = targets[name] {
                use.runtime = true
                table[name] = use
                return use
            }
            guard case .named(let target)? = targets[name] else { return use }
            use.add(target)
            // An alias chain is acyclic (the translator refuses cycles); the bound only guards that, as
            // ``AliasChain`` does.
            if depth <= targets.count, targets[target] != nil { use.formUnion(resolve(target, depth: depth + 1)) }
            table[name] = use
            return use
        }
        for name in targets.keys { _ = resolve(name, depth: 0) }
        // Uses spell them qualified.
        if let prefix { for (name, use) in table { table[prefix + name] = use } }
        return table
    }

    /// Whether both modules are known to be used (nothing more to look for).
    var isComplete: Bool { foundation && runtime }

    /// Adds what another declaration uses.
    mutating func formUnion(_ other: Imports) {
        foundation = foundation || other.foundation
        runtime = runtime || other.runtime
    }

    /// Adds the modules of a type name (a generated type's nested name, `Outer.Inner`, is read part by part).
    mutating func add(_ name: String) {
        if !aliases.isEmpty, let aliased = aliases[name] { formUnion(aliased) }
        var name = name
        name.withUTF8 { bytes in
            var start = 0
            while start <= bytes.count {
                let end = bytes.firstOffset(of: UInt8(ascii: "."), from: start) ?? bytes.count
                add(part: bytes[start..<end])
                start = end + 1
            }
        }
    }

    /// Adds the module of one part of a type name, compared with the few known names of its length.
    private mutating func add(part: Slice<UnsafeBufferPointer<UInt8>>) {
        let table = Self.moduleTypeNamesByLength
        guard part.count < table.count else { return }
        for candidate in table[part.count] where part.elementsEqual(candidate.name) {
            if candidate.isFoundation { foundation = true } else { runtime = true }
            return
        }
    }

    /// Adds the modules a type names.
    mutating func add(_ type: SwiftType) {
        switch type {
        case .named(let name): add(name)
        case .dictionary(let value):
            runtime = true
            add(value)
        case .array(let element), .optional(let element): add(element)
        }
    }
}

extension Imports {
    /// The declarations of the first file: the client's initializer names `URL`, `Authentication` and
    /// `ClientTransport`, so both modules are always public there.
    static let clientDeclarations = Imports(foundation: true, runtime: true)

    /// A type declaration: its properties, enum cases and nested types (an open enum conforms to `OpenEnum`).
    init(_ declaration: Declaration, aliases: [String: Imports] = [:], isPublic: Bool = true) {
        self.aliases = aliases
        self.isPublic = isPublic
        add(declaration)
    }

    /// Adds what a declaration and its nested declarations name.
    private mutating func add(_ declaration: Declaration) {
        switch declaration {
        case .structType(let decl):
            // Read in place: a for-in loop would copy each property with all its fields.
            for index in decl.properties.indices {
                add(decl.properties[index].type)
                // `@NullableField` and its `Nullable` projection (private storage names neither publicly).
                if decl.properties[index].tracksNull && !decl.properties[index].hasStorage { runtime = true }
            }
            if let variant = decl.variant { add(variant.type) }
            if let additional = decl.additional { add(additional.valueType) }
            // `writeJSON(to:)` names `JSONWriter` (and the type conforms to `JSONWritable`), at any access level.
            if decl.writesJSON || decl.readsJSON { runtime = true }
            for nested in decl.nested { add(nested) }
        case .enumType:
            // The `OpenEnum` conformance.
            if isPublic { runtime = true }
        case .oneOf(let decl):
            // `writeJSON(to:)` names `JSONWriter`, `init(reading:)` `JSONReader`, at any access level.
            if decl.writesJSON || decl.readsJSON { runtime = true }
            for item in decl.cases { add(item.type) }
            if let fallback = decl.fallback { add(fallback.type) }
            for nested in decl.nested { add(nested) }
        case .typeAlias(_, let type, _):
            add(type)
        }
    }

    /// An operation's input struct: its parameters, its body and the types nested in it.
    init(input operation: OperationDecl, aliases: [String: Imports] = [:], isPublic: Bool = true) {
        self.aliases = aliases
        self.isPublic = isPublic
        addMembers(of: operation)
        for nested in operation.nested { add(nested) }
        addRepresentations(of: operation)
    }

    /// Adds the types of the media types a success response is offered in (its `ResponseBody` enum's payloads).
    mutating func addRepresentations(of operation: OperationDecl) {
        for representation in operation.representations {
            formUnion(Imports(returning: representation.success, aliases: aliases))
        }
    }

    /// Adds the types of an operation's input members: its parameters and its body.
    private mutating func addMembers(of operation: OperationDecl) {
        for parameter in operation.parameters { add(parameter.type) }
        if let body = operation.body { add(body.type) }
    }

    /// A method that takes an operation's input and returns `success`: the client's and the mock's.
    init(returning success: SuccessDecl, aliases: [String: Imports] = [:]) {
        self.aliases = aliases
        switch success {
        case .json(let type, _): add(type)
        case .data: foundation = true
        case .multipart(let type, _), .form(let type, _): add(type)
        case .text, .none: break
        case .events(let type):
            add("EventStream")
            add(type)
        case .rawEvents: add("ServerSentEvents")
        case .jsonLines(let type, _):
            add("JSONLinesStream")
            add(type)
        case .bytes: add("MessageBody")
        }
    }

    /// The protocol extension's methods for one client method: the input's members as arguments, and `Data` for
    /// the overload that takes a binary body in memory.
    init(flattened method: MethodDecl, aliases: [String: Imports] = [:]) {
        self.init(returning: method.success, aliases: aliases)
        addMembers(of: method.operation)
        if method.operation.hasInMemoryBodyOverload { foundation = true }
    }
}

extension Imports {
    /// The type names that decide the imports, by length in bytes, each with whether it is Foundation's: a name is
    /// compared with the few of its length, with no string made or hashed for it.
    static let moduleTypeNamesByLength: [[(name: [UInt8], isFoundation: Bool)]] = {
        let names = RuntimeSurface.foundationTypes.map { ($0, true) } + RuntimeSurface.publicTypes.map { ($0, false) }
        var table = [[(name: [UInt8], isFoundation: Bool)]](repeating: [], count: names.map(\.0.utf8.count).max()! + 1)
        for (name, isFoundation) in names { table[name.utf8.count].append((Array(name.utf8), isFoundation)) }
        return table
    }()
}
