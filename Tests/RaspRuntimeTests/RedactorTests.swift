import Foundation
import Testing
@testable import RaspRuntime
import RaspTestSupport

/// ``Redactor`` masks keys in URLs, free text, JSON and headers, and leaves everything else alone.
struct RedactorTests {
    let redactor = Redactor(authentication: .apiKey(testKey, in: .query("apikey")))

    @Test func masksQueryValuesByName() {
        let url = "https://api.rasp.yandex.net/v3.0/search/?from=c213&apikey=\(testKey)&to=c2"
        #expect(redactor.redact(url) == "https://api.rasp.yandex.net/v3.0/search/?from=c213&apikey=<redacted>&to=c2")
        #expect(Redactor.standard.redact("GET /x?APIKEY=abc123&lang=ru_RU") == "GET /x?APIKEY=<redacted>&lang=ru_RU")
        #expect(Redactor.standard.redact("?token=abc") == "?token=<redacted>")
    }

    @Test func masksTheSecretItselfAlsoPercentEncoded() {
        let key = "a b/c+\(testKey)"
        let redactor = Redactor(secrets: [key])
        #expect(redactor.redact("value \(key) end") == "value <redacted> end")
        #expect(redactor.redact("q=" + ClientRequest.encode(key)) == "q=<redacted>")
        #expect(!Redactor(authentication: .apiKey(testKey, in: .header("X-Custom"))).redact("raw \(testKey)")
            .contains(testKey))
    }

    @Test func masksHeaderLinesAndJSON() {
        #expect(Redactor.standard.redact("Authorization: \(testKey)\r\nAccept: */*")
            == "Authorization: <redacted>\r\nAccept: */*")
        #expect(Redactor.standard.redact("authorization:Bearer \(testKey)") == "authorization:<redacted>")
        #expect(Redactor.standard.redact(#"{"apikey": "\#(testKey)", "from": "c213"}"#)
            == #"{"apikey": "<redacted>", "from": "c213"}"#)
        #expect(Redactor.standard.redact(#"{"Authorization":"\#(testKey)"}"#) == #"{"Authorization":"<redacted>"}"#)
    }

    @Test func masksHeaderLists() {
        let headers = Redactor(authentication: .apiKey(testKey, in: .header("X-Rasp-Key")))
            .redact(headers: [(name: "X-Rasp-Key", value: testKey), (name: "Accept", value: "application/json"),
                              (name: "X-Echo", value: "k=\(testKey)")])
        #expect(headers.map(\.value) == ["<redacted>", "application/json", "k=<redacted>"])
        let masked = Redactor.standard.redact(headers: fields(["authorization": testKey, "ETag": "\"v1\"",
                                                            "Set-Cookie": "a=\(testKey)", "Set-Cookie": "b=1"]))
        #expect(masked == fields(["authorization": "<redacted>", "ETag": "\"v1\"", "Set-Cookie": "<redacted>",
                                  "Set-Cookie": "<redacted>"]))
    }

    @Test func leavesOrdinaryTextAlone() {
        let text = "search: HTTP 404: Не нашли объект по yandex коду c1111 (monkey=1&keys=2)"
        #expect(Redactor.standard.redact(text) == text)
    }

    @Test func mergingKeepsBothSets() {
        let merged = Redactor(secrets: ["one-secret"])
            .merging(Redactor(authentication: .apiKey("two-secret", in: .query("k2"))))
        #expect(merged.redact("one-secret two-secret ?k2=x") == "<redacted> <redacted> ?k2=<redacted>")
    }
}
