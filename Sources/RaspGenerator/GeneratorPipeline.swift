/// Runs parse → translate → render on one document, in memory.
///
/// ```swift
/// let result = try GeneratorPipeline(config: config).run(bytes, sourceName: "openapi.yaml")
/// for file in result.files { … }
/// ```
///
/// ``generate(_:sourceName:path:source:)`` reports every error of a document at once (``GeneratorFailure``);
/// ``run(_:sourceName:path:source:)`` throws the first of them. With ``GeneratorConfig/lenient``, the errors that have
/// a safe repair are repaired and reported as warnings (``Result/repairs``).
public struct GeneratorPipeline: Sendable {
    /// The options.
    public var config: GeneratorConfig

    /// Creates a pipeline.
    public init(config: GeneratorConfig = GeneratorConfig()) {
        self.config = config
    }

    /// What one run produced.
    public struct Result: Sendable {
        /// The Swift files, always ``GeneratorPipeline/outputFileNames`` in that order.
        public var files: [GeneratedFile]
        /// Warnings about skipped or assumed constructs (in lenient mode, one per repair among them).
        public var warnings: [Diagnostic]
        /// The errors a lenient run repaired, sorted by place (as ``GeneratorFailure/errors`` are), each also among
        /// ``warnings``; empty in strict mode.
        public var repairs: [Repair]
        /// Milliseconds spent in each stage.
        public var timings: Timings
        /// Every file the document was read from: the root document, then each file its `$ref`s name (a build
        /// plugin declares them as inputs).
        public var inputFiles: [String]
        /// What the client does with each operation it has.
        public var operations: [OperationSummary]
        /// The Swift type each named schema became (components and other files' schemas).
        public var schemas: [SchemaSummary]
    }

    /// What `rasp-generate --report` writes: the generated operations and the types of the named schemas.
    public struct Report: Sendable, Codable, Hashable {
        /// One entry per generated method.
        public var operations: [OperationSummary]
        /// One entry per named schema that became a top-level declaration or type alias.
        public var schemas: [SchemaSummary]
        /// What lenient mode repaired (empty in a strict run).
        public var repairs: [Repair]

        /// A report of a run's operations, schemas and repairs.
        public init(_ result: Result) {
            operations = result.operations
            schemas = result.schemas
            repairs = result.repairs
        }
    }

    /// A named schema (a `components.schemas` entry, or a schema another file declares) and its Swift type.
    public struct SchemaSummary: Sendable, Codable, Hashable {
        /// The name it is declared under: the `components.schemas` key, or for another file's schema the key it is
        /// written under (`schemas`, `definitions`, `$defs`) or the file's name.
        public var name: String
        /// `#/components/schemas/<name>` for a component; nil for a schema elsewhere (see ``file`` and ``line``).
        public var pointer: String?
        /// The file the schema is written in (a component that only refers to another file's schema is there).
        public var file: String
        /// The 1-based line and column where the schema starts in ``file``.
        public var line: Int
        /// See ``line``.
        public var column: Int
        /// The top-level Swift type.
        public var swiftType: String
        /// `struct`, `enum`, `union` (a `oneOf`/`anyOf` enum) or `alias`.
        public var kind: String
        /// Whether the schema allows `null` at its top level: its uses are optionals of ``swiftType``.
        public var nullable: Bool
    }

    /// One generated method: which operation it sends and the parameters it takes.
    public struct OperationSummary: Sendable, Codable, Hashable {
        /// The HTTP method, upper case.
        public var method: String
        /// The spec's path template.
        public var path: String
        /// The `operationId` (or the method name when the spec has none).
        public var operationID: String
        /// The Swift method name.
        public var methodName: String
        /// The parameters: wire name, location and Swift type.
        public var parameters: [Parameter]
        /// The request body's representations: media type and how it is sent (`json`, `form`, `multipart`,
        /// `text`, `binary`).
        public var bodies: [Body]
        /// For a webhook or callback the server receives: `webhook` or `callback` (its ``path`` is its key, or
        /// its URL's runtime expression); nil for an operation the client calls.
        public var receiver: String?

        /// One parameter of a generated method.
        public struct Parameter: Sendable, Codable, Hashable {
            /// The name on the wire.
            public var name: String
            /// `query`, `path`, `header` or `cookie`.
            public var location: String
            /// The Swift type the input holds it as.
            public var type: String
        }

        /// One media type the request body can be sent as.
        public struct Body: Sendable, Codable, Hashable {
            /// The media type, e.g. `application/json`.
            public var mediaType: String
            /// How the body is encoded: `json`, `form`, `multipart`, `text` or `binary`.
            public var encoding: String
        }
    }

    /// Milliseconds per stage.
    public struct Timings: Sendable {
        /// Reading the YAML and building the document model.
        public var parse: Double = 0
        /// Turning the model into Swift declarations.
        public var translate: Double = 0
        /// Writing the Swift files.
        public var render: Double = 0
    }

    /// The files every run writes, so a build plugin can declare them up front.
    public static let outputFileNames = SwiftRenderer.fileNames

    /// Generates Swift from a document, failing on its first error.
    /// - Parameters:
    ///   - bytes: The YAML or JSON text.
    ///   - sourceName: The name written in the file headers (keep it relative, for reproducible output).
    ///   - path: Where the document is, for resolving `$ref`s to other files (default: `sourceName`).
    ///   - source: Reads the files `$ref`s name (default: none, so a `$ref` to another file is an error).
    /// - Throws: ``Diagnostic`` for the first error in the document (by place, as
    ///   ``generate(_:sourceName:path:source:)`` sorts them); ``Diagnostic/file`` names the file when it is not the
    ///   root document.
    public func run(_ bytes: [UInt8], sourceName: String, path: String? = nil,
                    source: DocumentSource = .none) throws(Diagnostic) -> Result {
        do {
            return try generate(bytes, sourceName: sourceName, path: path, source: source)
        } catch {
            throw error.errors.first ?? Diagnostic(.error, "generation failed", at: nil)
        }
    }

    /// Reads a document without generating anything (for tools that serve or check it, such as a mock server).
    /// - Parameters:
    ///   - bytes: The YAML or JSON text.
    ///   - path: Where the document is, for resolving `$ref`s to other files.
    ///   - source: Reads the files `$ref`s name.
    /// - Throws: ``GeneratorFailure`` with every error the document has.
    public func parse(_ bytes: [UInt8], path: String, source: DocumentSource = .none) throws(GeneratorFailure)
        -> OpenAPIDocument {
        let diagnostics = DiagnosticCollector(lenient: config.lenient)
        var loader: DocumentLoader?
        let fail = { (files: [String]) in
            GeneratorFailure(errors: diagnostics.errors.map { Self.located($0, in: files) },
                             isLenient: config.lenient, repairedCount: diagnostics.repairs.count)
        }
        do {
            let documentLoader = try DocumentLoader(rootPath: path, bytes: bytes, source: source)
            loader = documentLoader
            let document = try DocumentParser(loader: documentLoader, diagnostics: diagnostics, config: config).parse()
            documentLoader.fileErrors.forEach(diagnostics.error)
            for warning in documentLoader.readWarnings { diagnostics.warn(warning.message, at: warning.mark) }
            guard !diagnostics.hasErrors else { throw fail(document.files) }
            return document
        } catch let failure as GeneratorFailure {
            throw failure
        } catch let failure as DocumentLoader.ReadFailure {
            failure.errors.forEach(diagnostics.error)
            throw fail(loader?.paths ?? [])
        } catch let diagnostic as Diagnostic {
            diagnostics.error(diagnostic)
            throw fail(loader?.paths ?? [])
        } catch {
            diagnostics.error(Diagnostic(.error, "\(error)", at: nil))
            throw fail(loader?.paths ?? [])
        }
    }

    /// Generates Swift from a document, reporting every error it has.
    ///
    /// An error does not stop the parser: the construct it is in is left out (a schema is read as free-form JSON)
    /// and the rest is read and translated, so independent errors are all found; nothing is generated when any was.
    /// Operations the config leaves out are not read, so their errors do not count.
    /// - Parameters:
    ///   - bytes: The YAML or JSON text.
    ///   - sourceName: The name written in the file headers (keep it relative, for reproducible output).
    ///   - path: Where the document is, for resolving `$ref`s to other files (default: `sourceName`).
    ///   - source: Reads the files `$ref`s name (default: none, so a `$ref` to another file is an error).
    /// - Throws: ``GeneratorFailure`` with every error, sorted by place. With ``GeneratorConfig/lenient``, only the
    ///   errors without a safe repair fail the run.
    public func generate(_ bytes: [UInt8], sourceName: String, path: String? = nil,
                         source: DocumentSource = .none) throws(GeneratorFailure) -> Result {
        let diagnostics = DiagnosticCollector(lenient: config.lenient)
        var timings = Timings()
        let clock = ContinuousClock()
        var loader: DocumentLoader?
        let fail = { (files: [String]) in
            GeneratorFailure(errors: diagnostics.errors.map { Self.located($0, in: files) },
                             isLenient: config.lenient, repairedCount: diagnostics.repairs.count)
        }
        do {
            var start = clock.now
            let documentLoader = try DocumentLoader(rootPath: path ?? sourceName, bytes: bytes, source: source)
            loader = documentLoader
            let document = try DocumentParser(loader: documentLoader, diagnostics: diagnostics, config: config).parse()
            documentLoader.fileErrors.forEach(diagnostics.error)
            for warning in documentLoader.readWarnings { diagnostics.warn(warning.message, at: warning.mark) }
            timings.parse = Self.milliseconds(clock.now - start)
            start = clock.now
            // Translated also after errors in the document (their constructs are placeholders), for its own errors.
            let api = try Translator(config: config, diagnostics: diagnostics).translate(document)
            timings.translate = Self.milliseconds(clock.now - start)
            guard !diagnostics.hasErrors else { throw fail(document.files) }
            start = clock.now
            let files = SwiftRenderer(api: api, config: config, sourceName: sourceName).render()
            timings.render = Self.milliseconds(clock.now - start)
            let warnings = diagnostics.diagnostics.map { Self.located($0, in: document.files) }
            let repairs = diagnostics.repairs.map { Self.located($0, in: document.files) }
                .sorted(by: GeneratorFailure.precedes).map { Repair($0, root: document.files) }
            return Result(files: files, warnings: warnings, repairs: repairs, timings: timings,
                          inputFiles: document.files, operations: Self.summaries(of: api),
                          schemas: schemaSummaries(of: document, api: api))
        } catch let failure as GeneratorFailure {
            throw failure
        } catch let failure as DocumentLoader.ReadFailure {
            failure.errors.forEach(diagnostics.error)
            throw fail(loader?.paths ?? [])
        } catch let diagnostic as Diagnostic {
            diagnostics.error(diagnostic)
            throw fail(loader?.paths ?? [])
        } catch {
            diagnostics.error(Diagnostic(.error, "\(error)", at: nil))
            throw fail(loader?.paths ?? [])
        }
    }

    /// What each generated method sends.
    private static func summaries(of api: TranslatedAPI) -> [OperationSummary] {
        api.operations.map { operation in
            let parameters = operation.parameters.map {
                OperationSummary.Parameter(name: $0.wireName, location: $0.location.rawValue, type: $0.type.spelling)
            }
            let bodies = operation.body?.representations.map {
                OperationSummary.Body(mediaType: $0.contentType, encoding: "\($0.encoding)")
            } ?? []
            return OperationSummary(method: operation.httpMethod, path: operation.path,
                                    operationID: operation.operationID, methodName: Naming.bare(operation.methodName),
                                    parameters: parameters, bodies: bodies, receiver: operation.receiver?.kind.rawValue)
        }
    }

    /// The Swift type each named schema became, in the order of ``OpenAPIDocument/schemas``, as the translator
    /// named them (``TranslatedAPI/schemaTypes``).
    private func schemaSummaries(of document: OpenAPIDocument, api: TranslatedAPI) -> [SchemaSummary] {
        var kinds: [String: String] = [:]
        for declaration in api.types {
            switch declaration {
            case .structType(let decl): kinds[decl.name] = "struct"
            case .enumType(let decl): kinds[decl.name] = "enum"
            case .oneOf(let decl): kinds[decl.name] = "union"
            case .typeAlias(let name, _, _): kinds[name] = "alias"
            }
        }
        var summaries: [SchemaSummary] = []
        for (index, entry) in document.schemas.enumerated() {
            guard let name = entry.name, let (swiftType, nullable) = api.schemaTypes[index],
                  let kind = kinds[swiftType] else { continue }
            let mark = entry.schema.mark
            let file = mark.file < document.files.count ? document.files[mark.file] : document.files.first ?? ""
            var pointer: String?
            if entry.isComponent {
                var text = "#/components/schemas"
                DocumentLoader.Target.appendToken(name, to: &text)
                pointer = text
            }
            summaries.append(SchemaSummary(name: name, pointer: pointer, file: file, line: mark.line,
                                           column: mark.column, swiftType: swiftType, kind: kind,
                                           nullable: nullable))
        }
        return summaries
    }

    /// The diagnostic with the path of the file it is in, when that is not the root document.
    private static func located(_ diagnostic: Diagnostic, in files: [String]) -> Diagnostic {
        guard let file = diagnostic.mark?.file, file > 0, file < files.count else { return diagnostic }
        var located = diagnostic
        located.file = files[file]
        return located
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
