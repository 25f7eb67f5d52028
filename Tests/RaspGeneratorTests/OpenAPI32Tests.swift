import Foundation
import Testing
import RaspGenerator

/// OpenAPI 3.2: what the parser reads that the output does not show. The goldens (each folder of
/// `Tests/Fixtures/openapi-32` holds a document and `expected.swift`, and the checked-in client of the features that
/// run, `Tests/OpenAPI32API`) are in the manifest ``GoldenTests`` checks.
struct OpenAPI32Tests {
    static let folder = GoldenTests.root.appendingPathComponent("Tests/Fixtures/openapi-32")
    static let files = DocumentSource { path in
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }
    }

    static func generate(_ feature: String) throws -> GeneratorPipeline.Result {
        let spec = folder.appendingPathComponent("\(feature)/openapi.yaml")
        return try GeneratorPipeline().run([UInt8](try Data(contentsOf: spec)), sourceName: "openapi.yaml",
                                           path: spec.path, source: files)
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
        // Both reach the token-provider hook's documentation: SnippetTests.oauthMetadataAndDeviceFlow….
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
