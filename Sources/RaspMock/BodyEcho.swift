import Foundation
import Hummingbird
import NIOCore
import NIOFoundationCompat
import RaspRuntime

/// The `/_echo/` route of ``MockServer``: any method on a path under `/_echo/` answers 200 with a JSON object
/// describing the request as the server parsed it, so tests can check what a client really sends.
///
/// ```json
/// {"body": "<raw body, base64>", "contentType": "multipart/form-data; boundary=x" | null,
///  "fields": [{"base64": "…", "contentType": "text/plain" | null, "filename": "a.txt" | null,
///              "name": "file", "value": "<UTF-8 text>" | null}],
///  "method": "POST", "path": "/_echo/form", "query": [{"name": "a", "value": "1"}]}
/// ```
/// - `application/x-www-form-urlencoded`: a field per `name=value` pair, in order, percent-decoded with `+` as space.
/// - `multipart/form-data`: a field per part, in order; a malformed body answers 400 with `{"error": "…"}`.
/// - Anything else: no fields; `body` carries the bytes.
///
/// The route is checked before fault modes and the demo handler, and is not counted. Bodies are bounded (``limit``,
/// below the server's ``MockServer/Limits/maxBodyBytes``); a larger body is not read further and answers 413 with
/// `Connection: close`.
enum BodyEcho {
    /// Paths with this prefix (a slash added to a path without one: `/_echo` too) are echoed.
    static let prefix = "/_echo/"
    /// The largest body echoed (2 MiB): the most the route keeps of a request body in memory.
    static let limit = 2_097_152

    /// Reads the body (up to ``limit``) and answers with its description.
    /// - Throws: What reading the body threw (the connection answers a refused body itself).
    static func respond(to request: Request) async throws -> Response {
        guard let body = try await read(request) else {
            var response = error(.contentTooLarge, "the body is larger than \(limit) bytes")
            response.headers[.connection] = "close"
            return response
        }
        let contentType = request.headers[.contentType]
        let target = request.uri
        do {
            let echo = Echo(method: request.method.rawValue, path: target.path.removingPercentEncoding ?? target.path,
                            query: ServerRequest.formItems(target.query ?? "").map { Echo.Item(name: $0, value: $1) },
                            contentType: contentType, fields: try fields(of: body, contentType: contentType),
                            body: body)
            return json(.ok, echo)
        } catch {
            return self.error(.badRequest, error.message)
        }
    }

    /// The fields of a body: form pairs, multipart parts, or none for any other media type.
    static func fields(of body: Data, contentType: String?) throws(MalformedBody) -> [Field] {
        let type = Array((contentType ?? "").utf8)
        let mediaType = String(decoding: type.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
            .trimmingCharacters(in: .whitespaces).lowercased()
        switch mediaType {
        case "application/x-www-form-urlencoded":
            return FormBody.fields(Array(body))
        case "multipart/form-data":
            let boundary = HeaderParameters(type)["boundary"] ?? ""
            guard !boundary.isEmpty else { throw MalformedBody("multipart/form-data without a boundary parameter") }
            return try MultipartBody(boundary: boundary).fields(Array(body))
        default:
            return []
        }
    }

    /// The body's bytes, or nil when there are more than ``limit`` (then the rest is not read).
    private static func read(_ request: Request) async throws -> Data? {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return nil }
        var data = Data()
        for try await chunk in request.body {
            data.append(contentsOf: chunk.readableBytesView)
            if data.count > limit { return nil }
        }
        return data
    }

    /// A JSON answer with sorted keys (the `/_echo/` and `/_sink/` routes answer this way).
    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers, arrays and optionals only: encoding cannot fail.
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(data: body)))
    }

    private static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(status, ["error": message])
    }
}

/// Why a body could not be parsed (the `error` of a 400 answer).
struct MalformedBody: Error, Equatable {
    /// What is wrong, for the answer.
    var message: String

    init(_ message: String) { self.message = message }
}

/// What the echo route answers.
struct Echo: Encodable {
    /// A query item.
    struct Item: Encodable {
        var name: String
        var value: String
    }

    var method: String
    var path: String
    var query: [Item]
    var contentType: String?
    var fields: [Field]
    var body: Data

    private enum CodingKeys: String, CodingKey { case method, path, query, contentType, fields, body }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(query, forKey: .query)
        try container.encode(contentType, forKey: .contentType)  // null when absent, not left out
        try container.encode(fields, forKey: .fields)
        try container.encode(body.base64EncodedString(), forKey: .body)
    }
}

/// One form pair or multipart part.
struct Field: Encodable, Equatable {
    var name: String
    /// The decoded value or part content.
    var bytes: [UInt8]
    var filename: String?
    var contentType: String?

    private enum CodingKeys: String, CodingKey { case name, value, base64, filename, contentType }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(String(validating: bytes, as: UTF8.self), forKey: .value)
        try container.encode(Data(bytes).base64EncodedString(), forKey: .base64)
        try container.encode(filename, forKey: .filename)
        try container.encode(contentType, forKey: .contentType)
    }
}

extension Field {
    /// A form pair: no file name, no content type.
    init(name: String, bytes: [UInt8]) {
        self.init(name: name, bytes: bytes, filename: nil, contentType: nil)
    }
}

/// `application/x-www-form-urlencoded` pairs.
enum FormBody {
    /// A field per `name=value` pair (a pair without `=` has an empty value; empty pairs are skipped).
    static func fields(_ body: [UInt8]) -> [Field] {
        body.split(separator: UInt8(ascii: "&")).map { pair in
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let value = equals < pair.endIndex ? pair[(equals + 1)...] : []
            return Field(name: String(decoding: decode(pair[..<equals]), as: UTF8.self), bytes: decode(value))
        }
    }

    /// `+` as space and `%XX` as that byte; a `%` without two hex digits stays as it is.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return decoded
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
