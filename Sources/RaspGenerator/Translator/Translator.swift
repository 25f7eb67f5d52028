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
        var authSchemes: [SecuritySchemeDecl] = []
        var schemeScope = NameScope()
        for scheme in document.securitySchemes {
            // A scheme named like one of `Authentication`'s own members (`bearer`) would shadow, and call, itself.
            var base = Naming.memberName(scheme.name)
            if RuntimeSurface.authenticationMembers.contains(Naming.bare(base)) { base = Naming.bare(base) + "Scheme" }
            let name = schemeScope.unique(base)
            guard let kind = Self.kind(of: scheme) else {
                let message = "security scheme '\(scheme.name)' of type \(scheme.kind.rawValue) is not wired up; "
                    + "a client certificate is the transport's to present (a URLSession delegate)"
                diagnostics.warn(message, at: nil)
                continue
            }
            authSchemes.append(SecuritySchemeDecl(name: name, schemeName: scheme.name, kind: kind,
                                                  doc: scheme.description))
        }

        var api = TranslatedAPI(title: document.title, types: declarations, operations: operations, servers: servers,
                                clientName: clientName, authSchemes: authSchemes)
        for (index, name) in types.componentNames { api.schemaTypes[index] = (name, types.allowsNull(index)) }
        DuplicateTypes().apply(to: &api)
        api.breakRecursionAndMarkSentTypes(allCodedByShape: config.writtenCoders)
        api.findReceiverTags()
        return api
    }
}

extension Translator {
    /// What a scheme's credential is, or nil for one the client cannot send (`mutualTLS`: a client certificate).
    static func kind(of scheme: SecurityScheme) -> SecuritySchemeDecl.Kind? {
        switch scheme.kind {
        case .apiKey:
            guard let location = scheme.location, let name = scheme.parameterName else { return nil }
            return .apiKey(location: location.rawValue, name: name)
        case .http:
            switch scheme.parameterName {
            case "bearer": return .bearer
            case "basic": return .basic
            case let other: return .http(scheme: other)
            }
        case .oauth2:
            let clientCredentials = scheme.flows.first { $0.kind == .clientCredentials }?.tokenURL
            // A user's flow whose tokens can be refreshed: its `refreshUrl`, else its `tokenUrl`.
            let refresh = scheme.flows.lazy.filter { $0.kind != .clientCredentials }
                .compactMap { $0.refreshURL ?? $0.tokenURL }.first
            let device = scheme.flows.first { $0.kind == .deviceAuthorization }?.deviceAuthorizationURL
            return .oauth2(clientCredentialsURL: clientCredentials.flatMap(usableURL),
                           refreshURL: refresh.flatMap(usableURL),
                           metadataURL: scheme.oauth2MetadataURL.flatMap(usableURL),
                           deviceURL: device.flatMap(usableURL))
        case .openIdConnect:
            return .openIDConnect(discoveryURL: scheme.openIDConnectURL)
        case .mutualTLS:
            return nil
        }
    }

    /// A URL the generated code can spell as a literal: absolute (`http`/`https`) or a path from the server's root,
    /// with no character a URL cannot hold as is.
    static func usableURL(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let allowed = bytes.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        guard allowed, text.hasPrefix("https://") || text.hasPrefix("http://") || text.hasPrefix("/") else {
            return nil
        }
        return text
    }
}

/// What the passes after ``DuplicateTypes`` read of every declaration, on integer ids: each qualified name (of a
/// declaration, or named by a member's type) gets one, and each declaration is known by its position in the order
/// of ``TranslatedAPI/updateDeclarations(_:)`` (a type, then the declarations nested in it). Like a table keyed by
/// name, a later declaration of a name replaces what an earlier one recorded.
struct DeclarationGraph {
    /// Each qualified name's id.
    private(set) var ids: [String: Int] = [:]
    /// The id of each declaration's qualified name, by position.
    private(set) var idOfPosition: [Int] = []
    /// The ids of the named types a struct's properties or a union's cases hold directly (not inside a
    /// collection), by id; nil for a name of no struct or union.
    private(set) var edges: [[Int]?] = []
    /// The id of the named type each type alias names directly, by id.
    private(set) var aliases: [Int?] = []
    /// The ids of the named types inside a struct's properties, a union's cases or an alias (inside collections
    /// too), by id.
    private(set) var contained: [[Int]?] = []

    /// Whether each id is one of `roots` or a type they contain (inside collections too), by id.
    func reached(from roots: [Int]) -> [Bool] {
        var reached = Array(repeating: false, count: contained.count)
        var work = roots
        while let id = work.popLast() {
            guard !reached[id] else { continue }
            reached[id] = true
            work += contained[id] ?? []
        }
        return reached
    }

    init(_ api: TranslatedAPI) {
        // The tables hold about one entry per declaration (the names members use are mostly declared ones): sized
        // up front, they are not rehashed as they grow.
        var count = 0
        api.forEachDeclaration { _ in count += 1 }
        ids.reserveCapacity(count)
        idOfPosition.reserveCapacity(count)
        edges.reserveCapacity(count)
        aliases.reserveCapacity(count)
        contained.reserveCapacity(count)
        // First every declaration's name (so that a member can name a type declared after it), then what each
        // declaration refers to.
        api.visitDeclarations { _, name in
            let id = id(of: name)
            idOfPosition.append(id)
        }
        var position = 0
        api.forEachDeclaration { declaration in
            let id = idOfPosition[position]
            position += 1
            switch declaration {
            case .structType(let decl):
                var direct: [Int] = []
                var inside: [Int] = []
                inside.reserveCapacity(decl.properties.count)
                for index in decl.properties.indices {
                    add(decl.properties[index].type, direct: &direct, inside: &inside)
                }
                if let variant = decl.variant { add(variant.type, direct: &direct, inside: &inside) }
                if let additional = decl.additional {
                    add(.dictionary(additional.valueType), direct: &direct, inside: &inside)
                }
                edges[id] = direct
                contained[id] = inside
            case .oneOf(let decl):
                var direct: [Int] = []
                var inside: [Int] = []
                inside.reserveCapacity(decl.cases.count)
                for index in decl.cases.indices { add(decl.cases[index].type, direct: &direct, inside: &inside) }
                if let fallback = decl.fallback { add(fallback.type, direct: &direct, inside: &inside) }
                edges[id] = direct
                contained[id] = inside
            case .typeAlias(_, let type, _):
                if let target = type.namedType { aliases[id] = self.id(of: target) }
                contained[id] = [self.id(of: type.elementName)]
            case .enumType:
                break
            }
        }
    }

    /// Records a member's type: the named type inside it, and the type itself when it is that named type (not a
    /// collection of it).
    private mutating func add(_ type: SwiftType, direct: inout [Int], inside: inout [Int]) {
        // A named type is its own element: one lookup serves both lists.
        let element = id(of: type.elementName)
        if case .named = type { direct.append(element) }
        inside.append(element)
    }

    /// The id of a name, given the next one (and room in the tables) the first time.
    private mutating func id(of name: String) -> Int {
        if let id = ids[name] { return id }
        let id = ids.count
        ids[name] = id
        edges.append(nil)
        aliases.append(nil)
        contained.append(nil)
        return id
    }
}

extension TranslatedAPI {
    /// Boxes the properties and marks the unions that close a containment cycle (``RecursionBreaker``), and makes
    /// the structs no request sends immutable (``SentTypes``), and marks the types coded by shape
    /// (``ShapeCodedTypes``): all read one ``DeclarationGraph`` and change the declarations in one pass.
    mutating func breakRecursionAndMarkSentTypes(allCodedByShape: Bool) {
        let graph = DeclarationGraph(self)
        let cycles = RecursionBreaker(graph: graph)
        let sent = SentTypes(graph: graph, operations: operations)
        let shapeCoded = ShapeCodedTypes(graph: graph, operations: operations, api: self, all: allCodedByShape)
        // The same order as the graph's positions: neither change adds or removes a declaration.
        var position = 0
        updateDeclarations { declaration, _ in
            let id = graph.idOfPosition[position]
            position += 1
            cycles.update(&declaration, id: id)
            sent.update(&declaration, id: id)
            shapeCoded.update(&declaration, id: id)
        }
    }
}

/// Finds the structs a request can send (request bodies, parameters, and every type they contain) and makes the
/// properties of all other structs, which are only ever received, `let`.
struct SentTypes {
    /// Whether a request can send the type of each id.
    private let sent: [Bool]

    init(graph: DeclarationGraph, operations: [OperationDecl]) {
        var work: [Int] = []
        // A type no declaration has contains nothing: it needs no id.
        let add = { (name: String, work: inout [Int]) in
            if let id = graph.ids[name] { work.append(id) }
        }
        for operation in operations {
            for parameter in operation.parameters { add(parameter.type.elementName, &work) }
            if let body = operation.body {
                add(body.type.elementName, &work)
                for representation in body.representations { add(representation.type.elementName, &work) }
            }
        }
        sent = graph.reached(from: work)
    }

    /// Makes a struct's properties `var` when a request can send it, `let` otherwise.
    func update(_ declaration: inout Declaration, id: Int) {
        guard case .structType(var decl) = declaration else { return }
        let isMutable = sent[id]
        // Rebuilt only when it changes (a new declaration costs a box).
        guard decl.isMutable != isMutable else { return }
        decl.isMutable = isMutable
        for index in decl.properties.indices where decl.properties[index].tracksNull {
            decl.properties[index].keepsNullPrivately = !isMutable
        }
        declaration = .structType(decl)
    }
}

/// Finds the types something other than JSON codes by their shape, through `Decoder` and `Encoder`: parameters
/// (a query's exploded object, a deepObject), form and multipart bodies and every type they contain. These keep
/// written-out `init(from:)` and `encode(to:)`.
struct ShapeCodedTypes {
    /// Whether the type of each id is coded by shape.
    private let coded: [Bool]

    /// `all`: every type, as if coded by shape (``GeneratorConfig/writtenCoders``).
    init(graph: DeclarationGraph, operations: [OperationDecl], api: TranslatedAPI, all: Bool) {
        var work: [Int] = []
        let add = { (type: SwiftType, work: inout [Int]) in
            if let id = graph.ids[type.elementName] { work.append(id) }
        }
        for operation in operations {
            for parameter in operation.parameters where parameter.serialization != .json {
                add(parameter.type, &work)
            }
            for representation in operation.body?.representations ?? [] where representation.encoding != .json {
                add(representation.type, &work)
            }
            let successes = [operation.success] + operation.representations.map(\.success)
            for success in successes {
                switch success {
                case .multipart(let type, _), .form(let type, _): add(type, &work)
                default: break
                }
            }
        }
        coded = all ? Array(repeating: true, count: graph.contained.count) : graph.reached(from: work)
    }

    /// Marks a struct or union coded by shape.
    func update(_ declaration: inout Declaration, id: Int) {
        guard coded[id] else { return }
        switch declaration {
        case .structType(var decl):
            decl.codedByShape = true
            declaration = .structType(decl)
        case .oneOf(var decl):
            decl.codedByShape = true
            declaration = .oneOf(decl)
        case .enumType, .typeAlias:
            break
        }
    }
}

/// Finds types that contain themselves (directly or through other types, not through arrays or dictionaries) and
/// boxes the properties, or marks the enums `indirect`, that close each cycle.
struct RecursionBreaker {
    private let ids: [String: Int]
    private let aliases: [Int?]
    /// The cycle each type in one is in, by id (nil for types in none).
    private let component: [Int?]

    init(graph: DeclarationGraph) {
        ids = graph.ids
        let aliases = graph.aliases
        self.aliases = aliases
        let edges = graph.edges.map { targets in
            targets.map { $0.map { Self.resolve($0, aliases: aliases) } }
        }
        component = StronglyConnected(edges: edges).componentIndex
    }

    /// The type an alias (or a chain of them) names; any other type as it is.
    private static func resolve(_ id: Int, aliases: [Int?]) -> Int {
        AliasChain.end(from: id, count: aliases.count) { aliases[$0] }
    }

    /// Whether the type named `to` is in the cycle component number `from`.
    private func inCycle(_ from: Int, _ to: String) -> Bool {
        guard let id = ids[to] else { return false }
        return component[Self.resolve(id, aliases: aliases)] == from
    }

    /// Boxes the properties of a struct, or marks a union `indirect`, where they close a cycle. A declaration in no
    /// cycle has no member that closes one (most are in none), and only declarations that change are rebuilt.
    func update(_ declaration: inout Declaration, id: Int) {
        switch declaration {
        case .structType(var decl):
            guard let from = component[id] else { return }
            let closing = decl.properties.indices.filter { index in
                decl.properties[index].type.namedType.map { inCycle(from, $0) } ?? false
            }
            guard !closing.isEmpty else { return }
            for index in closing { decl.properties[index].boxed = true }
            declaration = .structType(decl)
        case .oneOf(var decl):
            let from = component[id]
            let isIndirect = from.map { from in
                decl.cases.contains { $0.type.namedType.map { inCycle(from, $0) } ?? false }
                    || decl.fallback?.type.namedType.map { inCycle(from, $0) } ?? false
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
            let name = Self.qualifiedName(declaration.name, in: prefix)
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

    /// Calls `body` with every declaration in the order of ``visitDeclarations(_:)``, without making their
    /// qualified names.
    func forEachDeclaration(_ body: (Declaration) -> Void) {
        func visit(_ declaration: Declaration) {
            body(declaration)
            switch declaration {
            case .structType(let decl): decl.nested.forEach(visit)
            case .oneOf(let decl): decl.nested.forEach(visit)
            case .typeAlias, .enumType: break
            }
        }
        types.forEach(visit)
        for operation in operations { operation.nested.forEach(visit) }
    }

    /// Lets `body` change every declaration, given the qualified name of the declaration it is nested in (empty for a
    /// top-level one; ``qualifiedName(_:in:)`` makes its own); nested declarations are changed after their parent.
    mutating func updateDeclarations(_ body: (inout Declaration, _ parent: String) -> Void) {
        func update(_ declaration: inout Declaration, parent: String) {
            body(&declaration, parent)
            // A declaration without nested ones is left as it is. One with them is consumed, so that (when nothing
            // else holds it) its fields have one owner and the nested declarations change in place, not in a copy.
            guard declaration.hasNested else { return }
            let name = Self.qualifiedName(declaration.name, in: parent)
            switch consume declaration {
            case .structType(var decl):
                for index in decl.nested.indices { update(&decl.nested[index], parent: name) }
                declaration = .structType(decl)
            case .oneOf(var decl):
                for index in decl.nested.indices { update(&decl.nested[index], parent: name) }
                declaration = .oneOf(decl)
            case let other:
                declaration = other
            }
        }
        for index in types.indices { update(&types[index], parent: "") }
        for index in operations.indices {
            let parent = "Operations.\(operations[index].inputName)"
            for nested in operations[index].nested.indices { update(&operations[index].nested[nested], parent: parent) }
        }
    }

    /// `parent.name`, or `name` at the top level (an empty parent).
    static func qualifiedName(_ name: String, in parent: String) -> String {
        guard !parent.isEmpty else { return name }
        var qualified = ""
        qualified.reserveCapacity(parent.utf8.count + 1 + name.utf8.count)
        qualified += parent
        qualified += "."
        qualified += name
        return qualified
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
    /// The component of each node in a cycle, by node (nil for the others and for ids that are no node).
    let componentIndex: [Int?]

    /// - Parameter edges: Each node's successors, by id; nil for an id that is no node (edges to it lead nowhere).
    init(edges: [[Int]?]) {
        let count = edges.count
        let successors = edges.map { targets in (targets ?? []).filter { edges[$0] != nil } }
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var counter = 0
        var result = [Int?](repeating: nil, count: count)
        var componentCounter = 0
        for start in 0..<count where edges[start] != nil && index[start] < 0 {
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
                    for member in members { result[member] = componentCounter }
                    componentCounter += 1
                }
            }
        }
        componentIndex = result
    }
}
