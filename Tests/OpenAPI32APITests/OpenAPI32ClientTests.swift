import Foundation
import OpenAPI32API
import RaspRuntime
import RaspTestSupport
import Testing

/// The client generated from `Tests/Fixtures/openapi-32/client`: what OpenAPI 3.2 features send and return.
struct OpenAPI32ClientTests {
    /// Answers every request with one response, and records the requests.
    actor Recorder: ClientTransport {
        let response: ClientResponse
        private(set) var requests: [ClientRequest] = []

        init(status: Int = 200, contentType: String = "application/json", body: String = "[]") {
            response = ClientResponse(status: status, headers: [.contentType: contentType], body: Data(body.utf8))
        }

        func send(_ request: ClientRequest, baseURL: URL) async throws -> ClientResponse {
            requests.append(request)
            return response
        }
    }

    @Test func anItemSchemaTypesTheEventsData() async throws {
        let events = "event: note\ndata: {\"text\": \"first\"}\n\ndata: {\"text\": \"second\"}\n\n"
        let client = Client(transport: Recorder(contentType: "text/event-stream", body: events))
        var texts: [String] = []
        var names: [String?] = []
        for try await event in try await client.streamMessages() {
            let message: Message = event.data
            texts.append(message.text)
            names.append(event.event)
        }
        #expect(texts == ["first", "second"])
        #expect(names == ["note", nil])
    }

    @Test func anItemSchemaTypesEachJSONLine() async throws {
        let client = Client(transport: Recorder(contentType: "application/jsonl", body: "{\"id\": 1}\n{\"id\": 2}\n"))
        var ids: [Int] = []
        for try await record in try await client.streamRecords() {
            let typed: Record = record
            ids.append(typed.id)
        }
        #expect(ids == [1, 2])
    }

    @Test func aQuerystringParameterIsTheWholeQuery() async throws {
        let transport = Recorder(body: #"["Tom"]"#)
        let names = try await Client(transport: transport).search(filter: SearchFilter(q: "black cat", page: 2))
        #expect(names == ["Tom"])
        let request = try #require(await transport.requests.last)
        #expect(request.path == "/search")
        #expect(request.query.map { "\($0.name)=\($0.value)" } == ["q=black cat", "page=2"])
    }

    @Test func queryAndAdditionalOperationsSendTheirMethods() async throws {
        let transport = Recorder(body: #"["2025"]"#)
        let client = Client(transport: transport)
        #expect(try await client.queryReports(body: ReportQuery(year: 2025)) == ["2025"])
        let query = try #require(await transport.requests.last)
        #expect(query.method == "QUERY")
        #expect(query.path == "/reports")
        let body = try JSONSerialization.jsonObject(with: try #require(query.body)) as? [String: Int]
        #expect(body == ["year": 2025])

        let purging = Recorder(status: 204, body: "")
        try await Client(transport: purging).purgeReports()
        #expect(try #require(await purging.requests.last).method == "PURGE")
    }
}
