import Testing
@testable import RaspGenerator

/// Malformed documents: each must fail with the exact position and a message that says what was expected.
struct DiagnosticTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var mark: Mark
        var message: String
        var testDescription: String { name }
    }

    static let header = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"

    static let cases: [Case] = [
        Case(name: "unclosed flow sequence", source: "a: [1, 2\n", mark: Mark(line: 2, column: 1),
             message: "did not find expected ',' or ']' (while parsing a flow sequence at 1:4)"),
        Case(name: "tab indentation", source: "a:\n\t- b\n", mark: Mark(line: 2, column: 1),
             message: "found character that cannot start any token (while scanning for the next token at 2:1)"),
        Case(name: "duplicate key", source: "a: 1\nb: 2\na: 3\n", mark: Mark(line: 3, column: 1),
             message: "duplicate key 'a' in a mapping"),
        Case(name: "unknown alias", source: "a: *nope\n", mark: Mark(line: 1, column: 4),
             message: "unknown alias '*nope'; expected an anchor '&nope' defined before it"),
        Case(name: "non-string key", source: "? [a, b]\n: c\n", mark: Mark(line: 1, column: 3),
             message: "a mapping key must be a string, found a sequence"),
        Case(name: "unterminated quote", source: "a: \"abc\n", mark: Mark(line: 2, column: 1),
             message: "found unexpected end of stream (while scanning a quoted scalar at 1:4)"),
        Case(name: "bad indentation", source: "a:\n  b: 1\n c: 2\n", mark: Mark(line: 3, column: 2),
             message: "did not find expected key (while parsing a block mapping at 1:1)"),
        Case(name: "invalid UTF-8", source: "a: \u{FFFD}", mark: Mark(line: 1, column: 5),
             message: "invalid input at byte 4: invalid trailing UTF-8 octet"),
        Case(name: "empty document", source: "", mark: Mark(line: 1, column: 1),
             message: "the document is empty; expected a mapping"),
        Case(name: "root is a sequence", source: "- a\n", mark: Mark(line: 1, column: 1),
             message: "expected a mapping at the top of an OpenAPI document, found a sequence"),
        Case(name: "missing openapi", source: "info: {title: T}\n", mark: Mark(line: 1, column: 1),
             message: "missing 'openapi' version field; expected e.g. 'openapi: 3.1.0'"),
        Case(name: "swagger 1.2", source: "swagger: '1.2'\n", mark: Mark(line: 1, column: 10),
             message: "unsupported Swagger version '1.2'; expected 2.0 or an OpenAPI 3 document"),
        Case(name: "unsupported version", source: "openapi: 4.0.0\n", mark: Mark(line: 1, column: 10),
             message: "unsupported OpenAPI version '4.0.0'; expected 3.0.x, 3.1.x or 3.2.x"),
        Case(name: "paths is a sequence", source: header + "paths: [a]\n", mark: Mark(line: 3, column: 8),
             message: "expected a mapping for paths, found a sequence"),
        Case(name: "path without slash", source: header + "paths:\n  pets: {}\n", mark: Mark(line: 4, column: 3),
             message: "path 'pets' must start with '/'"),
        Case(name: "unknown type", source: header + "components:\n  schemas:\n    A: {type: strnig}\n",
             mark: Mark(line: 5, column: 15),
             message: "unknown type 'strnig'; expected one of array, boolean, integer, null, number, object, string"),
        Case(name: "ref to nowhere", source: header + "components:\n  schemas:\n    A:\n      properties:\n"
                 + "        b: {$ref: '#/components/schemas/Nope'}\n",
             mark: Mark(line: 7, column: 19),
             message: "$ref '#/components/schemas/Nope' does not point to anything in this document"),
        Case(name: "external ref", source: header + "components:\n  schemas:\n    A: {$ref: 'other.yaml#/A'}\n",
             mark: Mark(line: 5, column: 15),
             message: "$ref 'other.yaml#/A' names a file that cannot be read "
                 + "(paths are relative to the file the $ref is in)"),
        Case(name: "properties is a sequence",
             source: header + "components:\n  schemas:\n    A:\n      properties: [a]\n",
             mark: Mark(line: 6, column: 19), message: "expected a mapping for 'properties', found a sequence"),
        Case(name: "schema is a string", source: header + "components:\n  schemas:\n    A: hello\n",
             mark: Mark(line: 5, column: 8), message: "expected a schema (a mapping), found a string"),
        Case(name: "parameter without in",
             source: header + "paths:\n  /a:\n    get:\n      parameters:\n        - name: q\n",
             mark: Mark(line: 7, column: 11), message: "parameter 'q' needs 'in'"),
        Case(name: "bad parameter location",
             source: header + "paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: body}\n",
             mark: Mark(line: 7, column: 25),
             message: "unknown parameter location 'body'; expected query, querystring, path, header or cookie"),
        Case(name: "required is not a boolean",
             source: header + "paths:\n  /a:\n    get:\n      parameters:\n"
                 + "        - {name: q, in: query, required: yes please}\n",
             mark: Mark(line: 7, column: 42), message: "expected true or false for 'required', found a string"),
        Case(name: "duplicate operationId",
             source: header + "paths:\n  /a:\n    get: {operationId: x}\n  /b:\n    get: {operationId: x}\n",
             mark: Mark(line: 7, column: 24), message: "duplicate operationId 'x' (first used at 5:10)"),
        Case(name: "parameter ref cycle",
             source: header + "paths:\n  /a:\n    get:\n      parameters: [{$ref: '#/components/parameters/P'}]\n"
                 + "components:\n  parameters:\n    P: {$ref: '#/components/parameters/Q'}\n"
                 + "    Q: {$ref: '#/components/parameters/P'}\n",
             mark: Mark(line: 10, column: 15),
             message: "$ref cycle: '#/components/parameters/P' refers back to itself"),
        Case(name: "allOf cycle",
             source: header + "components:\n  schemas:\n    A: {allOf: [{$ref: '#/components/schemas/B'}]}\n"
                 + "    B: {allOf: [{$ref: '#/components/schemas/A'}]}\n",
             mark: Mark(line: 5, column: 17), message: "allOf cycle: '#/components/schemas/B' includes itself"),
        Case(name: "apiKey without name",
             source: header + "components:\n  securitySchemes:\n    k: {type: apiKey, in: query}\n",
             mark: Mark(line: 5, column: 8), message: "apiKey security scheme 'k' needs 'in' and 'name'"),
        Case(name: "enum is not a list", source: header + "components:\n  schemas:\n    A: {type: string, enum: a}\n",
             mark: Mark(line: 5, column: 29), message: "expected a sequence for 'enum', found a string"),
    ]

    @Test(arguments: cases)
    func reportsThePosition(_ item: Case) throws {
        var bytes = Array(item.source.utf8)
        if item.name == "invalid UTF-8" { bytes = Array("a: ".utf8) + [0xC3, 0x28] }
        let error = try #require(throws: Diagnostic.self) {
            try GeneratorPipeline().run(bytes, sourceName: "t.yaml")
        }
        #expect(error.mark == item.mark)
        if !item.message.isEmpty { #expect(error.message == item.message) }
        #expect(error.severity == .error)
    }

    @Test func countsAtLeastTwentyCases() {
        #expect(Self.cases.count >= 20)
    }
}
