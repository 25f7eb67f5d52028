import Foundation
import FlyingFox
import FlyingSocks

/// A request the server answers itself with an error status, closing the connection after the answer, as nginx
/// does: 400 for a malformed request, 413/414/431 past a ``MockServer/Limits`` limit, 501 and 505 for what it does
/// not implement.
struct Refusal: Error, Equatable {
    /// The status code.
    var status: Int
    /// Why, in a sentence (the `error.text` of the answer).
    var reason: String

    init(_ status: Int, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    /// The whole answer as sent: status line, headers, and a body in the API's error shape
    /// (`{"error": {"text": …, "http_code": …}}`, what the document declares for any other status), so that a
    /// client decodes it like every other error.
    var answer: Data {
        let text = reason.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let body = "{\"error\":{\"text\":\"\(text)\",\"http_code\":\(status),\"error_code\":\"mock\"}}"
        let head = "HTTP/1.1 \(status) \(Self.phrases[status] ?? "Error")\r\n"
            + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Content-Type: application/json; charset=utf-8\r\n\r\n"
        return Data((head + body).utf8)
    }

    /// Reason phrases of RFC 9110.
    private static let phrases = [
        400: "Bad Request", 413: "Content Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large",
        501: "Not Implemented", 505: "HTTP Version Not Supported",
    ]
}

/// A request line and its header fields, read in one pass over their bytes within the ``MockServer/Limits``.
struct RequestHead {
    var method: String
    /// The request target as sent (`/v3.0/search/?from=c213`).
    var target: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String
    var headers = HTTPHeaders()

    /// Whether the connection stays open after this request (RFC 9112 §9.3: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`).
    var keepAlive: Bool {
        let tokens = Self.tokens(headers.values(for: .connection))
        return version == "HTTP/1.1" ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    /// Whether the client waits for `100 Continue` before sending its body.
    var expectsContinue: Bool {
        version == "HTTP/1.1" && Self.tokens(headers.values(for: HTTPHeader("Expect"))).contains("100-continue")
    }

    /// The request handed to the handler, the target split into path and query as FlyingFox does.
    func request(body: HTTPBodySequence) -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? String(parts[1]) : ""
        return HTTPRequest(method: HTTPMethod(method), version: HTTPVersion(version),
                           target: HTTPRequest.Target(path: String(parts[0]), query: query),
                           headers: headers, body: body)
    }

    /// The comma-separated tokens of header values, trimmed and lowercased.
    static func tokens(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
    }
}

extension RequestHead {
    /// Reads the next request head from a connection.
    ///
    /// Each byte is looked at once, and no more is read than the limits allow (plus one read's worth), so a
    /// request line or header past its limit is refused as soon as its first bytes over the limit arrive.
    /// - Returns: The head, or nil when the client closed the connection (or the server stops) between requests.
    /// - Throws: ``Refusal`` for a head to answer with an error; `SocketError.disconnected` when the client
    ///   left in the middle of it.
    static func read(from stream: SocketStream, limits: MockServer.Limits) async throws -> RequestHead? {
        if stream.available == 0 {
            guard stream.enter(.idle), try await stream.fill() else { return nil }
        }
        stream.enter(.head)
        var line: ArraySlice<UInt8>
        repeat {
            // Empty lines before a request line are ignored (RFC 9112 §2.2).
            line = try await readLine(from: stream, maxLength: limits.maxRequestLineBytes, refusal: Refusal(
                414, "The request line is longer than \(limits.maxRequestLineBytes) bytes."))
        } while line.isEmpty
        var head = try parseRequestLine(line)
        var headerBytes = 0, headerCount = 0
        while true {
            let room = max(0, min(limits.maxHeaderLineBytes, limits.maxHeaderBytes - headerBytes))
            let refusal = room < limits.maxHeaderLineBytes
                ? Refusal(431, "The header fields are larger than \(limits.maxHeaderBytes) bytes together.")
                : Refusal(431, "A header field is longer than \(limits.maxHeaderLineBytes) bytes.")
            line = try await readLine(from: stream, maxLength: room, refusal: refusal)
            if line.isEmpty { return head }
            headerBytes += line.count + 2
            headerCount += 1
            guard headerCount <= limits.maxHeaderCount else {
                throw Refusal(431, "The request has more than \(limits.maxHeaderCount) header fields.")
            }
            let (name, value) = try parseHeaderLine(line)
            head.headers.addValue(value, for: HTTPHeader(name))
        }
    }

    /// A line of the head, a line over `maxLength` refused with `refusal`.
    private static func readLine(from stream: SocketStream, maxLength: Int,
                                 refusal: Refusal) async throws -> ArraySlice<UInt8> {
        do {
            return try await stream.readLine(maxLength: maxLength)
        } catch SocketStream.LineError.tooLong {
            throw refusal
        } catch SocketStream.LineError.truncated {
            throw SocketError.disconnected
        }
    }

    /// `METHOD SP request-target SP HTTP-version` (RFC 9112 §3).
    static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(Refusal) -> RequestHead {
        let space = UInt8(ascii: " ")
        guard let first = line.firstIndex(of: space), let last = line.lastIndex(of: space), first < last else {
            throw Refusal(400, "The request line is not METHOD TARGET VERSION.")
        }
        let method = line[..<first], target = line[(first + 1)..<last], version = line[(last + 1)...]
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else {
            throw Refusal(400, "The request method is not a token.")
        }
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            throw Refusal(400, "The request target is empty or has spaces or control characters.")
        }
        let versionText = String(decoding: version, as: UTF8.self)
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else {
            let digits = Array(version.dropFirst(5))
            if version.starts(with: Array("HTTP/".utf8)), digits.count == 3, digits[1] == UInt8(ascii: "."),
               digits[0].isDigit, digits[2].isDigit {
                throw Refusal(505, "Only HTTP/1.0 and HTTP/1.1 are served.")
            }
            throw Refusal(400, "The HTTP version is malformed.")
        }
        return RequestHead(method: String(decoding: method, as: UTF8.self),
                           target: String(decoding: target, as: UTF8.self), version: versionText)
    }

    /// `field-name ":" OWS field-value OWS` (RFC 9112 §5).
    static func parseHeaderLine(_ line: ArraySlice<UInt8>) throws(Refusal) -> (name: String, value: String) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw Refusal(400, "Obsolete line folding is not accepted.")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
              line[..<colon].allSatisfy(isTokenByte) else {
            throw Refusal(400, "A header field name is empty or not a token.")
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte.isBlank { value = value.dropFirst() }
        while let byte = value.last, byte.isBlank { value = value.dropLast() }
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == UInt8(ascii: "\t") }) else {
            throw Refusal(400, "A header field value has control characters.")
        }
        return (String(decoding: line[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// `tchar` of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            tokenSymbols.contains(byte)
        }
    }

    private static let tokenSymbols = Array("!#$%&'*+-.^_`|~".utf8)
}

private extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}
