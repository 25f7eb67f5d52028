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
                         exampleHandlerName, receiversProtocolName, receiverEnumName, receiverRoutesName]
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
        var use: (Int) -> Imports
    }

    func render() -> [GeneratedFile] {
        // Made once: each method holds its operation's declaration.
        let methods = self.methods
        // Swift checks the module of an aliased type only in `public` declarations (`package` ones may name an
        // alias of an internally imported type, and then warn that a `package import` is unused).
        let aliases = config.accessModifier == .public ? Imports.aliasTable(api.types, namespace: namespace) : [:]
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
                    if server {
                        renderServerDeclarations(&w)
                        renderReceiverDeclarations(&w)
                    }
                })
                w.trimBlankLine()
                w.line("}")
                w.line()
                if server {
                    renderServerRegistration(&w)
                    renderReceiverRegistration(&w)
                }
            } else {
                renderServers(&w)
                if client { renderAuthentication(&w) }
                renderHeadDeclarations(methods, client: client, server: server, &w)
                if server {
                    renderServerRegistration(&w)
                    renderServerDeclarations(&w)
                    renderReceiverRegistration(&w)
                    renderReceiverDeclarations(&w)
                }
            }
        }
        // A part that is not generated is a group with no items.
        let clientMethods = client ? methods : []
        let inputs = hasOperations ? api.operations : []
        var groups = [
            Group(wrapper: namespace.map { "extension \($0)" }, items: api.types.map { declaration in
                chunk(level: inner) { render(declaration, &$0); $0.line() }
            }, use: { Imports(api.types[$0], aliases: aliases, isPublic: config.accessModifier == .public) }),
            Group(wrapper: "extension \(qualified("Operations"))", items: inputs.map { operation in
                chunk(level: 1) { renderOperationInput(operation, &$0); $0.line() }
            }, use: {
                Imports(input: api.operations[$0], aliases: aliases, isPublic: config.accessModifier == .public)
            }),
            Group(wrapper: "extension \(qualified(protocolName))", items: clientMethods.map { method in
                chunk(level: 1) { renderFlattenedMethods(method, &$0) }
            }, use: { Imports(flattened: methods[$0], aliases: aliases) }),
            Group(wrapper: "extension \(qualified(api.clientName))", items: clientMethods.map { method in
                chunk(level: 1) { renderClientMethod(method, &$0) }
            }, use: { Imports(returning: methods[$0].success, aliases: aliases) }),
            Group(wrapper: "extension \(qualified(mockName))", items: clientMethods.map { method in
                chunk(level: 1) { renderMockMethod(method, &$0) }
            }, use: { Imports(returning: methods[$0].success, aliases: aliases) }),
        ]
        if server {
            // The route functions are internal: they add nothing to the files' public surface.
            groups.append(Group(wrapper: "extension \(qualified(routesName))", items: api.calledOperations.map {
                operation in chunk(level: 1) { renderRoute(operation, &$0) }
            }, use: { _ in Imports() }))
            groups.append(Group(wrapper: "extension \(qualified(receiverRoutesName))", items: api.receivers.map {
                operation in chunk(level: 1) { renderRoute(operation, &$0) }
            }, use: { _ in Imports() }))
            groups.append(Group(wrapper: "extension \(qualified(exampleHandlerName))", items: methods.map { method in
                chunk(level: 1) { renderExampleMethod(method, &$0) }
            }, use: { Imports(returning: methods[$0].success, aliases: aliases) }))
        }
        let shares = FileLayout.assign(groups.map { $0.items.map(FileLayout.weight) })
        return Self.fileNames.enumerated().map { index, baseName in
            let name = (namespace ?? "") + baseName
            // This file's share of each group.
            let shares = zip(groups, shares).map { group, ranges in (group: group, items: group.items[ranges[index]]) }
            // The imports first: what the file's public declarations name.
            var used = index == 0 ? Imports.clientDeclarations : Imports()
            for share in shares {
                for item in share.items.indices where !used.isComplete { used.formUnion(share.group.use(item)) }
            }
            var w = CodeWriter()
            w.reserveCapacity((index == 0 ? heads.count : 0)
                              + shares.reduce(0) { $0 + $1.items.reduce(0) { $0 + $1.count } })
            writeHeader(&w, imports: used, isFirst: index == 0)
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
    /// - Parameters:
    ///   - imports: The modules the file's public declarations name, whose imports share their access.
    ///   - isFirst: Whether this is the first file, which holds the client's initializer and the credentials.
    private func writeHeader(_ writer: inout CodeWriter, imports used: Imports, isFirst: Bool) {
        writer.line(GeneratedFile.headerPrefix + "\(sourceName). DO NOT EDIT.")
        writer.line("// swift-format-ignore-file")
        for comment in config.additionalFileComments { writer.line("// \(comment)") }
        writer.line()
        // A module is imported with the declarations' access level when the file names one of its types, otherwise
        // `internal`: Swift warns about a `public import` that no public declaration uses. RaspRuntime's API for
        // generated code (field coding, parameter styles, `ClientCore.perform`) is its `Generated` SPI.
        let modules = [("Foundation", used.foundation, ""), ("RaspRuntime", used.runtime, "@_spi(Generated) ")]
        for (module, isUsed, spi) in modules {
            let importAccess = config.accessModifier == .internal ? "" : isUsed ? access : "internal "
            writer.line("\(spi)\(importAccess)import \(module)")
        }
        // The client's initializer names the default transport in a default argument, which a public initializer
        // exposes (a `public import`; a `package` one does not, and Swift warns about an unused `package import`);
        // the credentials' token caches are only called.
        if isFirst && config.generate.contains(.client) {
            let internalAccess = config.accessModifier == .internal ? "" : "internal "
            writer.line("\(config.accessModifier == .public ? access : internalAccess)import RaspURLSession")
            if usesTokenCaches { writer.line("\(internalAccess)import RaspMiddlewares") }
        }
        // The config's modules: with the declarations' access level, as the types they bring (a type override) may
        // appear in public declarations of any file.
        for module in config.additionalImports { writer.line("\(access)import \(module)") }
        writer.line()
    }

    /// Whether a credential function makes an `OAuth2Tokens` (RaspMiddlewares): an OAuth 2 scheme with a client
    /// credentials or a refresh flow.
    private var usesTokenCaches: Bool {
        api.authSchemes.contains { scheme in
            guard case .oauth2(let clientCredentials, let refresh, _, _) = scheme.kind else { return false }
            return clientCredentials != nil || refresh != nil
        }
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
}
