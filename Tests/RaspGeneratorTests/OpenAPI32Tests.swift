import Foundation
import Testing
import RaspGenerator

/// OpenAPI 3.2: one golden test per feature (each folder of `Tests/Fixtures/openapi-32` holds a document and
/// `expected.swift`, in the form ``ConfigGoldenTests`` writes), the checked-in client of the features that run
/// (`Tests/OpenAPI32API`), and what the parser reads that the output does not show.
struct OpenAPI32Tests {
    static let folder = GoldenTests.root.appendingPathComponent("Tests/Fixtures/openapi-32")
    static let files = DocumentSource { path in
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }
    }

    static let features = [
        "itemSchema-events", "itemSchema-json-lines", "itemSchema-unsupported", "querystring", "query-method",
        "self-reference", "tags", "security", "unsupported",
    ]

    static func generate(_ feature: String) throws -> GeneratorPipeline.Result {
        let spec = folder.appendingPathComponent("\(feature)/openapi.yaml")
        return try GeneratorPipeline().run([UInt8](try Data(contentsOf: spec)), sourceName: "openapi.yaml",
                                           path: spec.path, source: files)
    }

    @Test(arguments: features) func feature(_ name: String) throws {
        let text = ConfigGoldenTests.golden(try Self.generate(name), config: GeneratorConfig(), configName: "")
        try ConfigGoldenTests.compare(text, with: Self.folder.appendingPathComponent("\(name)/expected.swift"),
                                      test: "OpenAPI32Tests")
    }

    @Test func checkedInClientMatchesFreshOutput() throws {
        let result = try Self.generate("client")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let output = GoldenTests.root.appendingPathComponent("Tests/OpenAPI32API")
        for file in result.files {
            let checkedIn = try String(contentsOf: output.appendingPathComponent(file.name), encoding: .utf8)
            #expect(checkedIn == file.contents, """
                Tests/OpenAPI32API/\(file.name) is stale: run `swift run rasp-generate \
                Tests/Fixtures/openapi-32/client/openapi.yaml --output Tests/OpenAPI32API`
                """)
        }
    }

    @Test func unsupportedFeaturesAreWarningsAtTheirPlace() throws {
        let warnings = try Self.generate("unsupported").warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("4:32: warning: a server's 'name' (OpenAPI 3.2) is not used") })
        #expect(warnings.contains { $0.hasPrefix("11:11: warning: a response's 'summary' (OpenAPI 3.2) is not used") })
        #expect(warnings.contains { $0.hasPrefix("24:9: warning: 'defaultMapping' (OpenAPI 3.2) is not supported") })
        let items = try Self.generate("itemSchema-unsupported").warnings.map(\.description)
        #expect(items.contains { $0.hasPrefix("12:15: warning: 'itemSchema' of 'multipart/mixed'") })
        #expect(items.contains { $0.hasPrefix("13:15: warning: 'itemEncoding' (OpenAPI 3.2) is not supported") })
        #expect(items.contains { $0.hasPrefix("23:15: warning: 'itemSchema' applies to sequential media types") })
    }

    @Test func tagsAndOAuthAdditionsAreRead() throws {
        func document(_ feature: String) throws -> OpenAPIDocument {
            let spec = Self.folder.appendingPathComponent("\(feature)/openapi.yaml")
            return try GeneratorPipeline().parse([UInt8](try Data(contentsOf: spec)), path: spec.path)
        }
        let tags = try document("tags").tags
        #expect(tags.map(\.name) == ["pets", "cats", "beta", "orphans"])
        #expect(tags[1].parent == "pets")
        #expect(tags.map(\.kind) == ["nav", "nav", "badge", nil])
        let scheme = try #require(try document("security").securitySchemes.first)
        #expect(scheme.oauth2MetadataURL == "https://auth.example.com/.well-known/oauth-authorization-server")
        #expect(scheme.flows.map(\.kind) == [.deviceAuthorization, .authorizationCode])
        #expect(scheme.flows[0].deviceAuthorizationURL == "https://auth.example.com/device")
        #expect(scheme.flows[0].tokenURL == "https://auth.example.com/token")
        #expect(scheme.flows[1].scopes == ["read", "write"])
        // Both reach the token-provider hook's documentation, the place of flows the app runs itself.
        let client = try Self.generate("security").files.map(\.contents).joined()
        let hook = try #require(client.split(separator: "\n").firstIndex { $0.contains("static func oauth(_ tokens") })
        let docs = client.split(separator: "\n")[..<hook].suffix(4).joined(separator: "\n")
        #expect(docs.contains("`https://auth.example.com/.well-known/oauth-authorization-server`"))
        #expect(docs.contains("asks `https://auth.example.com/device` for a user code"))
        let warnings = try Self.generate("tags").warnings.map(\.description)
        #expect(warnings == ["7:29: warning: tag 'orphans' has parent 'nowhere', which is no tag of the document"])
    }

    @Test func selfResolvesReferencesToTheDocumentAndItsFolder() throws {
        let result = try Self.generate("self-reference")
        #expect(result.inputFiles.map { ($0 as NSString).lastPathComponent } == ["openapi.yaml", "schemas.yaml"])
        #expect(result.schemas.map(\.name) == ["Owner", "Pet"])
        #expect(result.warnings.isEmpty)
    }

    @Test func querystringIsOneValueSentAsTheQuery() throws {
        let result = try Self.generate("querystring")
        let search = try #require(result.operations.first)
        #expect(search.parameters.map { "\($0.name) \($0.location) \($0.type)" } == ["filter query SearchFilter"])
        // Only a form is supported; another media type is a warning and the parameter is left out.
        #expect(result.warnings.map(\.description) == [
            "25:15: warning: querystring parameter 'selector' in 'application/json' is not supported (only "
                + "application/x-www-form-urlencoded); the parameter is left out",
        ])
    }

    @Test func theQueryMethodAndAdditionalOperationsAreOperations() throws {
        let result = try Self.generate("query-method")
        #expect(result.operations.map { "\($0.method) \($0.methodName)" }
            == ["QUERY queryReports", "PURGE purgeReports"])
        #expect(result.warnings.map(\.description) == [
            "23:7: warning: additionalOperations 'GET' repeats a method the path item has a field for; ignored",
        ])
    }

    @Test func beforeOpenAPI32QueryAndAdditionalOperationsAreNoOperations() throws {
        let spec = Self.folder.appendingPathComponent("query-method/openapi.yaml")
        let text = try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "openapi: 3.2.0",
                                                                                       with: "openapi: 3.1.0")
        let result = try GeneratorPipeline().run(Array(text.utf8), sourceName: "openapi.yaml")
        #expect(result.operations.isEmpty)
        #expect(result.warnings.isEmpty)
    }
}
