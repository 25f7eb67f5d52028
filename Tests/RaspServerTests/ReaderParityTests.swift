import Foundation
import Testing
import RaspAPI
import RaspDemo
import RaspRuntime

/// The generated readers (`JSONCoding.decode`) against the generated `init(from:)` through `JSONDecoder`
/// (`JSONCoding.decoder`), on the demo's search answer made wrong one way at a time: the same kind of error at the
/// same coding path, for every kind of error.
struct ReaderParityTests {
    static let search: JSONValue = {
        let answer = DemoAPI().respond(method: "GET", path: "/v3.0/search/", query: [("from", "c213"), ("to", "c2")],
                                       headers: [:])
        return try! JSONDecoder().decode(JSONValue.self, from: answer.body)  // swiftlint:disable:this force_try
    }()

    /// A step into a JSON value.
    enum Step { case key(String), index(Int) }

    /// `root` with the value at `path` replaced (nil removes the key).
    static func replacing(_ path: ArraySlice<Step>, in root: JSONValue, with value: JSONValue?) -> JSONValue? {
        guard let step = path.first else { return value }
        switch (step, root) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(path.dropFirst(), in: members[key] ?? .null, with: value)
            return .object(members)
        case (.index(let index), .array(var items)):
            items[index] = replacing(path.dropFirst(), in: items[index], with: value) ?? .null
            return .array(items)
        default: return root
        }
    }

    /// An error's kind, coding path (the key of a missing one last) as text.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "keyNotFound \(path(context.codingPath)) \(key.stringValue)"
        case .valueNotFound(_, let context): return "valueNotFound \(path(context.codingPath))"
        case .typeMismatch(_, let context): return "typeMismatch \(path(context.codingPath))"
        case .dataCorrupted(let context): return "dataCorrupted \(path(context.codingPath))"
        @unknown default: return "unknown"
        }
    }

    static func bothErrors<T: JSONReadable>(_ type: T.Type, _ data: Data) -> (decoder: String?, reader: String?) {
        let decoder = Result { try JSONCoding.decoder.decode(T.self, from: data) }
        let reader = Result { try JSONCoding.decode(T.self, from: data) }
        func text(_ result: Result<T, any Error>) -> String? {
            if case .failure(let error) = result { return describe(error) }
            return nil
        }
        return (text(decoder), text(reader))
    }

    @Test(arguments: [
        ("missing required key", [Step.key("pagination"), .key("total")], nil, "keyNotFound .pagination total"),
        ("null for a required value", [.key("pagination"), .key("total")], JSONValue.null,
         "valueNotFound .pagination.total"),
        ("string for a number", [.key("pagination"), .key("total")], .string("x"), "typeMismatch .pagination.total"),
        ("object for a string", [.key("search"), .key("from"), .key("title")], .object([:]),
         "typeMismatch .search.from.title"),
        ("number beyond Int", [.key("pagination"), .key("total")], .number(1e30), "dataCorrupted .pagination.total"),
        ("union item matching no variant", [.key("segments"), .index(1)], .object(["x": .number(1)]),
         "dataCorrupted .segments[1]"),
        ("array for an object", [.key("search")], .array([]), "typeMismatch .search"),
    ] as [(String, [Step], JSONValue?, String)])
    func sameErrorAtTheSamePath(name: String, path: [Step], value: JSONValue?, expected: String) throws {
        let broken = try #require(Self.replacing(path[...], in: Self.search, with: value))
        let data = try JSONCoding.encode(broken)
        let (decoder, reader) = Self.bothErrors(SearchResponse.self, data)
        #expect(reader == expected, "\(name)")
        if name == "number beyond Int" {
            // JSONDecoder names no path for a number its type cannot hold; the reader names the value's.
            #expect(decoder == "dataCorrupted ")
        } else {
            #expect(decoder == expected, "\(name)")
        }
    }

    @Test func anItemOfAPlainArrayIsNamedByItsIndex() throws {
        guard case .object(let pagination)? = { if case .object(let m) = Self.search { return m["pagination"] }
                                                 return nil }() else {
            Issue.record("no pagination")
            return
        }
        var incomplete = pagination
        incomplete["limit"] = nil
        let data = try JSONCoding.encode(JSONValue.array([.object(pagination), .object(incomplete)]))
        let (decoder, reader) = Self.bothErrors([Pagination].self, data)
        #expect(decoder == "keyNotFound [1] limit")
        #expect(reader == decoder)
    }

    @Test func textThatIsNotJSONIsDataCorruptedBothWaysAndTheReaderSaysWhere() throws {
        let data = try JSONCoding.encode(Self.search).dropLast(3)
        let (decoder, reader) = Self.bothErrors(SearchResponse.self, Data(data))
        #expect(decoder?.hasPrefix("dataCorrupted") == true)
        #expect(reader?.hasPrefix("dataCorrupted") == true)
        do {
            _ = try JSONCoding.decode(SearchResponse.self, from: Data(data))
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("line 1, column"))
        }
    }

    @Test func theValidAnswerReadsAsTheDecoderReadsIt() throws {
        let data = try JSONCoding.encode(Self.search)
        #expect(try JSONCoding.decode(SearchResponse.self, from: data)
                == JSONCoding.decoder.decode(SearchResponse.self, from: data))
    }
}
