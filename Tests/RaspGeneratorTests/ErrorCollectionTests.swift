import Foundation
import Testing
@testable import RaspGenerator

/// Every independent error in one run, without cascades; filters before checks; lenient mode with errors it cannot
/// repair.
struct ErrorCollectionTests {
    static let header = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"

    static func failure(_ source: String, config: GeneratorConfig = GeneratorConfig(),
                        files: [String: String] = [:]) throws -> GeneratorFailure {
        try #require(throws: GeneratorFailure.self) {
            try GeneratorPipeline(config: config).generate(Array(source.utf8), sourceName: "t.yaml",
                                                           source: .files(files))
        }
    }

    static func places(_ failure: GeneratorFailure) -> [String] {
        failure.errors.map { error in
            (error.file.map { $0 + ":" } ?? "") + (error.mark.map { "\($0.line):\($0.column)" } ?? "-")
        }
    }

    /// A document with `count` operations and as many schemas, each with errors of its own: a duplicate
    /// `operationId` (but the first), a parameter with an unknown location, and a schema with an unknown type.
    static func documentWithManyErrors(count: Int) -> String {
        var text = header + "paths:\n"
        for index in 0..<count {
            text += "  /p\(index):\n    get:\n      operationId: same\n"
                + "      parameters: [{name: q, in: body}]\n"
                + "      responses: {'200': {description: ok}}\n"
        }
        text += "components:\n  schemas:\n"
        for index in 0..<count { text += "    S\(index): {type: bogus\(index)}\n" }
        return text
    }

    @Test func manyIndependentErrorsAreAllReportedInOneRun() throws {
        let count = 40
        let source = Self.documentWithManyErrors(count: count)
        let clock = ContinuousClock()
        let start = clock.now
        let failure = try Self.failure(source)
        let elapsed = clock.now - start
        let total = count + (count - 1) + count
        #expect(failure.errors.count == total)
        // Sorted by position: line, then column.
        let marks = failure.errors.compactMap(\.mark)
        #expect(marks.count == total)
        #expect(zip(marks, marks.dropFirst()).allSatisfy { ($0.line, $0.column) < ($1.line, $1.column) })
        #expect(failure.errors.filter { $0.message.hasPrefix("duplicate operationId 'same'") }.count == count - 1)
        #expect(failure.errors.filter { $0.message.hasPrefix("unknown parameter location") }.count == count)
        #expect(failure.errors.filter { $0.message.hasPrefix("unknown type 'bogus") }.count == count)
        #expect(!failure.isRepairable)
        let text = failure.rendered(rootName: "t.yaml", lines: { _ in DiagnosticSource(source) })
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("t.yaml:") && $0.contains(": error: ") }.count == 50)
        #expect(lines.contains("and \(total - 50) more errors (\(total) in all)"))
        #expect(lines.last == "\(total) errors")
        #expect(!text.contains("--lenient"))
        print("errors.many_in_process: \(total) errors in \(elapsed)")
    }

    @Test func anErrorInASchemaIsReportedOnceAndItsSiblingsAreStillChecked() throws {
        let failure = try Self.failure(Self.header + """
            paths: {}
            components:
              schemas:
                A: {type: bogus, enum: not-a-list, properties: [x]}
                B:
                  properties:
                    fine: {type: string}
                    bad: {type: [string, 7]}
                    alsoBad: {$ref: '#/components/schemas/Nope'}

            """)
        #expect(Self.places(failure) == ["6:15", "10:30", "11:25"])
        #expect(failure.errors[0].message.hasPrefix("unknown type 'bogus'"))
        #expect(failure.isRepairable)
    }

    @Test func aDanglingRefIsReportedOncePerPlaceItIsWritten() throws {
        // Written twice: two errors. Inside a component schema that three operations use: one error.
        var source = Self.header + "paths:\n"
        for index in 0..<3 {
            source += "  /p\(index):\n    get:\n      operationId: op\(index)\n      responses:\n"
                + "        '200': {description: ok, content: {application/json: {schema: "
                + "{$ref: '#/components/schemas/Wrapper'}}}}\n"
        }
        source += """
            components:
              schemas:
                Wrapper:
                  properties:
                    a: {$ref: '#/components/schemas/Gone'}
                    b: {$ref: '#/components/schemas/Gone'}

            """
        let failure = try Self.failure(source)
        #expect(Self.places(failure) == ["23:19", "24:19"])
        #expect(failure.errors.allSatisfy { $0.message.contains("'#/components/schemas/Gone'") })
    }

    @Test func aSharedObjectWithAnErrorIsReportedOnce() throws {
        var source = Self.header + "paths:\n"
        for index in 0..<3 {
            source += "  /p\(index):\n    get:\n      operationId: op\(index)\n"
                + "      parameters: [{$ref: '#/components/parameters/Bad'}]\n"
                + "      responses: {'200': {$ref: '#/components/responses/Broken'}}\n"
        }
        source += """
            components:
              parameters:
                Bad: {name: q, in: body}
              responses:
                Broken: {description: x, content: [json]}

            """
        let failure = try Self.failure(source)
        #expect(Self.places(failure) == ["21:24", "23:39"])
    }

    @Test func errorsInOneOperationDoNotHideEachOther() throws {
        let failure = try Self.failure(Self.header + """
            paths:
              /a:
                post:
                  parameters:
                    - {name: q, in: body}
                    - {in: query}
                    - {name: fine, in: query}
                  requestBody: {content: [json]}
                  responses:
                    '200': {$ref: '#/components/responses/Nope'}
                    '400': {description: bad, content: {application/json: {schema: {type: bogus}}}}

            """)
        #expect(Self.places(failure) == ["7:25", "8:11", "10:30", "12:23", "13:79"])
        #expect(!failure.isRepairable)
        #expect(failure.errors.map { $0.repair != nil } == [false, false, false, false, true])
    }

    // MARK: Filters before checks

    static let filtered = header + """
        paths:
          /kept:
            get:
              operationId: kept
              tags: [public]
              responses: {'200': {description: ok}}
          /one:
            get:
              operationId: same
              tags: [internal]
              responses: {'200': {$ref: '#/components/responses/Missing'}}
          /two:
            get:
              operationId: same
              tags: [internal]
              parameters: [{name: q, in: body}, {$ref: '#/components/parameters/Missing'}]
              responses: {'200': {description: ok}}
          legacy/{id}:
            get:
              operationId: legacy
              responses: {'200': {description: ok}}

        """

    @Test func excludedOperationsAreNotChecked() throws {
        var config = GeneratorConfig()
        config.excludeOperations = ["same", "legacy"]
        let result = try GeneratorPipeline(config: config).generate(Array(Self.filtered.utf8), sourceName: "t.yaml")
        #expect(result.operations.map(\.operationID) == ["kept"])
        #expect(result.warnings.isEmpty)
        #expect(result.repairs.isEmpty)
    }

    @Test func operationsLeftOutByTagsOrIncludeAreNotChecked() throws {
        var byTags = GeneratorConfig()
        byTags.includeTags = ["public"]
        #expect(try GeneratorPipeline(config: byTags).generate(Array(Self.filtered.utf8), sourceName: "t.yaml")
            .operations.map(\.operationID) == ["kept"])
        var byInclude = GeneratorConfig()
        byInclude.includeOperations = ["kept"]
        #expect(try GeneratorPipeline(config: byInclude).generate(Array(Self.filtered.utf8), sourceName: "t.yaml")
            .operations.map(\.operationID) == ["kept"])
    }

    @Test func withoutFiltersTheSameOperationsFail() throws {
        let failure = try Self.failure(Self.filtered)
        #expect(Self.places(failure) == ["13:33", "16:20", "18:34", "18:48", "20:3"])
    }

    // MARK: Lenient mode

    /// Two errors with a repair (a description, a response given as a request body) and one without.
    static let mixed = """
        openapi: 3.0.3
        info: {title: T, version: '1', description: {$ref: intro.md}}
        paths:
          /a:
            get:
              operationId: a
              parameters: [{name: q, in: body}]
              responses: {'200': {$ref: '#/components/requestBodies/B'}}
        components:
          requestBodies:
            B: {content: {application/json: {schema: {type: string}}}}

        """

    @Test func lenientModeStillFailsOnErrorsWithoutARepair() throws {
        let strict = try Self.failure(Self.mixed)
        #expect(Self.places(strict) == ["2:45", "7:34", "8:33"])
        #expect(!strict.isRepairable)
        #expect(!strict.rendered(rootName: "t.yaml") { _ in nil }.contains("--lenient"))

        var config = GeneratorConfig()
        config.lenient = true
        let lenient = try Self.failure(Self.mixed, config: config)
        #expect(Self.places(lenient) == ["7:34"])
        #expect(lenient.repairedCount == 2)
        #expect(!lenient.isRepairable)
        let text = lenient.rendered(rootName: "t.yaml") { _ in nil }
        #expect(text.hasSuffix("1 error without a safe repair (2 others were repaired)"))
    }

    @Test func oneErrorWithoutARepairPrintsAsBefore() throws {
        let failure = try Self.failure(Self.header + "paths:\n  /a:\n    get:\n      parameters: [{in: query}]\n")
        #expect(failure.rendered(rootName: "t.yaml") { _ in nil }
            == "t.yaml:6:20: error: a parameter needs a 'name'")
    }

    // MARK: YAML and other files

    @Test func everyDuplicateKeyIsReported() throws {
        let source = Self.header
            + "paths:\n  /a: {get: {}, get: {}}\n  /b: {}\n  /a: {}\ncomponents: {}\ncomponents: {}\n"
        let failure = try Self.failure(source)
        #expect(Self.places(failure) == ["4:17", "6:3", "8:1"])
        #expect(failure.errors.allSatisfy { $0.message.hasPrefix("duplicate key '") && $0.repair == nil })
    }

    @Test func errorsInOtherFilesComeAfterTheRootsAndNameTheirFile() throws {
        let failure = try Self.failure(Self.header + """
            paths:
              /a:
                get:
                  parameters: [{$ref: 'params.yaml#/Broken'}, {$ref: 'bad.yaml#/X'}, {name: q, in: body}]
                  responses: {'200': {description: ok}}

            """, files: ["params.yaml": "Broken: {name: p, in: nowhere}\n", "bad.yaml": "X: 1\nX: 2\nY: [\n"])
        #expect(Self.places(failure) == ["6:88", "bad.yaml:2:1", "bad.yaml:4:1", "params.yaml:1:23"])
        #expect(failure.errors[1].message == "duplicate key 'X' in a mapping")
    }

    @Test func aReferencedFileThatIsNoYAMLFailsEveryReferenceWithItsOwnError() throws {
        let failure = try Self.failure(Self.header + """
            paths: {}
            components:
              schemas:
                A: {$ref: 'bad.yaml#/A'}
                B: {properties: {b: {$ref: 'bad.yaml#/B'}}}

            """, files: ["bad.yaml": "A: [\n"])
        // Reported once, in the file, without a repair (YAML that cannot be read is never repaired).
        #expect(Self.places(failure) == ["bad.yaml:2:1"])
        #expect(failure.errors[0].repair == nil)
        var config = GeneratorConfig()
        config.lenient = true
        #expect(Self.places(try Self.failure(Self.header + "paths: {}\ncomponents:\n  schemas:\n"
            + "    A: {$ref: 'bad.yaml#/A'}\n", config: config, files: ["bad.yaml": "A: [\n"])) == ["bad.yaml:2:1"])
    }
}
