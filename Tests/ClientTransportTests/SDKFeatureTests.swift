import EdgeCasesAPI
import Foundation
import RaspMock
import RaspRuntime
import RaspTestSupport
import Testing

/// The generated client against the mock server: a typed error per documented status, `ClientError` for the others,
/// the raw response beside the value, per-call options, and a request to a path the document does not describe.
@Suite(.serialized) struct SDKFeatureTests {
    @Test(arguments: TransportKind.allCases)
    func documentedStatusesThrowTheirOwnTypes(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let missing = try await #require(throws: APIError<MissingStream>.self) {
                try await client.streamRoute(route: "missing")
            }
            #expect(missing.status == 404 && missing.body.error.errorCode == "mock")
            #expect(missing.body.error.text == "Нет такого потока (mock)")
            #expect(String(decoding: missing.rawBody, as: UTF8.self).contains(#""http_code":404"#))
            #expect(missing.headers[.contentType] != nil)

            let limited = try await #require(throws: APIError<RateLimited>.self) {
                try await client.streamRoute(route: "jsonl", xMockFault: "429")
            }
            #expect(limited.status == 429 && limited.body.error.httpCode == 429)
            #expect(limited.clientError.isRetryable)

            let failed = try await #require(throws: APIError<ServerFailure>.self) {
                try await client.streamRoute(route: "jsonl", xMockFault: "503")
            }
            #expect(failed.status == 503 && failed.body.error.text?.isEmpty == false)

            // 400 is not documented (a text body): today's `ClientError.http`.
            let refused = try await #require(throws: ClientError.self) {
                try await client.streamRoute(route: "jsonl", xMockFault: "no-such-fault")
            }
            guard let failure = refused.httpFailure else { Issue.record("expected .http, got \(refused)"); return }
            #expect(failure.status == 400 && failure.decodedBody == nil)

            // The streaming variant throws the same types.
            await #expect(throws: APIError<MissingStream>.self) { try await client.streamRouteStream(route: "gone") }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func theRawResponseComesWithTheDecodedValue(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            let response = try await client.withRawResponse { client in
                try await client.echoForm(body: PaymentForm(name: "Ann"))
            }
            #expect(response.value.method == "POST" && response.value.path == "/_echo/form")
            #expect(response.status == 200)
            #expect(response.header("content-type")?.hasPrefix("application/json") == true)
            let decoded = try JSONDecoder().decode(Echo.self, from: response.body)
            #expect(decoded.fields.map(\.name) == ["name"] && decoded.fields == response.value.fields)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func perCallOptionsAndUntypedRequests(kind: TransportKind) async throws {
        try await withMockServerClient(kind) { client in
            // Query items per call reach the server; the echo reports them in the raw body.
            let options = RequestOptions(retryPolicy: .never, headers: ["X-Beta": "1"], query: [("beta", "1")])
            let response = try await client.with(options).withRawResponse { client in
                try await client.echoForm(body: PaymentForm(name: "Ann"))
            }
            #expect(String(decoding: response.body, as: UTF8.self).contains(#"{"name":"beta","value":"1"}"#))

            // A path the document does not describe, through the same client.
            var request = ClientRequest("post", "/_echo/untyped")
            request.addQuery("n", 7)
            try request.setJSONBody(Point(x: 3, y: 4))
            let echo = try await client.send(request, decoding: Echo.self)
            #expect(echo.method == "POST" && echo.path == "/_echo/untyped")
            #expect(try JSONDecoder().decode(Point.self, from: echo.body) == Point(x: 3, y: 4))
            var lines = ClientRequest("GET", "/_stream/jsonl")
            lines.addQuery("count", 2)
            let raw = try await client.send(lines)
            #expect(String(decoding: raw.body.data ?? Data(), as: UTF8.self) == "{\"index\": 1}\n{\"index\": 2}\n")
            // A path that is not percent-encoded is refused before anything is sent.
            let refused = try await #require(throws: ClientError.self) {
                try await client.send(ClientRequest("GET", "/_stream/jsonl?count=2"))
            }
            #expect(refused.kind == .invalidRequest)
            #expect(refused.reason?.hasPrefix("the path has '?'") == true)
        }
    }
}
