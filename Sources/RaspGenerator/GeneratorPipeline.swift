/// Runs parse → translate → render on one document, in memory.
///
/// ```swift
/// let result = try GeneratorPipeline(config: config).run(bytes, sourceName: "openapi.yaml")
/// for file in result.files { … }
/// ```
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
        /// Warnings about skipped or assumed constructs.
        public var warnings: [Diagnostic]
        /// Milliseconds spent in each stage.
        public var timings: Timings
    }

    /// Milliseconds per stage.
    public struct Timings: Sendable {
        public var parse: Double = 0
        public var translate: Double = 0
        public var render: Double = 0
    }

    /// The files every run writes, so a build plugin can declare them up front.
    public static let outputFileNames = SwiftRenderer.fileNames

    /// Generates Swift from a document.
    /// - Parameters:
    ///   - bytes: The YAML or JSON text.
    ///   - sourceName: The name written in the file headers (keep it relative, for reproducible output).
    /// - Throws: ``Diagnostic`` for the first error in the document.
    public func run(_ bytes: [UInt8], sourceName: String) throws(Diagnostic) -> Result {
        let diagnostics = DiagnosticCollector()
        var timings = Timings()
        let clock = ContinuousClock()
        do {
            var start = clock.now
            let root = try YAMLParser().parse(bytes)
            let parser = try DocumentParser(root: root, diagnostics: diagnostics)
            let document = try parser.parse()
            timings.parse = Self.milliseconds(clock.now - start)
            start = clock.now
            let api = try Translator(config: config, diagnostics: diagnostics).translate(document, parser: parser)
            timings.translate = Self.milliseconds(clock.now - start)
            start = clock.now
            let files = SwiftRenderer(api: api, config: config, sourceName: sourceName).render()
            timings.render = Self.milliseconds(clock.now - start)
            return Result(files: files, warnings: diagnostics.diagnostics, timings: timings)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(.error, "\(error)", at: nil)
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
