/// Turns a ``TranslatedAPI`` into a fixed set of Swift files: the types and the operation inputs in three parts each
/// (`Types.swift`, `Types2.swift`, `Types3.swift`, `Operations.swift`, …), then `Client.swift` and `Mocks.swift`.
/// The names are fixed so that a build plugin can declare them before the generator runs.
///
/// The parts are contiguous runs of declarations, in document order, sized for the way a debug build compiles a
/// module: its files, sorted by name, in as many contiguous batches as the machine has cores, beside one job that
/// type-checks every declaration to emit the module's interface (see ``operationParts(clientCost:operationCosts:typesCost:)``).
struct SwiftRenderer {
    /// How many files the types, and the operation inputs, are split into.
    static let partCount = 3
    /// The output file names, in the order they are written. A build plugin declares exactly these.
    static let fileNames = partNames("Types") + partNames("Operations") + ["Client.swift", "Mocks.swift"]

    let api: TranslatedAPI
    let config: GeneratorConfig
    let sourceName: String

    var access: String { config.accessPrefix }

    func render() -> [GeneratedFile] {
        let types = ([chunk { renderServers(&$0); renderAuthentication(&$0) }]
            + api.types.map { declaration in chunk { render(declaration, &$0); $0.line() } }).filter { !$0.isEmpty }
        let operations = api.operations.map { operation in chunk(level: 1) { renderOperationInput(operation, &$0); $0.line() } }
        let client = chunk(renderClient)
        let mock = chunk(renderMock)

        var files: [GeneratedFile] = []
        let typeWeights = types.map(Self.weight)
        for (name, range) in zip(Self.partNames("Types"), Self.partition(typeWeights, into: Self.partCount)) {
            files.append(GeneratedFile(name: name, contents: file(types[range].joined())))
        }
        let parts = Self.operationParts(clientCost: (Self.weight(client) + Self.weight(mock)) * Self.clientCostPerLine,
                                        operationCosts: operations.map { Self.weight($0) * Self.operationCostPerLine },
                                        typesCost: typeWeights.reduce(0, +) * Self.typeCostPerLine)
        // The operation inputs go in one `extension Operations` per file.
        for (index, (name, range)) in zip(Self.partNames("Operations"), parts).enumerated() {
            var w = CodeWriter()
            if index == 0 { renderOperationsNamespace(&w) }
            if !range.isEmpty {
                w.line("extension Operations {")
                w.append(operations[range].joined())
                w.trimBlankLine()
                w.line("}")
            }
            files.append(GeneratedFile(name: name, contents: file(w.text)))
        }
        files.append(GeneratedFile(name: "Client.swift", contents: file(client)))
        // The mock's public surface is its handlers' types; its bodies name `MockClientError`, which is not public.
        let mockSurface = methods.map(\.success.returnType).joined(separator: " ")
        files.append(GeneratedFile(name: "Mocks.swift", contents: file(mock, publicSurface: mockSurface)))
        return files
    }

    /// What a line of the client's methods costs to compile, in the units of ``typeCostPerLine`` and
    /// ``operationCostPerLine``. Measured on Twilio's output: a type declaration costs twice a line of the client
    /// (synthesized `Codable` and `Hashable` conformances, accessors), an operation input 1.6 times (its stored
    /// properties, and the request and response types nested in it).
    static let clientCostPerLine = 5
    static let typeCostPerLine = 10
    static let operationCostPerLine = 8

    /// Splits the operation inputs into the three `Operations` files.
    ///
    /// On two cores the driver compiles the sorted files in two batches: `Client`, `Mocks`, `Operations`,
    /// `Operations2` beside the job that emits the module's interface (about a fifth of the work), then
    /// `Operations3` and the three `Types` files once that job is done. `Operations3` takes the inputs that make the
    /// second batch, plus that job, as long as the first; the others are cut in two equal halves. With more cores the
    /// batches are smaller, and the equal halves keep them even.
    static func operationParts(clientCost: Int, operationCosts: [Int], typesCost: Int) -> [Range<Int>] {
        let operationsCost = operationCosts.reduce(0, +)
        let interfaceCost = (clientCost + operationsCost + typesCost) / 5
        let lastPartCost = max(0, (clientCost + operationsCost - interfaceCost - typesCost) / 2)
        var start = operationCosts.count
        var cost = 0
        while start > 0, cost + operationCosts[start - 1] / 2 < lastPartCost {
            start -= 1
            cost += operationCosts[start]
        }
        return partition(Array(operationCosts[..<start]), into: 2) + [start..<operationCosts.count]
    }

    /// `Types.swift`, `Types2.swift`, `Types3.swift` for `Types`.
    static func partNames(_ base: String) -> [String] {
        (1...partCount).map { $0 == 1 ? "\(base).swift" : "\(base)\($0).swift" }
    }

    /// Cuts weighted items, in order, into `parts` contiguous ranges of about equal total weight (some may be empty).
    static func partition(_ weights: [Int], into parts: Int) -> [Range<Int>] {
        let total = weights.reduce(0, +)
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        var cumulative = 0
        for part in 1..<parts {
            let target = total * part / parts
            // An item goes to this part when more than half of it lies before the cut, or when the part would
            // otherwise stay empty (small specs fill the first files).
            while index < weights.count, cumulative + weights[index] / 2 < target || index == start {
                cumulative += weights[index]
                index += 1
            }
            ranges.append(start..<index)
            start = index
        }
        ranges.append(start..<weights.count)
        return ranges
    }

    /// An estimate of a chunk's compile cost: its lines that are not doc comments.
    static func weight(_ text: String) -> Int {
        var lines = 0
        var atLineStart = true
        var isComment = false
        var slashes = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if !isComment { lines += 1 }
                atLineStart = true
                isComment = false
                slashes = 0
            } else if atLineStart {
                if byte == UInt8(ascii: "/") {
                    slashes += 1
                    if slashes == 2 { isComment = true; atLineStart = false }
                } else if byte != UInt8(ascii: " ") {
                    atLineStart = false
                }
            }
        }
        return lines
    }

    /// The public types of `RaspRuntime` generated code may name (`NamingTests` checks the list against the runtime).
    static let runtimeTypeNames: Set<String> = [
        "APIErrorBody", "Authentication", "BinaryFile", "BodyPartEncoding", "ClientCore", "ClientError",
        "ClientMiddleware", "ClientRequest", "ClientResponse", "ClientResponseHead", "ClientTransport", "ISO8601",
        "EventStream", "Indirect", "JSONCoding", "JSONLinesStream", "JSONValue", "LocalDate", "MockClientError",
        "OneOfDecoding", "OpenEnum", "PageInfo", "PageSequence", "ParameterStyle", "QueryValue", "ResponseBody",
        "ServerSentEvent", "ServerSentEvents", "StreamError", "TypedServerSentEvent", "UploadBody",
        "URLSessionTransport",
    ]
    /// The runtime types generated code names only in function bodies and private storage, never in a public
    /// declaration: they do not make a file's `import RaspRuntime` public.
    static let bodyOnlyRuntimeTypeNames: Set<String> = [
        "BodyPartEncoding", "ClientRequest", "Indirect", "MockClientError", "OneOfDecoding", "ParameterStyle",
    ]
    /// The Foundation types generated code names.
    static let foundationTypeNames: Set<String> = ["Data", "Date", "Decimal", "URL", "UUID"]

    /// Whether a text names a Foundation type or a runtime type outside comments. A mention in a non-public
    /// declaration counts too: at worst that keeps a `public import` Swift then warns about.
    static func usedModules(in text: String) -> (foundation: Bool, runtime: Bool) {
        var foundation = false
        var runtime = false
        var word: [UInt8] = []
        func finishWord() {
            guard !word.isEmpty else { return }
            if word.count <= 24, word[0].isASCIIUppercase {  // type names only
                let name = String(decoding: word, as: UTF8.self)
                if !foundation, foundationTypeNames.contains(name) { foundation = true }
                if !runtime, runtimeTypeNames.contains(name), !bodyOnlyRuntimeTypeNames.contains(name) { runtime = true }
            }
            word.removeAll(keepingCapacity: true)
        }
        var inComment = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if inComment {
                inComment = byte != UInt8(ascii: "\n")
            } else if byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_") {
                word.append(byte)
            } else {
                finishWord()
                if foundation && runtime { break }
                // Comments run to the end of the line ("//" inside a string literal skips the rest of that line).
                inComment = byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/")
            }
        }
        finishWord()
        return (foundation, runtime)
    }

    /// The text a writer produces from the top level.
    private func chunk(level: Int = 0, _ body: (inout CodeWriter) -> Void) -> String {
        var writer = CodeWriter(level: level)
        body(&writer)
        return writer.text
    }

    /// A file: the header, the imports, the body.
    /// - Parameter publicSurface: The text whose type names decide the imports' access (default: the body).
    private func file(_ body: String, publicSurface: String? = nil) -> String {
        var writer = CodeWriter()
        writer.line("// Generated by rasp-generate from \(sourceName). DO NOT EDIT.")
        writer.line("// swift-format-ignore-file")
        writer.line()
        // A module is imported with the declarations' access level when the file names one of its types, otherwise
        // `internal`: Swift warns about a `public import` that no public declaration uses.
        let used = Self.usedModules(in: publicSurface ?? body)
        for (module, isUsed) in [("Foundation", used.foundation), ("RaspRuntime", used.runtime)] {
            let importAccess = config.accessModifier == "internal" ? "" : isUsed ? config.accessModifier + " " : "internal "
            writer.line("\(importAccess)import \(module)")
        }
        writer.line()
        writer.append(body)
        writer.trimBlankLine()
        return writer.text
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
        guard !api.securitySchemes.isEmpty else { return }
        w.block("extension Authentication") { w in
            for scheme in api.securitySchemes {
                w.doc((scheme.doc.map { [$0.trimmed, ""] } ?? []) + ["- Parameter key: The credential, sent as is."])
                if scheme.placement == "bearer" {
                    w.line("\(access)static func \(scheme.name)(_ key: String) -> Authentication { .bearer(key) }")
                } else {
                    w.line("\(access)static func \(scheme.name)(_ key: String) -> Authentication { .apiKey(key, in: \(scheme.placement)) }")
                }
            }
        }
        w.line()
    }

    func render(_ declaration: Declaration, _ w: inout CodeWriter) {
        switch declaration {
        case .structType(let decl): renderStruct(decl, &w)
        case .enumType(let decl): renderEnum(decl, &w)
        case .oneOf(let decl): renderOneOf(decl, &w)
        case .typeAlias(let name, let type, let doc):
            w.doc(doc)
            w.line("\(access)typealias \(name) = \(type.spelling)")
        }
    }

    private func renderStruct(_ decl: StructDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        w.block("\(access)struct \(decl.name): \(decl.direction.conformances)") { w in
            for property in decl.properties {
                w.doc(property.doc)
                renderProperty(property, mutable: decl.isMutable, &w)
            }
            renderMemberwiseInit(decl.properties, &w)
            let needsDecoder = decl.direction != .encode && decl.properties.contains { $0.defaultValue != nil && !$0.isOptional }
            let needsKeys = needsDecoder || decl.properties.contains { Naming.bare($0.name) != $0.wireName || $0.hasStorage }
            if needsKeys {
                w.block("enum CodingKeys: String, CodingKey") { w in
                    w.caseLines(decl.properties.map { property in
                        let stored = Self.storage(property)
                        return Naming.bare(stored) == property.wireName ? stored : "\(stored) = \(Naming.literal(property.wireName))"
                    })
                }
            }
            if needsDecoder {
                renderDecoder(decl.properties, &w)
            }
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

    /// A stored property, or a computed one over private storage (boxed or deprecated values).
    private func renderProperty(_ property: PropertyDecl, mutable: Bool, _ w: inout CodeWriter) {
        let type = property.type.spelling + (property.isOptional ? "?" : "")
        guard property.hasStorage else {
            w.line("\(access)\(mutable ? "var" : "let") \(property.name): \(type)")
            return
        }
        if let message = property.deprecation {
            w.line("@available(*, deprecated, message: \(Naming.literal(message)))")
        }
        let storage = Self.storage(property)
        let optional = property.isOptional ? "?" : ""
        let stored = property.boxed ? "Indirect<\(property.type.spelling)>\(optional)" : type
        let read = property.boxed ? "\(storage)\(optional).value" : storage
        if !mutable {
            w.line("\(access)var \(property.name): \(type) { \(read) }")
            w.line("private let \(storage): \(stored)")
            return
        }
        let write = !property.boxed ? "newValue"
            : property.isOptional ? "newValue.map(Indirect.init)" : "Indirect(newValue)"
        w.line("\(access)var \(property.name): \(type) {")
        w.line("    get { \(read) }")
        w.line("    set { \(storage) = \(write) }")
        w.line("}")
        w.line("private var \(storage): \(stored)")
    }

    private func renderMemberwiseInit(_ properties: [PropertyDecl], _ w: inout CodeWriter) {
        guard !properties.isEmpty else {
            w.doc(["Creates a value (the type has no properties)."])
            w.line("\(access)init() {}")
            return
        }
        let parameters = properties.map { property -> String in
            let type = property.type.spelling + (property.isOptional ? "?" : "")
            let defaultValue = property.isOptional ? " = nil" : (property.defaultValue ?? property.constant).map { " = \($0)" } ?? ""
            return "\(property.name): \(type)\(defaultValue)"
        }
        w.doc(["Creates a value from its properties (optional ones default to `nil`)."])
        w.block("\(access)init(\(parameters.joined(separator: ", ")))") { w in
            for property in properties {
                if property.boxed {
                    let storage = Self.storage(property)
                    w.line(property.isOptional ? "self.\(storage) = \(property.name).map(Indirect.init)"
                                               : "self.\(storage) = Indirect(\(property.name))")
                } else {
                    w.line("self.\(Naming.bare(Self.storage(property))) = \(property.name)")
                }
            }
        }
    }

    /// `init(from:)` for structs whose schema defaults apply when a key is missing.
    private func renderDecoder(_ properties: [PropertyDecl], _ w: inout CodeWriter) {
        w.block("\(access)init(from decoder: any Decoder) throws") { w in
            w.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            for property in properties {
                let stored = Naming.bare(Self.storage(property))
                let type = property.boxed ? "Indirect<\(property.type.spelling)>" : property.type.spelling
                let key = property.hasStorage ? stored : property.name
                if property.isOptional {
                    w.line("self.\(stored) = try container.decodeIfPresent(\(type).self, forKey: .\(key))")
                } else if let defaultValue = property.defaultValue {
                    let value = property.boxed ? "Indirect(\(defaultValue))" : defaultValue
                    w.line("self.\(stored) = try container.decodeIfPresent(\(type).self, forKey: .\(key)) ?? \(value)")
                } else {
                    w.line("self.\(stored) = try container.decode(\(type).self, forKey: .\(key))")
                }
            }
        }
    }

    private func renderEnum(_ decl: EnumDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        w.block("\(access)enum \(decl.name): OpenEnum") { w in
            w.caseLines(decl.cases.map(\.name), doc: "A value the API documents; ``rawValue`` is how it is sent.")
            w.doc(["A value this client does not know yet, kept as it was sent."])
            w.line("case unknown(\(decl.rawType))")
            w.line("\(access)static let knownCases: [Self] = [\(decl.cases.map { "." + $0.name }.joined(separator: ", "))]")
            let literal: (String) -> String = { decl.rawType == "String" ? Naming.literal($0) : $0 }
            w.block("\(access)var rawValue: \(decl.rawType)") { w in
                w.switchBlock("self", decl.cases.map { "case .\($0.name): \(literal($0.literal))" } + ["case .unknown(let value): value"])
            }
        }
    }

    private func renderOneOf(_ decl: OneOfDecl, _ w: inout CodeWriter) {
        w.doc(decl.doc)
        w.block("\(access)\(decl.isIndirect ? "indirect " : "")enum \(decl.name): \(decl.direction.conformances)") { w in
            for item in decl.cases {
                w.doc(["The value as a `\(item.type.spelling)`."])
                w.line("case \(item.name)(\(item.type.spelling))")
            }
            if decl.direction != .encode { renderOneOfDecoder(decl, &w) }
            if decl.direction != .decode {
                w.block("\(access)func encode(to encoder: any Encoder) throws") { w in
                    w.switchBlock("self", decl.cases.map { "case .\($0.name)(let value): try value.encode(to: encoder)" })
                }
            }
            for nested in decl.nested {
                w.line()
                render(nested, &w)
            }
        }
    }

    private func renderOneOfDecoder(_ decl: OneOfDecl, _ w: inout CodeWriter) {
        w.block("\(access)init(from decoder: any Decoder) throws") { w in
            if let property = decl.discriminatorProperty, decl.cases.allSatisfy({ !$0.discriminatorValues.isEmpty }) {
                // Variants that share a value (a spec may tag two with the same constant) are tried in turn.
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
                var cases: [String] = []
                for (index, item) in decl.cases.enumerated() {
                    let values = byValue.filter { $0.cases.first == index && $0.cases.count == 1 }.map(\.value)
                    if !values.isEmpty {
                        cases.append("case \(values.map(Naming.literal).joined(separator: ", ")): self = .\(item.name)(try \(item.type.spelling)(from: decoder))")
                    }
                    for shared in byValue where shared.cases.first == index && shared.cases.count > 1 {
                        let candidates = shared.cases.map { "{ .\(decl.cases[$0].name)(try \(decl.cases[$0].type.spelling)(from: $0)) }" }
                        cases.append("case \(Naming.literal(shared.value)): self = try OneOfDecoding.firstMatch(\(Naming.literal(decl.name)), in: decoder, [\(candidates.joined(separator: ", "))])")
                    }
                }
                w.switchBlock("try OneOfDecoding.discriminator(\(Naming.literal(property)), in: decoder)",
                              cases + ["case let other: throw OneOfDecoding.unknownDiscriminator(other, in: decoder)"])
            } else {
                w.line("var errors: [any Error] = []")
                for item in decl.cases {
                    w.line("do { self = .\(item.name)(try \(item.type.spelling)(from: decoder)); return } catch { errors.append(error) }")
                }
                w.line("throw OneOfDecoding.noMatch(\(Naming.literal(decl.name)), errors: errors, in: decoder)")
            }
        }
    }
}

/// One generated file.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name, e.g. `Types.swift`.
    public var name: String
    /// The UTF-8 text.
    public var contents: String
}
