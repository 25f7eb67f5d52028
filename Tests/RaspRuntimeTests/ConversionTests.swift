import Foundation
import Testing
@testable import RaspRuntime

/// Dates, query values and body encodings.
struct ConversionTests {
    @Test(arguments: [
        ("2024-03-05T10:55:00+03:00", 1_709_625_300.0),
        ("2024-03-05T07:55:00Z", 1_709_625_300.0),
        ("2024-03-05T07:55:00.250Z", 1_709_625_300.25),
        ("2024-03-05 07:55:00", 1_709_625_300.0),
        ("2024-03-05T13:25:00+0530", 1_709_625_300.0),
    ])
    func parsesISO8601Tolerantly(_ text: String, _ seconds: Double) {
        #expect(ISO8601.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["05:00:00", "2024-13-01T00:00:00Z", "2024-03-05T10:55:00+03:00junk", ""])
    func rejectsWhatIsNotADateTime(_ text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test func formatsISO8601() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_709_625_300)) == "2024-03-05T07:55:00Z")
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1_709_625_300.5)) == "2024-03-05T07:55:00.500Z")
    }

    @Test func localDateValidatesAndRoundTrips() throws {
        #expect(LocalDate("2024-02-29")?.description == "2024-02-29")
        #expect(LocalDate("2023-02-29") == nil)
        #expect(LocalDate("2024-2-9") == nil)
        let date = try #require(LocalDate(year: 2024, month: 12, day: 31))
        #expect(date.adding(days: 1).description == "2025-01-01")
        let moscow = try #require(TimeZone(identifier: "Europe/Moscow"))
        // 2024-03-04T22:30:00Z is already March 5 in Moscow.
        #expect(LocalDate(Date(timeIntervalSince1970: 1_709_591_400), in: moscow).description == "2024-03-05")
        let decoded = try JSONDecoder().decode([LocalDate].self,
                                               from: Data(#"["2024-03-05", "2024-03-05T10:00:00+03:00"]"#.utf8))
        #expect(decoded.map(\.description) == ["2024-03-05", "2024-03-05"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDate].self, from: Data(#"["05.03.2024"]"#.utf8))
        }
    }

    @Test func buildsURLsWithEncodedQueries() throws {
        var request = ClientRequest(method: "GET", path: "/v3.0/search/", operationID: "search")
        request.addQuery("from", "c213")
        request.addQuery("q", "Москва & Питер")
        request.addQuery("date", LocalDate("2026-12-01"))
        request.addQuery("missing", String?.none)
        request.addQuery("types", ["station", "platform"], explode: false)
        request.addQuery("lat", 55.5)
        request.addQuery("distance", 50.0)
        let url = try #require(request.url(relativeTo: URL(string: "https://api.rasp.yandex-net.ru/base/")!))
        #expect(url.absoluteString == "https://api.rasp.yandex-net.ru/base/v3.0/search/?from=c213"
            + "&q=%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0%20%26%20%D0%9F%D0%B8%D1%82%D0%B5%D1%80"
            + "&date=2026-12-01&types=station%2Cplatform&lat=55.5&distance=50")
    }

    @Test func authenticationGoesWhereTheSchemeSays() {
        var request = ClientRequest(method: "GET", path: "/", operationID: "x")
        Authentication.apiKey("k1", in: .query("apikey")).apply(to: &request)
        #expect(request.query.map(\.name) == ["apikey"])
        Authentication.apiKey("k2", in: .header("Authorization")).apply(to: &request)
        #expect(request.header("authorization") == "k2")
        Authentication.bearer("t").apply(to: &request)
        #expect(request.header("Authorization") == "Bearer t")
    }

    struct Card: Encodable {
        var number: String
        var items: [Item]
        var note: String?
        struct Item: Encodable { var price: String; var quantity: Int }
    }

    @Test func encodesFormBodiesWithBracketKeys() throws {
        var request = ClientRequest(method: "POST", path: "/", operationID: "x")
        try request.setFormBody(Card(number: "4242 4242", items: [.init(price: "p_1", quantity: 2)], note: nil))
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self)
            == "items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&number=4242%204242")
    }

    struct Upload: Encodable { var file: Data; var title: String }

    @Test func encodesMultipartBodies() throws {
        var request = ClientRequest(method: "POST", path: "/", operationID: "x")
        try request.setMultipartBody(Upload(file: Data([0x00, 0xFF]), title: "Отчёт"))
        let contentType = try #require(request.header("Content-Type"))
        let boundary = try #require(contentType.split(separator: "=").last.map(String.init))
        let body = try #require(request.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains("Content-Disposition: form-data; name=\"title\"\r\n\r\nОтчёт\r\n"))
        #expect(text.contains("name=\"file\"; filename=\"file\""))
        #expect(body.range(of: Data([0x00, 0xFF])) != nil)
        #expect(text.hasSuffix("--\(boundary)--\r\n"))
    }
}

/// A date-time with up to microseconds is written back exactly, in every year a client will meet.
struct DateTimePrecisionTests {
    @Test func microsecondsSurviveFrom1900To2099() throws {
        // A fixed linear congruential sequence: the same 20,000 date-times every run.
        var state: UInt64 = 34
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        func pad(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let micros = next(1...999_999)
            let text = "\(pad(next(1900...2099), 4))-\(pad(next(1...12), 2))-\(pad(next(1...28), 2))T"
                + "\(pad(next(0...23), 2)):\(pad(next(0...59), 2)):\(pad(next(0...59), 2)).\(pad(micros, 6))Z"
            let expected = micros % 1000 == 0 ? String(text.dropLast(4)) + "Z" : text
            let date = try #require(ISO8601.date(from: text))
            let written = ISO8601.string(from: date)
            if written != expected { mismatches.append("\(text) → \(written)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
}
