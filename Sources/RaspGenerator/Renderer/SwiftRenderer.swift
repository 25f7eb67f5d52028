/// Turns a ``TranslatedAPI`` into Swift files. Every file gets a share of each group of declarations: the types,
/// the operation inputs (`extension Operations`), the client's methods (`extension <Client>`), the protocol's
/// convenience methods (`extension <Client>Protocol`) and the mock's methods (`extension Mock<Client>`); the first
/// file also holds the declarations that cannot be split (the protocol, the client's and the mock's storage, the
/// `Operations` namespace). ``FileLayout`` decides the shares.
struct SwiftRenderer {
    /// The output file names, in the order they are written. A build plugin declares exactly these.
    static let fileNames = FileLayout.fileNames

    private(set) var api: TranslatedAPI
    let config: GeneratorConfig
    let sourceName: String

    /// A renderer of `api`; with a namespace, every reference to a generated type is qualified with it first.
    init(api: TranslatedAPI, config: GeneratorConfig, sourceName: String) {
        self.api = api
        self.config = config
        self.sourceName = sourceName
        if let namespace = config.namespace {
            let names = ["Operations", "Servers", api.clientName, protocolName, mockName, routesName,
                         exampleHandlerName]
            self.api.qualifyReferences(in: namespace, otherNames: names)
        }
    }

    var access: String { config.accessModifier.prefix }
    /// The enum the declarations are nested in, if any (``GeneratorConfig/namespace``).
    var namespace: String? { config.namespace }

    /// How code outside the namespace starts the name of an operation's input (`Billing.Operations.`).
    var inputPrefix: String { qualified("Operations") + "." }

    /// A generated declaration's name as code outside the namespace spells it (`Billing.Client`).
    func qualified(_ name: String) -> String {
        namespace.map { "\($0).\(name)" } ?? name
    }

    /// A group of declarations that files share, and the extension that wraps a file's share (none for the types).
    private struct Group {
        var wrapper: String?
        /// Each declaration's text, as UTF-8 bytes.
        var items: [[UInt8]]
        /// The modules the public surface of the item at an index names, which decide the imports' access (read
        /// only until a file is known to need both).
        var use: (Int) -> ModuleUse
    }

    func render() -> [GeneratedFile] {
        // Made once: each method holds its operation's declaration.
        let methods = self.methods
        // Swift checks the module of an aliased type only in `public` declarations (`package` ones may name an
        // alias of an internally imported type, and then warn that a `package import` is unused).
        let aliases = config.accessModifier == .public ? ModuleUse.aliasTable(api.types, namespace: namespace) : [:]
        let client = config.generate.contains(.client)
        let server = config.generate.contains(.server)
        let hasOperations = client || server
        // The first file's declarations. In a namespace, the ones of this document go inside its extension, and the
        // extensions of other types (the credentials of `Authentication`, the protocol's `registerHandlers`) stay at
        // the top level.
        let inner = namespace == nil ? 0 : 1
        let heads = chunk { w in
            if let namespace {
                w.doc(["The declarations generated from \(sourceName)."])
                w.line(access, "enum ", namespace, " {}")
                w.line()
                if client { renderAuthentication(&w) }
                w.line("extension ", namespace, " {")
                w.append(bytes: chunk(level: inner) { w in
                    renderServers(&w)
                    renderHeadDeclarations(methods, client: client, server: server, &w)
                    if server { renderServerDeclarations(&w) }
                })
                w.trimBlankLine()
                w.line("}")
                w.line()
                if server { renderServerRegistration(&w) }
            } else {
                renderServers(&w)
                if client { renderAuthentication(&w) }
                renderHeadDeclarations(methods, client: client, server: server, &w)
                if server {
                    renderServerRegistration(&w)
                    renderServerDeclarations(&w)
                }
            }
        }
        // A part that is not generated is a group with no items.
        let clientMethods = client ? methods : []
        let inputs = hasOperations ? api.operations : []
        var groups = [
            Group(wrapper: namespace.map { "extension \($0)" }, items: api.types.map { declaration in
                chunk(level: inner) { render(declaration, &$0); $0.line() }
            }, use: { ModuleUse(api.types[$0], aliases: aliases, isPublic: config.accessModifier == .public) }),
            Group(wrapper: "extension \(qualified("Operations"))", items: inputs.map { operation in
                chunk(level: 1) { renderOperationInput(operation, &$0); $0.line() }
            }, use: {
                ModuleUse(input: api.operations[$0], aliases: aliases, isPublic: config.accessModifier == .public)
            }),
            Group(wrapper: "extension \(qualified(protocolName))", items: clientMethods.map { method in
                chunk(level: 1) { renderFlattenedMethods(method, &$0) }
            }, use: { ModuleUse(flattened: methods[$0], aliases: aliases) }),
            Group(wrapper: "extension \(qualified(api.clientName))", items: clientMethods.map { method in
                chunk(level: 1) { renderClientMethod(method, &$0) }
            }, use: { ModuleUse(returning: methods[$0].success, aliases: aliases) }),
            Group(wrapper: "extension \(qualified(mockName))", items: clientMethods.map { method in
                chunk(level: 1) { renderMockMethod(method, &$0) }
            }, use: { ModuleUse(returning: methods[$0].success, aliases: aliases) }),
        ]
        if server {
            // The route functions are internal: they add nothing to the files' public surface.
            groups.append(Group(wrapper: "extension \(qualified(routesName))", items: api.operations.map { operation in
                chunk(level: 1) { renderRoute(operation, &$0) }
            }, use: { _ in ModuleUse() }))
            groups.append(Group(wrapper: "extension \(qualified(exampleHandlerName))", items: methods.map { method in
                chunk(level: 1) { renderExampleMethod(method, &$0) }
            }, use: { ModuleUse(returning: methods[$0].success, aliases: aliases) }))
        }
        let shares = FileLayout.assign(groups.map { $0.items.map(FileLayout.weight) })
        return Self.fileNames.enumerated().map { index, baseName in
            let name = (namespace ?? "") + baseName
            // This file's share of each group.
            let shares = zip(groups, shares).map { group, ranges in (group: group, items: group.items[ranges[index]]) }
            // The imports first: what the file's public declarations name.
            var used = index == 0 ? ModuleUse.clientDeclarations : ModuleUse()
            for share in shares {
                for item in share.items.indices where !used.isComplete { used.formUnion(share.group.use(item)) }
            }
            var w = CodeWriter()
            w.reserveCapacity((index == 0 ? heads.count : 0)
                              + shares.reduce(0) { $0 + $1.items.reduce(0) { $0 + $1.count } })
            writeHeader(&w, imports: used)
            if index == 0 { w.append(bytes: heads) }
            for share in shares where !share.items.isEmpty {
                if let wrapper = share.group.wrapper {
                    w.line(wrapper + " {")
                    for item in share.items { w.append(bytes: item) }
                    w.trimBlankLine()
                    w.line("}")
                    w.line()
                } else {
                    for item in share.items { w.append(bytes: item) }
                }
            }
            w.trimBlankLine()
            return GeneratedFile(name: name, utf8: w.takeUTF8())
        }
    }

    /// The first file's declarations of the operations: the `Operations` namespace, the protocol, the client's and
    /// the mock's storage.
    private func renderHeadDeclarations(_ methods: [Method], client: Bool, server: Bool, _ w: inout CodeWriter) {
        if client || server {
            renderOperationsNamespace(&w)
            renderProtocol(methods, &w)
        }
        if client {
            renderClientDeclaration(&w)
            renderMockDeclaration(methods, &w)
        }
    }

    /// The text a writer produces from the top level, as UTF-8 bytes (copied into a file's writer as they are).
    private func chunk(level: Int = 0, _ body: (inout CodeWriter) -> Void) -> [UInt8] {
        var writer = CodeWriter(level: level)
        body(&writer)
        return writer.takeUTF8()
    }

    /// A file's start: the header, then the imports.
    /// - Parameter imports: The modules the file's public declarations name, whose imports share their access.
    private func writeHeader(_ writer: inout CodeWriter, imports used: ModuleUse) {
        writer.line(GeneratedFile.headerPrefix + "\(sourceName). DO NOT EDIT.")
        writer.line("// swift-format-ignore-file")
        for comment in config.additionalFileComments { writer.line("// \(comment)") }
        writer.line()
        // A module is imported with the declarations' access level when the file names one of its types, otherwise
        // `internal`: Swift warns about a `public import` that no public declaration uses.
        for (module, isUsed) in [("Foundation", used.foundation), ("RaspRuntime", used.runtime)] {
            let importAccess = config.accessModifier == .internal ? "" : isUsed ? access : "internal "
            writer.line("\(importAccess)import \(module)")
        }
        // The config's modules: with the declarations' access level, as the types they bring (a type override) may
        // appear in public declarations of any file.
        for module in config.additionalImports { writer.line("\(access)import \(module)") }
        writer.line()
    }

    // MARK: Types

    private func renderServers(_ w: inout CodeWriter) {
        guard !api.servers.isEmpty else { return }
        w.doc(["The servers the spec lists; the first is the default."])
        w.block("\(access)enum Servers") { w in
            for server in api.servers {
                w.doc(server.doc.map { [$0.trimmed] } ?? [])
                w.line("\(access)static let \(server.name) = URL(string: \(Naming.literal(server.url)))!")
            }
            w.doc(["Every server, in the spec's order."])
            w.line("\(access)static let all: [URL] = [\(api.servers.map(\.name).joined(separator: ", "))]")
        }
        w.line()
    }

    private func renderAuthentication(_ w: inout CodeWriter) {
        guard !api.authSchemes.isEmpty else { return }
        w.block("extension Authentication") { w in
            for scheme in api.authSchemes { renderCredentials(scheme, &w) }
        }
        w.line()
    }
    /// The protocols a type conforms to. Types that are only sent (request bodies) are not `Hashable`: nothing
    /// compares them, and synthesized `==` and `hash(into:)` are a large share of a big spec's build time. A type
    /// that encodes and `writesJSON` also writes its own JSON (`JSONWritable`).
    static func conformances(_ direction: CodingDirection, writesJSON: Bool = false) -> String {
        let writable = writesJSON ? ", JSONWritable" : ""
        return switch direction {
        case .both: "Codable, Hashable, Sendable" + writable
        case .encode: "Encodable, Sendable" + writable
        case .decode: "Decodable, Hashable, Sendable"
        }
    }

    /// Whether a struct gets `writeJSON(to:)`: one that encodes, unless a variant writes its keys into the same
    /// object (only `encode(to:)` can share an object between two values).
    private static func writesJSON(_ decl: StructDecl) -> Bool {
        decl.direction != .decode && decl.variant == nil
    }

    func render(_ declaration: Declaration, _ w: inout CodeWriter) {
        switch declaration {
        case .structType(let decl): renderStruct(decl, &w)
        case .enumType(let decl): renderEnum(decl, &w)
        case .oneOf(let decl): renderOneOf(decl, &w)
        case .typeAlias(let name, let type, let doc):
            w.doc(doc)
            w.line(access, "typealias ", name, " = ", type.spelling)
        }
    }

    private func renderStruct(_ decl: StructDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        let conformances = Self.conformances(decl.direction, writesJSON: Self.writesJSON(decl))
        w.block(access, "struct ", decl.name, ": ", conformances) { w in
            // Properties are read in place by index (a for-in loop copies each one, retaining all of its fields).
            for index in decl.properties.indices {
                w.doc(decl.properties[index].doc)
                if decl.properties[index].tracksNull && !decl.properties[index].hasStorage {
                    let name = Naming.bare(decl.properties[index].name)
                    w.doc("- Note: `$\(name)` tells a missing key (nil) from `null` (`.null`).")
                }
                renderProperty(decl.properties[index], mutable: decl.isMutable, &w)
            }
            let keyword = decl.isMutable ? "var " : "let "
            if let variant = decl.variant {
                w.doc(variant.doc)
                w.line(access, keyword, variant.name, ": ", variant.type.spelling)
            }
            if let additional = decl.additional {
                w.doc("The keys the schema does not declare, with their values (its `additionalProperties`).")
                w.line(access, keyword, additional.name, ": [String: ", additional.valueType.spelling, "]")
            }
            renderMemberwiseInit(decl, &w)
            if decl.direction != .encode { renderDecoder(decl, &w) }
            if decl.direction != .decode { renderEncoder(decl, &w) }
            if Self.writesJSON(decl) { renderJSONWriter(decl, &w) }
            for nested in decl.nested {
                w.line()
                render(nested, &w)
            }
        }
    }

    /// The name a property's value is stored under: its own, or `_name` behind a computed property.
    private static func storage(_ property: PropertyDecl) -> String {
        property.hasStorage ? "_" + Naming.bare(property.name) : property.name
    }

    /// The type a property's value is decoded and stored as: the property's type, boxed when it is. A property that
    /// keeps `null` apart from a missing key stores it in a `Nullable` (`Nullable<Indirect<T>>?` for a boxed one).
    private static func storedValueType(_ property: borrowing PropertyDecl) -> String {
        property.boxed ? "Indirect<\(property.type.spelling)>" : property.type.spelling
    }

    /// The expression that stores an optional value `name` in a tracking property's `Nullable` storage.
    private static func nullableStorage(of name: String, _ property: borrowing PropertyDecl) -> String {
        property.boxed ? "\(name).map { .value(Indirect($0)) }" : "\(name).map(Nullable.value)"
    }

    /// A stored property, or a computed one over private storage (boxed or deprecated values).
    private func renderProperty(_ property: borrowing PropertyDecl, mutable: Bool, _ w: inout CodeWriter) {
        let tracksNull = property.tracksNull
        if tracksNull && !property.hasStorage {
            // A wrapper needs a `var`; a type that is never sent keeps it read-only for callers.
            w.line("@NullableField ", access, mutable ? "var " : "private(set) var ", property.name, ": ",
                   property.type.spelling, "?")
            return
        }
        guard property.hasStorage else {
            w.line(access, mutable ? "var " : "let ", property.name, ": ", property.type.spelling,
                   property.isOptional ? "?" : "")
            return
        }
        let type = property.type.spelling + (property.isOptional ? "?" : "")
        if let message = property.deprecation {
            w.line("@available(*, deprecated, message: \(Naming.literal(message)))")
        }
        let storage = Self.storage(property)
        // A defaulted property's storage is optional too: nil for a missing key.
        let optional = property.isOptional || property.keepsPresence ? "?" : ""
        let stored = tracksNull ? "Nullable<\(Self.storedValueType(property))>?"
            : property.boxed ? "Indirect<\(property.type.spelling)>\(optional)" : property.type.spelling + optional
        var read = tracksNull ? property.boxed ? "\(storage)?.value?.value" : "\(storage)?.value"
            : property.boxed ? "\(storage)\(optional).value" : storage
        if property.keepsPresence, let defaultValue = property.defaultValue { read += " ?? " + defaultValue.spelling }
        if !mutable {
            w.line("\(access)var \(property.name): \(type) { \(read) }")
            w.line("private let \(storage): \(stored)")
            return
        }
        let write = tracksNull ? Self.nullableStorage(of: "newValue", property) : !property.boxed ? "newValue"
            : property.isOptional ? "newValue.map(Indirect.init)" : "Indirect(newValue)"
        w.line("\(access)var \(property.name): \(type) {")
        w.line("    get { \(read) }")
        w.line("    set { \(storage) = \(write) }")
        w.line("}")
        w.line("private var \(storage): \(stored)")
    }

    private func renderMemberwiseInit(_ decl: StructDecl, _ w: inout CodeWriter) {
        let properties = decl.properties
        guard !properties.isEmpty || decl.variant != nil || decl.additional != nil else {
            w.doc("Creates a value (the type has no properties).")
            w.line(access, "init() {}")
            return
        }
        w.doc("Creates a value from its properties (optional ones default to `nil`).")
        w.block(writingHeader: { w in
            // One parameter per property: optional ones default to nil, others to the schema default or constant.
            w.write(access, "init(")
            for index in properties.indices {
                if index > 0 { w.write(", ") }
                writeInitParameter(properties[index], &w)
            }
            if let variant = decl.variant {
                w.write(properties.isEmpty ? "" : ", ", variant.name, ": ", variant.type.spelling)
            }
            if let additional = decl.additional {
                w.write(properties.isEmpty && decl.variant == nil ? "" : ", ", additional.name, ": [String: ",
                        additional.valueType.spelling, "] = [:]")
            }
            w.write(")")
        }) { w in
            for index in properties.indices { writeInitAssignment(properties[index], &w) }
            if let variant = decl.variant { w.line("self.", Naming.bare(variant.name), " = ", variant.name) }
            if let additional = decl.additional {
                w.line("self.", Naming.bare(additional.name), " = ", additional.name)
            }
        }
    }

    /// A memberwise init parameter: optional ones default to nil, others to the schema default or constant.
    private func writeInitParameter(_ property: borrowing PropertyDecl, _ w: inout CodeWriter) {
        w.write(property.name, ": ", property.type.spelling)
        if property.isOptional || property.keepsPresence {
            w.write("? = nil")
        } else if let defaultValue = property.defaultValue {
            w.write(" = ", defaultValue.spelling)
        } else if let constant = property.constant {
            w.write(" = \"", Naming.escaped(constant), "\"")
        }
    }

    /// The memberwise init's line that stores a parameter.
    private func writeInitAssignment(_ property: borrowing PropertyDecl, _ w: inout CodeWriter) {
        if property.tracksNull {
            let storage = "self._" + Naming.bare(property.name)
            w.line(property.hasStorage ? "\(storage) = \(Self.nullableStorage(of: property.name, property))"
                                       : "\(storage) = NullableField(wrappedValue: \(property.name))")
        } else if property.boxed {
            let storage = Self.storage(property)
            let isOptional = property.isOptional || property.keepsPresence
            w.line(isOptional ? "self.\(storage) = \(property.name).map(Indirect.init)"
                              : "self.\(storage) = Indirect(\(property.name))")
        } else {
            w.line("self.", Naming.bare(Self.storage(property)), " = ", property.name)
        }
    }

    /// A struct's `init(from:)`: one line per property, keyed by its wire name (``FieldKey``). Written out rather
    /// than synthesized: a synthesized coder needs a `CodingKeys` enum per type and resolves the containers'
    /// overloaded methods per property, which costs more to compile than these calls to methods without overloads.
    /// A property with a schema default keeps a missing key missing (its getter supplies the default).
    private func renderDecoder(_ decl: StructDecl, _ w: inout CodeWriter) {
        let properties = decl.properties
        w.block(access, "init(from decoder: any Decoder) throws") { w in
            guard !properties.isEmpty || decl.additional != nil else {
                w.line("_ = try decoder.container(keyedBy: FieldKey.self)")
                if let variant = decl.variant {
                    w.line("self.", Naming.bare(variant.name), " = try ", variant.type.spelling, "(from: decoder)")
                }
                return
            }
            w.line("let container = try decoder.container(keyedBy: FieldKey.self)")
            for index in properties.indices { writeDecoderLine(properties[index], &w) }
            if let variant = decl.variant {
                w.line("self.", Naming.bare(variant.name), " = try ", variant.type.spelling, "(from: decoder)")
            }
            if let additional = decl.additional {
                let declared = properties.map { Naming.literal($0.wireName) }.joined(separator: ", ")
                w.line("self.", Naming.bare(additional.name), " = try container.additionalFields(",
                       additional.valueType.spelling, ".self, declared: [", declared, "])")
            }
        }
    }

    /// The `init(from:)` line that decodes one property.
    private func writeDecoderLine(_ property: borrowing PropertyDecl, _ w: inout CodeWriter) {
        let stored = Naming.bare(Self.storage(property))
        let type = property.type.spelling
        let (open, close) = property.boxed ? ("Indirect<", ">") : ("", "")
        let key = Naming.escaped(property.wireName)
        if property.tracksNull {
            let read = "try container.nullableField(\(Self.storedValueType(property)).self, \"\(key)\")"
            w.line("self._", Naming.bare(property.name), " = ",
                   property.hasStorage ? read : "NullableField(projectedValue: \(read))")
        } else if property.isOptional || property.keepsPresence {
            let method = property.keepsNullValue ? "presentField(" : "optionalField("
            w.line("self.", stored, " = try container.", method, open, type, close, ".self, \"", key, "\")")
        } else {
            w.line("self.", stored, " = try container.field(", open, type, close, ".self, \"", key, "\")")
        }
    }

    /// A struct's `encode(to:)`: one line per property, in declaration order (the order of the keys on the wire);
    /// a nil optional writes no key.
    private func renderEncoder(_ decl: StructDecl, _ w: inout CodeWriter) {
        w.block(access, "func encode(to encoder: any Encoder) throws") { w in
            if decl.properties.isEmpty && decl.additional == nil {
                w.line("_ = encoder.container(keyedBy: FieldKey.self)")
            } else {
                w.line("var container = encoder.container(keyedBy: FieldKey.self)")
            }
            writeEncoderLines(decl, receiver: "container", &w)
            // The variant writes its keys into the same object.
            if let variant = decl.variant { w.line("try self.", Naming.bare(variant.name), ".encode(to: encoder)") }
        }
    }

    /// A struct's `writeJSON(to:)`: the lines of its `encode(to:)`, written to a `JSONWriter` between braces.
    private func renderJSONWriter(_ decl: StructDecl, _ w: inout CodeWriter) {
        w.block(access, "func writeJSON(to writer: inout JSONWriter) throws") { w in
            w.line("writer.beginObject()")
            writeEncoderLines(decl, receiver: "writer", &w)
            w.line("writer.endObject()")
        }
    }

    /// One line per property, and the additional properties, for a keyed container or a `JSONWriter` (whose
    /// methods have the same names).
    private func writeEncoderLines(_ decl: StructDecl, receiver: String, _ w: inout CodeWriter) {
        let properties = decl.properties
        for index in properties.indices {
            let property = properties[index]
            let tracksNull = property.tracksNull
            let method = tracksNull ? "encodeNullableField" : property.encodesNull ? "encodeFieldOrNull"
                : property.isOptional || property.keepsPresence ? "encodeOptionalField" : "encodeField"
            let value = tracksNull && !property.hasStorage ? "_" + Naming.bare(property.name) + ".projectedValue"
                : Naming.bare(Self.storage(property))
            w.line("try ", receiver, ".", method, "(self.", value, ", \"", Naming.escaped(property.wireName), "\")")
        }
        if let additional = decl.additional {
            w.line("try ", receiver, ".encodeAdditionalFields(self.", Naming.bare(additional.name), ")")
        }
    }

    private func renderEnum(_ decl: EnumDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        w.block(access, "enum ", decl.name, ": OpenEnum") { w in
            w.caseLines(decl.cases.map(\.name), doc: "A value the API documents; ``rawValue`` is how it is sent.")
            w.doc("A value this client does not know yet, kept as it was sent.")
            w.line("case unknown(", decl.rawType, ")")
            w.line { w in
                w.write(access, "static let knownCases: [Self] = [")
                for (index, item) in decl.cases.enumerated() { w.write(index == 0 ? "." : ", .", item.name) }
                w.write("]")
            }
            // A string's raw value is a string literal, an integer's the number itself.
            let quote = decl.rawType == "String" ? "\"" : ""
            w.block(access, "var rawValue: ", decl.rawType) { w in
                w.line("switch self {")
                for item in decl.cases {
                    let value = quote.isEmpty ? item.literal : Naming.escaped(item.literal)
                    w.line("case .", item.name, ": ", quote, value, quote)
                }
                w.line("case .unknown(let value): value")
                w.line("}")
            }
        }
    }

    private func renderOneOf(_ decl: OneOfDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        let indirect = decl.isIndirect ? "indirect " : ""
        let conformances = Self.conformances(decl.direction, writesJSON: decl.direction != .decode)
        w.block("\(access)\(indirect)enum \(decl.name): \(conformances)") { w in
            for item in decl.cases {
                w.doc(["The value as a `\(item.type.spelling)`."])
                w.line("case \(item.name)(\(item.type.spelling))")
            }
            if let fallback = decl.fallback {
                w.doc(["A value whose discriminator names no subtype this client knows: the base's own properties."])
                w.line("case \(fallback.name)(\(fallback.type.spelling))")
            }
            if decl.direction != .encode { renderOneOfDecoder(decl, &w) }
            if decl.direction != .decode {
                let cases = decl.cases.map(\.name) + (decl.fallback.map { [$0.name] } ?? [])
                w.block("\(access)func encode(to encoder: any Encoder) throws") { w in
                    w.switchBlock("self", cases.map { "case .\($0)(let value): try value.encode(to: encoder)" })
                }
                w.block("\(access)func writeJSON(to writer: inout JSONWriter) throws") { w in
                    w.switchBlock("self", cases.map { "case .\($0)(let value): try writer.encodeValue(value)" })
                }
            }
            for nested in decl.nested {
                w.line()
                render(nested, &w)
            }
        }
    }

    /// A union's `init(from:)`. With a discriminator, its value picks the case. A base schema's value that names no
    /// subtype, has no discriminator, or that its subtype does not accept is the base's own properties; a union
    /// whose document declares the discriminator tries its cases for a value the mapping does not name.
    private func renderOneOfDecoder(_ decl: OneOfDecl, _ w: inout CodeWriter) {
        guard let property = decl.discriminatorProperty, decl.cases.allSatisfy({ !$0.discriminatorValues.isEmpty })
        else {
            renderCandidates(decl, &w)
            w.block("\(access)init(from decoder: any Decoder) throws") { w in
                w.line("self = try OneOfDecoding.bestMatch(", Naming.literal(decl.name),
                       ", in: decoder, Self._candidates)")
            }
            return
        }
        let triesCases = decl.fallback == nil && decl.triesCasesForUnknownTag
        // Variants that share a value (a spec may tag two with the same constant) are chosen among as a union
        // without a discriminator chooses.
        var byValue: [(value: String, cases: [Int])] = []
        for (index, item) in decl.cases.enumerated() {
            for value in item.discriminatorValues {
                if let known = byValue.firstIndex(where: { $0.value == value }) {
                    byValue[known].cases.append(index)
                } else {
                    byValue.append((value, [index]))
                }
            }
        }
        if triesCases || byValue.contains(where: { $0.cases.count > 1 }) { renderCandidates(decl, &w) }
        w.block("\(access)init(from decoder: any Decoder) throws") { w in
            var cases: [String] = []
            // A discriminator that may be missing is read as an optional (see below).
            let optional = decl.fallback != nil || triesCases ? "?" : ""
            for (index, item) in decl.cases.enumerated() {
                let values = byValue.filter { $0.cases.first == index && $0.cases.count == 1 }.map(\.value)
                if !values.isEmpty {
                    let literals = values.map { Naming.literal($0) + optional }.joined(separator: ", ")
                    cases.append("case \(literals): self = .\(item.name)(try \(item.type.spelling)(from: decoder))")
                }
                for shared in byValue where shared.cases.first == index && shared.cases.count > 1 {
                    let candidates = shared.cases.map { "Self._candidates[\($0)]" }.joined(separator: ", ")
                    cases.append("case \(Naming.literal(shared.value))\(optional): "
                                 + "self = try OneOfDecoding.bestMatch(\(Naming.literal(decl.name)), in: decoder, "
                                 + "[\(candidates)])")
                }
            }
            let otherwise = if let fallback = decl.fallback {
                "default: self = .\(fallback.name)(try \(fallback.type.spelling)(from: decoder))"
            } else if triesCases {
                "default: self = try OneOfDecoding.bestMatch(\(Naming.literal(decl.name)), in: decoder, "
                    + "Self._candidates)"
            } else {
                "case let other: throw OneOfDecoding.unknownDiscriminator(other, in: decoder)"
            }
            // A base schema's value may leave the discriminator out: it is then the base's own properties.
            let read = optional.isEmpty ? "discriminator" : "discriminatorIfPresent"
            let switchLine = "try OneOfDecoding.\(read)(\(Naming.literal(property)), in: decoder)"
            guard let fallback = decl.fallback else {
                w.switchBlock(switchLine, cases + [otherwise])
                return
            }
            w.doCatch({ w in w.switchBlock(switchLine, cases + [otherwise]) }, catch: { w in
                w.line("self = try OneOfDecoding.base(in: decoder, after: error) { .", fallback.name, "(try ",
                       fallback.type.spelling, "(from: $0)) }")
            })
        }
    }

    /// The candidates of a union decoded by trying its cases (``/RaspRuntime/OneOfDecoding/bestMatch(_:in:_:)``):
    /// each case's keys and tags, made once per type, not per decoded value.
    private func renderCandidates(_ decl: OneOfDecl, _ w: inout CodeWriter) {
        w.line("private static let _candidates: [OneOfDecoding.Candidate<Self>] = [")
        for (index, item) in decl.cases.enumerated() {
            let keys = index < decl.caseKeys.count ? decl.caseKeys[index] : nil
            let set = keys.map { "[" + Set($0).sorted().map(Naming.literal).joined(separator: ", ") + "]" }
            let tags = index < decl.caseTags.count ? decl.caseTags[index] : []
            let tagList = tags.isEmpty ? "" : ", tags: [" + tags.map { tag in
                Naming.literal(tag.property) + ": [" + tag.values.map(Naming.literal).joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "]"
            w.line("    .init(keys: \(set ?? "nil")\(tagList)) { ",
                   ".\(item.name)(try \(item.type.spelling)(from: $0)) },")
        }
        w.line("]")
    }
}

/// One generated file.
public struct GeneratedFile: Sendable, Hashable {
    /// How every generated file starts, before the source document's name: a tool can tell the generator's files
    /// from the others in a folder.
    public static let headerPrefix = "// Generated by rasp-generate from "

    /// The file name, e.g. `API01.swift`.
    public var name: String
    /// The text's UTF-8 bytes, as they are written to disk.
    public var utf8: [UInt8]

    /// The text.
    public var contents: String {
        String(decoding: utf8, as: UTF8.self)
    }
}
