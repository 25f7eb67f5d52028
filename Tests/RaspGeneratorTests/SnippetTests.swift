import Foundation
import Testing
import RaspGenerator

/// Behaviour tests as spec snippet → output snippet: a document of a few lines, and the few lines of Swift it must
/// generate. A change of rendering then re-blesses those lines, not a whole golden (the goldens of ``GoldenTests``
/// are for what must compile and for whole-output forms).
enum Snippet {
    /// The header a document without an `openapi:` line gets.
    static let header = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n"

    /// Generates Swift from a small document and expects each snippet in the output (all files joined), verbatim.
    /// A snippet not found is an issue showing the output's lines nearest to it, as a diff.
    /// - Parameters:
    ///   - spec: The document; without an `openapi:` line, ``header`` comes first (so it can start at `paths:`).
    ///   - config: The generator's options.
    ///   - snippets: Texts the output must contain, each one line or several.
    ///   - sourceLocation: Where to report a missing snippet (the calling test).
    /// - Returns: The run, for further checks (its warnings, say).
    @discardableResult
    static func expectGenerated(_ spec: String, config: GeneratorConfig = GeneratorConfig(),
                                contains snippets: [String],
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> GeneratorPipeline.Result {
        let document = spec.hasPrefix("openapi:") ? spec : header + spec
        let result = try GeneratorPipeline(config: config).run(Array(document.utf8), sourceName: "snippet.yaml")
        let output = result.files.map(\.contents).joined()
        for snippet in snippets where !output.contains(snippet) {
            Issue.record(Comment(rawValue: "The output lacks a snippet.\n" + nearest(snippet, in: output)),
                         sourceLocation: sourceLocation)
        }
        return result
    }

    /// The diff from a snippet to the lines of the output most like it: as many lines as the snippet has, from the
    /// line where the most characters agree with the snippet's lines, line by line from their starts.
    static func nearest(_ snippet: String, in output: String) -> String {
        let wanted = snippet.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        func agreement(at start: Int) -> Int {
            zip(wanted, lines[start...]).reduce(0) { sum, pair in
                sum + zip(pair.0, pair.1).prefix { $0 == $1 }.count
            }
        }
        guard let best = lines.indices.max(by: { agreement(at: $0) < agreement(at: $1) }),
              agreement(at: best) > 0 else {
            return "No line of the output starts like it:\n\(snippet)\n"
        }
        let region = lines[best..<min(lines.count, best + wanted.count)].joined(separator: "\n")
        return TextDiff.unified(from: snippet, to: region, oldName: "expected snippet",
                                newName: "output, from line \(best + 1) of all files joined")
    }
}

/// Spec snippet → output snippet cases (see ``Snippet``). Add one with ``Snippet/expectGenerated(_:config:contains:
/// sourceLocation:)``: the smallest document that shows the behaviour, and the lines it must generate.
struct SnippetTests {
    /// The OAuth additions of OpenAPI 3.2 (authorization server metadata, the device flow) document the token-provider
    /// hook, the place of the flows the app runs itself.
    @Test func oauthMetadataAndDeviceFlowDocumentTheTokenProviderHook() throws {
        try Snippet.expectGenerated("""
            openapi: 3.2.0
            info: {title: Security, version: '1'}
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  oauth2MetadataUrl: https://auth.example.com/.well-known/oauth-authorization-server
                  flows:
                    deviceAuthorization:
                      deviceAuthorizationUrl: https://auth.example.com/device
                      tokenUrl: https://auth.example.com/token
                      scopes: {read: Read access}
            security:
              - oauth: [read]
            paths:
              /me: {get: {operationId: getMe, responses: {'204': {description: None.}}}}
            """, contains: ["""
                /// Authorization server metadata (RFC 8414): \
            `https://auth.example.com/.well-known/oauth-authorization-server` (`OpenIDConfiguration.load(from:)` \
            reads its token endpoint).
                /// The device authorization flow (RFC 8628): the app asks `https://auth.example.com/device` for a \
            user code, polls the token endpoint and hands the tokens over here (or their refresh token to \
            `oauth(refreshToken:clientID:)`).
                ///
                /// - Parameter tokens: Hands out access tokens: an `OAuth2Tokens`, or the app's own \
            `AccessTokenProvider`.
                public static func oauth(_ tokens: any AccessTokenProvider) -> Authentication { .oauth2(tokens, \
            scheme: "oauth") }
            """])
    }

    /// A format's type override (`typeOverrides: {formats: …}`) types every value of that format.
    @Test func aFormatOverrideTypesItsValues() throws {
        var config = GeneratorConfig()
        config.formatTypeOverrides = ["date-time": "String"]
        try Snippet.expectGenerated("""
            paths: {}
            components:
              schemas:
                Visit:
                  type: object
                  required: [at]
                  properties:
                    at: {type: string, format: date-time}
            """, config: config, contains: ["    public let at: String\n"])
    }

    /// A missing snippet's message shows the output's nearest lines as a diff.
    @Test func aMissingSnippetIsShownAgainstTheNearestLines() {
        let output = "struct A {\n    let a: Int\n    let b: String\n}\n"
        #expect(Snippet.nearest("    let b: Int\n}", in: output) == """
            --- expected snippet
            +++ output, from line 3 of all files joined
            @@ -1,2 +1,2 @@
            -    let b: Int
            +    let b: String
             }

            """)
    }
}
