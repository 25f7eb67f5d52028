import Foundation
import Testing
@_spi(Generated) @testable import RaspRuntime

/// OpenAPI parameter serialization: every style and explode setting, and the value kinds the encoder meets.
struct ParameterStyleTests {
    /// The three values of the OpenAPI "Style Examples" table.
    static let string = "blue"
    static let array = ["blue", "black", "brown"]
    struct RGB: Encodable { var R = 100, G = 200, B = 150 }

    /// Properties in non-alphabetical order, renamed, with an optional that stays nil.
    struct Route: Encodable {
        var to = "zeta"
        var from = 1
        var via: String?
        enum CodingKeys: String, CodingKey { case to = "zeta", from = "alpha", via }
    }

    struct Inner: Encodable { var from = "a", to = "b" }
    struct Search: Encodable { var filter = Inner(), tags = ["x", "y"], page = 2 }
    struct Mixed: Encodable { var s = "x", ok = true, n = 1 }

    enum Transport: OpenEnum {
        case train, bus
        case unknown(String)
        static let knownCases: [Self] = [.train, .bus]
        var rawValue: String {
            switch self {
            case .train: "train"
            case .bus: "bus"
            case .unknown(let value): value
            }
        }
    }

    /// Uses every container kind: nested keyed and unkeyed containers, nil items, superEncoder, a replaced key.
    struct Handmade: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ParameterKey.self)
            try container.encode(1, forKey: ParameterKey(stringValue: "b"))
            var nested = container.nestedContainer(keyedBy: ParameterKey.self, forKey: ParameterKey(stringValue: "n"))
            try nested.encode("x", forKey: ParameterKey(stringValue: "y"))
            var list = container.nestedUnkeyedContainer(forKey: ParameterKey(stringValue: "l"))
            try list.encode(true)
            try list.encodeNil()
            var item = list.nestedContainer(keyedBy: ParameterKey.self)
            try item.encode(UInt8(7), forKey: ParameterKey(stringValue: "k"))
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode(1.5)
            try container.encode(2, forKey: ParameterKey(stringValue: "a"))
            var base = container.superEncoder().singleValueContainer()
            try base.encode("base")
            try container.encode(3, forKey: ParameterKey(stringValue: "b"))
        }
    }

    struct Failing: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "nope"))
        }
    }

    var request = ClientRequest(method: "GET", path: "/x", operationID: "op")

    /// The query items a value adds, as `name=value` joined with `&` (not percent-encoded).
    func query(_ name: String, _ value: some Encodable, _ style: ParameterStyle, explode: Bool) throws -> String {
        var request = request
        try request.addQuery(name, value, style: style, explode: explode)
        return request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    func path(_ value: some Encodable, _ style: ParameterStyle, explode: Bool, name: String = "color") throws
        -> String {
        try request.pathParameter(name, value, style: style, explode: explode)
    }

    @Test(arguments: [
        (ParameterStyle.simple, false, "blue", "blue,black,brown", "R,100,G,200,B,150"),
        (.simple, true, "blue", "blue,black,brown", "R=100,G=200,B=150"),
        (.label, false, ".blue", ".blue,black,brown", ".R,100,G,200,B,150"),
        (.label, true, ".blue", ".blue.black.brown", ".R=100.G=200.B=150"),
        (.matrix, false, ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"),
        (.matrix, true, ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"),
    ])
    func pathStyles(_ style: ParameterStyle, _ explode: Bool, _ string: String, _ array: String, _ object: String)
        throws {
        #expect(try path(Self.string, style, explode: explode) == string)
        #expect(try path(Self.array, style, explode: explode) == array)
        #expect(try path(RGB(), style, explode: explode) == object)
    }

    @Test(arguments: [
        (ParameterStyle.form, false, "color=blue,black,brown", "color=R,100,G,200,B,150"),
        (.form, true, "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
        (.spaceDelimited, false, "color=blue black brown", "color=R 100 G 200 B 150"),
        (.spaceDelimited, true, "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
        (.pipeDelimited, false, "color=blue|black|brown", "color=R|100|G|200|B|150"),
        (.pipeDelimited, true, "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
        (.deepObject, true, "color=blue&color=black&color=brown", "color[R]=100&color[G]=200&color[B]=150"),
        (.deepObject, false, "color=blue&color=black&color=brown", "color[R]=100&color[G]=200&color[B]=150"),
    ])
    func queryStyles(_ style: ParameterStyle, _ explode: Bool, _ array: String, _ object: String) throws {
        #expect(try query("color", Self.string, style, explode: explode) == "color=blue")
        #expect(try query("color", Self.array, style, explode: explode) == array)
        #expect(try query("color", RGB(), style, explode: explode) == object)
    }

    @Test func nonExplodedFormIsOneQueryItem() throws {
        var request = request
        try request.addQuery("color", Self.array, style: .form, explode: false)
        #expect(request.query.count == 1)
        #expect(request.query.first?.value == "blue,black,brown")
    }

    @Test func emptyAndNilValues() throws {
        let empty: [String] = []
        #expect(try path(empty, .simple, explode: false) == "")
        #expect(try path(empty, .label, explode: true) == ".")
        #expect(try path([String: Int](), .matrix, explode: true) == ";color")
        #expect(try path("", .matrix, explode: false) == ";color")
        #expect(try query("color", empty, .form, explode: true) == "")
        #expect(try query("color", [String: Int](), .deepObject, explode: true) == "")
        #expect(try query("color", Int?.none, .form, explode: true) == "")
        #expect(try query("color", [1, nil, 3] as [Int?], .form, explode: false) == "color=1,3")
        #expect(try query("color", "", .form, explode: true) == "color=")
        var request = request
        try request.addHeader("X-A", Int?.none, explode: false)
        try request.addHeader("X-B", empty, explode: false)
        try request.addCookie("c", String?.none, explode: true)
        try request.addQuery("j", json: Int?.none)
        #expect(request.headers.isEmpty && request.query.isEmpty)
    }

    @Test func deepObjectRecursesIntoObjectsAndArrays() throws {
        #expect(try query("q", Search(), .deepObject, explode: true)
            == "q[filter][from]=a&q[filter][to]=b&q[tags][0]=x&q[tags][1]=y&q[page]=2")
    }

    @Test func encoderHandlesEveryContainerKind() throws {
        #expect(try query("v", Handmade(), .deepObject, explode: true)
            == "v[b]=3&v[n][y]=x&v[l][0]=true&v[l][2][k]=7&v[l][3][0]=1.5&v[a]=2&v[super]=base")
    }

    @Test func integersStayExactAndFloatsAreShort() throws {
        #expect(try query("n", Int64(9_007_199_254_740_993), .form, explode: true) == "n=9007199254740993")
        #expect(try query("n", Int64.max, .form, explode: true) == "n=9223372036854775807")
        #expect(try query("n", [UInt64.max], .form, explode: true) == "n=18446744073709551615")
        #expect(try query("n", [Int8(-5)], .form, explode: true) == "n=-5")
        #expect(try query("n", [100.0, 2.5, 1e20], .form, explode: false) == "n=100,2.5,1e+20")
        #expect(try query("n", [Float(3), Float(0.1)], .form, explode: false) == "n=3,0.1")
        #expect(try query("n", Decimal(string: "12.345")!, .form, explode: true) == "n=12.345")
        #expect(try query("n", [true, false], .form, explode: false) == "n=true,false")
    }

    @Test func codingKeysOrderIsKeptAndNilFieldsLeftOut() throws {
        #expect(try query("r", Route(), .form, explode: true) == "zeta=zeta&alpha=1")
        #expect(try path(Route(), .simple, explode: false) == "zeta,zeta,alpha,1")
    }

    @Test func dictionariesAreSortedByKey() throws {
        let dictionary = ["z": 1, "a": 2, "m": 3]
        #expect(try query("d", dictionary, .form, explode: true) == "a=2&m=3&z=1")
        #expect(try path(dictionary, .simple, explode: false) == "a,2,m,3,z,1")
    }

    @Test func valuesWithAQueryValue() throws {
        let date = Date(timeIntervalSince1970: 1_709_625_300)
        let day = try #require(LocalDate(year: 2024, month: 3, day: 5))
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try query("d", date, .form, explode: true) == "d=2024-03-05T07:55:00Z")
        #expect(try path(date, .simple, explode: false) == "2024-03-05T07%3A55%3A00Z")
        #expect(try query("d", [day], .form, explode: true) == "d=2024-03-05")
        #expect(try query("u", uuid, .form, explode: true) == "u=e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        #expect(try query("t", [Transport.train, .unknown("tram")], .pipeDelimited, explode: false) == "t=train|tram")
        #expect(try query("b", Data([0, 1, 2, 255]), .form, explode: true) == "b=AAEC/w==")
        #expect(try query("u", URL(string: "https://x.test/a?b=c")!, .form, explode: true) == "u=https://x.test/a?b=c")
        struct Window: Encodable { var from: Date, day: LocalDate, kind: Transport }
        #expect(try query("w", Window(from: date, day: day, kind: .bus), .deepObject, explode: true)
            == "w[from]=2024-03-05T07:55:00Z&w[day]=2024-03-05&w[kind]=bus")
    }

    @Test func jsonValueEncodesNaturally() throws {
        let object = JSONValue.object(["b": .number(2), "a": .string("x"), "c": .bool(true), "n": .null])
        #expect(try query("j", object, .form, explode: true) == "a=x&b=2&c=true")
        #expect(try query("j", JSONValue.array([.number(1), .number(2.5), .string("two")]), .form, explode: false)
            == "j=1,2.5,two")
        #expect(try query("j", JSONValue.null, .form, explode: true) == "")
    }

    @Test func nestedCompositesBecomeJSON() throws {
        // An exploded object's array property repeats its key, as an exploded array does; a nested object is JSON.
        #expect(try query("s", Search(), .form, explode: true)
            == #"filter={"from":"a","to":"b"}&tags=x&tags=y&page=2"#)
        #expect(try query("s", Search(), .form, explode: false)
            == #"s=filter,{"from":"a","to":"b"},tags,["x","y"],page,2"#)
        #expect(try query("m", [Mixed()], .form, explode: true) == #"m={"n":1,"ok":true,"s":"x"}"#)
        #expect(try query("m", [[#"a"b"#], ["c"]], .form, explode: false) == #"m=["a\"b"],["c"]"#)
    }

    @Test func contentParametersAreJSON() throws {
        var request = request
        try request.addQuery("f", json: Inner())
        try request.addHeader("X-F", json: [1, 2])
        try request.addCookie("f", json: Inner())
        #expect(request.query.map(\.value) == [#"{"from":"a","to":"b"}"#])
        #expect(request.header("X-F") == "[1,2]")
        #expect(request.header("Cookie") == "f=%7B%22from%22%3A%22a%22%2C%22to%22%3A%22b%22%7D")
        #expect(try request.pathParameter("f", json: ["a b"]) == "%5B%22a%20b%22%5D")
    }

    @Test func pathPiecesArePercentEncoded() throws {
        #expect(try path("a/b c ü", .simple, explode: false) == "a%2Fb%20c%20%C3%BC")
        #expect(try path(["a/b", "ü"], .label, explode: true) == ".a%2Fb.%C3%BC")
        #expect(try path(["a b": "c,d"], .matrix, explode: true) == ";a%20b=c%2Cd")
        #expect(try path("x", .matrix, explode: false, name: "a b") == ";a%20b=x")
    }

    @Test func headersAreSimpleAndRaw() throws {
        var request = request
        try request.addHeader("X-Colors", Self.array, explode: false)
        try request.addHeader("X-RGB", RGB(), explode: true)
        try request.addHeader("X-Text", "a b/ü", explode: false)
        #expect(request.headers.map(\.value) == ["blue,black,brown", "R=100,G=200,B=150", "a b/ü"])
    }

    @Test(arguments: ["evil\r\nX-Injected: 1", "line\nbreak", "cr\r"])
    func headerLineBreaksAreRejected(_ value: String) throws {
        var request = request
        do {
            try request.addHeader("X-A", value, explode: false)
            Issue.record("no error thrown")
        } catch let error as ClientError where error.kind == .invalidRequest {
            let operationID = error.operationID
            let reason = error.reason ?? ""
            #expect(operationID == "op")
            #expect(reason.contains("X-A"))
        }
        #expect(request.headers.isEmpty)
    }

    @Test func cookiesMergeIntoOneHeader() throws {
        var request = request
        request.setHeader("Cookie", "a=1")
        try request.addCookie("session", "x;y z", explode: true)
        try request.addCookie("ids", [1, 2], explode: true)
        try request.addCookie("color", RGB(), explode: true)
        try request.addCookie("c2", RGB(), explode: false)
        #expect(request.headers.count == 1)
        #expect(request.header("Cookie")
            == "a=1; session=x%3By%20z; ids=1,2; R=100; G=200; B=150; c2=R,100,G,200,B,150")
    }

    @Test func wrongStylesAndUnencodableValuesThrow() {
        #expect(throws: ClientError.self) { try path("x", .form, explode: true) }
        #expect(throws: ClientError.self) { try query("x", "y", .matrix, explode: true) }
        #expect(throws: ClientError.self) { try query("x", Failing(), .form, explode: true) }
    }

    @Test func endToEndURL() throws {
        var request = request
        request.path = "/items/" + (try request.pathParameter("id", "a/b", style: .simple, explode: false))
        try request.addQuery("color", Self.array, style: .form, explode: false)
        try request.addQuery("q", Inner(), style: .deepObject, explode: true)
        try request.addQuery("when", Date(timeIntervalSince1970: 0), style: .form, explode: true)
        try request.addQuery("t", ["a b", "c"], style: .spaceDelimited, explode: false)
        let url = try #require(request.url(relativeTo: URL(string: "https://x.test/api")!))
        #expect(url.absoluteString == "https://x.test/api/items/a%2Fb?color=blue%2Cblack%2Cbrown"
            + "&q%5Bfrom%5D=a&q%5Bto%5D=b&when=1970-01-01T00%3A00%3A00Z&t=a%20b%20c")
    }
}
