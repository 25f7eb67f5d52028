/// Translates a parsed document into Swift declarations (``TranslatedAPI``).
struct Translator {
    let config: GeneratorConfig
    let diagnostics: DiagnosticCollector

    func translate(_ document: OpenAPIDocument) throws -> TranslatedAPI {
        var types = TypeTranslator(document: document, config: config, diagnostics: diagnostics)
        let clientName = config.clientName
        var declarations = try types.translateComponents()
        var parameterTypes: [Declaration] = []
        let operations = try OperationTranslator(document: document, config: config, diagnostics: diagnostics)
            .translate(using: &types, componentParameterTypes: &parameterTypes)
        declarations += parameterTypes

        var servers: [(String, String, String?)] = []
        var serverScope = NameScope(reserved: ["default", "all"])
        for (index, server) in document.servers.enumerated() {
            servers.append((serverScope.unique("server\(index + 1)"), server.url, server.description))
        }
        var schemes: [(String, AuthenticationPlacement, String?)] = []
        var schemeScope = NameScope()
        for scheme in document.securitySchemes {
            // A scheme named like one of `Authentication`'s own members (`bearer`) would shadow, and call, itself.
            var base = Naming.memberName(scheme.name)
            if Self.authenticationMembers.contains(Naming.bare(base)) { base = Naming.bare(base) + "Scheme" }
            let name = schemeScope.unique(base)
            switch (scheme.type, scheme.location, scheme.parameterName) {
            case ("apiKey", .query?, let parameter?): schemes.append((name, .query(parameter), scheme.description))
            case ("apiKey", .header?, let parameter?): schemes.append((name, .header(parameter), scheme.description))
            case ("http", _, "bearer"?): schemes.append((name, .bearer, scheme.description))
            default:
                let message = "security scheme '\(scheme.name)' of type \(scheme.type) is not wired up; "
                    + "add a middleware"
                diagnostics.warn(message, at: nil)
            }
        }

        var api = TranslatedAPI(title: document.title, types: declarations, operations: operations, servers: servers,
                                securitySchemes: schemes, clientName: clientName)
        DuplicateTypes().apply(to: &api)
        api.breakRecursionAndMarkSentTypes()
        return api
    }
}

extension Translator {
    /// The members of the runtime's `Authentication` that the generated extension's static functions must not
    /// shadow.
    static let authenticationMembers: Set<String> = [
        "apiKey", "bearer", "apply", "placement", "value", "description", "debugDescription", "customMirror",
        "Placement",
    ]
}

/// What the passes after ``DuplicateTypes`` read of every declaration, by qualified name, gathered in one walk.
struct DeclarationGraph {
    /// The named types a struct's properties or a union's cases hold directly (not inside a collection).
    var edges: [String: [String]] = [:]
    /// The named type each type alias names directly.
    var aliases: [String: String] = [:]
    /// The named types inside a struct's properties, a union's cases or an alias (inside collections too).
    var contained: [String: [String]] = [:]

    init(_ api: TranslatedAPI) {
        api.visitDeclarations { declaration, name in
            switch declaration {
            case .structType(let decl):
                edges[name] = decl.properties.compactMap(\.type.namedType)
                contained[name] = decl.properties.map(\.type.elementName)
            case .oneOf(let decl):
                edges[name] = decl.cases.compactMap(\.type.namedType)
                contained[name] = decl.cases.map(\.type.elementName)
            case .typeAlias(_, let type, _):
                if let target = type.namedType { aliases[name] = target }
                contained[name] = [type.elementName]
            case .enumType:
                break
            }
        }
    }
}

extension TranslatedAPI {
    /// Boxes the properties and marks the unions that close a containment cycle (``RecursionBreaker``), and makes
    /// the structs no request sends immutable (``SentTypes``): both read one ``DeclarationGraph`` and change the
    /// declarations in one pass.
    mutating func breakRecursionAndMarkSentTypes() {
        let graph = DeclarationGraph(self)
        let cycles = RecursionBreaker(graph: graph)
        let sent = SentTypes(graph: graph, operations: operations)
        updateDeclarations { declaration, name in
            cycles.update(&declaration, name: name)
            sent.update(&declaration, name: name)
        }
    }
}

/// Finds the structs a request can send (request bodies, parameters, and every type they contain) and makes the
/// properties of all other structs, which are only ever received, `let`.
struct SentTypes {
    /// The qualified names of the types a request can send.
    private var sent: Set<String> = []

    init(graph: DeclarationGraph, operations: [OperationDecl]) {
        var work = operations.flatMap { operation in
            operation.parameters.map(\.type.elementName) + (operation.body.map { body in
                [body.type.elementName] + body.representations.map(\.type.elementName)
            } ?? [])
        }
        while let name = work.popLast() {
            guard sent.insert(name).inserted else { continue }
            work += graph.contained[name] ?? []
        }
    }

    /// Makes a struct's properties `var` when a request can send it, `let` otherwise.
    func update(_ declaration: inout Declaration, name: String) {
        guard case .structType(var decl) = declaration else { return }
        let isMutable = sent.contains(name)
        // Rebuilt only when it changes (a new declaration costs a box).
        guard decl.isMutable != isMutable else { return }
        decl.isMutable = isMutable
        declaration = .structType(decl)
    }
}

/// Finds types that contain themselves (directly or through other types, not through arrays or dictionaries) and
/// boxes the properties, or marks the enums `indirect`, that close each cycle.
struct RecursionBreaker {
    private let aliases: [String: String]
    /// The cycle each type in one is in (types in no cycle are not here).
    private let component: [String: Int]

    init(graph: DeclarationGraph) {
        let aliases = graph.aliases
        self.aliases = aliases
        let resolve = { (name: String) in Self.resolve(name, aliases: aliases) }
        component = StronglyConnected(edges: graph.edges.mapValues { $0.map(resolve) }).componentIndex
    }

    /// The type an alias (or a chain of them) names; any other name as it is.
    private static func resolve(_ name: String, aliases: [String: String]) -> String {
        var current = name
        var hops = 0
        while let next = aliases[current], hops < 32 { current = next; hops += 1 }
        return current
    }

    /// Whether `to` is in the cycle component number `from`.
    private func inCycle(_ from: Int, _ to: String) -> Bool {
        component[Self.resolve(to, aliases: aliases)] == from
    }

    /// Boxes the properties of a struct, or marks a union `indirect`, where they close a cycle. A declaration in no
    /// cycle has no member that closes one (most are in none), and only declarations that change are rebuilt.
    func update(_ declaration: inout Declaration, name: String) {
        switch declaration {
        case .structType(var decl):
            guard let from = component[name] else { return }
            let closing = decl.properties.indices.filter { index in
                decl.properties[index].type.namedType.map { inCycle(from, $0) } ?? false
            }
            guard !closing.isEmpty else { return }
            for index in closing { decl.properties[index].boxed = true }
            declaration = .structType(decl)
        case .oneOf(var decl):
            let from = component[name]
            let isIndirect = from.map { from in
                decl.cases.contains { $0.type.namedType.map { inCycle(from, $0) } ?? false }
            } ?? false
            guard decl.isIndirect != isIndirect else { return }
            decl.isIndirect = isIndirect
            declaration = .oneOf(decl)
        case .typeAlias, .enumType:
            break
        }
    }
}

extension TranslatedAPI {
    /// Calls `body` with every declaration, nested ones after their parent, and its qualified name (`Parent.Child`,
    /// `Operations.Search.Output`).
    func visitDeclarations(_ body: (Declaration, String) -> Void) {
        func visit(_ declaration: Declaration, prefix: String) {
            let name = prefix.isEmpty ? declaration.name : "\(prefix).\(declaration.name)"
            body(declaration, name)
            switch declaration {
            case .structType(let decl): decl.nested.forEach { visit($0, prefix: name) }
            case .oneOf(let decl): decl.nested.forEach { visit($0, prefix: name) }
            case .typeAlias, .enumType: break
            }
        }
        types.forEach { visit($0, prefix: "") }
        for operation in operations {
            operation.nested.forEach { visit($0, prefix: "Operations.\(operation.inputName)") }
        }
    }

    /// Lets `body` change every declaration, given its qualified name; nested declarations are changed after their
    /// parent.
    mutating func updateDeclarations(_ body: (inout Declaration, String) -> Void) {
        func update(_ declaration: inout Declaration, prefix: String) {
            let name = prefix.isEmpty ? declaration.name : "\(prefix).\(declaration.name)"
            body(&declaration, name)
            // A declaration without nested ones is left as it is. One with them is consumed, so that (when nothing
            // else holds it) its fields have one owner and the nested declarations change in place, not in a copy.
            guard declaration.hasNested else { return }
            switch consume declaration {
            case .structType(var decl):
                for index in decl.nested.indices { update(&decl.nested[index], prefix: name) }
                declaration = .structType(decl)
            case .oneOf(var decl):
                for index in decl.nested.indices { update(&decl.nested[index], prefix: name) }
                declaration = .oneOf(decl)
            case let other:
                declaration = other
            }
        }
        for index in types.indices { update(&types[index], prefix: "") }
        for index in operations.indices {
            let prefix = "Operations.\(operations[index].inputName)"
            for nested in operations[index].nested.indices { update(&operations[index].nested[nested], prefix: prefix) }
        }
    }
}

extension Declaration {
    /// Whether the declaration has declarations nested in it.
    var hasNested: Bool {
        switch self {
        case .structType(let decl): !decl.nested.isEmpty
        case .oneOf(let decl): !decl.nested.isEmpty
        case .typeAlias, .enumType: false
        }
    }
}

/// Tarjan's strongly connected components, iterative. A node with a self-edge counts as a cycle; a lone node
/// without one gets no component.
struct StronglyConnected {
    let componentIndex: [String: Int]

    init(edges: [String: [String]]) {
        // On integer ids: arrays instead of string-keyed dictionaries and sets. The ids' order does not matter (the
        // components are the same from any start; only their numbers, which are compared for equality, change).
        let names = Array(edges.keys)
        var ids: [String: Int] = [:]
        ids.reserveCapacity(names.count)
        for (id, name) in names.enumerated() { ids[name] = id }
        // Edges to names that are not nodes lead nowhere.
        let successors = names.map { name in edges[name]!.compactMap { ids[$0] } }
        var index = [Int](repeating: -1, count: names.count)
        var lowLink = [Int](repeating: 0, count: names.count)
        var onStack = [Bool](repeating: false, count: names.count)
        var stack: [Int] = []
        var counter = 0
        var result: [String: Int] = [:]
        var componentCounter = 0
        for start in names.indices where index[start] < 0 {
            var work: [(node: Int, next: Int)] = [(start, 0)]
            index[start] = counter; lowLink[start] = counter; counter += 1
            stack.append(start); onStack[start] = true
            while let (node, next) = work.last {
                if next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = successors[node][next]
                    if index[successor] < 0 {
                        index[successor] = counter; lowLink[successor] = counter; counter += 1
                        stack.append(successor); onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    members.append(member)
                    if member == node { break }
                }
                if members.count > 1 || successors[node].contains(node) {
                    for member in members { result[names[member]] = componentCounter }
                    componentCounter += 1
                }
            }
        }
        componentIndex = result
    }
}
