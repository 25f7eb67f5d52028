import Foundation
import Testing
@testable import RaspRuntime
import RaspTestSupport

/// A credential or header field with a line break (or any other control character) is refused before anything is
/// sent, with a typed error that names the field and never the value; transports would otherwise drop the field
/// without a word and the server would only answer «no key».
struct HeaderHygieneTests {
    /// A middleware that adds one header field.
    struct Adding: ClientMiddleware {
        var name: String
        var value: String

        func intercept(
            _ request: ClientRequest, baseURL: URL,
            next: @Sendable (ClientRequest, URL) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            var request = request
            request.setHeader(name, value)
            return try await next(request, baseURL)
        }
    }

    static let badKeys = ["\(testKey)\r\nX-Injected: 1", "\(testKey)\n", "\(testKey)\0", "a\tb", "a\u{7F}b",
                          "\r\(testKey)"]

    /// The reason of an `.invalidRequest`, or nil for any other outcome.
    func invalidRequestReason(_ core: ClientCore) async -> String? {
        do {
            _ = try await core.send(getRequest())
            return nil
        } catch let error as ClientError where error.kind == .invalidRequest {
            let reason = error.reason ?? ""
            return reason
        } catch {
            return nil
        }
    }

    @Test("A credential with a control character is refused, in a header and in the query",
          arguments: [Authentication.Placement.header("Authorization"), .query("apikey")])
    func badCredential(placement: Authentication.Placement) async throws {
        for key in Self.badKeys {
            let transport = ScriptedTransport(.response(ClientResponse(status: 200)))
            let core = ClientCore(serverURL: testServer, transport: transport, middlewares: [],
                                  authentication: .apiKey(key, in: placement))
            let reason = try #require(await invalidRequestReason(core), "\(key.debugDescription)")
            #expect(reason.hasPrefix("the credential contains a control character ("), "\(reason)")
            #expect(!reason.contains(testKey))
            #expect(transport.sentCount == 0, "nothing was sent")
        }
    }

    @Test func theCharacterIsNamed() {
        let names = ["a\rb", "a\nb", "a\0b", "a\tb", "a\u{7F}b", "a\u{1B}b"].map { text in
            HeaderText.firstControlCharacter(in: text).map(HeaderText.name(of:))
        }
        #expect(names == ["CR", "LF", "NUL", "TAB", "DEL", "U+001B"])
        #expect(HeaderText.firstControlCharacter(in: "plain key-0123 with spaces and ключ") == nil)
    }

    @Test func aMiddlewareAddingABadFieldIsRefusedBeforeTheTransport() async throws {
        let transport = ScriptedTransport(.response(ClientResponse(status: 200)))
        let core = ClientCore(serverURL: testServer, transport: transport,
                              middlewares: [Adding(name: "X-Mock-Fault", value: "500\r\nX-Other: \(testKey)")],
                              authentication: .apiKey(testKey, in: .header("Authorization")))
        let reason = try #require(await invalidRequestReason(core))
        #expect(reason == "the value of header X-Mock-Fault contains a control character (CR)")
        #expect(transport.sentCount == 0)

        let badName = ClientCore(serverURL: testServer, transport: transport,
                                 middlewares: [Adding(name: "X Bad:", value: "1")], authentication: nil)
        #expect(await invalidRequestReason(badName) == "the header name 'X Bad:' is not valid")
        #expect(transport.sentCount == 0)
    }

    @Test func validFieldsStillGoThrough() async throws {
        let transport = ScriptedTransport(.response(ClientResponse(status: 200)))
        let core = ClientCore(serverURL: testServer, transport: transport,
                              middlewares: [Adding(name: "X-Trace-Id", value: "a b;c=d, \"e\"")],
                              authentication: .apiKey(testKey, in: .header("Authorization")))
        _ = try await core.send(getRequest())
        #expect(transport.sent.first?.header("X-Trace-Id") == "a b;c=d, \"e\"")
        #expect(transport.sent.first?.header("Authorization") == testKey)
    }
}
