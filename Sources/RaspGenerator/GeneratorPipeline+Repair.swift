extension GeneratorPipeline {
    /// An error in the document that a lenient run repaired: where it is, what is wrong, and what was done instead
    /// (``Result/repairs``; `rasp-generate` prints each as a warning).
    public struct Repair: Sendable, Codable, Hashable {
        /// The file the error is in (the root document's path, or a file a `$ref` names).
        public var file: String
        /// The 1-based line (0 when the error has no place).
        public var line: Int
        /// The 1-based column (0 when the error has no place).
        public var column: Int
        /// What is wrong, as strict mode reports it.
        public var problem: String
        /// What was done instead, e.g. "the schema is read as free-form JSON (JSONValue)".
        public var repair: String

        /// Creates a repair.
        public init(file: String, line: Int, column: Int, problem: String, repair: String) {
            self.file = file
            self.line = line
            self.column = column
            self.problem = problem
            self.repair = repair
        }

        /// The repair of a repaired error (located: its ``Diagnostic/file`` is set when not in the root document).
        init(_ diagnostic: Diagnostic, root files: [String]) {
            self.init(file: diagnostic.file ?? files.first ?? "", line: diagnostic.mark?.line ?? 0,
                      column: diagnostic.mark?.column ?? 0, problem: diagnostic.message,
                      repair: diagnostic.repair ?? "")
        }
    }
}
