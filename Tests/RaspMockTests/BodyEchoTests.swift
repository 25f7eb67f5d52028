import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RaspMock
import Testing

/// The mock server's `/_echo/` route over a real socket: what it parsed from form, multipart and raw bodies.
@Suite("Mock server: the /_echo/ route")
struct BodyEchoTests {
    /// The route's answer, decoded.
    struct Reply: Decodable, Equatable {
        struct Item: Decodable, Equatable {
            var name: String
            var value: String
        }

        struct Field: Decodable, Equatable {
            var name: String
            var value: String?
            var base64: String
            var filename: String?
            var contentType: String?
        }

        var method: String
        var path: String
        var query: [Item]
        var contentType: String?
        var fields: [Field]
        var body: String
    }

    /// Sends a request and returns the status, the `Content-Type` and the body of the answer.
    static func send(_ base: URL, _ method: String, _ pathAndQuery: String, contentType: String? = nil,
                     headers: [String: String] = [:], body: Data? = nil) async throws -> (Int, String?, Data) {
        var request = URLRequest(url: URL(string: pathAndQuery, relativeTo: base)!)
        request.httpMethod = method
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), data)
    }

    /// Sends a request that must be echoed, and decodes the answer.
    static func echo(_ base: URL, _ method: String, _ pathAndQuery: String, contentType: String?,
                     body: Data?) async throws -> Reply {
        let (status, type, data) = try await send(base, method, pathAndQuery, contentType: contentType, body: body)
        #expect(status == 200)
        #expect(type == "application/json")
        return try JSONDecoder().decode(Reply.self, from: data)
    }

    /// A text field as the route describes it.
    static func field(_ name: String, _ text: String, filename: String? = nil,
                      contentType: String? = nil) -> Reply.Field {
        Reply.Field(name: name, value: text, base64: Data(text.utf8).base64EncodedString(),
                    filename: filename, contentType: contentType)
    }

    @Test("Form pairs are decoded in order: + and %20 as spaces, %5B%5D as [], bad UTF-8 as null")
    func formPairs() async throws {
        try await Fixture.withMock { _, _, url in
            let form = "a=1&plus=x+y&space=x%20y&tags%5B%5D=one&tags%5B%5D=two&&empty=&flag&bad=%FF%2"
            let reply = try await Self.echo(url, "POST", "/_echo/form?q=a%20b&r=1&r=2",
                                            contentType: "application/x-www-form-urlencoded", body: Data(form.utf8))
            #expect(reply == Reply(
                method: "POST", path: "/_echo/form",
                query: [.init(name: "q", value: "a b"), .init(name: "r", value: "1"), .init(name: "r", value: "2")],
                contentType: "application/x-www-form-urlencoded",
                fields: [
                    Self.field("a", "1"), Self.field("plus", "x y"), Self.field("space", "x y"),
                    Self.field("tags[]", "one"), Self.field("tags[]", "two"), Self.field("empty", ""),
                    Self.field("flag", ""), Reply.Field(name: "bad", value: nil, base64: "/yUy"),
                ],
                body: Data(form.utf8).base64EncodedString()
            ))
        }
    }

    @Test("The answer is JSON with sorted keys and explicit nulls")
    func wireShape() async throws {
        try await Fixture.withMock { _, _, url in
            let (status, _, data) = try await Self.send(url, "POST", "/_echo/x",
                                                        contentType: "application/x-www-form-urlencoded",
                                                        body: Data("k=v".utf8))
            #expect(status == 200)
            let expected = #"{"body":"az12","contentType":"application/x-www-form-urlencoded","fields":"#
                + #"[{"base64":"dg==","contentType":null,"filename":null,"name":"k","value":"v"}],"#
                + #""method":"POST","path":"/_echo/x","query":[]}"#
            #expect(String(decoding: data, as: UTF8.self) == expected)
        }
    }

    @Test("Multipart parts: text, a file with name and type, non-UTF-8 bytes, a repeated name, %22 kept")
    func multipart() async throws {
        try await Fixture.withMock { _, _, url in
            let binary: [UInt8] = [0xFF, 0xFE, 0x00, 0x80, 0x0D, 0x0A]
            var body = Data("preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n".utf8)
            body += Data("Hello, мир".utf8)
            body += Data("\r\n--XyZ\r\ncontent-disposition: form-data; name=\"file\"; filename=\"notes 1.txt\"".utf8)
            body += Data("\r\nContent-Type: text/plain\r\n\r\nline1\r\nline2\r\n".utf8)
            body += Data("\r\n--XyZ\r\nContent-Disposition: form-data; name=\"blob\"; filename=\"b.bin\"".utf8)
            body += Data("\r\nContent-Type: application/octet-stream\r\n\r\n".utf8) + Data(binary)
            body += Data("\r\n--XyZ\r\nContent-Disposition: form-data; name=tag\r\n\r\nx".utf8)
            body += Data("\r\n--XyZ\r\nContent-Disposition: form-data; name=\"tag\"\r\n\r\ny".utf8)
            body += Data("\r\n--XyZ  \r\nContent-Disposition: form-data; name=\"a%22b\"\r\n\r\n".utf8)
            body += Data("\r\n--XyZ--\r\nepilogue".utf8)
            let contentType = "multipart/form-data; charset=utf-8; boundary=\"XyZ\""
            let reply = try await Self.echo(url, "POST", "/_echo/multipart", contentType: contentType, body: body)
            #expect(reply == Reply(
                method: "POST", path: "/_echo/multipart", query: [], contentType: contentType,
                fields: [
                    Self.field("title", "Hello, мир"),
                    Self.field("file", "line1\r\nline2\r\n", filename: "notes 1.txt", contentType: "text/plain"),
                    Reply.Field(name: "blob", value: nil, base64: "//4AgA0K", filename: "b.bin",
                                contentType: "application/octet-stream"),
                    Self.field("tag", "x"), Self.field("tag", "y"), Self.field("a%22b", ""),
                ],
                body: body.base64EncodedString()
            ))
        }
    }

    @Test("JSON, text and empty bodies have no fields; the bytes come back in body")
    func rawBodies() async throws {
        try await Fixture.withMock { _, _, url in
            let json = Data(#"{"x":1,"y":[true,null],"s":"a/b"}"#.utf8)
            let put = try await Self.echo(url, "PUT", "/_echo/json", contentType: "application/json", body: json)
            #expect(put == Reply(method: "PUT", path: "/_echo/json", query: [], contentType: "application/json",
                                 fields: [], body: json.base64EncodedString()))
            #expect(Data(base64Encoded: put.body) == json)

            let text = try await Self.echo(url, "PATCH", "/_echo/text", contentType: "text/plain; charset=utf-8",
                                           body: Data("a=1&b=2".utf8))
            #expect(text == Reply(method: "PATCH", path: "/_echo/text", query: [],
                                  contentType: "text/plain; charset=utf-8", fields: [], body: "YT0xJmI9Mg=="))

            let empty = try await Self.echo(url, "GET", "/_echo/none?flag", contentType: nil, body: nil)
            #expect(empty == Reply(method: "GET", path: "/_echo/none", query: [.init(name: "flag", value: "")],
                                   contentType: nil, fields: [], body: ""))
        }
    }

    @Test("A malformed multipart body answers 400 with what is wrong", arguments: [
        ("multipart/form-data", "--b\r\n\r\nx\r\n--b--", "multipart/form-data without a boundary parameter"),
        ("multipart/form-data; boundary=b", "no delimiter here", "no opening delimiter --b"),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx",
         "no closing delimiter --b--"),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--b",
         "no closing delimiter --b--"),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--",
         "part 1 has no name"),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=a\r\nx\r\n--b--",
         "part 1 has no empty line after its headers"),
    ])
    func malformedMultipart(contentType: String, body: String, error: String) async throws {
        try await Fixture.withMock { _, _, url in
            let (status, type, data) = try await Self.send(url, "POST", "/_echo/multipart", contentType: contentType,
                                                           body: Data(body.utf8))
            #expect(status == 400)
            #expect(type == "application/json")
            #expect(try JSONDecoder().decode([String: String].self, from: data) == ["error": error])
        }
    }

    @Test("Echo requests skip fault modes and the Rasp counters")
    func uncounted() async throws {
        try await Fixture.withMock { client, server, url in
            for path in ["/_echo/a", "/_echo/v3.0/search/", "/_echo"] {
                let (status, _, _) = try await Self.send(url, "POST", path, headers: ["X-Mock-Fault": "500"],
                                                         body: Data("k=v".utf8))
                #expect(status == 200)
            }
            let (status, _, _) = try await Self.send(url, "GET", "/_echo/b", headers: ["X-Mock-Fault": "nonsense"])
            #expect(status == 200)
            #expect(await server.allCounters() == [:])
            _ = try await client.copyright()
            #expect(await server.allCounters() == ["/v3.0/copyright/": MockServer.Counters(requests: 1, faults: 0)])
        }
    }

    @Test("A body over 2 MiB answers 413 without being buffered")
    func tooLarge() async throws {
        try await Fixture.withMock { _, _, url in
            let (status, _, data) = try await Self.send(url, "POST", "/_echo/big", contentType: "application/json",
                                                        body: Data(count: 2_097_153))
            #expect(status == 413)
            #expect(try JSONDecoder().decode([String: String].self, from: data)
                == ["error": "the body is larger than 2097152 bytes"])
            let (fits, _, _) = try await Self.send(url, "POST", "/_echo/big", contentType: "application/json",
                                                   body: Data(count: 2_097_152))
            #expect(fits == 200)
        }
    }
}
