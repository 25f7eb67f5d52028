import Foundation
import Testing
@_spi(Generated) @testable import RaspRuntime

/// Form and multipart request bodies: each property written as its `encoding` entry says, files as files, and the
/// defaults when there is no entry.
struct BodyEncodingTests {
    // MARK: Helpers

    /// The form body `value` encodes to, checking its content type.
    static func form(_ value: some Encodable, _ encoding: [String: BodyPartEncoding] = [:]) throws -> String {
        var request = ClientRequest(method: "POST", path: "/", operationID: "op")
        try request.setFormBody(value, encoding: encoding)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        return String(decoding: try #require(request.body), as: UTF8.self)
    }

    /// The form body's pairs with the percent-encoding undone, for readable expectations.
    static func pairs(_ value: some Encodable, _ encoding: [String: BodyPartEncoding] = [:]) throws -> [String] {
        try form(value, encoding).split(separator: "&").map { $0.removingPercentEncoding ?? "<invalid>" }
    }

    /// One part of a multipart body: its header lines and its bytes.
    struct Part: Equatable {
        var headers: [String]
        var body: Data

        init(headers: [String], body: Data) { (self.headers, self.body) = (headers, body) }

        init(_ headers: String..., body: Data) { (self.headers, self.body) = (headers, body) }

        init(_ headers: String..., text: String) { (self.headers, self.body) = (headers, Data(text.utf8)) }
    }

    /// A multipart request for `value`, with its body and boundary.
    static func multipart(_ value: some Encodable, _ encoding: [String: BodyPartEncoding] = [:]) throws
        -> (body: Data, boundary: String) {
        var request = ClientRequest(method: "POST", path: "/", operationID: "op")
        try request.setMultipartBody(value, encoding: encoding)
        let contentType = try #require(request.header("Content-Type"))
        let prefix = "multipart/form-data; boundary="
        try #require(contentType.hasPrefix(prefix))
        return (try #require(request.body), String(contentType.dropFirst(prefix.count)))
    }

    /// The parts of a multipart body, split at the boundary taken from the Content-Type header.
    static func parts(_ value: some Encodable, _ encoding: [String: BodyPartEncoding] = [:]) throws -> [Part] {
        let (body, boundary) = try multipart(value, encoding)
        let segments = split(Array(body), by: Array("--\(boundary)".utf8))
        // Nothing before the first boundary, and the closing `--` after the last one.
        try #require(segments.count >= 2 && segments[0].isEmpty && segments.last == Array("--\r\n".utf8))
        return try segments.dropFirst().dropLast().map { segment in
            // Each part sits between the CRLF that ends a boundary line and the CRLF before the next boundary.
            try #require(segment.starts(with: [13, 10]) && segment.suffix(2) == [13, 10])
            let inner = Array(segment.dropFirst(2).dropLast(2))
            let halves = split(inner, by: Array("\r\n\r\n".utf8), limit: 1)
            try #require(halves.count == 2)
            let headers = String(decoding: halves[0], as: UTF8.self).components(separatedBy: "\r\n")
            return Part(headers: headers, body: Data(halves[1]))
        }
    }

    /// `bytes` cut at each occurrence of `separator` (at most `limit` times).
    static func split(_ bytes: [UInt8], by separator: [UInt8], limit: Int = .max) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var (start, index) = (0, 0)
        while index + separator.count <= bytes.count, pieces.count < limit {
            if bytes[index..<index + separator.count].elementsEqual(separator) {
                pieces.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        return pieces + [Array(bytes[start...])]
    }

    // MARK: Form bodies

    struct Scalars: Encodable {
        var name = "Ann Lee & Co"
        var count = 2
        var ok = true
        var note: String?
        var ratio = 0.5
        var bytes = Data([0x00, 0xFF])
        var file = BinaryFile(Data([0x00, 0xFF]), filename: "a.bin")
    }

    @Test func formScalarsInEncodingOrderPercentEncoded() throws {
        #expect(try Self.form(Scalars())
            == "name=Ann%20Lee%20%26%20Co&count=2&ok=true&ratio=0.5&bytes=AP8%3D&file=AP8%3D")
    }

    struct Lists: Encodable {
        var tags = ["a", "b"]
        var ids = [1, 2]
        var empty: [String] = []
    }

    @Test func formArraysRepeatTheirKeyByDefault() throws {
        #expect(try Self.form(Lists()) == "tags=a&tags=b&ids=1&ids=2")
    }

    struct RGB: Encodable { var R = 100, G = 200 }

    struct Styled: Encodable {
        var plain = ["x", "y"]
        var spaced = ["x", "y"]
        var piped = ["x", "y"]
        var deep = ["x", "y"]
        var repeated = ["x", "y"]
        var explodedSpaces = ["x", "y"]
        var color = RGB()
    }

    @Test func formStylesFromTheEncoding() throws {
        let encoding: [String: BodyPartEncoding] = [
            "plain": .init(style: .form, explode: false), "spaced": .init(style: .spaceDelimited),
            "piped": .init(style: .pipeDelimited), "deep": .init(style: .deepObject),
            "repeated": .init(style: .form), "explodedSpaces": .init(style: .spaceDelimited, explode: true),
            "color": .init(explode: false),
        ]
        #expect(try Self.form(Styled(), encoding) == "plain=x%2Cy&spaced=x%20y&piped=x%7Cy&deep%5B0%5D=x&deep%5B1%5D=y"
            + "&repeated=x&repeated=y&explodedSpaces=x&explodedSpaces=y&color=R%2C100%2CG%2C200")
    }

    @Test func formRejectsPathStylesAndBodiesThatAreNotObjects() throws {
        #expect(throws: ClientError.self) { try Self.form(Lists(), ["tags": .init(style: .matrix)]) }
        #expect(throws: ClientError.self) { try Self.form(["a", "b"]) }
        #expect(throws: ClientError.self) { try Self.form("text") }
    }

    struct Card: Encodable {
        var number = "4242"
        var exp = Expiry()
        struct Expiry: Encodable { var month = 12, year = 2030 }
    }

    struct Payment: Encodable {
        var card = Card()
        var items = [Item(price: "p_1", quantity: 2), Item(price: "p_2", quantity: nil)]
        var meta = ["b": "2", "a": "1"]
        var label = "x"
        struct Item: Encodable { var price: String; var quantity: Int? }
    }

    @Test func formNestedValuesWithoutAnEncodingUseBrackets() throws {
        #expect(try Self.pairs(Payment()) == [
            "card[number]=4242", "card[exp][month]=12", "card[exp][year]=2030",
            "items[0][price]=p_1", "items[0][quantity]=2", "items[1][price]=p_2", "meta[a]=1", "meta[b]=2", "label=x",
        ])
        // An entry that only names a content type says nothing about the style: brackets still.
        #expect(try Self.pairs(Payment(), ["meta": .init(contentType: "text/plain")]).contains("meta[a]=1"))
        #expect(try Self.form(Card()) == "number=4242&exp%5Bmonth%5D=12&exp%5Byear%5D=2030")
    }

    struct Filter: Encodable {
        var tags = ["a", "b"]
        var range = Range()
        var rows = [Row()]
        struct Range: Encodable { var from = 1, to = 2 }
        struct Row: Encodable { var id = 7 }
    }

    struct Search: Encodable { var filter = Filter(), expand = ["customer", "invoice"], q = "z" }

    @Test func formDeepObjectRecursesIntoArraysAndObjects() throws {
        let encoding: [String: BodyPartEncoding] = [
            "filter": .init(style: .deepObject, explode: true), "expand": .init(style: .deepObject, explode: true),
        ]
        #expect(try Self.pairs(Search(), encoding) == [
            "filter[tags][0]=a", "filter[tags][1]=b", "filter[range][from]=1", "filter[range][to]=2",
            "filter[rows][0][id]=7", "expand[0]=customer", "expand[1]=invoice", "q=z",
        ])
    }

    struct Options: Encodable {
        var a = 1
        var list = ["x", "y"]
        var sub = ["k": "v"]
    }

    struct Exploded: Encodable { var color = RGB(), options = Options() }

    @Test func formExplicitFormExplodeSpreadsTheObjectsFields() throws {
        let encoding: [String: BodyPartEncoding] = [
            "color": .init(style: .form, explode: true), "options": .init(style: .form),
        ]
        #expect(try Self.pairs(Exploded(), encoding) == [
            "R=100", "G=200", "a=1", "list=x", "list=y", #"sub={"k":"v"}"#,
        ])
    }

    // MARK: Multipart bodies

    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x00, 0xFF])

    struct Files: Encodable {
        var named = BinaryFile(Data("hello".utf8), filename: "notes.txt", contentType: "text/plain")
        var avatar = BinaryFile(BodyEncodingTests.png)
        var raw = BinaryFile(Data([0x00, 0x01]))
        var own = BinaryFile(Data([0x02]), contentType: "image/gif")
    }

    @Test func multipartFilesTakeNameAndTypeFromTheFileThenTheEncoding() throws {
        let encoding: [String: BodyPartEncoding] = [
            "avatar": .init(contentType: "image/png"), "own": .init(contentType: "image/png"),
        ]
        #expect(try Self.parts(Files(), encoding) == [
            Part(#"Content-Disposition: form-data; name="named"; filename="notes.txt""#, "Content-Type: text/plain",
                 text: "hello"),
            Part(#"Content-Disposition: form-data; name="avatar"; filename="avatar""#, "Content-Type: image/png",
                 body: Self.png),
            Part(#"Content-Disposition: form-data; name="raw"; filename="raw""#,
                 "Content-Type: application/octet-stream", body: Data([0x00, 0x01])),
            Part(#"Content-Disposition: form-data; name="own"; filename="own""#, "Content-Type: image/gif",
                 body: Data([0x02])),
        ])
    }

    struct Small: Encodable {
        var file = BinaryFile(Data([0x00, 0xFF]), filename: "a.bin")
        var title = "Отчёт"
        var skipped: String?
    }

    @Test func multipartBodyBytesAreExact() throws {
        let (body, boundary) = try Self.multipart(Small())
        var expected = Data("--\(boundary)\r\n".utf8)
        expected += Data("Content-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\n".utf8)
        expected += Data("Content-Type: application/octet-stream\r\n\r\n".utf8) + Data([0x00, 0xFF])
        expected += Data("\r\n--\(boundary)\r\n".utf8)
        expected += Data("Content-Disposition: form-data; name=\"title\"\r\n\r\nОтчёт\r\n".utf8)
        expected += Data("--\(boundary)--\r\n".utf8)
        #expect(body == expected)
        #expect(boundary.hasPrefix("rasp-boundary-") && boundary.count > "rasp-boundary-".count)
    }

    struct Mixed: Encodable {
        var bytes = Data([0x00, 0xFF])
        var labels = ["x", "y"]
        var files = [BinaryFile(Data([1]), filename: "1.bin"), BinaryFile(Data([2]))]
        var count = 3
        var nothing: Int?
        var note = "# Title"
    }

    @Test func multipartDataIsTextArraysRepeatAndScalarsNameATypeOnlyWhenGiven() throws {
        #expect(try Self.parts(Mixed(), ["note": .init(contentType: "text/markdown")]) == [
            Part(#"Content-Disposition: form-data; name="bytes""#, text: "AP8="),
            Part(#"Content-Disposition: form-data; name="labels""#, text: "x"),
            Part(#"Content-Disposition: form-data; name="labels""#, text: "y"),
            Part(#"Content-Disposition: form-data; name="files"; filename="1.bin""#,
                 "Content-Type: application/octet-stream", body: Data([1])),
            Part(#"Content-Disposition: form-data; name="files"; filename="files""#,
                 "Content-Type: application/octet-stream", body: Data([2])),
            Part(#"Content-Disposition: form-data; name="count""#, text: "3"),
            Part(#"Content-Disposition: form-data; name="note""#, "Content-Type: text/markdown", text: "# Title"),
        ])
    }

    struct Structured: Encodable {
        var options = Options()
        var meta = Options()
        var linkData = Link()
        var expand = ["customer", "invoice"]
        struct Link: Encodable { var create = true, expiresAt = 5 }
        enum CodingKeys: String, CodingKey { case options, meta, linkData = "link_data", expand }
    }

    @Test func multipartObjectsAreJSONUnlessTheEncodingSetsAStyle() throws {
        let encoding: [String: BodyPartEncoding] = [
            "meta": .init(contentType: "application/vnd.rasp+json"),
            "link_data": .init(style: .deepObject, explode: true), "expand": .init(style: .deepObject, explode: true),
        ]
        let json = #"{"a":1,"list":["x","y"],"sub":{"k":"v"}}"#
        #expect(try Self.parts(Structured(), encoding) == [
            Part(#"Content-Disposition: form-data; name="options""#, "Content-Type: application/json", text: json),
            Part(#"Content-Disposition: form-data; name="meta""#, "Content-Type: application/vnd.rasp+json",
                 text: json),
            Part(#"Content-Disposition: form-data; name="link_data[create]""#, text: "true"),
            Part(#"Content-Disposition: form-data; name="link_data[expiresAt]""#, text: "5"),
            Part(#"Content-Disposition: form-data; name="expand[0]""#, text: "customer"),
            Part(#"Content-Disposition: form-data; name="expand[1]""#, text: "invoice"),
        ])
    }

    struct Awkward: Encodable {
        var value = "v"
        var file = BinaryFile(Data([1]), filename: "my \"best\"\r\nfile.txt")
        enum CodingKeys: String, CodingKey { case value = "a\"b\r\nc", file }
    }

    @Test func multipartEscapesQuotesAndLineBreaksInNames() throws {
        #expect(try Self.parts(Awkward()) == [
            Part(#"Content-Disposition: form-data; name="a%22b%0D%0Ac""#, text: "v"),
            Part(#"Content-Disposition: form-data; name="file"; filename="my %22best%22%0D%0Afile.txt""#,
                 "Content-Type: application/octet-stream", body: Data([1])),
        ])
        let broken = BodyPartEncoding(contentType: "text/plain\r\nX: y")
        #expect(throws: ClientError.self) { try Self.parts(Small(), ["title": broken]) }
        #expect(throws: ClientError.self) { try Self.parts([1, 2]) }
    }

    // MARK: BinaryFile

    @Test func binaryFileCodesAsBase64() throws {
        let file = BinaryFile(Data([0x00, 0xFF, 0x10]), filename: "a.bin", contentType: "image/png")
        let json = try JSONCoding.encoder.encode(file)
        #expect(String(decoding: json, as: UTF8.self) == #""AP8Q""#)
        #expect(try JSONCoding.decoder.decode(BinaryFile.self, from: json) == BinaryFile(Data([0x00, 0xFF, 0x10])))
        let notBase64 = Data(#""%%""#.utf8)
        #expect(throws: DecodingError.self) { try JSONCoding.decoder.decode(BinaryFile.self, from: notBase64) }
    }

    @Test func binaryFileIsBase64TextOutsideMultipart() throws {
        var request = ClientRequest(method: "GET", path: "/", operationID: "op")
        try request.addQuery("f", BinaryFile(Data([0x00, 0xFF])), style: .form, explode: true)
        try request.addQuery("d", ["f": BinaryFile(Data([0x01]))], style: .deepObject, explode: true)
        #expect(request.query.map { "\($0.name)=\($0.value)" } == ["f=AP8=", "d[f]=AQ=="])
        #expect(ParameterNode.object([("f", .file(BinaryFile(Data([0x01]))))]).json == #"{"f":"AQ=="}"#)
    }
}
