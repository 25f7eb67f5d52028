import RaspBenchData
import Testing
import Foundation
@testable import RaspGenerator

/// Naming and text helpers, including the byte-level fast paths against their Unicode-aware originals.
@Suite("Naming and doc text")
struct NamingTests {
    @Test("wire names become Swift names", arguments: [
        ("logo_svg", "LogoSvg", "logoSvg"),
        ("nearest-stations", "NearestStations", "nearestStations"),
        ("URLPath", "URLPath", "urlPath"),
        ("HTTPStatus2xx", "HTTPStatus2xx", "httpStatus2xx"),
        ("2fa", "_2fa", "_2fa"),
        ("default", "Default", "`default`"),
        ("self", "SelfSchema", "self_"),
        ("ápice_x", "ÁpiceX", "ápiceX"),
        ("", "Value", "_empty"),
    ])
    func names(raw: String, type: String, member: String) {
        #expect(Naming.typeName(raw) == type)
        #expect(Naming.memberName(raw) == member)
    }

    @Test("the ASCII word splitter agrees with the Unicode one on 20,000 random names")
    func asciiWordsMatchUnicodeWords() {
        var random = SeededRandom(seed: 0xA5C11)
        let alphabet = Array("aAbBzZ09_-. /xXyY".utf8)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 14)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let name = String(decoding: bytes, as: UTF8.self)
            #expect(Naming.asciiWords(name) == Naming.unicodeWords(name), "\(name)")
        }
    }

    @Test("doc lines split at LF only, keep CRLF pairs for the writer, and agree with a character split")
    func docLines() {
        let samples = ["one", "a\nb", "a\r\nb\nc", "\n", "x\n\n", "Привет\nмир", "tab\t\n", "\r\n\r\n", ""]
        for text in samples {
            #expect(text.docLines == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                    "\(text.debugDescription)")
        }
        var writer = CodeWriter()
        writer.doc(["first  ", "a\r\nb", "plain\t"])
        #expect(writer.text == "/// first\n/// a\n/// b\n/// plain\n")
    }

    @Test("trailing spaces, tabs and CRs go; other characters stay")
    func trailingSpaces() {
        func docLine(_ text: String) -> String {
            var writer = CodeWriter()
            writer.doc([text])
            return writer.text
        }
        #expect(docLine("abc \t") == "/// abc\n")
        #expect(docLine("abc \t\r") == "/// abc\n///\n")
        #expect(docLine(" \u{301}") == "///  \u{301}\n")
        #expect(docLine("   ") == "///\n")
        #expect("  x  ".trimmed == "x")
        #expect("x".trimmed == "x")
        #expect("\u{00A0}x\u{2003}".trimmed == "x")
    }

    @Test("a nested scope avoids its parents' names without copying them")
    func nestedScopes() {
        var top = NameScope(reserved: ["Operations"])
        #expect(top.unique("Pet") == "Pet")
        var inner = top.nested()
        #expect(inner.unique("Pet") == "Pet2")
        #expect(inner.unique("Operations") == "Operations2")
        #expect(inner.unique("Pet") == "Pet3")
        #expect(top.unique("Pet") == "Pet2")
        #expect(inner.contains("Pet") && !inner.contains("Dog"))
    }
}


/// How the renderer lays out its files: every file an equal share of each group, imports only as public as they
/// need to be.
@Suite("Output layout")
struct OutputLayoutTests {
    @Test("contiguous parts of about equal weight, empty ones when there is too little")
    func partition() {
        #expect(FileLayout.partition([5, 5, 5, 5, 5, 5], into: 3) == [0..<2, 2..<4, 4..<6])
        #expect(FileLayout.partition([], into: 3) == [0..<0, 0..<0, 0..<0])
        #expect(FileLayout.partition([9], into: 3) == [0..<0, 0..<1, 1..<1])
        var random = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let parts = Int(random.next() % 30) + 1
            let weights = (0..<Int(random.next() % 200)).map { _ in Int(random.next() % 40) + 1 }
            let ranges = FileLayout.partition(weights, into: parts)
            #expect(ranges.count == parts && ranges.first?.lowerBound == 0 && ranges.last?.upperBound == weights.count)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            let total = weights.reduce(0, +)
            let heaviest = weights.max() ?? 0
            for range in ranges {
                #expect(weights[range].reduce(0, +) <= total / parts + heaviest, "\(weights) \(ranges)")
            }
        }
    }

    @Test("every file gets an equal share of every group, so no file holds only the costly kind")
    func sharesPerGroup() {
        let groups = [Array(repeating: 30, count: 480), Array(repeating: 5, count: 240), []]
        let shares = FileLayout.assign(groups)
        #expect(shares.count == 3 && shares.allSatisfy { $0.count == FileLayout.fileCount })
        for file in 0..<FileLayout.fileCount {
            #expect(shares[0][file].count == 20 && shares[1][file].count == 10 && shares[2][file].isEmpty)
        }
        // The names sort in the order they are written, so the driver's contiguous batches get whole shares.
        #expect(FileLayout.fileNames == FileLayout.fileNames.sorted())
        #expect(FileLayout.fileNames.first == "API01.swift" && FileLayout.fileNames.count == 24)
    }

    @Test("doc comment lines weigh nothing")
    func weight() {
        #expect(FileLayout.weight(Array("/// doc\n    /// more\nlet a = 1\n    // note\n}\n".utf8)) == 2)
    }

    @Test("every public type of RaspRuntime is known to the import check")
    func runtimeTypeNamesAreComplete() throws {
        let runtime = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/RaspRuntime").standardized
        let files = try #require(FileManager.default.enumerator(at: runtime, includingPropertiesForKeys: nil))
        var declared: Set<String> = []
        let pattern = #/^public (?:final |indirect )?(?:struct|enum|protocol|class|actor) ([A-Za-z0-9_]+)/#
            .anchorsMatchLineEndings()
        for case let file as URL in files where file.pathExtension == "swift" {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: pattern) {
                declared.insert(String(match.1))
            }
        }
        #expect(declared.count > 20)
        // Middleware, file and server-side types are for apps, never named by generated code (quota, user messages
        // and the downloads cache live in RaspServices).
        let appOnly: Set<String> = ["AtomicFile", "AttemptTracker", "Checksum64", "FileStorageError", "HeaderText",
                                    "LoggingMiddleware", "Redactor", "RetryMiddleware", "RetryPolicy", "Sleeper",
                                    "TimeoutMiddleware", "TimeoutPolicy", "ParameterLocation", "RouterTransport",
                                    "ServerMiddleware", "ServerProblem", "ServerRequest", "ServerResponseError",
                                    "IdempotencyKeyMiddleware", "RequestOptions", "TransferProgress", "RawResponse",
                                    "APIError", "HTTPErrorResponse", "TokenSource", "OAuth2Token", "OAuth2Error",
                                    "OpenIDConfiguration", "MultipartPart"]
        #expect(declared.subtracting(appOnly).subtracting(RuntimeSurface.types).isEmpty,
                "public runtime types the import check does not know")
    }

    /// The repository's documents, whose every file is checked against a scan of its text.
    static let importDocuments = [GoldenTests.root.appendingPathComponent("openapi.yaml").path,
                                  GoldenTests.root.appendingPathComponent("Tests/Fixtures/edge-cases-spec/openapi.yaml")
                                    .path]

    /// The default transport is named in the client initializer's default argument: a public initializer needs a
    /// `public import` of its module, a `package` one none (Swift warns about an unused `package import`).
    @Test("the default transport's module is imported as the initializer needs", arguments: [
        (AccessModifier.public, "public import RaspURLSession"), (.package, "internal import RaspURLSession"),
        (.internal, "import RaspURLSession"),
    ])
    func transportImport(level: AccessModifier, expected: String) throws {
        var config = GeneratorConfig()
        config.accessModifier = level
        let source = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n"
        let files = try GeneratorPipeline(config: config).run(Array(source.utf8), sourceName: "t.yaml").files
        let first = try #require(files.first)
        #expect(first.contents.split(separator: "\n").contains { $0 == expected })
        #expect(!files.dropFirst().contains { $0.contents.contains("RaspURLSession") })
    }

    @Test("imports planned from the IR match the types the public declarations name", arguments: importDocuments)
    func importsMatchTheText(path: String) throws {
        let source = DocumentSource { path in (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let files = try GeneratorPipeline().run(bytes, sourceName: "openapi.yaml", path: path, source: source).files
        var publicImports: Set<String> = []
        for file in files {
            // What the text's public declaration lines name, outside string literals (a method's body starts on the
            // next line; an enum's cases and a one-line body name no type of their own).
            var named: Set<String> = []
            for line in file.contents.split(separator: "\n") {
                let code = line.drop { $0 == " " }.replacing(#/^@NullableField /#, with: "public NullableField ")
                let isCase = code.wholeMatch(of: #/case [A-Za-z_`]+\(.*/#) != nil
                guard code.hasPrefix("public ") || isCase else { continue }
                let words = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "").split { !$0.isLetter && !$0.isNumber }
                named.formUnion(words.map(String.init))
            }
            func access(_ names: Set<String>) -> String { named.isDisjoint(with: names) ? "internal" : "public" }
            let expected = [access(RuntimeSurface.foundationTypes) + " import Foundation",
                            "@_spi(Generated) " + access(RuntimeSurface.publicTypes) + " import RaspRuntime"]
            let imports = file.contents.split(separator: "\n").filter { $0.hasSuffix("import Foundation")
                || $0.hasSuffix("import RaspRuntime") }.map(String.init)
            #expect(imports == expected, "\(file.name)")
            publicImports.formUnion(imports.filter { $0.contains("public import") })
        }
        // Both kinds occur, so the check compares something. Every type that encodes names the runtime's
        // `JSONWritable`, so in these documents an internal import is Foundation's.
        #expect(files.contains { $0.contents.contains("internal import") })
        #expect(publicImports.count == 2)
    }

    @Test("imports are public only where a public declaration names the module's types")
    func importAccess() throws {
        let source = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a: {get: {operationId: getA, responses: {'200': {description: ok, content: {application/json: {schema: \
            {$ref: '#/components/schemas/A'}}}}}}}
            components:
              schemas:
                A: {type: object, properties: {when: {type: string, format: byte}, kind: {type: string, enum: [x, \
            y]}}}
            """
        let files = try GeneratorPipeline().run(Array(source.utf8), sourceName: "t.yaml").files
        func imports(_ name: String) -> [String] {
            files.first { $0.name == name }!.contents.split(separator: "\n").filter { $0.contains("import ") }
                .map(String.init)
        }
        #expect(files.map(\.name) == GeneratorPipeline.outputFileNames)
        func named(_ text: String) -> String { files.first { $0.contents.contains(text) }!.name }
        // The first file declares the client, whose initializer names `URL` and runtime types, and the default
        // transport in a default argument. RaspRuntime's API for generated code is its `Generated` SPI.
        let runtime = "@_spi(Generated) public import RaspRuntime"
        let internalRuntime = "@_spi(Generated) internal import RaspRuntime"
        #expect(imports("API01.swift") == ["public import Foundation", runtime, "public import RaspURLSession"])
        // `A` names `Data` and its enum conforms to `OpenEnum`.
        #expect(imports(named("public struct A:")) == ["public import Foundation", runtime])
        // The mock's method names only `A` and the input; its body names `MockClientError`, not a public use.
        let mockFile = named("extension MockClient {")
        if !files.first(where: { $0.name == mockFile })!.contents.contains("public struct A:") {
            #expect(imports(mockFile) == ["internal import Foundation", internalRuntime])
        }
        let empty = files.first { !$0.contents.contains("{") }!.name
        #expect(imports(empty) == ["internal import Foundation", internalRuntime])
        // `OneOfDecoding` (a union's decoder) is not a public use, and the union is only received (an inline
        // response schema), so it does not write JSON either. The struct that holds it reads its own JSON: its
        // `JSONReadable` conformance is a public use.
        let bodyOnly = try GeneratorPipeline().run(Array("""
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /s: {get: {operationId: getS, responses: {'200': {description: ok, content: {application/json: {schema: \
            {type: object, properties: {shape: {oneOf: [{type: integer}, {type: string}]}}}}}}}}}
            components: {}
            """.utf8), sourceName: "t.yaml").files
            .filter { $0.contents.contains("enum Shape") && !$0.contents.contains("struct Client") }
            .map(\.contents).joined()
        #expect(bodyOnly.contains("OneOfDecoding"))
        #expect(!bodyOnly.contains("enum Shape: Decodable, Hashable, Sendable, JSONWritable"))
        #expect(bodyOnly.contains("JSONReadable {") && bodyOnly.contains("public import RaspRuntime"))
    }
}
